/** Generated incidents and notifications, deterministic apart from the moment they are anchored to. */
import type { Fixture } from '../fixture.ts';
import { ACTIONS, CAMERA_EVENTS, OUTCOMES, PANEL_EVENTS } from './incident-texts.ts';
import { HOSTILE, SEED_LOCALES, TEMPLATES, type SeedLocale, type Template } from './notification-texts.ts';
import { DAY, HOUR, MINUTE, pick, prng, stableUuid } from './util.ts';

type Incidents = NonNullable<Fixture['incidents']>;
type Notifications = NonNullable<Fixture['notifications']>;
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
      systems: (s.systems ?? []).map((y) => ({
        uuid: y.uuid,
        name: y.name,
        type: y.type ?? 'UFO',
        cameras: (y.cameras ?? []).map((c) => c.name),
      })),
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
    // Drawn in the order the seed always drew them, so the same incidents come out.
    const zone = 1 + Math.floor(rand() * 8);
    const minutes = 3 + Math.floor(rand() * 40);
    const outcome = pick(rand, OUTCOMES);
    const action = pick(rand, ACTIONS);
    const vars = (locale: SeedLocale) => ({
      camera,
      site: site.name,
      system: system.name,
      zone,
      minutes,
      outcome: outcome[locale],
      action: action[locale],
    });
    const title = {} as Record<SeedLocale, string>;
    const description = {} as Record<SeedLocale, string>;
    for (const locale of SEED_LOCALES) {
      // English titles read the camera as a place ("at loading dock 1"); elsewhere it keeps its name.
      const t = fill(event.title[locale], { ...vars(locale), camera: locale === 'en' ? camera.toLowerCase() : camera });
      title[locale] = t.charAt(0).toUpperCase() + t.slice(1);
      description[locale] = fill(event.description[locale], vars(locale));
    }
    const occurred = now - Math.floor(((n + rand()) / count) * days * DAY);
    const mediaCount = rand() < 0.45 ? 1 + Math.floor(rand() * 3) : 0;
    const uuid = stableUuid(`seed-incident:${seed}:${n}`);
    out.push({
      uuid,
      site: site.uuid,
      system: system.uuid,
      title,
      description,
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

const FORMATS = {
  period: { month: 'long', year: 'numeric', timeZone: 'UTC' },
  date: { dateStyle: 'long', timeZone: 'UTC' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;
const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * One formatter per locale and format, made once: building an Intl.DateTimeFormat costs far
 * more than using one, and a seed formats a few thousand dates (it was most of a reset's time).
 */
function formatter(locale: string, format: keyof typeof FORMATS): Intl.DateTimeFormat {
  const key = `${locale}:${format}`;
  let made = formatters.get(key);
  if (!made) formatters.set(key, (made = new Intl.DateTimeFormat(locale, FORMATS[format])));
  return made;
}

/**
 * `count` notifications for one user over the last ~60 days, newest first: the newest 10
 * and two older ones unread, the fourth newest is the hostile-HTML one.
 */
export function generateNotifications(
  email: string,
  sites: SiteInfo[],
  projects: string[],
  now: number,
  count = 60,
  seed = 11,
): Notifications {
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
      period: formatter(locale, 'period').format(new Date(created - 30 * DAY)),
      date: formatter(locale, 'date').format(new Date(created + 3 * DAY)),
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
