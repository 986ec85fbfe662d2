import { memo } from 'react';
import { formatNumber } from '../../core/i18n/i18n.ts';
import { describeWeek, securedHours } from '../../core/schedules/describe.ts';
import type { Week } from '../../core/schedules/week.ts';
import { useT } from '../common/useT.ts';

/** The painted week in words (the grid's text equivalent), with its hours per week. */
export const WeekSummary = memo(function WeekSummary({ week }: { week: Week }) {
  const t = useT();
  const hours = securedHours(week);
  if (hours === 0) return <p className="sm-summary">{t('schedules.editor.nothingSecured')}</p>;
  return (
    <p className="sm-summary">
      <strong>{t('schedules.editor.securedLabel')}</strong> {describeWeek(week)}{' '}
      <span className="v-muted">({t('schedules.editor.hours', { hours: formatNumber(hours) })})</span>
    </p>
  );
});
