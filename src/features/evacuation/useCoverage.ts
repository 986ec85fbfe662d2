import { useStore } from '@nanostores/react';
import { $liveState } from '../../core/live/state.ts';
import { useEffect, type RefObject } from 'react';
import type { CoverageScope, EvacuationCoverage } from '../../core/evacuation/coverage.ts';
import { coverageTargets, readCoverage } from '../../core/evacuation/coverage-source.ts';
import { $evacuationActions, $evacuations } from '../../core/evacuation/evacuation.ts';
import { watchStatus, type StatusWatch } from '../../core/evacuation/polling.ts';
import { projectCache, siteCache, systemCache } from '../../core/resources/resources.ts';
import { useResource } from '../common/useResource.ts';

/**
 * The derived evacuation state of a project, site or system (core/evacuation/coverage.ts),
 * kept fresh while it is shown: the statuses it depends on (the project's, and the site's)
 * are polled while `observe` (when given) is on screen and the tab is visible.
 */
export function useCoverage(scope: CoverageScope, uuid: string, observe?: RefObject<Element | null>): EvacuationCoverage {
  useStore($evacuations);
  useStore($evacuationActions);
  useStore($liveState); // the stream vouches for the statuses: "confirmed" follows it
  // What the state needs to know: the site (its project) or the system (its site), and the
  // project's name and permissions when the site's answer does not carry them.
  const system = useResource(systemCache, scope === 'system' ? uuid : undefined);
  const siteUuid = scope === 'site' ? uuid : (system?.data?.site?.uuid ?? system?.data?.site_uuid);
  const site = useResource(siteCache, scope === 'project' ? undefined : siteUuid);
  const projectUuid = scope === 'project' ? uuid : site?.data && !site.data.project ? site.data.project_uuid : undefined;
  useResource(projectCache, projectUuid);
  useStore(projectCache.$entries, { keys: projectUuid ? [projectUuid] : [] });

  const targets = coverageTargets(scope, uuid);
  useWatch('project', targets.project, observe);
  useWatch('site', scope === 'project' ? undefined : targets.site, observe);
  return readCoverage(scope, uuid);
}

function useWatch(scope: 'project' | 'site', uuid: string | undefined, observe?: RefObject<Element | null>): void {
  useEffect(() => {
    if (!uuid) return;
    const watch: StatusWatch = watchStatus(scope, uuid);
    const element = observe?.current;
    let observer: IntersectionObserver | undefined;
    if (element && typeof IntersectionObserver !== 'undefined') {
      observer = new IntersectionObserver((list) => {
        const last = list[list.length - 1];
        if (last) watch.setVisible(last.isIntersecting);
      });
      observer.observe(element);
    }
    return () => {
      observer?.disconnect();
      watch.stop();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- observe is a ref: its element is read once the component has mounted
  }, [scope, uuid]);
}
