import { named } from '../../core/i18n/elision.ts';
import './messages/bundled.ts';
import './messages/bundled-modes.ts';
import './messages/bundled-kept.ts';
import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState } from 'react';
import { readBar } from '../../core/evacuation/bar-source.ts';
import { onlyDrills, type CoverageScope, type EvacuationCoverage, type OfferedAction } from '../../core/evacuation/coverage.ts';
import { fetchStatus } from '../../core/evacuation/evacuation.ts';
import { $projects } from '../../core/projects/projects.ts';
import { pathTo } from '../../core/router/routes.ts';
import { Link } from '../common/Link.tsx';
import { calmRowFor, useInPortal } from './useInPortal.ts';
import { useStyles } from '../common/useStyles.ts';
import { useT } from '../common/useT.ts';
import { EvacuationAction } from './EvacuationAction.tsx';
import { EvacuationSkeleton } from './EvacuationSkeleton.tsx';
import { DrillTag } from './DrillTag.tsx';
import { EvacuationStateView, SinceBy, type MomentText } from './EvacuationStateView.tsx';
import evacuationCss from './evacuation.css?inline';
import drillCss from './drill.css?inline';
import { momentParams } from '../../core/time/moments.ts';
import { warmClock } from '../../core/time/format.ts';
import { CheckIcon, WarningIcon } from './icons.tsx';
import { useCoverage } from './useCoverage.ts';

// "Last confirmed at 14:02" shows with the status: its clock is made while the status loads.
if (typeof requestIdleCallback === 'function') requestIdleCallback(warmClock);
else setTimeout(warmClock, 0);

export interface EvacuationControlProps {
  scope: CoverageScope;
  uuid: string;
  /** The project's, site's or system's name; loaded through the page's caches when not given. */
  name?: string | undefined;
  /** Tells when an evacuation started or ended on the site's clock, zone named (a site's page passes it). */
  moment?: MomentText | undefined;
}

/**
 * The one evacuation block of a project, a site or a system: the derived state (a
 * project-wide evacuation covers every site and system of the project), when the server
 * last confirmed it, and the actions the user may take — Start when nothing covers the
 * target, else Abort of what covers it (for a site under a project-wide evacuation: that
 * project's). No button before the state is known; none without the 'evacuate' permission,
 * which it says. Systems show their site's state only (actions are on the site's page).
 */
