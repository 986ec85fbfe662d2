/**
 * Loading portal pages on demand (docs/product.md#routes): a page module that takes more than 10 s, or
 * fails to load, shows the timeout page; that page pings the server and reloads when it
 * is reachable. A reload is tried once per path and minute, so a module that is broken
 * (rather than slow) cannot make the page reload for ever.
 */
import * as Answers from '../api/answer-names.ts';
import { request } from '../api/client.ts';
import { CONFIG } from '../config/config.ts';

/** A page module that did not arrive: too slow (`timeout`) or failed (`failed`). */
export class PageLoadError extends Error {
  readonly reason: 'timeout' | 'failed';
  constructor(reason: 'timeout' | 'failed', cause?: unknown) {
    super(reason === 'timeout' ? 'The page took too long to load' : 'The page could not be loaded', { cause });
    this.name = 'PageLoadError';
    this.reason = reason;
  }
}

export const isPageLoadError = (e: unknown): e is PageLoadError => e instanceof PageLoadError;

/** Resolves like `load()`, or rejects with a {@link PageLoadError} after `ms` or on failure. */
export function loadWithTimeout<T>(load: () => Promise<T>, ms: number = CONFIG.lazyPageTimeoutMs): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new PageLoadError('timeout')), ms);
    let started: Promise<T>;
    try {
      started = load();
    } catch (e) {
      started = Promise.reject(e);
    }
    started.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (e: unknown) => {
        clearTimeout(timer);
        reject(new PageLoadError('failed', e));
      },
    );
  });
}

/** HEAD /api/ping: true when the server answers. */
export async function pingServer(signal?: AbortSignal): Promise<boolean> {
  try {
    await request('HEAD', '/api/ping', Answers.empty, signal ? { signal } : {});
    return true;
  } catch {
    return false;
  }
}

const RELOAD_KEY = 'vigil.portal.timeoutReload';
const RELOAD_WINDOW_MS = 60_000;

interface ReloadMark {
  path: string;
  at: number;
}

/**
 * Whether the timeout page may reload for `path` now; records the attempt when it may.
 * `storage` is sessionStorage (survives the reload, not the tab).
 */
export function claimReload(path: string, storage: Pick<Storage, 'getItem' | 'setItem'> | null, now = Date.now()): boolean {
  if (!storage) return true;
  let last: ReloadMark | null;
  try {
    last = JSON.parse(storage.getItem(RELOAD_KEY) ?? 'null') as ReloadMark | null;
  } catch {
    last = null;
  }
  if (last && last.path === path && now - last.at < RELOAD_WINDOW_MS) return false;
  try {
    storage.setItem(RELOAD_KEY, JSON.stringify({ path, at: now } satisfies ReloadMark));
  } catch {
    // storage full or denied: reloading once more is still better than a dead page
  }
  return true;
}
