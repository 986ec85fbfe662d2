/**
 * The live channel as users see it, with the event stream (the normal build) and with the
 * fallback that polls (the same pages, the stream answered 404 as by an API without one):
 *
 * 1. a new incident made on the server: how long until its toast and its inbox row show in
 *    3 portal tabs on /inbox and an integrator's page (an inbox and an unread badge), all of
 *    one browser signed in as the manager;
 * 2. an evacuation started or aborted by another user (the manager, through the API): how
 *    long until the bar and the control show it in the viewer's browser (the project page,
 *    the site page and an integrator's page with the control and the bar);
 * 3. the API requests a page with 20 elements makes in a minute of doing nothing;
 * 4. how many event streams 10 tabs of one browser open.
 *
 * Times are taken in the pages (a MutationObserver on the document and every shadow root)
 * and compared with the time taken just before the call that made the change: one clock,
 * one machine, loopback only. Bounded: it stops by itself within 8 minutes.
 */
import { randomUUID } from 'node:crypto';
import type { BrowserContext, Page, Request } from 'playwright-core';
import { PROJECTS, SITES } from '../../demo/server/seed-ids.ts';
import type { Bench } from '../harness.ts';
import { loadPage, waitForCount } from '../harness.ts';
import { TWENTY } from './requests.ts';

const EVENTS = '/api/v2/events';
/** The fallback's periods (src/core/live/config.ts, src/core/evacuation/polling.ts): the defaults, not overridden here. */
const INCIDENT_POLL_MS = 20_000;
const EVACUATION_POLL_MS = 5_000;

const INCIDENTS = { stream: 30, polling: 5 };
const ACTIONS = { stream: 30, polling: 5 };
const IDLE_MS = 60_000;
const TABS = 10;

const TARGET_P95_MS = 1000;
const TARGET_IDLE_PER_MIN = 1;

/** The whole scenario stops by then; each part has its own share below. */
const TOTAL_MS = 7.5 * 60_000;
const BUDGET = { incidents: 90_000, evacuations: 70_000, polling: 170_000, idle: 110_000, streams: 70_000 };
/** Where in the polling period (after the last change showed) the next change is made. */
const SPREAD = [0.5, 0.1, 0.7, 0.3, 0.9];
/** How long one event may take to show everywhere before it counts as missed. */
const EVENT_LIMIT = { stream: 15_000, polling: INCIDENT_POLL_MS * 2 + 5_000 };

const P = PROJECTS.northwind;
const S1 = SITES.antwerpWarehouse;

/** The sites the manager sees incidents of (Northwind and Atlas), and the severities, taken in turn. */
const INCIDENT_SITES = [SITES.antwerpWarehouse, SITES.brusselsOffice, SITES.ghentDistribution, SITES.liegeDataCentre, SITES.newarkDataHall];
const SEVERITIES = ['low', 'medium', 'high', 'critical'] as const;

