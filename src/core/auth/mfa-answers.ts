/**
 * The answers of the two-step sign-in calls and of a project's security settings. Apart
 * from answers.ts on purpose: every answer there has a name in answer-names.ts, which
 * every element's first load carries; these are passed to `request` as schemas by the
 * lazy screens that make the calls.
 */
import * as v from 'valibot';
import { User } from '../api/schemas.ts';

/** The code step of a sign-in answers like a sign-in without it. */
export const loginMfa = v.looseObject({ data: User });
/** POST /api/v2/user/mfa/setup: the pending secret. */
export const mfaSetup = v.looseObject({ data: v.looseObject({ secret: v.string(), otpauth_uri: v.string() }) });
/** POST /api/v2/user/mfa/enable: the recovery codes, shown once, and the user. */
export const mfaEnabled = v.looseObject({ data: v.looseObject({ recovery_codes: v.array(v.string()), user: User }) });
/** GET and PATCH /api/v2/projects/{uuid}/security. */
export const projectSecurity = v.looseObject({ data: v.looseObject({ require_mfa_for_evacuate: v.boolean() }) });
