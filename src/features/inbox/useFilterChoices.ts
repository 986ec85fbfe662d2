import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { loadProjects, projectList } from '../../core/projects/projects.ts';
import { projectCache } from '../../core/resources/resources.ts';

export interface SiteChoice {
  uuid: string;
  name: string;
  /** The project's name and uuid. */
  project: string;
  projectUuid: string;
  systems: { uuid: string; name: string }[];
}

/**
 * The sites and systems the inbox can be filtered by: those of the user's projects (the
 * page-wide project list and project caches, loaded once and shared with the project
 * pages). Loaded only once `wanted` (a site or system filter is set, or the user turned to
 * those filters): an inbox merely shown costs no request per project. Undefined while not
 * known yet.
 */
export function useFilterChoices(wanted: boolean): SiteChoice[] | undefined {
  const list = useStore(projectList.$entries).list;
  const projects = list?.data;
  const keys = projects?.map((p) => p.uuid) ?? [];
  const details = useStore(projectCache.$entries, { keys });
  useEffect(() => {
    if (wanted && !list) void loadProjects();
  }, [wanted, list]);
  const key = keys.join(',');
  useEffect(() => {
    if (!wanted) return;
    for (const uuid of key ? key.split(',') : []) {
      if (!projectCache.$entries.get()[uuid]?.data) projectCache.load(uuid).catch(() => undefined);
    }
  }, [wanted, key]);
  if (!projects) return undefined;
  const choices: SiteChoice[] = [];
  for (const p of projects) {
    const project = details[p.uuid]?.data;
    if (!project) {
      // Still loading: the choices are not complete yet (a failed one is left out).
      const status = details[p.uuid]?.status;
      if (status !== 'missing' && status !== 'failed') return undefined;
      continue;
    }
    for (const site of project.sites) {
      choices.push({
        uuid: site.uuid,
        name: site.name,
        project: project.name,
        projectUuid: project.uuid,
        systems: site.systems.map((y) => ({ uuid: y.uuid, name: y.name })),
      });
    }
  }
  return choices;
}
