import './messages/bundled.ts';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { emit } from '../../core/events.ts';
import { isMissing, projectCache } from '../../core/resources/resources.ts';
import { notFound } from '../../core/router/navigation.ts';
import { pathTo } from '../../core/router/routes.ts';
import { siteWeek, siteZone } from '../../core/schedules/convert.ts';
import { describeDiff } from '../../core/schedules/diff.ts';
import { discardDraft, dismissRecovered, rebaseDraft, restoreDraft } from '../../core/schedules/drafts.ts';
import { applyProjectDraft, canEditSchedules, projectDraftKey, type SavedSite } from '../../core/schedules/save.ts';
import { defaultStart } from '../../core/schedules/start.ts';
import { emptyWeek, weeksEqual } from '../../core/schedules/week.ts';
import { showSuccess } from '../../core/toasts/toasts.ts';
import { LoadState } from '../../ui/LoadState.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { useElementScope } from '../common/element/context.ts';
import { Link } from '../common/Link.tsx';
import { usePageTitle } from '../common/usePageTitle.ts';
import { retryLoad, useResource } from '../common/useResource.ts';
import { useStyles } from '../common/useStyles.ts';
import { useT } from '../common/useT.ts';
import editorCss from './editor.css?inline';
import pageCss from './page.css?inline';
import { RecoveredOffer } from './RecoveredOffer.tsx';
import { ScheduleGrid } from './ScheduleGrid.tsx';
import { TimeNote } from './TimeNote.tsx';
import { WeekSummary } from './WeekSummary.tsx';
import { LeaveDialog, useLeaveQuestion } from './useLeaveGuard.ts';
import { useScheduleDraft } from './useScheduleDraft.ts';
import { lazyModule, toolsModule } from './useTools.ts';
import { preloadable } from '../common/preloadable.tsx';

// Presets and copy-a-day, and this page's other parts: their own chunks, asked for at once (see useTools.ts).
const partsModule = lazyModule(() => import('./MultiParts.tsx'));
void toolsModule.load();
void partsModule.load();

// Only needed when replacing painted cells: loaded on first use, keeping the page light.
const AlertDialog = preloadable(() => import('../../ui/AlertDialog.tsx').then((m) => ({ default: m.AlertDialog })));
// The per-site confirmation before applying: its own chunk, loaded when it opens.
const ApplyConfirm = preloadable(() => import('./ApplyConfirm.tsx').then((m) => ({ default: m.ApplyConfirm })));

export interface SiteSchedulesPageProps {
  /** uuid of the project. */
  uuid: string;
}

const EMPTY = emptyWeek();

/**
 * The schedules of all sites of a project, and one schedule painted once and applied to
 * several of them in ONE request (optionally with a new time zone), after a per-site
 * review of what changes. Route /projects/{uuid}/site-schedules and `<vigil-site-schedules>`.
 */
