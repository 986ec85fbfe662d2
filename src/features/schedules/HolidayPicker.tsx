import { useStore } from '@nanostores/react';
import { Fragment, useEffect, useId, useState } from 'react';
import type { PublicHoliday, Site } from '../../core/api/contract.ts';
import { tKey } from '../../core/i18n/i18n.ts';
import { $language } from '../../core/i18n/languages.ts';
import { siteZone } from '../../core/schedules/convert.ts';
import { applyExceptions, failureDetails, siteExceptions, upcomingHolidays, weekdayOfDate } from '../../core/schedules/exceptions.ts';
import { exceptionOn, readWeek } from '../../core/schedules/secured.ts';
import { showSuccess } from '../../core/toasts/toasts.ts';
import { AlertDialog } from '../../ui/AlertDialog.tsx';
import { useStyles } from '../common/useStyles.ts';
import { useT } from '../common/useT.ts';
import confirmCss from './confirm.css?inline';
import './messages/bundled-exceptions.ts';

export interface HolidayPickerProps {
  /** The site whose country and region name the holidays. */
  site: Site;
  /** The sites they may also go to (the project's, or just this one). */
  sites: readonly Site[];
  /** Sites ticked at first. */
  chosen: readonly string[];
  project: string;
  onClose: () => void;
}

type Row = { label: string; date: string; kind: 'gains' | 'loses' | 'same' | 'skipped'; hours: number; existing?: string };

/** What adding `secured` on each of `days` does to `site`: the hours gained or lost against what it has that day, or left out. */
export function reviewSite(site: Site, days: readonly PublicHoliday[], secured: 'all' | 'none'): Row[] {
  const week = readWeek(site.schedule?.days) ?? [];
  const exceptions = siteExceptions(site);
  return days.map(({ date, name }) => {
    const oneOff = exceptionOn(
      exceptions.filter((e) => !e.yearly),
      date,
    );
    if (oneOff) return { label: name, date, kind: 'skipped', hours: 0, existing: oneOff.exception.label };
    const day = weekdayOfDate(date) * 48;
    const before = exceptionOn(exceptions, date)?.cells ?? week.slice(day, day + 48);
    const on = before.filter(Boolean).length;
    const delta = secured === 'all' ? 48 - on : -on;
    return { label: name, date, kind: delta > 0 ? 'gains' : delta < 0 ? 'loses' : 'same', hours: Math.abs(delta) / 2 };
  });
}

/**
 * "Add public holidays": the site's public holidays still ahead (from its country and
 * region; the rest of this year in the site's zone, then next year) with checkboxes, what they secure, the sites to add them to, and for each site
 * what it gains and loses before anything is sent; then ONE request for all of them. Each
 * day becomes an exception of its own, still editable. Its own lazy chunk.
 */
