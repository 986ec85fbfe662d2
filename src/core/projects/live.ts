/**
 * Keeps health at a glance fresh: while a page shows it, the live channel stays open, and
 * when the channel says a system went on- or offline, an incident arrived or was handled,
 * an evacuation changed, or something may have been missed, the home list and every loaded
 * project load again (quietly: the data on screen stays until the answer is in). While no
 * page shows health nothing loads on these topics: the pages load what they show when they open.
 * Its own chunk, loaded after first paint, like the live module it starts.
 */
import { lastTold, onTopic, type Topic } from '../live/topics.ts';
import { projectCache } from '../resources/resources.ts';
import { shared } from '../shared.ts';
import { projectList } from './projects.ts';

/** What changes a project's health. */
export const HEALTH_TOPICS: readonly Topic[] = ['systems', 'incidents', 'evacuation', 'resync'];

const state = shared('projects.health.watchers', () => ({ watchers: 0 }));

/**
 * Loads again the home list and the projects loaded so far (what shows health), while
 * shown; with `before`, only those loaded before that time.
 */
export function reloadHealth(before = Infinity): void {
  if (state.watchers === 0) return;
  const options = { force: true, quiet: true, renew: true };
  const due = (entry: { status: string; loadedAt?: number } | undefined) => entry?.status === 'ready' && (entry.loadedAt ?? 0) < before;
  if (due(projectList.$entries.get().list)) projectList.load('list', options).catch(() => {});
  for (const [key, entry] of Object.entries(projectCache.$entries.get())) if (due(entry)) projectCache.load(key, options).catch(() => {});
}

shared('projects.health.live', () => {
  for (const topic of HEALTH_TOPICS) onTopic(topic, () => reloadHealth());
  return true;
});

/**
 * Health is shown until the returned function is called (it then follows the topics). This
 * module comes after the page's first paint, and the page may have listened before (the
 * header's counts open the channel): what was loaded before a change it was told of then
 * loads again now.
 */
export function holdHealth(): () => void {
  state.watchers++;
  // Loaded in the same millisecond as the change: it may predate it.
  reloadHealth(lastTold(HEALTH_TOPICS) + 1);
  let done = false;
  return () => {
    if (done) return;
    done = true;
    state.watchers--;
  };
}

/** Health is shown, and the page's live channel stays open, until the returned function is called. */
export function watchHealth(): () => void {
  const unhold = holdHealth();
  let release: (() => void) | undefined;
  let done = false;
  void import('../live/live.ts').then(
    (live) => {
      if (!done) release = live.watchLive();
    },
    () => {}, // the chunk could not load: the cards show what they loaded
  );
  return () => {
    done = true;
    unhold();
    release?.();
  };
}
