/**
 * The contract's schemas: the shape of every resource the API answers with, and the
 * primitives of request bodies (see contract.ts, which re-exports everything). The
 * account's side (project users, invitations, the activity log, devices and sign-ins) and
 * the smaller resources are in schemas-account.ts, the primitives in schemas-primitives.ts
 * and the schedules in schemas-schedule.ts; this module re-exports those two.
 */
import * as v from 'valibot';
import { INCIDENT_OUTCOMES, SEVERITIES } from './constants.ts';
import { isoDate, nullableIso, uuid } from './schemas-primitives.ts';
import { Schedule } from './schemas-schedule.ts';

// The plain values of the contract live apart, so code that needs only them does not load
// valibot and the schemas (see constants.ts).
export * from './constants.ts';
export * from './schemas-primitives.ts';
export * from './schemas-schedule.ts';

// ---------------------------------------------------------------------------------------
// Envelopes

export const ApiErrorItem = v.looseObject({
  message: v.string(),
  field: v.optional(v.string()),
});
export type ApiErrorItem = v.InferOutput<typeof ApiErrorItem>;
export const ApiErrorBody = v.looseObject({ errors: v.array(ApiErrorItem) });
export type ApiErrorBody = v.InferOutput<typeof ApiErrorBody>;

export const PageMeta = v.looseObject({
  total: v.pipe(v.number(), v.integer(), v.minValue(0)),
  page: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))),
  per_page: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))),
});
export type PageMeta = v.InferOutput<typeof PageMeta>;

// ---------------------------------------------------------------------------------------
// Users and session

export const User = v.looseObject({
  uuid,
  username: v.string(),
  name: v.string(),
  email: v.string(),
  locale: v.string(),
  terms_accepted_web_portal: v.boolean(),
  /** When the terms were accepted (absent from older servers, null when not known). */
  terms_accepted_at: v.optional(v.nullable(v.string())),
  /** Whether two-step sign-in is on, and since when (absent from older servers). */
  mfa_enabled: v.optional(v.boolean()),
  mfa_enabled_at: v.optional(v.nullable(v.string())),
  /** Present on the login answer only; GET /api/v2/user keeps the stored one. */
  token: v.optional(v.string()),
});
export type User = v.InferOutput<typeof User>;
/** The password step's answer for an account with two-step sign-in: no token, a challenge for the code step. */
export const MfaChallenge = v.looseObject({ mfa_required: v.literal(true), challenge: v.pipe(v.string(), v.minLength(1)) });
export type MfaChallenge = v.InferOutput<typeof MfaChallenge>;
/**
 * The stored current user always has a token, and the base of the API that issued it
 * (`api_base`, origin and path). A sign-in stored by an older version has only that API's
 * origin (`api_origin`), or neither. The token is never sent anywhere else.
 */
export type CurrentUser = User & { token: string; api_origin?: string; api_base?: string };

export const PublicUser = v.looseObject({ username: v.string(), name: v.string() });
export type PublicUser = v.InferOutput<typeof PublicUser>;

// ---------------------------------------------------------------------------------------
// Projects, sites, systems, cameras

export const Camera = v.looseObject({
  uuid,
  name: v.string(),
  /** Path (relative to the API base) or absolute URL; its last segment is the media uuid. */
  media_url: v.string(),
});
export type Camera = v.InferOutput<typeof Camera>;

export const System = v.looseObject({
  uuid,
  name: v.string(),
  type: v.string(),
  online: v.boolean(),
  site_uuid: v.optional(uuid),
  /** GET /api/v2/systems/{uuid} only: the site and project it belongs to (for breadcrumbs), with the site's zone. */
  site: v.optional(v.looseObject({ uuid, name: v.string(), timezone: v.optional(v.string()) })),
  project_uuid: v.optional(uuid),
  /** GET /api/v2/systems/{uuid} only: since when it is offline (ISO), null while online. */
  offline_since: v.optional(v.nullable(v.string())),
  cameras: v.array(Camera),
});
export type System = v.InferOutput<typeof System>;

export const SiteRef = v.looseObject({ uuid, name: v.string() });
export type SiteRef = v.InferOutput<typeof SiteRef>;
/** An incident's site: with its IANA zone, in which the incident's time is told (absent from older servers). */
export const IncidentSite = v.looseObject({ uuid, name: v.string(), timezone: v.optional(v.string()) });

export const Site = v.looseObject({
  uuid,
  name: v.string(),
  address: v.string(),
  timezone: v.string(),
  project_uuid: v.optional(uuid),
  project: v.optional(v.looseObject({ uuid, name: v.string(), permissions: v.array(v.string()) })),
  systems: v.array(System),
  schedule: v.optional(Schedule),
});
export type Site = v.InferOutput<typeof Site>;

/** The control room that watches a project, whom the customer calls ("+32 3 555 01 23"). */
export const ControlRoom = v.looseObject({
  name: v.pipe(v.string(), v.minLength(1)),
  phone: v.pipe(v.string(), v.regex(/^\+?[0-9][0-9 .()/-]{4,30}$/)),
});
export type ControlRoom = v.InferOutput<typeof ControlRoom>;
/** Optional, and dropped when malformed rather than failing its whole answer: never a broken tel: link. */
const optionalControlRoom = v.fallback(v.optional(ControlRoom), undefined);

