/**
 * The seed fixture format (`--seed FILE.json`, documented in README.md) and its loader.
 * The built-in seed is built in this same format, so there is one way data gets in.
 */
import * as v from 'valibot';
import { HALF_HOUR, PERMISSIONS, SEVERITIES } from '../../src/core/api/contract.ts';
import { nowIso, type Db } from './db.ts';
import { translate } from './messages.ts';
import { exceptionErrors, insertException } from './exceptions.ts';
import { scheduleErrors, isValidTimeZone } from './schedule.ts';
import { hashPassword } from './security.ts';
import { SEED_PASSWORD } from './seed-ids.ts';
import { stableUuid } from './seed-data/util.ts';

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

const localized = (t: Localized): string => JSON.stringify(typeof t === 'string' ? { en: t } : t);

/**
 * Fixture passwords and their hashes, kept for the life of the process. scrypt is slow on
 * purpose (about 0.1 s), and it was half of every reseed: the test suites reset the demo
 * before each of hundreds of tests. A fixture's passwords are public (the seeded accounts'
 * password is in the README), so one salt per password per process hides nothing.
 */
const fixtureHashes = new Map<string, string>();

/** Inserts a (validated) fixture into an empty database, in one transaction. */
export function loadFixture(db: Db, input: unknown): void {
  const f = parseFixture(input);
  const now = nowIso();
  const hashes = fixtureHashes;
  db.transaction(() => {
    const userIds = new Map<string, number>();
    for (const u of f.users) {
      const password = u.password ?? SEED_PASSWORD;
      let hash = hashes.get(password);
      if (!hash) hashes.set(password, (hash = hashPassword(password)));
      const r = db.run(
        'INSERT INTO users (uuid, email, username, name, password_hash, locale, terms_accepted, terms_accepted_at, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
        u.uuid ?? stableUuid(`user:${u.email}`),
        u.email,
        u.username,
        u.name,
        hash,
        u.locale,
        u.terms_accepted_web_portal ? 1 : 0,
        u.terms_accepted_web_portal ? now : null,
        now,
      );
      userIds.set(u.email.toLowerCase(), r.lastInsertRowid);
      if (u.mfa_secret) db.run('UPDATE users SET mfa_secret = ?, mfa_enabled_at = ? WHERE id = ?', u.mfa_secret, now, r.lastInsertRowid);
    }
    f.projects.forEach((p, pi) => {
      const room = p.control_room ?? DEFAULT_CONTROL_ROOM;
      db.run(
        'INSERT INTO projects (uuid, name, description, position, control_room_name, control_room_phone) VALUES (?, ?, ?, ?, ?, ?)',
        p.uuid,
        p.name,
        p.description ?? null,
        pi,
        room.name,
        room.phone,
      );
      for (const m of p.members) {
        db.run(
          'INSERT INTO memberships (project_uuid, user_id, permissions) VALUES (?, ?, ?)',
          p.uuid,
          userIds.get(m.email.toLowerCase())!,
          JSON.stringify(m.permissions),
        );
      }
      p.sites.forEach((s, si) => {
        db.run(
          'INSERT INTO sites (uuid, project_uuid, name, address, timezone, schedule, position, country, region) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
          s.uuid,
          p.uuid,
          s.name,
          s.address,
          s.timezone,
          s.schedule ? JSON.stringify(s.schedule.days) : null,
          si,
          s.country ?? null,
          s.region ?? null,
        );
        s.exceptions.forEach((e, ei) => insertException(db, s.uuid, e, stableUuid(`exception:${s.uuid}:${ei}`)));
        s.systems.forEach((sys, yi) => {
          db.run(
            'INSERT INTO systems (uuid, site_uuid, name, type, online, position) VALUES (?, ?, ?, ?, ?, ?)',
            sys.uuid,
            s.uuid,
            sys.name,
            sys.type,
            sys.online ? 1 : 0,
            yi,
          );
          sys.cameras.forEach((c, ci) => {
            db.run(
              'INSERT INTO cameras (uuid, system_uuid, name, position) VALUES (?, ?, ?, ?)',
              c.uuid ?? stableUuid(`camera:${sys.uuid}:${ci}`),
              sys.uuid,
              c.name,
              ci,
            );
          });
        });
      });
    });
    const siteProject = new Map(f.projects.flatMap((p) => p.sites.map((s) => [s.uuid, p.uuid] as const)));
    f.incidents.forEach((i, n) => {
      const uuid = i.uuid ?? stableUuid(`incident:${n}:${i.occurred_at}`);
      db.run(
        'INSERT INTO incidents (uuid, project_uuid, site_uuid, system_uuid, title, description, occurred_at, severity, handled_by) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
        uuid,
        siteProject.get(i.site)!,
        i.site,
        i.system,
        localized(i.title),
        localized(i.description),
        new Date(i.occurred_at).toISOString(),
        i.severity,
        i.handled_by,
      );
      i.media.forEach((m, mi) => db.run('INSERT INTO incident_media (uuid, incident_uuid, position) VALUES (?, ?, ?)', m, uuid, mi));
    });
    f.notifications.forEach((no, n) => {
      db.run(
        'INSERT INTO notifications (uuid, user_id, created_at, read_at, title, body_html) VALUES (?, ?, ?, ?, ?, ?)',
        no.uuid ?? stableUuid(`notification:${no.user}:${n}`),
        userIds.get(no.user.toLowerCase())!,
        new Date(no.created_at).toISOString(),
        no.read_at ? new Date(no.read_at).toISOString() : null,
        localized(no.title),
        localized(no.body_html),
      );
    });
    f.pages.forEach((p, pi) =>
      db.run(
        'INSERT INTO pages (uuid, position, title, body_html) VALUES (?, ?, ?, ?)',
        p.uuid,
        pi,
        localized(p.title),
        localized(p.body_html),
      ),
    );
    for (const d of f.demo_live_views) {
      db.run(
        'INSERT INTO demo_live_views (uuid, name, system_name, timezone, online) VALUES (?, ?, ?, ?, ?)',
        d.uuid,
        d.name,
        d.system_name,
        d.timezone,
        d.online ? 1 : 0,
      );
      d.cameras.forEach((c, ci) =>
        db.run('INSERT INTO demo_cameras (uuid, view_uuid, name, position) VALUES (?, ?, ?, ?)', c.uuid, d.uuid, c.name, ci),
      );
    }
    const userNames = new Map(f.users.map((u) => [u.email.toLowerCase(), u.name] as const));
    for (const e of f.evacuations) {
      const scope = siteProject.has(e.target) ? 'site' : 'project';
      for (const [action, email, at] of [
        ['start', e.started_by, e.started_at],
        ['abort', e.ended_by, e.ended_at],
      ] as const) {
        db.run(
          'INSERT INTO evacuation_events (scope, target_uuid, action, user_id, user_name, at, mode, message) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
          scope,
          e.target,
          action,
          userIds.get(email.toLowerCase())!,
          userNames.get(email.toLowerCase())!,
          new Date(at).toISOString(),
          e.mode,
          action === 'start' ? (e.message?.trim() ?? null) || null : null,
        );
      }
    }
    db.setMeta('seeded_at', now);
  });
}
