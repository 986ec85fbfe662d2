import './messages/bundled.ts';
import { lazy, Suspense, useState } from 'react';
import type { ActivityFilters } from '../../core/activity/filters.ts';
import { useT } from '../common/useT.ts';

const Log = lazy(() => import('./ActivityLog.tsx').then((m) => ({ default: m.ActivityLog })));

/** `<vigil-activity-log project>`: a project's activity, its view loaded lazily; the filters live in the element. */
export function ActivityElement({ project }: { project?: string | undefined }) {
  const t = useT();
  const [filters, setFilters] = useState<ActivityFilters>({});
  return (
    <Suspense
      fallback={
        <p className="v-muted" role="status">
          {t('activity.loading')}
        </p>
      }
    >
      {project && <Log project={project} filters={filters} onFilters={setFilters} />}
    </Suspense>
  );
}
