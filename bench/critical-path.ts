/**
 * The critical path of a page load: the longest chain of requests that waited on one
 * another. A request waited on every earlier one that had finished before it was sent
 * (its answer may have been what asked for it: a script that imports, a page that names a
 * script, an answer that names the next call); the page's HTML is level 0, what goes out
 * before anything has finished is level 1, and so on. This overstates a chain when a
 * request was only late, never understates one, and needs no guess of who asked for what
 * (Chromium names no initiator for a `modulepreload` link added by a script). Media (the
 * camera frames), the live event stream and the favicon are left out.
 */
import type { CDPSession, Page } from 'playwright-core';

export interface PathRequest {
  url: string;
  /** 0 for the HTML, 1 for what went out before anything had finished, … */
  depth: number;
  /** The request it waited on last (one of them), for the report. */
  after: string | undefined;
  /** Milliseconds from the HTML's request to sent / finished. */
  start: number;
  end: number | undefined;
}

const LEFT_OUT = /\/favicon\.ico$|\/api\/v2\/events(\?|$)/;

export interface PathRecorder {
  /** Every counted request, in the order sent (the first of each URL). */
  requests(): PathRequest[];
  /** The deepest chain among the requests sent before `untilMs` (all by default), HTML first. */
  longest(untilMs?: number): PathRequest[];
  /** `Date.now()`-style wall time as milliseconds since the first request (for `longest`). */
  msSinceFirst(wallMs: number): number;
  stop(): Promise<void>;
}

export async function recordCriticalPath(page: Page): Promise<PathRecorder> {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const byId = new Map<string, PathRequest>();
  const list: PathRequest[] = [];
  let t0: number | undefined;
  let wall0: number | undefined;
  const ms = (timestamp: number) => Math.round((timestamp - t0!) * 1000);
  cdp.on(
    'Network.requestWillBeSent',
    (e: { requestId: string; request: { url: string }; timestamp: number; wallTime: number; type?: string }) => {
      const url = e.request.url.split('#')[0]!;
      if (url.startsWith('data:') || LEFT_OUT.test(new URL(url).pathname) || e.type === 'Media' || e.type === 'Image') return;
      if (list.some((r) => r.url === url)) return;
      t0 ??= e.timestamp;
      wall0 ??= e.wallTime * 1000;
      const start = ms(e.timestamp);
      let after: PathRequest | undefined;
      for (const r of list) if (r.end !== undefined && r.end <= start && (!after || r.depth > after.depth)) after = r;
      const request: PathRequest = {
        url,
        depth: list.length === 0 ? 0 : after ? after.depth + 1 : 1,
        after: after?.url,
        start,
        end: undefined,
      };
      list.push(request);
      byId.set(e.requestId, request);
    },
  );
  const finish = (e: { requestId: string; timestamp: number }) => {
    const r = byId.get(e.requestId);
    if (r && r.end === undefined) r.end = ms(e.timestamp);
  };
  cdp.on('Network.loadingFinished', finish);
  cdp.on('Network.loadingFailed', finish);
  return {
    requests: () => [...list],
    longest(untilMs = Infinity) {
      const candidates = list.filter((r) => r.start <= untilMs);
      let deepest = candidates[0];
      for (const r of candidates) if (deepest && r.depth > deepest.depth) deepest = r;
      const chain: PathRequest[] = [];
      for (let r = deepest; r; r = r.after ? list.find((x) => x.url === r!.after) : undefined) chain.unshift(r);
      return chain;
    },
    msSinceFirst: (wallMs) => (wall0 === undefined ? 0 : wallMs - wall0),
    stop: () => cdp.detach(),
  };
}

/** "vigil-evacuation.js → chunks/base.js → /api/v2/user" for a report (after the HTML). */
export function describeChain(chain: PathRequest[]): string {
  return chain
    .slice(1)
    .map((r) => {
      const u = new URL(r.url);
      return u.pathname.replace(/^\/dist\//, '').replace(/-[\w-]{8}\.js$/, '.js') + (u.search ? '?…' : '');
    })
    .join(' → ');
}
