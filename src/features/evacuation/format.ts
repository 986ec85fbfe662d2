import { formatDateTime } from '../../core/i18n/i18n.ts';

/** A moment of an evacuation (started, ended): date and time. */
export const formatMoment = (iso: string | null | undefined): string => formatDateTime(iso);

/** When the server last confirmed the status (ms since epoch): hours and minutes, no seconds. */
export const formatChecked = (ms: number | undefined): string =>
  ms === undefined ? '' : formatDateTime(new Date(ms).toISOString(), { timeStyle: 'short' });

/** Since when: the time alone today, else the date too. */
export function formatSince(iso: string | null | undefined, now = new Date()): string {
  if (!iso) return '';
  const d = new Date(iso);
  const today = d.getFullYear() === now.getFullYear() && d.getMonth() === now.getMonth() && d.getDate() === now.getDate();
  return formatDateTime(iso, today ? { timeStyle: 'short' } : { dateStyle: 'medium', timeStyle: 'short' });
}
