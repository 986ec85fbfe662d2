/**
 * The leader's connection to the server's event stream, and the poll that stands in for it:
 * reconnects with backoff, watches for silence, and tells every tab which topics changed.
 */
import { isApiError } from '../api/client.ts';
import { documentVisibility } from '../browser/visibility.ts';
import { liveIntervalMs } from './config.ts';
import { FALLBACK_AFTER_FAILURES, RETRY_AFTER_MAX_MS, SILENCE_MS, reconnectDelay, topicOf } from './events.ts';
import { remember, writeCursor } from './memory.ts';
import { createPoller } from './poller.ts';
import { confirmed, failing, live, postStatus, setState, type Run } from './run.ts';
import { $liveState } from './state.ts';
import { readStream, type StreamEvent } from './stream.ts';
import { dispatchTopics, type Topic, type TopicHint } from './topics.ts';

export function changed(run: Run, topics: Topic[], hint: TopicHint = {}): void {
  if (topics.length === 0) return;
  dispatchTopics(topics, hint);
  run.recent = remember(run.recent, topics);
  run.channel.post({ kind: 'nudge', user: run.user, topics });
}
const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

export async function connectLoop(run: Run): Promise<void> {
  const controller = new AbortController();
  run.abort?.abort();
  run.abort = controller;
  const { signal } = controller;
  while (!signal.aborted && live.run === run) {
    const connection = new AbortController();
    const onAbort = () => connection.abort();
    signal.addEventListener('abort', onAbort);
    let watchdog: ReturnType<typeof setTimeout> | undefined;
    const alive = () => {
      clearTimeout(watchdog);
      watchdog = setTimeout(() => connection.abort(), SILENCE_MS);
    };
    let opened = false;
    /** What the server asked us to wait (a 429's or 503's `Retry-After`), in ms. */
    let asked = 0;
    try {
      await readStream({
        cursor: run.cursor,
        since: run.cursor === undefined ? live.startedAt : undefined,
        signal: connection.signal,
        onOpen: () => {
          opened = true;
          alive();
        },
        onAlive: () => {
          alive();
          if ($liveState.get().mode === 'stream') confirmed(run);
        },
        onEvent: (event) => onEvent(run, event),
      });
    } catch (e) {
      if (signal.aborted || live.run !== run) break;
      if (isApiError(e) && (e.status === 404 || e.status === 501)) {
        // This API has no stream: poll, as before there was one.
        run.unsupported = true;
        startPolling(run);
        break;
      }
      if (isApiError(e) && (e.status === 401 || e.status === 403)) {
        // The session deals with it (sign-out, the terms); a new user starts a new run.
        break;
      }
      // Too many streams or replays (429), or a busy server: a failure like any other, and
      // never sooner than the server asked (at most RETRY_AFTER_MAX_MS: a stale header must not park us).
      if (isApiError(e) && e.retryAfter !== undefined) asked = Math.min(RETRY_AFTER_MAX_MS, e.retryAfter * 1000);
    } finally {
      clearTimeout(watchdog);
      signal.removeEventListener('abort', onAbort);
    }
    if (signal.aborted || live.run !== run) break;
    // The stream ended or broke: not live any more until it is back.
    failing(run);
    run.failures = opened ? 1 : run.failures + 1;
    if (run.failures >= FALLBACK_AFTER_FAILURES || $liveState.get().mode === 'stream') {
      if (run.failures >= FALLBACK_AFTER_FAILURES) startPolling(run);
      else setState({ mode: 'polling' });
    }
    await sleep(Math.max(asked, reconnectDelay(run.failures)), signal);
  }
}

function onEvent(run: Run, event: StreamEvent): void {
  if (event.id !== undefined && /^\d{1,20}$/.test(event.id)) run.cursor = event.id;
  if (event.type === 'ready') {
    const resumed = (event.data as { resumed?: unknown } | undefined)?.resumed === true;
    const first = !run.connected;
    run.connected = true;
    run.failures = 0;
    stopPolling(run);
    const s = $liveState.get();
    // Since when nothing was missed: this page's start on the first connection (the server
    // replayed from it), unchanged after a replay, now after anything else.
    const streamSince = first ? live.startedAt : resumed && s.streamSince !== undefined ? s.streamSince : Date.now();
    confirmed(run, { mode: 'stream', streamSince });
    if (!first && !resumed) changed(run, ['resync']);
    writeCursor(run.user, run.cursor);
    return;
  }
  const what = topicOf(event);
  if (what) {
    if (what.topic === 'resync') setState({ streamSince: Date.now() });
    changed(run, [what.topic], what.hint);
  }
  confirmed(run);
  writeCursor(run.user, run.cursor);
}

export function startPolling(run: Run): void {
  if (run.poller) return;
  setState({ mode: 'polling' });
  postStatus(run);
  run.poller = createPoller({
    intervalMs: liveIntervalMs(),
    visibility: documentVisibility,
    tick: async () => {
      const results = await Promise.allSettled([...live.polls].map((poll) => poll()));
      if (live.run !== run || !run.poller) return;
      const topics = new Set<Topic>();
      for (const r of results) if (r.status === 'fulfilled') r.value.forEach((t) => topics.add(t));
      // The module that polled has its data; the other tabs load theirs.
      if (topics.size) run.channel.post({ kind: 'nudge', user: run.user, topics: [...topics] });
      const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
      if (failed) {
        failing(run);
        throw failed.reason;
      }
      if ($liveState.get().mode === 'polling') confirmed(run);
    },
  });
  run.poller.start();
}

export function stopPolling(run: Run): void {
  run.poller?.stop();
  run.poller = null;
}
