import { formatDateTime } from '../../core/i18n/i18n.ts';

/**
 * Every moment an evacuation shows (started, ended, last confirmed) follows one rule: the
 * time alone when it is today, else the date and the time; never seconds.
 */
export function formatSince(iso: string | null | undefined, now = new Date()): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const today = d.getFullYear() === now.getFullYear() && d.getMonth() === now.getMonth() && d.getDate() === now.getDate();
  return formatDateTime(iso, today ? { timeStyle: 'short' } : { dateStyle: 'medium', timeStyle: 'short' });
}

/** A moment of an evacuation (started, ended). */
export const formatMoment = (iso: string | null | undefined, now = new Date()): string => formatSince(iso, now);

/** When the server last confirmed the status (ms since epoch). */
export const formatChecked = (ms: number | undefined, now = new Date()): string =>
  ms === undefined ? '' : formatSince(new Date(ms).toISOString(), now);
