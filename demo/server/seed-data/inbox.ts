/** Generated incidents and notifications, deterministic apart from the moment they are anchored to. */
import type { Fixture } from '../fixture.ts';
import { HOSTILE, SEED_LOCALES, TEMPLATES, type Template } from './notification-texts.ts';
import { DAY, HOUR, MINUTE, pick, prng, stableUuid } from './util.ts';

type Incidents = NonNullable<Fixture['incidents']>;
type Notifications = NonNullable<Fixture['notifications']>;
type Severity = Incidents[number]['severity'];

const CAMERA_EVENTS: { title: string; description: string; severities: Severity[] }[] = [
  { title: 'Motion detected at {camera}', description: 'Motion was detected by {camera} outside secured hours. The operator reviewed the footage and found {outcome}.', severities: ['low', 'medium'] },
  { title: 'Person detected after hours at {camera}', description: 'A person was detected by {camera} while {site} was secured. The operator {action}.', severities: ['medium', 'high'] },
  { title: 'Perimeter breach near {camera}', description: 'The video analytics of {system} reported a line crossing near {camera}. The operator {action}.', severities: ['high', 'critical'] },
  { title: 'Door forced open at {camera}', description: 'The door contact near {camera} reported a forced opening. The operator {action}.', severities: ['high', 'critical'] },
  { title: 'Vehicle in restricted zone at {camera}', description: 'A vehicle stopped in a restricted zone watched by {camera} for more than five minutes. The operator found {outcome}.', severities: ['low', 'medium'] },
  { title: 'Loitering detected near {camera}', description: 'Someone stayed near {camera} for more than ten minutes. The operator {action}.', severities: ['low', 'medium'] },
  { title: 'Camera tamper alarm: {camera}', description: '{camera} reported that its view was blocked or moved. The operator {action}.', severities: ['medium', 'high'] },
  { title: 'Video signal lost: {camera}', description: '{camera} stopped sending images. The connection came back after {minutes} minutes.', severities: ['low'] },
  { title: 'Glass break detected at {camera}', description: 'An acoustic sensor near {camera} detected breaking glass. The operator {action}.', severities: ['critical'] },
  { title: 'Smoke detected near {camera}', description: 'The video smoke detection of {camera} raised an alarm. The operator {action}.', severities: ['high', 'critical'] },
  { title: 'False alarm: animal at {camera}', description: 'An animal triggered the analytics of {camera}. No action was needed.', severities: ['low'] },
];
const PANEL_EVENTS: { title: string; description: string; severities: Severity[] }[] = [
  { title: 'Intrusion alarm, zone {zone}', description: 'The intrusion panel of {site} reported an alarm in zone {zone}. The operator {action}.', severities: ['high', 'critical'] },
  { title: 'Panel armed late', description: 'The intrusion panel of {site} was armed {minutes} minutes after the start of the security hours.', severities: ['low'] },
  { title: 'Mains power failure', description: 'The panel of {site} runs on its backup battery. Power came back after {minutes} minutes.', severities: ['medium'] },
];
const OUTCOMES = ['nothing unusual', 'a cleaning crew at work', 'a delivery that arrived early', 'wind moving a tarpaulin', 'staff working late'];
const ACTIONS = [
  'called the site contact, who confirmed it was an employee',
  'sent a patrol, which found nothing out of order',
  'warned the intruder over the loudspeaker, who then left',
  'called the police, who arrived within 12 minutes',
  'checked the other cameras and closed the alarm',
];

type SystemInfo = { uuid: string; name: string; type: string; cameras: string[] };
type SiteInfo = { uuid: string; name: string; systems: SystemInfo[]; members: string[] };

const fill = (s: string, vars: Record<string, string | number>): string =>
  s.replace(/\{(\w+)\}/g, (m, k: string) => (k in vars ? String(vars[k]) : m));

