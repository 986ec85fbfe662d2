import { useStore } from '@nanostores/react';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import type { ScheduleException } from '../../core/api/contract.ts';
import { $language } from '../../core/i18n/languages.ts';
import { addDays, monthStart, monthWeeks, weekdayOfDate } from '../../core/schedules/exceptions.ts';
import { exceptionOn } from '../../core/schedules/secured.ts';
import { useT } from '../common/useT.ts';

/** Months shown, starting with the current one. */
const MONTHS = 3;

/** "secured all day", "not secured", "secured 08:00–12:00, 14:00–18:00". */
export function useDescribe(): (secured: ScheduleException['secured']) => string {
  const t = useT();
  return (secured) =>
    secured === 'all'
      ? t('schedules.exceptions.all')
      : secured === 'none' || !Array.isArray(secured)
        ? t('schedules.exceptions.none')
        : t('schedules.exceptions.hours', { hours: secured.map((i) => `${i.from}–${i.to}`).join(', ') });
}

const kindOf = (secured: ScheduleException['secured']): 'all' | 'none' | 'hours' =>
  secured === 'all' ? 'all' : Array.isArray(secured) ? 'hours' : 'none';

export interface ExceptionCalendarProps {
  site: string;
  exceptions: readonly ScheduleException[];
  /** The site's today, "YYYY-MM-DD". */
  today: string;
  /** Enter, Space or a click on a day (editable only): the day, and the exception governing it. */
  onOpen?: ((date: string, exception?: ScheduleException) => void) | undefined;
}

/**
 * The coming months, Monday first, each day that deviates from the week marked with what
 * it secures (symbol, colour and words in its name; a legend below). One grid to the
 * keyboard like a date picker: one day is in the tab order (roving tabindex), arrow keys
 * move by day and week, Home/End to the week's ends, Page Up/Down by month.
 */
export function ExceptionCalendar({ site, exceptions, today, onOpen }: ExceptionCalendarProps) {
  const t = useT();
  const ids = useId();
  const language = useStore($language);
  const describe = useDescribe();
  const root = useRef<HTMLDivElement>(null);
  const first = monthStart(today);
  const end = addDays(monthStart(today, MONTHS), -1);
  const [focused, setFocused] = useState(today);
  const active = focused < first || focused > end ? today : focused;
  const months = Array.from({ length: MONTHS }, (_, i) => monthStart(today, i));
  const long = new Intl.DateTimeFormat(language, { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' });
  const weekdays = Array.from({ length: 7 }, (_, d) =>
    new Intl.DateTimeFormat(language, { weekday: 'narrow', timeZone: 'UTC' }).format(Date.UTC(1970, 0, 5 + d)),
  );
  const weekdaysLong = Array.from({ length: 7 }, (_, d) =>
    new Intl.DateTimeFormat(language, { weekday: 'long', timeZone: 'UTC' }).format(Date.UTC(1970, 0, 5 + d)),
  );
  const utc = (date: string) => Date.parse(`${date}T00:00:00Z`);

  function move(date: string) {
    const next = date < first ? first : date > end ? end : date;
    setFocused(next);
    root.current?.querySelector<HTMLElement>(`[data-date="${next}"]`)?.focus();
  }

  function onKeyDown(e: KeyboardEvent<HTMLElement>, date: string, exception?: ScheduleException) {
    const weekday = weekdayOfDate(date);
    const shift = (months: number) => {
      const target = monthStart(date, months);
      const day = Math.min(Number(date.slice(8, 10)), Number(addDays(monthStart(date, months + 1), -1).slice(8, 10)));
      return `${target.slice(0, 8)}${String(day).padStart(2, '0')}`;
    };
    const to: Record<string, () => string> = {
      ArrowLeft: () => addDays(date, -1),
      ArrowRight: () => addDays(date, 1),
      ArrowUp: () => addDays(date, -7),
      ArrowDown: () => addDays(date, 7),
      Home: () => addDays(date, -weekday),
      End: () => addDays(date, 6 - weekday),
      PageUp: () => shift(-1),
      PageDown: () => shift(1),
    };
    if (to[e.key]) {
      e.preventDefault();
      move(to[e.key]!());
    } else if ((e.key === 'Enter' || e.key === ' ') && onOpen) {
      e.preventDefault();
      onOpen(date, exception);
    }
  }

  return (
    <div className="ex-cal" ref={root} part="exception-calendar">
      <p id={`${ids}-help`} className="v-small v-muted">
        {t('schedules.exceptions.calendarHelp')}
      </p>
      <div className="ex-months">
        {months.map((month) => (
          <table
            key={month}
            role="grid"
            className="ex-month"
            aria-label={`${t('schedules.exceptions.calendar', { site })}: ${new Intl.DateTimeFormat(language, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(utc(month))}`}
            aria-describedby={`${ids}-help`}
          >
            <caption className="ex-caption">
              {new Intl.DateTimeFormat(language, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(utc(month))}
            </caption>
            <thead>
              <tr>
                {weekdays.map((w, d) => (
                  <th key={d} scope="col" abbr={weekdaysLong[d]}>
                    {w}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {monthWeeks(month).map((week, wi) => (
                <tr key={wi}>
                  {week.map((date, d) => {
                    if (!date) return <td key={d} className="ex-empty" />;
                    const rule = exceptionOn(exceptions, date);
                    const kind = rule ? kindOf(rule.exception.secured) : null;
                    const past = date < today;
                    const name = [
                      long.format(utc(date)),
                      date === today ? t('schedules.exceptions.today') : '',
                      rule ? `${rule.exception.label}, ${describe(rule.exception.secured)}` : t('schedules.exceptions.weekly'),
                    ]
                      .filter(Boolean)
                      .join(', ');
                    return (
                      <td
                        key={d}
                        role="gridcell"
                        data-date={date}
                        tabIndex={date === active ? 0 : -1}
                        aria-label={name}
                        aria-current={date === today ? 'date' : undefined}
                        aria-disabled={past || undefined}
                        title={rule ? `${rule.exception.label}: ${describe(rule.exception.secured)}` : undefined}
                        className={`ex-day${kind ? ` ex-day--${kind}` : ''}${date === today ? ' ex-day--today' : ''}${past ? ' ex-day--past' : ''}`}
                        onFocus={() => setFocused(date)}
                        onKeyDown={(e) => onKeyDown(e, date, rule?.exception)}
                        onClick={() => {
                          setFocused(date);
                          if (onOpen && !past) onOpen(date, rule?.exception);
                        }}
                      >
                        <span aria-hidden="true">{Number(date.slice(8, 10))}</span>
                        {kind && (
                          <span className="ex-mark" aria-hidden="true">
                            {kind === 'all' ? '●' : kind === 'none' ? '○' : '◐'}
                          </span>
                        )}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        ))}
      </div>
      <ul className="ex-legend" aria-hidden="true">
        <li>
          <span className="ex-mark ex-day--all">●</span> {t('schedules.exceptions.legendAll')}
        </li>
        <li>
          <span className="ex-mark ex-day--none">○</span> {t('schedules.exceptions.legendNone')}
        </li>
        <li>
          <span className="ex-mark ex-day--hours">◐</span> {t('schedules.exceptions.legendHours')}
        </li>
      </ul>
    </div>
  );
}
