/**
 * The seed fixture format (`--seed FILE.json`, documented in README.md) and its check;
 * fixture-load.ts puts a checked fixture into the database. The built-in seed is built in
 * this same format, so there is one way data gets in.
 */
import * as v from 'valibot';
import { HALF_HOUR, PERMISSIONS, SEVERITIES } from '../../src/core/api/contract.ts';
import { translate } from './messages.ts';
import { exceptionErrors } from './exceptions.ts';
import { scheduleErrors, isValidTimeZone } from './schedule.ts';

const text = v.pipe(v.string(), v.minLength(1, 'is required'));
/** An international phone number as people write it: +, digits, spaces, dots, dashes, brackets. */
const PHONE = /^\+[0-9][0-9 .()-]{5,24}$/;
/** The control room a project gets when its fixture names none (as the migration's default). */
export const DEFAULT_CONTROL_ROOM = { name: 'Vigil control room', phone: '+32 2 555 01 00' };
const iso = v.pipe(v.string(), v.isoTimestamp('must be an ISO 8601 timestamp'));
/** Translations `{ "en": …, "de": … }` (must contain "en"). */
const Translations = v.pipe(
  v.record(v.string(), v.string()),
  v.check((r) => typeof r.en === 'string', 'must have an "en" entry'),
);
/** A text in one language, or its translations. */
const Localized = v.union([text, Translations]);
export type Localized = v.InferOutput<typeof Localized>;

const FixtureCamera = v.object({ uuid: v.optional(text), name: text });
const FixtureSystem = v.object({
  uuid: text,
  name: text,
  type: v.optional(text, 'UFO'),
  online: v.optional(v.boolean(), true),
  cameras: v.optional(v.array(FixtureCamera), []),
});
const FixtureSite = v.object({
  uuid: text,
  name: text,
  address: v.optional(v.string(), ''),
  timezone: text,
  schedule: v.optional(
    v.object({ days: v.pipe(v.array(v.array(v.object({ from: HALF_HOUR, to: HALF_HOUR }))), v.length(7, 'must have 7 days')) }),
  ),
  /** Where the site is, for its public holidays: ISO 3166 country ("BE") and region ("NJ"). */
  country: v.optional(v.pipe(v.string(), v.regex(/^[A-Z]{2}$/, 'must be an ISO country code such as BE'))),
  region: v.optional(v.pipe(v.string(), v.regex(/^[A-Z0-9]{1,3}$/, 'must be a region code such as NJ'))),
  /** Date exceptions over the weekly schedule (see docs/product.md "Holidays and one-off days"). */
  exceptions: v.optional(
    v.array(
      v.object({
        from: text,
        to: text,
        yearly: v.optional(v.boolean(), false),
        label: text,
        secured: v.union([v.picklist(['all', 'none']), v.array(v.object({ from: HALF_HOUR, to: HALF_HOUR }))]),
      }),
    ),
    [],
  ),
  systems: v.optional(v.array(FixtureSystem), []),
});
const FixtureProject = v.object({
  uuid: text,
  name: text,
  description: v.optional(v.string()),
  /** Who watches the project, as the customer calls them; the central desk when omitted. */
  control_room: v.optional(
    v.object({ name: text, phone: v.pipe(v.string(), v.regex(PHONE, 'must be a phone number such as +32 2 555 01 00')) }),
  ),
  members: v.optional(v.array(v.object({ email: text, permissions: v.array(v.picklist(PERMISSIONS)) })), []),
  sites: v.optional(v.array(FixtureSite), []),
});
export const Fixture = v.object({
  users: v.array(
    v.object({
      uuid: v.optional(text),
      email: v.pipe(v.string(), v.email('must be a valid e-mail address')),
      name: text,
      username: text,
      password: v.optional(v.pipe(v.string(), v.minLength(8, 'must be at least 8 characters'))),
      locale: v.optional(text, 'en'),
      terms_accepted_web_portal: v.optional(v.boolean(), true),
      /** Two-step sign-in on with this TOTP secret (base32), as an authenticator app would hold it. */
      mfa_secret: v.optional(v.pipe(v.string(), v.regex(/^[A-Z2-7]{16,64}$/, 'must be base32 (A-Z, 2-7), 16 to 64 characters'))),
    }),
  ),
  projects: v.array(FixtureProject),
  incidents: v.optional(
    v.array(
      v.object({
        uuid: v.optional(text),
        site: text,
        system: v.optional(v.nullable(text), null),
        title: Localized,
        description: v.optional(v.union([v.string(), Translations]), ''),
        occurred_at: iso,
        severity: v.picklist(SEVERITIES),
        media: v.optional(v.array(text), []),
        handled_by: v.optional(v.nullable(text), null),
      }),
    ),
    [],
  ),
  notifications: v.optional(
    v.array(
      v.object({
        uuid: v.optional(text),
        user: text,
        created_at: iso,
        read_at: v.optional(v.nullable(iso), null),
        title: Localized,
        body_html: Localized,
      }),
    ),
    [],
  ),
  pages: v.optional(v.array(v.object({ uuid: text, title: Localized, body_html: Localized })), []),
  /** Past evacuations of a project or one of its sites, for the history (started and ended). */
  evacuations: v.optional(
    v.array(
      v.object({
        /** A project's or a site's uuid. */
        target: text,
        mode: v.picklist(['real', 'drill']),
        message: v.optional(v.pipe(v.string(), v.maxLength(200, 'must be at most 200 characters'))),
        /** E-mail of the member who started it, and of the one who ended it. */
        started_by: text,
        started_at: iso,
        ended_by: text,
        ended_at: iso,
      }),
    ),
    [],
  ),
  demo_live_views: v.optional(
    v.array(
      v.object({
        uuid: text,
        name: text,
        system_name: text,
        timezone: v.optional(text, 'UTC'),
        online: v.optional(v.boolean(), true),
        cameras: v.array(v.object({ uuid: text, name: text })),
      }),
    ),
    [],
  ),
});
export type Fixture = v.InferInput<typeof Fixture>;
type ParsedFixture = v.InferOutput<typeof Fixture>;

