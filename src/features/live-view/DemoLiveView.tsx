import './messages/bundled.ts';
import { useEffect, useId } from 'react';
import { applyLanguage } from '../../core/i18n/i18n.ts';
import { demoLiveViewCache } from '../../core/live-view/demo.ts';
import { startLanguage } from '../../core/session/session.ts';
import { retryLoad, useResource } from '../common/useResource.ts';
import { LoadState } from '../../ui/LoadState.tsx';
import { useT } from '../common/useT.ts';
import { LazyLiveView } from './LazyLiveView.tsx';
import { LiveViewSkeleton } from './LiveViewSkeleton.tsx';
import { SystemStatus } from './SystemStatus.tsx';

export interface DemoLiveViewProps {
  demo?: string;
  /** Time between frames per camera, in ms (already checked by the element). */
  interval?: string;
  /** 1 on its own page (the portal route), 2 embedded in someone else's page. */
  headingLevel?: 1 | 2;
  /**
   * Embedded (default): start in the visitor's language, as no session does it here.
   * The portal passes false: its session already chose the language.
   */
  ownLanguage?: boolean;
}

/**
 * The public demo live view: no sign-in and no session; frames come from public media
 * URLs. Starts in the visitor's language (or a signed-in user's saved one).
 */
export function DemoLiveView({ demo, interval, headingLevel = 2, ownLanguage = true }: DemoLiveViewProps) {
  const t = useT();
  const titleId = useId();
  const entry = useResource(demoLiveViewCache, demo);
  const data = entry?.data;
  useEffect(() => {
    if (ownLanguage) void applyLanguage(startLanguage());
  }, [ownLanguage]);

  if (!data) {
    return (
      <LoadState
        status={entry?.status}
        loading={<LiveViewSkeleton demo />}
        missingText={t('liveView.demo.notFound')}
        failedText={t('liveView.demo.loadFailed')}
        retryLabel={t('core.common.retry')}
        onRetry={retryLoad(demoLiveViewCache, demo)}
      />
    );
  }

  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <section className="v-stack" aria-labelledby={titleId} part="demo">
      <div className="v-row">
        <Heading id={titleId}>{data.name}</Heading>
        <span className="v-pill-status">{t('liveView.demo.badge')}</span>
        <SystemStatus online={data.system.online} />
      </div>
      <p className="v-muted">{t('liveView.demo.intro')}</p>
      <LazyLiveView
        cameras={data.system.cameras}
        online={data.system.online}
        label={t('liveView.regionLabel', { name: data.system.name })}
        {...(interval ? { intervalMs: Number(interval) } : {})}
      />
    </section>
  );
}
