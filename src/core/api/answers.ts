/**
 * Answers, by call: `Answers.login`, `Answers.project`, … (re-exported by contract.ts as the
 * `Answers` namespace). One export per answer so a bundle keeps only the answers it reads.
 */
import * as v from 'valibot';
import {
  EvacuationRecord,
  EvacuationStatus,
  ExceptionsApplied,
  Incident,
  MfaChallenge,
  Notification,
  PageMeta,
  Project,
  ProjectSummary,
  PublicHoliday,
  ScheduleException,
  PublicUser,
  Site,
  System,
  User,
} from './schemas.ts';
import {
  ActivityEntry,
  ContentPage,
  ContentPageSummary,
  DemoLiveView,
  Invitation,
  ProjectUser,
  PushDevice,
  SiteScheduleResult,
} from './schemas-account.ts';

/* @__NO_SIDE_EFFECTS__ */
function envelope<T extends v.GenericSchema>(data: T) {
  return v.looseObject({ data });
}

/* @__NO_SIDE_EFFECTS__ */
function paged<T extends v.GenericSchema>(item: T) {
  return v.looseObject({ data: v.array(item), meta: PageMeta });
}

/** The user with a token, or (two-step sign-in on) a challenge for the code step. */
export const login = envelope(v.union([MfaChallenge, User]));
export const user = envelope(User);
export const publicUser = envelope(PublicUser);
/** Calls whose answer carries nothing we read: terms, locale, forgot/reset password, the JWT, and sign-out (`POST /api/v2/user/logout`, 204, revokes the token). */
export const empty = v.looseObject({ data: v.optional(v.unknown()) });
export const projects = paged(ProjectSummary);
export const project = envelope(Project);
export const site = envelope(Site);
export const system = envelope(System);
export const incidents = paged(Incident);
export const incident = envelope(Incident);
export const notifications = paged(Notification);
export const notification = envelope(Notification);
export const evacuation = envelope(EvacuationStatus);
export const evacuations = paged(EvacuationRecord);
export const activity = paged(ActivityEntry);
export const projectUsers = v.looseObject({ data: v.array(ProjectUser) });
export const projectUser = envelope(ProjectUser);
/** An invitation's link, opened by its person (`GET /api/v2/invitations/{token}`). */
export const invitation = envelope(Invitation);
export const pages = v.looseObject({ data: v.array(ContentPageSummary) });
export const page = envelope(ContentPage);
export const demoLiveView = envelope(DemoLiveView);
export const siteSchedules = envelope(SiteScheduleResult);
export const scheduleExceptions = paged(ScheduleException);
export const scheduleException = envelope(ScheduleException);
export const exceptionsApplied = envelope(ExceptionsApplied);
export const publicHolidays = v.looseObject({ data: v.array(PublicHoliday) });
/** Web Push (docs/push.md): the server's VAPID public key, one device, the user's devices. */
export const pushKey = envelope(v.looseObject({ public_key: v.string() }));
export const pushDevice = envelope(PushDevice);
export const pushDevices = v.looseObject({ data: v.array(PushDevice) });
/** A message catalogue: every namespace is an object; core must hold its errors and common texts. */
export const messages = v.looseObject({
  core: v.looseObject({ errors: v.looseObject({ generic: v.string() }), common: v.looseObject({ loading: v.string() }) }),
});
