/**
 * The inbox's two lists, page-wide (every inbox on the page shows the same list, so a
 * notification read in one updates the row in all of them): incidents filtered by
 * project, site, system, severity, time and open state (filters.ts), in the order of what
 * needs attention (attention.ts: open first, worst first); notifications optionally unread
 * only, newest first.
 * Cleared on sign-out; both lists reload when the language changes (the server translates
 * their texts).
 */
import * as Answers from '../api/answer-names.ts';
import type { Severity } from '../api/constants.ts';
import type { Incident, Notification } from '../api/contract.ts';
import { request } from '../api/client.ts';
import { $language } from '../i18n/languages.ts';
import { onTopic } from '../live/topics.ts';
import { incidentCache } from '../resources/resources.ts';
import { onSignOut } from '../session/session.ts';
import { shared } from '../shared.ts';
import { ATTENTION_SORT, compareAttention } from './attention.ts';
import { apiFilterQuery, matchesFilters, sameFilters, type IncidentFilters } from './filters.ts';
import { LIVE_PAGE_SIZE, onLiveResult } from './live/hub.ts';
import { createPagedList, type PagedList } from './pagedList.ts';

export const INBOX_PAGE_SIZE = LIVE_PAGE_SIZE;

export type { IncidentFilters };
export { isSeverity } from './filters.ts';

export interface NotificationFilters {
  unreadOnly: boolean;
}

export const incidentList: PagedList<Incident, IncidentFilters> = shared('inbox.incidents', () => {
  const list = createPagedList<Incident, IncidentFilters>({
    perPage: INBOX_PAGE_SIZE,
    filters: {},
    errorKey: 'core.toastErrors.loadIncidents',
    fetchPage: ({ page, perPage, filters, signal }) =>
      request('GET', '/api/v2/incidents', Answers.incidents, {
        query: { page, per_page: perPage, locale: $language.get(), sort: ATTENTION_SORT, ...apiFilterQuery(filters) },
        signal,
      }),
  });
  onSignOut(() => list.clear());
  $language.listen(() => {
    if (list.$state.get().status !== 'idle') list.refresh();
  });
  return list;
});

export const notificationList: PagedList<Notification, NotificationFilters> = shared('inbox.notifications', () => {
  const list = createPagedList<Notification, NotificationFilters>({
    perPage: INBOX_PAGE_SIZE,
    filters: { unreadOnly: false },
    errorKey: 'core.toastErrors.loadNotifications',
    fetchPage: ({ page, perPage, filters, signal }) =>
      request('GET', '/api/v2/notifications', Answers.notifications, {
        query: { page, per_page: perPage, locale: $language.get(), 'filter[unread]': filters.unreadOnly ? 'true' : undefined },
        signal,
      }),
  });
  onSignOut(() => list.clear());
  $language.listen(() => {
    if (list.$state.get().status !== 'idle') list.refresh();
  });
  return list;
});

/** Shows the incidents with these filters (starts over unless they are the ones shown). */
export function setIncidentFilters(filters: IncidentFilters): void {
  if (sameFilters(incidentList.$state.get().filters, filters)) return;
  incidentList.setFilters({ ...filters });
}

export function setSeverityFilter(severity: Severity | undefined): void {
  const { severity: _previous, ...rest } = incidentList.$state.get().filters;
  setIncidentFilters(severity ? { ...rest, severity } : rest);
}

export function setUnreadOnly(unreadOnly: boolean): void {
  if (notificationList.$state.get().filters.unreadOnly === unreadOnly) return;
  notificationList.setFilters({ unreadOnly });
}

/** A failed live refresh stays quiet: the next poll tries again, and a 401 is the session's (the client has it checked). */
const quiet = () => {};

/** A row with the state of `fresh` (handled, acknowledged, outcome); the same row when nothing changed. */
function withState(row: Incident, fresh: Incident): Incident {
  const same =
    row.handled_by === fresh.handled_by &&
    (row.acknowledged_at ?? null) === (fresh.acknowledged_at ?? null) &&
    (row.acknowledged_by ?? null) === (fresh.acknowledged_by ?? null) &&
    (row.outcome ?? null) === (fresh.outcome ?? null);
  if (same) return row;
  return {
    ...row,
    handled_by: fresh.handled_by,
    acknowledged_at: fresh.acknowledged_at ?? null,
    acknowledged_by: fresh.acknowledged_by ?? null,
    outcome: fresh.outcome ?? null,
  };
}

/**
 * An incident the live channel names (handled, acknowledged, new) that a loaded row shows,
 * wherever it is in the list: loaded again and its row replaced, so its state changes in
 * place even far below the first page the live poll covers.
 */
shared('inbox.lists.handled', () =>
  onTopic('incidents', ({ uuid }) => {
    if (!uuid) return;
    const { pages } = incidentList.$state.get();
    if (!Object.values(pages).some((rows) => rows.some((r) => r?.uuid === uuid))) return;
    incidentCache.load(uuid, { force: true }).then((fresh) => incidentList.update(uuid, (row) => withState(row, fresh)), quiet);
  }),
);

/**
 * Live updates reach the shown lists: the incidents poll (the newest incidents) tells which
 * ones arrived; when one of them belongs on the incidents list's first page (it matches the
 * filters and sorts before the page's last row in the attention order) the list fetches its
 * own first page and merges it — only then, and only that page. The notifications fetch
 * their first page when one arrived.
 */
shared('inbox.lists.live', () =>
  onLiveResult((result) => {
    // A notification newer than the list's first row that the list lacks: fetch the first page.
    const newest = result.unread?.newest;
    const notes = notificationList.$state.get();
    const first = notes.pages[1];
    if (
      newest &&
      notes.status === 'ready' &&
      first &&
      !first.some((n) => n?.uuid === newest.uuid) &&
      newest.created_at >= (first[0]?.created_at ?? '')
    ) {
      notificationList.refreshTop().catch(quiet);
    }
    const state = incidentList.$state.get();
    if (!result.incidents || state.status !== 'ready') return;
    const { data } = result.incidents;
    // Rows handled or acknowledged meanwhile: their state changes in place (also in a list
    // of open ones only, where the row stays until the list is loaded again: it does not
    // vanish under the user's pointer).
    for (const fresh of data) incidentList.update(fresh.uuid, (row) => withState(row, fresh));
    const filters = state.filters;
    const top = state.pages[1] ?? [];
    const last = top[top.length - 1];
    const loaded = new Set(Object.values(state.pages).flatMap((rows) => rows.map((r) => r?.uuid)));
    const onTop = (i: Incident) =>
      matchesFilters(i, filters) && !loaded.has(i.uuid) && (!last || top.length < incidentList.perPage || compareAttention(i, last) < 0);
    if (data.some(onTop)) incidentList.refreshTop().catch(quiet);
  }),
);
