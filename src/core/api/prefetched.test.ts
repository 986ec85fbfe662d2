// The portal page's inline head script (demo/portal-early.js) hands its early answers over
// by the same rules as the element loaders (elements/loader/boot.test.ts holds theirs).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { json, mockFetch } from '../../../test/unit/fetchMock.ts';
import { freshPage } from '../../../test/unit/fresh-page.ts';
import { EARLY, TOLD, type TakeEarly } from './prefetched.ts';

const SCRIPT = readFileSync(join(import.meta.dirname, '../../../demo/portal-early.js'), 'utf8');
const BASE = 'https://api.vigil.test';
const PROJECTS = `${BASE}/api/v2/projects`;
const headers: RequestInit = { method: 'GET', headers: { Authorization: 'Bearer secret', Accept: 'application/json' } };

async function loadPortalPage(): Promise<{ take: TakeEarly; dispatchTopics: (topics: ['systems']) => void }> {
  freshPage();
  (window as unknown as Record<symbol, unknown>)[Symbol.for('vigil.prefetched.store.v1')] = undefined;
  localStorage.setItem('auth.currentUser', JSON.stringify({ token: 'secret', api_base: BASE, terms_accepted_web_portal: true }));
  history.replaceState(null, '', '/');
  // The script as the page's head runs it.
  new Function(SCRIPT)();
  const { shared } = await import('../shared.ts');
  const { dispatchTopics } = await import('../live/topics.ts');
  const take = shared<TakeEarly | undefined>(EARLY, () => undefined);
  if (!take) throw new Error('the head script left no early answers');
  return { take, dispatchTopics };
}

describe('the portal page’s early answers', () => {
  afterEach(() => {
    localStorage.removeItem('auth.currentUser');
  });

  it('hands the home’s projects to the very same request once', async () => {
    mockFetch(() => json({ data: ['early'] }));
    const { take } = await loadPortalPage();
    expect(await (await take(PROJECTS, headers)!).json()).toEqual({ data: ['early'] });
    expect(take(PROJECTS, headers)).toBeUndefined();
  });

  it('hands over nothing asked for before a change the live channel told of since', async () => {
    mockFetch(() => json({ data: ['early'] }));
    const { take, dispatchTopics } = await loadPortalPage();
    // A system went offline after the projects (and their health) were asked for.
    dispatchTopics(['systems']);
    const { shared } = await import('../shared.ts');
    expect(shared<Map<string, number>>(TOLD, () => new Map()).get('systems')).toBeGreaterThan(0);
    expect(take(PROJECTS, headers)).toBeUndefined();
  });
});
