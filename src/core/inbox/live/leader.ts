/**
 * Which tab of the browser polls: leadership among the visible tabs of one origin. With
 * Web Locks a visible tab queues for the lock and leads while it holds it; hiding or
 * closing the tab releases it and the next visible tab in the queue takes over. Without
 * Web Locks a lease in localStorage, renewed while leading, does the same (a tab that
 * closes without releasing loses it when the lease runs out). Without either, every
 * visible tab leads on its own.
 */
import { documentVisibility, type Visibility } from './poller.ts';

export interface ElectionOptions {
  /** The lock (or storage key) name; tabs with the same name elect one leader. */
  name: string;
  onLead(): void;
  onFollow(): void;
  visibility?: Visibility;
  locks?: LockManager | null;
  storage?: Storage | null;
  /** Lease renewal period of the storage fallback (default 2 s; the lease lasts 3 periods). */
  leaseMs?: number;
  now?: () => number;
  tabId?: string;
}

export interface Election {
  readonly leading: boolean;
  stop(): void;
}

const defaultLocks = (): LockManager | null => (typeof navigator !== 'undefined' && navigator.locks ? navigator.locks : null);
const defaultStorage = (): Storage | null => {
  try {
    return typeof localStorage !== 'undefined' ? localStorage : null;
  } catch {
    return null;
  }
};

export function electLeader(options: ElectionOptions): Election {
  const visibility = options.visibility ?? documentVisibility;
  const locks = options.locks === undefined ? defaultLocks() : options.locks;
  const storage = options.storage === undefined ? defaultStorage() : options.storage;
  let leading = false;
  let stopped = false;

  const lead = () => {
    if (leading || stopped) return;
    leading = true;
    options.onLead();
  };
  const follow = () => {
    if (!leading) return;
    leading = false;
    options.onFollow();
  };

  let update: () => void;
  let cleanup: () => void;

  if (locks) {
    let release: (() => void) | undefined;
    let abort: AbortController | undefined;
    const want = () => {
      if (abort || stopped) return;
      const controller = new AbortController();
      abort = controller;
      locks
        .request(options.name, { signal: controller.signal }, () => {
          if (controller.signal.aborted) return undefined;
          lead();
          return new Promise<void>((resolve) => (release = resolve));
        })
        .catch(() => {}) // aborted while queued
        .finally(() => {
          if (abort === controller) abort = undefined;
        });
    };
    const giveUp = () => {
      abort?.abort();
      abort = undefined;
      release?.();
      release = undefined;
      follow();
    };
    update = () => (visibility.hidden() || stopped ? giveUp() : want());
    cleanup = giveUp;
  } else if (storage) {
    const period = options.leaseMs ?? 2000;
    const now = options.now ?? Date.now;
    const me = options.tabId ?? Math.random().toString(36).slice(2);
    const read = (): { id: string; until: number } | null => {
      try {
        return JSON.parse(storage.getItem(options.name) ?? 'null') as { id: string; until: number } | null;
      } catch {
        return null;
      }
    };
    let timer: ReturnType<typeof setInterval> | undefined;
    const check = () => {
      if (stopped || visibility.hidden()) return;
      const lease = read();
      if (!lease || lease.id === me || lease.until < now()) {
        storage.setItem(options.name, JSON.stringify({ id: me, until: now() + 3 * period }));
        if (read()?.id === me) lead();
      } else follow();
    };
    const giveUp = () => {
      clearInterval(timer);
      timer = undefined;
      if (leading && read()?.id === me) storage.removeItem(options.name);
      follow();
    };
    const onStorage = (e: StorageEvent) => {
      if (e.key === options.name && !e.newValue) check();
    };
    if (typeof addEventListener === 'function') addEventListener('storage', onStorage);
    update = () => {
      if (visibility.hidden() || stopped) giveUp();
      else {
        check();
        timer ??= setInterval(check, period);
      }
    };
    cleanup = () => {
      giveUp();
      if (typeof removeEventListener === 'function') removeEventListener('storage', onStorage);
    };
  } else {
    update = () => (visibility.hidden() || stopped ? follow() : lead());
    cleanup = follow;
  }

  const unlisten = visibility.onChange(() => update());
  update();
  return {
    get leading() {
      return leading;
    },
    stop() {
      stopped = true;
      unlisten();
      cleanup();
    },
  };
}
