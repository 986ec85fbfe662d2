/**
 * Seeding: the built-in demo data (built in the fixture format of fixture.ts) or a
 * fixture file given with `--seed FILE.json`.
 */
import { readFileSync } from 'node:fs';
import type { Db } from './db.ts';
import { localDate } from './exceptions.ts';
import { FixtureError, parseFixture, type Fixture } from './fixture.ts';
import { loadFixture } from './fixture-load.ts';
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
    projects: withExceptions(now),
    incidents: generateIncidents(sites, now),
    notifications,
    pages: PAGES_SEED,
    demo_live_views: DEMO_LIVE_VIEWS_SEED,
    evacuations: pastEvacuations(now),
  };
}

type Exception = NonNullable<NonNullable<NonNullable<Fixture['projects'][number]['sites']>[number]['exceptions']>[number]>;

/**
 * A few date exceptions, anchored at `now` so a fresh demo always shows some: next year's
 * public holidays at the Brussels office (secured all day: nobody is in) and the Jersey City
 * office (the front desk is off: not secured), and a stock-take at the Antwerp warehouse
 * soon (staff work through the night: not secured then).
 */
function withExceptions(now: number): Fixture['projects'] {
  const year = Number(localDate('Europe/Brussels', now).slice(0, 4)) + 1;
  const day = (n: number, tz: string) => localDate(tz, now + n * 86_400_000);
  const holiday = (md: string, label: string, secured: Exception['secured'], yearly = false): Exception => ({
    from: `${year}-${md}`,
    to: `${year}-${md}`,
    yearly,
    label,
    secured,
  });
  const bySite: Record<string, Exception[]> = {
    [SITES.brusselsOffice]: [
      holiday('01-01', 'New Year’s Day', 'all'),
      holiday('05-01', 'Labour Day', 'all'),
      holiday('07-21', 'Belgian National Day', 'all'),
      { ...holiday('12-25', 'Christmas Day', 'all', true), from: `${year - 1}-12-25`, to: `${year - 1}-12-25` },
    ],
    [SITES.antwerpWarehouse]: [
      {
        from: day(9, 'Europe/Brussels'),
        to: day(9, 'Europe/Brussels'),
        yearly: false,
        label: 'Stock-take',
        secured: [{ from: '00:00', to: '06:00' }],
      },
    ],
    [SITES.jerseyCityOffice]: [holiday('07-04', 'Independence Day', 'none'), holiday('12-25', 'Christmas Day', 'none')],
  };
  return PROJECTS_SEED.map((p) => ({ ...p, sites: p.sites?.map((s) => ({ ...s, exceptions: bySite[s.uuid] ?? [] })) }));
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
