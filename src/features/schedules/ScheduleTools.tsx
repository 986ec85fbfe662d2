import { useId, useState } from 'react';
import { describeWeek } from '../../core/schedules/describe.ts';
import { diffWeeks } from '../../core/schedules/diff.ts';
import { PRESETS, presetOf, presetWeek, replaceWeek, type Preset } from '../../core/schedules/paint.ts';
import type { Week } from '../../core/schedules/week.ts';
import { useStyles } from '../common/useStyles.ts';
import { useT } from '../common/useT.ts';
import './messages/bundled-lazy.ts';
import toolsCss from './tools.css?inline';
import { CopyDay } from './CopyDay.tsx';

export interface ScheduleToolsProps {
  week: Week;
  onChange: (next: Week) => void;
}

/** A preset that took secured hours away: what it removed, and the week to undo to. */
interface Loss {
  preset: Preset;
  before: Week;
  /** The week the preset produced: the notice shows while the painted week is still it. */
  after: Week;
  removed: string;
}

/**
 * Presets (each named after what it secures, with a line saying what it covers and, for
 * "Office hours only", what it leaves unguarded), clear all, and copy a day. A preset
 * that REMOVES secured hours from the painted week says so in a warning beside the
 * presets, with what it removed and an Undo, until the week is painted on.
 */
export function ScheduleTools({ week, onChange }: ScheduleToolsProps) {
  useStyles(toolsCss);
  const t = useT();
  const ids = useId();
  const [status, setStatus] = useState({ text: '', n: 0 });
  const [loss, setLoss] = useState<Loss | null>(null);
  const say = (text: string) => setStatus((s) => ({ text, n: s.n + 1 }));
  const name = (preset: Preset) => t(`schedules.tools.preset.${preset}`);

  function apply(preset: Preset) {
    const next = replaceWeek(week, presetWeek(preset));
    const diff = diffWeeks(week, next);
    onChange(next);
    if (diff.removedCount > 0) {
      const removed = describeWeek(diff.removed);
      setLoss({ preset, before: week, after: next, removed });
      say(t('schedules.tools.appliedLoss', { preset: name(preset), removed }));
    } else {
      setLoss(null);
      say(t('schedules.tools.applied', { preset: name(preset) }));
    }
  }

  function undo(l: Loss) {
    onChange(replaceWeek(week, l.before));
    setLoss(null);
    say(t('schedules.tools.undone', { preset: name(l.preset) }));
  }

  const shownLoss = loss && loss.after === week ? loss : null;
  // Pressed only while the grid is exactly that preset: none looks chosen on a painted week.
  const pressed = presetOf(week);

  return (
    <div className="sm-tools" part="tools">
      <div className="sm-presets" role="group" aria-labelledby={`${ids}-presets`}>
        <span id={`${ids}-presets`} className="sm-tools-label v-small v-muted">
          {t('schedules.tools.presets')}
        </span>
        <ul className="sm-preset-list">
          {PRESETS.map((preset, i) => (
            <li key={preset} className={i === 0 ? 'sm-preset sm-preset--first' : 'sm-preset'}>
              <button
                type="button"
                className="v-btn v-btn--small sm-preset-button"
                aria-pressed={pressed === preset}
                aria-describedby={`${ids}-${preset}`}
                onClick={() => apply(preset)}
              >
                {name(preset)}
              </button>
              <span id={`${ids}-${preset}`} className="sm-preset-text v-small v-muted">
                {t(`schedules.tools.presetText.${preset}`)}
              </span>
            </li>
          ))}
        </ul>
      </div>
      {shownLoss && (
        <div className="sm-loss" part="preset-loss">
          <p>
            <strong>{t('schedules.tools.lossTitle', { preset: name(shownLoss.preset) })}</strong>{' '}
            {t('schedules.tools.lossText', { removed: shownLoss.removed })}
          </p>
          <button type="button" className="v-btn v-btn--small" onClick={() => undo(shownLoss)}>
            {t('schedules.tools.undo', { preset: name(shownLoss.preset) })}
          </button>
        </div>
      )}
      <CopyDay week={week} onChange={onChange} onDone={say} />
      <p className="v-visually-hidden" role="status">
        <span key={status.n}>{status.text}</span>
      </p>
    </div>
  );
}
