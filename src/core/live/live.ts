/**
 * The one live channel of the page (and of the browser): every freshness need goes through
 * it — the inbox lists and unread count, the evacuation statuses and the alarm bar, the
 * systems' online state.
 *
 * - One tab of the browser leads (Web Locks, leader.ts) and holds the one connection to the
 *   server's event stream (stream.ts); the other tabs hear from it over a BroadcastChannel
 *   (channel.ts) which topics changed, and every tab loads those through its own shared
 *   resources (topics.ts). No message between tabs carries data that is shown.
 * - When the leader closes, the next tab takes over where it stopped: the stream's cursor
 *   is kept in localStorage and the server replays what came after it.
 * - The connection comes back by itself (exponential backoff with jitter, 30 s at most). When
 *   the API has no stream (404, 501), or it failed three times in a row, the leader polls
 *   on the old timers until the stream is back; when neither works for 15 s the state says
 *   `paused` and the screens say so, until one works again.
 * - A hidden leader keeps the stream for 5 minutes, or for as long as desktop alerts are on;
 *   after that it lets go and, shown again, reconnects (the server replays, or says
 *   `reset` and every topic loads once again).
 *
 * Its own chunk, loaded after first paint: nothing in the first load imports it.
 */
import { isApiError } from '../api/client.ts';
import { safeStorage } from '../browser/storage.ts';
import { documentVisibility } from '../browser/visibility.ts';
import './caches.ts';
import { liveIntervalMs } from './config.ts';
import { $currentUser } from '../session/session.ts';
import { shared } from '../shared.ts';
import { openLiveChannel, type LiveChannel, type LiveMessage } from './channel.ts';
import { electLeader, type Election } from './leader.ts';
import { createPoller, type Poller } from './poller.ts';
import { $liveState, IDLE, PAUSED_AFTER_MS, type LiveState } from './state.ts';
import { readStream, type StreamEvent } from './stream.ts';
import { dispatchTopics, type Topic, type TopicHint } from './topics.ts';

/** Reconnect waits: 1 s, 2 s, 4 s … up to 30 s, each drawn between half and all of it. */
export const BACKOFF_BASE_MS = 1000;
export const BACKOFF_MAX_MS = 30_000;
/** Failed connections in a row after which the leader polls meanwhile. */
export const FALLBACK_AFTER_FAILURES = 3;
/** Nothing at all for this long (three heartbeats): the connection is dead, open another. */
export const SILENCE_MS = 45_000;
/** How long a hidden leader keeps the stream when desktop alerts are off. */
export const HIDDEN_GRACE_MS = 5 * 60_000;
/** A cursor older than this is not taken over (a new page asks from its own start). */
const CURSOR_FRESH_MS = 60_000;
/** How long the leader remembers what changed, for a tab that starts listening later. */
const RECENT_MS = 60_000;

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

/** A poll of the fallback: loads what it owns and says which topics changed. */
export type FallbackPoll = () => Promise<Topic[]>;

interface Run {
  user: string;
  channel: LiveChannel;
  election: Election;
  /** The leader's connection loop, while leading. */
  abort: AbortController | null;
  poller: Poller | null;
  failures: number;
  /** No stream to be had from this API: poll for the rest of the run. */
  unsupported: boolean;
  cursor: string | undefined;
  /** Whether this page's leader connected before (a reconnect without replay resyncs). */
  connected: boolean;
  pausedTimer: ReturnType<typeof setTimeout> | undefined;
  /** Since when the connection (or the poll) keeps failing; undefined while it works. */
  failingSince: number | undefined;
  lastStatusAt: number;
  /** What the leader heard of lately, and when (for {@link catchUp}). */
  recent: { topics: Topic[]; at: number }[];
}

const live = shared('live.runner', () => ({
  watchers: 0,
  run: null as Run | null,
  /**
   * When this page started (its navigation, not this module's late load): the first
   * connection asks for what happened since, so a change made while the page's first
   * answers were on screen and this code was still loading is not missed.
   */
  startedAt: Math.floor(performance.timeOrigin),
  userWatch: null as null | (() => void),
  polls: new Set<FallbackPoll>(),
  holds: new Set<() => boolean>(),
}));

const cursorKey = (user: string) => `vigil.live.cursor.${user}`;

