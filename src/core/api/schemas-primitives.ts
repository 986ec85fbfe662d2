/**
 * The contract's primitives: the value shapes its resources and request bodies share.
 * schemas.ts re-exports them.
 */
import * as v from 'valibot';

export const uuid = v.pipe(v.string(), v.minLength(1));
export const isoDate = v.pipe(v.string(), v.isoTimestamp());
export const nullableIso = v.nullable(isoDate);
/** "HH:MM" on a half-hour boundary, 00:00 to 24:00. */
export const HALF_HOUR = v.pipe(v.string(), v.regex(/^(?:[01]\d|2[0-3]):(?:00|30)$|^24:00$/, 'must be HH:MM on a half hour (00 or 30)'));
