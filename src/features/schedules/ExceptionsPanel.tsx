import './messages/bundled-exceptions.ts';
import { useStore } from '@nanostores/react';
import { useEffect, useId, useMemo, useState } from 'react';
import type { ScheduleException, Site } from '../../core/api/contract.ts';
import { $language } from '../../core/i18n/languages.ts';
import { localDate, nextOccurrence, removeException, siteExceptions } from '../../core/schedules/exceptions.ts';
import { showError, showSuccess } from '../../core/toasts/toasts.ts';
import { useStyles } from '../common/useStyles.ts';
import { useT } from '../common/useT.ts';
import { ExceptionCalendar, useDescribe } from './ExceptionCalendar.tsx';
import css from './exceptions.css?inline';
import { preloadable } from '../common/preloadable.tsx';

// The editor, the public holidays and the removal question: each its own chunk, loaded when opened.
const ExceptionEditor = preloadable(() => import('./ExceptionEditor.tsx').then((m) => ({ default: m.ExceptionEditor })));
const HolidayPicker = preloadable(() => import('./HolidayPicker.tsx').then((m) => ({ default: m.HolidayPicker })));
const AlertDialog = preloadable(() => import('../../ui/AlertDialog.tsx').then((m) => ({ default: m.AlertDialog })));

export interface ExceptionsPanelProps {
  /** The sites shown (one on a site's page; the project's on the multi-site page). */
  sites: readonly Site[];
  /** The sites a public-holiday set is offered for first (the chosen ones), uuids. */
  chosen?: readonly string[];
  project: string | undefined;
  editable: boolean;
  /** A step of its own (the multi-site page): the step's card and heading name it. */
  step?: boolean;
}

/** The current time, again every minute (the calendar's "today" follows midnight). */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

type Editing = { exception?: ScheduleException; date?: string } | null;

/**
 * Holidays and one-off days of a site: the next one named beside the weekly grid, a
 * calendar of the coming months marking each day that deviates from the week, the coming
 * exceptions with edit and remove, and adding a day, a range or the public holidays
 * still ahead (to several sites through a per-site review). Its own lazy chunk.
 */
