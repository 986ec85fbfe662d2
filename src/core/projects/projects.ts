/**
 * The home list of projects (GET /api/v2/projects, docs/product.md#api-calls): page-wide, loaded once and
 * refreshed in the background when shown again, cleared on sign-out. The list's failure
 * toast is the 'Unable to load projects'.
 */
import * as Answers from '../api/answer-names.ts';
import type { ProjectSummary } from '../api/contract.ts';
import { isApiError, request, type ApiError } from '../api/client.ts';
import { filterByWords } from '../i18n/search.ts';
import { createResource } from '../resources/resource.ts';
import { showError } from '../toasts/toasts.ts';

export const projectList = createResource<ProjectSummary[]>('projects.list', (_key, { quiet }) =>
  request('GET', '/api/v2/projects', Answers.projects).then(
    ({ data }) => data,
    (error: ApiError) => {
      // A live refresh that failed keeps the list shown without a toast (the next change or visit tries again).
      if (!quiet && isApiError(error) && error.kind !== 'aborted' && error.status !== 401) showError('core.toastErrors.loadProjects');
      throw error;
    },
  ),
);

/** The list's entry is `$projects.get().list` (core/resources/resource.ts): undefined until first asked for, and after sign-out. */
export const $projects = projectList.$entries;

/** Loads (or refreshes) the list; concurrent callers share one request. Never throws. */
export function loadProjects(): Promise<void> {
  return projectList.load('list', { force: true }).then(
    () => undefined,
    () => undefined,
  );
}

/** A list loaded this recently is shown as is when the home page opens. */
const FRESH_MS = 5000;

/**
 * Starts loading the list, quietly: the portal calls it while it validates the user, one
 * round trip before the home page would ask. A failure is the page's to show: it asks again.
 */
export function warmProjects(): void {
  projectList.load('list', { quiet: true }).catch(() => undefined);
}

/**
 * The home page's load when it opens: takes the list on its way or loaded moments ago
 * (warmProjects), else loads it again. Never throws.
 */
export function openProjects(): Promise<void> {
  const entry = $projects.get().list;
  const stale = entry?.data !== undefined && Date.now() - (entry.loadedAt ?? 0) > FRESH_MS;
  return projectList.load('list', { force: stale }).then(
    () => undefined,
    () => undefined,
  );
}

/** Show a search box from this many projects on. */
export const PROJECT_SEARCH_THRESHOLD = 7;

/** Projects whose name contains every word of `query` (case- and accent-insensitive). */
export function filterProjects(projects: readonly ProjectSummary[], query: string): ProjectSummary[] {
  return filterByWords(projects, query, (p) => p.name);
}