export function SiteSchedulesPage({ uuid }: SiteSchedulesPageProps) {
  useStyles(editorCss, pageCss);
  const t = useT();
  const ids = useId();
  const { host } = useElementScope();
  const entry = useResource(projectCache, uuid, (e) => {
    if (isMissing(e)) notFound('Project');
  });
  const project = entry?.data;
  usePageTitle(project ? t('schedules.multi.pageTitle', { project: project.name }) : t('schedules.multi.title'));
  const key = projectDraftKey(uuid);
  const leave = useLeaveQuestion();
  const tools = toolsModule.use();
  const parts = partsModule.use();
  const { draft, cells, textCells, dirty, edit, guardStart } = useScheduleDraft(key, EMPTY, leave.ask);
  const [selected, setSelected] = useState<string[]>([]);
  /** The start picked by hand; null: it follows the chosen sites (their shared schedule, or an empty week). */
  const [startFrom, setStartFrom] = useState<string | null>(null);
  const [pendingStart, setPendingStart] = useState<string | null>(null);
  const [timezone, setTimezone] = useState('');
  const [results, setResults] = useState<SavedSite[] | null>(null);
  const [confirming, setConfirming] = useState(false);
  const choose = useCallback((next: string[]) => setSelected(next), []);
  const applyRef = useRef(() => {});
  const onApply = useCallback(() => applyRef.current(), []);
  const chosen = useMemo(() => project?.sites.filter((s) => selected.includes(s.uuid)) ?? [], [project, selected]);
  const start = useMemo(() => defaultStart(chosen.map((s) => siteWeek(s))), [chosen]);
  // Until a start is picked by hand, an untouched draft follows the chosen sites: their
  // shared schedule, or an empty week when they differ. Painted cells are never replaced.
  const automatic = startFrom === null;
  useEffect(() => {
    if (!automatic || dirty || !cells || weeksEqual(cells, start.week)) return;
    rebaseDraft(key, start.week);
  }, [automatic, dirty, cells, start, key]);

  if (!project || !cells || (!tools.module && !tools.failed) || !parts.module) {
    return (
      <LoadState
        status={parts.failed ? 'failed' : entry?.status}
        loading={<Spinner label={t('schedules.multi.loading')} />}
        missingText={t('schedules.multi.notFound')}
        failedText={t('core.errors.loadProject')}
        retryLabel={t('core.common.retry')}
        onRetry={retryLoad(projectCache, uuid)}
        className="v-message"
        textClassName=""
        part="message"
      />
    );
  }

  const { ApplyReview, LazyExceptions, SitePicker, StartFrom, TimeZoneSelect } = parts.module;
  const editable = canEditSchedules(project.permissions);
  const usedZones = [...new Set(project.sites.map(siteZone))];

  function begin(from: string) {
    rebaseDraft(key, from === 'current' ? start.week : siteWeek(project?.sites.find((s) => s.uuid === from)));
    // "Their current schedule" follows the chosen sites again.
    setStartFrom(from === 'current' ? null : from);
    setResults(null);
  }

  // Apply asks first (ApplyConfirm); only its confirm button sends the request.
  applyRef.current = () => setConfirming(true);
  async function apply() {
    setResults(null);
    const sites = await applyProjectDraft(
      uuid,
      chosen.map((s) => s.uuid),
      timezone || undefined,
    );
    setConfirming(false);
    if (!sites) return;
    setResults(sites);
    showSuccess('schedules.multi.appliedToast');
    emit(host, 'vigil-schedule-saved', { project: uuid, sites: sites.map((s) => s.uuid) });
  }

  return (
    <div className="ss" part="site-schedules" {...guardStart}>
      <div className="ss-head">
        <Link to={pathTo('project', { uuid })} className="v-btn v-btn--ghost ss-back">
          {t('schedules.multi.backToProject', { project: project.name })}
        </Link>
        <h1>{t('schedules.multi.title')}</h1>
        <p className="v-muted">{t(editable ? 'schedules.multi.intro' : 'schedules.multi.introReadOnly')}</p>
      </div>
      {!editable && <p className="v-message">{t('schedules.multi.readOnly')}</p>}

      <section className="v-card ss-step" aria-labelledby={`${ids}-sites`}>
        <h2 id={`${ids}-sites`}>{t(editable ? 'schedules.multi.stepSites' : 'schedules.multi.sitesTitle')}</h2>
        <SitePicker sites={project.sites} selected={selected} onChange={editable ? choose : undefined} />
      </section>

      {editable && project.sites.length > 0 && (
        <>
          <section className="v-card ss-step" aria-labelledby={`${ids}-paint`}>
            <h2 id={`${ids}-paint`}>{t('schedules.multi.stepPaint')}</h2>
            <StartFrom
              sites={project.sites}
              value={startFrom ?? (start.kind === 'shared' ? 'current' : '')}
              start={start}
              automatic={automatic}
              onChange={(from) => (dirty ? setPendingStart(from) : begin(from))}
            />
            {draft?.recovered && (
              <RecoveredOffer
                changes={describeDiff(draft.saved, draft.recovered)}
                onRestore={() => restoreDraft(key)}
                onDismiss={() => dismissRecovered(key)}
              />
            )}
            {tools.module && <tools.module.ScheduleTools week={cells} onChange={edit} />}
            <ScheduleGrid week={cells} onChange={edit} label={t('schedules.multi.gridLabel')} />
            <WeekSummary week={textCells ?? cells} />
          </section>

          <section className="v-card ss-step" aria-labelledby={`${ids}-zone`}>
            <h2 id={`${ids}-zone`}>{t('schedules.multi.stepZone')}</h2>
            <TimeZoneSelect value={timezone} onChange={setTimezone} used={usedZones} />
            {timezone ? <TimeNote timezone={timezone} /> : <p className="v-small v-muted">{t('schedules.multi.keepZonesHint')}</p>}
          </section>

          <section className="v-card ss-step" aria-labelledby={`${ids}-apply`}>
            <h2 id={`${ids}-apply`}>{t('schedules.multi.stepApply')}</h2>
            <ApplyReview
              sites={chosen}
              cells={textCells ?? cells}
              timezone={timezone}
              saving={!!draft?.saving}
              error={draft?.error ?? null}
              results={results}
              onApply={onApply}
            />
          </section>
        </>
      )}

      {/* Holidays and one-off days: a step of its own, last, so that its loading moves nothing above it. */}
      {project.sites.length > 0 && (
        <section className="v-card ss-step ss-step--exceptions" aria-labelledby={`${ids}-exceptions`}>
          <h2 id={`${ids}-exceptions`}>{t(editable ? 'schedules.multi.stepExceptions' : 'schedules.exceptions.title')}</h2>
          <LazyExceptions sites={project.sites} chosen={selected} project={uuid} editable={editable} step />
        </section>
      )}

      {confirming && (
        <ApplyConfirm
          sites={chosen}
          cells={cells}
          timezone={timezone}
          saving={!!draft?.saving}
          onConfirm={() => void apply()}
          onCancel={() => setConfirming(false)}
        />
      )}

      {leave.open && (
        <LeaveDialog
          changes=""
          canSave={false}
          saving={false}
          onSave={() => undefined}
          onLeave={() => {
            discardDraft(key);
            leave.answer(true);
          }}
          onStay={() => leave.answer(false)}
        />
      )}

      {pendingStart !== null && (
        <AlertDialog
          open
          title={t('schedules.multi.replaceTitle')}
          description={t('schedules.multi.replaceText')}
          confirmLabel={t('schedules.multi.replaceConfirm')}
          cancelLabel={t('core.common.cancel')}
          onConfirm={() => {
            begin(pendingStart);
            setPendingStart(null);
          }}
          onCancel={() => setPendingStart(null)}
        />
      )}
    </div>
  );
}
