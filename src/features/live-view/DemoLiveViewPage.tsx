import { useStore } from '@nanostores/react';
import { demoLiveViewCache } from '../../core/live-view/demo.ts';
import { usePageTitle } from '../common/usePageTitle.ts';
import { useT } from '../common/useT.ts';
import { DemoLiveView } from './DemoLiveView.tsx';

/** The portal's /demo-live-view/{uuid} page (no sign-in). */
export function DemoLiveViewPage({ uuid }: { uuid: string }) {
  const t = useT();
  const entries = useStore(demoLiveViewCache.$entries, { keys: [uuid] });
  usePageTitle(entries[uuid]?.data?.name ?? t('liveView.title'));
  return <DemoLiveView demo={uuid} headingLevel={1} ownLanguage={false} />;
}