/** The sites of the fixture's projects, with the usernames of each project's members. */
export function siteInfo(f: Pick<Fixture, 'projects' | 'users'>): SiteInfo[] {
  const username = new Map(f.users.map((u) => [u.email.toLowerCase(), u.username]));
  return f.projects.flatMap((p) =>
    (p.sites ?? []).map((s) => ({
      uuid: s.uuid,
      name: s.name,
      members: (p.members ?? []).map((m) => username.get(m.email.toLowerCase())!).filter(Boolean),
      systems: (s.systems ?? []).map((y) => ({ uuid: y.uuid, name: y.name, type: y.type ?? 'UFO', cameras: (y.cameras ?? []).map((c) => c.name) })),
    })),
  );
}

/** `count` incidents spread over the `days` days before `now`, newest first. */
export function generateIncidents(sites: SiteInfo[], now: number, count = 200, days = 60, seed = 7): Incidents {
  const rand = prng(seed);
  const out: Incidents = [];
  for (let n = 0; n < count; n++) {
    const site = pick(rand, sites);
    const system = pick(rand, site.systems);
    const panel = system.type !== 'UFO';
    const event = pick(rand, panel ? PANEL_EVENTS : CAMERA_EVENTS);
    const camera = system.cameras.length ? pick(rand, system.cameras) : system.name;
    const vars = {
      camera: camera.toLowerCase(), site: site.name, system: system.name, zone: 1 + Math.floor(rand() * 8),
      minutes: 3 + Math.floor(rand() * 40), outcome: pick(rand, OUTCOMES), action: pick(rand, ACTIONS),
    };
    const title = fill(event.title, vars);
    const occurred = now - Math.floor(((n + rand()) / count) * days * DAY);
    const mediaCount = rand() < 0.45 ? 1 + Math.floor(rand() * 3) : 0;
    const uuid = stableUuid(`seed-incident:${seed}:${n}`);
    out.push({
      uuid,
      site: site.uuid,
      system: system.uuid,
      title: title.charAt(0).toUpperCase() + title.slice(1),
      description: fill(event.description, { ...vars, camera }),
      occurred_at: new Date(Math.floor(occurred / 1000) * 1000).toISOString(),
      severity: pick(rand, event.severities),
      media: Array.from({ length: mediaCount }, (_, i) => stableUuid(`seed-media:${uuid}:${i}`)),
      handled_by: site.members.length && rand() < 0.7 ? pick(rand, site.members) : null,
    });
  }
  return out;
}

function localize(t: Template, vars: (locale: string) => Record<string, string | number>) {
  const title: Record<string, string> = {};
  const body: Record<string, string> = {};
  for (const locale of SEED_LOCALES) {
    title[locale] = fill(t.title[locale], vars(locale));
    body[locale] = fill(t.body[locale], vars(locale));
  }
  return { title, body };
}

/**
 * `count` notifications for one user over the last ~60 days, newest first: the newest 10
 * and two older ones unread, the fourth newest is the hostile-HTML one.
 */
export function generateNotifications(email: string, sites: SiteInfo[], projects: string[], now: number, count = 60, seed = 11): Notifications {
  const rand = prng(seed + email.length * 31 + email.charCodeAt(0));
  const out: Notifications = [];
  for (let i = 0; i < count; i++) {
    const t = i === 3 ? HOSTILE : TEMPLATES[(i * 7 + Math.floor(rand() * 3)) % TEMPLATES.length]!;
    const site = pick(rand, sites);
    const system = pick(rand, site.systems);
    const created = now - i * DAY - Math.floor(rand() * 20 * HOUR) - 5 * MINUTE;
    const base = {
      site: site.name,
      camera: system.cameras[0] ?? system.name,
      project: pick(rand, projects),
      name: pick(rand, ['Sofie Peeters', 'Lucas Dubois', 'Dana Rivera', 'Tom Becker']),
      n: 4 + Math.floor(rand() * 20),
      m: 1 + Math.floor(rand() * 3),
    };
    const { title, body } = localize(t, (locale) => ({
      ...base,
      period: new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(created - 30 * DAY)),
      date: new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(created + 3 * DAY)),
    }));
    const unread = i < 10 || i === 17 || i === 31;
    out.push({
      uuid: stableUuid(`seed-notification:${email}:${i}`),
      user: email,
      created_at: new Date(Math.floor(created / 1000) * 1000).toISOString(),
      read_at: unread ? null : new Date(created + 2 * HOUR).toISOString(),
      title,
      body_html: body,
    });
  }
  return out;
}
