import './messages/bundled.ts';
import './messages/bundled-history.ts';
import './messages/bundled-modes.ts';
import { useEffect, useId, useState } from 'react';
import type { EvacuationMode, EvacuationRecord } from '../../core/api/contract.ts';
import { isMissing } from '../../core/api/client.ts';
import { exportHistory, loadHistory, type HistoryFilters, type HistoryPage } from '../../core/evacuation/history.ts';
import { formatDateTime } from '../../core/time/format.ts';
import { projectCache } from '../../core/resources/resources.ts';
import { formatElapsed } from '../../core/time/elapsed.ts';
import { showError } from '../../core/toasts/toasts.ts';
import { useResource } from '../common/useResource.ts';
import { useStyles } from '../common/useStyles.ts';
import { useT } from '../common/useT.ts';
import drillCss from './drill.css?inline';
import { DrillTag } from './DrillTag.tsx';
import historyCss from './history.css?inline';

const isDay = (s: string) => /^\d{4}-\d{2}-\d{2}$/.test(s);
const when = (iso: string) => formatDateTime(iso);

/**
 * A project's evacuations and drills, newest first, with filters (site, drill or real, a
 * range of days) and "Export CSV" of what the filters show. Read-only: nobody changes a record.
 */
export function EvacuationHistory({ project }: { project: string }) {
  useStyles(drillCss);
  useStyles(historyCss);
  const t = useT();
  const ids = { site: useId(), mode: useId(), from: useId(), to: useId(), heading: useId() };
  const sites = useResource(projectCache, project)?.data?.sites ?? [];
  const [filters, setFilters] = useState<HistoryFilters>({});
  const [page, setPage] = useState(1);
  const [result, setResult] = useState<{ data?: HistoryPage; error?: unknown; loading: boolean }>({ loading: true });
  const [attempt, setAttempt] = useState(0);
  const [exporting, setExporting] = useState(false);

  useEffect(() => {
    const ctrl = new AbortController();
    setResult((r) => ({ ...r, loading: true }));
    loadHistory(project, filters, page, ctrl.signal).then(
      (data) => setResult({ data, loading: false }),
      (error: unknown) => !ctrl.signal.aborted && setResult({ error, loading: false }),
    );
    return () => ctrl.abort();
  }, [project, filters, page, attempt]);

  const change = <K extends keyof HistoryFilters>(key: K, value: HistoryFilters[K]) => {
    setFilters((f) => ({ ...f, [key]: value || undefined }));
    setPage(1);
  };

  async function download() {
    setExporting(true);
    try {
      await exportHistory(project, filters, `evacuations-${new Date().toISOString().slice(0, 10)}.csv`);
    } catch {
      showError('evacuation.history.exportFailed');
    } finally {
      setExporting(false);
    }
  }

  const data = result.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.perPage)) : 1;
  let body;
  if (!data && result.error) {
    body = (
      <div className="v-message" role="alert">
        <p>{t(isMissing(result.error) ? 'evacuation.history.notFound' : 'evacuation.history.failed')}</p>
        {!isMissing(result.error) && (
          <button type="button" className="v-btn v-btn--small" onClick={() => setAttempt((a) => a + 1)}>
            {t('evacuation.history.retry')}
          </button>
        )}
      </div>
    );
  } else if (!data) {
    body = (
      <p className="v-muted" role="status">
        {t('evacuation.history.loading')}
      </p>
    );
  } else if (data.rows.length === 0) {
    body = <p className="v-message">{t('evacuation.history.empty')}</p>;
  } else {
    body = (
      <>
        <p className="v-small v-muted" role="status">
          {t('evacuation.history.count', { count: data.total })}
        </p>
        <ul className="evh-list" aria-label={t('evacuation.history.caption')} aria-busy={result.loading}>
          {data.rows.map((r) => (
            <Row key={r.id} row={r} />
          ))}
        </ul>
        {pages > 1 && (
          <nav className="evh-pages" aria-label={t('evacuation.history.page', { page, pages })}>
            <button type="button" className="v-btn v-btn--small" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
              {t('evacuation.history.previous')}
            </button>
            <span>{t('evacuation.history.page', { page, pages })}</span>
            <button type="button" className="v-btn v-btn--small" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
              {t('evacuation.history.next')}
            </button>
          </nav>
        )}
      </>
    );
  }

  return (
    <section className="evh" aria-labelledby={ids.heading} part="history">
      <h2 id={ids.heading} className="v-visually-hidden">
        {t('evacuation.history.filters')}
      </h2>
      <div className="evh-tools" role="group" aria-label={t('evacuation.history.filters')}>
        <div className="evh-filter evh-filter--select">
          <label htmlFor={ids.site}>{t('evacuation.history.site')}</label>
          <select id={ids.site} className="v-select" value={filters.site ?? ''} onChange={(e) => change('site', e.target.value)}>
            <option value="">{t('evacuation.history.allSites')}</option>
            {sites.map((s) => (
              <option key={s.uuid} value={s.uuid}>
                {s.name}
              </option>
            ))}
          </select>
        </div>
        <div className="evh-filter evh-filter--select">
          <label htmlFor={ids.mode}>{t('evacuation.history.mode')}</label>
          <select
            id={ids.mode}
            className="v-select"
            value={filters.mode ?? ''}
            onChange={(e) => change('mode', (e.target.value || undefined) as EvacuationMode | undefined)}
          >
            <option value="">{t('evacuation.history.allModes')}</option>
            <option value="drill">{t('evacuation.history.drills')}</option>
            <option value="real">{t('evacuation.history.reals')}</option>
          </select>
        </div>
        <div className="evh-filter evh-filter--date">
          <label htmlFor={ids.from}>{t('evacuation.history.from')}</label>
          <input
            id={ids.from}
            type="date"
            className="v-input"
            value={filters.from ?? ''}
            max={filters.to}
            onChange={(e) => (isDay(e.target.value) || e.target.value === '' ? change('from', e.target.value) : undefined)}
          />
        </div>
        <div className="evh-filter evh-filter--date">
          <label htmlFor={ids.to}>{t('evacuation.history.to')}</label>
          <input
            id={ids.to}
            type="date"
            className="v-input"
            value={filters.to ?? ''}
            min={filters.from}
            onChange={(e) => (isDay(e.target.value) || e.target.value === '' ? change('to', e.target.value) : undefined)}
          />
        </div>
        <button type="button" className="v-btn evh-export" onClick={() => void download()} disabled={exporting} aria-busy={exporting}>
          {t('evacuation.history.export')}
        </button>
      </div>
      {body}
    </section>
  );
}

