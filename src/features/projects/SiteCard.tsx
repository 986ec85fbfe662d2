import type { Site } from '../../core/api/contract.ts';
import { timeZoneName } from '../../core/i18n/names.ts';
import { pathTo } from '../../core/router/routes.ts';
import { Link } from '../common/Link.tsx';
import { useT } from '../common/useT.ts';
import { SystemList } from './SystemList.tsx';

/** A site on its project's page: name (link), address, time zone and systems. */
export function SiteCard({ site }: { site: Site }) {
  const t = useT();
  return (
    <li className="v-card v-stack pj-site" part="site">
      <div>
        <h3>
          <Link to={pathTo('site', { uuid: site.uuid })}>{site.name}</Link>
        </h3>
        <p className="v-muted v-small">
          {site.address} · {timeZoneName(site.timezone)}
        </p>
      </div>
      <SystemList systems={site.systems} emptyText={t('projects.project.noSystems')} />
    </li>
  );
}