export function EvacuationControl({ scope, uuid, name, moment }: EvacuationControlProps) {
  useStyles(evacuationCss);
  useStyles(drillCss);
  useStore($projects); // the bar's source: whether it shows
  // In the portal, while its page-wide bar shows, an evacuation under way is one compact line
  // here (the bar already says it loudly), and "History" leads to the project's history.
  const inPortal = useInPortal();
  const t = useT();
  const ref = useRef<HTMLElement>(null);
  const headingId = useId();
  const state = useCoverage(scope, uuid, ref);
  // A system's block is its site's state: it is headed by the site (named as such, so it
  // is not mistaken for the site's own block on a page that shows both).
  const shownName =
    scope === 'system'
      ? state.siteName && t('evacuation.control.systemTarget', { site: state.siteName })
      : name?.trim() || (scope === 'project' ? state.projectName : state.siteName);
  const ended = useEndedNote(state.evacuating, state.phase === 'known');
  const endedRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // The Abort that ended it may have gone: keep focus near, not on <body>. Only while the
    // user works in this document (a portal in an iframe must not pull the keyboard away).
    const active = deepActiveElement();
    if (ended.shown && document.hasFocus() && (!active || active === document.body)) endedRef.current?.focus();
  }, [ended.shown]);

  const checkAgain = () => {
    if (state.projectUuid) void fetchStatus('project', state.projectUuid);
    if (state.siteUuid) void fetchStatus('site', state.siteUuid);
  };

  let body;
  if (state.phase === 'known') {
    body = (
      <>
        <EvacuationStateView state={state} moment={moment} />
        <div className={`v-small evac-checked${state.unconfirmed ? ' evac-checked--stale' : ''}`}>
          <span>{t('evacuation.control.confirmedAt', momentParams(state.confirmedAt))}</span>
          {state.unconfirmed && (
            <button type="button" className="v-btn v-btn--small" onClick={checkAgain}>
              {t('evacuation.control.checkAgain')}
            </button>
          )}
        </div>
      </>
    );
  } else if (state.phase === 'unavailable') {
    body = (
      <div className="v-message evac-stale" role="alert">
        <span>{t('evacuation.control.unavailable')}</span>
        {state.kept && <span part="kept">{t('evacuation.kept.failed', momentParams(state.kept.at))}</span>}
        <button type="button" className="v-btn v-btn--small" onClick={checkAgain}>
          {t('evacuation.control.checkAgain')}
        </button>
      </div>
    );
  } else if (state.kept) {
    // An evacuation the status kept from an earlier visit showed: told as what was, being
    // checked, never dropped and never as now; no action until the server has answered.
    body = (
      <p className="v-message evac-kept" role="status" part="kept">
        <WarningIcon />
        <span>{t(state.kept.mode === 'drill' ? 'evacuation.kept.drill' : 'evacuation.kept.active', momentParams(state.kept.at))}</span>
        <span className="v-spinner evac-spinner" aria-hidden="true" />
      </p>
    );
  } else {
    // Also while only a calm status kept from an earlier visit is known: it is not shown.
    body = <EvacuationSkeleton withAction={scope !== 'system' && state.permission !== 'denied'} />;
  }

  // Say whose evacuation a button starts or aborts when that is not obvious: the project's
  // from a site page, or the whole project's beside its sites' own.
  const label = (a: OfferedAction) =>
    a.scope !== scope || state.actions.length > 1 || state.activeSites.length > 0
      ? t(
          a.action === 'start'
            ? 'evacuation.control.startNamed'
            : a.mode === 'drill'
              ? 'evacuation.control.abortDrillNamed'
              : 'evacuation.control.abortNamed',
          named(a.name ?? t('evacuation.fallback.project')),
        )
      : undefined;
  const actions = state.actions.map((a) => (
    <EvacuationAction
      key={`${a.scope}:${a.uuid}`}
      scope={a.scope}
      uuid={a.uuid}
      name={a.name}
      action={a.action}
      label={label(a)}
      projectUuid={state.projectUuid}
      mode={a.mode}
      // Never a red Start beside an evacuation under way: it is the secondary choice then.
      quiet={a.action === 'start' && state.evacuating}
    />
  ));
  const history = inPortal && state.projectUuid && (
    <Link className="evac-link evac-history-link" to={pathTo('projectEvacuations', { uuid: state.projectUuid })}>
      {t('evacuation.modes.history')}
    </Link>
  );
  const drills = onlyDrills(state);

  // One line while the page-wide bar already says it loudly; the full card when a project's
  // sites evacuate on their own (each with its own End). One <section> either way, its
  // actions in the same place, so a button keeps its focus when the look changes.
  const compact =
    inPortal && state.phase === 'known' && state.evacuating && !state.unconfirmed && state.activeSites.length === 0 && readBar().length > 0;

  // Nothing under way and nothing in doubt, on a portal page: one calm row (the state, when
  // it was confirmed, Start and the history) rather than a card over the top of the page.
  // While the status loads too: the skeleton is that row, so nothing moves when it arrives.
  const calm =
    calmRowFor(scope, inPortal) &&
    !ended.shown &&
    ((state.phase === 'loading' && !state.kept) ||
      (state.phase === 'known' && !state.evacuating && !state.unconfirmed && !state.actionUnconfirmed && state.activeSites.length === 0));

  return (
    <section
      ref={ref}
      className={
        compact
          ? `evac-compact${drills ? ' evac-compact--drill' : ''}`
          : `v-card evac${calm ? ' evac--calm' : ''}${state.evacuating ? ' evac--alarm' : ''}${state.evacuating && drills ? ' evac--drill' : ''}`
      }
      aria-labelledby={headingId}
      part="control"
    >
      {compact ? (
        <h2 id={headingId} className="v-visually-hidden">
          {t('evacuation.control.title')}
          {shownName ? ` ${shownName}` : ''}
        </h2>
      ) : (
        <div className={calm ? 'evac-head v-visually-hidden' : 'evac-head'}>
          <h2 id={headingId}>
            <span>{t('evacuation.control.title')}</span>
            {shownName ? (
              <span className="evac-target">{shownName}</span>
            ) : (
              // Its line is kept while the name loads: the heading does not grow later.
              state.phase === 'loading' && (
                <span className="evac-target evac-skeleton" aria-hidden="true">
                  {t('evacuation.control.title')}
                </span>
              )
            )}
          </h2>
        </div>
      )}
      {compact ? <CompactLine state={state} drills={drills} moment={moment} /> : body}
      {ended.shown && (
        <div ref={endedRef} className="evac-ended" role="status" tabIndex={-1} part="banner-ended">
          <p className="evac-ended-text">
            <CheckIcon />
            <span>
              {t('evacuation.banner.ended', {
                name:
                  (scope === 'project' ? state.projectName : state.siteName) ??
                  t(scope === 'project' ? 'evacuation.fallback.project' : 'evacuation.fallback.site'),
              })}
            </span>
          </p>
          <button type="button" className="v-btn v-btn--small" onClick={ended.dismiss}>
            {t('evacuation.banner.dismiss')}
          </button>
        </div>
      )}
      {actions.length > 0 && <div className="evac-actions">{actions}</div>}
      {history}
      {state.permission === 'denied' && <p className="v-muted v-small evac-denied">{t('evacuation.control.noPermission')}</p>}
      {!compact && scope === 'system' && state.permission !== 'denied' && state.phase === 'known' && (
        <p className="v-muted v-small">{t('evacuation.control.systemHint')}</p>
      )}
    </section>
  );
}

