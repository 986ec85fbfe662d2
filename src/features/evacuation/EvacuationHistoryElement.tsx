import './messages/bundled.ts';
import { lazy, Suspense } from 'react';
import { useT } from '../common/useT.ts';

const History = lazy(() => import('./EvacuationHistory.tsx').then((m) => ({ default: m.EvacuationHistory })));

/** `<vigil-evacuation-history project>`: the history of one project, its view loaded lazily. */
export function EvacuationHistoryElement({ project }: { project?: string | undefined }) {
  const t = useT();
  return (
    <Suspense
      fallback={
        <p className="v-muted" role="status">
          {t('evacuation.control.title')}
        </p>
      }
    >
      {project && <History project={project} />}
    </Suspense>
  );
}
