/**
 * `GET /api/v2/events`: the live events of events.ts as Server-Sent Events, for the signed-in
 * user (the `authenticate` middleware answers 401 and, before the terms, 403 first). A
 * `Last-Event-ID` header (or `?last_event_id=`, for clients that cannot set headers) resumes
 * after that event; without one, `?since=` (ms since the epoch, when the client's page loaded)
 * replays what was logged from then on, so nothing between the page's first loads and the
 * stream is missed.
 */
import { streamSSE } from 'hono/streaming';
import type { App, Deps } from '../http.ts';
import { bearerHash } from './auth.ts';

export function eventRoutes(app: App, { events }: Deps): void {
  app.get('/api/v2/events', (c) => {
    // Hono answers HEAD through the GET route: headers only, no stream to leave open.
    if (c.req.method === 'HEAD') return c.body(null, 200, { 'Content-Type': 'text/event-stream' });
    const user = c.get('user');
    const tokenHash = bearerHash(c)!;
    const lastEventId = c.req.header('Last-Event-ID') ?? c.req.query('last_event_id');
    // Not to be held back by a buffering proxy (nginx); compress() leaves event streams alone.
    c.header('X-Accel-Buffering', 'no');
    return streamSSE(c, async (stream) => {
      const open = events.open(
        user.id,
        tokenHash,
        lastEventId,
        {
          write: (chunk) => stream.write(chunk),
          close: () => void stream.close(),
        },
        c.req.query('since'),
      );
      stream.onAbort(() => open.close());
      c.req.raw.signal.addEventListener('abort', () => open.close(), { once: true });
      await open.done;
    });
  });
}
