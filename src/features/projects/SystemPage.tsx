import './messages/bundled.ts';
import type { System } from '../../core/api/contract.ts';
import { systemTypeName } from '../../core/i18n/codes.ts';
import { isMissing, projectCache, systemCache } from '../../core/resources/resources.ts';
import { notFound } from '../../core/router/navigation.ts';
import { pathTo } from '../../core/router/routes.ts';
import { usePageTitle } from '../common/usePageTitle.ts';
import { useResource } from '../common/useResource.ts';
import { useStyles } from '../common/useStyles.ts';
import { useT } from '../common/useT.ts';
import { LazyEvacuationControl } from '../evacuation/LazyEvacuationControl.tsx';
import { LazyLiveView } from '../live-view/LazyLiveView.tsx';
import { OfflineNote } from '../live-view/OfflineNote.tsx';
import { SystemStatus } from '../live-view/SystemStatus.tsx';
import { Breadcrumbs, type Crumb } from './Breadcrumbs.tsx';
import css from './projects.css?inline';
import { PendingResource } from './ResourceState.tsx';
import { siteMomentParams } from '../../core/time/siteMoment.ts';

/** The project the system answer names (`project: { uuid, name }`), if it does. */
function projectOf(system: System): { uuid: string; name: string } | undefined {
  const ref = (system as { project?: { uuid?: unknown; name?: unknown } }).project;
  return ref && typeof ref.uuid === 'string' && typeof ref.name === 'string' ? { uuid: ref.uuid, name: ref.name } : undefined;
}

/** System detail: status, its site's evacuation state, cameras and the live view. */
export function SystemPage({ uuid }: { uuid: string }) {
  useStyles(css);
  const t = useT();
  const entry = useResource(systemCache, uuid, (e) => {
    if (isMissing(e)) notFound('System');
  });
  const system = entry?.data;
  // Its project, for the breadcrumbs: named in the answer, else loaded.
  const projectRef = system && projectOf(system);
  const projectEntry = useResource(projectCache, projectRef ? undefined : system?.project_uuid);
  usePageTitle(system?.name ?? t('projects.breadcrumb.projects'));
  const crumbs: Crumb[] = [{ label: t('projects.breadcrumb.projects'), to: pathTo('home') }];

  if (!system) {
    return (
      <PendingResource
        crumbs={crumbs}
        cache={systemCache}
        id={uuid}
        entry={entry}
        missingText={t('projects.system.notFound')}
        errorText={t('projects.system.loadFailed')}
      />
    );
  }

  // Projects › project › site › system.
  const project = projectRef ?? projectEntry?.data;
  if (project) crumbs.push({ label: project.name, to: pathTo('project', { uuid: project.uuid }) });
  if (system.site) crumbs.push({ label: system.site.name, to: pathTo('site', { uuid: system.site.uuid }) });
  crumbs.push({ label: system.name });
  const siteZone = system.site?.timezone;
  return (
    <div className="pj v-stack" part="system">
      <Breadcrumbs items={crumbs} />
      <div className="pj-head">
        <div className="pj-head-text">
          <div className="pj-title-row">
            <h1>{system.name}</h1>
            <SystemStatus online={system.online} />
          </div>
          <dl className="pj-facts">
            <div>
              <dt>{t('projects.system.type')}</dt>
              <dd>{systemTypeName(system.type)}</dd>
            </div>
            <div>
              <dt>{t('projects.system.cameras')}</dt>
              <dd>{system.cameras.length}</dd>
            </div>
          </dl>
        </div>
      </div>
      {!system.online && <OfflineNote since={system.offline_since} timeZone={siteZone} />}
      {/* The cameras first, always: what a system page is for, and what people need to see
          during an evacuation. Nothing above them changes height once the system is known,
          so a tap on a camera never lands on something that moved in under the finger. */}
      <section className="v-stack" aria-labelledby="pj-live-view">
        <h2 id="pj-live-view">{t('liveView.title')}</h2>
        <LazyLiveView
          cameras={system.cameras}
          online={system.online}
          timeZone={system.site?.timezone}
          label={t('liveView.regionLabel', { name: system.name })}
        />
      </section>
      {/* Its site's evacuation state (a project-wide one covers it too), in its loading card
          until its code and the status are there. */}
      <LazyEvacuationControl scope="system" uuid={uuid} moment={siteZone ? (at) => siteMomentParams(at, siteZone) : undefined} />
    </div>
  );
}
