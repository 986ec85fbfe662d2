import '../../features/schedules/messages/bundled.ts';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Interval, Site } from '../api/contract.ts';
import { $apiBase } from '../config/config.ts';
import { projectCache, siteCache } from '../resources/resources.ts';
import { $currentUser, signOut } from '../session/session.ts';
import { applyLanguage } from '../i18n/i18n.ts';
import { json, mockFetch, SAMPLE_USER } from '../../../test/unit/fetchMock.ts';
import { $toasts } from '../toasts/toasts.ts';
import { daysToWeek, weekToDays } from './convert.ts';
import {
  $drafts,
  discardDraft,
  dismissRecovered,
  editDraft,
  isDirty,
  openDraft,
  rebaseDraft,
  restoreDraft,
  storedDraft,
} from './drafts.ts';
import { presetWeek, toggleCell } from './paint.ts';
import { applyProjectDraft, canEditSchedules, projectDraftKey, saveFailure, saveSiteDraft, siteDraftKey } from './save.ts';
import { emptyWeek, weeksEqual } from './week.ts';

const PROJECT = 'p-1';
const SITE = 's-1';
const OTHER = 's-2';
const URL_PATH = `/api/public/v3/projects/${PROJECT}/update-site-schedules`;
const week = (...days: Interval[][]) => [...days, ...Array.from({ length: 7 - days.length }, () => [])];

function site(uuid: string, timezone: string, days: Interval[][]): Site {
  return { uuid, name: uuid, address: '', timezone, systems: [], project_uuid: PROJECT, schedule: { timezone, days } };
}

/** A server that stores what it is sent, like the demo server. */
function echoServer() {
  return mockFetch((call) => {
    const body = call.body as { siteUuids: string[]; schedule: { days: Interval[][] }; timezone?: string };
    return json({
      data: {
        sites: body.siteUuids.map((uuid) => ({
          uuid,
          name: uuid,
          schedule: { timezone: body.timezone ?? 'Europe/Brussels', days: body.schedule.days },
        })),
      },
    });
  });
}

beforeEach(() => {
  $apiBase.set('https://api.vigil.test');
  $currentUser.set({ ...SAMPLE_USER, token: 't' });
  $drafts.set({});
  $toasts.set([]);
  sessionStorage.clear();
  siteCache.clear();
  projectCache.clear();
});

describe('drafts', () => {
  it('keeps the saved week beside the painted one, and is dirty only when they differ', () => {
    const key = siteDraftKey(SITE);
    const saved = presetWeek('officeHoursOnly');
    openDraft(key, saved);
    expect(isDirty($drafts.get()[key])).toBe(false);
    editDraft(key, toggleCell(saved, { day: 0, slot: 0 }));
    expect(isDirty($drafts.get()[key])).toBe(true);
    editDraft(key, saved);
    expect(isDirty($drafts.get()[key])).toBe(false);
  });

  it('keeps unsaved cells in this tab and offers them back after a reload, never applying them by itself', () => {
    const key = siteDraftKey(SITE);
    const saved = presetWeek('officeHoursOnly');
    openDraft(key, saved);
    const painted = toggleCell(saved, { day: 2, slot: 40 });
    editDraft(key, painted);
    expect(weeksEqual(storedDraft(key)!, painted)).toBe(true);
    // "reload": memory gone, storage stays
    $drafts.set({});
    const reopened = openDraft(key, saved);
    expect(weeksEqual(reopened.cells, saved)).toBe(true);
    expect(weeksEqual(reopened.recovered!, painted)).toBe(true);
    restoreDraft(key);
    expect(weeksEqual($drafts.get()[key]!.cells, painted)).toBe(true);
    expect($drafts.get()[key]!.recovered).toBeNull();
    discardDraft(key);
    expect(storedDraft(key)).toBeNull();
    expect(isDirty($drafts.get()[key])).toBe(false);
  });

  it('offers nothing when the stored cells equal the saved week, and forgets a dismissed offer', () => {
    const key = siteDraftKey(SITE);
    openDraft(key, emptyWeek());
    editDraft(key, presetWeek('always'));
    $drafts.set({});
    expect(openDraft(key, presetWeek('always')).recovered).toBeNull();
    expect(storedDraft(key)).toBeNull();
    editDraft(key, emptyWeek());
    $drafts.set({});
    expect(openDraft(key, presetWeek('always')).recovered).not.toBeNull();
    dismissRecovered(key);
    expect($drafts.get()[key]!.recovered).toBeNull();
  });

  it('stores drafts per user and drops them from memory on sign-out', () => {
    const key = siteDraftKey(SITE);
    openDraft(key, emptyWeek());
    editDraft(key, presetWeek('always'));
    signOut();
    expect($drafts.get()[key]).toBeUndefined();
    $currentUser.set({ ...SAMPLE_USER, uuid: 'someone-else', token: 'u' });
    expect(storedDraft(key)).toBeNull();
    $currentUser.set({ ...SAMPLE_USER, token: 't' });
    expect(storedDraft(key)).not.toBeNull();
  });

  it('a clean draft follows a new saved week; a dirty one keeps its cells', () => {
    const key = siteDraftKey(SITE);
    openDraft(key, emptyWeek());
    openDraft(key, presetWeek('always'));
    expect(weeksEqual($drafts.get()[key]!.cells, presetWeek('always'))).toBe(true);
    const painted = presetWeek('officeHoursOnly');
    editDraft(key, painted);
    openDraft(key, presetWeek('none'));
    expect($drafts.get()[key]!.cells).toBe(painted);
    rebaseDraft(key, painted);
    expect(isDirty($drafts.get()[key])).toBe(false);
  });
});

