import { describe, expect, it } from 'vitest';
import { activityQuery, activitySearch, readActivitySearch } from './filters.ts';

describe('activity filters in the address', () => {
  it('reads what it can and drops the rest', () => {
    expect(
      readActivitySearch({ category: 'schedule', actor: ' Morgan Manager ', from: '2026-11-01', to: '2026-11-30', page: '3' }),
    ).toEqual({
      category: 'schedule',
      actor: 'Morgan Manager',
      from: '2026-11-01',
      to: '2026-11-30',
      page: 3,
    });
    expect(readActivitySearch({ category: 'drop table', from: '2026-13-01', to: 'x', page: '-1' })).toEqual({});
    // A range that ends before it starts keeps its start.
    expect(readActivitySearch({ from: '2026-11-10', to: '2026-11-01' })).toEqual({ from: '2026-11-10' });
  });

  it('writes the address and the API query', () => {
    const f = { category: 'user' as const, actor: 'Vic', from: '2026-11-01', page: 1 };
    expect(activitySearch(f)).toEqual({ category: 'user', actor: 'Vic', from: '2026-11-01' });
    const q = activityQuery(f);
    expect(q.type).toBe('user');
    expect(q.actor).toBe('Vic');
    expect(Date.parse(q.from!)).not.toBeNaN();
  });
});
