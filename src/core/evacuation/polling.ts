/**
 * Keeps evacuation statuses fresh while someone can see them: every 5 s per watched
 * target, every 1 s for 10 s after an action the server accepted, at once when the tab
 * becomes visible again, and not at all while the tab is hidden or no control of that
 * target is on screen. One timer per target, page-wide, however many controls show it.
 * An action accepted in another tab of the browser makes every status load again at once
 * (channel.ts).
 */
import { shared } from '../shared.ts';
import { openEvacuationChannel } from './channel.ts';
import { fetchStatus, getEntry, onActionDone, refreshStatuses, targetKey, type EvacuationScope } from './evacuation.ts';

export const POLL_MS = 5_000;
export const FAST_POLL_MS = 1_000;
export const FAST_FOR_MS = 10_000;

export interface StatusWatch {
  /** Whether this control is on screen (IntersectionObserver); watches start visible. */
  setVisible(visible: boolean): void;
  stop(): void;
}

interface Watcher {
  visible: boolean;
}

interface Target {
  scope: EvacuationScope;
  uuid: string;
  watchers: Set<Watcher>;
  timer: ReturnType<typeof setTimeout> | undefined;
  fastUntil: number;
}

const poller = shared('evacuation.poller', () => {
  const targets = new Map<string, Target>();
  if (typeof document !== 'undefined') {
    document.addEventListener('visibilitychange', () => {
      for (const target of targets.values()) {
        if (isLive(target)) refreshNow(target);
        else clear(target);
      }
    });
  }
  // After an accepted action every watched status follows closely (a project's status
  // lists its sites' evacuations, so one action can change several).
  const followClosely = () => {
    for (const target of targets.values()) {
      target.fastUntil = Date.now() + FAST_FOR_MS;
      schedule(target);
    }
  };
  // Other tabs hear of every action accepted here, and this tab of theirs: then every
  // status shown is loaded again from the server (the message itself is never the status).
  const channel = openEvacuationChannel(() => {
    void refreshStatuses();
    followClosely();
  });
  onActionDone((intent) => {
    channel.announce(intent.scope, intent.uuid, intent.action);
    followClosely();
  });
  return { targets };
});

const tabVisible = () => typeof document === 'undefined' || document.visibilityState !== 'hidden';

function isLive(target: Target): boolean {
  return tabVisible() && [...target.watchers].some((w) => w.visible);
}

function clear(target: Target): void {
  clearTimeout(target.timer);
  target.timer = undefined;
}

function schedule(target: Target): void {
  clear(target);
  if (!isLive(target)) return;
  const delay = Date.now() < target.fastUntil ? FAST_POLL_MS : POLL_MS;
  target.timer = setTimeout(() => {
    target.timer = undefined;
    void fetchStatus(target.scope, target.uuid).finally(() => {
      // Still watched, and not rescheduled meanwhile (an action, a visibility change)?
      if (poller.targets.get(targetKey(target.scope, target.uuid)) === target && target.timer === undefined) schedule(target);
    });
  }, delay);
}

function refreshNow(target: Target): void {
  clear(target);
  void fetchStatus(target.scope, target.uuid).finally(() => {
    if (poller.targets.get(targetKey(target.scope, target.uuid)) === target && target.timer === undefined) schedule(target);
  });
}

/**
 * Watches one target's status for a control: loads it now if nothing is known yet, then
 * polls while the control is visible. Call `stop()` when the control goes away.
 */
export function watchStatus(scope: EvacuationScope, uuid: string): StatusWatch {
  const key = targetKey(scope, uuid);
  let target = poller.targets.get(key);
  if (!target) {
    target = { scope, uuid, watchers: new Set(), timer: undefined, fastUntil: 0 };
    poller.targets.set(key, target);
  }
  const watcher: Watcher = { visible: true };
  const wasLive = isLive(target);
  target.watchers.add(watcher);
  const entry = getEntry(scope, uuid);
  if (!entry?.status && !entry?.loading) refreshNow(target);
  else if (!wasLive) schedule(target);

  const own = target;
  return {
    setVisible(visible) {
      if (watcher.visible === visible || !own.watchers.has(watcher)) return;
      const before = isLive(own);
      watcher.visible = visible;
      const after = isLive(own);
      if (after && !before) {
        const checkedAt = getEntry(scope, uuid)?.checkedAt ?? 0;
        if (Date.now() - checkedAt >= FAST_POLL_MS) refreshNow(own);
        else schedule(own);
      } else if (!after) clear(own);
    },
    stop() {
      if (!own.watchers.delete(watcher)) return;
      if (own.watchers.size === 0) {
        clear(own);
        poller.targets.delete(key);
      } else if (!isLive(own)) clear(own);
    },
  };
}

/** Targets currently polled (for tests and diagnostics). */
export function polledTargets(): string[] {
  return [...poller.targets.entries()].filter(([, t]) => t.timer !== undefined).map(([k]) => k);
}
