/**
 * Seeding: the built-in demo data (built in the fixture format of fixture.ts) or a
 * fixture file given with `--seed FILE.json`.
 */
import { readFileSync } from 'node:fs';
import type { Db } from './db.ts';
import { FixtureError, loadFixture, parseFixture, type Fixture } from './fixture.ts';
import { generateIncidents, generateNotifications, siteInfo } from './seed-data/inbox.ts';
import { PAGES_SEED } from './seed-data/content.ts';
import { DEMO_LIVE_VIEWS_SEED, PROJECTS_SEED, USERS_SEED } from './seed-data/places.ts';

/** Accounts that get 60 notifications each. */
const INBOX_ACCOUNTS = ['manager@vigil.test', 'viewer@vigil.test', 'new@vigil.test'];

/** The built-in demo data, anchored at `now` (incidents over the 60 days before it). */
export function builtInFixture(now = Date.now()): Fixture {
  const sites = siteInfo({ projects: PROJECTS_SEED, users: USERS_SEED });
  const notifications = INBOX_ACCOUNTS.flatMap((email) => {
    const projects = PROJECTS_SEED.filter((p) => p.members?.some((m) => m.email === email));
    const ownSites = sites.filter((s) => projects.some((p) => p.sites?.some((ps) => ps.uuid === s.uuid)));
    return generateNotifications(
      email,
      ownSites.length ? ownSites : sites,
      projects.map((p) => p.name),
      now,
    );
  });
  return {
    users: USERS_SEED,
    projects: PROJECTS_SEED,
    incidents: generateIncidents(sites, now),
    notifications,
    pages: PAGES_SEED,
    demo_live_views: DEMO_LIVE_VIEWS_SEED,
  };
}

/** Reads and validates a fixture file; throws a readable error. */
export function readFixtureFile(path: string): Fixture {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, 'utf8'));
  } catch (err) {
    throw new FixtureError([`${path}: ${(err as Error).message}`]);
  }
  parseFixture(json);
  return json as Fixture;
}

export function isSeeded(db: Db): boolean {
  return db.getMeta('seeded_at') !== undefined;
}

/** Empties the database and loads `fixture` (the built-in data when omitted), in one transaction. */
export function seed(db: Db, fixture?: Fixture): void {
  const data = fixture ?? builtInFixture();
  db.transaction(() => {
    db.wipe();
    try {
      loadFixture(db, data);
    } catch (err) {
      if (err instanceof FixtureError) throw err;
      throw new FixtureError([(err as Error).message]);
    }
  });
}
