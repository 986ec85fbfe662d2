/**
 * A project's activity log (GET /api/v2/projects/{uuid}/activity): pages of it by filters,
 * kept per project and filters in one resource (loading, ready, missing for a reader
 * without 'manage users', failed with retry), and the same filters as a CSV file, fetched
 * with the session's token and handed to the browser as a file, never a link carrying it.
 */
import * as Answers from '../api/answer-names.ts';
import { request, requestBlob } from '../api/client.ts';
import type { ActivityEntry } from '../api/contract.ts';
import { saveFile } from '../browser/download.ts';
import { createResource } from '../resources/resource.ts';
import { activityQuery, activitySearch, readActivitySearch, type ActivityFilters } from './filters.ts';

export interface ActivityPage {
  rows: ActivityEntry[];
  total: number;
  page: number;
  perPage: number;
}

export const ACTIVITY_PER_PAGE = 20;

const path = (project: string) => `/api/v2/projects/${encodeURIComponent(project)}/activity`;

/** The resource's key of a project's page with filters: the project and the address's query. */
export function activityKey(project: string, filters: ActivityFilters): string {
  return `${project}?${new URLSearchParams(activitySearch(filters)).toString()}`;
}

function readKey(key: string): { project: string; filters: ActivityFilters } {
  const at = key.indexOf('?');
  return { project: key.slice(0, at), filters: readActivitySearch(Object.fromEntries(new URLSearchParams(key.slice(at + 1)))) };
}

/** Pages of activity by {@link activityKey}. */
export const $activity = createResource<ActivityPage>('activity', async (key) => {
  const { project, filters } = readKey(key);
  const page = filters.page ?? 1;
  const answer = await request('GET', path(project), 'activity', {
    query: { ...activityQuery(filters), page, per_page: ACTIVITY_PER_PAGE },
  });
  return { rows: answer.data, total: answer.meta.total ?? answer.data.length, page, perPage: ACTIVITY_PER_PAGE };
});

/**
 * By project: the names the actor filter offers, the project's members as it knows them.
 * Its own light call (not the users page's store), so the log's page carries no forms.
 */
export const $activityActors = createResource<string[]>('activity-actors', async (project) => {
  const answer = await request('GET', `/api/v2/projects/${encodeURIComponent(project)}/users`, Answers.projectUsers);
  return answer.data.map((u) => u.name);
});

/** The filtered log as a CSV file (every page), downloaded under `filename`. */
export async function exportActivity(project: string, filters: ActivityFilters, filename: string): Promise<void> {
  const blob = await requestBlob(path(project), { query: { ...activityQuery(filters), format: 'csv' }, headers: { Accept: 'text/csv' } });
  saveFile(blob, filename, 'text/csv;charset=utf-8');
}
