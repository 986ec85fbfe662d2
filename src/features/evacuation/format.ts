import { formatMoment as moment } from '../../core/time/moments.ts';

/**
 * Every moment an evacuation shows (started, ended, last confirmed) follows the one rule of
 * core/time/moments.ts: the time alone when it is today, else the date and the time.
 */
export const formatSince = (iso: string | null | undefined, now = new Date()): string => moment(iso, now);

/** A moment of an evacuation (started, ended). */
export const formatMoment = (iso: string | null | undefined, now = new Date()): string => moment(iso, now);

/** When the server last confirmed the status (ms since epoch). */
export const formatChecked = (ms: number | undefined, now = new Date()): string => moment(ms, now);
