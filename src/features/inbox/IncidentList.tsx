import { useStore } from '@nanostores/react';
import { useEffect, useId, useState } from 'react';
import { SEVERITIES } from '../../core/api/constants.ts';
import { formatNumber } from '../../core/i18n/i18n.ts';
import { filterQuery, hasFilters, isDay, isSeverity, type IncidentFilters } from '../../core/inbox/filters.ts';
import { incidentList, setIncidentFilters } from '../../core/inbox/lists.ts';
import { useT } from '../common/useT.ts';
import { AttentionViews } from './AttentionViews.tsx';
import { IncidentRow } from './IncidentRow.tsx';
import { ListTools } from './ListTools.tsx';
import type { RowTarget } from './RowAction.tsx';
import { useFilterChoices, type SiteChoice } from './useFilterChoices.ts';
import { readUrlFilters, writeUrlFilters } from './urlFilters.ts';
import { LazyVirtualList as VirtualList } from './LazyVirtualList.tsx';

export interface IncidentListProps {
  target: RowTarget;
  focusUuid?: string | undefined;
  /**
   * The portal's page: the filters are the URL's query (shared, kept on reload and Back)
   * and the rows are part of the page, which scrolls once. Without it (an element on
   * someone else's page) the filters are the list's own and the list scrolls in its box.
   */
  inPage?: boolean;
}

/**
 * The incidents of the user's projects in the order of what needs attention (open first,
 * worst first, then the handled ones), as two views ("Needs attention", "All") and
 * filterable for triage.
 */
