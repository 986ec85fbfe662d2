import { formatSiteMoment, type SiteMomentOptions } from '../../core/time/siteMoment.ts';
import { useT } from './useT.ts';

export interface SiteTimeProps {
  /** ISO time or ms since the epoch. */
  at: string | number | null | undefined;
  /** The site's IANA zone; the viewer's stands in when unknown. */
  timeZone: string | null | undefined;
  date?: SiteMomentOptions['date'];
  /** Where the viewer's own clock goes when it differs: on hover (default) or beside it too. */
  viewer?: 'title' | 'beside';
  className?: string;
}

/**
 * A moment at a site on the site's clock, zone named ("10:31 EST"), with the viewer's own
 * clock in the title, and beside it when asked (docs/product.md#times).
 */
export function SiteTime({ at, timeZone, date, viewer = 'title', className }: SiteTimeProps) {
  const t = useT();
  const moment = formatSiteMoment(at, timeZone, date ? { date } : {});
  if (!moment) return null;
  const own = moment.viewerText && t('core.time.yourTime', { time: moment.viewerText });
  const iso = typeof at === 'number' ? new Date(at).toISOString() : (at ?? undefined);
  return (
    <time dateTime={iso} className={className} title={own || undefined}>
      {moment.label}
      {own && viewer === 'beside' && <span className="v-muted"> · {own}</span>}
    </time>
  );
}
