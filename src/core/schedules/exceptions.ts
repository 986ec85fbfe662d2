/**
 * Date exceptions over the weekly schedule (holidays, one-off days), for the schedule
 * screens: the calls (docs/product.md "Holidays and one-off days"), keeping the site and
 * project caches' `schedule.exceptions` in step (which "secured now" reads through
 * securedAt), and the calendar's arithmetic on site-local dates "YYYY-MM-DD".
 * Loaded only by the exception chunks, never by a page's first load.
 */
import * as Answers from '../api/answer-names.ts';
import { GENERIC_ERROR, isApiError, request } from '../api/client.ts';
import { tKey } from '../i18n/i18n.ts';
import type { ExceptionsApplied, Interval, Project, PublicHoliday, ScheduleException, Site } from '../api/contract.ts';
import { projectCache, siteCache } from '../resources/resources.ts';

export type ExceptionSecured = 'all' | 'none' | Interval[];
export interface ExceptionInput {
  from: string;
  to: string;
  yearly: boolean;
  label: string;
  secured: ExceptionSecured;
}

const DAY_MS = 86_400_000;
const sitePath = (site: string) => `/api/v2/sites/${encodeURIComponent(site)}`;

/** The coming and current exceptions of a site, as its schedule carries them. */
export const siteExceptions = (site: Pick<Site, 'schedule'> | undefined): ScheduleException[] =>
  ((site?.schedule as { exceptions?: ScheduleException[] } | undefined)?.exceptions ?? []).filter(
    (e) => typeof e?.from === 'string' && typeof e?.to === 'string',
  );

/** Reloads the sites' schedules (with their exceptions) into the site and project caches. */
async function refresh(project: string | undefined, sites: readonly string[]): Promise<void> {
  const fresh = await Promise.all(sites.map((s) => request('GET', sitePath(s), Answers.site).then((r) => r.data)));
  for (const site of fresh)
    if (siteCache.peek(site.uuid)) siteCache.set(site.uuid, { ...siteCache.peek(site.uuid)!, schedule: site.schedule });
  const cached: Project | undefined = project ? projectCache.peek(project) : undefined;
  if (project && cached) {
    const byUuid = new Map(fresh.map((s) => [s.uuid, s]));
    projectCache.set(project, {
      ...cached,
      sites: cached.sites.map((s) => (byUuid.has(s.uuid) ? { ...s, schedule: byUuid.get(s.uuid)!.schedule } : s)),
    });
  }
}

export async function addException(project: string | undefined, site: string, body: ExceptionInput): Promise<ScheduleException> {
  const { data } = await request('POST', `${sitePath(site)}/schedule-exceptions`, 'scheduleException', { body });
  await refresh(project, [site]);
  return data;
}

export async function changeException(
  project: string | undefined,
  site: string,
  uuid: string,
  body: ExceptionInput,
): Promise<ScheduleException> {
  const { data } = await request('PATCH', `${sitePath(site)}/schedule-exceptions/${encodeURIComponent(uuid)}`, 'scheduleException', {
    body,
  });
  await refresh(project, [site]);
  return data;
}

export async function removeException(project: string | undefined, site: string, uuid: string): Promise<void> {
  await request('DELETE', `${sitePath(site)}/schedule-exceptions/${encodeURIComponent(uuid)}`, Answers.empty);
  await refresh(project, [site]);
}

/** The same exceptions on several sites of a project in ONE request; a site's days already covered are left out (said in the answer). */
export async function applyExceptions(
  project: string,
  siteUuids: readonly string[],
  exceptions: readonly ExceptionInput[],
): Promise<ExceptionsApplied> {
  const { data } = await request('POST', `/api/v2/projects/${encodeURIComponent(project)}/schedule-exceptions`, 'exceptionsApplied', {
    body: { siteUuids: [...siteUuids], exceptions: [...exceptions] },
  });
  await refresh(project, siteUuids);
  return data;
}

