import { memo } from 'react';
import type { Site } from '../../core/api/contract.ts';
import { siteWeek, siteZone } from '../../core/schedules/convert.ts';
import { describeDiff, diffWeeks, hasChanges } from '../../core/schedules/diff.ts';
import type { SaveFailure } from '../../core/schedules/drafts.ts';
import type { SavedSite } from '../../core/schedules/save.ts';
import type { Week } from '../../core/schedules/week.ts';
import { timeZoneName } from '../../core/i18n/names.ts';
import { useT } from '../common/useT.ts';
import { SaveError } from './SaveError.tsx';
import { preloadable } from '../common/preloadable.tsx';

export interface ApplyReviewProps {
  /** The chosen sites, in the project's order. */
  sites: readonly Site[];
  cells: Week;
  /** '' keeps each site's own time zone. */
  timezone: string;
  saving: boolean;
  error: SaveFailure | null;
  results: readonly SavedSite[] | null;
  onApply: () => void;
}

// Shown after the confirmation, whose chunk it shares.
const ApplyResults = preloadable(() => import('./ApplyConfirm.tsx').then((m) => ({ default: m.ApplyResults })));

/** Before applying: what changes for each chosen site (Apply opens the confirmation); after: what each site now has. */
export const ApplyReview = memo(function ApplyReview({ sites, cells, timezone, saving, error, results, onApply }: ApplyReviewProps) {
  const t = useT();
  const rows = sites.map((site) => {
    const before = siteWeek(site);
    const zoneChange = !!timezone && timezone !== siteZone(site);
    return { site, text: describeDiff(before, cells), zoneChange, changes: zoneChange || hasChanges(diffWeeks(before, cells)) };
  });
  const anything = rows.some((r) => r.changes);

  return (
    <div className="ss-review">
      {sites.length === 0 ? (
        <p className="v-muted">{t('schedules.multi.chooseSites')}</p>
      ) : (
        <>
          <p className="v-small v-muted">{t('schedules.multi.reviewIntro')}</p>
          <ul className="ss-diff-list" aria-label={t('schedules.multi.reviewTitle')}>
            {rows.map(({ site, text, zoneChange, changes }) => (
              <li key={site.uuid} className={changes ? 'ss-diff' : 'ss-diff ss-diff--none'}>
                <strong>{site.name}</strong>: {text}
                {zoneChange && <>; {t('schedules.multi.zoneChange', { from: timeZoneName(siteZone(site)), to: timeZoneName(timezone) })}</>}
              </li>
            ))}
          </ul>
          {!anything && <p className="v-small v-muted">{t('schedules.multi.nothingToApply')}</p>}
        </>
      )}
      {error && <SaveError error={error} />}
      <div className="v-row">
        <button
          type="button"
          className="v-btn v-btn--primary ss-apply"
          aria-disabled={!anything || saving || undefined}
          aria-busy={saving || undefined}
          onClick={() => anything && !saving && onApply()}
          part="apply-button"
        >
          {saving ? t('schedules.multi.applying') : t('schedules.multi.apply')}
        </button>
      </div>
      {results && <ApplyResults results={results} />}
    </div>
  );
});