const html = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title><script type="module" src="/dist/vigil.js"></script></head><body>${body}</body></html>`;

type Mode = 'stream' | 'polling';

/** What a page shows, checked in the page on every DOM change (see `instrument`). */
type Spec =
  | { type: 'row'; title: string }
  | { type: 'bar'; site: string; active: boolean }
  | { type: 'site'; active: boolean }
  | { type: 'project'; site: string; active: boolean };

interface InPage {
  arm(name: string, spec: Spec): boolean;
  at(name: string): number | null;
  toast(suffix: string): number | null;
  /** Closes every toast on screen, as the person watching does once they have read it; returns how many. */
  dismissToasts(): number;
  fetchAfter(path: string, since: number): { start: number; end: number } | null;
}

/**
 * Runs in every page of a measured browser before its own scripts: observes the document
 * and every shadow root as it is attached, and on each change notes when a watched state
 * first holds (and when each toast's link first shows); also keeps the page's API fetches
 * (resource timing) to tell apart learning of a change, loading it and showing it.
 */
function instrument(): void {
  type Watch = { spec: Spec; at: number | null };
  const w = window as unknown as { __liveBench?: InPage };
  if (w.__liveBench) return;
  const roots: (Document | ShadowRoot)[] = [document];
  const watches = new Map<string, Watch>();
  const toasts = new Map<string, number>();
  const fetches: { path: string; start: number; end: number }[] = [];
  const shown = (el: Element) =>
    el.isConnected &&
    el.getClientRects().length > 0 &&
    (typeof el.checkVisibility !== 'function' || el.checkVisibility({ visibilityProperty: true }));
  const all = (selector: string) => roots.flatMap((r) => [...r.querySelectorAll(selector)]);
  const linksTo = (selector: string, site: string) =>
    all(selector).some((a) => (a.getAttribute('href') ?? '').endsWith(`/site/${site}`) && shown(a));
  const holds = (s: Spec): boolean => {
    switch (s.type) {
      case 'row':
        return all('[data-row]').some((el) => (el.textContent ?? '').includes(s.title) && shown(el));
      case 'bar':
        return linksTo('aside.evac-bar a[href]', s.site) === s.active;
      case 'site':
        // In the portal an evacuation under way is the control's compact line (the page-wide
        // bar says it loudly); an element on its own shows its full status card.
        return all(s.active ? '.evac-status--active, section.evac-compact' : '.evac-status--inactive').some(shown);
      case 'project':
        return all('section.evac .evac-status').some(shown) && linksTo('section.evac .evac-sites a[href]', s.site) === s.active;
    }
  };
  const check = () => {
    const now = Date.now();
    for (const a of all('.v-toast a.v-toast-link[href]')) {
      const href = a.getAttribute('href')!;
      if (!toasts.has(href) && shown(a.closest('.v-toast') ?? a)) toasts.set(href, now);
    }
    for (const watch of watches.values()) if (watch.at === null && holds(watch.spec)) watch.at = now;
  };
  const observer = new MutationObserver(check);
  const observe = (root: Node) => observer.observe(root, { subtree: true, childList: true, characterData: true, attributes: true });
  observe(document);
  const attach = Element.prototype.attachShadow;
  Element.prototype.attachShadow = function (this: Element, init: ShadowRootInit) {
    const root = attach.call(this, init);
    roots.push(root);
    observe(root);
    return root;
  };
  setInterval(check, 100); // anything a DOM change does not tell (a style sheet, a resize)
  new PerformanceObserver((list) => {
    for (const e of list.getEntries() as PerformanceResourceTiming[]) {
      const url = new URL(e.name);
      fetches.push({ path: url.pathname, start: performance.timeOrigin + e.startTime, end: performance.timeOrigin + e.responseEnd });
    }
  }).observe({ type: 'resource', buffered: true });
  w.__liveBench = {
    arm(name, spec) {
      const already = holds(spec);
      watches.set(name, { spec, at: null });
      return already;
    },
    at: (name) => watches.get(name)?.at ?? null,
    toast(suffix) {
      for (const [href, at] of toasts) if (href.endsWith(suffix)) return at;
      return null;
    },
    dismissToasts() {
      const open = all('.v-toast .v-toast-close').filter(shown) as HTMLButtonElement[];
      for (const close of open) close.click();
      return open.length;
    },
    fetchAfter: (path, since) => fetches.find((f) => f.path.endsWith(path) && f.start >= since) ?? null,
  };
}

/** A page being measured, and what it should show. */
interface Tab {
  page: Page;
  label: string;
  /** For evacuations: which control the page has. */
  control?: 'site' | 'project';
}

/** The requests of a whole browser (every tab), and which are in flight (the event stream aside: it never ends). */
function recordContext(context: BrowserContext) {
  const list: { at: number; method: string; url: URL; page: Page | null }[] = [];
  const inFlight = new Set<Request>();
  let changed = Date.now();
  context.on('request', (r) => {
    const url = new URL(r.url());
    let page: Page | null = null;
    try {
      page = r.frame().page();
    } catch {
      // a service worker's request has no frame
    }
    list.push({ at: Date.now(), method: r.method(), url, page });
    if (url.pathname === EVENTS) return;
    inFlight.add(r);
    changed = Date.now();
  });
  const done = (r: Request) => {
    if (inFlight.delete(r)) changed = Date.now();
  };
  context.on('requestfinished', done);
  context.on('requestfailed', done);
  return {
    all: () => list,
    streams: () => list.filter((r) => r.url.pathname === EVENTS),
    /** Resolves once nothing (but the stream) was in flight for `quietMs`, or at `until`. */
    async quiet(quietMs: number, until: number): Promise<boolean> {
      while (inFlight.size > 0 || Date.now() - changed < quietMs) {
        if (Date.now() > until) return false;
        await sleep(100);
      }
      return true;
    },
  };
}

/** An API call that counts: not a camera frame, not the event stream. */
const isApiCall = (url: URL) =>
  /^\/(api|auth)\//.test(url.pathname) && !url.pathname.startsWith('/api/v2/media/') && url.pathname !== EVENTS;

/** The seeded projects and sites by uuid, to name them in paths. */
const SEEDED = new Map<string, string>([...Object.entries(PROJECTS), ...Object.entries(SITES)].map(([name, uuid]) => [uuid, name]));

/** How many requests, and how many of each method and path (a seeded project or site named, other uuids left out). */
function byPath(list: { method: string; url: URL }[]): { count: number; byPath: Record<string, number> } {
  const counts: Record<string, number> = {};
  for (const r of list) {
    const key = `${r.method} ${r.url.pathname.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, (uuid) => SEEDED.get(uuid) ?? ':uuid')}`;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return { count: list.length, byPath: counts };
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, Math.max(0, ms)));

/** `promise`, or a failure naming `what` once `until` (ms since the epoch) passed. */
function by<T>(until: number, what: string, promise: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: out of time`)), Math.max(0, until - Date.now()));
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

interface Summary {
  n: number;
  missed: number;
  p50: number;
  p95: number;
  max: number;
}

/** p50/p95/max of `values`; a missed one (null) counts as infinitely late. */
function summary(values: (number | null)[]): Summary {
  const sorted = values.map((v) => v ?? Infinity).sort((a, b) => a - b);
  return {
    n: values.length,
    missed: values.filter((v) => v === null).length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    max: sorted.at(-1) ?? NaN,
  };
}

const ms = (v: number) => (Number.isFinite(v) ? `${Math.round(v)}` : v === Infinity ? 'missed' : '—');
const fmt = (s: Summary | undefined) =>
  !s || s.n === 0 ? 'not measured' : `${ms(s.p50)} / ${ms(s.p95)} / ${ms(s.max)} ms (n=${s.n}${s.missed ? `, ${s.missed} missed` : ''})`;
