/**
 * The live channel's timings and how it reads the server's stream: what each event changed,
 * and how long to wait before connecting again.
 */
import type { StreamEvent } from './stream.ts';
import type { Topic, TopicHint } from './topics.ts';

/** Reconnect waits: 1 s, 2 s, 4 s … up to 30 s, each drawn between half and all of it. */
export const BACKOFF_BASE_MS = 1000;
export const BACKOFF_MAX_MS = 30_000;
/** Failed connections in a row after which the leader polls meanwhile. */
export const FALLBACK_AFTER_FAILURES = 3;
/** Nothing at all for this long (three heartbeats): the connection is dead, open another. */
export const SILENCE_MS = 45_000;
/** How long a hidden leader keeps the stream when desktop alerts are off. */
export const HIDDEN_GRACE_MS = 5 * 60_000;

/** The longest `Retry-After` the stream honours before trying again. */
export const RETRY_AFTER_MAX_MS = 5 * 60_000;

/** The wait before reconnect attempt `failures` (1-based), with "equal jitter". */
export function reconnectDelay(failures: number, random: () => number = Math.random): number {
  const cap = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, Math.min(failures, 16) - 1));
  return Math.round(cap / 2 + random() * (cap / 2));
}

/** What an event of the stream changed. */
export function topicOf(event: StreamEvent): { topic: Topic; hint: TopicHint } | null {
  const data = (typeof event.data === 'object' && event.data !== null ? event.data : {}) as { uuid?: unknown };
  const hint: TopicHint = typeof data.uuid === 'string' ? { uuid: data.uuid } : {};
  switch (event.type) {
    case 'incident':
    case 'incident_handled':
    case 'incident_updated':
      return { topic: 'incidents', hint };
    case 'notification':
    case 'unread':
      return { topic: 'notifications', hint: {} };
    case 'evacuation': {
      const { status, mode, at } = data as { status?: unknown; mode?: unknown; at?: unknown };
      if (typeof status === 'string')
        hint.evacuation = { status, mode: typeof mode === 'string' ? mode : null, at: typeof at === 'string' ? at : null };
      return { topic: 'evacuation', hint };
    }
    case 'system':
      return { topic: 'systems', hint };
    case 'reset':
      return { topic: 'resync', hint: {} };
    default:
      return null;
  }
}