/**
 * The evacuation under way in one line, for a page under the page-wide bar: what is
 * evacuating, DRILL when it is one, since when, and the reason given.
 */
function CompactLine({ state, drills, moment }: { state: EvacuationCoverage; drills: boolean; moment?: MomentText | undefined }) {
  const t = useT();
  const under = [state.projectEvacuation, state.siteEvacuation, ...state.activeSites].filter((o) => o !== undefined);
  const first = under[0];
  const projectName = state.projectName ?? t('evacuation.fallback.project');
  const siteName = state.siteName ?? t('evacuation.fallback.site');
  const whats: string[] = [];
  if (state.projectEvacuation)
    whats.push(
      state.scope === 'project'
        ? t('evacuation.control.wholeProject')
        : state.scope === 'site'
          ? t('evacuation.control.coveredByProject', { project: projectName })
          : t('evacuation.control.systemCoveredByProject', { project: projectName, site: siteName }),
    );
  if (state.siteEvacuation)
    whats.push(
      state.scope === 'system'
        ? t('evacuation.control.systemSite', { site: siteName })
        : t(state.projectEvacuation ? 'evacuation.control.siteOwnToo' : 'evacuation.control.siteOwn'),
    );
  return (
    <div className="evac-compact-text">
      {/* Only the state is a live region: "Last confirmed at" changes every poll. */}
      <p className="evac-compact-live" role="status" part="status">
        <WarningIcon />
        <strong>{drills ? t('evacuation.modes.drillTitle') : t('evacuation.control.active')}</strong>
        {under.some((o) => o.mode === 'drill') && <DrillTag />}
        {whats.map((what) => (
          <span key={what}>{what}</span>
        ))}
        {first && (first.since || first.by) && <SinceBy ongoing={first} moment={moment} />}
        {first?.message && <span className="evac-reason-line">{t('evacuation.modes.reason', { message: first.message })}</span>}
      </p>
      {state.confirmedAt !== undefined && (
        <span className="v-small evac-compact-checked">{t('evacuation.control.confirmedAt', momentParams(state.confirmedAt))}</span>
      )}
    </div>
  );
}

/** What has focus, through shadow roots. */
function deepActiveElement(): Element | null {
  let active: Element | null = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}

/** "The evacuation has ended": once, when it ends while the block is on screen, until dismissed. */
function useEndedNote(evacuating: boolean, known: boolean): { shown: boolean; dismiss: () => void } {
  const [shown, setShown] = useState(false);
  const was = useRef(false);
  useEffect(() => {
    if (!known) return;
    if (was.current && !evacuating) setShown(true);
    if (evacuating) setShown(false);
    was.current = evacuating;
  }, [evacuating, known]);
  return { shown, dismiss: () => setShown(false) };
}