const met = (ok: boolean | undefined) => (ok === undefined ? 'not measured' : ok ? 'met' : '**not met**');

/** The tabs of this browser that run the live channel: one holds its lock, the others wait for it. */
async function liveTabs(page: Page): Promise<{ held: number; pending: number }> {
  return page.evaluate(async () => {
    const q = await navigator.locks.query();
    const count = (locks: LockInfo[] | undefined) => (locks ?? []).filter((l) => l.name?.startsWith('vigil-live:')).length;
    return { held: count(q.held), pending: count(q.pending) };
  });
}

export async function live(bench: Bench) {
  const started = Date.now();
  const end = started + TOTAL_MS;
  const notes: string[] = [];
  const contexts = new Set<BrowserContext>();

  const call = async <T>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<T> => {
    const res = await fetch(bench.base + path, {
      method,
      headers: { 'Content-Type': 'application/json', ...headers },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return ((await res.json()) as { data: T }).data;
  };
  const openStreams = async () => (await call<{ event_streams: number }>('GET', '/__test/stats')).event_streams;
  const { token } = await call<{ token: string }>('POST', '/api/v2/user/login?locale=en', {
    email: 'manager@vigil.test',
    password: 'vigil-demo',
    device_name: 'bench-live',
  });
  const auth = { Authorization: `Bearer ${token}` };

  /** A browser signed in as `email`, measured in every page; with `polling`, its API has no stream. */
  const browser = async (email: string, mode: Mode) => {
    const context = await bench.context({ as: email });
    contexts.add(context);
    await context.addInitScript(instrument);
    if (mode === 'polling')
      await context.route('**/api/v2/events?*', (r) =>
        r.fulfill({ status: 404, contentType: 'application/json', body: '{"errors":[{"message":"Not found"}]}' }),
      );
    return { context, requests: recordContext(context) };
  };
  const close = async (context: BrowserContext) => {
    contexts.delete(context);
    await context.close().catch(() => {});
  };

  /** Opens `tabs` (each its own page of `context`), then waits until the live channel runs in all of them and the network is quiet. */
  const open = async (
    context: BrowserContext,
    requests: ReturnType<typeof recordContext>,
    mode: Mode,
    tabs: { label: string; url: string; body?: string; ready: (page: Page) => Promise<void>; control?: 'site' | 'project' }[],
    until: number,
  ): Promise<Tab[]> => {
    const opened: Tab[] = [];
    for (const tab of tabs) {
      const page = await context.newPage();
      const url = tab.body === undefined ? tab.url : await bench.htmlPage(page, tab.url, tab.body);
      await by(until, `loading ${tab.label}`, loadPage(page, url, tab.ready));
      opened.push({ page, label: tab.label, ...(tab.control ? { control: tab.control } : {}) });
    }
    // Every tab runs the live channel (one leads, the others queue for the lock), and the
    // leader has its stream (or its 404).
    for (;;) {
      const { held, pending } = await liveTabs(opened[0]!.page);
      const stream = requests.streams().length > 0 && (mode === 'polling' || (await openStreams()) > 0);
      if (held === 1 && held + pending === opened.length && stream) break;
      if (Date.now() > until)
        throw new Error(
          `live channel not running in every tab: ${held} leading, ${pending} waiting, ${requests.streams().length} stream requests`,
        );
      await sleep(200);
    }
    await requests.quiet(1500, Math.min(until, Date.now() + 15_000));
    const hidden = await Promise.all(opened.map((t) => t.page.evaluate(() => document.visibilityState)));
    if (hidden.some((v) => v !== 'visible')) notes.push(`Some tabs were hidden (${hidden.join(', ')}): their timers may be throttled.`);
    return opened;
  };

  /** Which tab holds the stream (or polls): the one that asked for it. */
  const leaderOf = (requests: ReturnType<typeof recordContext>, tabs: Tab[]) => {
    const page = requests.streams().at(-1)?.page;
    return tabs.find((t) => t.page === page)?.label ?? 'unknown';
  };

  /** Waits until `ok` holds in every tab, at most `limit`; true for the tabs where it did. */
  const everywhere = <A>(tabs: Tab[], ok: (arg: A) => boolean, arg: A, limit: number) =>
    Promise.all(
      tabs.map((t) =>
        t.page.waitForFunction(ok as (arg: unknown) => boolean, arg, { polling: 100, timeout: Math.max(1, limit) }).then(
          () => true,
          () => false,
        ),
      ),
    );

  // ---------------------------------------------------------------- 1. a new incident

  type Step = { noticed: number | null; loaded: number | null };
  type IncidentRun = {
    toast: (number | null)[];
    row: (number | null)[];
    steps: Step[];
    hookMs: number[];
    /** Each incident: when it showed in the last tab (null: missed somewhere). */
    perEvent: (number | null)[];
    /** API requests of the whole browser (not media, not the stream) while the incidents were made and shown. */
    apiRequests: { count: number; byPath: Record<string, number>; byTab: Record<string, Record<string, number>> } | undefined;
    leader: string;
    byTab: Record<string, (number | null)[]>;
  };
  const incidentTabs = (mode: Mode) => [
    ...[1, 2, 3].map((n) => ({
      label: `portal tab ${n}`,
      url: '/inbox',
      ready: (page: Page) => page.locator('vigil-portal').locator('[data-row]').first().waitFor({ state: 'visible' }),
    })),
    {
      label: 'integrator page',
      url: `/bench/live-inbox-${mode}.html`,
      body: html(
        'Inbox',
        '<header><vigil-unread-badge></vigil-unread-badge></header><main><vigil-inbox view="incidents"></vigil-inbox></main>',
      ),
      ready: (page: Page) => page.locator('vigil-inbox').locator('[data-row]').first().waitFor({ state: 'visible' }),
    },
  ];

  const newIncidentRun = (leader: string): IncidentRun => ({
    toast: [],
    row: [],
    steps: [],
    hookMs: [],
    perEvent: [],
    apiRequests: undefined,
    leader,
    byTab: {},
  });
  /** Makes `count` incidents one after another, each once the last showed everywhere; fills `run`. */
  const incidents = async (mode: Mode, tabs: Tab[], count: number, until: number, run: IncidentRun): Promise<void> => {
    for (let i = 0; i < count; i++) {
      // Polling, the leader polls every 20 s and the last incident showed just after a poll:
      // made at spread moments of the period, the incidents see waits from 0 to 20 s, as
      // incidents happening at any time would.
      const pause = mode === 'polling' && i > 0 ? INCIDENT_POLL_MS * SPREAD[i % SPREAD.length]! : 0;
      if (Date.now() + pause + (mode === 'stream' ? 5_000 : INCIDENT_POLL_MS) > until) {
        notes.push(`Incidents (${mode}): out of time after ${i} of ${count}.`);
        break;
      }
      await sleep(pause);
      const title = `Bench live ${mode} ${i + 1} ${randomUUID().slice(0, 8)}`;
      const name = `row-${i}`;
      for (const t of tabs)
        if (
          await t.page.evaluate(
            ({ name, title }) => (window as unknown as { __liveBench: InPage }).__liveBench.arm(name, { type: 'row', title }),
            { name, title },
          )
        )
          throw new Error('a row shows before its incident was made');
      const t0 = Date.now();
      const made = await call<{ uuid: string }>('POST', '/__test/incident', {
        site: INCIDENT_SITES[i % INCIDENT_SITES.length],
        severity: SEVERITIES[i % SEVERITIES.length],
        title,
      });
      run.hookMs.push(Date.now() - t0);
      const suffix = `/incident/${made.uuid}`;
      let last: number | null = 0;
      await everywhere(
        tabs,
        ({ name, suffix }) => {
          const b = (window as unknown as { __liveBench: InPage }).__liveBench;
          return b.at(name) !== null && b.toast(suffix) !== null;
        },
        { name, suffix },
        Math.min(EVENT_LIMIT[mode], until - Date.now()),
      );
      for (const t of tabs) {
        const seen = await t.page.evaluate(
          ({ name, suffix, t0 }) => {
            const b = (window as unknown as { __liveBench: InPage }).__liveBench;
            return { row: b.at(name), toast: b.toast(suffix), fetch: b.fetchAfter('/api/v2/incidents', t0) };
          },
          { name, suffix, t0 },
        );
        const row = seen.row === null ? null : seen.row - t0;
        const toast = seen.toast === null ? null : seen.toast - t0;
        run.row.push(row);
        run.toast.push(toast);
        const both = row === null || toast === null ? null : Math.max(row, toast);
        (run.byTab[t.label] ??= []).push(both);
        last = last === null || both === null ? null : Math.max(last, both);
        run.steps.push({ noticed: seen.fetch ? seen.fetch.start - t0 : null, loaded: seen.fetch ? seen.fetch.end - t0 : null });
      }
      run.perEvent.push(last);
      // Critical and high incidents raise alarms that stay until dismissed, and beyond four
      // toasts the next incidents come as one summary without their own link: read and
      // closed after each incident, as the control room does, every incident gets its toast.
      for (const t of tabs) await t.page.evaluate(() => (window as unknown as { __liveBench: InPage }).__liveBench.dismissToasts());
    }
  };

  // ---------------------------------------------------------------- 2. an evacuation by another user

  type EvacuationRun = {
    bar: (number | null)[];
    control: (number | null)[];
    steps: Step[];
    /** Each action: when it showed in the last tab (null: missed somewhere). */
    perEvent: (number | null)[];
    /** API requests of the whole browser (not media, not the stream) while the actions were made and shown. */
    apiRequests: { count: number; byPath: Record<string, number>; byTab: Record<string, Record<string, number>> } | undefined;
    leader: string;
    byTab: Record<string, (number | null)[]>;
  };
  const evacuationTabs = (mode: Mode) => [
    {
      label: 'project page',
      url: `/project/${P}`,
      control: 'project' as const,
      ready: (page: Page) => page.locator('vigil-portal').locator('section.evac .evac-status').first().waitFor({ state: 'visible' }),
    },
    {
      label: 'site page',
      url: `/site/${S1}`,
      control: 'site' as const,
      ready: (page: Page) => page.locator('vigil-portal').locator('section.evac .evac-status').first().waitFor({ state: 'visible' }),
    },
    {
      label: 'integrator page',
      url: `/bench/live-evacuation-${mode}.html`,
      control: 'site' as const,
      body: html(
        'Evacuation',
        `<vigil-evacuation-bar></vigil-evacuation-bar><main><vigil-evacuation site="${S1}"></vigil-evacuation></main>`,
      ),
      ready: (page: Page) => page.locator('vigil-evacuation').locator('section.evac .evac-status').first().waitFor({ state: 'visible' }),
    },
  ];
  const siteStatus = () => call<{ status: string }>('GET', `/api/public/v2/sites/${S1}/evacuation/status`, undefined, auth);
  const act = (action: 'start' | 'abort') =>
    call<{ status: string }>('POST', `/api/public/v1/sites/${S1}/evacuation/${action}`, {}, { ...auth, 'Idempotency-Key': randomUUID() });

  const newEvacuationRun = (leader: string): EvacuationRun => ({
    bar: [],
    control: [],
    steps: [],
    perEvent: [],
    apiRequests: undefined,
    leader,
    byTab: {},
  });
  /** Starts and aborts Antwerp's evacuation in turn, `count` times, each once the last showed everywhere; fills `run`. */
  const evacuations = async (mode: Mode, tabs: Tab[], count: number, until: number, run: EvacuationRun): Promise<void> => {
    for (let i = 0; i < count; i++) {
      const pause = mode === 'polling' && i > 0 ? EVACUATION_POLL_MS * SPREAD[i % SPREAD.length]! : 0;
      if (Date.now() + pause + (mode === 'stream' ? 5_000 : EVACUATION_POLL_MS * 2) > until) {
        notes.push(`Evacuations (${mode}): out of time after ${i} of ${count}.`);
        break;
      }
      await sleep(pause);
      const active = i % 2 === 0;
      const names = { bar: `bar-${i}`, control: `control-${i}` };
      for (const t of tabs) {
        const already = await t.page.evaluate(
          ({ names, active, site, control }) => {
            const b = (window as unknown as { __liveBench: InPage }).__liveBench;
            const bar = b.arm(names.bar, { type: 'bar', site, active });
            const shown = b.arm(names.control, control === 'project' ? { type: 'project', site, active } : { type: 'site', active });
            return bar || shown;
          },
          { names, active, site: S1, control: t.control! },
        );
        if (already) throw new Error(`${t.label} shows the evacuation ${active ? 'started' : 'aborted'} before it was`);
      }
      const t0 = Date.now();
      const answer = await act(active ? 'start' : 'abort');
      if (answer.status !== (active ? 'active' : 'inactive'))
        throw new Error(`the ${active ? 'start' : 'abort'} answered ${answer.status}`);
      let last: number | null = 0;
      await everywhere(
        tabs,
        (n) => {
          const b = (window as unknown as { __liveBench: InPage }).__liveBench;
          return b.at(n.bar) !== null && b.at(n.control) !== null;
        },
        names,
        Math.min(mode === 'stream' ? EVENT_LIMIT.stream : EVACUATION_POLL_MS * 3, until - Date.now()),
      );
      for (const t of tabs) {
        const seen = await t.page.evaluate(
          ({ names, t0 }) => {
            const b = (window as unknown as { __liveBench: InPage }).__liveBench;
            return { bar: b.at(names.bar), control: b.at(names.control), fetch: b.fetchAfter('/evacuation/status', t0) };
          },
          { names, t0 },
        );
        const bar = seen.bar === null ? null : seen.bar - t0;
        const control = seen.control === null ? null : seen.control - t0;
        run.bar.push(bar);
        run.control.push(control);
        const both = bar === null || control === null ? null : Math.max(bar, control);
        (run.byTab[t.label] ??= []).push(both);
        last = last === null || both === null ? null : Math.max(last, both);
        run.steps.push({ noticed: seen.fetch ? seen.fetch.start - t0 : null, loaded: seen.fetch ? seen.fetch.end - t0 : null });
      }
      run.perEvent.push(last);
    }
  };
  /** Leaves the site as it was found: not evacuating. */
  const settleSite = async () => {
    if ((await siteStatus()).status === 'active') await act('abort');
  };

  const results: {
    incidents: Partial<Record<Mode, IncidentRun>>;
    evacuations: Partial<Record<Mode, EvacuationRun>>;
    idle: Partial<
      Record<Mode, { requests: number; perMinute: number; windowMs: number; byPath: Record<string, number>; streamRequests: number }>
    >;
    streams?: { tabs: number; requests: number; serverStreams: number; leading: number; waiting: number };
  } = { incidents: {}, evacuations: {}, idle: {} };

  /** The API calls a browser made since its `mark`th request, once the last of them ended. */
  const apiSince = async (requests: ReturnType<typeof recordContext>, mark: number, until: number, tabs: Tab[]) => {
    await requests.quiet(1000, Math.min(until, Date.now() + 5_000));
    const api = requests
      .all()
      .slice(mark)
      .filter((r) => isApiCall(r.url));
    const byTab = Object.fromEntries(tabs.map((t) => [t.label, byPath(api.filter((r) => r.page === t.page)).byPath]));
    return { ...byPath(api), byTab };
  };

  /** One part of the scenario: skipped when less than `needs` ms are left; a failure is noted, and the next part runs. */
  const part = async (what: string, needs: number, run: () => Promise<void>) => {
    if (Date.now() + needs > end) {
      notes.push(`${what}: not measured (out of time).`);
      return;
    }
    try {
      await run();
    } catch (e) {
      notes.push(`${what}: failed: ${String(e).split('\n')[0]}`);
      console.warn(`bench: live: ${what} failed: ${String(e)}`);
    }
  };

  try {
    await settleSite();

    await part('New incident, with the stream', 0, async () => {
      const until = Math.min(end, Date.now() + BUDGET.incidents);
      const { context, requests } = await browser('manager@vigil.test', 'stream');
      try {
        const tabs = await open(context, requests, 'stream', incidentTabs('stream'), until);
        const run = (results.incidents.stream = newIncidentRun(leaderOf(requests, tabs)));
        const mark = requests.all().length;
        await incidents('stream', tabs, INCIDENTS.stream, until, run);
        run.apiRequests = await apiSince(requests, mark, until, tabs);
        if (requests.streams().length !== 1)
          notes.push(`Incidents (stream): ${requests.streams().length} stream requests from the 4 pages, not 1.`);
      } finally {
        await close(context);
      }
    });

    await part('Evacuation, with the stream', 20_000, async () => {
      const until = Math.min(end, Date.now() + BUDGET.evacuations);
      const { context, requests } = await browser('viewer@vigil.test', 'stream');
      try {
        const tabs = await open(context, requests, 'stream', evacuationTabs('stream'), until);
        const run = (results.evacuations.stream = newEvacuationRun(leaderOf(requests, tabs)));
        const mark = requests.all().length;
        await evacuations('stream', tabs, ACTIONS.stream, until, run);
        run.apiRequests = await apiSince(requests, mark, until, tabs);
        if (requests.streams().length !== 1)
          notes.push(`Evacuations (stream): ${requests.streams().length} stream requests from the 3 pages, not 1.`);
      } finally {
        await close(context);
        await settleSite();
      }
    });

    // Both polling at once: their waits are the polling periods, not the machine.
    await part('New incident and evacuation, polling', 60_000, async () => {
      const until = Math.min(end, Date.now() + BUDGET.polling);
      const manager = await browser('manager@vigil.test', 'polling');
      const viewer = await browser('viewer@vigil.test', 'polling');
      try {
        const [managerTabs, viewerTabs] = await Promise.all([
          open(manager.context, manager.requests, 'polling', incidentTabs('polling'), until),
          open(viewer.context, viewer.requests, 'polling', evacuationTabs('polling'), until),
        ]);
        const incidentRun = (results.incidents.polling = newIncidentRun(leaderOf(manager.requests, managerTabs)));
        const evacuationRun = (results.evacuations.polling = newEvacuationRun(leaderOf(viewer.requests, viewerTabs)));
        const marks = [manager.requests.all().length, viewer.requests.all().length] as const;
        await Promise.all([
          incidents('polling', managerTabs, INCIDENTS.polling, until, incidentRun),
          evacuations('polling', viewerTabs, ACTIONS.polling, until, evacuationRun),
        ]);
        incidentRun.apiRequests = await apiSince(manager.requests, marks[0], until, managerTabs);
        evacuationRun.apiRequests = await apiSince(viewer.requests, marks[1], until, viewerTabs);
      } finally {
        await close(manager.context);
        await close(viewer.context);
        await settleSite();
      }
    });

    // A minute of doing nothing, with and without the stream at once (two browsers).
    await part('Idle requests', IDLE_MS + 20_000, async () => {
      const until = Math.min(end, Date.now() + BUDGET.idle);
      const twenty = html('20 elements', TWENTY.join('\n'));
      const ready = async (page: Page) => {
        await page
          .locator('vigil-schedule-matrix')
          .getByRole('grid', { name: /^Security hours of / })
          .waitFor({ state: 'visible' });
        await waitForCount(page.getByRole('button', { name: 'Start evacuation' }), 8);
      };
      const idle = async (mode: Mode) => {
        const { context, requests } = await browser('manager@vigil.test', mode);
        await open(
          context,
          requests,
          mode,
          [{ label: 'twenty', url: `/bench/live-twenty-${mode}.html`, body: twenty, ready }],
          until - IDLE_MS,
        );
        return { context, requests };
      };
      const both = await Promise.all((['stream', 'polling'] as const).map((mode) => idle(mode)));
      try {
        const from = Date.now();
        const since = both.map((b) => b.requests.all().length);
        await sleep(Math.min(IDLE_MS, until - Date.now()));
        const windowMs = Date.now() - from;
        (['stream', 'polling'] as const).forEach((mode, i) => {
          const later = both[i]!.requests.all().slice(since[i]);
          const api = byPath(later.filter((r) => isApiCall(r.url)));
          results.idle[mode] = {
            requests: api.count,
            perMinute: (api.count * 60_000) / windowMs,
            windowMs,
            byPath: api.byPath,
            streamRequests: later.filter((r) => r.url.pathname === EVENTS).length,
          };
        });
      } finally {
        for (const b of both) await close(b.context);
      }
    });

    await part(`Streams for ${TABS} tabs`, 30_000, async () => {
      const until = Math.min(end, Date.now() + BUDGET.streams);
      // The other browsers' streams have ended on the server too.
      while ((await openStreams()) > 0 && Date.now() < until - 20_000) await sleep(200);
      const { context, requests } = await browser('manager@vigil.test', 'stream');
      try {
        const pages = await Promise.all(Array.from({ length: TABS }, () => context.newPage()));
        await by(
          until,
          `loading ${TABS} tabs`,
          Promise.all(
            pages.map((page) =>
              loadPage(page, '/inbox', (p) => p.locator('vigil-portal').locator('[data-row]').first().waitFor({ state: 'visible' })),
            ),
          ),
        );
        let lock = await liveTabs(pages[0]!);
        while (lock.held + lock.pending < TABS && Date.now() < until - 10_000) {
          await sleep(200);
          lock = await liveTabs(pages[0]!);
        }
        await requests.quiet(1500, Math.min(until, Date.now() + 15_000));
        await sleep(3000); // a late second stream, or a reconnect, would show by now
        results.streams = {
          tabs: TABS,
          requests: requests.streams().length,
          serverStreams: await openStreams(),
          leading: lock.held,
          waiting: lock.pending,
        };
      } finally {
        await close(context);
      }
    });
  } finally {
    for (const context of contexts) await context.close().catch(() => {});
    await settleSite().catch(() => {});
  }

  // ---------------------------------------------------------------- the figures

  const inc = (mode: Mode) => {
    const r = results.incidents[mode];
    return r && { toast: summary(r.toast), row: summary(r.row), all: summary([...r.toast, ...r.row]) };
  };
  const evac = (mode: Mode) => {
    const r = results.evacuations[mode];
    return r && { bar: summary(r.bar), control: summary(r.control), all: summary([...r.bar, ...r.control]) };
  };
  const steps = (list: Step[] | undefined) =>
    list && { noticed: summary(list.map((s) => s.noticed)), loaded: summary(list.map((s) => s.loaded)) };
  const byTab = (r: { byTab: Record<string, (number | null)[]> } | undefined) =>
    r && Object.fromEntries(Object.entries(r.byTab).map(([label, v]) => [label, summary(v)]));
  const figures = {
    incidents: {
      stream: inc('stream'),
      polling: inc('polling'),
      steps: { stream: steps(results.incidents.stream?.steps), polling: steps(results.incidents.polling?.steps) },
      byTab: { stream: byTab(results.incidents.stream), polling: byTab(results.incidents.polling) },
      leader: { stream: results.incidents.stream?.leader, polling: results.incidents.polling?.leader },
      events: {
        stream: results.incidents.stream ? results.incidents.stream.hookMs.length : 0,
        polling: results.incidents.polling?.hookMs.length ?? 0,
      },
      hookMs: summary(results.incidents.stream?.hookMs ?? []),
      perEvent: { stream: results.incidents.stream?.perEvent, polling: results.incidents.polling?.perEvent },
      apiRequests: { stream: results.incidents.stream?.apiRequests, polling: results.incidents.polling?.apiRequests },
    },
    evacuations: {
      stream: evac('stream'),
      polling: evac('polling'),
      steps: { stream: steps(results.evacuations.stream?.steps), polling: steps(results.evacuations.polling?.steps) },
      byTab: { stream: byTab(results.evacuations.stream), polling: byTab(results.evacuations.polling) },
      leader: { stream: results.evacuations.stream?.leader, polling: results.evacuations.polling?.leader },
      actions: {
        stream: (results.evacuations.stream?.bar.length ?? 0) / evacuationTabs('stream').length,
        polling: (results.evacuations.polling?.bar.length ?? 0) / evacuationTabs('polling').length,
      },
      perEvent: { stream: results.evacuations.stream?.perEvent, polling: results.evacuations.polling?.perEvent },
      apiRequests: { stream: results.evacuations.stream?.apiRequests, polling: results.evacuations.polling?.apiRequests },
    },
    idle: results.idle,
    streams: results.streams,
    seconds: Math.round((Date.now() - started) / 1000),
  };

  const i = { s: figures.incidents.stream, p: figures.incidents.polling };
  const e = { s: figures.evacuations.stream, p: figures.evacuations.polling };
  const idle = results.idle;
  const st = results.streams;
  const okP95 = (s: Summary | undefined) => (s && s.n ? s.p95 <= TARGET_P95_MS : undefined);
  const stepRow = (what: string, s: ReturnType<typeof steps>, p: ReturnType<typeof steps>) => [
    `| ${what}: its refetch started (learned of it) | ${fmt(s?.noticed)} | ${fmt(p?.noticed)} |`,
    `| ${what}: its refetch answered | ${fmt(s?.loaded)} | ${fmt(p?.loaded)} |`,
  ];
  const tabRows = (what: string, s: Record<string, Summary> | undefined, p: Record<string, Summary> | undefined) =>
    Object.keys({ ...s, ...p }).map((label) => `| ${what}, ${label} (the later of both) | ${fmt(s?.[label])} | ${fmt(p?.[label])} |`);
  const perChange = (requests: { count: number; byPath: Record<string, number> } | undefined, changes: number) =>
    requests === undefined || !changes
      ? 'not measured'
      : `${(requests.count / changes).toFixed(1)}: ${Object.entries(requests.byPath)
          .map(([k, n]) => `${k} ×${(n / changes).toFixed(1)}`)
          .join(', ')}`;
  const idleCell = (r: (typeof idle)['stream']) =>
    r ? `${r.requests} in ${(r.windowMs / 1000).toFixed(0)} s (${r.perMinute.toFixed(1)}/min)` : 'not measured';
  const breakdown = (r: (typeof idle)['stream']) =>
    r && Object.keys(r.byPath).length
      ? Object.entries(r.byPath)
          .map(([k, n]) => `${k} ×${n}`)
          .join(', ')
      : 'none';

  const markdown = [
    `Times from just before the call that made the change (the test hook's round trip, p50 ${ms(figures.incidents.hookMs.p50)} ms, included) to the change in the page's DOM, taken in the page; p50 / p95 / max over every event in every tab. ` +
      `Incidents: ${figures.incidents.events.stream} with the stream, ${figures.incidents.events.polling} polling (at 20 s a poll, 30 would take 10 minutes), made one after another, each once it showed everywhere, shown in 3 portal tabs on /inbox and an integrator's page (\`<vigil-inbox view="incidents">\`, \`<vigil-unread-badge>\`) of the manager's browser. ` +
      `Evacuations: the manager starts and aborts Antwerp's evacuation in turn through the API (${figures.evacuations.actions.stream} actions with the stream, ${figures.evacuations.actions.polling} polling), shown in the viewer's browser: the project page, the site page and an integrator's page (\`<vigil-evacuation site>\`, \`<vigil-evacuation-bar>\`). ` +
      `Polling is the fallback of an API without the stream (it answered 404), at its default periods (incidents 20 s, evacuation statuses 5 s); its events were made at spread moments of the period.`,
    '',
    '| what | with the stream | polling (fallback) | target | |',
    '| --- | --- | --- | --- | --- |',
    `| new incident → toast "New incident at …" | ${fmt(i.s?.toast)} | ${fmt(i.p?.toast)} | p95 ≤ 1 s | ${met(okP95(i.s?.toast))} |`,
    `| new incident → its inbox row | ${fmt(i.s?.row)} | ${fmt(i.p?.row)} | p95 ≤ 1 s | ${met(okP95(i.s?.row))} |`,
    `| new incident, both | ${fmt(i.s?.all)} | ${fmt(i.p?.all)} | p95 ≤ 1 s | ${met(okP95(i.s?.all))} |`,
    `| evacuation by another user → the bar | ${fmt(e.s?.bar)} | ${fmt(e.p?.bar)} | p95 ≤ 1 s | ${met(okP95(e.s?.bar))} |`,
    `| evacuation by another user → the control | ${fmt(e.s?.control)} | ${fmt(e.p?.control)} | p95 ≤ 1 s | ${met(okP95(e.s?.control))} |`,
    `| evacuation, both | ${fmt(e.s?.all)} | ${fmt(e.p?.all)} | p95 ≤ 1 s | ${met(okP95(e.s?.all))} |`,
    `| API requests of a page with ${TWENTY.length} elements left alone (not media, not the stream) | ${idleCell(idle.stream)} | ${idleCell(idle.polling)} | ≤ ${TARGET_IDLE_PER_MIN}/min | ${met(idle.stream && idle.stream.perMinute <= TARGET_IDLE_PER_MIN)} |`,
    `| event streams for ${TABS} tabs of one browser: requests / open on the server | ${st ? `${st.requests} / ${st.serverStreams}` : 'not measured'} | — | 1 / 1 | ${met(st && st.requests === 1 && st.serverStreams === 1)} |`,
    '',
    'Where the time goes (from the same moment; the refetch is the page loading what the event named: the incidents, or the evacuation statuses), and each tab:',
    '',
    '| | with the stream | polling |',
    '| --- | --- | --- |',
    ...stepRow('new incident', figures.incidents.steps.stream, figures.incidents.steps.polling),
    ...stepRow('evacuation', figures.evacuations.steps.stream, figures.evacuations.steps.polling),
    `| new incident: API requests of the browser, per incident (polling: the polls meanwhile included) | ${perChange(figures.incidents.apiRequests.stream, figures.incidents.events.stream)} | ${perChange(figures.incidents.apiRequests.polling, figures.incidents.events.polling)} |`,
    `| evacuation: API requests of the browser, per action (polling: the polls meanwhile included) | ${perChange(figures.evacuations.apiRequests.stream, figures.evacuations.actions.stream)} | ${perChange(figures.evacuations.apiRequests.polling, figures.evacuations.actions.polling)} |`,
    ...tabRows('new incident', figures.incidents.byTab.stream, figures.incidents.byTab.polling),
    ...tabRows('evacuation', figures.evacuations.byTab.stream, figures.evacuations.byTab.polling),
    `| the tab holding the stream (or polling) | incidents: ${figures.incidents.leader.stream ?? '—'}; evacuations: ${figures.evacuations.leader.stream ?? '—'} | incidents: ${figures.incidents.leader.polling ?? '—'}; evacuations: ${figures.evacuations.leader.polling ?? '—'} |`,
    '',
    `Idle requests with the stream: ${breakdown(idle.stream)}${idle.stream ? ` (${idle.stream.streamRequests} stream requests in the window)` : ''}; polling: ${breakdown(idle.polling)}.` +
      (st ? ` ${TABS} tabs: ${st.leading} holds the live channel's lock, ${st.waiting} wait for it.` : ''),
    ...(notes.length ? ['', ...notes.map((n) => `- ${n}`)] : []),
  ].join('\n');

  return { ...figures, markdown };
}