function readCursor(user: string): string | undefined {
  try {
    const raw = JSON.parse(safeStorage()?.getItem(cursorKey(user)) ?? 'null') as { id?: unknown; at?: unknown } | null;
    if (
      raw &&
      typeof raw.id === 'string' &&
      /^\d{1,20}$/.test(raw.id) &&
      typeof raw.at === 'number' &&
      Date.now() - raw.at < CURSOR_FRESH_MS
    )
      return raw.id;
  } catch {
    // unreadable: start from this page's start
  }
  return undefined;
}

function writeCursor(run: Run): void {
  if (run.cursor === undefined) return;
  try {
    safeStorage()?.setItem(cursorKey(run.user), JSON.stringify({ id: run.cursor, at: Date.now() }));
  } catch {
    // storage full or denied: a new leader then starts from its own page's start
  }
}

/** Registers the fallback poll of a module (the inbox); returns the unregister. */
export function registerFallbackPoll(poll: FallbackPoll): () => void {
  live.polls.add(poll);
  return () => live.polls.delete(poll);
}

/** While `hold()` is true a hidden leader keeps the stream (desktop alerts are on). */
export function holdWhileHidden(hold: () => boolean): () => void {
  live.holds.add(hold);
  live.run?.election.update();
  return () => {
    live.holds.delete(hold);
    live.run?.election.update();
  };
}

/** Whether this tab leads (holds the stream, shows desktop alerts). */
export function isLeader(): boolean {
  return live.run?.election.leading ?? false;
}

/**
 * Keeps the page live while the returned function is not called (an element is shown).
 * The first watcher of a signed-in page starts it, the last one stops it.
 */
export function watchLive(): () => void {
  live.watchers++;
  live.userWatch ??= $currentUser.listen(() => restart());
  if (!live.run) start();
  let done = false;
  return () => {
    if (done) return;
    done = true;
    live.watchers--;
    if (live.watchers === 0) stop();
  };
}

/**
 * Tells the other tabs that `topics` changed (after an action this tab sent), when no stream
 * tells them: while the page holds a healthy stream (here or in the leading tab), the
 * server's own event reaches every tab, usually before this tab has even read the action's
 * answer. A second nudge for the same change would make every tab ask again and drop the
 * answers it is already waiting for (a load renewed after a change never shares one sent
 * before), which on a busy machine put the change on screen a whole round trip later.
 */
export function announce(topics: Topic[]): void {
  const run = live.run;
  if (!run) return;
  const { mode, paused } = $liveState.get();
  if (mode === 'stream' && !paused) return;
  run.channel.post({ kind: 'nudge', user: run.user, topics });
}

function liveUser() {
  const user = $currentUser.get();
  return user?.terms_accepted_web_portal === true ? user : null;
}

function setState(change: Partial<LiveState>): void {
  const next = { ...$liveState.get(), ...change };
  const now = $liveState.get();
  if (next.mode !== now.mode || next.paused !== now.paused || next.confirmedAt !== now.confirmedAt || next.streamSince !== now.streamSince)
    $liveState.set(next);
}

function postStatus(run: Run): void {
  const s = $liveState.get();
  if (s.mode === 'idle' || !run.election.leading) return;
  run.lastStatusAt = Date.now();
  run.channel.post({
    kind: 'status',
    user: run.user,
    mode: s.mode,
    paused: s.paused,
    confirmedAt: s.confirmedAt ?? null,
    streamSince: s.streamSince ?? null,
    streamUntil: s.streamUntil ?? null,
  });
}

/** The server confirmed that nothing was missed, now. */
function confirmed(run: Run, change: Partial<LiveState> = {}): void {
  run.failingSince = undefined;
  clearTimeout(run.pausedTimer);
  const wasPaused = $liveState.get().paused;
  const now = Date.now();
  const mode = change.mode ?? $liveState.get().mode;
  setState({ ...change, paused: false, confirmedAt: now, ...(mode === 'stream' ? { streamUntil: now } : {}) });
  // Followers hear of it at most every 5 s (so with each heartbeat), at once on a change.
  if (wasPaused || change.mode !== undefined || change.streamSince !== undefined || Date.now() - run.lastStatusAt > 5000) postStatus(run);
}

/**
 * The stream broke or a poll failed: unless something works again first, the state says
 * `paused` once nothing was confirmed for {@link PAUSED_AFTER_MS}. (A quiet stream is not a
 * failure: its heartbeat keeps it confirmed, and the watchdog ends a silent one.)
 */
function failing(run: Run): void {
  if (run.failingSince !== undefined) return;
  run.failingSince = Date.now();
  const since = $liveState.get().confirmedAt ?? live.startedAt;
  run.pausedTimer = setTimeout(
    () => {
      if (live.run !== run || run.failingSince === undefined || !run.election.leading) return;
      setState({ paused: true });
      postStatus(run);
    },
    Math.max(0, since + PAUSED_AFTER_MS - Date.now()),
  );
}

