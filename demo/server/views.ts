/** Rows to contract shapes (src/core/api/contract.ts). */
import type { Camera, Interval, Schedule, Site, System, User } from '../../src/core/api/contract.ts';
import type { SiteRow } from './access.ts';
import type { Db } from './db.ts';
import type { UserRow } from './http.ts';
import { currentExceptions } from './exceptions.ts';
import { EMPTY_WEEK } from './schedule.ts';

export function userView(u: UserRow, token?: string): User {
  return {
    uuid: u.uuid,
    username: u.username,
    name: u.name,
    email: u.email,
    locale: u.locale,
    terms_accepted_web_portal: u.terms_accepted === 1,
    terms_accepted_at: u.terms_accepted === 1 ? (u.terms_accepted_at ?? null) : null,
    mfa_enabled: Boolean(u.mfa_enabled_at),
    mfa_enabled_at: u.mfa_enabled_at ?? null,
    ...(token ? { token } : {}),
  };
}

export const mediaUrl = (uuid: string): string => `/api/v2/media/${uuid}`;

type SystemRow = { uuid: string; site_uuid: string; name: string; type: string; online: number };

export function camerasOf(db: Db, systemUuid: string): Camera[] {
  return db
    .all<{ uuid: string; name: string }>('SELECT uuid, name FROM cameras WHERE system_uuid = ? ORDER BY position, name', systemUuid)
    .map((c) => ({ uuid: c.uuid, name: c.name, media_url: mediaUrl(c.uuid) }));
}

export function systemView(db: Db, s: SystemRow): System {
  return { uuid: s.uuid, name: s.name, type: s.type, online: s.online === 1, site_uuid: s.site_uuid, cameras: camerasOf(db, s.uuid) };
}

/** The systems of a site, optionally only those of one type (`filter[systemtype]`). */
export function systemsOf(db: Db, siteUuid: string, type?: string): System[] {
  const rows = type
    ? db.all<SystemRow>('SELECT * FROM systems WHERE site_uuid = ? AND type = ? ORDER BY position, name', siteUuid, type)
    : db.all<SystemRow>('SELECT * FROM systems WHERE site_uuid = ? ORDER BY position, name', siteUuid);
  return rows.map((s) => systemView(db, s));
}

/**
 * The stored week exactly as it was sent, or an empty week, in the site's time zone, with
 * the site's current and coming date exceptions (yearly ones and those not yet over), so
 * whoever reads the schedule for "secured now" reads the exceptions in the same answer.
 */
export function scheduleOf(db: Db, site: Pick<SiteRow, 'uuid' | 'timezone' | 'schedule'>): Schedule {
  return {
    timezone: site.timezone,
    days: site.schedule ? (JSON.parse(site.schedule) as Interval[][]) : EMPTY_WEEK(),
    exceptions: currentExceptions(db, site),
  };
}

export function siteView(db: Db, site: SiteRow, systemType?: string): Site {
  return {
    uuid: site.uuid,
    name: site.name,
    address: site.address,
    timezone: site.timezone,
    project_uuid: site.project_uuid,
    systems: systemsOf(db, site.uuid, systemType),
    schedule: scheduleOf(db, site),
  };
}
