import './messages/bundled.ts';
import { useId, useState } from 'react';
import { $activity, $activityActors, activityKey, exportActivity } from '../../core/activity/activity.ts';
import { ACTIVITY_CATEGORIES, type ActivityCategory, type ActivityFilters } from '../../core/activity/filters.ts';
import { isDay } from '../../core/inbox/filters.ts';
import { showError } from '../../core/toasts/toasts.ts';
import { FilterBar, FilterField } from '../../ui/FilterBar.tsx';
import filterBarCss from '../../ui/filter-bar.css?inline';
import { LoadState } from '../../ui/LoadState.tsx';
import { retryLoad, useResource } from '../common/useResource.ts';
import { useStyles } from '../common/useStyles.ts';
import { useT } from '../common/useT.ts';
import activityCss from './activity.css?inline';
import { ActivityRow } from './ActivityRow.tsx';

export interface ActivityLogProps {
  project: string;
  /** The filters shown (the page keeps them in its address). */
  filters: ActivityFilters;
  onFilters(next: ActivityFilters): void;
}

/**
 * A project's activity, newest first: filters (what, who, a range of days), the entries
 * with what changed in words, pages, and "Export CSV" of what the filters show. Read-only.
 */
export function ActivityLog({ project, filters, onFilters }: ActivityLogProps) {
  useStyles(filterBarCss, activityCss);
  const t = useT();
  const ids = { category: useId(), actor: useId(), from: useId(), to: useId() };
  const key = activityKey(project, filters);
  const entry = useResource($activity, key);
  const [exporting, setExporting] = useState(false);
  const members = useResource($activityActors, project)?.data ?? [];
  const actors = [...new Set([...members, ...(filters.actor ? [filters.actor] : [])])].sort((a, b) => a.localeCompare(b));

  const change = <K extends keyof ActivityFilters>(name: K, value: ActivityFilters[K]) =>
    onFilters({ ...filters, [name]: value || undefined, page: undefined });
  const day = (name: 'from' | 'to') => (e: { target: { value: string } }) =>
    isDay(e.target.value) || e.target.value === '' ? change(name, e.target.value) : undefined;

  async function download() {
    setExporting(true);
    try {
      await exportActivity(project, filters, `activity-${new Date().toISOString().slice(0, 10)}.csv`);
    } catch {
      showError('activity.exportFailed');
    } finally {
      setExporting(false);
    }
  }

  const data = entry?.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.perPage)) : 1;
  const page = filters.page ?? 1;
  return (
    <section className="act" part="activity" aria-label={t('activity.caption')}>
      <FilterBar label={t('activity.filters')} exportLabel={t('activity.export')} onExport={() => void download()} exporting={exporting}>
        <FilterField id={ids.category} label={t('activity.category')}>
          <select
            id={ids.category}
            className="v-select"
            value={filters.category ?? ''}
            onChange={(e) => change('category', (e.target.value || undefined) as ActivityCategory | undefined)}
          >
            <option value="">{t('activity.allCategories')}</option>
            {ACTIVITY_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {t(`activity.categories.${c}`)}
              </option>
            ))}
          </select>
        </FilterField>
        <FilterField id={ids.actor} label={t('activity.actor')}>
          <select id={ids.actor} className="v-select" value={filters.actor ?? ''} onChange={(e) => change('actor', e.target.value)}>
            <option value="">{t('activity.anyone')}</option>
            {actors.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </FilterField>
        <FilterField id={ids.from} label={t('activity.from')} narrow>
          <input id={ids.from} type="date" className="v-input" value={filters.from ?? ''} max={filters.to} onChange={day('from')} />
        </FilterField>
        <FilterField id={ids.to} label={t('activity.to')} narrow>
          <input id={ids.to} type="date" className="v-input" value={filters.to ?? ''} min={filters.from} onChange={day('to')} />
        </FilterField>
      </FilterBar>
      {!data ? (
        <LoadState
          status={entry?.status}
          loading={
            <p className="v-muted" role="status">
              {t('activity.loading')}
            </p>
          }
          missingText={t('activity.notFound')}
          failedText={t('activity.failed')}
          retryLabel={t('activity.retry')}
          onRetry={retryLoad($activity, key)}
        />
      ) : data.rows.length === 0 ? (
        <p className="v-message">{t('activity.empty')}</p>
      ) : (
        <>
          <p className="v-small v-muted" role="status">
            {t('activity.count', { count: data.total })}
          </p>
          <ol className="act-list" aria-label={t('activity.caption')} aria-busy={entry?.status === 'loading'}>
            {data.rows.map((row) => (
              <ActivityRow key={row.uuid} entry={row} />
            ))}
          </ol>
          {pages > 1 && (
            <nav className="act-pages" aria-label={t('activity.page', { page, pages })}>
              <button
                type="button"
                className="v-btn v-btn--small"
                disabled={page <= 1}
                onClick={() => onFilters({ ...filters, page: page - 1 })}
              >
                {t('activity.previous')}
              </button>
              <span>{t('activity.page', { page, pages })}</span>
              <button
                type="button"
                className="v-btn v-btn--small"
                disabled={page >= pages}
                onClick={() => onFilters({ ...filters, page: page + 1 })}
              >
                {t('activity.next')}
              </button>
            </nav>
          )}
        </>
      )}
    </section>
  );
}
