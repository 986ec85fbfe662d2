import { useState } from 'react';
import { PRESETS, presetWeek, replaceWeek, type Preset } from '../../core/schedules/paint.ts';
import type { Week } from '../../core/schedules/week.ts';
import { useT } from '../common/useT.ts';
import { CopyDay } from './CopyDay.tsx';

export interface ScheduleToolsProps {
  week: Week;
  onChange: (next: Week) => void;
}

/** Presets (named after what they secure), clear all, and copy a day. */
export function ScheduleTools({ week, onChange }: ScheduleToolsProps) {
  const t = useT();
  const [status, setStatus] = useState({ text: '', n: 0 });
  const say = (text: string) => setStatus((s) => ({ text, n: s.n + 1 }));

  function apply(preset: Preset) {
    onChange(replaceWeek(week, presetWeek(preset)));
    say(t('schedules.tools.applied', { preset: t(`schedules.tools.preset.${preset}`) }));
  }

  return (
    <div className="sm-tools" part="tools">
      <div className="sm-presets" role="group" aria-label={t('schedules.tools.presets')}>
        <span className="sm-tools-label v-small v-muted" aria-hidden="true">
          {t('schedules.tools.presets')}
        </span>
        {PRESETS.map((preset) => (
          <button key={preset} type="button" className="v-btn v-btn--small" onClick={() => apply(preset)}>
            {t(`schedules.tools.preset.${preset}`)}
          </button>
        ))}
      </div>
      <CopyDay week={week} onChange={onChange} onDone={say} />
      <p className="v-visually-hidden" role="status">
        <span key={status.n}>{status.text}</span>
      </p>
    </div>
  );
}
