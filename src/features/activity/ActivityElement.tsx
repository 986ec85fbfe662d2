import './messages/bundled.ts';
import { useState } from 'react';
import type { ActivityFilters } from '../../core/activity/filters.ts';
import { useT } from '../common/useT.ts';
import { preloadable, useLoaded } from '../common/preloadable.tsx';

const Log = preloadable(() => import('./ActivityLog.tsx').then((m) => ({ default: m.ActivityLog })));

/** `<vigil-activity-log project>`: a project's activity, its view loaded lazily; the filters live in the element. */
export function ActivityElement({ project }: { project?: string | undefined }) {
  const t = useT();
  const [filters, setFilters] = useState<ActivityFilters>({});
  const Loaded = useLoaded(Log);
  if (!project) return null;
  return Loaded ? (
    <Loaded project={project} filters={filters} onFilters={setFilters} />
  ) : (
    <p className="v-muted" role="status">
      {t('activity.loading')}
    </p>
  );
}
