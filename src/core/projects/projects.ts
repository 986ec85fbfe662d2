/**
 * The home list of projects (GET /api/v2/projects, docs/product.md#api-calls): page-wide, loaded once and
 * refreshed in the background when shown again, cleared on sign-out. The list's failure
 * toast is the 'Unable to load projects'.
 */
import { atom } from 'nanostores';
import { Answers, type ProjectSummary } from '../api/contract.ts';
import { isApiError, request, type ApiError } from '../api/client.ts';
import { filterByWords } from '../i18n/search.ts';
import { onSignOut } from '../session/session.ts';
import { shared } from '../shared.ts';
import { showError } from '../toasts/toasts.ts';

export interface ProjectsState {
  status: 'idle' | 'loading' | 'ready' | 'error';
  /** The last list loaded (kept while refreshing and after a failed refresh). */
  projects: ProjectSummary[] | null;
  error: ApiError | null;
}

const INITIAL: ProjectsState = { status: 'idle', projects: null, error: null };

export const $projects = shared('projects.list', () => {
  const store = atom<ProjectsState>(INITIAL);
  onSignOut(() => store.set(INITIAL));
  return store;
});

const inflight = shared('projects.list.inflight', () => ({ promise: null as Promise<void> | null }));

/** Loads (or refreshes) the list; concurrent callers share one request. Never throws. */
export function loadProjects(): Promise<void> {
  if (inflight.promise) return inflight.promise;
  const before = $projects.get();
  $projects.set({ ...before, status: before.projects ? 'ready' : 'loading', error: null });
  const promise = request('GET', '/api/v2/projects', Answers.projects)
    .then(
      ({ data }) => $projects.set({ status: 'ready', projects: data, error: null }),
      (e: unknown) => {
        const error = e as ApiError;
        if (isApiError(error) && error.kind !== 'aborted' && error.status !== 401) showError('core.errors.loadProjects');
        $projects.set({ ...$projects.get(), status: 'error', error });
      },
    )
    .finally(() => {
      inflight.promise = null;
    });
  inflight.promise = promise;
  return promise;
}

/** Show a search box from this many projects on. */
export const PROJECT_SEARCH_THRESHOLD = 7;

/** Projects whose name contains every word of `query` (case- and accent-insensitive). */
export function filterProjects(projects: readonly ProjectSummary[], query: string): ProjectSummary[] {
  return filterByWords(projects, query, (p) => p.name);
}