export const ProjectSummary = v.looseObject({
  uuid,
  name: v.string(),
  description: v.optional(v.string()),
  permissions: v.array(v.string()),
  sites_count: v.pipe(v.number(), v.integer()),
  systems_count: v.pipe(v.number(), v.integer()),
  evacuation_active: v.optional(v.boolean()),
  /** Whom the customer calls about it: the Help menu lists it (absent from older servers). */
  control_room: optionalControlRoom,
});
export type ProjectSummary = v.InferOutput<typeof ProjectSummary>;

export const Project = v.looseObject({
  uuid,
  name: v.string(),
  description: v.optional(v.string()),
  permissions: v.array(v.string()),
  sites: v.array(Site),
  control_room: optionalControlRoom,
});
export type Project = v.InferOutput<typeof Project>;

// ---------------------------------------------------------------------------------------
// Inbox

/** An outcome of handling; one this portal does not know yet reads as none (absent). */
const incidentOutcome = v.fallback(v.optional(v.nullable(v.picklist(INCIDENT_OUTCOMES))), undefined);

/**
 * One moment of an incident's timeline, oldest first: `occurred`, `alerted`, `acknowledged`,
 * `comment` (with its plain `text`), `handled` (with its `outcome` and the note as `text`).
 * `by`: the name the project knows the person by. Kinds a newer server adds are kept as
 * strings and left out by the screens.
 */
export const TimelineEntry = v.looseObject({
  kind: v.string(),
  at: isoDate,
  by: v.optional(v.nullable(v.string())),
  text: v.optional(v.nullable(v.string())),
  outcome: incidentOutcome,
});
export type TimelineEntry = v.InferOutput<typeof TimelineEntry>;

export const Incident = v.looseObject({
  uuid,
  title: v.string(),
  description: v.string(),
  occurred_at: isoDate,
  severity: v.picklist(SEVERITIES),
  site: v.nullable(IncidentSite),
  system: v.nullable(SiteRef),
  /** Media URLs; each one's last segment is the media uuid. */
  media: v.array(v.string()),
  /** A username, resolved with GET /api/users/{username}. */
  handled_by: v.nullable(v.string()),
  /** Who acknowledged it first ("I'm on it") and when; absent from older servers. */
  acknowledged_at: v.optional(nullableIso),
  acknowledged_by: v.optional(v.nullable(v.string())),
  /** What its handler found, when a member handled it. */
  outcome: incidentOutcome,
  /** On one incident's answer: what happened to it, oldest first (absent from older servers; dropped when malformed). */
  timeline: v.fallback(v.optional(v.array(TimelineEntry)), undefined),
  /** On one incident's answer: its project and the project's control room (dropped when malformed). */
  project: v.fallback(v.optional(SiteRef), undefined),
  control_room: optionalControlRoom,
});
export type Incident = v.InferOutput<typeof Incident>;

export const Notification = v.looseObject({
  uuid,
  title: v.string(),
  /** May only ever be rendered through the sanitizer (b, i, span, a). */
  body_html: v.string(),
  created_at: isoDate,
  read_at: nullableIso,
});
export type Notification = v.InferOutput<typeof Notification>;

// ---------------------------------------------------------------------------------------
// Evacuation

export const EVACUATION_MODES = ['real', 'drill'] as const;
export type EvacuationMode = (typeof EVACUATION_MODES)[number];
/** A drill or a real evacuation (of the latest start); absent from older servers, which only knew real ones. */
const evacuationMode = v.optional(v.nullable(v.picklist(EVACUATION_MODES)));
/** The reason given when it started ("Fire alarm in hall B"), if any. */
const evacuationMessage = v.optional(v.nullable(v.string()));

export const EvacuationStatus = v.looseObject({
  status: v.picklist(['inactive', 'active']),
  started_at: nullableIso,
  /** Display name of who started it. */
  started_by: v.nullable(v.string()),
  aborted_at: nullableIso,
  mode: evacuationMode,
  message: evacuationMessage,
  /** On a project's status: its sites with an active evacuation of their own. */
  active_sites: v.optional(
    v.array(
      v.looseObject({
        uuid,
        name: v.string(),
        started_at: nullableIso,
        started_by: v.nullable(v.string()),
        mode: evacuationMode,
        message: evacuationMessage,
      }),
    ),
  ),
});
export type EvacuationStatus = v.InferOutput<typeof EvacuationStatus>;

/** One evacuation in a project's history (GET /api/v2/projects/{uuid}/evacuations). */
export const EvacuationRecord = v.looseObject({
  id: v.number(),
  scope: v.picklist(['project', 'site']),
  target: v.looseObject({ uuid, name: v.string() }),
  mode: v.picklist(EVACUATION_MODES),
  message: v.nullable(v.string()),
  started_by: v.string(),
  started_at: isoDate,
  ended_by: v.nullable(v.string()),
  ended_at: nullableIso,
  duration_seconds: v.nullable(v.number()),
});
export type EvacuationRecord = v.InferOutput<typeof EvacuationRecord>;
