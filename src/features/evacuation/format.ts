import { formatDateTime } from '../../core/i18n/i18n.ts';

/** A moment of an evacuation (started, ended): date and time. */
export const formatMoment = (iso: string | null | undefined): string => formatDateTime(iso);

/** When the status was last checked (ms since epoch): the time, with seconds. */
export const formatChecked = (ms: number | undefined): string =>
  ms === undefined ? '' : formatDateTime(new Date(ms).toISOString(), { timeStyle: 'medium' });
