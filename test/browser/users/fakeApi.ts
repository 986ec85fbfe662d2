/**
 * An in-page stand-in for the demo API, enough for `<vigil-project-users>`: the session
 * calls, one project and its members. Tests change `state` to make calls fail.
 */
import type { ProjectUser } from '../../../src/core/api/contract.ts';
import { USER, json } from '../helpers/api.ts';

export const PROJECT = '10000000-0000-4000-8000-000000000001';
export const ME = { ...USER, uuid: 'u-me' };

export interface FakeState {
  permissions: string[];
  users: ProjectUser[];
  /** Answer the next call with this method on the users path with this status and errors. */
  failNext?: { method: string; status: number; errors?: { message: string; field?: string }[] };
  calls: { method: string; path: string; body: unknown }[];
  /** The project's two-step requirement for evacuations (GET …/security); unset: 404. */
  requireTwoStep?: boolean;
}

export function freshState(): FakeState {
  return {
    permissions: ['view', 'manage users', 'evacuate', 'edit schedules'],
    users: [
      {
        uuid: 'u-me',
        name: 'Morgan Manager',
        email: 'manager@vigil.test',
        permissions: ['view', 'manage users', 'evacuate', 'edit schedules'],
      },
      {
        uuid: 'u-sofie',
        name: 'Sofie Peeters',
        email: 'sofie.peeters@northwind.example',
        permissions: ['view', 'evacuate', 'edit schedules'],
      },
      { uuid: 'u-tom', name: 'Tom Becker', email: 'tom.becker@northwind.example', permissions: ['view'] },
      { uuid: 'u-vic', name: 'Vic Viewer', email: 'a.viewer@vigil.test', permissions: ['view', 'evacuate'] },
    ],
    calls: [],
  };
}

export function fakeFetch(state: FakeState): typeof fetch {
  return async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input instanceof Request ? input.url : input), location.href);
    const method = (init.method ?? 'GET').toUpperCase();
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : undefined;
    const path = url.pathname;
    state.calls.push({ method, path, body });
    if (path === '/api/v2/user') return json({ data: ME });
    if (path === '/auth/jwt') return json({});
    if (path === '/api/v2/notifications') return json({ data: [], meta: { total: 0 } });
    if (path === `/api/v2/projects/${PROJECT}`)
      return json({ data: { uuid: PROJECT, name: 'Northwind Logistics', permissions: state.permissions, sites: [] } });
    if (path === `/api/v2/projects/${PROJECT}/security` && state.requireTwoStep !== undefined)
      return json({ data: { require_mfa_for_evacuate: state.requireTwoStep } });
    const users = `/api/v2/projects/${PROJECT}/users`;
    if (path.startsWith(users)) {
      const fail = state.failNext;
      if (fail && fail.method === method) {
        state.failNext = undefined;
        return json({ errors: fail.errors ?? [{ message: 'Server error' }] }, fail.status);
      }
      if (!state.permissions.includes('manage users')) return json({ errors: [{ message: 'This action is unauthorized.' }] }, 403);
      const id = path.slice(users.length + 1);
      if (method === 'GET') return json({ data: state.users });
      if (method === 'POST') {
        const user = { uuid: `u-${state.users.length + 1}`, ...body } as ProjectUser;
        state.users.push(user);
        return json({ data: user }, 201);
      }
      const index = state.users.findIndex((u) => u.uuid === id);
      if (index < 0) return json({ errors: [{ message: 'Project user not found.' }] }, 404);
      if (method === 'PATCH') {
        state.users[index] = { ...state.users[index]!, ...(body as Partial<ProjectUser>) };
        return json({ data: state.users[index] });
      }
      if (method === 'DELETE') {
        state.users.splice(index, 1);
        return json(null, 204);
      }
    }
    return json({ errors: [{ message: 'Not found.' }] }, 404);
  };
}
