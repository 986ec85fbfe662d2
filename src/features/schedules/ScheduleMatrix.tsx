import './messages/bundled.ts';
import { useId, useMemo, useState } from 'react';
import { emit } from '../../core/events.ts';
import { siteCache } from '../../core/resources/resources.ts';
import { readDays, siteZone } from '../../core/schedules/convert.ts';
import { describeDiff } from '../../core/schedules/diff.ts';
import { discardDraft, dismissRecovered, restoreDraft } from '../../core/schedules/drafts.ts';
import { canEditSchedules, saveSiteDraft, siteDraftKey } from '../../core/schedules/save.ts';
import { emptyWeek } from '../../core/schedules/week.ts';
import { showSuccess } from '../../core/toasts/toasts.ts';
import { LoadState } from '../../ui/LoadState.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { useElementScope } from '../common/element/context.ts';
import { retryLoad, useResource } from '../common/useResource.ts';
import { useStyles } from '../common/useStyles.ts';
import { useT } from '../common/useT.ts';
import editorCss from './editor.css?inline';
import { RecoveredOffer } from './RecoveredOffer.tsx';
import { SaveBar } from './SaveBar.tsx';
import { ScheduleGrid } from './ScheduleGrid.tsx';
import { TimeNote } from './TimeNote.tsx';
import { WeekSummary } from './WeekSummary.tsx';
import { LazyExceptions } from './LazyExceptions.tsx';
import { LeaveDialog, useLeaveQuestion } from './useLeaveGuard.ts';
import { useScheduleDraft } from './useScheduleDraft.ts';
import { toolsModule } from './useTools.ts';
import { preloadable } from '../common/preloadable.tsx';

// Presets and copy-a-day: their own chunk, asked for at once (see useTools.ts).
void toolsModule.load();

// The discard confirmation is its own chunk (shared with the evacuation and multi-site
// dialogs), so the editor stays within the lazy-page budget.
const AlertDialog = preloadable(() => import('../../ui/AlertDialog.tsx').then((m) => ({ default: m.AlertDialog })));

export interface ScheduleMatrixEditorProps {
  /** uuid of the site. */
  site: string;
}

/**
 * The security-hours matrix of one site, editable with 'edit schedules': the site's
 * time zone and next DST change, presets and copy-day tools, the grid, and Save. Edits
 * stay a draft until the server confirms; a failed save keeps every painted cell; leaving
 * with unsaved changes asks first. Used by the site page and `<vigil-schedule-matrix>`.
 */
export function ScheduleMatrixEditor({ site }: ScheduleMatrixEditorProps) {
  useStyles(editorCss);
  const t = useT();
  const headingId = useId();
  const { host } = useElementScope();
  const entry = useResource(siteCache, site);
  const data = entry?.data;
  const schedule = data?.schedule;
  const loaded = data !== undefined;
  const saved = useMemo(
    () => (loaded ? (schedule ? readDays(schedule.days) : { week: emptyWeek(), problems: [] }) : undefined),
    [loaded, schedule],
  );
  const key = siteDraftKey(site);
  const leave = useLeaveQuestion();
  const { draft, cells, textCells, dirty, edit, guardStart } = useScheduleDraft(key, saved?.week, leave.ask);
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  const tools = toolsModule.use();
  const savedWeek = draft?.saved;
  const changes = useMemo(() => (savedWeek && textCells ? describeDiff(savedWeek, textCells) : ''), [savedWeek, textCells]);
  // One array per loaded site, so the memoized holidays panel is not drawn again per painted cell.
  const sites = useMemo(() => (data ? [data] : []), [data]);

  if (!data || !saved || !cells || (!tools.module && !tools.failed)) {
    return (
      <LoadState
        status={entry?.status}
        loading={<Spinner label={t('schedules.editor.loading')} />}
        missingText={t('schedules.editor.notFound')}
        failedText={t('core.errors.loadSite')}
        retryLabel={t('core.common.retry')}
        onRetry={retryLoad(siteCache, site)}
        className="v-message"
        textClassName=""
        part="message"
      />
    );
  }

  const project = data.project_uuid ?? data.project?.uuid;
  const editable = !!project && canEditSchedules(data.project?.permissions);
  const timezone = siteZone(data);

  /** Saves the draft; true when the server confirmed it (a failure shows the save error, every cell kept). */
  async function save(): Promise<boolean> {
    if (!project) return false;
    const result = await saveSiteDraft(project, site);
    if (!result) return false;
    showSuccess('schedules.editor.savedToast');
    emit(host, 'vigil-schedule-saved', { project, sites: result.map((s) => s.uuid) });
    return true;
  }

  return (
    // Named with the site, so several matrices on one page stay distinguishable.
    <section
      className="sm v-card"
      {...guardStart}
      aria-label={data?.name ? `${t('schedules.editor.title')} – ${data.name}` : undefined}
      aria-labelledby={data?.name ? undefined : headingId}
      part="schedule"
    >
      <div className="sm-head">
        <h2 id={headingId}>{t('schedules.editor.title')}</h2>
        <p className="v-muted">{data.name}</p>
      </div>
      <TimeNote timezone={timezone} />
      {saved.problems.length > 0 && <p className="v-message">{t('schedules.editor.unreadable')}</p>}
      {editable && draft?.recovered && (
        <RecoveredOffer
          changes={describeDiff(draft.saved, draft.recovered)}
          onRestore={() => restoreDraft(key)}
          onDismiss={() => dismissRecovered(key)}
        />
      )}
      {!editable && <p className="v-message">{t('schedules.editor.readOnly')}</p>}
      {editable && tools.module && <tools.module.ScheduleTools week={cells} onChange={edit} />}
      <ScheduleGrid week={cells} onChange={editable ? edit : undefined} label={t('schedules.grid.label', { site: data.name })} />
      <WeekSummary week={textCells ?? cells} />
      <LazyExceptions sites={sites} project={project} editable={editable} />
      {editable && (
        <SaveBar
          dirty={dirty}
          saving={!!draft?.saving}
          changes={changes}
          error={draft?.error ?? null}
          onSave={() => void save()}
          onDiscard={() => setConfirmDiscard(true)}
        />
      )}
      {leave.open && (
        <LeaveDialog
          changes={changes}
          canSave={editable}
          saving={!!draft?.saving}
          onSave={() => void save().then(leave.answer)}
          onLeave={() => {
            discardDraft(key);
            leave.answer(true);
          }}
          onStay={() => leave.answer(false)}
        />
      )}
      <AlertDialog
        open={confirmDiscard}
        title={t('schedules.editor.discardTitle')}
        description={t('schedules.editor.discardText')}
        confirmLabel={t('schedules.editor.discard')}
        cancelLabel={t('core.common.cancel')}
        tone="danger"
        onConfirm={() => {
          discardDraft(key);
          setConfirmDiscard(false);
        }}
        onCancel={() => setConfirmDiscard(false)}
      />
    </section>
  );
}
