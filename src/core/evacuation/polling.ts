/**
 * Keeps evacuation statuses fresh while someone can see them.
 *
 * - While the page's live channel holds the server's event stream (core/live), a status
 *   loads again when the server says it changed, and at no other time: no timers.
 * - Otherwise (the API has no stream, it is down, or the live module is still loading) it
 *   polls: every 5 s per watched target, every 1 s for 10 s after an action the server
 *   accepted, at once when the tab becomes visible again, and not at all while the tab is
 *   hidden or no control of that target is on screen. One timer per target, page-wide,
 *   however many controls show it.
 *
 * An action accepted in this tab nudges the other tabs of the browser over the live channel
 * when no event stream tells them itself (see `announce`): they load every status they show
 * again from the server (the nudge is never the status).
 */
import { documentVisibility } from '../browser/visibility.ts';
import { $liveState } from '../live/state.ts';
import { onTopic } from '../live/topics.ts';
import { shared } from '../shared.ts';
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
  /** The live channel's hold while watched (released when the last watcher goes). */
  release: (() => void) | undefined;
}

// The live module is its own chunk: loaded with the first watch, after first paint.
const loadLive = () => import('../live/live.ts');

/** Whether the event stream tells of every change (then nothing polls). */
function streaming(): boolean {
  const { mode, paused } = $liveState.get();
  return mode === 'stream' && !paused;
}

const poller = shared('evacuation.poller', () => {
  const targets = new Map<string, Target>();
  documentVisibility.onChange(() => {
    for (const target of targets.values()) {
      if (isLive(target) && !streaming()) refreshNow(target);
      else if (!isLive(target)) clear(target);
    }
  });
  // After an accepted action every watched status follows closely while polling (a
  // project's status lists its sites' evacuations, so one action can change several).
  const followClosely = () => {
    for (const target of targets.values()) {
      target.fastUntil = Date.now() + FAST_FOR_MS;
      schedule(target);
    }
  };
  // The server (through the stream) or another tab says a status changed: load them all.
  const reload = () => {
    void refreshStatuses();
    followClosely();
  };
  onTopic('evacuation', reload);
  onTopic('resync', reload);
  onActionDone(() => {
    void loadLive().then((live) => live.announce(['evacuation']));
    followClosely();
  });
  // Stream up: the timers stop; stream down: they start again (not on every heartbeat).
  let wasStreaming = streaming();
  $liveState.listen(() => {
    if (streaming() === wasStreaming) return;
    wasStreaming = streaming();
    for (const target of targets.values()) schedule(target);
  });
  return { targets };
});

const tabVisible = () => !documentVisibility.hidden();

function isLive(target: Target): boolean {
  return tabVisible() && [...target.watchers].some((w) => w.visible);
}

function clear(target: Target): void {
  clearTimeout(target.timer);
  target.timer = undefined;
}

function schedule(target: Target): void {
  clear(target);
  if (!isLive(target) || streaming()) return;
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
    target = { scope, uuid, watchers: new Set(), timer: undefined, fastUntil: 0, release: undefined };
    poller.targets.set(key, target);
    const own = target;
    let released = false;
    own.release = () => (released = true);
    void loadLive().then(
      (live) => {
        if (!released) own.release = live.watchLive();
      },
      () => {}, // the chunk could not load: polling goes on as it is
    );
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
        if (!streaming() && Date.now() - checkedAt >= FAST_POLL_MS) refreshNow(own);
        else schedule(own);
      } else if (!after) clear(own);
    },
    stop() {
      if (!own.watchers.delete(watcher)) return;
      if (own.watchers.size === 0) {
        clear(own);
        own.release?.();
        poller.targets.delete(key);
      } else if (!isLive(own)) clear(own);
    },
  };
}
