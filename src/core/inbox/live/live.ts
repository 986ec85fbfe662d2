/**
 * Live updates of the inbox: while a page is visible, the unread count and the shown
 * lists refresh on their own. One tab of the browser polls (see leader.ts) — one set of
 * requests per interval however many elements and tabs show the inbox — and tells the
 * others through a BroadcastChannel what it found. New items are merged on top of the
 * lists (page 1 only, never the whole list); incidents that arrive raise alerts and
 * `onIncidentReceived` listeners (the elements turn them into events).
 */
import * as Answers from '../../api/answer-names.ts';
import type { Incident } from '../../api/contract.ts';
import { isUnauthorized, request } from '../../api/client.ts';
import { $language } from '../../i18n/languages.ts';
import { $currentUser, $unreadCount, validateUser } from '../../session/session.ts';
import { shared } from '../../shared.ts';

export type { LiveResult } from './hub.ts';
import { announceIncidents } from './alerts.ts';
import { deliver, LIVE_PAGE_SIZE, type LiveNews, type LiveResult } from './hub.ts';
import { liveIntervalMs } from './config.ts';
import { electLeader, type Election } from './leader.ts';
import { createPoller, type Poller } from './poller.ts';

/** What an element needs kept fresh: the unread count, or the incidents (lists and alerts). */
export type LiveNeed = 'unread' | 'incidents';

type Message =
  | LiveResult
  | { type: 'needs'; tab: string; user: string; needs: LiveNeed[] }
  | { type: 'leader'; tab: string }
  | { type: 'bye'; tab: string };

interface Running {
  user: string;
  channel: BroadcastChannel | null;
  election: Election;
  poller: Poller | null;
  intervalMs: number;
}

const CHANNEL = 'vigil-live';
const SEEN_LIMIT = 2000;

const live = shared('inbox.live', () => ({
  tab: Math.random().toString(36).slice(2),
  watchers: { unread: 0, incidents: 0 } as Record<LiveNeed, number>,
  remote: new Map<string, { needs: LiveNeed[]; at: number }>(),
  running: null as Running | null,
  startedAt: Date.now(),
  /** The last poll of any tab; the page's own data counts as one from when it started. */
  lastAt: Date.now(),
  seen: new Set<string>(),
  listeners: new Set<(incident: Incident) => void>(),
  userWatch: null as null | (() => void),
}));

const localNeeds = (): LiveNeed[] => (['unread', 'incidents'] as const).filter((n) => live.watchers[n] > 0);

function post(message: Message): void {
  try {
    live.running?.channel?.postMessage(message);
  } catch {
    // channel closed
  }
}

/** Calls `listener` with each incident that arrives while the page is open (oldest first). */
export function onIncidentReceived(listener: (incident: Incident) => void): () => void {
  live.listeners.add(listener);
  return () => live.listeners.delete(listener);
}

/**
 * Keeps `needs` fresh while the returned function is not called (an element is shown).
 * The first watcher of a signed-in page starts live updates, the last one stops them.
 */
export function watchLive(needs: readonly LiveNeed[]): () => void {
  for (const n of needs) live.watchers[n]++;
  live.userWatch ??= $currentUser.listen(() => restart());
  if (!live.running) start();
  else announce();
  let done = false;
  return () => {
    if (done) return;
    done = true;
    for (const n of needs) live.watchers[n]--;
    if (localNeeds().length === 0) stop();
    else announce();
  };
}

function announce(): void {
  const run = live.running;
  if (run && !run.election.leading) post({ type: 'needs', tab: live.tab, user: run.user, needs: localNeeds() });
}

/** The user live updates run for: signed in and past the terms (the server refuses the rest). */
function liveUser() {
  const user = $currentUser.get();
  return user?.terms_accepted_web_portal === true ? user : null;
}

function start(): void {
  const user = liveUser();
  if (live.running || !user || localNeeds().length === 0) return;
  const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(CHANNEL) : null;
  const intervalMs = liveIntervalMs();
  const run: Running = { user: user.username, channel, intervalMs, poller: null, election: null as unknown as Election };
  live.running = run;
  if (channel) channel.onmessage = (event: MessageEvent<Message>) => receive(event.data);
  run.election = electLeader({
    // Without a channel the other tabs could not follow: every tab then polls for itself.
    name: `vigil-live:${user.username}`,
    ...(channel ? {} : { locks: null, storage: null }),
    onLead() {
      post({ type: 'leader', tab: live.tab });
      run.poller = createPoller({ intervalMs, tick: poll });
      run.poller.start(live.lastAt);
    },
    onFollow() {
      run.poller?.stop();
      run.poller = null;
      announce();
    },
  });
  announce();
}

