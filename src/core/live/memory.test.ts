import { afterEach, describe, expect, it, vi } from 'vitest';
import { missedSince, readCursor, remember, writeCursor } from './memory.ts';
import { IDLE, type LiveState } from './state.ts';

const streaming = (streamSince: number | undefined): LiveState => ({ ...IDLE, mode: 'stream', streamSince });

afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
});

describe('what a late tab missed', () => {
  it('is what changed since its start when the stream covered that time', () => {
    vi.useFakeTimers({ now: 10_000 });
    let recent = remember([], ['incidents']);
    vi.setSystemTime(20_000);
    recent = remember(recent, ['evacuation', 'incidents']);
    expect(missedSince(streaming(5_000), recent, 15_000)).toEqual(['evacuation', 'incidents']);
    expect(missedSince(streaming(5_000), recent, 9_000)).toEqual(['incidents', 'evacuation']);
  });

  it('is everything when the stream started after the tab did, and nothing without a stream', () => {
    const recent = remember([], ['systems']);
    expect(missedSince(streaming(Date.now()), recent, Date.now() - 1000)).toEqual(['resync']);
    expect(missedSince(streaming(undefined), recent, Date.now())).toEqual(['resync']);
    expect(missedSince({ ...IDLE, mode: 'polling' }, recent, 0)).toEqual([]);
  });

  it('forgets changes older than a minute', () => {
    vi.useFakeTimers({ now: 0 });
    let recent = remember([], ['incidents']);
    vi.setSystemTime(61_000);
    recent = remember(recent, ['systems']);
    expect(recent.map((r) => r.topics)).toEqual([['systems']]);
  });
});

describe('the stream cursor', () => {
  it('is taken over while fresh, per user, and not after a minute', () => {
    vi.useFakeTimers({ now: 1_000_000 });
    writeCursor('ann', '42');
    expect(readCursor('ann')).toBe('42');
    expect(readCursor('bob')).toBeUndefined();
    vi.setSystemTime(1_000_000 + 60_000);
    expect(readCursor('ann')).toBeUndefined();
  });

  it('ignores what is not a cursor', () => {
    localStorage.setItem('vigil.live.cursor.ann', JSON.stringify({ id: '1; drop', at: Date.now() }));
    expect(readCursor('ann')).toBeUndefined();
    localStorage.setItem('vigil.live.cursor.ann', '{not json');
    expect(readCursor('ann')).toBeUndefined();
    writeCursor('ann', undefined);
    expect(localStorage.getItem('vigil.live.cursor.ann')).toBe('{not json');
  });
});
