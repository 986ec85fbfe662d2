/**
 * One connection to the server's event stream (`GET /api/v2/events`, Server-Sent Events):
 * opened through the API client (so the token goes only to the API that issued it, and a
 * 401 is the session's business), read with `eventsource-parser` rather than a parser of
 * our own. The browser's EventSource cannot send the Authorization header, hence fetch.
 */
import { createParser } from 'eventsource-parser';
import { openStream } from '../api/client.ts';

export const EVENTS_PATH = '/api/v2/events';

export interface StreamEvent {
  /** The event's id (the stream's cursor), when it has one. */
  id: string | undefined;
  type: string;
  /** The event's JSON data; undefined when it was not JSON. */
  data: unknown;
}

export interface StreamOptions {
  /** The last event id seen: the server replays what came after it. */
  cursor?: string | undefined;
  /** Without a cursor: replay what happened since this time (ms since epoch). */
  since?: number | undefined;
  signal: AbortSignal;
  /** The server answered 200: the stream is open. */
  onOpen(): void;
  onEvent(event: StreamEvent): void;
  /** Anything arrived (an event or the heartbeat comment): the connection is alive. */
  onAlive(): void;
}

function parse(data: string): unknown {
  try {
    return JSON.parse(data) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Reads the stream until it ends. Resolves when the server closes it; rejects with the
 * API client's error when it could not be opened (404 or 501: the API has no stream), or
 * with the reader's when the connection broke or was aborted.
 */
export async function readStream(options: StreamOptions): Promise<void> {
  const query: Record<string, string> = {};
  if (options.cursor !== undefined) query.last_event_id = options.cursor;
  else if (options.since !== undefined) query.since = String(Math.floor(options.since));
  const response = await openStream(EVENTS_PATH, { query, signal: options.signal });
  const type = response.headers.get('Content-Type') ?? '';
  if (!type.startsWith('text/event-stream') || !response.body) {
    void response.body?.cancel();
    throw new TypeError('not an event stream');
  }
  options.onOpen();
  const parser = createParser({
    onEvent: (event) => {
      options.onAlive();
      options.onEvent({ id: event.id, type: event.event ?? 'message', data: parse(event.data) });
    },
    onComment: () => options.onAlive(),
  });
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  const abort = () => void reader.cancel().catch(() => {});
  options.signal.addEventListener('abort', abort);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      parser.feed(value);
    }
  } finally {
    options.signal.removeEventListener('abort', abort);
  }
}
