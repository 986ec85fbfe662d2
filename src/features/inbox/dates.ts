/**
 * The long date of a detail, with its time zone: an incident at a Newark site read in
 * Brussels must not look like it happened at a different local time without saying so.
 * (dateStyle/timeStyle cannot be combined with timeZoneName, hence the parts.)
 */
export const FULL_DATE: Intl.DateTimeFormatOptions = {
  weekday: 'long',
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
};
