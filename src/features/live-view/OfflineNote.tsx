import { siteMomentParams } from '../../core/time/siteMoment.ts';
import { useT } from '../common/useT.ts';

/**
 * A system's offline note: since when, on the site's clock with the zone named and the
 * viewer's own clock on hover (docs/product.md#times), when the answer says; else without.
 */
export function OfflineNote({ since, timeZone }: { since: string | null | undefined; timeZone: string | null | undefined }) {
  const t = useT();
  if (!since) return <p className="v-message">{t('liveView.system.offlineNote')}</p>;
  const { viewer, ...params } = siteMomentParams(since, timeZone);
  return (
    <p className="v-message" title={viewer ? t('core.time.yourTime', { time: viewer }) : undefined}>
      {t('liveView.system.offlineSince', params)}
    </p>
  );
}
