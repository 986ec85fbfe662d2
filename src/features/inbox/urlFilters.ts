/**
 * The incidents filters in the portal's URL (`/inbox?site=…&open=1`): read when the page
 * opens, written in place (the history entry is replaced, so Back leaves the inbox rather
 * than stepping through every filter change; the page is not opened again, so the focus
 * stays on the filter the user changed).
 */
import { parseFilterQuery, withFilterQuery, type IncidentFilters, type ParsedFilters } from '../../core/inbox/filters.ts';

export function readUrlFilters(): ParsedFilters {
  if (typeof location === 'undefined') return { filters: {}, rejected: [] };
  return parseFilterQuery(new URLSearchParams(location.search));
}

export function writeUrlFilters(filters: IncidentFilters): void {
  if (typeof location === 'undefined' || typeof history === 'undefined') return;
  const url = `${location.pathname}${withFilterQuery(location.search, filters)}${location.hash}`;
  // The entry's state (the router's history position) stays as it was.
  if (url !== `${location.pathname}${location.search}${location.hash}`) history.replaceState(history.state, '', url);
}
