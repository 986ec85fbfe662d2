/**
 * The contract's plain values (permissions, locales, severities, limits), without valibot:
 * what a page needs up front imports them from here, so the schemas and their validation
 * (schemas.ts, answers.ts, bodies.ts) load only with the first request (client.ts). Also
 * re-exported by schemas.ts and contract.ts.
 */

export const PERMISSIONS = ['view', 'manage users', 'evacuate', 'edit schedules'] as const;
export type Permission = (typeof PERMISSIONS)[number];
/** Reads a project and everything in it (sites, systems, incidents, media, schedules, evacuation status). */
export const VIEW: Permission = 'view';
/** Lists, adds, changes and removes the project's users. */
export const MANAGE_USERS: Permission = 'manage users';
/** Starts and aborts an evacuation of the project or one of its sites. */
export const EVACUATE: Permission = 'evacuate';
/** Saves the security-hours schedules of the project's sites. */
export const EDIT_SCHEDULES: Permission = 'edit schedules';

/** A user's saved locale: the picker's eight entries (fr-BE and nl-BE use the fr and nl messages). */
export const LOCALES = ['en', 'de', 'fr', 'nl', 'it', 'es', 'fr-BE', 'nl-BE'] as const;
export type Locale = (typeof LOCALES)[number];

export const SEVERITIES = ['low', 'medium', 'high', 'critical'] as const;
export type Severity = (typeof SEVERITIES)[number];

export const PASSWORD_MIN = 8;

/** What a member found when handling an incident (POST /api/v2/incidents/{uuid}/handle). */
export const INCIDENT_OUTCOMES = ['false_alarm', 'known_person', 'intervention', 'other'] as const;
export type IncidentOutcome = (typeof INCIDENT_OUTCOMES)[number];
/** The most characters of a comment on an incident, or of a handling note (after trimming). */
export const INCIDENT_TEXT_MAX = 1000;
