import type { Site } from '../../core/api/contract.ts';
import { timeZoneName } from '../../core/i18n/names.ts';
import { noChanges, siteChanges } from '../../core/schedules/changes.ts';
import { siteWeek, siteZone } from '../../core/schedules/convert.ts';
import { describeSpan, describeWeek } from '../../core/schedules/describe.ts';
import type { SavedSite } from '../../core/schedules/save.ts';
import type { Week } from '../../core/schedules/week.ts';
import { AlertDialog } from '../../ui/AlertDialog.tsx';
import { useStyles } from '../common/useStyles.ts';
import { useT } from '../common/useT.ts';
import confirmCss from './confirm.css?inline';
import './messages/bundled-confirm.ts';

export interface ApplyConfirmProps {
  /** The chosen sites, in the project's order. */
  sites: readonly Site[];
  cells: Week;
  /** '' keeps each site's own time zone. */
  timezone: string;
  /** The request is under way. */
  saving: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A minus in a circle (removed hours) or a plus (added hours); the words say it too. */
function Sign({ removed }: { removed: boolean }) {
  return (
    <svg className="ac-icon" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
      <circle cx="8" cy="8" r="7" fill="currentColor" />
      <path d={removed ? 'M4.5 8h7' : 'M4.5 8h7M8 4.5v7'} stroke="#fff" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

/**
 * The step between "Apply" and the request: for each chosen site what applying changes
 * against what it has now — hours removed first, marked in words, icon and colour; hours
 * added; or that nothing changes — and an explicit "Apply to N sites". Cancel sends
 * nothing. Loaded lazily: the site page only pays for it when it opens.
 */
export function ApplyConfirm({ sites, cells, timezone, saving, onConfirm, onCancel }: ApplyConfirmProps) {
  useStyles(confirmCss);
  const t = useT();
  const rows = sites.map((site) => {
    const changes = siteChanges(siteWeek(site), cells);
    const zone = !!timezone && timezone !== siteZone(site) ? { from: timeZoneName(siteZone(site)), to: timeZoneName(timezone) } : null;
    return { site, changes, zone, none: noChanges(changes) && !zone };
  });
  const losing = rows.filter((r) => r.changes.removed.length > 0).length;

  return (
    <AlertDialog
      open
      title={t('schedules.confirm.title')}
      description={
        <>
          <p>{t('schedules.confirm.intro')}</p>
          {losing > 0 && (
            <p className="ac-warning">
              <Sign removed /> {t('schedules.confirm.removals', { count: losing })}
            </p>
          )}
        </>
      }
      confirmLabel={saving ? t('schedules.multi.applying') : t('schedules.confirm.apply', { count: sites.length })}
      cancelLabel={t('core.common.cancel')}
      pending={saving}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      {/* Scrolls on its own, so the title, the warning and the buttons stay in view; focusable to scroll by keyboard. */}
      <div className="ac-scroll" role="region" tabIndex={0} aria-label={t('schedules.multi.reviewTitle')}>
        <ul className="ac-sites">
          {rows.map(({ site, changes, zone, none }) => (
            <li key={site.uuid} className="ac-site">
              <h3 className="ac-name">{site.name}</h3>
              {none ? (
                <p className="ac-none">{t('schedules.confirm.noChange')}</p>
              ) : (
                <ul className="ac-changes">
                  {changes.removed.map((span) => (
                    <li key={`r${span.day}-${span.from}`} className="ac-change ac-change--removed">
                      <Sign removed />
                      <span>{t('schedules.confirm.removes', { span: describeSpan(span) })}</span>
                    </li>
                  ))}
                  {changes.added.map((span) => (
                    <li key={`a${span.day}-${span.from}`} className="ac-change ac-change--added">
                      <Sign removed={false} />
                      <span>{t('schedules.confirm.adds', { span: describeSpan(span) })}</span>
                    </li>
                  ))}
                  {zone && <li className="ac-change">{t('schedules.confirm.zone', zone)}</li>}
                </ul>
              )}
            </li>
          ))}
        </ul>
      </div>
    </AlertDialog>
  );
}

/** After applying: what each site now has, as the server answered (in the confirmation's chunk). */
export function ApplyResults({ results }: { results: readonly SavedSite[] }) {
  const t = useT();
  return (
    <div className="ss-results" role="status" part="results">
      <h3>{t('schedules.multi.resultsTitle')}</h3>
      <ul>
        {results.map((s) => (
          <li key={s.uuid}>
            <span aria-hidden="true" className="ss-tick">
              ✓
            </span>{' '}
            <strong>{s.name}</strong>:{' '}
            {t('schedules.multi.resultLine', { summary: describeWeek(siteWeek(s)), zone: timeZoneName(s.schedule.timezone) })}
          </li>
        ))}
      </ul>
    </div>
  );
}
