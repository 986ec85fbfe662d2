import type { System } from '../../core/api/contract.ts';
import { pathTo } from '../../core/router/routes.ts';
import { Link } from '../common/Link.tsx';
import { useT } from '../common/useT.ts';
import { SystemStatus } from '../live-view/SystemStatus.tsx';
import { SystemThumb } from './SystemThumb.tsx';

export interface SystemListProps {
  systems: readonly System[];
  /** Shown when there are none (nothing when not given). */
  emptyText?: string;
  /** Each system with its latest still (camera systems on the site's page). */
  thumbnails?: boolean;
}

/** A site's systems: name (link), online status and number of cameras, optionally each with its latest still. */
export function SystemList({ systems, emptyText, thumbnails }: SystemListProps) {
  const t = useT();
  if (systems.length === 0) return emptyText && <p className="v-muted">{emptyText}</p>;
  return (
    <ul className={`pj-systems${thumbnails ? ' pj-systems--thumbs' : ''}`}>
      {systems.map((system) => (
        <li key={system.uuid} className="pj-system">
          {thumbnails && <SystemThumb system={system} />}
          <Link to={pathTo('system', { uuid: system.uuid })} className="pj-system-name">
            {system.name}
          </Link>
          <span className="pj-system-facts">
            <SystemStatus online={system.online} />
            <span className="v-muted v-small">
              {t('projects.system.cameras')}: {system.cameras.length}
            </span>
          </span>
        </li>
      ))}
    </ul>
  );
}
