import type { System } from '../../core/api/contract.ts';
import { pathTo } from '../../core/router/routes.ts';
import { Link } from '../common/Link.tsx';
import { useT } from '../common/useT.ts';
import { SystemStatus } from '../live-view/SystemStatus.tsx';

/** A site's systems: name (link), online status and number of cameras; `emptyText` (if any) when there are none. */
export function SystemList({ systems, emptyText }: { systems: readonly System[]; emptyText?: string }) {
  const t = useT();
  if (systems.length === 0) return emptyText && <p className="v-muted">{emptyText}</p>;
  return (
    <ul className="pj-systems">
      {systems.map((system) => (
        <li key={system.uuid} className="pj-system">
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
