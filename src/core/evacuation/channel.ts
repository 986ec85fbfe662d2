/**
 * Evacuation actions reach every open tab of the browser at once: after the server
 * accepted a start or abort, this tab says so on a BroadcastChannel (or, where there is
 * none, through a localStorage key whose `storage` event the other tabs get). A tab that
 * hears it loads every status it shows again from the server: the message is only a
 * nudge, its content is never taken as the status.
 */
import type { EvacuationAction, EvacuationScope } from './evacuation.ts';

export const CHANNEL_NAME = 'vigil.evacuation';
/** The localStorage key of the fallback (its value changes on every action). */
export const STORAGE_KEY = 'vigil.evacuation.changed';

export interface ChannelMessage {
  scope: EvacuationScope;
  uuid: string;
  action: EvacuationAction;
  /** The sending tab (its own messages come back through storage in no browser, but be sure). */
  from: string;
  at: number;
}

interface BroadcastLike {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  close(): void;
}

export interface ChannelEnvironment {
  /** Makes a BroadcastChannel; undefined where the browser has none. */
  broadcast?: ((name: string) => BroadcastLike) | undefined;
  storage?: Pick<Storage, 'setItem'> | undefined;
  /** Where `storage` events arrive (the window). */
  events?: Pick<EventTarget, 'addEventListener' | 'removeEventListener'> | undefined;
}

export interface EvacuationChannel {
  /** Tells the other tabs that an action was accepted. */
  announce(scope: EvacuationScope, uuid: string, action: EvacuationAction): void;
  close(): void;
}

function defaultEnvironment(): ChannelEnvironment {
  const g = globalThis as typeof globalThis & { BroadcastChannel?: typeof BroadcastChannel };
  let storage: Storage | undefined;
  try {
    storage = g.localStorage;
  } catch {
    storage = undefined; // denied (opaque origin, privacy settings)
  }
  return {
    broadcast: typeof g.BroadcastChannel === 'function' ? (name) => new g.BroadcastChannel!(name) : undefined,
    storage,
    events: typeof window !== 'undefined' ? window : undefined,
  };
}

const isMessage = (value: unknown): value is ChannelMessage =>
  typeof value === 'object' && value !== null && typeof (value as ChannelMessage).from === 'string';

/** Opens the channel; `onRemote` runs for every action another tab announces. */
export function openEvacuationChannel(
  onRemote: (message: ChannelMessage) => void,
  env: ChannelEnvironment = defaultEnvironment(),
): EvacuationChannel {
  const self = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  const heard = (value: unknown) => {
    if (isMessage(value) && value.from !== self) onRemote(value);
  };
  const channel = env.broadcast?.(CHANNEL_NAME);
  channel?.addEventListener('message', (event) => heard(event.data));
  const onStorage = (event: Event) => {
    const e = event as StorageEvent;
    if (e.key !== STORAGE_KEY || !e.newValue) return;
    try {
      heard(JSON.parse(e.newValue));
    } catch {
      // not ours, or cut short: ignore
    }
  };
  if (!channel) env.events?.addEventListener('storage', onStorage);

  return {
    announce(scope, uuid, action) {
      const message: ChannelMessage = { scope, uuid, action, from: self, at: Date.now() };
      if (channel) {
        channel.postMessage(message);
        return;
      }
      try {
        env.storage?.setItem(STORAGE_KEY, JSON.stringify(message));
      } catch {
        // storage full or denied: the other tabs catch up on their next poll
      }
    },
    close() {
      channel?.close();
      env.events?.removeEventListener('storage', onStorage);
    },
  };
}
