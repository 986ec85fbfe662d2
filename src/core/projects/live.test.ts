import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Project } from '../api/contract.ts';
import { dispatchTopics } from '../live/topics.ts';
import { projectCache } from '../resources/resources.ts';
import { HEALTH_TOPICS, holdHealth } from './live.ts';
import { projectList } from './projects.ts';

const project = { uuid: 'p1', name: 'P', permissions: ['view'], sites: [] } as Project;

let unhold: (() => void) | undefined;

afterEach(() => {
  unhold?.();
  unhold = undefined;
  vi.restoreAllMocks();
  projectList.clear();
  projectCache.clear();
});

describe('health follows the live channel', () => {
  it.each(HEALTH_TOPICS)('loads the home list and every loaded project again on %s while health is shown', (topic) => {
    unhold = holdHealth();
    projectList.set('list', []);
    projectCache.set('p1', project);
    const list = vi.spyOn(projectList, 'load').mockResolvedValue([]);
    const projects = vi.spyOn(projectCache, 'load').mockResolvedValue(project);
    dispatchTopics([topic]);
    expect(list).toHaveBeenCalledWith('list', { force: true, quiet: true, renew: true });
    expect(projects).toHaveBeenCalledWith('p1', { force: true, quiet: true, renew: true });
  });

  it('loads nothing while health is not shown', () => {
    projectList.set('list', []);
    projectCache.set('p1', project);
    holdHealth()();
    const list = vi.spyOn(projectList, 'load').mockResolvedValue([]);
    const projects = vi.spyOn(projectCache, 'load').mockResolvedValue(project);
    dispatchTopics(['incidents', 'systems', 'evacuation']);
    expect(list).not.toHaveBeenCalled();
    expect(projects).not.toHaveBeenCalled();
  });

  it('loads nothing that was never loaded, and ignores the notifications', () => {
    unhold = holdHealth();
    const list = vi.spyOn(projectList, 'load').mockResolvedValue([]);
    const projects = vi.spyOn(projectCache, 'load').mockResolvedValue(project);
    dispatchTopics(['systems']);
    expect(list).not.toHaveBeenCalled();
    expect(projects).not.toHaveBeenCalled();
    projectList.set('list', []);
    dispatchTopics(['notifications']);
    expect(list).not.toHaveBeenCalled();
  });

  it('loads again, once shown, what was loaded before a change the channel told of before this module listened', () => {
    projectList.set('list', []);
    projectCache.set('p1', project);
    // Told while no page showed health (the module's code was still on its way).
    const told = Date.now() + 1000;
    const now = vi.spyOn(Date, 'now').mockReturnValue(told);
    dispatchTopics(['systems']);
    now.mockReturnValue(told + 10);
    projectCache.set('p2', { ...project, uuid: 'p2' }); // loaded after it: up to date
    const list = vi.spyOn(projectList, 'load').mockResolvedValue([]);
    const projects = vi.spyOn(projectCache, 'load').mockResolvedValue(project);
    unhold = holdHealth();
    expect(list).toHaveBeenCalledWith('list', { force: true, quiet: true, renew: true });
    expect(projects.mock.calls).toEqual([['p1', { force: true, quiet: true, renew: true }]]);
  });
});
