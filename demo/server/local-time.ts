/**
 * The site's local time in the CSV exports (docs/product.md "Exports and local time"): a
 * customer reads a spreadsheet on the site's clock, so each moment goes out twice — in UTC as
 * stored, and on the site's clock with its offset ("2026-11-28 14:02 +01:00") — and the
 * zone's IANA name is a column of its own. Which zone: a site's own; an incident's site; for
 * anything of the whole project, the zone its sites share, else its first site's (the one
 * the project page lists first).
 */
import type { Db } from './db.ts';

export interface ZoneOf {
  project: string;
  site?: string | null | undefined;
  incident?: string | null | undefined;
}

const ZONE_OK = new Map<string, boolean>();

function known(timeZone: string | undefined): timeZone is string {
  if (!timeZone) return false;
  let ok = ZONE_OK.get(timeZone);
  if (ok === undefined) {
    try {
      new Intl.DateTimeFormat('en', { timeZone });
      ok = true;
    } catch {
      ok = false;
    }
    ZONE_OK.set(timeZone, ok);
  }
  return ok;
}

/** The zone a project's own rows are told in: its sites' one zone, else its first site's, else UTC. */
export function projectZone(db: Db, project: string): string {
  const zone = db.get<{ timezone: string }>(
    'SELECT timezone FROM sites WHERE project_uuid = ? ORDER BY position, name LIMIT 1',
    project,
  )?.timezone;
  return known(zone) ? zone : 'UTC';
}

/** A resolver of zones for one export, so a file of 10,000 rows asks the database once per site. */
export function zoneResolver(db: Db, project: string): (of: Omit<ZoneOf, 'project'>) => string {
  const fallback = projectZone(db, project);
  const sites = new Map<string, string>();
  const site = (uuid: string): string => {
    let zone = sites.get(uuid);
    if (zone === undefined) {
      const found = db.get<{ timezone: string }>('SELECT timezone FROM sites WHERE uuid = ? AND project_uuid = ?', uuid, project)?.timezone;
      zone = known(found) ? found : fallback;
      sites.set(uuid, zone);
    }
    return zone;
  };
  return ({ site: siteUuid, incident }) => {
    if (siteUuid) return site(siteUuid);
    if (incident) {
      const found = db.get<{ site_uuid: string | null }>(
        'SELECT site_uuid FROM incidents WHERE uuid = ? AND project_uuid = ?',
        incident,
        project,
      );
      if (found?.site_uuid) return site(found.site_uuid);
    }
    return fallback;
  };
}

const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * `iso` on the clock of `timeZone` as a spreadsheet reads it: "2026-11-28 14:02 +01:00"
 * (24 hours, the offset in force at that moment, "+00:00" for UTC); null for no moment.
 */
export function localStamp(iso: string | null | undefined, timeZone: string): string | null {
  if (!iso) return null;
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return null;
  let f = formats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      timeZoneName: 'longOffset',
    });
    formats.set(timeZone, f);
  }
  const parts = Object.fromEntries(f.formatToParts(d).map((p) => [p.type, p.value]));
  // "GMT+01:00", or "GMT" alone at offset zero.
  const offset = (parts.timeZoneName ?? 'GMT').replace(/^GMT/, '') || '+00:00';
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute} ${offset}`;
}
