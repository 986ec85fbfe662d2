/**
 * Saving schedules: POST /api/public/v3/projects/{uuid}/update-site-schedules with
 * `{siteUuids, schedule: {days}, timezone?}`, one request for every site named. The
 * server's answer becomes the saved state everywhere: the site and project caches and the
 * drafts of those sites. A failure keeps every painted cell and says why.
 */
import * as Answers from '../api/answer-names.ts';
import type { Project, Schedule } from '../api/contract.ts';
import { GENERIC_ERROR, isApiError, request } from '../api/client.ts';
import { tKey } from '../i18n/i18n.ts';
import { projectCache, siteCache } from '../resources/resources.ts';
import { EDIT_SCHEDULES } from '../api/constants.ts';
import { readDays, weekToDays } from './convert.ts';
import { $drafts, markFailed, markSaved, markSaving, syncSaved, type SaveFailure } from './drafts.ts';
import type { Week } from './week.ts';

/**
 * Whether the user may change schedules: the project's permissions include 'edit
 * schedules'. Unknown permissions (an answer without them) leave it to the server.
 */
export const canEditSchedules = (permissions: readonly string[] | undefined): boolean =>
  !permissions || permissions.includes(EDIT_SCHEDULES);

export const siteDraftKey = (site: string): string => `site:${site}`;
export const projectDraftKey = (project: string): string => `project:${project}`;

export interface SavedSite {
  uuid: string;
  name: string;
  schedule: Schedule;
}

function updateCaches(project: string, sites: readonly SavedSite[]): void {
  const byUuid = new Map(sites.map((s) => [s.uuid, s]));
  for (const s of sites) {
    const cached = siteCache.peek(s.uuid);
    if (cached) siteCache.set(s.uuid, { ...cached, timezone: s.schedule.timezone, schedule: s.schedule });
    syncSaved(siteDraftKey(s.uuid), readDays(s.schedule.days).week);
  }
  const cachedProject: Project | undefined = projectCache.peek(project);
  if (cachedProject) {
    projectCache.set(project, {
      ...cachedProject,
      sites: cachedProject.sites.map((site) => {
        const s = byUuid.get(site.uuid);
        return s ? { ...site, timezone: s.schedule.timezone, schedule: s.schedule } : site;
      }),
    });
  }
}

/**
 * Sends `week` for `siteUuids` of `project` (keeping each site's time zone unless
 * `timezone` is given) and puts the answer in the caches. Throws ApiError.
 */
export async function updateSiteSchedules(
  project: string,
  siteUuids: readonly string[],
  week: Week,
  timezone?: string,
): Promise<SavedSite[]> {
  const body = { siteUuids: [...siteUuids], schedule: { days: weekToDays(week) }, ...(timezone ? { timezone } : {}) };
  const { data } = await request(
    'POST',
    `/api/public/v3/projects/${encodeURIComponent(project)}/update-site-schedules`,
    Answers.siteSchedules,
    { body },
  );
  updateCaches(project, data.sites);
  return data.sites;
}

/**
 * Why a save failed: the error text (docs/product.md#errors) plus the server's own messages (why it refused
 * or failed), minus its generic "something went wrong", in English or in the user's
 * language, which would only repeat the error text.
 */
export function saveFailure(e: unknown): SaveFailure {
  if (isApiError(e) && e.kind === 'network') return { key: 'core.errors.offline', details: [] };
  const generic = new Set([GENERIC_ERROR, tKey('core.errors.generic')]);
  const details = isApiError(e) ? e.errors.map((x) => x.message).filter((m) => m && !generic.has(m)) : [];
  return { key: 'schedules.errors.save', details: [...new Set(details)] };
}

/**
 * A failed save is shown where it was asked for: the editor's save error (an alert with
 * the error text and the server's reasons). No toast besides: it would repeat that text.
 * A 401 needs nothing more here: the client has the session check itself (api/client.ts).
 */
function fail(key: string, e: unknown): void {
  markFailed(key, saveFailure(e));
}

/** Saves the draft of one site. Resolves to the saved sites, or null when it failed. */
export async function saveSiteDraft(project: string, site: string): Promise<SavedSite[] | null> {
  const key = siteDraftKey(site);
  const draft = $drafts.get()[key];
  if (!draft || draft.saving) return null;
  const sent = draft.cells;
  markSaving(key);
  try {
    const sites = await updateSiteSchedules(project, [site], sent);
    const mine = sites.find((s) => s.uuid === site);
    markSaved(key, mine ? readDays(mine.schedule.days).week : sent, sent);
    return sites;
  } catch (e) {
    fail(key, e);
    return null;
  }
}

/**
 * Applies the multi-site editor's week to `siteUuids` in ONE request, with an optional
 * new time zone for all of them. Resolves to the saved sites, or null when it failed.
 */
export async function applyProjectDraft(project: string, siteUuids: readonly string[], timezone?: string): Promise<SavedSite[] | null> {
  const key = projectDraftKey(project);
  const draft = $drafts.get()[key];
  if (!draft || draft.saving || siteUuids.length === 0) return null;
  const sent = draft.cells;
  markSaving(key);
  try {
    const sites = await updateSiteSchedules(project, siteUuids, sent, timezone);
    markSaved(key, sent, sent);
    return sites;
  } catch (e) {
    fail(key, e);
    return null;
  }
}
