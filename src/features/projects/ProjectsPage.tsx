import './messages/bundled.ts';
import { useStore } from '@nanostores/react';
import { useEffect, useId, useState } from 'react';
import { momentParams } from '../../core/time/moments.ts';
import { $projects, filterProjects, loadProjects, openProjects, PROJECT_SEARCH_THRESHOLD } from '../../core/projects/projects.ts';
import { LoadState } from '../../ui/LoadState.tsx';
import { Loading } from '../common/Loading.tsx';
import { usePageTitle } from '../common/usePageTitle.ts';
import { useStyles } from '../common/useStyles.ts';
import { useT } from '../common/useT.ts';
import { useNow } from './Health.tsx';
import { HomeGlance } from './HomeGlance.tsx';
import { ProjectCard } from './ProjectCard.tsx';
import css from './projects.css?inline';
import { useHealthLive } from './useHealthLive.ts';

/**
 * Home: the user's projects with what needs attention in each (health at a glance, kept
 * live) and their sites and camera systems counts. A search box appears once the list is
 * long enough to need one (PROJECT_SEARCH_THRESHOLD).
 */
export function ProjectsPage() {
  useStyles(css);
  const t = useT();
  usePageTitle(t('projects.list.title'));
  const entry = useStore($projects).list;
  const projects = entry?.data;
  // Kept from an earlier visit, not answered yet on this one: shown as being checked.
  const stale = Boolean(entry?.stale && projects);
  const [query, setQuery] = useState('');
  const searchId = useId();
  const hintId = useId();
  const now = useNow();
  useHealthLive();

  useEffect(() => {
    void openProjects();
  }, []);

  let body;
  if (!projects) {
    body = (
      <LoadState
        status={entry?.status}
        loading={<Loading />}
        missingText={t('projects.list.loadFailed')}
        failedText={t('projects.list.loadFailed')}
        retryLabel={t('core.common.retry')}
        onRetry={() => void loadProjects()}
        className="v-stack pj-state"
      />
    );
  } else if (projects.length === 0) {
    body = (
      <p className="v-state" part="empty">
        {t('projects.list.empty')}
      </p>
    );
  } else {
    const searchable = projects.length >= PROJECT_SEARCH_THRESHOLD || query !== '';
    const shown = searchable ? filterProjects(projects, query) : projects;
    body = (
      <>
        {searchable && (
          <div className="pj-search" role="search">
            <div className="v-field">
              <label className="v-label" htmlFor={searchId}>
                {t('projects.list.search')}
              </label>
              <div className="pj-search-row">
                <input
                  id={searchId}
                  className="v-input"
                  type="search"
                  value={query}
                  autoComplete="off"
                  aria-describedby={hintId}
                  onChange={(e) => setQuery(e.target.value)}
                />
                {query && (
                  <button type="button" className="v-btn v-btn--ghost" onClick={() => setQuery('')}>
                    {t('projects.list.clearSearch')}
                  </button>
                )}
              </div>
              <span id={hintId} className="v-muted v-small">
                {t('projects.list.searchHint')}
              </span>
            </div>
            <p className="v-muted v-small" role="status">
              {query.trim() ? t('projects.list.results', { shown: shown.length, total: projects.length }) : ''}
            </p>
          </div>
        )}
        <div className="pj-home-frame">
          <div className="pj-home">
            {shown.length === 0 ? (
              <p className="v-state">{t('projects.list.noMatch', { query: query.trim() })}</p>
            ) : (
              <ul className="pj-list">
                {shown.map((p) => (
                  <ProjectCard key={p.uuid} project={p} now={now} checking={stale} />
                ))}
              </ul>
            )}
            {/* Kept answers claim nothing: the glance waits for the server. */}
            {!stale && <HomeGlance projects={projects} />}
          </div>
        </div>
      </>
    );
  }

  return (
    <div className="pj v-stack" part="projects">
      <h1>{t('projects.list.title')}</h1>
      {stale && entry && (
        <p className="v-muted v-small pj-kept" role="status" part="checking">
          {entry.status === 'failed' ? (
            <>
              {t('projects.list.notChecked', momentParams(entry.loadedAt))}{' '}
              <button type="button" className="v-btn v-btn--ghost v-btn--small" onClick={() => void loadProjects()}>
                {t('core.common.retry')}
              </button>
            </>
          ) : (
            t('projects.list.checking', momentParams(entry.loadedAt))
          )}
        </p>
      )}
      {body}
    </div>
  );
}
