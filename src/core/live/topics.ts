/**
 * What the live module tells the rest of the suite: a topic changed on the server, load it
 * again. The modules that own the data subscribe (the inbox, the evacuation statuses, the
 * project/site/system caches); the live module never carries the data itself.
 *
 * - `incidents`: a new incident the user may see, one handled, or one acknowledged or
 *   commented on (the hint names it: its page and list rows load it again).
 * - `notifications`: a new notification, or the unread count changed.
 * - `evacuation`: a project's or site's evacuation status changed.
 * - `systems`: a system went online or offline.
 * - `resync`: something may have been missed (the stream's log did not reach back far
 *   enough, or the page was away): load everything shown again.
 */
import { shared } from '../shared.ts';

export const TOPICS = ['incidents', 'notifications', 'evacuation', 'systems', 'resync'] as const;
export type Topic = (typeof TOPICS)[number];

/** What a stream event says about one change, for the subscribers that want details. */
export interface TopicHint {
  /** The uuid of the system that changed, the project or site whose evacuation changed. */
  uuid?: string;
  /** Of an `evacuation` event: the new status, the mode of its start and when it changed (the alarm's rule, core/alarm). */
  evacuation?: { status: string; mode: string | null; at: string | null };
}

type Handler = (hint: TopicHint) => void;

const handlers = shared('live.topics', () => new Map<Topic, Set<Handler>>());

/**
 * When each topic was last told of in this tab (Date.now()). A loader's early answers read
 * it under this name (`TOLD` in core/api/prefetched.ts, a literal here to keep the import
 * out of the first load; elements/loader/boot.test.ts fails if the two differ).
 */
const told = shared('live.topics.told', () => new Map<Topic, number>());

/**
 * When any of `topics` was last told of in this tab (0: never). A module whose code comes
 * after the page has started listening (its chunk loads after the first paint) compares it
 * with when its data was loaded: a change told before it subscribed is not lost.
 */
export const lastTold = (topics: readonly Topic[]): number => Math.max(0, ...topics.map((topic) => told.get(topic) ?? 0));

/** Calls `handler` whenever `topic` changed (in this tab or, through a nudge, another). */
export function onTopic(topic: Topic, handler: Handler): () => void {
  let set = handlers.get(topic);
  if (!set) handlers.set(topic, (set = new Set()));
  set.add(handler);
  return () => set.delete(handler);
}

/** Tells this tab's subscribers that `topics` changed. */
export function dispatchTopics(topics: readonly Topic[], hint: TopicHint = {}): void {
  const now = Date.now();
  for (const topic of topics) told.set(topic, now);
  for (const topic of topics) for (const handler of [...(handlers.get(topic) ?? [])]) handler(hint);
}
