/**
 * Live updates of the inbox, on the page's live channel (core/live): when the server says
 * that an incident or a notification arrived, or that an incident was handled (in this
 * tab's stream, or in the leading tab's, which nudges the others), this tab loads the
 * unread count, the newest incidents and the open-incidents count itself — never the
 * content of a message between tabs. New items are merged on top of the lists (page 1
 * only, never the whole list); incidents that arrive raise alerts and `onIncidentReceived`
 * listeners (the elements turn them into events). Where incidents are watched, the portal
 * offers desktop alerts (once per account and device). Without a stream the leading tab
 * polls through the same loads and nudges the others when something changed.
 */
import * as Answers from '../../api/answer-names.ts';
import type { Incident } from '../../api/contract.ts';
import { request } from '../../api/client.ts';
import { $language } from '../../i18n/languages.ts';
import { holdWhileHidden, isLeader, registerFallbackPoll, watchLive as watchChannel } from '../../live/live.ts';
import { lastTold, onTopic, type Topic } from '../../live/topics.ts';
import { $currentUser, $unreadCount } from '../../session/session.ts';
import { shared } from '../../shared.ts';
import { $openIncidents } from '../open.ts';
import { raiseAlarm, watchEvacuationAlarms } from '../../alarm/alarm.ts';
import { keepAppBadge } from '../../push/badge.ts';

export type { LiveResult } from './hub.ts';
import { offerDesktopAlerts } from './alert-offer.ts';
import { $alertPrefs, notificationPermission } from './alert-prefs.ts';
import { announceIncidents } from './alerts.ts';
import { deliver, LIVE_PAGE_SIZE, type LiveResult } from './hub.ts';

/**
 * What an element needs kept fresh: the unread count, the incidents (lists and alerts), or
 * the open-incidents count (`$openIncidents`).
 */
export type LiveNeed = 'unread' | 'incidents' | 'open';
const NEEDS: readonly LiveNeed[] = ['unread', 'incidents', 'open'];
/** The topics that change what each need loads. */
const TOLD_BY: Record<LiveNeed, readonly Topic[]> = {
  unread: ['notifications', 'resync'],
  incidents: ['incidents', 'resync'],
  open: ['incidents', 'resync'],
};

const SEEN_LIMIT = 2000;

const live = shared('inbox.live', () => ({
  watchers: { unread: 0, incidents: 0, open: 0 } as Record<LiveNeed, number>,
  /** When each need last started loading here (0: never). */
  loadedAt: { unread: 0, incidents: 0, open: 0 } as Record<LiveNeed, number>,
  /**
   * When the page started (its navigation, not this module's late load, as the channel's
   * replay): an incident that arrived after it is new, also when it came while this code
   * was still on its way.
   */
  startedAt: Math.floor(performance.timeOrigin),
  seen: new Set<string>(),
  listeners: new Set<(incident: Incident) => void>(),
  /** Loads under way, by need, and whether another was asked for meanwhile. */
  loading: new Map<LiveNeed, { again: boolean; done: Promise<void> }>(),
  /** The subscriptions to the live channel (made with the first watcher). */
  hooks: [] as (() => void)[],
  /** The signed-in token the open count follows (see `hook`). */
  openFor: undefined as string | undefined,
  /** The newest incident the last load saw (the fallback's poll tells the other tabs when it changes). */
  newest: undefined as string | undefined,
}));

/** Calls `listener` with each incident that arrives while the page is open (oldest first). */
export function onIncidentReceived(listener: (incident: Incident) => void): () => void {
  live.listeners.add(listener);
  return () => live.listeners.delete(listener);
}

function hook(): void {
  if (live.hooks.length) return;
  live.openFor = signedIn();
  live.hooks = [
    onTopic('incidents', () => void refresh(['incidents', 'open'])),
    onTopic('notifications', () => void refresh(['unread'])),
    onTopic('resync', () => void refresh(NEEDS)),
    // A sign-in, or the terms accepted (the server answers nothing before): the count of the
    // user now signed in ($openIncidents forgot the previous user's), also when a load for
    // the previous one is still on its way (its answer is dropped).
    $currentUser.listen(() => {
      const token = signedIn();
      if (token === live.openFor) return;
      live.openFor = token;
      if (token) void refresh(['open']);
    }),
    registerFallbackPoll(fallbackPoll),
    // A security alert must reach a tab in the background: with desktop alerts on, the
    // leading tab keeps the stream while hidden.
    holdWhileHidden(() => $alertPrefs.get().enabled && notificationPermission() === 'granted'),
    // The alarm you can hear: real evacuations here, critical incidents in `apply`.
    watchEvacuationAlarms(),
    // The installed portal's badge follows the open count while a tab is open.
    keepAppBadge(),
  ];
}

/**
 * Keeps `needs` fresh while the returned function is not called (an element is shown).
 */
export function watchLive(needs: readonly LiveNeed[]): () => void {
  hook();
  for (const n of needs) live.watchers[n]++;
  // A change told while no one here watched it (before this code arrived, or between two
  // watchers) went past: the first watcher of a need loads it once.
  const missed = needs.filter((n) => {
    const told = lastTold(TOLD_BY[n]);
    return live.watchers[n] === 1 && told > 0 && told >= live.loadedAt[n];
  });
  if (missed.length) void refresh(missed);
  // Incidents shown here: the moment to offer desktop alerts for them (once).
  if (needs.includes('incidents')) offerDesktopAlerts();
  loadOpenIfUnknown();
  const release = watchChannel();
  let done = false;
  return () => {
    if (done) return;
    done = true;
    for (const n of needs) live.watchers[n]--;
    release();
  };
}

