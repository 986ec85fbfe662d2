import { useStore } from '@nanostores/react';
import { useId, useState } from 'react';
import { $language } from '../../core/i18n/languages.ts';
import { dayNames, joinList } from '../../core/schedules/describe.ts';
import { copyDay } from '../../core/schedules/paint.ts';
import type { Week } from '../../core/schedules/week.ts';
import { useT } from '../common/useT.ts';

export interface CopyDayProps {
  week: Week;
  onChange: (next: Week) => void;
  /** Tells the live region what happened. */
  onDone: (text: string) => void;
}

/** "Copy Monday to Tuesday, Wednesday…": the 48 half-hours of one day (its own 00:00–24:00). */
export function CopyDay({ week, onChange, onDone }: CopyDayProps) {
  const t = useT();
  const id = useId();
  const language = useStore($language);
  const names = dayNames('long', language);
  const [from, setFrom] = useState(0);
  const [targets, setTargets] = useState<number[]>([]);
  const chosen = targets.filter((d) => d !== from);

  function toggle(day: number, on: boolean) {
    setTargets((list) => (on ? [...list, day].sort() : list.filter((d) => d !== day)));
  }

  function copy() {
    onChange(copyDay(week, from, chosen));
    onDone(t('schedules.tools.copied', { from: names[from], to: joinList(chosen.map((d) => names[d]!)) }));
    setTargets([]);
  }

  return (
    <details className="sm-copy">
      <summary>{t('schedules.tools.copyTitle')}</summary>
      <div className="sm-copy-body">
        <div className="v-field">
          <label className="v-label" htmlFor={`${id}-from`}>
            {t('schedules.tools.copyFrom')}
          </label>
          <select id={`${id}-from`} className="v-select" value={from} onChange={(e) => setFrom(Number(e.target.value))}>
            {names.map((name, d) => (
              <option key={d} value={d}>
                {name}
              </option>
            ))}
          </select>
        </div>
        <fieldset className="sm-copy-to">
          <legend className="v-label">{t('schedules.tools.copyTo')}</legend>
          <div className="sm-checks">
            {names.map((name, d) => (
              <label key={d} className="sm-check">
                <input
                  type="checkbox"
                  checked={d !== from && targets.includes(d)}
                  disabled={d === from}
                  onChange={(e) => toggle(d, e.target.checked)}
                />
                {name}
              </label>
            ))}
          </div>
          <div className="v-row">
            <button type="button" className="v-btn v-btn--small v-btn--ghost" onClick={() => setTargets([0, 1, 2, 3, 4])}>
              {t('schedules.tools.weekdays')}
            </button>
            <button type="button" className="v-btn v-btn--small v-btn--ghost" onClick={() => setTargets([0, 1, 2, 3, 4, 5, 6])}>
              {t('schedules.tools.allDays')}
            </button>
          </div>
        </fieldset>
        <button
          type="button"
          className="v-btn v-btn--small"
          aria-disabled={chosen.length === 0 || undefined}
          onClick={() => chosen.length > 0 && copy()}
        >
          {t('schedules.tools.copyApply', { count: chosen.length })}
        </button>
      </div>
    </details>
  );
}
