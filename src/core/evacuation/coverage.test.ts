import { describe, expect, it } from 'vitest';
import type { EvacuationStatus } from '../api/contract.ts';
import { deriveCoverage, onlyDrills, UNCONFIRMED_AFTER_MS, type CoverageInput } from './coverage.ts';
import type { EvacuationEntry } from './evacuation.ts';

const PROJECT = '10000000-0000-4000-8000-000000000001';
const SITE_A = '20000000-0000-4000-8000-000000000001';
const SITE_B = '20000000-0000-4000-8000-000000000002';
const SYSTEM = '30000000-0000-4000-8000-000000000001';
const NOW = Date.parse('2026-11-23T14:40:00Z');
const CHECKED = NOW - 2_000;

const off: EvacuationStatus = { status: 'inactive', started_at: null, started_by: null, aborted_at: '2026-11-20T08:00:00Z' };
const on = (by: string): EvacuationStatus => ({ status: 'active', started_at: '2026-11-23T14:32:00Z', started_by: by, aborted_at: null });
const siteA = { uuid: SITE_A, name: 'Antwerp', started_at: '2026-11-23T14:35:00Z', started_by: 'Vic Viewer' };

const entry = (status: EvacuationStatus | undefined, extra: Partial<EvacuationEntry> = {}): EvacuationEntry => ({
  loading: false,
  ...(status ? { status, checkedAt: CHECKED } : {}),
  ...extra,
});

type State = 'none' | 'siteA' | 'project' | 'projectAndSiteA';
const STATES: State[] = ['none', 'siteA', 'project', 'projectAndSiteA'];
const projectActive = (s: State) => s === 'project' || s === 'projectAndSiteA';
const siteAActive = (s: State) => s === 'siteA' || s === 'projectAndSiteA';

/** The server's statuses for a state of the seeded world (project with sites A and B). */
function entries(s: State) {
  const project = { ...(projectActive(s) ? on('Morgan Manager') : off), active_sites: siteAActive(s) ? [siteA] : [] };
  return {
    project: entry(project),
    A: entry(siteAActive(s) ? on('Vic Viewer') : off),
    B: entry(off),
  };
}

const PERMS = ['view', 'evacuate'];

function derive(s: State, scope: CoverageInput['scope'], which: 'A' | 'B' | 'project', permissions: string[] | null = PERMS) {
  const e = entries(s);
  const site = which === 'project' ? undefined : { uuid: which === 'A' ? SITE_A : SITE_B, name: which === 'A' ? 'Antwerp' : 'Brussels' };
  return deriveCoverage({
    scope,
    uuid: scope === 'project' ? PROJECT : scope === 'site' ? site!.uuid : SYSTEM,
    project: { uuid: PROJECT, name: 'Northwind', permissions: permissions ?? undefined },
    site,
    projectEntry: e.project,
    siteEntry: which === 'project' ? undefined : e[which],
    now: NOW,
  });
}

describe('deriveCoverage: every state × every place', () => {
  for (const s of STATES) {
    it(`project, ${s}`, () => {
      const c = derive(s, 'project', 'project');
      expect(c.phase).toBe('known');
      expect(c.evacuating).toBe(s !== 'none');
      expect(c.covered).toBe(projectActive(s) ? 'project' : 'none');
      expect(c.projectEvacuation).toEqual(
        projectActive(s) ? { since: '2026-11-23T14:32:00Z', by: 'Morgan Manager', mode: 'real', message: null } : undefined,
      );
      expect(c.activeSites.map((x) => x.name)).toEqual(siteAActive(s) ? ['Antwerp'] : []);
      if (siteAActive(s))
        expect(c.activeSites[0]!.abort).toEqual({ scope: 'site', uuid: SITE_A, action: 'abort', name: 'Antwerp', mode: 'real' });
      expect(c.actions).toEqual([
        projectActive(s)
          ? { scope: 'project', uuid: PROJECT, action: 'abort', name: 'Northwind', mode: 'real' }
          : { scope: 'project', uuid: PROJECT, action: 'start', name: 'Northwind' },
      ]);
      expect(c.lastEnded).toBe(s === 'none' ? '2026-11-20T08:00:00Z' : null);
      expect(c.confirmedAt).toBe(CHECKED);
      expect(c.unconfirmed).toBe(false);
    });

    for (const which of ['A', 'B'] as const) {
      it(`site ${which}, ${s}`, () => {
        const c = derive(s, 'site', which);
        const own = which === 'A' && siteAActive(s);
        const byProject = projectActive(s);
        expect(c.phase).toBe('known');
        expect(c.covered).toBe(own && byProject ? 'both' : byProject ? 'project' : own ? 'site' : 'none');
        expect(c.evacuating).toBe(own || byProject);
        expect(c.projectName).toBe('Northwind');
        expect(c.activeSites).toEqual([]);
        const actions = c.actions.map((a) => `${a.action} ${a.scope}`);
        // Covered by the whole project: abort that, never "start" the site's.
        if (byProject) expect(actions).toEqual(own ? ['abort project', 'abort site'] : ['abort project']);
        else expect(actions).toEqual([own ? 'abort site' : 'start site']);
      });

      it(`system of site ${which}, ${s}`, () => {
        const c = derive(s, 'system', which);
        const own = which === 'A' && siteAActive(s);
        expect(c.evacuating).toBe(own || projectActive(s));
        expect(c.covered).toBe(own && projectActive(s) ? 'both' : projectActive(s) ? 'project' : own ? 'site' : 'none');
        expect(c.siteName).toBe(which === 'A' ? 'Antwerp' : 'Brussels');
        expect(c.actions).toEqual([]); // shown only: actions are on the site's and project's pages
      });
    }
  }
});

