import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ProjectUser } from '../api/contract.ts';
import { $apiBase } from '../config/config.ts';
import { projectCache } from '../resources/resources.ts';
import { $currentUser, signOut } from '../session/session.ts';
import { json, mockFetch, SAMPLE_USER } from '../../../test/unit/fetchMock.ts';
import { $toasts } from '../toasts/toasts.ts';
import { $projectUsers, addProjectUser, isForbidden, loadProjectUsers, removeProjectUser, updateProjectUser } from './users.ts';

const P = '10000000-0000-4000-8000-000000000001';
const BASE = `/api/v2/projects/${P}/users`;
const me: ProjectUser = { uuid: 'u-me', name: 'Morgan Manager', email: SAMPLE_USER.email, permissions: ['view', 'manage users'] };
const sofie: ProjectUser = { uuid: 'u-sofie', name: 'Sofie Peeters', email: 'sofie@example.com', permissions: ['view'] };
const PROJECT = { uuid: P, name: 'Northwind', permissions: ['view', 'manage users'], sites: [] };

const toastKeys = () => $toasts.get().map((t) => `${t.type}:${t.key}`);

function events(target: EventTarget) {
  const seen: unknown[] = [];
  target.addEventListener('vigil-project-user-changed', (e) => seen.push((e as CustomEvent).detail));
  return seen;
}

async function seed(users: ProjectUser[] = [me, sofie]) {
  mockFetch(() => json({ data: users }));
  await loadProjectUsers(P);
}