function Row({ row }: { row: EvacuationRecord }) {
  const t = useT();
  const name = row.scope === 'project' ? t('evacuation.history.wholeProject', { name: row.target.name }) : row.target.name;
  return (
    <li className={`evh-row evh-row--${row.mode}`} part="row">
      <p className="evh-what">
        {row.mode === 'drill' ? <DrillTag /> : <span className="evh-real">{t('evacuation.history.real')}</span>}
        <strong>{name}</strong>
      </p>
      <p className="evh-reason">
        <span className="evh-label">{t('evacuation.history.reason')}</span> {row.message ?? t('evacuation.history.none')}
      </p>
      <p>
        <span className="evh-label">{t('evacuation.history.started')}</span> {when(row.started_at)}{' '}
        {t('evacuation.history.by', { name: row.started_by })}
      </p>
      <p>
        <span className="evh-label">{t('evacuation.history.ended')}</span>{' '}
        {row.ended_at ? (
          <>
            {when(row.ended_at)} {row.ended_by && t('evacuation.history.by', { name: row.ended_by })}
          </>
        ) : (
          <strong>{t('evacuation.history.ongoing')}</strong>
        )}
      </p>
      <p className="evh-duration">
        <span className="evh-label">{t('evacuation.history.duration')}</span>{' '}
        {row.duration_seconds === null ? t('evacuation.history.none') : formatElapsed(row.duration_seconds * 1000)}
      </p>
    </li>
  );
}