describe('deriveCoverage: permission', () => {
  it('offers nothing without evacuate, and says so (denied), whatever the state', () => {
    for (const s of STATES) {
      for (const [scope, which] of [
        ['project', 'project'],
        ['site', 'A'],
        ['site', 'B'],
      ] as const) {
        const c = derive(s, scope, which, ['view']);
        expect(c.permission).toBe('denied');
        expect(c.actions).toEqual([]);
        expect(c.activeSites.every((x) => x.abort === undefined)).toBe(true);
        expect(c.evacuating).toBe(derive(s, scope, which).evacuating);
      }
    }
  });

  it('while the permissions load, offers the actions (the server decides)', () => {
    const c = derive('none', 'site', 'A', null);
    expect(c.permission).toBe('unknown');
    expect(c.actions.map((a) => a.action)).toEqual(['start']);
  });
});

describe('deriveCoverage: loading, unavailable, unconfirmed', () => {
  const base = (over: Partial<CoverageInput>): CoverageInput => ({
    scope: 'site',
    uuid: SITE_A,
    project: { uuid: PROJECT, name: 'Northwind', permissions: PERMS },
    site: { uuid: SITE_A, name: 'Antwerp' },
    projectEntry: entry(off),
    siteEntry: entry(off),
    now: NOW,
    ...over,
  });

  it('is loading until both statuses are in, and never calls a site calm on its own status alone', () => {
    const c = deriveCoverage(base({ projectEntry: { loading: true } }));
    expect(c.phase).toBe('loading');
    expect(c.actions).toEqual([]);
    expect(deriveCoverage(base({ project: { uuid: undefined } })).phase).toBe('loading');
  });

  it('shows an evacuation seen in either status at once, while the other loads', () => {
    const c = deriveCoverage(base({ siteEntry: { loading: true }, projectEntry: entry(on('M')) }));
    expect(c.phase).toBe('known');
    expect(c.covered).toBe('project');
    expect(c.actions.map((a) => `${a.action} ${a.scope}`)).toEqual(['abort project']);
  });

  it('is unavailable when a status never came and its load failed', () => {
    const c = deriveCoverage(base({ projectEntry: { loading: false, error: new Error('503') as never } }));
    expect(c.phase).toBe('unavailable');
    expect(c.actions).toEqual([]);
  });

  it('keeps the last confirmed state during short failures, then says it is unconfirmed (an evacuation stays one)', () => {
    const failing = (checkedAt: number, status: EvacuationStatus) => entry(status, { checkedAt, error: new Error('503') as never });
    const recent = deriveCoverage(base({ projectEntry: failing(NOW - UNCONFIRMED_AFTER_MS, on('M')) }));
    expect(recent.unconfirmed).toBe(false);
    const old = deriveCoverage(base({ projectEntry: failing(NOW - UNCONFIRMED_AFTER_MS - 1, on('M')) }));
    expect(old.unconfirmed).toBe(true);
    expect(old.evacuating).toBe(true);
    expect(old.covered).toBe('project');
    expect(old.confirmedAt).toBe(NOW - UNCONFIRMED_AFTER_MS - 1);
    const calm = deriveCoverage(base({ siteEntry: failing(NOW - 60_000, off) }));
    expect(calm.unconfirmed).toBe(true);
    expect(calm.evacuating).toBe(false);
  });

  it('is confirmed as of the older of the two statuses', () => {
    const c = deriveCoverage(
      base({ projectEntry: entry(off, { checkedAt: NOW - 4_000 }), siteEntry: entry(off, { checkedAt: NOW - 1_000 }) }),
    );
    expect(c.confirmedAt).toBe(NOW - 4_000);
  });

  it('reports an action under way on any status it depends on', () => {
    const c = deriveCoverage(base({ projectEntry: entry(off, { pending: 'start' }) }));
    expect(c.pending).toBe('start');
  });

  it('carries a drill and its reason to the state and to the End that ends it, and tells drills only from a real one', () => {
    const drill: EvacuationStatus = { ...on('M'), mode: 'drill', message: 'Yearly drill' };
    const c = deriveCoverage(base({ projectEntry: entry(drill), siteEntry: entry(off) }));
    expect(c.projectEvacuation).toMatchObject({ mode: 'drill', message: 'Yearly drill' });
    expect(c.actions).toEqual([expect.objectContaining({ action: 'abort', scope: 'project', mode: 'drill' })]);
    expect(onlyDrills(c)).toBe(true);
    const both = deriveCoverage(base({ projectEntry: entry(drill), siteEntry: entry({ ...on('V'), mode: 'real' }) }));
    expect(onlyDrills(both)).toBe(false);
    expect(onlyDrills(deriveCoverage(base({ projectEntry: entry(off), siteEntry: entry(off) })))).toBe(false);
  });
});

