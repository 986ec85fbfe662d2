import { beforeAll, describe, expect, it } from 'vitest';
import { $apiBase } from '../config/config.ts';
import { json, mockFetch } from '../../../test/unit/fetchMock.ts';
import { formatDateTime, formatTime } from '../time/format.ts';
import { applyLanguage } from './i18n.ts';
import de from './messages/de.json';
import en from './messages/en.json';
import es from './messages/es.json';
import fr from './messages/fr.json';
import it_ from './messages/it.json';
import nl from './messages/nl.json';
import { permissionName, readableCode, systemTypeName } from './codes.ts';
import { timeZoneName, timeZoneOptions } from './names.ts';

const CATALOGUES: Record<string, object> = { en, de, fr, nl, it: it_, es };
const WINTER = new Date('2027-01-15T12:00:00Z');
const SUMMER = new Date('2027-07-15T12:00:00Z');
const MOMENT = '2027-01-15T13:05:42Z';

// Per locale: permission names, system types, a zone in winter and summer, and the one
// date-time style (the moment read in UTC).
const EXPECTED = {
  en: {
    manage: 'Manage users',
    edit: 'Edit schedules',
    ufo: 'Video surveillance (UFO)',
    alarm: 'Alarm system',
    winter: 'Central European Time (UTC+1)',
    summer: 'Central European Time (UTC+2)',
    date: 'Jan 15, 2027, 13:05',
  },
  de: {
    manage: 'Benutzer verwalten',
    edit: 'Zeitpläne bearbeiten',
    ufo: 'Videoüberwachung (UFO)',
    alarm: 'Alarmanlage',
    winter: 'Mitteleuropäische Zeit (UTC+1)',
    summer: 'Mitteleuropäische Zeit (UTC+2)',
    date: '15.01.2027, 13:05',
  },
  fr: {
    manage: 'Gérer les utilisateurs',
    edit: 'Modifier les horaires',
    ufo: 'Vidéosurveillance (UFO)',
    alarm: 'Système d’alarme',
    winter: 'heure d’Europe centrale (UTC+1)',
    summer: 'heure d’Europe centrale (UTC+2)',
    date: '15 janv. 2027, 13:05',
  },
  nl: {
    manage: 'Gebruikers beheren',
    edit: 'Schema’s bewerken',
    ufo: 'Camerabewaking (UFO)',
    alarm: 'Alarmsysteem',
    winter: 'Midden-Europese tijd (UTC+1)',
    summer: 'Midden-Europese tijd (UTC+2)',
    date: '15 jan 2027, 13:05',
  },
  it: {
    manage: 'Gestire gli utenti',
    edit: 'Modificare gli orari',
    ufo: 'Videosorveglianza (UFO)',
    alarm: 'Sistema d’allarme',
    winter: 'Ora dell’Europa centrale (UTC+1)',
    summer: 'Ora dell’Europa centrale (UTC+2)',
    date: '15 gen 2027, 13:05',
  },
  es: {
    manage: 'Gestionar usuarios',
    edit: 'Editar horarios',
    ufo: 'Videovigilancia (UFO)',
    alarm: 'Sistema de alarma',
    winter: 'hora de Europa central (UTC+1)',
    summer: 'hora de Europa central (UTC+2)',
    date: '15 ene 2027, 13:05',
  },
} as const;

beforeAll(() => {
  $apiBase.set('https://api.vigil.test');
  mockFetch((call) => {
    const locale = /\/i18n\/messages\/([a-z]+)\.json$/.exec(call.url.pathname)?.[1] ?? '';
    const core = CATALOGUES[locale];
    return core ? json({ core }) : json({}, 404);
  });
});

const norm = (s: string) => s.replace(/[\u202f\u00a0]/g, ' ');

describe.each(Object.entries(EXPECTED))('human words in %s', (language, want) => {
  beforeAll(async () => {
    expect(await applyLanguage(language as keyof typeof EXPECTED)).toBe(language);
  });

  it('names every permission, and an unknown one readably', () => {
    expect(permissionName('manage users')).toBe(want.manage);
    expect(permissionName('edit schedules')).toBe(want.edit);
    for (const p of ['view', 'evacuate']) expect(permissionName(p)).not.toBe(p);
    expect(permissionName('export_reports')).toBe('Export reports');
  });

  it('names the system types; an unknown one as sent', () => {
    expect(systemTypeName('UFO')).toBe(want.ufo);
    expect(systemTypeName('ALARM')).toBe(want.alarm);
    expect(systemTypeName('DOOR_X')).toBe('DOOR_X');
  });

  it('names a time zone with its offset at that moment, never the IANA id', () => {
    expect(norm(timeZoneName('Europe/Brussels', WINTER))).toBe(want.winter);
    expect(norm(timeZoneName('Europe/Brussels', SUMMER))).toBe(want.summer);
    expect(timeZoneName('UTC', WINTER)).toBe('UTC');
    expect(timeZoneName('Asia/Kolkata', WINTER)).toMatch(/\(UTC\+5:30\)$/);
    expect(timeZoneName('America/New_York', WINTER)).not.toMatch(/[A-Z][a-z]+\/[A-Z]/);
    expect(timeZoneName('Mars/Olympus_Mons', WINTER)).toBe('Mars/Olympus_Mons');
  });

  it('labels a select of zones without raw ids, telling same-named zones apart', () => {
    const options = timeZoneOptions(['Europe/Brussels', 'Europe/Paris', 'America/New_York'], WINTER);
    expect(options.map((o) => o.value).sort()).toEqual(['America/New_York', 'Europe/Brussels', 'Europe/Paris']);
    for (const o of options) expect(o.label).not.toMatch(/[A-Z][a-z]+\/[A-Z]/);
    expect(new Set(options.map((o) => o.label)).size).toBe(3);
  });

  it('formats every date-time in one style: medium date, short time, no seconds', () => {
    expect(norm(formatDateTime(MOMENT, { timeZone: 'UTC' }))).toBe(want.date);
    expect(formatTime(MOMENT, { timeZone: 'UTC' })).not.toMatch(/2027|:42/);
    expect(norm(formatDateTime(MOMENT, { zoneName: true, timeZone: 'UTC' }))).toMatch(
      new RegExp(`^${want.date.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\S+`),
    );
    expect(formatDateTime('not a date')).toBe('');
  });
});

describe('readableCode', () => {
  it('turns codes into sentence case', async () => {
    await applyLanguage('en');
    expect(readableCode('MANAGE-ALARMS')).toBe('Manage alarms');
    expect(readableCode('  view  ')).toBe('View');
  });
});
