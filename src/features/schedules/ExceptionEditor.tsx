import { useId, useState } from 'react';
import type { Interval, ScheduleException, Site } from '../../core/api/contract.ts';
import {
  addException,
  changeException,
  failureDetails,
  toDay,
  type ExceptionInput,
  type ExceptionSecured,
} from '../../core/schedules/exceptions.ts';
import { timeZoneLabel } from '../../core/text/capitalize.ts';
import { showSuccess } from '../../core/toasts/toasts.ts';
import { tKey } from '../../core/i18n/i18n.ts';
import { AlertDialog } from '../../ui/AlertDialog.tsx';
import { useT } from '../common/useT.ts';
import './messages/bundled-exceptions.ts';

export interface ExceptionEditorProps {
  site: Site;
  project: string | undefined;
  /** The site's today, "YYYY-MM-DD". */
  today: string;
  /** The exception to change; a new one when absent. */
  exception?: ScheduleException | undefined;
  /** The first day of a new one. */
  date?: string | undefined;
  onClose: () => void;
}

/** "00:00" … "24:00" on the half hour. */
const TIMES = Array.from({ length: 49 }, (_, i) => `${String(Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`);

type Mode = 'all' | 'none' | 'own';
type Errors = Partial<Record<'label' | 'from' | 'to' | 'secured', string>>;

/**
 * Adding or changing one exception: its name, first and last day, once or every year, and
 * what those days secure (all day, nothing, or their own hours). Checks what the server
 * checks before sending; the server's refusal is shown in the dialog. Its own lazy chunk.
 */
