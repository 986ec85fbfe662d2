/**
 * The activity log's filters as the page's address holds them (`?category=schedule&actor=…
 * &from=YYYY-MM-DD&to=YYYY-MM-DD&page=2`) and as the API reads them. A value that cannot be
 * read is dropped, so a hand-edited address still shows a list.
 */
import { dayEnd, dayStart, isDay } from '../inbox/filters.ts';

/** The categories of entry types (the part before the dot), in the order the filter offers them. */
export const ACTIVITY_CATEGORIES = ['schedule', 'user', 'project', 'evacuation', 'incident', 'export'] as const;
export type ActivityCategory = (typeof ACTIVITY_CATEGORIES)[number];

export interface ActivityFilters {
  category?: ActivityCategory | undefined;
  /** The actor's name as the log holds it. */
  actor?: string | undefined;
  /** Local days (YYYY-MM-DD), both inclusive. */
  from?: string | undefined;
  to?: string | undefined;
  /** From 1. */
  page?: number | undefined;
}

const isCategory = (value: string): value is ActivityCategory => (ACTIVITY_CATEGORIES as readonly string[]).includes(value);

/** The filters of an address's query. */
export function readActivitySearch(search: Readonly<Record<string, string | undefined>>): ActivityFilters {
  const f: ActivityFilters = {};
  if (search.category && isCategory(search.category)) f.category = search.category;
  const actor = search.actor?.trim();
  if (actor) f.actor = actor.slice(0, 200);
  if (search.from && isDay(search.from)) f.from = search.from;
  if (search.to && isDay(search.to) && !(f.from && search.to < f.from)) f.to = search.to;
  const page = Number(search.page);
  if (Number.isInteger(page) && page > 1 && page <= 100_000) f.page = page;
  return f;
}

/** The address's query of the filters (empty ones and page 1 left out), in a stable order. */
export function activitySearch(f: ActivityFilters): Record<string, string> {
  const out: Record<string, string> = {};
  if (f.category) out.category = f.category;
  if (f.actor) out.actor = f.actor;
  if (f.from) out.from = f.from;
  if (f.to) out.to = f.to;
  if (f.page && f.page > 1) out.page = String(f.page);
  return out;
}

/** The API's query of the filters (without paging). */
export function activityQuery(f: ActivityFilters): Record<string, string> {
  const query: Record<string, string> = {};
  if (f.category) query.type = f.category;
  if (f.actor) query.actor = f.actor;
  // Local days as the API wants them: ISO times with their zone, both days inclusive.
  if (f.from) query.from = dayStart(f.from);
  if (f.to) query.to = dayEnd(f.to);
  return query;
}
