import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProjectSummary } from '../api/contract.ts';
import { $apiBase } from '../config/config.ts';
import { signOut } from '../session/session.ts';
import { $currentUser } from '../session/store.ts';
import { json, mockFetch, SAMPLE_USER } from '../../../test/unit/fetchMock.ts';
import { $toasts, dismissToast } from '../toasts/toasts.ts';
import { $projects, filterProjects, loadProjects, openProjects, projectList, warmProjects } from './projects.ts';

const project = (name: string, extra: Partial<ProjectSummary> = {}): ProjectSummary => ({
  uuid: `uuid-${name}`,
  name,
  permissions: ['view'],
  sites_count: 2,
  systems_count: 5,
  ...extra,
});

describe('projects list', () => {
  beforeEach(() => {
    $apiBase.set('https://api.vigil.test');
    $currentUser.set({ ...SAMPLE_USER, token: 'tok' });
  });
  afterEach(() => {
    signOut();
    for (const t of $toasts.get()) dismissToast(t.id);
  });

  it('loads GET /api/v2/projects once for concurrent callers', async () => {
    const m = mockFetch(() => json({ data: [project('Northwind', { evacuation_active: true })], meta: { total: 1 } }));
    await Promise.all([loadProjects(), loadProjects()]);
    expect(m.callsTo('/api/v2/projects')).toHaveLength(1);
    expect(m.calls[0]!.headers.get('Authorization')).toBe('Bearer tok');
    expect($projects.get().list?.status).toBe('ready');
    expect($projects.get().list?.data?.[0]?.evacuation_active).toBe(true);
  });

  it('keeps the list visible while refreshing', async () => {
    let resolve: (r: Response) => void = () => {};
    mockFetch(() => json({ data: [project('A')], meta: { total: 1 } }));
    await loadProjects();
    mockFetch(() => new Promise<Response>((r) => (resolve = r)));
    const refreshing = loadProjects();
    expect($projects.get().list?.status).toBe('ready');
    expect($projects.get().list?.data).toHaveLength(1);
    resolve(json({ data: [project('A'), project('B')], meta: { total: 2 } }));
    await refreshing;
    expect($projects.get().list?.data).toHaveLength(2);
  });

  it('toasts the docs/product.md#errors text on failure and keeps what it had', async () => {
    mockFetch(() => json({ data: [project('A')], meta: { total: 1 } }));
    await loadProjects();
    mockFetch(() => json({ errors: [{ message: 'boom' }] }, 500));
    await loadProjects();
    expect($projects.get().list?.status).toBe('failed');
    expect($projects.get().list?.data).toHaveLength(1);
    expect($toasts.get().map((t) => t.key)).toEqual(['core.toastErrors.loadProjects']);
  });

  it('does not toast a 401 (the session handles it)', async () => {
    mockFetch(() => json({ errors: [{ message: 'Unauthenticated.' }] }, 401));
    await loadProjects();
    expect($projects.get().list?.status).toBe('failed');
    expect($toasts.get()).toEqual([]);
  });

  it('the home page takes the load started for it while the user was validated: one request', async () => {
    const m = mockFetch(() => json({ data: [project('A')], meta: { total: 1 } }));
    warmProjects();
    await openProjects();
    expect(m.callsTo('/api/v2/projects')).toHaveLength(1);
    expect($projects.get().list?.data).toHaveLength(1);
  });

  it('the home page loads the list again each time it opens without a warm-up, even one loaded moments ago', async () => {
    const m = mockFetch(() => json({ data: [project('A')], meta: { total: 1 } }));
    await loadProjects();
    await openProjects();
    expect(m.callsTo('/api/v2/projects')).toHaveLength(2);
    // A warm-up is taken once: the next opening asks again.
    warmProjects();
    await openProjects();
    await openProjects();
    expect(m.callsTo('/api/v2/projects')).toHaveLength(4);
  });

  it('a second warm-up before the page opened is the first one: one request', async () => {
    const m = mockFetch(() => json({ data: [project('A')], meta: { total: 1 } }));
    warmProjects();
    await vi.waitFor(() => expect($projects.get().list?.status).toBe('ready'));
    warmProjects();
    await openProjects();
    expect(m.callsTo('/api/v2/projects')).toHaveLength(1);
    expect($projects.get().list?.data).toHaveLength(1);
  });

  it('a warm-up is forgotten on sign-out: the next user’s page asks again', async () => {
    const m = mockFetch(() => json({ data: [project('A')], meta: { total: 1 } }));
    warmProjects();
    await vi.waitFor(() => expect($projects.get().list?.status).toBe('ready'));
    signOut();
    $currentUser.set({ ...SAMPLE_USER, token: 'tok-2' });
    warmProjects();
    await openProjects();
    expect(m.callsTo('/api/v2/projects')).toHaveLength(2);
    expect($projects.get().list?.data).toHaveLength(1);
  });

  it('a warm-up too old for the opening page is not taken', async () => {
    const m = mockFetch(() => json({ data: [project('A')], meta: { total: 1 } }));
    const now = Date.now();
    const clock = vi.spyOn(Date, 'now').mockReturnValue(now);
    warmProjects();
    await vi.waitFor(() => expect($projects.get().list?.status).toBe('ready'));
    clock.mockReturnValue(now + 11_000);
    await openProjects();
    expect(m.callsTo('/api/v2/projects')).toHaveLength(2);
  });

  it('a warm-up that failed is quiet: the page asks again, and its failure is the one shown', async () => {
    const m = mockFetch(() => json({ errors: [{ message: 'boom' }] }, 500));
    warmProjects();
    await vi.waitFor(() => expect($projects.get().list?.status).toBe('failed'));
    expect($toasts.get()).toEqual([]);
    await openProjects();
    expect(m.callsTo('/api/v2/projects')).toHaveLength(2);
    expect($toasts.get().map((t) => t.key)).toEqual(['core.toastErrors.loadProjects']);
  });

  describe('a failed load shows its toast once, whatever the order of the loads', () => {
    /** Every request fails with a 500 when the test releases it, in the order sent. */
    function failingWhenReleased() {
      const waiting: (() => void)[] = [];
      const m = mockFetch(() => new Promise<Response>((resolve) => waiting.push(() => resolve(json({ errors: [] }, 500)))));
      const release = async () => {
        await vi.waitFor(() => expect(waiting.length).toBeGreaterThan(0));
        waiting.shift()!();
      };
      return { m, release };
    }
    const toastKeys = () => $toasts.get().map((t) => t.key);
    const settled = (promise: Promise<unknown>) => promise.catch(() => undefined);

    it('the warm-up failed, a quiet load (the Help menu) started, then the page opened', async () => {
      const { m, release } = failingWhenReleased();
      warmProjects();
      await release();
      await vi.waitFor(() => expect($projects.get().list?.status).toBe('failed'));
      const menu = settled(projectList.load('list', { quiet: true }));
      const opened = openProjects();
      await release();
      await Promise.all([opened, menu]);
      expect(m.callsTo('/api/v2/projects')).toHaveLength(2);
      expect($projects.get().list?.status).toBe('failed');
      expect(toastKeys()).toEqual(['core.toastErrors.loadProjects']);
    });

    it('the page opened while the warm-up was under way, and a quiet load joined its own', async () => {
      const { m, release } = failingWhenReleased();
      warmProjects();
      const opened = openProjects();
      await release();
      const menu = settled(projectList.load('list', { quiet: true }));
      await release();
      await Promise.all([opened, menu]);
      expect(m.callsTo('/api/v2/projects')).toHaveLength(2);
      expect(toastKeys()).toEqual(['core.toastErrors.loadProjects']);
    });

    it('the page opened before the warm-up, which joined its load', async () => {
      const { m, release } = failingWhenReleased();
      const opened = openProjects();
      warmProjects();
      await release();
      await opened;
      expect(m.callsTo('/api/v2/projects')).toHaveLength(1);
      expect($projects.get().list?.status).toBe('failed');
      expect(toastKeys()).toEqual(['core.toastErrors.loadProjects']);
    });

    it('a retry that joins a quiet load under way shows its failure, once', async () => {
      const { release } = failingWhenReleased();
      const opened = openProjects();
      await release();
      await opened;
      for (const t of $toasts.get()) dismissToast(t.id);
      const menu = settled(projectList.load('list', { quiet: true }));
      const retried = loadProjects();
      await release();
      await Promise.all([retried, menu]);
      expect($projects.get().list?.status).toBe('failed');
      expect(toastKeys()).toEqual(['core.toastErrors.loadProjects']);
    });

    it('a quiet load alone stays quiet', async () => {
      const { release } = failingWhenReleased();
      const menu = settled(projectList.load('list', { quiet: true }));
      await release();
      await menu;
      expect($projects.get().list?.status).toBe('failed');
      expect(toastKeys()).toEqual([]);
    });
  });

  it('is cleared on sign-out', async () => {
    mockFetch(() => json({ data: [project('A')], meta: { total: 1 } }));
    await loadProjects();
    signOut();
    expect($projects.get().list).toBeUndefined();
  });
});

describe('filterProjects', () => {
  const list = [project('Northwind Logistics'), project('Atlas Data Centres'), project('Société Générale Liège')];

  it('returns everything for an empty query', () => {
    expect(filterProjects(list, '  ')).toHaveLength(3);
  });

  it('matches every word, case- and accent-insensitively', () => {
    expect(filterProjects(list, 'north').map((p) => p.name)).toEqual(['Northwind Logistics']);
    expect(filterProjects(list, 'DATA atlas').map((p) => p.name)).toEqual(['Atlas Data Centres']);
    expect(filterProjects(list, 'societe liege').map((p) => p.name)).toEqual(['Société Générale Liège']);
    expect(filterProjects(list, 'north atlas')).toEqual([]);
  });
});
