/**
 * Where poll results meet the inbox lists, kept apart from the live module so that a list
 * (its own lazy chunk) and the poller (another) only share this little file.
 */
import type { Incident } from '../../api/contract.ts';
import { shared } from '../../shared.ts';

/** The size of the incidents poll: the inbox list's first page, so it merges as is. */
export const LIVE_PAGE_SIZE = 50;

/** What one load of the live module found (applied in the tab that loaded it, never sent). */
export interface LiveResult {
  unread?: { count: number; newest: { uuid: string; created_at: string } | null };
  incidents?: { data: Incident[]; total: number };
  /** The open-incidents count (`meta.total` of `filter[open]=true`). */
  open?: number;
}

type Consumer = (result: LiveResult) => void;
const consumers = shared('inbox.live.consumers', () => new Set<Consumer>());

/**
 * Calls `consumer` with every poll result this tab applies (its own or the leader's): the
 * inbox lists merge new items through it.
 */
export function onLiveResult(consumer: Consumer): () => void {
  consumers.add(consumer);
  return () => consumers.delete(consumer);
}

export function deliver(result: LiveResult): void {
  for (const consumer of consumers) consumer(result);
}
