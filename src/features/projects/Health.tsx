import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { intl } from '../../core/i18n/intl.ts';
import { $language } from '../../core/i18n/languages.ts';
import { openIncidentsPath, type OpenScope } from '../../core/inbox/attention.ts';
import { isCalm, systemCounts, type EvacuationMode, type Health } from '../../core/projects/health.ts';
import type { SecuredState } from '../../core/schedules/secured.ts';
import { formatWallClock, formatWeekday } from '../../core/time/format.ts';
import { Link } from '../common/Link.tsx';
import { useT } from '../common/useT.ts';

/** Names shown of the offline systems; the rest are counted ("and 2 more"). */
const NAMES_SHOWN = 3;

/** The current time, again every `everyMs` (for "secured now", which changes with the clock). */
export function useNow(everyMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

/**
 * "Secured now · until 18:00", "Not secured · from Mon 08:00", … for one site: the
 * schedule's time on the language's one clock, like every other time of the page.
 */
export function useSecuredText(): (state: SecuredState) => string {
  const t = useT();
  const language = useStore($language);
  return (state) => {
    const next = state.next;
    if (!next) return t(state.secured ? 'projects.health.alwaysSecured' : 'projects.health.neverSecured');
    const params = { time: formatWallClock(next.time), day: formatWeekday(next.weekday, 'short', language) };
    if (state.secured) return t(next.daysAhead === 0 ? 'projects.health.securedUntil' : 'projects.health.securedUntilDay', params);
    return t(next.daysAhead === 0 ? 'projects.health.notSecuredFrom' : 'projects.health.notSecuredFromDay', params);
  };
}

/** ["3 camera systems", "1 alarm panel"]: every count says what it counts. */
export function useSystemCountsText(): (byType: Record<string, number>) => string[] {
  const t = useT();
  return (byType) => {
    const parts = systemCounts(byType).map(({ kind, count }) =>
      kind === 'camera'
        ? t('projects.health.cameraSystems', { count })
        : kind === 'alarm'
          ? t('projects.health.alarmPanels', { count })
          : t('projects.health.otherSystems', { count }),
    );
    return parts.length ? parts : [t('projects.health.noSystems')];
  };
}

/**
 * The evacuation marker of a card: icon and words, on a strong background — red for a real
 * evacuation, the drills' violet for a drill (never a calm colour).
 */
export function EvacuationMarker({ mode }: { mode: EvacuationMode | null | undefined }) {
  const t = useT();
  const drill = mode === 'drill';
  return (
    <span className={drill ? 'pj-evac pj-evac--drill' : 'pj-evac'} part="evacuation-active">
      <span className="pj-evac-icon" aria-hidden="true">
        !
      </span>
      {t(drill ? 'projects.health.drilling' : 'projects.health.evacuating')}
    </span>
  );
}

export interface HealthLinesProps {
  health: Health;
  /** What the health is of (a project or a site): its count of open incidents links to their list. */
  scope: OpenScope;
  /** The "secured now" line(s), already worded; none when the schedule says nothing. */
  secured?: { text: string; secured: boolean } | undefined;
}

/**
 * What needs attention, one line each with an icon and words (never colour alone): the
 * offline systems by name, every open incident (not handled yet, of any age) with the worst
 * severity — the count a link to the inbox list of exactly those — whether it is secured
 * now; a calm line only when nothing is wrong, so never while an incident is open. The
 * evacuation marker is the card's own (next to its title).
 */
export function HealthLines({ health, scope, secured }: HealthLinesProps) {
  const t = useT();
  const language = useStore($language);
  const offline = health.systems_offline;
  const open = health.open_incidents;
  let names = '';
  if (offline.length) {
    const shown = offline.slice(0, NAMES_SHOWN).map((s) => s.name);
    if (offline.length > NAMES_SHOWN) shown.push(t('projects.health.more', { count: offline.length - NAMES_SHOWN }));
    names = intl(Intl.ListFormat, language, { type: 'conjunction' }).format(shown);
  }
  return (
    <ul className="pj-health" part="health" aria-label={t('projects.health.label')}>
      {isCalm(health) && (
        <li className="pj-health-line pj-health--ok" part="health-calm">
          <span className="pj-health-icon" aria-hidden="true" />
          <span>{t('projects.health.calm')}</span>
        </li>
      )}
      {offline.length > 0 && (
        <li className="pj-health-line pj-health--bad" part="health-offline">
          <span className="pj-health-icon" aria-hidden="true" />
          <span>{t('projects.health.offline', { count: offline.length, names })}</span>
        </li>
      )}
      {open.count > 0 && open.worst_severity && (
        <li className={`pj-health-line pj-health--${open.worst_severity}`} part="health-incidents">
          <span className="pj-health-icon" aria-hidden="true" />
          <span>
            <Link to={openIncidentsPath(scope)} className="pj-health-link">
              {t('projects.health.incidents', { count: open.count })}
            </Link>{' '}
            <span className={`pj-sev pj-sev--${open.worst_severity}`} part={`severity severity-${open.worst_severity}`}>
              {t('projects.health.worst', { severity: t(`projects.health.severity.${open.worst_severity}`) })}
            </span>
          </span>
        </li>
      )}
      {secured && (
        <li className={`pj-health-line ${secured.secured ? 'pj-health--secured' : 'pj-health--open'}`} part="health-secured">
          <span className="pj-health-icon" aria-hidden="true" />
          <span>{secured.text}</span>
        </li>
      )}
    </ul>
  );
}
