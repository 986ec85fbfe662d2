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
import { SITES } from './seed-ids.ts';

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
    evacuations: pastEvacuations(now),
  };
}

/** A drill and a real evacuation at Northwind's sites, so the history is not empty on a fresh start. */
function pastEvacuations(now: number): NonNullable<Fixture['evacuations']> {
  const at = (daysAgo: number, minutes = 0) => new Date(now - daysAgo * 86_400_000 + minutes * 60_000).toISOString();
  return [
    {
      target: SITES.antwerpWarehouse,
      mode: 'drill',
      message: 'Yearly evacuation drill',
      started_by: 'manager@vigil.test',
      started_at: at(21),
      ended_by: 'manager@vigil.test',
      ended_at: at(21, 14),
    },
    {
      target: SITES.brusselsOffice,
      mode: 'real',
      message: 'Fire alarm on the 3rd floor',
      started_by: 'sofie.peeters@northwind.example',
      started_at: at(9),
      ended_by: 'manager@vigil.test',
      ended_at: at(9, 38),
    },
  ];
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