export function ExceptionEditor({ site, project, today, exception, date, onClose }: ExceptionEditorProps) {
  const t = useT();
  const ids = useId();
  const initial = exception?.secured;
  const [label, setLabel] = useState(exception?.label ?? '');
  const [from, setFrom] = useState(exception?.from ?? date ?? today);
  const [to, setTo] = useState(exception?.to ?? date ?? today);
  const [yearly, setYearly] = useState(exception?.yearly ?? false);
  const [mode, setMode] = useState<Mode>(initial === 'all' ? 'all' : Array.isArray(initial) ? 'own' : initial === 'none' ? 'none' : 'all');
  const [hours, setHours] = useState<Interval[]>(Array.isArray(initial) ? initial : [{ from: '08:00', to: '18:00' }]);
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string[] | null>(null);
  const [saving, setSaving] = useState(false);

  function check(): Errors {
    const e: Errors = {};
    const name = label.trim();
    if (!name) e.label = t('schedules.exceptionEditor.labelRequired');
    else if (name.length > 60) e.label = t('schedules.exceptionEditor.labelTooLong');
    if (!from) e.from = t('schedules.exceptionEditor.dateRequired');
    else if (from < today) e.from = t('schedules.exceptionEditor.past');
    if (!to) e.to = t('schedules.exceptionEditor.dateRequired');
    else if (from && to < from) e.to = t('schedules.exceptionEditor.toBeforeFrom');
    else if (from && toDay(to) - toDay(from) >= (yearly ? 365 : 366)) e.to = t('schedules.exceptionEditor.tooLong');
    if (mode === 'own') {
      if (hours.some((h) => h.from >= h.to)) e.secured = t('schedules.exceptionEditor.intervalOrder');
      else {
        const sorted = [...hours].sort((a, b) => (a.from < b.from ? -1 : 1));
        if (sorted.some((h, i) => i > 0 && h.from < sorted[i - 1]!.to)) e.secured = t('schedules.exceptionEditor.overlap');
      }
    }
    return e;
  }

  async function save() {
    const found = check();
    setErrors(found);
    if (Object.keys(found).length) {
      const firstField = (['label', 'from', 'to'] as const).find((f) => found[f]);
      if (firstField)
        (document.activeElement?.getRootNode() as Document | ShadowRoot | undefined)?.getElementById?.(`${ids}-${firstField}`)?.focus();
      return;
    }
    const secured: ExceptionSecured = mode === 'own' ? hours : mode;
    const body: ExceptionInput = { from, to, yearly, label: label.trim(), secured };
    setSaving(true);
    setFailure(null);
    try {
      if (exception) await changeException(project, site.uuid, exception.uuid, body);
      else await addException(project, site.uuid, body);
      showSuccess('schedules.exceptions.savedToast');
      onClose();
    } catch (e) {
      setFailure(failureDetails(e));
    } finally {
      setSaving(false);
    }
  }

  const field = (name: keyof Errors) => (errors[name] ? { 'aria-invalid': true as const, 'aria-describedby': `${ids}-${name}-error` } : {});
  const error = (name: keyof Errors) =>
    errors[name] ? (
      <p id={`${ids}-${name}-error`} className="v-field-error">
        {errors[name]}
      </p>
    ) : null;
  const setHour = (i: number, part: 'from' | 'to', value: string) => setHours(hours.map((h, j) => (j === i ? { ...h, [part]: value } : h)));

  return (
    <AlertDialog
      open
      title={exception ? t('schedules.exceptionEditor.editTitle', { label: exception.label }) : t('schedules.exceptionEditor.addTitle')}
      description={t('schedules.exceptionEditor.intro', { zone: timeZoneLabel(site.schedule?.timezone ?? site.timezone) })}
      confirmLabel={saving ? t('schedules.exceptionEditor.saving') : t('schedules.exceptionEditor.save')}
      cancelLabel={t('core.common.cancel')}
      pending={saving}
      onConfirm={() => void save()}
      onCancel={onClose}
    >
      <div className="ee v-stack" part="exception-editor">
        <div className="v-field">
          <label className="v-label" htmlFor={`${ids}-label`}>
            {t('schedules.exceptionEditor.label')}
          </label>
          <input
            id={`${ids}-label`}
            className="v-input"
            value={label}
            maxLength={80}
            onChange={(e) => setLabel(e.target.value)}
            aria-describedby={errors.label ? `${ids}-label-error` : `${ids}-label-hint`}
            aria-invalid={errors.label ? true : undefined}
          />
          <p id={`${ids}-label-hint`} className="v-small v-muted">
            {t('schedules.exceptionEditor.labelHint')}
          </p>
          {error('label')}
        </div>
        <div className="ee-dates">
          <div className="v-field">
            <label className="v-label" htmlFor={`${ids}-from`}>
              {t('schedules.exceptionEditor.from')}
            </label>
            <input
              id={`${ids}-from`}
              type="date"
              className="v-input"
              value={from}
              min={today}
              onChange={(e) => {
                if (to === from || to < e.target.value) setTo(e.target.value);
                setFrom(e.target.value);
              }}
              {...field('from')}
            />
            {error('from')}
          </div>
          <div className="v-field">
            <label className="v-label" htmlFor={`${ids}-to`}>
              {t('schedules.exceptionEditor.to')}
            </label>
            <input
              id={`${ids}-to`}
              type="date"
              className="v-input"
              value={to}
              min={from || today}
              onChange={(e) => setTo(e.target.value)}
              {...field('to')}
            />
            {error('to')}
          </div>
        </div>
        <fieldset className="ee-choice">
          <legend className="v-label">{t('schedules.exceptionEditor.repeat')}</legend>
          <label>
            <input type="radio" name={`${ids}-repeat`} checked={!yearly} onChange={() => setYearly(false)} />{' '}
            {t('schedules.exceptionEditor.once')}
          </label>
          <label>
            <input type="radio" name={`${ids}-repeat`} checked={yearly} onChange={() => setYearly(true)} />{' '}
            {t('schedules.exceptionEditor.yearly')}
          </label>
          {yearly && from.slice(5) === '02-29' && <p className="v-small v-muted">{t('schedules.exceptionEditor.yearlyHint')}</p>}
        </fieldset>
        <fieldset className="ee-choice" aria-describedby={errors.secured ? `${ids}-secured-error` : undefined}>
          <legend className="v-label">{t('schedules.exceptionEditor.secured')}</legend>
          {(['all', 'none', 'own'] as const).map((m) => (
            <label key={m}>
              <input type="radio" name={`${ids}-mode`} checked={mode === m} onChange={() => setMode(m)} />{' '}
              {t(`schedules.exceptionEditor.${m}`)}
            </label>
          ))}
          {mode === 'own' && (
            <ul className="ee-hours">
              {hours.map((h, i) => (
                <li key={i} className="ee-hour" role="group" aria-label={t('schedules.exceptionEditor.interval', { n: i + 1 })}>
                  <label>
                    <span>{t('schedules.exceptionEditor.fromTime')}</span>
                    <select className="v-select" value={h.from} onChange={(e) => setHour(i, 'from', e.target.value)}>
                      {TIMES.slice(0, 48).map((time) => (
                        <option key={time}>{time}</option>
                      ))}
                    </select>
                  </label>
                  <label>
                    <span>{t('schedules.exceptionEditor.toTime')}</span>
                    <select className="v-select" value={h.to} onChange={(e) => setHour(i, 'to', e.target.value)}>
                      {TIMES.slice(1).map((time) => (
                        <option key={time}>{time}</option>
                      ))}
                    </select>
                  </label>
                  {hours.length > 1 && (
                    <button
                      type="button"
                      className="v-btn v-btn--small v-btn--ghost"
                      onClick={() => setHours(hours.filter((_, j) => j !== i))}
                    >
                      {t('schedules.exceptionEditor.removeInterval', { n: i + 1 })}
                    </button>
                  )}
                </li>
              ))}
              <li>
                <button
                  type="button"
                  className="v-btn v-btn--small"
                  onClick={() => setHours([...hours, { from: '18:00', to: '22:00' }])}
                  disabled={hours.length >= 24}
                >
                  {t('schedules.exceptionEditor.addInterval')}
                </button>
              </li>
            </ul>
          )}
          {error('secured')}
        </fieldset>
        {failure && (
          <div className="v-form-error" role="alert" part="save-error">
            <p>{tKey('schedules.exceptions.failed')}</p>
            {failure.length > 0 && (
              <ul>
                {failure.map((d) => (
                  <li key={d}>{d}</li>
                ))}
              </ul>
            )}
          </div>
        )}
      </div>
    </AlertDialog>
  );
}
