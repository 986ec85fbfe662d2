import { afterEach, describe, expect, it, vi } from 'vitest';
import { $openIncidents } from '../inbox/open.ts';
import { keepAppBadge } from './badge.ts';

describe('the app badge', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('follows the open-incidents count, cleared at 0 and when the count is forgotten', async () => {
    const calls: string[] = [];
    vi.stubGlobal(
      'navigator',
      Object.assign(Object.create(navigator), {
        setAppBadge: async (n: number) => void calls.push(`set ${n}`),
        clearAppBadge: async () => void calls.push('clear'),
      }),
    );
    const stop = keepAppBadge();
    $openIncidents.set(19);
    $openIncidents.set(0);
    $openIncidents.set(3);
    $openIncidents.set(undefined);
    stop();
    $openIncidents.set(5);
    expect(calls).toEqual(['set 19', 'clear', 'set 3', 'clear']);
  });

  it('does nothing where the platform has no badging', () => {
    const stop = keepAppBadge();
    expect(() => $openIncidents.set(2)).not.toThrow();
    stop();
  });
});
