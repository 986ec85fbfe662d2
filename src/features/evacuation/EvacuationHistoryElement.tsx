import './messages/bundled.ts';
import { useT } from '../common/useT.ts';
import { preloadable, useLoaded } from '../common/preloadable.tsx';

const History = preloadable(() => import('./EvacuationHistory.tsx').then((m) => ({ default: m.EvacuationHistory })));

/** `<vigil-evacuation-history project>`: the history of one project, its view loaded lazily. */
export function EvacuationHistoryElement({ project }: { project?: string | undefined }) {
  const t = useT();
  const Loaded = useLoaded(History);
  if (!project) return null;
  return Loaded ? (
    <Loaded project={project} />
  ) : (
    <p className="v-muted" role="status">
      {t('evacuation.control.title')}
    </p>
  );
}