describe('saving one site', () => {
  it('sends the canonical days once, and the answer becomes the saved state everywhere', async () => {
    const m = echoServer();
    const before = week([{ from: '08:00', to: '18:00' }]);
    siteCache.set(SITE, site(SITE, 'Europe/Brussels', before));
    projectCache.set(PROJECT, {
      uuid: PROJECT,
      name: 'P',
      permissions: [],
      sites: [site(SITE, 'Europe/Brussels', before), site(OTHER, 'America/New_York', week())],
    });
    const key = siteDraftKey(SITE);
    openDraft(key, daysToWeek(before));
    const painted = presetWeek('outsideOfficeHours');
    editDraft(key, painted);

    const result = await saveSiteDraft(PROJECT, SITE);
    expect(result).toHaveLength(1);
    expect(m.callsTo(URL_PATH)).toHaveLength(1);
    expect(m.calls[0]!.method).toBe('POST');
    expect(m.calls[0]!.body).toEqual({ siteUuids: [SITE], schedule: { days: weekToDays(painted) } });
    const draft = $drafts.get()[key]!;
    expect(isDirty(draft)).toBe(false);
    expect(weeksEqual(draft.saved, painted)).toBe(true);
    expect(siteCache.peek(SITE)!.schedule!.days).toEqual(weekToDays(painted));
    expect(projectCache.peek(PROJECT)!.sites[0]!.schedule!.days).toEqual(weekToDays(painted));
    expect(projectCache.peek(PROJECT)!.sites[1]!.schedule!.days).toEqual(week());
    expect(storedDraft(key)).toBeNull();
  });

  it('a failed save keeps every painted cell and says why (server messages included)', async () => {
    mockFetch(() => json({ errors: [{ field: 'schedule.days.0', message: 'schedule.days.0 has overlapping intervals' }] }, 422));
    const key = siteDraftKey(SITE);
    openDraft(key, emptyWeek());
    const painted = presetWeek('officeHoursOnly');
    editDraft(key, painted);
    expect(await saveSiteDraft(PROJECT, SITE)).toBeNull();
    const draft = $drafts.get()[key]!;
    expect(draft.cells).toBe(painted);
    expect(draft.saving).toBe(false);
    expect(draft.error).toEqual({ key: 'schedules.errors.save', details: ['schedule.days.0 has overlapping intervals'] });
    // Said once, in the editor: no toast repeating the same text.
    expect($toasts.get()).toEqual([]);
    expect(isDirty(draft)).toBe(true);
  });

  it('a 500 without a message gives only the error text (docs/product.md#errors); a dropped network says offline', async () => {
    mockFetch(() => new Response('oops', { status: 500 }));
    const key = siteDraftKey(SITE);
    openDraft(key, emptyWeek());
    editDraft(key, presetWeek('always'));
    await saveSiteDraft(PROJECT, SITE);
    expect($drafts.get()[key]!.error).toEqual({ key: 'schedules.errors.save', details: [] });
    // The server's generic text in the user's language adds nothing to the error text; its reasons do.
    const GENERIC_DE = 'Etwas ist schiefgelaufen (de)';
    mockFetch((call) =>
      call.url.pathname === '/i18n/messages/de.json'
        ? json({ core: { errors: { generic: GENERIC_DE }, common: { loading: 'Laden…' } } })
        : json({ errors: [{ message: GENERIC_DE }, { message: 'Der Speicher ist nicht erreichbar' }] }, 500),
    );
    await applyLanguage('de');
    await saveSiteDraft(PROJECT, SITE);
    await applyLanguage('en');
    expect($drafts.get()[key]!.error).toEqual({ key: 'schedules.errors.save', details: ['Der Speicher ist nicht erreichbar'] });
    mockFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    await saveSiteDraft(PROJECT, SITE);
    expect($drafts.get()[key]!.error!.key).toBe('core.errors.offline');
    expect(saveFailure(new Error('x'))).toEqual({ key: 'schedules.errors.save', details: [] });
  });

  it('cells painted while saving stay unsaved', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => (release = r));
    mockFetch(async (call) => {
      await gate;
      const body = call.body as { schedule: { days: Interval[][] } };
      return json({ data: { sites: [{ uuid: SITE, name: 'S', schedule: { timezone: 'UTC', days: body.schedule.days } }] } });
    });
    const key = siteDraftKey(SITE);
    openDraft(key, emptyWeek());
    const sent = presetWeek('officeHoursOnly');
    editDraft(key, sent);
    const saving = saveSiteDraft(PROJECT, SITE);
    expect($drafts.get()[key]!.saving).toBe(true);
    const later = toggleCell(sent, { day: 6, slot: 0 });
    editDraft(key, later);
    release();
    await saving;
    const draft = $drafts.get()[key]!;
    expect(weeksEqual(draft.saved, sent)).toBe(true);
    expect(draft.cells).toBe(later);
  });
});

