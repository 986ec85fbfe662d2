/**
 * What applying a week does to a site, as the confirmation before a multi-site apply shows
 * it: the hours it ADDS and the hours it REMOVES, each as spans of the circular week (a
 * night from Sunday into Monday is one span), in week order, the same hours on
 * consecutive days said once ("Mon–Fri 08:00–18:00"), with times in the 24-hour "HH:MM"
 * every schedule screen uses ("Mon 18:00–22:00").
 */
import { weekSpans, type Span } from './describe.ts';
import { diffWeeks } from './diff.ts';
import type { Week } from './week.ts';

export interface SiteChanges {
  added: Span[];
  removed: Span[];
}

/** The spans `next` adds to `before` and the spans it removes (cell by cell: rewriting the same hours is no change). */
export function siteChanges(before: Week, next: Week): SiteChanges {
  const diff = diffWeeks(before, next);
  return { added: weekSpans(diff.added, { apart: true }), removed: weekSpans(diff.removed, { apart: true }) };
}

export const noChanges = (c: SiteChanges): boolean => c.added.length === 0 && c.removed.length === 0;