export function ExceptionsPanel({ sites, chosen, project, editable, step = false }: ExceptionsPanelProps) {
  useStyles(css);
  const t = useT();
  const ids = useId();
  const language = useStore($language);
  const describe = useDescribe();
  const now = useNow();
  const [shown, setShown] = useState(sites[0]?.uuid ?? '');
  const site = sites.find((s) => s.uuid === shown) ?? sites[0];
  const [editing, setEditing] = useState<Editing>(null);
  const [removing, setRemoving] = useState<ScheduleException | null>(null);
  const [busy, setBusy] = useState(false);
  const [holidays, setHolidays] = useState(false);
  const exceptions = useMemo(() => siteExceptions(site), [site]);
  if (!site) return null;
  const zone = site.schedule?.timezone ?? site.timezone;
  const today = localDate(zone, now);
  const dateText = (date: string) =>
    new Intl.DateTimeFormat(language, { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
      Date.parse(`${date}T00:00:00Z`),
    );
  const coming = exceptions
    .map((e) => ({ e, at: nextOccurrence(e, today) }))
    .filter((x): x is { e: ScheduleException; at: { from: string; to: string } } => x.at !== null)
    .sort((a, b) => (a.at.from < b.at.from ? -1 : a.at.from > b.at.from ? 1 : 0));
  const next = coming[0];
  const rangeText = (at: { from: string; to: string }) =>
    at.from === at.to ? dateText(at.from) : t('schedules.exceptions.range', { from: dateText(at.from), to: dateText(at.to) });

  async function remove(e: ScheduleException) {
    setBusy(true);
    try {
      await removeException(project, site!.uuid, e.uuid);
      showSuccess('schedules.exceptions.removedToast');
      setRemoving(null);
    } catch {
      showError('schedules.exceptions.failed');
    } finally {
      setBusy(false);
    }
  }

  return (
    // Part of the schedule's own region (not a landmark of its own: the same site's schedule may be on a page twice).
    <div className={step ? 'ex ex--step' : 'ex'} part="exceptions">
      {!step && <h3>{t('schedules.exceptions.title')}</h3>}
      <p className="ex-next" part="next-exception">
        {next
          ? t(next.e.yearly ? 'schedules.exceptions.nextYearly' : 'schedules.exceptions.next', {
              label: next.e.label,
              date: rangeText(next.at),
              what: describe(next.e.secured),
            })
          : t('schedules.exceptions.nextNone')}
      </p>
      <p className="v-small v-muted">{t('schedules.exceptions.intro')}</p>
      {sites.length > 1 && (
        <div className="v-field ex-site">
          <label className="v-label" htmlFor={`${ids}-site`}>
            {t('schedules.exceptions.siteChoice')}
          </label>
          <select id={`${ids}-site`} className="v-select" value={site.uuid} onChange={(e) => setShown(e.target.value)}>
            {sites.map((s) => (
              <option key={s.uuid} value={s.uuid}>
                {s.name}
              </option>
            ))}
          </select>
        </div>
      )}
      <ExceptionCalendar
        site={site.name}
        exceptions={exceptions}
        today={today}
        onOpen={editable ? (date, exception) => setEditing(exception ? { exception } : { date }) : undefined}
      />
      {/* One level under the panel's heading: its own h3, or the step's h2. */}
      {step ? (
        <h3 className="ex-list-title">{t('schedules.exceptions.listTitle')}</h3>
      ) : (
        <h4 className="ex-list-title">{t('schedules.exceptions.listTitle')}</h4>
      )}
      {coming.length === 0 ? (
        <p className="v-muted">{t('schedules.exceptions.listEmpty')}</p>
      ) : (
        <ul className="ex-list">
          {coming.map(({ e, at }) => (
            <li key={e.uuid} className="ex-item">
              <span className="ex-item-text">
                <strong>{e.label}</strong>: {rangeText(at)}
                {e.yearly && <> ({t('schedules.exceptions.everyYear')})</>}, {describe(e.secured)}
              </span>
              {editable && e.from >= today && (
                <span className="ex-item-actions">
                  <button type="button" className="v-btn v-btn--small v-btn--ghost" onClick={() => setEditing({ exception: e })}>
                    {t('schedules.exceptions.edit', { label: e.label })}
                  </button>
                  <button type="button" className="v-btn v-btn--small v-btn--ghost" onClick={() => setRemoving(e)}>
                    {t('schedules.exceptions.remove', { label: e.label })}
                  </button>
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
      {editable ? (
        <div className="v-row ex-actions">
          <button type="button" className="v-btn" onClick={() => setEditing({ date: today })} part="add-exception">
            {t('schedules.exceptions.add')}
          </button>
          {project && (
            <button type="button" className="v-btn" onClick={() => setHolidays(true)} part="add-holidays">
              {t('schedules.exceptions.addHolidays')}
            </button>
          )}
        </div>
      ) : (
        <p className="v-small v-muted">{t('schedules.exceptions.readOnly')}</p>
      )}
      {editing && (
        <ExceptionEditor
          site={site}
          project={project}
          today={today}
          exception={editing.exception}
          date={editing.date}
          onClose={() => setEditing(null)}
        />
      )}
      {holidays && project && (
        <HolidayPicker
          site={site}
          sites={sites}
          chosen={chosen && chosen.length ? chosen : [site.uuid]}
          project={project}
          onClose={() => setHolidays(false)}
        />
      )}
      {removing && (
        <AlertDialog
          open
          title={t('schedules.exceptions.removeTitle', { label: removing.label })}
          description={t('schedules.exceptions.removeText')}
          confirmLabel={t('schedules.exceptions.removeConfirm')}
          cancelLabel={t('core.common.cancel')}
          tone="danger"
          pending={busy}
          onConfirm={() => void remove(removing)}
          onCancel={() => setRemoving(null)}
        />
      )}
    </div>
  );
}
