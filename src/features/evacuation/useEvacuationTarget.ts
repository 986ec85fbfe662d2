import type { EvacuationScope } from '../../core/evacuation/evacuation.ts';
import { projectCache, siteCache } from '../../core/resources/resources.ts';
import { useResource } from '../common/useResource.ts';

export interface EvacuationTarget {
  /** The project's or site's name (given, or loaded); undefined while unknown. */
  name: string | undefined;
  /**
   * Whether the user holds 'evacuate' on the project (of the site); undefined while
   * unknown (then the buttons show and the server decides).
   */
  canEvacuate: boolean | undefined;
  /** The name is not known yet but is on its way (its project or site is loading). */
  namePending: boolean;
}

/** Name and permission for an evacuation target, through the page's project and site caches. */
export function useEvacuationTarget(scope: EvacuationScope, uuid: string, name?: string): EvacuationTarget {
  const site = useResource(siteCache, scope === 'site' ? uuid : undefined);
  // A site's answer carries its project's permissions; load the project only when it does not.
  const projectUuid = scope === 'project' ? uuid : site?.data && !site.data.project ? site.data.project_uuid : undefined;
  const project = useResource(projectCache, projectUuid);
  const permissions = site?.data?.project?.permissions ?? project?.data?.permissions;
  const loadedName = scope === 'project' ? project?.data?.name : site?.data?.name;
  const shownName = name?.trim() || loadedName;
  const source = scope === 'project' ? project : site;
  return {
    name: shownName,
    canEvacuate: permissions ? permissions.includes('evacuate') : undefined,
    namePending: !shownName && (!source || source.status === 'loading'),
  };
}
