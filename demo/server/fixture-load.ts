/**
 * Loading a seed fixture (fixture.ts: its format and check) into an empty database, in one
 * transaction.
 */
import { nowIso, type Db } from './db.ts';
import { insertException } from './exceptions.ts';
import { DEFAULT_CONTROL_ROOM, parseFixture, type Localized } from './fixture.ts';
import { hashPassword } from './security.ts';
import { SEED_PASSWORD } from './seed-ids.ts';
import { stableUuid } from './seed-data/util.ts';

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
