import './messages/bundled.ts';
import './messages/bundled-modes.ts';
import { useStore } from '@nanostores/react';
import { $liveState } from '../../core/live/state.ts';
import { useEffect, useId, useRef, useState } from 'react';
import { barProjects, barSiteCount, readBar, type BarItem } from '../../core/evacuation/bar-source.ts';
import { $evacuations, statusResource } from '../../core/evacuation/evacuation.ts';
import { watchStatus } from '../../core/evacuation/polling.ts';
import { $projects, loadProjects } from '../../core/projects/projects.ts';
import { pathTo } from '../../core/router/routes.ts';
import { $currentUser } from '../../core/session/session.ts';
import { shared } from '../../core/shared.ts';
import { Link } from '../common/Link.tsx';
import { useInPortal } from './useInPortal.ts';
import { useStyles } from '../common/useStyles.ts';
import { useT } from '../common/useT.ts';
import barCss from './bar.css?inline';
import drillCss from './drill.css?inline';
import { DrillTag } from './DrillTag.tsx';
import { formatElapsed } from '../../core/time/elapsed.ts';
import { useNow } from '../live-view/useNow.ts';
import { momentParams } from '../../core/time/moments.ts';
import { WarningIcon } from './icons.tsx';
import { BarLine } from './BarLine.tsx';

/**
 * The page-wide alarm bar: while anything the user can see is evacuating (a whole project,
 * or sites of one), one red bar names it, how many sites it covers, since when and for how
 * long, and links to it. It stays in view as the page scrolls (under the portal's header;
 * at the top of an integrator's page, or `--vigil-evacuation-bar-top` below it). Its sources are the
 * user's projects and each project's status (which lists its sites evacuating), polled by
 * the evacuation poller: only while the tab is visible, one request per project however
 * many bars and controls show it. Screen readers hear it once when something starts
 * evacuating, not on every poll. Renders nothing while nothing evacuates. On a phone it is
 * one line (BarLine.tsx: the count, how long, View and End) with these details one tap away.
 */
export function EvacuationBar() {
  useStyles(drillCss);
  useStyles(barCss);
  const t = useT();
  const user = useStore($currentUser);
  const signedIn = Boolean(user?.terms_accepted_web_portal);
  useStore($evacuations);
  useStore($liveState); // the stream vouches for the statuses: "confirmed" follows it
  const list = useStore($projects).list;
  const uuids = signedIn ? barProjects() : [];
  const key = uuids.join(',');
  // The portal keeps the statuses for its next visit; a bar on another page does not.
  const inPortal = useInPortal();
  useEffect(() => {
    if (inPortal)
      shared('evacuation.kept', () =>
        import('../../core/resources/persist.ts').then((m) => m.persistEntries(statusResource, 'evacuation')),
      );
  }, [inPortal]);

  useEffect(() => {
    if (signedIn && !list) void loadProjects();
  }, [signedIn, list]);

  useEffect(() => {
    if (!key) return;
    const watches = key.split(',').map((uuid) => watchStatus('project', uuid));
    return () => {
      for (const w of watches) w.stop();
    };
  }, [key]);

  const items = signedIn ? readBar() : [];
  // Only drills: the bar says so in its own colour (never the calm of nothing happening).
  const drills = items.length > 0 && items.every((i) => i.mode === 'drill');
  const projects = [...new Set(items.map((i) => i.projectUuid))];
  // How long each has lasted, to the minute: re-read twice a minute while something evacuates.
  const now = useNow(30_000);
  // On a phone the details are one tap away (the bar is one line); on wider screens always shown.
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  const announcement = useAnnouncement(items, (shown) =>
    t('evacuation.bar.announce', { list: shown.map((i) => describe(i, t)).join('; ') }),
  );

  return (
    <>
      {/* An alert is announced when it is inserted with its text; no empty alert sits in
          the page while nothing evacuates (it would read as a problem to assistive tools). */}
      {announcement && (
        <div className="v-visually-hidden" role="alert">
          {announcement}
        </div>
      )}
      {items.length > 0 && (
        <aside
          className={`evac-bar${drills ? ' evac-bar--drill' : ''}${open ? ' evac-bar--open' : ''}`}
          aria-label={t('evacuation.bar.label')}
          part="bar"
        >
          <BarLine items={items} drills={drills} now={now} open={open} onToggle={() => setOpen(!open)} detailsId={detailsId} />
          <div className="evac-bar-inner" id={detailsId}>
            <p className="evac-bar-title">
              <WarningIcon />
              <span>{drills ? t('evacuation.modes.drillTitle') : t('evacuation.bar.title')}</span>
              <span className="evac-bar-count">{t('evacuation.bar.sites', { count: barSiteCount(items) })}</span>
            </p>
            <ul className="evac-bar-list">
              {items.map((item) => (
                <li key={`${item.kind}:${item.uuid}`}>
                  {item.mode === 'drill' && <DrillTag />}
                  <Link to={pathTo(item.kind, { uuid: item.uuid })} className="evac-bar-link">
                    {describe(item, t)}
                  </Link>
                  {item.since && (
                    <span className="evac-bar-since">
                      {t('evacuation.bar.since', momentParams(item.since))}
                      {' · '}
                      <span className="evac-bar-elapsed">
                        {t('evacuation.bar.lasted', { duration: formatElapsed(now - Date.parse(item.since)) })}
                      </span>
                    </span>
                  )}
                  {item.message && <span className="evac-bar-reason">{t('evacuation.modes.reason', { message: item.message })}</span>}
                  {item.unconfirmed && <span className="evac-bar-unconfirmed">{t('evacuation.bar.unconfirmed')}</span>}
                </li>
              ))}
            </ul>
            {projects.length === 1 && (
              <Link to={pathTo('projectEvacuations', { uuid: projects[0]! })} className="evac-bar-link evac-bar-history">
                {t('evacuation.modes.history')}
              </Link>
            )}
          </div>
        </aside>
      )}
    </>
  );
}

type T = ReturnType<typeof useT>;

const describe = (item: BarItem, t: T): string =>
  item.kind === 'project'
    ? t('evacuation.bar.project', { name: item.name })
    : t('evacuation.bar.site', { name: item.name, project: item.projectName });

/**
 * What the alert region says: set when something new starts evacuating (a new project or
 * site in the list), kept as it is otherwise, so polls and re-renders announce nothing.
 */
function useAnnouncement(items: BarItem[], say: (items: BarItem[]) => string): string {
  const [text, setText] = useState('');
  const known = useRef(new Set<string>());
  const keys = items.map((i) => `${i.kind}:${i.uuid}`);
  const signature = keys.join('|');
  useEffect(() => {
    const fresh = keys.filter((k) => !known.current.has(k));
    known.current = new Set(keys);
    if (fresh.length > 0) setText(say(items));
    else if (keys.length === 0) setText('');
    // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed on the list's signature: the same list again says nothing new
  }, [signature]);
  return text;
}
