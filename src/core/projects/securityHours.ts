/**
 * A read-only summary of a site's security hours (`site.schedule`): per day, Monday
 * first, the secured intervals as stored. An interval whose end is not after its start
 * (and is not "24:00") runs past midnight into the next day (contract.ts).
 */
import type { Schedule } from '../api/contract.ts';

export interface SecuredInterval {
  from: string;
  to: string;
  /** Ends on the next day. */
  overnight: boolean;
}

export interface DayHours {
  /** 0 = Monday … 6 = Sunday. */
  day: number;
  intervals: SecuredInterval[];
}

/** Seven days, Monday first; days without a schedule have no intervals. */
export function securityHours(schedule: Schedule | undefined | null): DayHours[] {
  return Array.from({ length: 7 }, (_, day) => {
    const intervals = [...(schedule?.days[day] ?? [])]
      .sort((a, b) => a.from.localeCompare(b.from))
      .map((i) => ({ from: i.from, to: i.to, overnight: i.to !== '24:00' && i.to <= i.from }));
    return { day, intervals };
  });
}

/** True when no day has a secured interval. */
export function isUnsecured(hours: readonly DayHours[]): boolean {
  return hours.every((d) => d.intervals.length === 0);
}

/** Short weekday names in `locale`, Monday first. */
export function weekdayNames(locale: string, width: 'short' | 'long' = 'short'): string[] {
  const format = new Intl.DateTimeFormat(locale, { weekday: width, timeZone: 'UTC' });
  // 2024-01-01 was a Monday.
  return Array.from({ length: 7 }, (_, i) => format.format(new Date(Date.UTC(2024, 0, 1 + i))));
}
