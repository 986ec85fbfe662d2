/**
 * The tabs of one browser tell each other over a BroadcastChannel what changed, never
 * what it now is: a message names topics (`incidents`, `evacuation`, …) and a tab that
 * hears one loads those from the server through the shared resources. So a script that
 * posts on the channel can at worst make a tab ask the server again; it cannot put an
 * incident, a count or an evacuation on screen. Messages of another shape are dropped.
 */
import { tabId } from '../browser/tab.ts';
import { TOPICS, type Topic } from './topics.ts';

export const LIVE_CHANNEL = 'vigil.live';

/** The mode and health of the leading tab's connection (see state.ts), for the others. */
export interface StatusMessage {
  kind: 'status';
  from: string;
  user: string;
  mode: 'stream' | 'polling';
  paused: boolean;
  confirmedAt: number | null;
  streamSince: number | null;
  streamUntil: number | null;
}

export interface NudgeMessage {
  kind: 'nudge';
  from: string;
  user: string;
  topics: Topic[];
  /** For this tab only (the leader's answer to a `hello`); every tab when absent. */
  to?: string;
}

/**
 * A tab that starts asks the leader for its status, and for what changed since its page
 * started (`since`, ms since the epoch): what it loaded before it listened may be older.
 */
export interface HelloMessage {
  kind: 'hello';
  from: string;
  user: string;
  since?: number;
}

export type LiveMessage = StatusMessage | NudgeMessage | HelloMessage;

const isTime = (v: unknown): v is number | null => v === null || (typeof v === 'number' && Number.isFinite(v) && v >= 0);

/** The message when it is one of ours, else null. */
export function parseMessage(value: unknown): LiveMessage | null {
  if (typeof value !== 'object' || value === null) return null;
  const m = value as Record<string, unknown>;
  if (typeof m.from !== 'string' || typeof m.user !== 'string') return null;
  switch (m.kind) {
    case 'nudge':
      if (!Array.isArray(m.topics) || m.topics.length > TOPICS.length) return null;
      if (!m.topics.every((t) => TOPICS.includes(t as Topic))) return null;
      if (m.to !== undefined && typeof m.to !== 'string') return null;
      return {
        kind: 'nudge',
        from: m.from,
        user: m.user,
        topics: [...new Set(m.topics as Topic[])],
        ...(typeof m.to === 'string' ? { to: m.to } : {}),
      };
    case 'status':
      if ((m.mode !== 'stream' && m.mode !== 'polling') || typeof m.paused !== 'boolean') return null;
      if (!isTime(m.confirmedAt) || !isTime(m.streamSince) || !isTime(m.streamUntil)) return null;
      return {
        kind: 'status',
        from: m.from,
        user: m.user,
        mode: m.mode,
        paused: m.paused,
        confirmedAt: m.confirmedAt,
        streamSince: m.streamSince,
        streamUntil: m.streamUntil,
      };
    case 'hello':
      if (m.since !== undefined && (typeof m.since !== 'number' || !isTime(m.since))) return null;
      return { kind: 'hello', from: m.from, user: m.user, ...(typeof m.since === 'number' ? { since: m.since } : {}) };
    default:
      return null;
  }
}

export interface LiveChannel {
  post(message: Omit<StatusMessage, 'from'> | Omit<NudgeMessage, 'from'> | Omit<HelloMessage, 'from'>): void;
  close(): void;
  /** False where the browser has no BroadcastChannel: each tab then keeps its own connection. */
  readonly shared: boolean;
}

interface BroadcastLike {
  postMessage(message: unknown): void;
  onmessage: ((event: MessageEvent) => void) | null;
  close(): void;
}

export function openLiveChannel(
  onMessage: (message: LiveMessage) => void,
  make: ((name: string) => BroadcastLike) | null = typeof BroadcastChannel === 'function' ? (n) => new BroadcastChannel(n) : null,
): LiveChannel {
  const channel = make?.(LIVE_CHANNEL) ?? null;
  if (channel) {
    channel.onmessage = (event: MessageEvent) => {
      const message = parseMessage(event.data);
      // Not our own, and not a nudge meant for another tab.
      if (message && message.from !== tabId && !(message.kind === 'nudge' && message.to !== undefined && message.to !== tabId))
        onMessage(message);
    };
  }
  return {
    shared: channel !== null,
    post(message) {
      try {
        channel?.postMessage({ ...message, from: tabId });
      } catch {
        // closed meanwhile
      }
    },
    close() {
      channel?.close();
    },
  };
}
