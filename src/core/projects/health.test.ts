import { describe, expect, it } from 'vitest';
import { isCalm, projectHealth, securedTally, siteHealth, systemCounts } from './health.ts';

const calm = {
  systems_offline: [],
  open_incidents: { count: 0, worst_severity: null },
  evacuating: false,
  evacuation_mode: null,
  systems_by_type: { UFO: 3, ALARM: 1 },
};
const schedule = { timezone: 'Europe/Brussels', days: [[], [], [], [], [], [], []] };

describe('reading health', () => {
  it('reads a site health and keeps only what it knows', () => {
    const health = siteHealth({
      health: {
        ...calm,
        systems_offline: [{ uuid: 'a', name: 'Roof', site_uuid: 's', extra: 1 }],
        open_incidents: { count: 2, worst_severity: 'high' },
      },
    });
    expect(health).toEqual({
      ...calm,
      systems_offline: [{ uuid: 'a', name: 'Roof', site_uuid: 's' }],
      open_incidents: { count: 2, worst_severity: 'high' },
    });
  });

  it('says nothing (undefined) when the API has no health or a malformed one, rather than "all well"', () => {
    expect(siteHealth({})).toBeUndefined();
    expect(siteHealth({ health: { ...calm, evacuating: 'no' } })).toBeUndefined();
    expect(siteHealth({ health: { ...calm, systems_offline: [{ uuid: 'a' }] } })).toBeUndefined();
    expect(siteHealth({ health: { ...calm, open_incidents: { count: 2, worst_severity: 'apocalyptic' } } })).toBeUndefined();
    expect(siteHealth({ health: { ...calm, open_incidents: { count: -1, worst_severity: null } } })).toBeUndefined();
    // An API that counts the last 24 h only would read calm while older incidents are open.
    const { open_incidents: _all, ...recentOnly } = calm;
    expect(siteHealth({ health: { ...recentOnly, open_incidents_24h: { count: 0, worst_severity: null } } })).toBeUndefined();
    expect(projectHealth({ health: calm })).toBeUndefined(); // no sites
    expect(projectHealth({ health: { ...calm, sites: [{ uuid: 's', name: 'S', evacuating: false }] } })).toBeUndefined();
  });

  it("reads a project's health with its sites' schedules", () => {
    const sites = [{ uuid: 's', name: 'S', evacuating: true, evacuation_mode: 'real', schedule }];
    expect(projectHealth({ health: { ...calm, evacuating: true, evacuation_mode: 'real', sites } })).toEqual({
      ...calm,
      evacuating: true,
      evacuation_mode: 'real',
      sites,
    });
  });

  it('reads a drill only where the API names one; any other evacuation is real, even from an API that does not say', () => {
    const drill = { uuid: 'd', name: 'D', evacuating: true, evacuation_mode: 'drill', schedule };
    const unsaid = { uuid: 'u', name: 'U', evacuating: true, schedule };
    const odd = { uuid: 'o', name: 'O', evacuating: true, evacuation_mode: 'practice', schedule };
    const calmSite = { uuid: 'c', name: 'C', evacuating: false, evacuation_mode: 'drill', schedule };
    const read = projectHealth({ health: { ...calm, evacuating: true, evacuation_mode: 'drill', sites: [drill, unsaid, odd, calmSite] } });
    expect(read?.evacuation_mode).toBe('drill');
    expect(read?.sites.map((s) => s.evacuation_mode)).toEqual(['drill', 'real', 'real', null]);
    const { evacuation_mode: _omitted, ...older } = calm;
    expect(siteHealth({ health: { ...older, evacuating: true } })?.evacuation_mode).toBe('real');
  });
});

describe('isCalm', () => {
  it('is calm only with nothing offline, no open incident and no evacuation', () => {
    expect(isCalm(calm)).toBe(true);
    expect(isCalm({ ...calm, evacuating: true })).toBe(false);
    expect(isCalm({ ...calm, systems_offline: [{ uuid: 'a', name: 'A' }] })).toBe(false);
    expect(isCalm({ ...calm, open_incidents: { count: 1, worst_severity: 'low' } })).toBe(false);
  });
});

describe('systemCounts', () => {
  it('counts camera systems, alarm panels and any other type, leaving out kinds with none', () => {
    expect(systemCounts({ UFO: 3, ALARM: 1 })).toEqual([
      { kind: 'camera', count: 3 },
      { kind: 'alarm', count: 1 },
    ]);
    expect(systemCounts({ ALARM: 2, DOOR: 1, GATE: 2 })).toEqual([
      { kind: 'alarm', count: 2 },
      { kind: 'other', count: 3 },
    ]);
    expect(systemCounts({})).toEqual([]);
  });
});

describe('securedTally', () => {
  it('counts the secured sites among those whose state is known', () => {
    expect(securedTally([{ secured: true }, { secured: false }, null, { secured: true }])).toEqual({ secured: 2, known: 3 });
    expect(securedTally([null])).toEqual({ secured: 0, known: 0 });
  });
});
