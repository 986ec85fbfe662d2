import { expect, type Page, type Request } from '@playwright/test';

/** The live event stream: open for as long as the page is. */
export const isEventStream = (r: Request): boolean => new URL(r.url()).pathname === '/api/v2/events';

/**
 * Tracks the page's requests from now on, the live event stream aside. `quiet()` resolves once
 * none has been in flight for `quietMs`: what `waitForLoadState('networkidle')` meant before
 * every signed-in page held a stream open (with one open, the browser is never idle).
 */
export function trackNetwork(page: Page): { quiet(quietMs?: number, timeout?: number): Promise<void> } {
  const inFlight = new Set<Request>();
  let changed = Date.now();
  page.on('request', (r) => {
    if (isEventStream(r)) return;
    inFlight.add(r);
    changed = Date.now();
  });
  const done = (r: Request) => {
    if (inFlight.delete(r)) changed = Date.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return {
    async quiet(quietMs = 500, timeout = 15_000) {
      await expect
        .poll(() => inFlight.size === 0 && Date.now() - changed >= quietMs, {
          message: 'the network goes quiet',
          timeout,
        })
        .toBe(true);
    },
  };
}

/** The live event streams the page opens, as they are requested. */
export function recordStreams(page: Page): Request[] {
  const streams: Request[] = [];
  page.on('request', (r) => {
    if (isEventStream(r)) streams.push(r);
  });
  return streams;
}
