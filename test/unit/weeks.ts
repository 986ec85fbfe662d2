/** Measures of a schedule week for tests' checks. */
import type { Week } from '../../src/core/schedules/week.ts';

/** Number of secured half-hours. */
export function securedCount(week: Week): number {
  let n = 0;
  for (const day of week) for (const v of day) if (v) n++;
  return n;
}
