/**
 * An in-page stand-in for the demo API, enough for the projects and live-view elements:
 * the session calls, the projects list, one project / site / system, camera frames (real
 * JPEGs of changing colours, so canvases really change) and the public demo live view.
 * Tests change `state` to make calls fail.
 */
import type { Incident, Project, ProjectSummary, Site, System } from '../../../src/core/api/contract.ts';
import { USER, json } from '../helpers/api.ts';

export const PROJECT = '10000000-0000-4000-8000-000000000001';
export const SITE = '20000000-0000-4000-8000-000000000001';
export const SYSTEM = '30000000-0000-4000-8000-000000000001';
export const DEMO = '00000000-0000-4000-8000-000000000001';
export const MISSING = '99999999-0000-4000-8000-000000000009';
export const ME = { ...USER, uuid: 'u-me' };

export interface Call {
  method: string;
  path: string;
  url: string;
  authorization: string | null;
}

export interface FakeState {
  projects: ProjectSummary[];
  permissions: string[];
  online: boolean;
  cameras: number;
  /** Evacuation of the project active (and of the site). */
  evacuating: boolean;
  /** Media uuids that answer 500 (or this status). */
  brokenMedia: Map<string, number>;
  /** Media uuids whose frames carry this `X-Frame-Time` (null: none) instead of now. */
  frameTimes: Map<string, string | null>;
  /** Answer these paths with this status. */
  failPaths: Map<string, number>;
  calls: Call[];
}

export const summary = (i: number, extra: Partial<ProjectSummary> = {}): ProjectSummary => ({
  uuid: `10000000-0000-4000-8000-0000000001${String(i).padStart(2, '0')}`,
  name: `Project ${i}`,
  permissions: ['view'],
  sites_count: i,
  systems_count: i * 2,
  ...extra,
});

export function freshState(): FakeState {
  return {
    projects: [
      summary(1, {
        uuid: PROJECT,
        name: 'Northwind Logistics',
        description: 'Warehousing in Flanders',
        sites_count: 3,
        systems_count: 8,
        evacuation_active: true,
      }),
      summary(2, { name: 'Atlas Data Centres', sites_count: 2, systems_count: 5 }),
    ],
    permissions: ['view', 'manage users'],
    online: true,
    cameras: 2,
    evacuating: false,
    brokenMedia: new Map(),
    frameTimes: new Map(),
    failPaths: new Map(),
    calls: [],
  };
}

const cameraUuid = (i: number) => `60000000-0000-4000-8000-0000000000${String(i).padStart(2, '0')}`;

function system(state: FakeState): System {
  return {
    uuid: SYSTEM,
    name: 'Dock cameras',
    type: 'UFO',
    online: state.online,
    site_uuid: SITE,
    site: { uuid: SITE, name: 'Antwerp Port Warehouse' },
    project_uuid: PROJECT,
    cameras: Array.from({ length: state.cameras }, (_, i) => ({
      uuid: cameraUuid(i + 1),
      name: `Loading dock ${i + 1}`,
      media_url: `/api/v2/media/${cameraUuid(i + 1)}`,
    })),
  };
}

function site(state: FakeState): Site {
  const days = [
    [{ from: '18:00', to: '07:00' }],
    [
      { from: '08:00', to: '12:00' },
      { from: '13:00', to: '18:00' },
    ],
    [],
    [],
    [],
    [],
    [{ from: '00:00', to: '24:00' }],
  ];
  return {
    uuid: SITE,
    name: 'Antwerp Port Warehouse',
    address: 'Noorderlaan 120, 2030 Antwerpen',
    timezone: 'Europe/Brussels',
    project_uuid: PROJECT,
    project: { uuid: PROJECT, name: 'Northwind Logistics', permissions: state.permissions },
    systems: [
      system(state),
      { ...system(state), uuid: '30000000-0000-4000-8000-000000000002', name: 'Roof terrace', online: false, cameras: [] },
    ],
    schedule: { timezone: 'Europe/Brussels', days },
  };
}

/** At the site: an open break-in and a handled alarm, in the site's zone. */
function siteIncidents(): Incident[] {
  const base = {
    description: '',
    site: { uuid: SITE, name: 'Antwerp Port Warehouse', timezone: 'Europe/Brussels' },
    system: null,
    media: [],
  };
  return [
    {
      ...base,
      uuid: '40000000-0000-4000-8000-000000000001',
      title: 'Forced door at the dock',
      occurred_at: '2026-11-27T09:15:00Z',
      severity: 'high',
      handled_by: null,
    },
    {
      ...base,
      uuid: '40000000-0000-4000-8000-000000000002',
      title: 'Alarm test',
      occurred_at: '2026-11-26T08:00:00Z',
      severity: 'low',
      handled_by: 'manager',
    },
  ];
}