export function HolidayPicker({ site, sites, chosen, project, onClose }: HolidayPickerProps) {
  useStyles(confirmCss);
  const t = useT();
  const ids = useId();
  const language = useStore($language);
  const zone = siteZone(site);
  const [days, setDays] = useState<PublicHoliday[] | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [picked, setPicked] = useState<Set<string>>(new Set());
  const [secured, setSecured] = useState<'all' | 'none'>('all');
  const [targets, setTargets] = useState<Set<string>>(new Set(chosen));
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string[] | null>(null);

  useEffect(() => {
    let live = true;
    upcomingHolidays(site.uuid, zone).then(
      (list) => {
        if (!live) return;
        setDays(list);
        setPicked(new Set(list.map((d) => d.date)));
      },
      () => live && setLoadFailed(true),
    );
    return () => {
      live = false;
    };
  }, [site.uuid, zone]);

  // The year is named once the list reaches a second one, so "Thu 1 Jan" is never read as this year.
  const dateText = (date: string, withYear = date.slice(0, 4) !== days?.[0]?.date.slice(0, 4)) =>
    new Intl.DateTimeFormat(language, {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      year: withYear ? 'numeric' : undefined,
      timeZone: 'UTC',
    }).format(Date.parse(`${date}T00:00:00Z`));
  const chosenDays = (days ?? []).filter((d) => picked.has(d.date));
  const chosenSites = sites.filter((s) => targets.has(s.uuid));
  const ready = chosenDays.length > 0 && chosenSites.length > 0;
  const toggle = (set: Set<string>, value: string) => {
    const next = new Set(set);
    if (next.has(value)) next.delete(value);
    else next.add(value);
    return next;
  };

  async function apply() {
    if (!ready) return;
    setSaving(true);
    setFailure(null);
    try {
      await applyExceptions(
        project,
        chosenSites.map((s) => s.uuid),
        chosenDays.map((d) => ({ from: d.date, to: d.date, yearly: false, label: d.name.slice(0, 60), secured })),
      );
      showSuccess('schedules.holidays.appliedToast');
      onClose();
    } catch (e) {
      setFailure(failureDetails(e));
    } finally {
      setSaving(false);
    }
  }

  return (
    <AlertDialog
      open
      title={t('schedules.holidays.title')}
      description={t('schedules.holidays.intro', { site: site.name })}
      confirmLabel={
        sites.length > 1
          ? t('schedules.holidays.applyToSites', { count: chosenSites.length })
          : t('schedules.holidays.apply', { count: chosenDays.length })
      }
      cancelLabel={t('core.common.cancel')}
      pending={saving}
      onConfirm={() => void apply()}
      onCancel={onClose}
    >
      <div className="ac-scroll hp v-stack" role="region" tabIndex={0} aria-label={t('schedules.holidays.title')} part="holiday-picker">
        {loadFailed ? (
          <p className="v-message">{t('schedules.exceptions.loadFailed')}</p>
        ) : !days ? (
          <p className="v-muted">{t('schedules.holidays.loading')}</p>
        ) : days.length === 0 ? (
          <p className="v-muted">{t('schedules.holidays.noneKnown')}</p>
        ) : (
          <>
            <fieldset className="ee-choice">
              <legend className="v-label">{t('schedules.holidays.choose')}</legend>
              <label>
                <input
                  type="checkbox"
                  checked={picked.size === days.length}
                  onChange={() => setPicked(picked.size === days.length ? new Set() : new Set(days.map((d) => d.date)))}
                />{' '}
                {t('schedules.holidays.all')}
              </label>
              {days.map((d, i) => (
                <Fragment key={d.date}>
                  {d.date.slice(0, 4) !== days[i - 1]?.date.slice(0, 4) && (
                    <span className="hp-year v-small v-muted" part="holiday-year">
                      {d.date.slice(0, 4)}
                    </span>
                  )}
                  <label>
                    <input type="checkbox" checked={picked.has(d.date)} onChange={() => setPicked(toggle(picked, d.date))} />{' '}
                    {dateText(d.date)}: {d.name}
                  </label>
                </Fragment>
              ))}
            </fieldset>
            <fieldset className="ee-choice">
              <legend className="v-label">{t('schedules.holidays.secured')}</legend>
              {(['all', 'none'] as const).map((m) => (
                <label key={m}>
                  <input type="radio" name={`${ids}-secured`} checked={secured === m} onChange={() => setSecured(m)} />{' '}
                  {t(`schedules.exceptionEditor.${m}`)}
                </label>
              ))}
            </fieldset>
            {sites.length > 1 && (
              <fieldset className="ee-choice">
                <legend className="v-label">{t('schedules.holidays.sites')}</legend>
                {sites.map((s) => (
                  <label key={s.uuid}>
                    <input type="checkbox" checked={targets.has(s.uuid)} onChange={() => setTargets(toggle(targets, s.uuid))} /> {s.name}
                  </label>
                ))}
              </fieldset>
            )}
            <section aria-labelledby={`${ids}-review`}>
              <h3 id={`${ids}-review`} className="v-label">
                {t('schedules.holidays.review')}
              </h3>
              {!ready ? (
                <p className="v-muted">{t('schedules.holidays.nothing')}</p>
              ) : (
                <ul className="ac-sites" part="holiday-review">
                  {chosenSites.map((s) => (
                    <li key={s.uuid} className="ac-site">
                      <h4 className="ac-name">{s.name}</h4>
                      <ul className="ac-changes">
                        {reviewSite(s, chosenDays, secured).map((r) => (
                          <li
                            key={r.date}
                            className={`ac-change${r.kind === 'loses' ? ' ac-change--removed' : r.kind === 'gains' ? ' ac-change--added' : ''}`}
                          >
                            <span aria-hidden="true">{r.kind === 'loses' ? '−' : r.kind === 'gains' ? '+' : '·'}</span>{' '}
                            {t(`schedules.holidays.${r.kind}`, {
                              label: r.label,
                              date: dateText(r.date),
                              hours: r.hours,
                              existing: r.existing ?? '',
                            })}
                          </li>
                        ))}
                      </ul>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          </>
        )}
        {failure && (
          <div className="v-form-error" role="alert">
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
