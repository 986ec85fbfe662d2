/**
 * What a push message says (push.ts): the payload `{kind, title, body, url, tag}` for an
 * incident, an evacuation, a system that went offline, or a test, in the user's language
 * (messages/<language>.json, `push.*`) with times in the site's zone. The payload is JSON
 * and is encrypted to the device before it leaves the server.
 */
import type { Incident } from '../../src/core/api/contract.ts';
import type { Db } from './db.ts';
import type { EventPayloads } from './events.ts';
import { localized } from './http.ts';
import { supportedLanguage, text, translate, type Language } from './messages.ts';

export type PushKind = 'incident' | 'evacuation' | 'system' | 'test';

/** The JSON a device's service worker receives. */
export type PushPayload = {
  kind: PushKind;
  title: string;
  body: string;
  /** Where a click leads: a path of the portal. */
  url: string;
  /** A repeat with the same tag replaces the earlier notification. */
  tag: string;
  severity?: Incident['severity'];
  /** The incident's uuid (incidents only), for the Acknowledge action. */
  incident?: string;
  /** Whether the device should alert again although a notification with this tag is shown. */
  renotify?: boolean;
  /** The user's open incidents, for the app badge. */
  open?: number;
  /** Lets the device acknowledge this incident, and nothing else (push.ts, actionToken). */
  action_token?: string;
  /** The notification's buttons in the user's language. */
  labels?: { open: string; acknowledge?: string };
};

export const languageOf = (locale: string | undefined): Language => supportedLanguage(locale) ?? 'en';

/** A moment in the site's zone, with the zone named: "28 Nov, 14:03 CET". */
export function pushTime(iso: string, language: Language, timeZone: string | undefined): string {
  const options: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', timeZoneName: 'short' };
  try {
    return new Intl.DateTimeFormat(language, { ...options, timeZone: timeZone ?? 'UTC' }).format(new Date(iso));
  } catch {
    return new Intl.DateTimeFormat(language, { ...options, timeZone: 'UTC' }).format(new Date(iso));
  }
}

export function incidentPayload(db: Db, event: EventPayloads['incident'], language: Language): PushPayload | undefined {
  const row = db.get<{ title: string; timezone: string | null; site_name: string | null }>(
    'SELECT i.title, s.timezone, s.name AS site_name FROM incidents i LEFT JOIN sites s ON s.uuid = i.site_uuid WHERE i.uuid = ?',
    event.uuid,
  );
  if (!row) return undefined;
  const severity = translate(text(`push.severity.${event.severity}`), language);
  const time = pushTime(event.occurred_at, language, row.timezone ?? undefined);
  // "Critical · Antwerp Port Warehouse · 28 Nov, 14:03 CET": the same shape in every language.
  const body = [severity, row.site_name, time].filter(Boolean).join(' · ');
  return {
    kind: 'incident',
    title: localized(row.title, language),
    body,
    url: `/inbox/incident/${event.uuid}`,
    tag: `vigil-incident-${event.uuid}`,
    severity: event.severity,
    incident: event.uuid,
    renotify: event.severity === 'critical',
    labels: { open: translate(text('push.actionOpen'), language), acknowledge: translate(text('push.actionAcknowledge'), language) },
  };
}

export function evacuationPayload(db: Db, event: EventPayloads['evacuation'], language: Language): PushPayload {
  const target =
    event.scope === 'project'
      ? db.get<{ name: string; timezone: string | null }>(
          'SELECT p.name, (SELECT timezone FROM sites WHERE project_uuid = p.uuid ORDER BY position LIMIT 1) AS timezone FROM projects p WHERE p.uuid = ?',
          event.uuid,
        )
      : db.get<{ name: string; timezone: string | null }>('SELECT name, timezone FROM sites WHERE uuid = ?', event.uuid);
  const name = target?.name ?? '';
  const started = event.status === 'active';
  const key = event.mode === 'drill' ? (started ? 'drillStarted' : 'drillEnded') : started ? 'evacuationStarted' : 'evacuationEnded';
  const time = pushTime(event.at, language, target?.timezone ?? undefined);
  const message = started
    ? db.get<{ message: string | null }>('SELECT message FROM evacuations WHERE scope = ? AND target_uuid = ?', event.scope, event.uuid)
        ?.message
    : null;
  const when = event.by
    ? translate(text('push.evacuationBy', { name: event.by, time }), language)
    : translate(text('push.evacuationAt', { time }), language);
  return {
    kind: 'evacuation',
    title: translate(text(`push.${key}`, { target: name }), language),
    body: message ? `${when}\n${message}` : when,
    url: event.scope === 'project' ? `/project/${event.uuid}` : `/site/${event.uuid}`,
    tag: `vigil-evacuation-${event.scope}-${event.uuid}`,
    renotify: true,
    labels: { open: translate(text('push.actionOpen'), language) },
  };
}

export function systemPayload(db: Db, event: EventPayloads['system'], language: Language): PushPayload | undefined {
  const row = db.get<{ name: string; site_name: string; timezone: string }>(
    'SELECT y.name, s.name AS site_name, s.timezone FROM systems y JOIN sites s ON s.uuid = y.site_uuid WHERE y.uuid = ?',
    event.uuid,
  );
  if (!row) return undefined;
  return {
    kind: 'system',
    title: translate(text('push.systemOffline', { system: row.name }), language),
    body: `${row.site_name} · ${pushTime(new Date().toISOString(), language, row.timezone)}`,
    url: `/system/${event.uuid}`,
    tag: `vigil-system-${event.uuid}`,
    labels: { open: translate(text('push.actionOpen'), language) },
  };
}

export function testPayload(language: Language): PushPayload {
  return {
    kind: 'test',
    title: translate(text('push.testTitle'), language),
    body: translate(text('push.testBody'), language),
    url: '/',
    tag: 'vigil-test',
  };
}
