/**
 * `GET /api/v2/events`: the live events of events.ts as Server-Sent Events, for the signed-in
 * user (the `authenticate` middleware answers 401 and, before the terms, 403 first). A
 * `Last-Event-ID` header (or `?last_event_id=`, for clients that cannot set headers) resumes
 * after that event; without one, `?since=` (ms since the epoch, when the client's page loaded)
 * replays what was logged from then on, so nothing between the page's first loads and the
 * stream is missed.
 *
 * Streams and replays are bounded (limits.ts, docs/security.md "Limits that protect
 * everyone"): too many streams for the session, the user or the address, too many replays
 * of the session this minute, or too many replays being written at once answer 429 with
 * `Retry-After` before any work is done.
 */
import { streamSSE } from 'hono/streaming';
import type { App, Deps } from '../http.ts';
import { clientAddress, Quotas, STREAM_RETRY_AFTER_S, TooManyAttempts } from '../limits.ts';
import { bearerHash } from './auth.ts';

export function eventRoutes(app: App, { events, quotas }: Deps): void {
  app.get('/api/v2/events', (c) => {
    // Hono answers HEAD through the GET route: headers only, no stream to leave open.
    if (c.req.method === 'HEAD') return c.body(null, 200, { 'Content-Type': 'text/event-stream' });
    const user = c.get('user');
    const tokenHash = bearerHash(c)!;
    const lastEventId = c.req.header('Last-Event-ID') ?? c.req.query('last_event_id');
    const since = c.req.query('since');
    const address = clientAddress(c);
    const { limits } = quotas;
    const open = events.openCounts(user.id, tokenHash, address);
    if (open.session >= limits.streamsPerSession || open.user >= limits.streamsPerUser || open.address >= limits.streamsPerAddress)
      throw new TooManyAttempts(STREAM_RETRY_AFTER_S);
    if (lastEventId?.trim() || since?.trim()) {
      if (events.replaysInFlight >= limits.replaysInFlight) throw new TooManyAttempts(1);
      Quotas.take(quotas.replays, tokenHash);
    }
    // Not to be held back by a buffering proxy (nginx); compress() leaves event streams alone.
    c.header('X-Accel-Buffering', 'no');
    return streamSSE(c, async (stream) => {
      const opened = events.open(
        user.id,
        tokenHash,
        lastEventId,
        {
          write: (chunk) => stream.write(chunk),
          close: () => void stream.close(),
        },
        since,
        address,
      );
      stream.onAbort(() => opened.close());
      c.req.raw.signal.addEventListener('abort', () => opened.close(), { once: true });
      await opened.done;
    });
  });
}