export function IncidentList({ target, focusUuid, inPage = false }: IncidentListProps) {
  const t = useT();
  // In the page, the URL decides the filters before the first render (no flash of another list).
  // (Idempotent: a render that suspends and starts over reads the same URL again.)
  const [rejected, setRejected] = useState(() => {
    if (!inPage) return false;
    const read = readUrlFilters();
    setIncidentFilters(read.filters);
    return read.rejected.length > 0;
  });
  // Once shown, the values it could not read leave the address too.
  useEffect(() => {
    if (rejected) writeUrlFilters(incidentList.$state.get().filters);
  }, [rejected]);
  const { filters, total, status, kept } = useStore(incidentList.$state);
  // The sites and systems are loaded when needed: a filter by them is set, or the user turns to them.
  const [wantChoices, setWantChoices] = useState(false);
  const choices = useFilterChoices(wantChoices || Boolean(filters.project || filters.site || filters.system));
  const want = () => setWantChoices(true);
  const ids = { project: useId(), site: useId(), system: useId(), severity: useId(), from: useId(), to: useId() };

  const apply = (next: IncidentFilters) => {
    setRejected(false);
    setIncidentFilters(next);
    if (inPage) writeUrlFilters(next);
  };
  const change = (name: keyof IncidentFilters, value: string | boolean | undefined) => {
    const next: IncidentFilters = { ...filters };
    if (value === undefined || value === '' || value === false) delete next[name];
    else (next as Record<string, unknown>)[name] = value;
    // A site belongs to one project: choosing another project drops a site of the old one.
    if (
      name === 'project' &&
      next.site &&
      choices &&
      !choices.some((s) => s.uuid === next.site && (!next.project || s.projectUuid === next.project))
    )
      delete next.site;
    // A system belongs to one site: choosing another site (or project) drops a system of the old one.
    if ((name === 'site' || name === 'project') && next.system && choices && !siteOf(choices, next.system, next.site, next.project))
      delete next.system;
    apply(next);
  };
  // The view ("Needs attention" or "All") is not a filter: clearing the filters keeps it.
  const clear = () => apply(filters.open ? { open: true } : {});
  const filtered = hasFilters({ ...filters, open: false });
  const rowTarget: RowTarget = target.mode === 'link' ? { ...target, search: filterQuery(filters) } : target;

  const allSites = choices ?? [];
  const projectChoices = [...new Map(allSites.map((s) => [s.projectUuid, s.project])).entries()];
  const shownProject = projectChoices.find(([uuid]) => uuid === filters.project);
  const sites = filters.project ? allSites.filter((s) => s.projectUuid === filters.project) : allSites;
  const shownSite = sites.find((s) => s.uuid === filters.site);
  const systems = (shownSite ? [shownSite] : sites).flatMap((s) => s.systems.map((y) => ({ ...y, site: s.name })));
  const projects = new Set(sites.map((s) => s.project));
  const count =
    total === null || status !== 'ready' || kept !== undefined
      ? null
      : total === 0 && (filtered || filters.open)
        ? null
        : t('inbox.list.count', { count: total, n: formatNumber(total) });

  return (
    <>
      <AttentionViews open={filters.open === true} onChange={(open) => change('open', open)} />
      <ListTools
        label={t('inbox.filters.label')}
        total={null}
        onRefresh={() => incidentList.refresh()}
        active={[filters.project, filters.site, filters.system, filters.severity, filters.from, filters.to].filter(Boolean).length}
      >
        {/* Offered when a link sets it (a project card's count); the sites are grouped by project anyway. */}
        {filters.project && (
          <div className="vi-filter" onPointerEnter={want}>
            <label htmlFor={ids.project}>{t('inbox.filters.project')}</label>
            <select
              id={ids.project}
              className="v-select"
              value={filters.project ?? ''}
              onFocus={want}
              onPointerDown={want}
              onChange={(e) => change('project', e.target.value)}
            >
              <option value="">{t('inbox.filters.allProjects')}</option>
              {filters.project && !shownProject && (
                <option value={filters.project}>{choices ? t('inbox.filters.unknownProject') : '…'}</option>
              )}
              {projectChoices.map(([uuid, name]) => (
                <option key={uuid} value={uuid}>
                  {name}
                </option>
              ))}
            </select>
          </div>
        )}
        <div className="vi-filter" onPointerEnter={want}>
          <label htmlFor={ids.site}>{t('inbox.filters.site')}</label>
          <select
            id={ids.site}
            className="v-select"
            value={filters.site ?? ''}
            onFocus={want}
            onPointerDown={want}
            onChange={(e) => change('site', e.target.value)}
          >
            <option value="">{t('inbox.filters.allSites')}</option>
            {filters.site && !shownSite && <option value={filters.site}>{choices ? t('inbox.filters.unknownSite') : '…'}</option>}
            {projects.size > 1
              ? [...projects].map((project) => (
                  <optgroup key={project} label={project}>
                    {sites
                      .filter((s) => s.project === project)
                      .map((s) => (
                        <option key={s.uuid} value={s.uuid}>
                          {s.name}
                        </option>
                      ))}
                  </optgroup>
                ))
              : sites.map((s) => (
                  <option key={s.uuid} value={s.uuid}>
                    {s.name}
                  </option>
                ))}
          </select>
        </div>
        <div className="vi-filter" onPointerEnter={want}>
          <label htmlFor={ids.system}>{t('inbox.filters.system')}</label>
          <select
            id={ids.system}
            className="v-select"
            value={filters.system ?? ''}
            onFocus={want}
            onPointerDown={want}
            onChange={(e) => change('system', e.target.value)}
          >
            <option value="">{t('inbox.filters.allSystems')}</option>
            {filters.system && !systems.some((y) => y.uuid === filters.system) && (
              <option value={filters.system}>{choices ? t('inbox.filters.unknownSystem') : '…'}</option>
            )}
            {systems.map((y) => (
              <option key={y.uuid} value={y.uuid}>
                {shownSite ? y.name : t('inbox.filters.systemOfSite', { system: y.name, site: y.site })}
              </option>
            ))}
          </select>
        </div>
        <div className="vi-filter">
          <label htmlFor={ids.severity}>{t('inbox.filters.severity')}</label>
          <select
            id={ids.severity}
            className="v-select"
            value={filters.severity ?? ''}
            onChange={(e) => change('severity', isSeverity(e.target.value) ? e.target.value : undefined)}
          >
            <option value="">{t('inbox.filters.allSeverities')}</option>
            {SEVERITIES.map((s) => (
              <option key={s} value={s}>
                {t(`inbox.severity.${s}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="vi-filter vi-filter--date">
          <label htmlFor={ids.from}>{t('inbox.filters.from')}</label>
          <input
            id={ids.from}
            type="date"
            className="v-input"
            value={filters.from ?? ''}
            max={filters.to}
            onChange={(e) => (isDay(e.target.value) || e.target.value === '' ? change('from', e.target.value) : undefined)}
          />
        </div>
        <div className="vi-filter vi-filter--date">
          <label htmlFor={ids.to}>{t('inbox.filters.to')}</label>
          <input
            id={ids.to}
            type="date"
            className="v-input"
            value={filters.to ?? ''}
            min={filters.from}
            onChange={(e) => (isDay(e.target.value) || e.target.value === '' ? change('to', e.target.value) : undefined)}
          />
        </div>
      </ListTools>
      {rejected && (
        <p className="v-message vi-banner" role="alert">
          {t('inbox.filters.rejected')}
        </p>
      )}
      <div className="vi-result" part="result">
        <p className="vi-result-count" role="status" aria-live="polite">
          {count}
        </p>
        {filtered && (
          <button type="button" className="v-btn v-btn--small v-btn--ghost" onClick={clear}>
            {t('inbox.filters.clear')}
          </button>
        )}
      </div>
      <VirtualList
        list={incidentList}
        label={t('inbox.list.incidents')}
        emptyText={filtered ? t('inbox.empty.incidentsFiltered') : filters.open ? t('inbox.empty.attention') : t('inbox.empty.incidents')}
        emptyAction={
          filtered ? (
            <button type="button" className="v-btn" onClick={clear}>
              {t('inbox.filters.clear')}
            </button>
          ) : undefined
        }
        focusUuid={focusUuid}
        scroll={inPage ? 'page' : 'box'}
        tall
        renderRow={(incident, props) => <IncidentRow incident={incident} target={rowTarget} {...props} />}
      />
    </>
  );
}

/** The site of `system` among the choices, if it is `site` of `project` (or any when none is chosen). */
function siteOf(
  choices: readonly SiteChoice[],
  system: string,
  site: string | undefined,
  project: string | undefined,
): SiteChoice | undefined {
  return choices.find(
    (s) => (!site || s.uuid === site) && (!project || s.projectUuid === project) && s.systems.some((y) => y.uuid === system),
  );
}
