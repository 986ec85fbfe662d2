import { describe, expect, it } from 'vitest';
import { entryIndex, stampCurrentEntry, withStampedEntry } from './history-index.ts';

describe('history positions', () => {
  it('stamps the first entry 0, keeps a stamp it finds (a reload), and keeps other state', () => {
    history.replaceState({ other: 'x' }, '', '/a');
    stampCurrentEntry();
    expect(entryIndex()).toBe(0);
    expect(history.state).toMatchObject({ other: 'x' });
    history.replaceState({ vigilHistoryIndex: 4 }, '', '/a');
    stampCurrentEntry();
    expect(entryIndex()).toBe(4);
    expect(location.pathname).toBe('/a');
  });

  it('a pushed entry is one further, a replaced one keeps the position, no new entry changes nothing', () => {
    history.replaceState({ vigilHistoryIndex: 2 }, '', '/a');
    withStampedEntry(false, () => history.pushState(null, '', '/b'));
    expect([location.pathname, entryIndex()]).toEqual(['/b', 3]);
    withStampedEntry(true, () => history.replaceState(null, '', '/c'));
    expect([location.pathname, entryIndex()]).toEqual(['/c', 3]);
    withStampedEntry(false, () => undefined); // the router made no entry (same URL)
    expect(entryIndex()).toBe(3);
  });

  it('reads only integer stamps', () => {
    expect(entryIndex(null)).toBeNull();
    expect(entryIndex({ vigilHistoryIndex: '1' })).toBeNull();
    expect(entryIndex({ vigilHistoryIndex: 1.5 })).toBeNull();
    expect(entryIndex({ vigilHistoryIndex: 7 })).toBe(7);
  });
});
