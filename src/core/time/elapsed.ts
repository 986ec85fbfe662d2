/**
 * How long something has been going on ("12 min", "1 hr 5 min", "2 days 3 hr"), in the
 * applied language's own unit words, to the minute: what the evacuation bar says it has
 * lasted. Never less than a minute, so a fresh start does not read "0 min".
 */
import { intl } from '../i18n/intl.ts';
import { $language } from '../i18n/languages.ts';

const unit = (n: number, u: 'day' | 'hour' | 'minute'): string =>
  intl(Intl.NumberFormat, $language.get(), { style: 'unit', unit: u, unitDisplay: 'short' }).format(n);

export function formatElapsed(ms: number): string {
  const total = Math.max(1, Math.floor(ms / 60_000));
  const days = Math.floor(total / 1440);
  const hours = Math.floor((total % 1440) / 60);
  const minutes = total % 60;
  const parts: string[] = [];
  if (days) parts.push(unit(days, 'day'));
  if (hours) parts.push(unit(hours, 'hour'));
  // Past a day the minutes are noise.
  if (minutes && !days) parts.push(unit(minutes, 'minute'));
  return parts.join(' ');
}
