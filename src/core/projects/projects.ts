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
import { onSignOut } from '../session/session.ts';
import { shared } from '../shared.ts';
import { showError } from '../toasts/toasts.ts';

export const projectList = createResource<ProjectSummary[]>('projects.list', (_key, options) =>
  request('GET', '/api/v2/projects', Answers.projects).then(
    ({ data }) => data,
    (error: ApiError) => {
      // A live refresh that failed keeps the list shown without a toast (the next change or visit tries again).
      // Read now, not when sent: the page's own load may have joined a quiet one meanwhile.
      if (!options.quiet && isApiError(error) && error.kind !== 'aborted' && error.status !== 401)
        showError('core.toastErrors.loadProjects');
      throw error;
    },
  ),
);

/**
 * The list is kept for the next visit, which shows it at once as being checked (`stale`)
 * while it asks again (core/resources/persist.ts). That code is a chunk of its own, asked
 * for when the home first loads the list (not by the elements that only read it): no first
 * load carries it, and the list's request never waits for it.
 */
function keepProjects(): void {
  shared('projects.kept', () =>
    import('../resources/persist.ts').then(
      (m) => m.persistResource(projectList, 'projects', 'list'),
      () => undefined,
    ),
  );
}

/** The list's entry is `$projects.get().list` (core/resources/resource.ts): undefined until first asked for, and after sign-out. */
export const $projects = projectList.$entries;

/** Loads (or refreshes) the list; concurrent callers share one request. Never throws. */
export function loadProjects(): Promise<void> {
  return projectList.load('list', { force: true }).then(
    () => undefined,
    () => undefined,
  );
}

/** A warm-up older than this is not taken for the page that opens: it asks again. */
const WARM_MS = 10_000;

const warm = shared('projects.warm', () => {
  const state = { started: null as { at: number; loaded: Promise<boolean> } | null };
  // A warm-up is for the user it loaded for: the next one signed in asks again.
  onSignOut(() => (state.started = null));
  return state;
});

/**
 * Loads the list again, quietly, for the home page about to open: the portal calls it while
 * it validates the user, one round trip before the page would ask. A failure is the page's
 * to show: it asks again. A warm-up not yet taken by the page stands for the next one.
 */
export function warmProjects(): void {
  keepProjects();
  // One warm-up for the page: the portal's first render may be made twice (a render React
  // set aside), and each asks; a second would ask the server again for what the first has.
  if (warm.started && Date.now() - warm.started.at < WARM_MS) return;
  const loaded = projectList.load('list', { force: true, quiet: true }).then(
    () => true,
    () => false,
  );
  warm.started = { at: Date.now(), loaded };
}

/**
 * The home page's load when it opens: the one warmProjects started for it, else a fresh
 * one (the list is refreshed each time the page is shown). Never throws.
 */
export function openProjects(): Promise<void> {
  keepProjects();
  const started = warm.started;
  warm.started = null;
  if (started && Date.now() - started.at < WARM_MS) return started.loaded.then((ok) => (ok ? undefined : loadProjects()));
  return loadProjects();
}

/** Show a search box from this many projects on. */
export const PROJECT_SEARCH_THRESHOLD = 7;

/** Projects whose name contains every word of `query` (case- and accent-insensitive). */
export function filterProjects(projects: readonly ProjectSummary[], query: string): ProjectSummary[] {
  return filterByWords(projects, query, (p) => p.name);
}
