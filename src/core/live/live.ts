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
import './caches.ts';
import { $currentUser } from '../session/session.ts';
import { openLiveChannel, type LiveChannel, type LiveMessage } from './channel.ts';
import { connectLoop, startPolling, stopPolling } from './connection.ts';
import { HIDDEN_GRACE_MS } from './events.ts';
import { electLeader, type Election } from './leader.ts';
import { missedSince, readCursor, writeCursor } from './memory.ts';
import { live, postStatus, setState, type FallbackPoll, type Run } from './run.ts';
import { $liveState, IDLE } from './state.ts';
import { dispatchTopics, type Topic } from './topics.ts';

export type { FallbackPoll } from './run.ts';

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
  writeCursor(run.user, run.cursor);
}

/**
 * A tab that starts listening (its `hello`) loaded its first answers before it listened: a
 * change the stream told of in between reached every tab but that one, and its statuses,
 * vouched for by the stream from then on, would never load again. The leader tells it alone
 * what changed since its page started, or to load everything again when its own stream did
 * not cover that time. (Without a stream nothing is vouched for: every tab polls.)
 */
function catchUp(run: Run, to: string, since: number | undefined): void {
  if (!run.election.leading || since === undefined) return;
  const topics = missedSince($liveState.get(), run.recent, since);
  if (topics.length) run.channel.post({ kind: 'nudge', user: run.user, topics, to });
}
