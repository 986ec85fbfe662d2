import { barSiteCount, type BarItem } from '../../core/evacuation/bar-source.ts';
import { formatElapsed } from '../../core/time/elapsed.ts';
import { useT } from '../common/useT.ts';
import { WarningIcon } from './icons.tsx';
import { preloadable } from '../common/preloadable.tsx';

// The End button and its confirmation: the evacuation control's own, loaded only when a bar
// offers it (the bar itself is in every portal page).
const EvacuationAction = preloadable(() => import('./EvacuationAction.tsx').then((m) => ({ default: m.EvacuationAction })));

export interface BarLineProps {
  items: readonly BarItem[];
  drills: boolean;
  now: number;
  /** Whether the details under it are shown. */
  open: boolean;
  onToggle: () => void;
  detailsId: string;
}

/**
 * The alarm bar on a phone: one line with what (an evacuation or a drill), how many sites,
 * how long, "View" for the details, and "End" (with the usual confirmation) when one thing
 * evacuates and the user may end it.
 */
export function BarLine({ items, drills, now, open, onToggle, detailsId }: BarLineProps) {
  const t = useT();
  const since = items
    .map((i) => i.since)
    .filter((s): s is string => Boolean(s))
    .sort()[0];
  const one = items.length === 1 ? items[0] : undefined;
  return (
    <div className="evac-bar-line" part="bar-line">
      <WarningIcon />
      <p className="evac-bar-line-text">
        <strong>{drills ? t('evacuation.bar.drillShort') : t('evacuation.bar.short')}</strong>{' '}
        <span>
          {t('evacuation.bar.sites', { count: barSiteCount([...items]) })}
          {since && (
            <>
              {' · '}
              <span className="evac-bar-elapsed">{formatElapsed(now - Date.parse(since))}</span>
            </>
          )}
        </span>
      </p>
      <button type="button" className="v-btn v-btn--small evac-bar-view" aria-expanded={open} aria-controls={detailsId} onClick={onToggle}>
        {t('evacuation.bar.view')}
      </button>
      {one?.mayEnd && (
        <EvacuationAction
          scope={one.kind}
          uuid={one.uuid}
          name={one.kind === 'project' ? one.name : `${one.name} (${one.projectName})`}
          action="abort"
          layout="compact"
          label={t('evacuation.bar.end')}
          projectUuid={one.projectUuid}
          mode={one.mode}
        />
      )}
    </div>
  );
}