export async function publicHolidays(site: string, year: number): Promise<PublicHoliday[]> {
  return (await request('GET', `${sitePath(site)}/public-holidays`, 'publicHolidays', { query: { year: String(year) } })).data;
}

/** Of these years' holidays, the ones on `today` or later, earliest first: nothing in the past is offered. */
export function holidaysAhead(years: readonly (readonly PublicHoliday[])[], today: string): PublicHoliday[] {
  return years
    .flat()
    .filter((d) => d.date >= today)
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}

/** The public holidays still ahead at a site: the rest of this year's (in the site's zone), then next year's. */
export async function upcomingHolidays(site: string, timeZone: string, now = Date.now()): Promise<PublicHoliday[]> {
  const today = localDate(timeZone, now);
  const year = Number(today.slice(0, 4));
  return holidaysAhead(await Promise.all([publicHolidays(site, year), publicHolidays(site, year + 1)]), today);
}

/** The server's own reasons for a refusal (its field errors), without its generic text; the offline text when the network failed. */
export function failureDetails(e: unknown): string[] {
  if (isApiError(e) && e.kind === 'network') return [tKey('core.errors.offline')];
  const generic = new Set([GENERIC_ERROR, tKey('core.errors.generic')]);
  return isApiError(e) ? [...new Set(e.errors.map((x) => x.message).filter((m) => m && !generic.has(m)))] : [];
}

// --- Site-local dates -----------------------------------------------------------------

const formatters = new Map<string, Intl.DateTimeFormat>();
/** The site-local date "YYYY-MM-DD" at `at`. */
export function localDate(timeZone: string, at: number): string {
  let f = formatters.get(timeZone);
  if (!f) formatters.set(timeZone, (f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })));
  return f.format(at);
}

export const toDay = (date: string): number =>
  Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / DAY_MS;
export const fromDay = (n: number): string => new Date(n * DAY_MS).toISOString().slice(0, 10);
/** `date` moved by `days`. */
export const addDays = (date: string, days: number): string => fromDay(toDay(date) + days);
/** Monday = 0 … Sunday = 6. */
export const weekdayOfDate = (date: string): number => (toDay(date) + 3) % 7;

/** The first day of the month `offset` months after the month of `date`. */
export function monthStart(date: string, offset = 0): string {
  const y = Number(date.slice(0, 4));
  const m = Number(date.slice(5, 7)) - 1 + offset;
  return fromDay(Date.UTC(y + Math.floor(m / 12), ((m % 12) + 12) % 12, 1) / DAY_MS);
}

/** The weeks (Monday first) of the month starting `first`, days outside it null. */
export function monthWeeks(first: string): (string | null)[][] {
  const next = monthStart(first, 1);
  const weeks: (string | null)[][] = [];
  let week: (string | null)[] = Array<null>(weekdayOfDate(first)).fill(null);
  for (let d = first; d < next; d = addDays(d, 1)) {
    week.push(d);
    if (week.length === 7) {
      weeks.push(week);
      week = [];
    }
  }
  if (week.length) weeks.push([...week, ...Array<null>(7 - week.length).fill(null)]);
  return weeks;
}

/** The next occurrence (first day, not before `today`) of an exception; null when it has none left. */
export function nextOccurrence(e: Pick<ScheduleException, 'from' | 'to' | 'yearly'>, today: string): { from: string; to: string } | null {
  if (!e.yearly) return e.to >= today ? { from: e.from, to: e.to } : null;
  const length = toDay(e.to) - toDay(e.from);
  for (let y = Math.max(Number(today.slice(0, 4)) - 1, Number(e.from.slice(0, 4))); y < Number(today.slice(0, 4)) + 9; y++) {
    const from = `${y}${e.from.slice(4)}`;
    // 29 February: only in leap years.
    if (fromDay(toDay(from)) !== from) continue;
    const to = addDays(from, length);
    if (from >= e.from && to >= today) return { from, to };
  }
  return null;
}
