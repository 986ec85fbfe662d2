// The side-by-side floor: a page that uses only the stack's own libraries (React 19,
// react-dom, i18next) to do what an element's first screen does — validate the stored
// token and ask for the same answers in parallel, then render the usable thing the bench
// waits for. Nothing of Vigil's: what an element spends above this page is ours to cut.
// Which first screen: the host's `data-floor` ("evacuation", "inbox" or "live") and
// `data-target` (the project or system).
import i18next from 'i18next';
import { createElement, useEffect, useState, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';

const host = document.querySelector<HTMLElement>('[data-floor]')!;
const kind = host.dataset.floor;
const target = encodeURIComponent(host.dataset.target ?? '');
const token = (JSON.parse(localStorage.getItem('auth.currentUser') ?? 'null') as { token?: string } | null)?.token;
const headers = { Authorization: `Bearer ${token}`, Accept: 'application/json' };
const get = (path: string) => fetch(path, { headers }).then((r) => (r.ok ? r : Promise.reject(new Error(`${path}: ${r.status}`))));
const json = (path: string) => get(path).then((r) => r.json() as Promise<{ data: unknown }>);

type Data = { status?: string; rows?: { uuid: string; title: string }[]; cameras?: { media_url: string }[] };
const answers: Promise<Data> = Promise.all([
  json('/api/v2/user'),
  kind === 'evacuation'
    ? json(`/api/public/v2/projects/${target}/evacuation/status`).then((a) => ({ status: (a.data as { status: string }).status }))
    : kind === 'inbox'
      ? json('/api/v2/incidents?page=1&per_page=50&locale=en').then((a) => ({ rows: a.data as Data['rows'] }))
      : json(`/api/v2/systems/${target}`).then((a) => ({ cameras: (a.data as { cameras: Data['cameras'] }).cameras })),
]).then(([, data]) => data);

const i18n = i18next.createInstance();
const translated = i18n.init({ lng: 'en', resources: { en: { translation: { start: 'Start evacuation', abort: 'Abort evacuation' } } } });

function Camera({ url }: { url: string }): ReactNode {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    void get(url)
      .then((r) => r.blob())
      .then((blob) => setSrc(URL.createObjectURL(blob)));
  }, [url]);
  return src ? createElement('img', { src, alt: '', part: 'camera', 'data-status': 'live', width: 320 }) : null;
}

function FirstScreen(): ReactNode {
  const [data, setData] = useState<Data | null>(null);
  useEffect(() => void answers.then(setData), []);
  if (kind === 'evacuation')
    return createElement('button', { type: 'button', disabled: !data }, i18n.t(data?.status === 'active' ? 'abort' : 'start'));
  if (kind === 'inbox')
    return createElement(
      'ul',
      null,
      data?.rows?.map((r) => createElement('li', { key: r.uuid, 'data-row': '' }, r.title)),
    );
  const camera = data?.cameras?.[0];
  return camera ? createElement(Camera, { url: camera.media_url }) : null;
}

await translated;
createRoot(host).render(createElement(FirstScreen));