function start(): void {
  const user = liveUser();
  if (live.run || !user || live.watchers === 0) return;
  const run: Run = {
    user: user.username,
    channel: null as unknown as LiveChannel,
    election: null as unknown as Election,
    abort: null,
    poller: null,
    failures: 0,
    unsupported: false,
    cursor: undefined,
    connected: false,
    pausedTimer: undefined,
    failingSince: undefined,
    lastStatusAt: 0,
    recent: [],
  };
  live.run = run;
  run.channel = openLiveChannel((message) => receive(run, message));
  run.election = electLeader({
    // Without a channel the other tabs could not follow: every tab then leads for itself.
    name: `vigil-live:${user.username}`,
    ...(run.channel.shared ? {} : { locks: null, storage: null }),
    hiddenGraceMs: HIDDEN_GRACE_MS,
    holdWhileHidden: () => [...live.holds].some((hold) => hold()),
    onLead: () => lead(run),
    onFollow: () => follow(run),
  });
  if (!run.election.leading) run.channel.post({ kind: 'hello', user: run.user, since: live.startedAt });
}

function stop(): void {
  const run = live.run;
  if (!run) return;
  live.run = null;
  run.election.stop();
  follow(run);
  run.channel.close();
  $liveState.set(IDLE);
}

function restart(): void {
  const user = liveUser();
  if (live.run && live.run.user === user?.username) return;
  stop();
  if (user) start();
}

function receive(run: Run, message: LiveMessage): void {
  if (live.run !== run || message.user !== run.user) return;
  switch (message.kind) {
    case 'nudge':
      dispatchTopics(message.topics);
      break;
    case 'status':
      if (run.election.leading) return;
      setState({
        mode: message.mode,
        paused: message.paused,
        confirmedAt: message.confirmedAt ?? undefined,
        streamSince: message.streamSince ?? undefined,
        streamUntil: message.streamUntil ?? undefined,
      });
      break;
    case 'hello':
      postStatus(run);
      catchUp(run, message.from, message.since);
      break;
  }
}

function lead(run: Run): void {
  // Where the last leader stopped; else where this tab stopped leading (a hidden tab that let
  // go): the server replays from there, or says reset when that is too long ago.
  run.cursor = readCursor(run.user) ?? run.cursor;
  run.failures = 0;
  if (run.unsupported) startPolling(run);
  else void connectLoop(run);
}

function follow(run: Run): void {
  run.abort?.abort();
  run.abort = null;
  stopPolling(run);
  clearTimeout(run.pausedTimer);
  writeCursor(run);
}

function changed(run: Run, topics: Topic[], hint: TopicHint = {}): void {
  if (topics.length === 0) return;
  dispatchTopics(topics, hint);
  remember(run, topics);
  run.channel.post({ kind: 'nudge', user: run.user, topics });
}

function remember(run: Run, topics: Topic[]): void {
  const now = Date.now();
  run.recent = run.recent.filter((r) => now - r.at < RECENT_MS);
  run.recent.push({ topics, at: now });
}

/**
 * A tab that starts listening (its `hello`) loaded its first answers before it listened: a
 * change the stream told of in between reached every tab but that one, and its statuses,
 * vouched for by the stream from then on, would never load again. The leader tells it alone
 * what changed since its page started, or to load everything again when its own stream did
 * not cover that time. (Without a stream nothing is vouched for: every tab polls.)
 */
function catchUp(run: Run, to: string, since: number | undefined): void {
  const s = $liveState.get();
  if (!run.election.leading || since === undefined || s.mode !== 'stream') return;
  const topics: Topic[] =
    s.streamSince === undefined || s.streamSince > since
      ? ['resync']
      : [...new Set(run.recent.filter((r) => r.at >= since).flatMap((r) => r.topics))];
  if (topics.length) run.channel.post({ kind: 'nudge', user: run.user, topics, to });
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

async function connectLoop(run: Run): Promise<void> {
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
    writeCursor(run);
    return;
  }
  const what = topicOf(event);
  if (what) {
    if (what.topic === 'resync') setState({ streamSince: Date.now() });
    changed(run, [what.topic], what.hint);
  }
  confirmed(run);
  writeCursor(run);
}

function startPolling(run: Run): void {
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

function stopPolling(run: Run): void {
  run.poller?.stop();
  run.poller = null;
}
