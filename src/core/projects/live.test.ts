import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Project } from '../api/contract.ts';
import { dispatchTopics } from '../live/topics.ts';
import { projectCache } from '../resources/resources.ts';
import { HEALTH_TOPICS } from './live.ts';
import { projectList } from './projects.ts';

const project = { uuid: 'p1', name: 'P', permissions: ['view'], sites: [] } as Project;

afterEach(() => {
  vi.restoreAllMocks();
  projectList.clear();
  projectCache.clear();
});

describe('health follows the live channel', () => {
  it.each(HEALTH_TOPICS)('loads the home list and every loaded project again on %s', (topic) => {
    projectList.set('list', []);
    projectCache.set('p1', project);
    const list = vi.spyOn(projectList, 'load').mockResolvedValue([]);
    const projects = vi.spyOn(projectCache, 'load').mockResolvedValue(project);
    dispatchTopics([topic]);
    expect(list).toHaveBeenCalledWith('list', { force: true, quiet: true, renew: true });
    expect(projects).toHaveBeenCalledWith('p1', { force: true, quiet: true, renew: true });
  });

  it('loads nothing that was never loaded, and ignores the notifications', () => {
    const list = vi.spyOn(projectList, 'load').mockResolvedValue([]);
    const projects = vi.spyOn(projectCache, 'load').mockResolvedValue(project);
    dispatchTopics(['systems']);
    expect(list).not.toHaveBeenCalled();
    expect(projects).not.toHaveBeenCalled();
    projectList.set('list', []);
    dispatchTopics(['notifications']);
    expect(list).not.toHaveBeenCalled();
  });
});
