/**
 * The live channel (core/live) says a system went online or offline: what the page holds of
 * it loads again — the system, and the sites and projects that list it. After `resync`
 * (something may have been missed) every loaded system, site and project loads again.
 * Part of the live module's chunk, not of the first load.
 */
import { projectCache, siteCache, systemCache } from '../resources/resources.ts';
import { shared } from '../shared.ts';
import { onTopic } from './topics.ts';

/** Whether cached data names `uuid` anywhere (a site lists its systems, a project its sites'). */
const mentions = (data: unknown, uuid: string): boolean => data !== undefined && JSON.stringify(data).includes(`"${uuid}"`);

shared('resources.live', () => {
  const reload = (uuid: string | undefined) => {
    for (const cache of [systemCache, siteCache, projectCache] as const) {
      for (const [key, entry] of Object.entries(cache.$entries.get())) {
        if (entry?.status !== 'ready') continue;
        if (uuid === undefined || key === uuid || mentions(entry.data, uuid)) cache.load(key, { force: true, quiet: true }).catch(() => {});
      }
    }
  };
  onTopic('systems', ({ uuid }) => reload(uuid ?? undefined));
  onTopic('resync', () => reload(undefined));
  return true;
});