describe('project users store and actions', () => {
  beforeEach(() => {
    $apiBase.set('https://api.vigil.test');
    $currentUser.set({ ...SAMPLE_USER, token: 'secret-token' });
    $projectUsers.set({});
    $toasts.set([]);
    projectCache.clear();
  });
  afterEach(() => {
    $currentUser.set(null);
    $toasts.set([]);
  });

  it('loads the members once for concurrent callers and keeps them page-wide', async () => {
    const m = mockFetch(() => json({ data: [me, sofie] }));
    const [a, b] = await Promise.all([loadProjectUsers(P), loadProjectUsers(P)]);
    expect(m.callsTo(BASE)).toHaveLength(1);
    expect(m.calls[0]!.method).toBe('GET');
    expect(a).toEqual([me, sofie]);
    expect(b).toBe(a);
    const entry = $projectUsers.get()[P]!;
    expect(entry.status).toBe('ready');
    expect(entry.data!.map((u) => u.name)).toEqual(['Morgan Manager', 'Sofie Peeters']);
    expect(entry.loadedAt).toBeGreaterThan(0);
  });

  it('shows the docs/product.md#errors toast when loading fails, and keeps what was shown', async () => {
    await seed();
    mockFetch(() => json({ errors: [{ message: 'boom' }] }, 500));
    expect(await loadProjectUsers(P)).toBeNull();
    expect(toastKeys()).toEqual(['error:core.toastErrors.loadProjectUsers']);
    expect($projectUsers.get()[P]).toMatchObject({ status: 'failed', data: [me, sofie] });
  });

  it('treats 403 as "no permission" (no toast) and 404 as a missing project', async () => {
    mockFetch(() => json({ errors: [{ message: 'This action is unauthorized.' }] }, 403));
    await loadProjectUsers(P);
    expect($projectUsers.get()[P]).toMatchObject({ status: 'missing', error: { status: 403 } });
    expect(isForbidden($projectUsers.get()[P])).toBe(true);
    mockFetch(() => json({ errors: [{ message: 'Project not found.' }] }, 404));
    await loadProjectUsers(P);
    expect($projectUsers.get()[P]).toMatchObject({ status: 'missing', error: { status: 404 } });
    expect(isForbidden($projectUsers.get()[P])).toBe(false);
    expect(toastKeys()).toEqual([]);
  });

  it('validates a new user before sending anything', async () => {
    const m = mockFetch(() => json({}, 500));
    const r = await addProjectUser(P, { email: 'nope', name: '', permissions: ['view'] });
    expect(r).toEqual({
      ok: false,
      fieldErrors: { email: { key: 'users.validation.emailInvalid' }, name: { key: 'users.validation.nameRequired' } },
    });
    expect(m.calls).toHaveLength(0);
  });

  it('adds a user: POSTs the trimmed body, lists the answer, toasts and fires the event', async () => {
    await seed();
    const added: ProjectUser = { uuid: 'u-new', name: 'Ann Smith', email: 'ann@example.com', permissions: ['view', 'evacuate'] };
    const m = mockFetch(() => json({ data: added }, 201));
    const target = new EventTarget();
    const seen = events(target);
    const r = await addProjectUser(P, { email: ' ann@example.com ', name: 'Ann Smith ', permissions: ['view', 'evacuate'] }, { target });
    expect(r).toEqual({ ok: true, value: added });
    expect(m.calls[0]).toMatchObject({
      method: 'POST',
      body: { email: 'ann@example.com', name: 'Ann Smith', permissions: ['view', 'evacuate'] },
    });
    expect(m.calls[0]!.url.pathname).toBe(BASE);
    expect($projectUsers.get()[P]!.data!.map((u) => u.uuid)).toEqual(['u-me', 'u-sofie', 'u-new']);
    expect(seen).toEqual([{ project: P, user: 'u-new', change: 'added' }]);
    expect(toastKeys()).toEqual(['success:users.toasts.added']);
  });

  it("puts the server's field errors on the fields, without an error toast", async () => {
    await seed();
    mockFetch(() => json({ errors: [{ field: 'email', message: 'This user is already a member of the project.' }] }, 422));
    const r = await addProjectUser(P, { email: 'sofie@example.com', name: 'Sofie', permissions: ['view'] });
    expect(r).toEqual({ ok: false, fieldErrors: { email: { key: 'users.validation.alreadyMember' } } });
    expect(toastKeys()).toEqual([]);
    expect($projectUsers.get()[P]!.data!).toHaveLength(2);
  });

  it('toasts the action failure when the server gives no field to blame', async () => {
    await seed();
    mockFetch(() => new Response('bad gateway', { status: 502 }));
    expect(await addProjectUser(P, { email: 'a@b.example', name: 'A', permissions: [] })).toEqual({ ok: false, fieldErrors: {} });
    mockFetch(() => json({ data: 'not a user' }));
    await updateProjectUser(P, 'u-sofie', { name: 'S' });
    mockFetch(() => json({ errors: [{ message: 'Server error' }] }, 500));
    await removeProjectUser(P, 'u-sofie');
    expect(toastKeys()).toEqual(['error:users.errors.add', 'error:users.errors.edit', 'error:users.errors.remove']);
  });

  it('edits a user with PATCH and replaces it in the list', async () => {
    await seed();
    const changed = { ...sofie, name: 'Sofie P.', permissions: ['view', 'evacuate'] };
    const m = mockFetch(() => json({ data: changed }));
    const target = new EventTarget();
    const seen = events(target);
    const r = await updateProjectUser(P, 'u-sofie', { name: 'Sofie P.', permissions: ['view', 'evacuate'] }, { target });
    expect(r.ok).toBe(true);
    expect(m.calls[0]).toMatchObject({ method: 'PATCH', body: { name: 'Sofie P.', permissions: ['view', 'evacuate'] } });
    expect(m.calls[0]!.url.pathname).toBe(`${BASE}/u-sofie`);
    expect($projectUsers.get()[P]!.data![1]).toEqual(changed);
    expect(seen).toEqual([{ project: P, user: 'u-sofie', change: 'updated' }]);
  });

  it('sends nothing when the changes leave the member as they are, and says so', async () => {
    await seed();
    const m = mockFetch(() => json({ data: sofie }));
    const target = new EventTarget();
    const seen = events(target);
    // the same name (after trimming) and the same permissions in any order
    const r = await updateProjectUser(P, 'u-me', { name: ' Morgan Manager ', permissions: ['manage users', 'view'] }, { target });
    expect(r).toEqual({ ok: true, value: me });
    expect(m.calls).toHaveLength(0);
    expect(seen).toEqual([]);
    expect(toastKeys()).toEqual(['info:users.toasts.unchanged']);
    // one real change is sent
    await updateProjectUser(P, 'u-sofie', { name: 'Sofie Peeters', permissions: ['view', 'evacuate'] });
    expect(m.calls).toHaveLength(1);
  });

  it('reloads the project after the signed-in user changed their own permissions', async () => {
    await seed();
    const m = mockFetch((call) => {
      if (call.method === 'PATCH') return json({ data: { ...me, permissions: ['view'] } });
      if (call.url.pathname === '/api/v2/user') return json({ data: SAMPLE_USER });
      return json({ data: { ...PROJECT, permissions: ['view'] } });
    });
    await updateProjectUser(P, 'u-me', { permissions: ['view'] });
    await expect.poll(() => projectCache.peek(P)?.permissions).toEqual(['view']);
    expect(m.callsTo(`/api/v2/projects/${P}`)).toHaveLength(1);
    expect(m.callsTo('/api/v2/user')).toHaveLength(1); // the stored user (name) is refreshed too
  });

  it('keeps the form values out of the store when an edit is refused on a field', async () => {
    await seed();
    mockFetch(() => json({ errors: [{ field: 'permissions', message: 'A project needs at least one user who can manage users.' }] }, 422));
    const r = await updateProjectUser(P, 'u-me', { permissions: ['view'] });
    expect(r).toEqual({ ok: false, fieldErrors: { permissions: { key: 'users.validation.lastManager' } } });
    expect($projectUsers.get()[P]!.data![0]).toEqual(me);
  });

  it('removes a user with DELETE (204) and fires the event', async () => {
    await seed();
    const m = mockFetch(() => new Response(null, { status: 204 }));
    const target = new EventTarget();
    const seen = events(target);
    expect(await removeProjectUser(P, 'u-sofie', { target })).toEqual({ ok: true, value: null });
    expect(m.calls[0]!.method).toBe('DELETE');
    expect(m.calls[0]!.url.pathname).toBe(`${BASE}/u-sofie`);
    expect($projectUsers.get()[P]!.data!.map((u) => u.uuid)).toEqual(['u-me']);
    expect(seen).toEqual([{ project: P, user: 'u-sofie', change: 'removed' }]);
    expect(toastKeys()).toEqual(['success:users.toasts.removed']);
  });

  it('treats a member that is already gone as removed', async () => {
    await seed();
    mockFetch(() => json({ errors: [{ message: 'Project user not found.' }] }, 404));
    expect((await removeProjectUser(P, 'u-sofie')).ok).toBe(true);
    expect($projectUsers.get()[P]!.data!.map((u) => u.uuid)).toEqual(['u-me']);
  });

  it("returns the server's refusal of a removal as a form message", async () => {
    await seed();
    mockFetch(() => json({ errors: [{ field: 'user', message: 'A project needs at least one user who can manage users.' }] }, 422));
    expect(await removeProjectUser(P, 'u-me')).toEqual({ ok: false, fieldErrors: {}, formError: { key: 'users.validation.lastManager' } });
    expect(toastKeys()).toEqual([]);
  });

  it('says a refusal of this change only (a 403 with a code) on the form, keeping the list', async () => {
    await seed();
    const text = 'You can only take away permissions you hold yourself.';
    mockFetch(() => json({ errors: [{ message: text, code: 'permission_not_held' }] }, 403));
    expect(await removeProjectUser(P, 'u-sofie')).toEqual({ ok: false, fieldErrors: {}, formError: { text } });
    expect(isForbidden($projectUsers.get()[P])).toBe(false);
    expect($projectUsers.get()[P]!.data!.map((u) => u.uuid)).toEqual(['u-me', 'u-sofie']);
    expect(toastKeys()).toEqual([]);
  });

  it('shows the no-permission state when the permission was taken away meanwhile', async () => {
    await seed();
    mockFetch((call) =>
      call.method === 'POST' ? json({ errors: [{ message: 'This action is unauthorized.' }] }, 403) : json({ data: PROJECT }),
    );
    await addProjectUser(P, { email: 'a@b.example', name: 'A', permissions: [] });
    expect(isForbidden($projectUsers.get()[P])).toBe(true);
    expect(toastKeys()).toEqual(['error:users.errors.add']);
  });

  it('forgets every list on sign-out', async () => {
    await seed();
    signOut();
    expect($projectUsers.get()).toEqual({});
  });
});