export class FixtureError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Invalid seed fixture:\n  - ${problems.slice(0, 20).join('\n  - ')}`);
    this.name = 'FixtureError';
    this.problems = problems;
  }
}

/** Validates a fixture's shape and its references; throws a {@link FixtureError} listing every problem. */
export function parseFixture(input: unknown): ParsedFixture {
  const result = v.safeParse(Fixture, input);
  if (!result.success) {
    throw new FixtureError(result.issues.map((i) => `${(i.path ?? []).map((p) => String(p.key)).join('.') || '(root)'}: ${i.message}`));
  }
  const f = result.output;
  const problems: string[] = [];
  const emails = new Set(f.users.map((u) => u.email.toLowerCase()));
  const systemSite = new Map<string, string>();
  const siteUuids = new Set<string>();
  f.projects.forEach((p, pi) => {
    p.members.forEach((m, mi) => {
      if (!emails.has(m.email.toLowerCase())) problems.push(`projects.${pi}.members.${mi}.email: no user with e-mail ${m.email}`);
    });
    p.sites.forEach((s, si) => {
      siteUuids.add(s.uuid);
      if (!isValidTimeZone(s.timezone)) problems.push(`projects.${pi}.sites.${si}.timezone: unknown time zone ${s.timezone}`);
      if (s.schedule) {
        for (const e of scheduleErrors(s.schedule.days, `projects.${pi}.sites.${si}.schedule.days`))
          problems.push(`${e.field}: ${translate(e.text, 'en')}`);
      }
      // Past exceptions are history a fixture may hold: no "today" for them.
      s.exceptions.forEach((x, xi) => {
        for (const e of exceptionErrors(x, '', `projects.${pi}.sites.${si}.exceptions.${xi}.`))
          problems.push(`${e.field}: ${translate(e.text, 'en')}`);
      });
      for (const sys of s.systems) systemSite.set(sys.uuid, s.uuid);
    });
  });
  f.incidents.forEach((i, n) => {
    if (!siteUuids.has(i.site)) problems.push(`incidents.${n}.site: unknown site ${i.site}`);
    if (i.system && systemSite.get(i.system) !== i.site) problems.push(`incidents.${n}.system: not a system of site ${i.site}`);
  });
  f.notifications.forEach((no, n) => {
    if (!emails.has(no.user.toLowerCase())) problems.push(`notifications.${n}.user: no user with e-mail ${no.user}`);
  });
  const projectUuids = new Set(f.projects.map((p) => p.uuid));
  f.evacuations.forEach((e, n) => {
    if (!projectUuids.has(e.target) && !siteUuids.has(e.target))
      problems.push(`evacuations.${n}.target: unknown project or site ${e.target}`);
    for (const key of ['started_by', 'ended_by'] as const)
      if (!emails.has(e[key].toLowerCase())) problems.push(`evacuations.${n}.${key}: no user with e-mail ${e[key]}`);
    if (Date.parse(e.ended_at) < Date.parse(e.started_at)) problems.push(`evacuations.${n}.ended_at: before started_at`);
  });
  if (problems.length) throw new FixtureError(problems);
  return f;
}
