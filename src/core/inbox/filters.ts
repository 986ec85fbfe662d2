/**
 * The incidents list's triage filters: what they are, how they read from and write to a
 * URL query (so a filtered view can be shared and survives a reload or Back), how they
 * become the API's `filter[…]` parameters, and whether an incident matches them (for live
 * updates). A value in the URL that cannot be read is dropped and reported, never a crash.
 */
import { SEVERITIES, type Severity } from '../api/constants.ts';
import type { Incident } from '../api/contract.ts';

export interface IncidentFilters {
  /** Only incidents of this project (uuid): what a project's count of open incidents links to. */
  project?: string;
  /** Only incidents of this severity. */
  severity?: Severity;
  /** Only incidents of this site (uuid). */
  site?: string;
  /** Only incidents of this system (uuid). */
  system?: string;
  /** From this day on (a local calendar day, `YYYY-MM-DD`, inclusive). */
  from?: string;
  /** Up to this day (a local calendar day, `YYYY-MM-DD`, inclusive). */
  to?: string;
  /** Only incidents not handled yet (the "Needs attention" view). */
  open?: boolean;
}

/** The URL query parameters of the filters, in the order they are written. */
export const FILTER_PARAMS = ['project', 'site', 'system', 'severity', 'from', 'to', 'open'] as const;
export type FilterParam = (typeof FILTER_PARAMS)[number];

const ID = /^[A-Za-z0-9-]{1,64}$/;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

export const isSeverity = (value: unknown): value is Severity => SEVERITIES.includes(value as Severity);

/** A `YYYY-MM-DD` that names a day that exists. */
export function isDay(value: string): boolean {
  const m = DAY.exec(value);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return year >= 1970 && month >= 1 && month <= 12 && day >= 1 && day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

export const isId = (value: string): boolean => ID.test(value);

export interface ParsedFilters {
  filters: IncidentFilters;
  /** The parameters whose values could not be read (dropped). */
  rejected: FilterParam[];
}

/**
 * Reads the filters from a URL query. Unknown parameters are left alone (they are not the
 * list's); a filter's value that cannot be read is dropped and named in `rejected`.
 */
export function parseFilterQuery(search: URLSearchParams | Readonly<Record<string, string>>): ParsedFilters {
  const params = search instanceof URLSearchParams ? search : new URLSearchParams(search as Record<string, string>);
  const filters: IncidentFilters = {};
  const rejected: FilterParam[] = [];
  const read = (name: FilterParam, ok: (value: string) => boolean, apply: (value: string) => void) => {
    const value = params.get(name);
    if (value === null || value === '') return;
    if (ok(value)) apply(value);
    else rejected.push(name);
  };
  read('project', isId, (v) => (filters.project = v));
  read('site', isId, (v) => (filters.site = v));
  read('system', isId, (v) => (filters.system = v));
  read('severity', isSeverity, (v) => (filters.severity = v as Severity));
  read('from', isDay, (v) => (filters.from = v));
  read('to', isDay, (v) => (filters.to = v));
  read(
    'open',
    (v) => ['1', 'true', '0', 'false'].includes(v),
    (v) => {
      if (v === '1' || v === 'true') filters.open = true;
    },
  );
  // A range that ends before it starts cannot be meant: keep the start.
  if (filters.from && filters.to && filters.to < filters.from) {
    delete filters.to;
    rejected.push('to');
  }
  return { filters, rejected };
}

/** The filters as URL query parameters (only those set), in a stable order. */
export function filterQuery(filters: IncidentFilters): Record<string, string> {
  const query: Record<string, string> = {};
  if (filters.project) query.project = filters.project;
  if (filters.site) query.site = filters.site;
  if (filters.system) query.system = filters.system;
  if (filters.severity) query.severity = filters.severity;
  if (filters.from) query.from = filters.from;
  if (filters.to) query.to = filters.to;
  if (filters.open) query.open = '1';
  return query;
}

/**
 * `search` (an existing query, e.g. the page's) with the filter parameters replaced by
 * `filters`: other parameters are kept as they were.
 */
export function withFilterQuery(search: string, filters: IncidentFilters): string {
  const params = new URLSearchParams(search);
  for (const name of FILTER_PARAMS) params.delete(name);
  for (const [name, value] of Object.entries(filterQuery(filters))) params.set(name, value);
  const query = params.toString();
  return query ? `?${query}` : '';
}

export const hasFilters = (filters: IncidentFilters): boolean => Object.keys(filterQuery(filters)).length > 0;

export function sameFilters(a: IncidentFilters, b: IncidentFilters): boolean {
  const qa = filterQuery(a);
  const qb = filterQuery(b);
  const keys = new Set([...Object.keys(qa), ...Object.keys(qb)]);
  for (const key of keys) if (qa[key] !== qb[key]) return false;
  return true;
}

/** The start of a local calendar day, as an ISO date-time. */
export function dayStart(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y!, m! - 1, d!).toISOString();
}

/** The last millisecond of a local calendar day, as an ISO date-time. */
export function dayEnd(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(new Date(y!, m! - 1, d! + 1).getTime() - 1).toISOString();
}

/** The API's `filter[…]` query parameters (docs/product.md#api-calls) for these filters. */
export function apiFilterQuery(filters: IncidentFilters): Record<string, string | undefined> {
  return {
    'filter[severity]': filters.severity,
    'filter[project]': filters.project,
    'filter[site]': filters.site,
    'filter[system]': filters.system,
    'filter[from]': filters.from ? dayStart(filters.from) : undefined,
    'filter[to]': filters.to ? dayEnd(filters.to) : undefined,
    'filter[open]': filters.open ? 'true' : undefined,
  };
}

/**
 * Whether an incident belongs in a list with these filters (as the server decides). A list
 * item does not name its project: with a project filter, an incident that passes the other
 * filters may belong (the server decides when the list loads again).
 */
export function matchesFilters(incident: Incident, filters: IncidentFilters): boolean {
  if (filters.severity && incident.severity !== filters.severity) return false;
  if (filters.site && incident.site?.uuid !== filters.site) return false;
  if (filters.system && incident.system?.uuid !== filters.system) return false;
  if (filters.open && incident.handled_by !== null) return false;
  const at = Date.parse(incident.occurred_at);
  if (filters.from && at < Date.parse(dayStart(filters.from))) return false;
  if (filters.to && at > Date.parse(dayEnd(filters.to))) return false;
  return true;
}
