/**
 * What changes between two weeks, compared cell by cell (never interval by interval, so
 * two ways of writing the same hours are "no change"), as data and as human text:
 * "adds Mon 18:00–22:00, removes Sat".
 */
import { t } from '../i18n/i18n.ts';
import { describeWeekParts, joinList } from './describe.ts';
import { weekFrom, type Week } from './week.ts';

export interface WeekDiff {
  /** Cells secured in `next` but not in `before`. */
  added: Week;
  /** Cells secured in `before` but not in `next`. */
  removed: Week;
  addedCount: number;
  removedCount: number;
}

export function diffWeeks(before: Week, next: Week): WeekDiff {
  let addedCount = 0;
  let removedCount = 0;
  const added = weekFrom((d, s) => {
    const yes = next[d]![s]! && !before[d]![s];
    if (yes) addedCount++;
    return yes;
  });
  const removed = weekFrom((d, s) => {
    const yes = before[d]![s]! && !next[d]![s];
    if (yes) removedCount++;
    return yes;
  });
  return { added, removed, addedCount, removedCount };
}

export function hasChanges(diff: WeekDiff): boolean {
  return diff.addedCount > 0 || diff.removedCount > 0;
}

/** "adds Mon 18:00–22:00, removes Sat", "adds …", "removes …" or "no change". */
export function describeDiff(before: Week, next: Week): string {
  const diff = diffWeeks(before, next);
  const adds = diff.addedCount ? t('schedules.diff.adds', { list: joinList(describeWeekParts(diff.added)) }) : '';
  const removes = diff.removedCount ? t('schedules.diff.removes', { list: joinList(describeWeekParts(diff.removed)) }) : '';
  if (adds && removes) return t('schedules.diff.both', { adds, removes });
  return adds || removes || t('schedules.diff.none');
}