function stop(): void {
  const run = live.running;
  if (!run) return;
  post({ type: 'bye', tab: live.tab });
  live.running = null;
  run.election.stop();
  run.poller?.stop();
  run.channel?.close();
}

function restart(): void {
  const user = liveUser();
  if (live.running && live.running.user === user?.username) return;
  stop();
  live.remote.clear();
  if (user) start();
}

function receive(message: Message): void {
  const run = live.running;
  if (!run) return;
  switch (message.type) {
    case 'result':
      if (message.user === run.user) apply(message, false);
      announce(); // followers keep their needs fresh in the leader's eyes
      break;
    case 'needs':
      if (message.user === run.user) live.remote.set(message.tab, { needs: message.needs, at: Date.now() });
      break;
    case 'leader':
      announce();
      break;
    case 'bye':
      live.remote.delete(message.tab);
      break;
  }
}

function wanted(intervalMs: number): Set<LiveNeed> {
  const needs = new Set(localNeeds());
  for (const [tab, entry] of live.remote) {
    if (Date.now() - entry.at > 3 * intervalMs + 60_000) live.remote.delete(tab);
    else entry.needs.forEach((n) => needs.add(n));
  }
  return needs;
}

/** One poll (leader only): the unread count and, when anyone shows them, the newest incidents. */
export async function poll(): Promise<void> {
  const run = live.running;
  const user = $currentUser.get();
  if (!run || !user) return;
  const needs = wanted(run.intervalMs);
  const [unread, incidents] = await Promise.allSettled([
    needs.has('unread')
      ? request('GET', '/api/v2/notifications', Answers.notifications, {
          query: { 'filter[unread]': 'true', locale: $language.get(), per_page: 1 },
        })
      : null,
    needs.has('incidents')
      ? request('GET', '/api/v2/incidents', Answers.incidents, { query: { page: 1, per_page: LIVE_PAGE_SIZE } })
      : null,
  ]);
  if (live.running !== run || $currentUser.get()?.token !== user.token) return;
  const result: LiveResult = { type: 'result', user: run.user, at: Date.now() };
  if (unread.status === 'fulfilled' && unread.value) {
    const newest = unread.value.data[0];
    result.unread = { count: unread.value.meta.total, newest: newest ? { uuid: newest.uuid, created_at: newest.created_at } : null };
  }
  if (incidents.status === 'fulfilled' && incidents.value)
    result.incidents = { data: incidents.value.data, total: incidents.value.meta.total };
  apply(result, true);
  post(result);
  const failed = [unread, incidents].filter((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed.some((r) => isUnauthorized(r.reason))) void validateUser();
  if (failed.length) throw failed[0]!.reason;
}

// The server keeps whole seconds: an incident of the very second the page started counts as new.
const after = (iso: string, time: number) => Date.parse(iso) + 1000 > time;

/** Applies a poll's result to this tab: count, list merges, alerts. */
export function apply(result: LiveResult, leader: boolean): void {
  live.lastAt = Math.max(live.lastAt, result.at);
  const news: LiveNews = { newestUnread: result.unread?.newest ?? null };
  if (result.unread) {
    const { count } = result.unread;
    if ($unreadCount.get() !== count) $unreadCount.set(count);
  }
  deliver(result, news);
  if (result.incidents) {
    const { data } = result.incidents;
    const fresh = data.filter((i) => !live.seen.has(i.uuid) && after(i.occurred_at, live.startedAt)).reverse();
    for (const i of data) live.seen.add(i.uuid);
    if (live.seen.size > SEEN_LIMIT) live.seen = new Set([...live.seen].slice(-SEEN_LIMIT / 2));
    if (fresh.length) {
      for (const incident of fresh) for (const listener of live.listeners) listener(incident);
      announceIncidents(fresh, leader);
    }
  }
}

/** For tests: forget everything (stops polling). */
export function resetLive(): void {
  stop();
  live.userWatch?.();
  live.userWatch = null;
  live.watchers = { unread: 0, incidents: 0 };
  live.remote.clear();
  live.seen.clear();
  live.lastAt = Date.now();
  live.startedAt = Date.now();
  live.listeners.clear();
}
