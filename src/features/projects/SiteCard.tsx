import type { Site } from '../../core/api/contract.ts';
import { timeZoneName } from '../../core/i18n/names.ts';
import { pathTo } from '../../core/router/routes.ts';
import { Link } from '../common/Link.tsx';
import { useT } from '../common/useT.ts';
import { SystemList } from './SystemList.tsx';

/**
 * A site on its project's page: name (link), address, time zone and its camera systems
 * (the project's answer holds only those, docs/product.md#constants-and-limits), counted
 * in words so the number never seems to disagree with the site's page, which lists all.
 */
export function SiteCard({ site }: { site: Site }) {
  const t = useT();

  return (
    <li className="v-card v-stack pj-site" part="site">
      <div>
        <h3>
          <Link to={pathTo('site', { uuid: site.uuid })}>{site.name}</Link>
        </h3>
        <p className="v-muted v-small">
          {site.address} · {timeZoneName(site.timezone)} · {t('projects.project.systems', { count: site.systems.length })}
        </p>
      </div>
      <SystemList systems={site.systems} />
    </li>
  );
}
