import type { System } from '../../core/api/contract.ts';
import { systemTypeName } from '../../core/i18n/codes.ts';
import { CAMERA_SYSTEM } from '../../core/projects/health.ts';
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

/**
 * A site's systems: name (link), online status and what it is — a camera system by its
 * number of cameras, anything else (an alarm panel) by its type — optionally each with its
 * latest still.
 */
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
              {system.type === CAMERA_SYSTEM ? `${t('projects.system.cameras')}: ${system.cameras.length}` : systemTypeName(system.type)}
            </span>
          </span>
        </li>
      ))}
    </ul>
  );
}