function project(state: FakeState): Project {
  return {
    uuid: PROJECT,
    name: 'Northwind Logistics',
    description: 'Warehousing in Flanders',
    permissions: state.permissions,
    sites: [site(state)],
  };
}

let frameNo = 0;
/** A small JPEG of a new colour every call. */
async function jpeg(): Promise<Blob> {
  const canvas = new OffscreenCanvas(64, 36);
  const ctx = canvas.getContext('2d')!;
  frameNo++;
  ctx.fillStyle = `hsl(${(frameNo * 47) % 360} 80% 50%)`;
  ctx.fillRect(0, 0, 64, 36);
  return canvas.convertToBlob({ type: 'image/jpeg', quality: 0.9 });
}

const notFound = () => json({ errors: [{ message: 'Not found.' }] }, 404);

export function fakeFetch(state: FakeState): typeof fetch {
  return async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input instanceof Request ? input.url : input), location.href);
    const method = (init.method ?? 'GET').toUpperCase();
    const path = url.pathname;
    const headers = new Headers(init.headers);
    state.calls.push({ method, path, url: url.href, authorization: headers.get('Authorization') });
    if (init.signal?.aborted) throw new DOMException('Aborted', 'AbortError');
    const fail = state.failPaths.get(path);
    if (fail) return json({ errors: [{ message: 'Server error' }] }, fail);
    if (path === '/api/v2/user') return json({ data: ME });
    if (path === '/auth/jwt') return json({});
    if (path === '/api/v2/notifications') return json({ data: [], meta: { total: 0 } });
    if (path.startsWith('/i18n/messages/')) return json({}, 404);
    if (path === '/api/v2/projects') return json({ data: state.projects, meta: { total: state.projects.length } });
    if (path === `/api/v2/projects/${PROJECT}`) return json({ data: project(state) });
    if (path === `/api/public/v2/projects/${PROJECT}/evacuation/status` || path === `/api/public/v2/sites/${SITE}/evacuation/status`) {
      const active = state.evacuating;
      return json({
        data: {
          status: active ? 'active' : 'inactive',
          started_at: active ? '2026-01-05T09:00:00Z' : null,
          started_by: active ? 'Morgan Manager' : null,
          aborted_at: null,
        },
      });
    }
    if (path === `/api/v2/sites/${SITE}`) return json({ data: site(state) });
    if (path === `/api/v2/systems/${SYSTEM}`) return json({ data: system(state) });
    if (path === '/api/v2/incidents') {
      // The site's incidents: one open, one handled (newest first), narrowed like the server.
      const all = url.searchParams.get('filter[site]') === SITE ? siteIncidents() : [];
      const list = url.searchParams.get('filter[open]') === 'true' ? all.filter((i) => i.handled_by === null) : all;
      return json({ data: list, meta: { total: list.length } });
    }
    if (path.startsWith('/api/v2/media/') || path.startsWith(`/api/public/v1/demo-live-views/${DEMO}/media/`)) {
      const uuid = path.split('/').pop()!;
      const broken = state.brokenMedia.get(uuid);
      if (broken) return json({ errors: [{ message: 'Media unavailable' }] }, broken);
      const time = state.frameTimes.has(uuid) ? state.frameTimes.get(uuid) : new Date(Math.floor(Date.now() / 1000) * 1000).toISOString();
      return new Response(await jpeg(), { headers: { 'Content-Type': 'image/jpeg', ...(time === null ? {} : { 'X-Frame-Time': time! }) } });
    }
    if (path === `/api/public/v1/demo-live-views/${DEMO}`) {
      return json({
        data: {
          uuid: DEMO,
          name: 'Harbour demo',
          system: {
            name: 'Demo harbour',
            online: true,
            cameras: [1, 2, 3].map((i) => ({
              uuid: cameraUuid(i),
              name: `Demo camera ${i}`,
              media_url: `/api/public/v1/demo-live-views/${DEMO}/media/${cameraUuid(i)}`,
            })),
          },
        },
      });
    }
    return notFound();
  };
}

export const callsTo = (state: FakeState, prefix: string) => state.calls.filter((c) => c.path.startsWith(prefix));
