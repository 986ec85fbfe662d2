import type { System } from '../../core/api/contract.ts';
import { pathTo } from '../../core/router/routes.ts';
import { Link } from '../common/Link.tsx';
import { useT } from '../common/useT.ts';
import { LazyLiveView } from '../live-view/LazyLiveView.tsx';
import { SystemStatus } from '../live-view/SystemStatus.tsx';
import { SystemList } from './SystemList.tsx';

/**
 * The site's cameras, what people look at first: each camera system's live tiles under its
 * name (a link to the system) and status. The grids are the live view's own, loaded lazily;
 * each tile polls only while on screen. Image times are told on the site's clock. Only the
 * card is a landmark: a system's block and grid are groups, so a page that also shows that
 * system (its own element, a live view) has no two landmarks of the same name.
 */
export function SiteCameras({ systems, timeZone }: { systems: readonly System[]; timeZone: string }) {
  const t = useT();
  return (
    <section className="v-card v-stack st-cameras" aria-labelledby="st-cameras" part="cameras">
      <h2 id="st-cameras">{t('projects.site.cameras')}</h2>
      {systems.length === 0 ? (
        <p className="v-muted">{t('projects.site.noCameraSystems')}</p>
      ) : (
        systems.map((system) => (
          <div key={system.uuid} className="v-stack st-camera-system" role="group" aria-labelledby={`st-cam-${system.uuid}`}>
            <div className="st-system-head">
              <h3 id={`st-cam-${system.uuid}`}>
                <Link to={pathTo('system', { uuid: system.uuid })}>{system.name}</Link>
              </h3>
              <SystemStatus online={system.online} />
            </div>
            <LazyLiveView
              cameras={system.cameras}
              online={system.online}
              timeZone={timeZone}
              label={t('liveView.regionLabel', { name: system.name })}
              landmark={false}
            />
          </div>
        ))
      )}
    </section>
  );
}

/** The site's alarm panels and other systems, each named by its type (in this chunk with the cameras: the page's own stays small). */
export function OtherSystems({ systems }: { systems: readonly System[] }) {
  const t = useT();
  return (
    <section className="v-card v-stack st-systems" aria-labelledby="st-systems" part="systems-other">
      <h2 id="st-systems">{t('projects.site.alarmsAndOthers')}</h2>
      <SystemList systems={systems} />
    </section>
  );
}