describe('applying to several sites', () => {
  it('sends ONE request with every site and the optional time zone, and updates each site', async () => {
    const m = echoServer();
    siteCache.set(SITE, site(SITE, 'Europe/Brussels', week()));
    siteCache.set(OTHER, site(OTHER, 'America/New_York', week()));
    openDraft(siteDraftKey(OTHER), emptyWeek());
    const key = projectDraftKey(PROJECT);
    openDraft(key, emptyWeek());
    editDraft(key, presetWeek('officeHoursOnly'));
    const sites = await applyProjectDraft(PROJECT, [SITE, OTHER], 'Europe/Brussels');
    expect(sites!.map((s) => s.uuid)).toEqual([SITE, OTHER]);
    expect(m.calls).toHaveLength(1);
    expect(m.calls[0]!.body).toEqual({
      siteUuids: [SITE, OTHER],
      schedule: { days: weekToDays(presetWeek('officeHoursOnly')) },
      timezone: 'Europe/Brussels',
    });
    expect(siteCache.peek(OTHER)!.timezone).toBe('Europe/Brussels');
    // the open draft of a site follows the new saved week
    expect(weeksEqual($drafts.get()[siteDraftKey(OTHER)]!.cells, presetWeek('officeHoursOnly'))).toBe(true);
    expect(isDirty($drafts.get()[key])).toBe(false);
    expect(await applyProjectDraft(PROJECT, [])).toBeNull();
  });
});

describe('permissions', () => {
  it("needs 'edit schedules' when the permissions are known", () => {
    expect(canEditSchedules(['view', 'edit schedules'])).toBe(true);
    expect(canEditSchedules(['view', 'evacuate'])).toBe(false);
    expect(canEditSchedules(undefined)).toBe(true);
  });
});