const localNeeds = (): LiveNeed[] => NEEDS.filter((n) => live.watchers[n] > 0);

/**
 * The open count is loaded once per page, when the first element that shows it appears (the
 * unread count is stored and loaded by the session; the incidents by their lists): every
 * other watcher finds it loaded, or shares the load under way.
 */
function loadOpenIfUnknown(): void {
  if ($openIncidents.get() === undefined && !live.loading.has('open') && signedIn()) void refresh(['open']);
}

/** The token of a user the server answers (signed in, terms accepted), or undefined. */
function signedIn(): string | undefined {
  const user = $currentUser.get();
  return user?.terms_accepted_web_portal ? user.token : undefined;
}

/**
 * Loads what `needs` this tab shows, now; a load asked for while one of the same need is
 * under way runs once more after it (events in a burst cost two loads, not one each).
 */
export function refresh(needs: readonly LiveNeed[]): Promise<void> {
  const wanted = needs.filter((n) => localNeeds().includes(n));
  return Promise.all(
    wanted.map((need) => {
      const running = live.loading.get(need);
      if (running) {
        running.again = true;
        return running.done;
      }
      const entry = { again: false, done: Promise.resolve() };
      const run = async (): Promise<void> => {
        do {
          entry.again = false;
          await load([need]).catch(() => {}); // the client and the session deal with failures
        } while (entry.again);
        live.loading.delete(need);
      };
      live.loading.set(need, entry);
      entry.done = run();
      return entry.done;
    }),
  ).then(() => undefined);
}

/**
 * The fallback's poll (leader only): the unread count and the newest incidents, and the open
 * count when this tab shows it; which topics changed, for the other tabs (an incident
 * handled changes only the open count: the other tabs hear of it from a leader that shows it).
 */
async function fallbackPoll(): Promise<Topic[]> {
  const before = { unread: $unreadCount.get(), top: live.newest, open: $openIncidents.get() };
  await load(live.watchers.open > 0 ? NEEDS : ['unread', 'incidents'], true);
  const topics: Topic[] = [];
  if ($unreadCount.get() !== before.unread) topics.push('notifications');
  const open = $openIncidents.get();
  if (live.newest !== before.top || (before.open !== undefined && open !== before.open)) topics.push('incidents');
  return topics;
}

/** One load: the unread count, the newest incidents and the open count, as asked; applied to this tab. */
export async function load(needs: readonly LiveNeed[], strict = false): Promise<void> {
  const user = $currentUser.get();
  if (!user) return;
  const now = Date.now();
  for (const n of needs) live.loadedAt[n] = now;
  const [unread, incidents, open] = await Promise.allSettled([
    needs.includes('unread')
      ? request('GET', '/api/v2/notifications', Answers.notifications, {
          query: { 'filter[unread]': 'true', locale: $language.get(), per_page: 1 },
        })
      : null,
    needs.includes('incidents')
      ? request('GET', '/api/v2/incidents', Answers.incidents, { query: { page: 1, per_page: LIVE_PAGE_SIZE } })
      : null,
    needs.includes('open')
      ? request('GET', '/api/v2/incidents', Answers.incidents, { query: { 'filter[open]': 'true', per_page: 1 } })
      : null,
  ]);
  if ($currentUser.get()?.token !== user.token) return;
  const result: LiveResult = {};
  if (unread.status === 'fulfilled' && unread.value) {
    const first = unread.value.data[0];
    result.unread = { count: unread.value.meta.total, newest: first ? { uuid: first.uuid, created_at: first.created_at } : null };
  }
  if (incidents.status === 'fulfilled' && incidents.value) {
    result.incidents = { data: incidents.value.data, total: incidents.value.meta.total };
    live.newest = incidents.value.data[0]?.uuid;
  }
  if (open.status === 'fulfilled' && open.value) result.open = open.value.meta.total;
  apply(result, isLeader());
  const failed = [unread, incidents, open].find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed && strict) throw failed.reason;
}

// The server keeps whole seconds: an incident of the very second the page started counts as new.
const after = (iso: string, time: number) => Date.parse(iso) + 1000 > time;

/** Applies a load's result to this tab: count, list merges, alerts. */
export function apply(result: LiveResult, leader: boolean): void {
  if (result.unread) {
    const { count } = result.unread;
    if ($unreadCount.get() !== count) $unreadCount.set(count);
  }
  if (result.open !== undefined) $openIncidents.set(result.open);
  deliver(result);
  if (result.incidents) {
    const { data } = result.incidents;
    const fresh = data.filter((i) => !live.seen.has(i.uuid) && after(i.occurred_at, live.startedAt)).reverse();
    for (const i of data) live.seen.add(i.uuid);
    if (live.seen.size > SEEN_LIMIT) live.seen = new Set([...live.seen].slice(-SEEN_LIMIT / 2));
    // Also for an account that signed in while incidents were watched already. Before the
    // alerts: an incident in the page's first answer brings the offer with it, as a later
    // one does, instead of leaving it waiting for the user's first act.
    offerDesktopAlerts();
    if (fresh.length) {
      for (const incident of fresh) for (const listener of live.listeners) listener(incident);
      announceIncidents(fresh, leader);
      for (const { uuid, severity } of fresh) void raiseAlarm({ kind: 'incident', uuid, severity });
    }
  }
}
