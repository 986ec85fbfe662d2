/**
 * Where the multi-site editor starts painting. When every chosen site has the same
 * schedule (compared cell by cell, so two ways of writing the same hours are the same),
 * painting starts from it: applying a small change then only changes that. When they
 * differ (or none is chosen), it starts from an empty week, and says why.
 */
import { emptyWeek, weeksEqual, type Week } from './week.ts';

export type StartPoint =
  /** Every chosen site has `week`. */
  | { kind: 'shared'; week: Week; count: number }
  /** The chosen sites' schedules differ: an empty week. */
  | { kind: 'differ'; week: Week; count: number }
  /** No site chosen: an empty week. */
  | { kind: 'none'; week: Week; count: 0 };

/** The default start for the chosen sites' current weeks (in the project's order). */
export function defaultStart(weeks: readonly Week[]): StartPoint {
  const first = weeks[0];
  if (!first) return { kind: 'none', week: emptyWeek(), count: 0 };
  if (weeks.every((w) => weeksEqual(w, first))) return { kind: 'shared', week: first, count: weeks.length };
  return { kind: 'differ', week: emptyWeek(), count: weeks.length };
}
