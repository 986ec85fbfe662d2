/**
 * The contract's schedule schemas: a site's weekly secured hours, its holidays and one-off
 * days, and the public holidays offered for them. schemas.ts re-exports them.
 */
import * as v from 'valibot';
import { HALF_HOUR, uuid } from './schemas-primitives.ts';

export const Interval = v.looseObject({ from: HALF_HOUR, to: HALF_HOUR });
export type Interval = v.InferOutput<typeof Interval>;

/**
 * A week of secured intervals, Monday first. An interval lies within its day
 * (`from` < `to`, `to` may be "24:00"), or crosses midnight into the next day when
 * `to` <= `from` and `to` is not "24:00" (Sunday crosses into Monday). `from` = `to`
 * is not allowed. See README "Schedules".
 */
export const WeekDays = v.pipe(v.array(v.array(Interval)), v.length(7, 'must have 7 days'));
export const Schedule = v.looseObject({
  timezone: v.string(),
  days: WeekDays,
});
export type Schedule = v.InferOutput<typeof Schedule>;

/**
 * A date exception over the weekly schedule, in the site's time zone: its days `from`–`to`
 * ("YYYY-MM-DD", a range may cross New Year), repeated every year when `yearly`, and what
 * they secure. The site's and project's `schedule` carry the current and coming ones as
 * `exceptions` (read by src/core/schedules/secured.ts, not validated here to keep pages light).
 */
export const ScheduleException = v.looseObject({
  uuid,
  from: v.string(),
  to: v.string(),
  yearly: v.boolean(),
  label: v.string(),
  secured: v.union([v.string(), v.array(Interval)]),
  /** Its last day is over (a yearly one never is). */
  past: v.optional(v.boolean()),
});
export type ScheduleException = v.InferOutput<typeof ScheduleException>;

export const PublicHoliday = v.looseObject({ date: v.string(), name: v.string() });
export type PublicHoliday = v.InferOutput<typeof PublicHoliday>;

export const ExceptionsApplied = v.looseObject({
  sites: v.array(
    v.looseObject({
      uuid,
      name: v.string(),
      created: v.array(ScheduleException),
      /** Exceptions left out because the site already has one of the same kind on those days. */
      skipped: v.array(v.looseObject({ label: v.string(), from: v.string(), conflict: v.string() })),
    }),
  ),
});
export type ExceptionsApplied = v.InferOutput<typeof ExceptionsApplied>;
