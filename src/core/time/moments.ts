/**
 * The one rule for a moment the screens show (an evacuation started, a status confirmed, an
 * incident's alert, live updates last confirmed): the time alone when it is today, else the
 * date and the time; never seconds. Outside the i18n module, so that only the chunks that
 * show such moments carry it.
 */
import { formatDateTime } from '../i18n/i18n.ts';

/** `at` as an ISO time or ms since the epoch; '' when missing or unreadable. */
export function formatMoment(at: string | number | null | undefined, now = new Date()): string {
  if (at === null || at === undefined || at === '') return '';
  const d = new Date(at);
  if (Number.isNaN(d.getTime())) return '';
  const today = d.getFullYear() === now.getFullYear() && d.getMonth() === now.getMonth() && d.getDate() === now.getDate();
  return formatDateTime(d.toISOString(), today ? { timeStyle: 'short' } : { dateStyle: 'medium', timeStyle: 'short' });
}
