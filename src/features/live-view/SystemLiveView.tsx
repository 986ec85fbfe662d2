import './messages/bundled.ts';
import { useEffect, useId } from 'react';
import { systemCache } from '../../core/resources/resources.ts';
import { LoadState } from '../../ui/LoadState.tsx';
import { retryLoad, useResource } from '../common/useResource.ts';
import { useT } from '../common/useT.ts';
import { OfflineNote } from './OfflineNote.tsx';
import { LazyLiveView } from './LazyLiveView.tsx';
import { LiveViewSkeleton } from './LiveViewSkeleton.tsx';
import { SystemStatus } from './SystemStatus.tsx';

export interface SystemLiveViewProps {
  system?: string;
  /** Time between frames per camera, in ms (already checked by the element). */
  interval?: string;
}

/** Keeps the page's live channel open while shown: the system's online state follows the server. */
function useLiveChannel(): void {
  useEffect(() => {
    let release: (() => void) | undefined;
    let cancelled = false;
    void import('../../core/live/live.ts').then(
      (live) => {
        if (!cancelled) release = live.watchLive();
      },
      () => {}, // the chunk could not load: the system shows what it loaded
    );
    return () => {
      cancelled = true;
      release?.();
    };
  }, []);
}

/** `<vigil-live-view>`: the live view of one system, with its name and status. */
export function SystemLiveView({ system, interval }: SystemLiveViewProps) {
  const t = useT();
  const titleId = useId();
  useLiveChannel();
  const entry = useResource(systemCache, system);
  const data = entry?.data;

  if (!data) {
    return (
      <LoadState
        status={entry?.status}
        loading={<LiveViewSkeleton />}
        missingText={t('liveView.system.notFound')}
        failedText={t('core.errors.loadSystem')}
        retryLabel={t('core.common.retry')}
        onRetry={retryLoad(systemCache, system)}
      />
    );
  }

  return (
    <section className="v-stack" aria-labelledby={titleId}>
      <div className="v-row">
        <h2 id={titleId}>{data.name}</h2>
        <SystemStatus online={data.online} />
      </div>
      {!data.online && <OfflineNote since={data.offline_since} timeZone={data.site?.timezone} />}
      <LazyLiveView
        cameras={data.cameras}
        online={data.online}
        timeZone={data.site?.timezone}
        label={t('liveView.regionLabel', { name: data.name })}
        {...(interval ? { intervalMs: Number(interval) } : {})}
      />
    </section>
  );
}
