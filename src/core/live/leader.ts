/**
 * Which tab of the browser holds the live stream (or polls when there is none): leadership
 * among the tabs of one origin. With Web Locks a tab queues for the lock and leads while
 * it holds it; closing the tab, or keeping it hidden past its grace (unless something
 * holds it, like desktop alerts), releases it and the next tab in the queue takes over. Without
 * Web Locks a lease in localStorage, renewed while leading, does the same (a tab that
 * closes without releasing loses it when the lease runs out). Without either, every
 * visible tab leads on its own.
 */
import { safeStorage } from '../browser/storage.ts';
import { tabId } from '../browser/tab.ts';
import { documentVisibility, type Visibility } from '../browser/visibility.ts';

export interface ElectionOptions {
  /** The lock (or storage key) name; tabs with the same name elect one leader. */
  name: string;
  onLead(): void;
  onFollow(): void;
  visibility?: Visibility;
  locks?: LockManager | null;
  storage?: Storage | null;
  /**
   * How long a hidden tab keeps (or may take) the lead (default 0: it hands over at once).
   * The live stream uses 5 minutes: a short look at another tab costs no reconnect.
   */
  hiddenGraceMs?: number;
  /** A hidden tab keeps leading whatever the grace while this says so (desktop alerts on). */
  holdWhileHidden?: () => boolean;
  /** Lease renewal period of the storage fallback (default 2 s; the lease lasts 3 periods). */
  leaseMs?: number;
  now?: () => number;
  tabId?: string;
}

export interface Election {
  readonly leading: boolean;
  /** Weighs visibility and `holdWhileHidden` again (call when what it reads changed). */
  update(): void;
  stop(): void;
}

const defaultLocks = (): LockManager | null => (typeof navigator !== 'undefined' && navigator.locks ? navigator.locks : null);

export function electLeader(options: ElectionOptions): Election {
  const visibility = options.visibility ?? documentVisibility;
  const locks = options.locks === undefined ? defaultLocks() : options.locks;
  const storage = options.storage === undefined ? safeStorage() : options.storage;
  let leading = false;
  let stopped = false;
  const grace = options.hiddenGraceMs ?? 0;
  const clock = options.now ?? Date.now;
  let hiddenSince = visibility.hidden() ? clock() : 0;
  let graceTimer: ReturnType<typeof setTimeout> | undefined;
  /** Whether this tab should not lead now: hidden past its grace, and nothing holds it. */
  const away = () => stopped || (visibility.hidden() && !options.holdWhileHidden?.() && (grace <= 0 || clock() - hiddenSince >= grace));

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
    update = () => (away() ? giveUp() : want());
    cleanup = giveUp;
  } else if (storage) {
    const period = options.leaseMs ?? 2000;
    const now = clock;
    const me = options.tabId ?? tabId;
    const read = (): { id: string; until: number } | null => {
      try {
        return JSON.parse(storage.getItem(options.name) ?? 'null') as { id: string; until: number } | null;
      } catch {
        return null;
      }
    };
    let timer: ReturnType<typeof setInterval> | undefined;
    const check = () => {
      if (away()) return;
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
      if (away()) giveUp();
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
    update = () => (away() ? follow() : lead());
    cleanup = follow;
  }

  const unlisten = visibility.onChange(() => {
    clearTimeout(graceTimer);
    graceTimer = undefined;
    if (visibility.hidden()) {
      hiddenSince = clock();
      if (grace > 0) graceTimer = setTimeout(() => update(), grace);
    }
    update();
  });
  if (visibility.hidden() && grace > 0) graceTimer = setTimeout(() => update(), grace);
  update();
  return {
    get leading() {
      return leading;
    },
    update: () => update(),
    stop() {
      stopped = true;
      clearTimeout(graceTimer);
      unlisten();
      cleanup();
    },
  };
}
