/**
 * Request bodies, by call (re-exported by contract.ts as the `Bodies` namespace): validated by
 * the demo server, and by the portal's forms before sending.
 */
import * as v from 'valibot';
import { SEVERITIES } from './constants.ts';
import { HALF_HOUR, INCIDENT_OUTCOMES, INCIDENT_TEXT_MAX, LOCALES, PERMISSIONS, uuid, WeekDays } from './schemas.ts';
import { EMAIL, PASSWORD } from './schemas-account.ts';

export const login = v.object({
  email: EMAIL,
  password: v.pipe(v.string(), v.minLength(1, 'is required')),
  device_name: v.optional(v.string()),
});
export const forgotPassword = v.object({ email: EMAIL });
export const resetPassword = v.pipe(
  v.object({ token: v.pipe(v.string(), v.minLength(1)), email: EMAIL, password: PASSWORD, password_confirmation: v.string() }),
  v.forward(
    v.partialCheck([['password'], ['password_confirmation']], (i) => i.password === i.password_confirmation, 'does not match the password'),
    ['password_confirmation'],
  ),
);
export const terms = v.object({ terms_accepted_web_portal: v.boolean() });
/**
 * Accepting an invitation: a new password (the reset's rule, which the server applies when
 * the account has none yet) or, when it has one, that password; the terms accepted.
 */
export const acceptInvitation = v.object({
  password: v.pipe(v.string(), v.minLength(1, 'is required')),
  accept_terms: v.literal(true, 'must be accepted'),
  device_name: v.optional(v.string()),
});
export const locale = v.object({ locale: v.picklist(LOCALES) });
export const createProjectUser = v.object({
  email: EMAIL,
  name: v.pipe(v.string(), v.trim(), v.minLength(1, 'is required'), v.maxLength(120)),
  permissions: v.array(v.picklist(PERMISSIONS)),
});
export const updateProjectUser = v.object({
  name: v.optional(v.pipe(v.string(), v.trim(), v.minLength(1, 'is required'), v.maxLength(120))),
  permissions: v.optional(v.array(v.picklist(PERMISSIONS))),
});
export const updateSiteSchedules = v.object({
  siteUuids: v.pipe(v.array(uuid), v.minLength(1, 'must name at least one site')),
  schedule: v.looseObject({ days: WeekDays }),
  timezone: v.optional(v.string()),
});

/** A site-local date "YYYY-MM-DD" (whether it is a real day is the server's rule). */
const DAY = v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD'));
/** What an exception's days secure: all day, nothing, or their own intervals within the day. */
const EXCEPTION_SECURED = v.union(
  [
    v.picklist(['all', 'none']),
    v.pipe(v.array(v.object({ from: HALF_HOUR, to: HALF_HOUR })), v.minLength(1, 'must have an interval'), v.maxLength(24)),
  ],
  'must be "all", "none" or a list of intervals',
);
const EXCEPTION_LABEL = v.pipe(v.string(), v.trim(), v.minLength(1, 'is required'), v.maxLength(60, 'must be at most 60 characters'));
/** A date exception over the weekly schedule (POST /api/v2/sites/{uuid}/schedule-exceptions). */
export const scheduleException = v.object({
  from: DAY,
  to: DAY,
  yearly: v.optional(v.boolean(), false),
  label: EXCEPTION_LABEL,
  secured: EXCEPTION_SECURED,
});
/** PATCH /api/v2/sites/{uuid}/schedule-exceptions/{exception}: the fields to change. */
export const updateScheduleException = v.object({
  from: v.optional(DAY),
  to: v.optional(DAY),
  yearly: v.optional(v.boolean()),
  label: v.optional(EXCEPTION_LABEL),
  secured: v.optional(EXCEPTION_SECURED),
});
/** POST /api/v2/projects/{uuid}/schedule-exceptions: the same exceptions on several sites. */
export const applyScheduleExceptions = v.object({
  siteUuids: v.pipe(v.array(uuid), v.minLength(1, 'must name at least one site')),
  exceptions: v.pipe(v.array(scheduleException), v.minLength(1, 'must hold at least one exception'), v.maxLength(60)),
});
/** The second step of a sign-in: the challenge of the password step and a TOTP or recovery code. */
export const loginMfa = v.object({
  challenge: v.pipe(v.string(), v.minLength(1, 'is required'), v.maxLength(200)),
  code: v.pipe(v.string(), v.trim(), v.minLength(1, 'is required'), v.maxLength(40)),
  device_name: v.optional(v.string()),
});
/** Setting up two-step sign-in: the password again (a stolen session alone cannot turn it on). */
export const mfaSetup = v.object({ password: v.pipe(v.string(), v.minLength(1, 'is required')) });
/** Turning two-step sign-in on: the first code of the pending secret. */
export const mfaEnable = v.object({ code: v.pipe(v.string(), v.trim(), v.minLength(1, 'is required'), v.maxLength(40)) });
/** Turning two-step sign-in off: the password, or a current code (TOTP or recovery). */
export const mfaDisable = v.object({
  password: v.optional(v.string()),
  code: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(40))),
});
/** A project's security settings (managers only). */
export const projectSecurity = v.object({ require_mfa_for_evacuate: v.boolean() });

/** A comment on an incident: plain text, 1 to 1,000 characters once trimmed. */
export const incidentComment = v.object({
  text: v.pipe(
    v.string('must be text'),
    v.trim(),
    v.minLength(1, 'is required'),
    v.maxLength(INCIDENT_TEXT_MAX, `must be at most ${INCIDENT_TEXT_MAX} characters`),
  ),
});
/** Handling an incident: what was found, and an optional note (plain text, at most 1,000 characters). */
export const handleIncident = v.object({
  outcome: v.picklist(INCIDENT_OUTCOMES, 'must be one of the outcomes'),
  note: v.optional(
    v.nullable(
      v.pipe(v.string('must be text'), v.trim(), v.maxLength(INCIDENT_TEXT_MAX, `must be at most ${INCIDENT_TEXT_MAX} characters`)),
    ),
  ),
});
/** A base64url string (no padding). */
const BASE64URL = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]+$/, 'must be base64url'));
/** What a device chooses to be alerted of (evacuations always). */
const pushChoices = {
  severities: v.pipe(v.array(v.picklist(SEVERITIES)), v.maxLength(SEVERITIES.length)),
  evacuations: v.optional(v.literal(true, 'are always on'), true),
  sites: v.optional(v.nullable(v.pipe(v.array(uuid), v.maxLength(500)))),
  systems_offline: v.optional(v.boolean(), false),
};
/** POST /api/v2/push/subscriptions: the browser's `PushSubscription.toJSON()` and the device's choices. */
export const pushSubscription = v.object({
  endpoint: v.pipe(v.string(), v.minLength(1, 'is required'), v.maxLength(2048)),
  expirationTime: v.optional(v.nullable(v.number())),
  keys: v.object({ p256dh: v.pipe(BASE64URL, v.maxLength(200)), auth: v.pipe(BASE64URL, v.maxLength(100)) }),
  device_name: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(120))),
  ...pushChoices,
});
/** PATCH /api/v2/push/subscriptions/{uuid}: the choices to change. */
export const pushChoicesUpdate = v.object({
  severities: v.optional(pushChoices.severities),
  evacuations: pushChoices.evacuations,
  sites: pushChoices.sites,
  systems_offline: v.optional(v.boolean()),
  device_name: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(120))),
});
