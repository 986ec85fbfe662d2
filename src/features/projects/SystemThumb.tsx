import { useEffect, useRef, useState } from 'react';
import type { System } from '../../core/api/contract.ts';
import { loadMedia } from '../../core/media/media.ts';
import { useT } from '../common/useT.ts';

type State = { status: 'waiting' } | { status: 'ready'; src: string } | { status: 'failed' };

/**
 * A camera system's latest still (its first camera's frame), in a box of fixed aspect ratio
 * so nothing moves when it comes. Fetched with the bearer token (never a token in a URL)
 * only once the box is near the screen (IntersectionObserver), shown from an object URL
 * that is revoked when it goes away. A failure shows "No image" in the box, without a
 * toast: the live view is where a camera's trouble is told.
 */
export function SystemThumb({ system }: { system: System }) {
  const t = useT();
  const camera = system.cameras[0];
  const box = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  const [state, setState] = useState<State>({ status: 'waiting' });

  useEffect(() => {
    const el = box.current;
    if (!el || near) return;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: '200px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [near]);

  const url = camera?.media_url;
  useEffect(() => {
    if (!near || !url) return;
    const controller = new AbortController();
    let revoke: (() => void) | undefined;
    loadMedia(url, controller.signal).then(
      (media) => {
        if (controller.signal.aborted) return media.revoke();
        revoke = () => media.revoke();
        setState({ status: 'ready', src: media.url });
      },
      () => {
        if (!controller.signal.aborted) setState({ status: 'failed' });
      },
    );
    return () => {
      controller.abort();
      revoke?.();
    };
  }, [near, url]);

  if (!camera) {
    return (
      <div className="pj-thumb pj-thumb--empty" part="thumbnail">
        <span>{t('projects.site.noCameras')}</span>
      </div>
    );
  }
  return (
    <div ref={box} className={`pj-thumb pj-thumb--${state.status}`} part="thumbnail">
      {state.status === 'ready' ? (
        <img src={state.src} alt={t('projects.site.thumbAlt', { camera: camera.name, system: system.name })} decoding="async" />
      ) : state.status === 'failed' ? (
        <span>{t('projects.site.thumbFailed')}</span>
      ) : (
        <span className="v-visually-hidden">{t('projects.site.thumbLoading', { system: system.name })}</span>
      )}
    </div>
  );
}
