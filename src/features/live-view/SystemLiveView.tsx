import './messages/bundled.ts';
import { useId } from 'react';
import { isMissing, systemCache } from '../../core/resources/resources.ts';
import { useResource } from '../common/useResource.ts';
import { useT } from '../common/useT.ts';
import { LiveView } from './LiveView.tsx';
import { LiveViewSkeleton } from './LiveViewSkeleton.tsx';
import { SystemStatus } from './SystemStatus.tsx';

export interface SystemLiveViewProps {
  system?: string;
  /** Time between frames per camera, in ms (already checked by the element). */
  interval?: string;
}

/** `<vigil-live-view>`: the live view of one system, with its name and status. */
export function SystemLiveView({ system, interval }: SystemLiveViewProps) {
  const t = useT();
  const titleId = useId();
  const entry = useResource(systemCache, system);
  const data = entry?.data;

  if (!data) {
    if (entry?.status === 'error') {
      return (
        <div className="v-stack" part="error">
          <p className="v-message" role="alert">
            {isMissing(entry.error) ? t('liveView.system.notFound') : t('core.errors.loadSystem')}
          </p>
          {!isMissing(entry.error) && system && (
            <button type="button" className="v-btn" onClick={() => void systemCache.load(system, { force: true }).catch(() => {})}>
              {t('core.common.retry')}
            </button>
          )}
        </div>
      );
    }
    return <LiveViewSkeleton />;
  }

  return (
    <section className="v-stack" aria-labelledby={titleId}>
      <div className="v-row">
        <h2 id={titleId}>{data.name}</h2>
        <SystemStatus online={data.online} />
      </div>
      {!data.online && <p className="v-message">{t('liveView.system.offlineNote')}</p>}
      <LiveView cameras={data.cameras} online={data.online} label={t('liveView.regionLabel', { name: data.name })} {...(interval ? { intervalMs: Number(interval) } : {})} />
    </section>
  );
}
