/**
 * The contract's schemas of the account's side: project users and invitations, the activity
 * log, push devices, sign-ins and their attempts, and the smaller resources (content pages,
 * the public demo live view, a site schedule's result). contract.ts re-exports them with
 * the rest of schemas.ts.
 */
import * as v from 'valibot';
import { PASSWORD_MIN, SEVERITIES } from './constants.ts';
import { Camera, isoDate, nullableIso, Schedule, uuid } from './schemas.ts';

// ---------------------------------------------------------------------------------------
// Project users

export const ProjectUser = v.looseObject({
  uuid,
  name: v.string(),
  email: v.string(),
  permissions: v.array(v.string()),
  /** Whether the member has two-step sign-in on (absent from older servers). */
  two_step: v.optional(v.boolean()),
  /** When the member last signed in; null when never (absent from older servers). */
  last_sign_in_at: v.optional(nullableIso),
  /** `invited` until the person comes in (follows the invitation's link or signs in); `active` after. */
  status: v.optional(v.string()),
  /** When the (last) invitation was sent; only while `status` is `invited`. */
  invited_at: v.optional(nullableIso),
});
export type ProjectUser = v.InferOutput<typeof ProjectUser>;

/** An invitation's link, as its person opens it (docs/invitations.md). */
export const Invitation = v.looseObject({
  email: v.string(),
  /** The name the project gave the person. */
  name: v.string(),
  project: v.looseObject({ uuid, name: v.string() }),
  expires_at: isoDate,
  /** The account has a password already: the person accepts with it instead of choosing one. */
  password_set: v.boolean(),
});
export type Invitation = v.InferOutput<typeof Invitation>;

// ---------------------------------------------------------------------------------------
// The activity log

/** What an activity entry is about. */
export const ACTIVITY_TARGET_KINDS = ['project', 'site', 'exception', 'user', 'incident'] as const;
export type ActivityTargetKind = (typeof ACTIVITY_TARGET_KINDS)[number];

/**
 * One entry of a project's activity log (GET /api/v2/projects/{uuid}/activity), newest
 * first; append-only. `type` is dotted (`schedule.changed`); `before` and `after` are the
 * values the change replaced and set, their shape given by the type (docs/activity.md).
 */
export const ActivityEntry = v.looseObject({
  uuid,
  at: isoDate,
  type: v.string(),
  /** As the project knows the person; null for a change nobody made by hand. */
  actor: v.nullable(v.looseObject({ name: v.string() })),
  target: v.looseObject({ kind: v.string(), uuid: v.string(), name: v.string() }),
  summary: v.string(),
  before: v.optional(v.unknown()),
  after: v.optional(v.unknown()),
});
export type ActivityEntry = v.InferOutput<typeof ActivityEntry>;

// ---------------------------------------------------------------------------------------
// Content pages and the public demo live view

export const ContentPageSummary = v.looseObject({ uuid, title: v.string() });
export type ContentPageSummary = v.InferOutput<typeof ContentPageSummary>;
export const ContentPage = v.looseObject({ uuid, title: v.string(), body_html: v.string() });
export type ContentPage = v.InferOutput<typeof ContentPage>;

export const DemoLiveView = v.looseObject({
  uuid,
  name: v.string(),
  system: v.looseObject({ name: v.string(), online: v.boolean(), cameras: v.array(Camera) }),
});
export type DemoLiveView = v.InferOutput<typeof DemoLiveView>;

export const SiteScheduleResult = v.looseObject({
  sites: v.array(v.looseObject({ uuid, name: v.string(), schedule: Schedule })),
});
export type SiteScheduleResult = v.InferOutput<typeof SiteScheduleResult>;

export const EMAIL = v.pipe(v.string(), v.trim(), v.email('must be a valid e-mail address'));
export const PASSWORD = v.pipe(v.string(), v.minLength(PASSWORD_MIN, `must be at least ${PASSWORD_MIN} characters`));

/** A device that receives Web Push alerts (docs/push.md): its push service and its choices. */
export const PushDevice = v.looseObject({
  uuid,
  /** The push service's URL for this device (the browser's `PushSubscription.endpoint`). */
  endpoint: v.string(),
  device_name: v.nullable(v.string()),
  severities: v.array(v.picklist(SEVERITIES)),
  /** Always true: every evacuation start and end reaches every device. */
  evacuations: v.literal(true),
  /** Only incidents at these sites; null for every site. */
  sites: v.nullable(v.array(uuid)),
  systems_offline: v.boolean(),
  created_at: v.string(),
  /** Whether the device belongs to the session that asks (this browser). */
  current: v.boolean(),
});
export type PushDevice = v.InferOutput<typeof PushDevice>;

/** A sign-in of the user that still works (docs/security.md#where-youre-signed-in): where it is and when it was last used. */
export const SignInSession = v.looseObject({
  uuid,
  /** The name the signing-in app gave (`device_name` of the sign-in), if any. */
  device_name: v.nullable(v.string()),
  /** The browser and system read from the sign-in's User-Agent ("Safari · iPhone"), if recognised. */
  browser: v.nullable(v.string()),
  /** The address it signed in from, if known. */
  address: v.nullable(v.string()),
  created_at: v.string(),
  last_used_at: v.string(),
  /** Whether this is the session that asks (this browser). */
  current: v.boolean(),
});
export type SignInSession = v.InferOutput<typeof SignInSession>;

export const SIGN_IN_RESULTS = ['success', 'wrong_password', 'second_step_failed', 'locked'] as const;
export type SignInResult = (typeof SIGN_IN_RESULTS)[number];

/** One attempt to sign in to the account, whoever made it. */
export const SignInAttempt = v.looseObject({
  at: v.string(),
  address: v.nullable(v.string()),
  browser: v.nullable(v.string()),
  /** An unknown result (a newer server's) reads as a failure. */
  result: v.string(),
});
export type SignInAttempt = v.InferOutput<typeof SignInAttempt>;
