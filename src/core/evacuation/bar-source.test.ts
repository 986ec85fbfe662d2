import { describe, expect, it } from 'vitest';
import { barSiteCount, type BarItem } from './bar-source.ts';

const item = (over: Partial<BarItem>): BarItem => ({
  kind: 'site',
  uuid: 's1',
  name: 'Site',
  projectUuid: 'p1',
  projectName: 'Project',
  since: null,
  sites: 1,
  unconfirmed: false,
  mode: 'real',
  message: null,
  mayEnd: false,
  ...over,
});

describe('barSiteCount', () => {
  it('counts every site of a whole project, and each site evacuating on its own', () => {
    expect(barSiteCount([])).toBe(0);
    expect(barSiteCount([item({ kind: 'project', uuid: 'p1', sites: 3 })])).toBe(3);
    expect(barSiteCount([item({ uuid: 's1' }), item({ uuid: 's2', projectUuid: 'p2' })])).toBe(2);
  });

  it('counts a site of a project evacuating as a whole only once', () => {
    const whole = item({ kind: 'project', uuid: 'p1', sites: 3 });
    expect(barSiteCount([whole, item({ uuid: 's1' }), item({ uuid: 's9', projectUuid: 'p2' })])).toBe(4);
  });
});