describe('statuses kept from an earlier visit (not answered on this one)', () => {
  const KEPT_AT = NOW - 3_600_000;
  const kept = (status: EvacuationStatus, extra: Partial<EvacuationEntry> = {}) =>
    entry(status, { checkedAt: KEPT_AT, kept: true, ...extra });
  const project = (projectEntry: EvacuationEntry, siteEntry?: EvacuationEntry, scope: CoverageInput['scope'] = 'project') =>
    deriveCoverage({
      scope,
      uuid: scope === 'project' ? PROJECT : SITE_A,
      project: { uuid: PROJECT, name: 'Northwind', permissions: PERMS },
      ...(scope === 'project' ? {} : { site: { uuid: SITE_A, name: 'Antwerp' } }),
      projectEntry,
      siteEntry,
      now: NOW,
    });

  it('claims no calm state from a kept inactive status: still checking, nothing offered', () => {
    const state = project(kept({ ...off, active_sites: [] }));
    expect(state.phase).toBe('loading');
    expect(state.evacuating).toBe(false);
    expect(state.lastEnded).toBeNull();
    expect(state.actions).toEqual([]);
    expect(state.kept).toBeUndefined();
  });

  it('tells a kept evacuation as what was, with when, and offers no action on it', () => {
    const state = project(kept({ ...on('Morgan Manager'), active_sites: [] }));
    expect(state.phase).toBe('loading');
    expect(state.evacuating).toBe(false);
    expect(state.projectEvacuation).toBeUndefined();
    expect(state.actions).toEqual([]);
    expect(state.kept).toEqual({ at: KEPT_AT, mode: 'real' });
    // A drill stays a drill; a project's site evacuating on its own counts too.
    expect(project(kept({ ...on('M'), mode: 'drill', active_sites: [] })).kept).toEqual({ at: KEPT_AT, mode: 'drill' });
    expect(project(kept({ ...off, active_sites: [siteA] })).kept).toEqual({ at: KEPT_AT, mode: 'real' });
  });

  it('a site: its own kept evacuation or its project’s, while the other is fresh and calm', () => {
    const site = project(entry({ ...off, active_sites: [] }), kept(on('Vic Viewer')), 'site');
    expect(site.phase).toBe('loading');
    expect(site.kept).toEqual({ at: KEPT_AT, mode: 'real' });
    expect(site.actions).toEqual([]);
  });

  it('the server’s answer wins: a fresh evacuation is known, and a kept one no longer told', () => {
    const fresh = project(entry({ ...on('Morgan Manager'), active_sites: [] }));
    expect(fresh.phase).toBe('known');
    expect(fresh.kept).toBeUndefined();
    // A fresh evacuation of the project beside a kept site status: known, the project's to end.
    const site = project(entry({ ...on('M'), active_sites: [] }), kept(off), 'site');
    expect(site.phase).toBe('known');
    expect(site.kept).toBeUndefined();
    expect(site.actions.map((a) => `${a.scope}:${a.action}`)).toEqual(['project:abort']);
  });

  it('when the check fails, the state is unavailable and the kept evacuation still told', () => {
    const error = { status: 503 } as EvacuationEntry['error'];
    const state = project(kept({ ...on('M'), active_sites: [] }, { error }));
    expect(state.phase).toBe('unavailable');
    expect(state.kept).toEqual({ at: KEPT_AT, mode: 'real' });
    expect(state.actions).toEqual([]);
  });
});
