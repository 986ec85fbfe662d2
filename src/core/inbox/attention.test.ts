import { describe, expect, it } from 'vitest';
import type { Incident } from '../api/contract.ts';
import { compareAttention, openIncidentsPath } from './attention.ts';
import { filterQuery, parseFilterQuery } from './filters.ts';

const incident = (uuid: string, severity: Incident['severity'], occurred_at: string, handled_by: string | null = null): Incident => ({
  uuid,
  title: uuid,
  description: '',
  occurred_at,
  severity,
  site: null,
  system: null,
  media: [],
  handled_by,
});

describe('compareAttention', () => {
  it('orders open before handled, worst severity first, newest first within one, handled newest first', () => {
    const rows = [
      incident('handled-new-critical', 'critical', '2026-03-09T00:00:00Z', 'jane'),
      incident('open-low-new', 'low', '2026-03-08T00:00:00Z'),
      incident('open-critical-old', 'critical', '2025-01-01T00:00:00Z'),
      incident('handled-old', 'low', '2026-01-01T00:00:00Z', 'jane'),
      incident('open-high', 'high', '2026-03-01T00:00:00Z'),
      incident('open-critical-new', 'critical', '2026-03-07T00:00:00Z'),
      incident('open-medium', 'medium', '2026-02-01T00:00:00Z'),
    ];
    expect([...rows].sort(compareAttention).map((r) => r.uuid)).toEqual([
      'open-critical-new',
      'open-critical-old',
      'open-high',
      'open-medium',
      'open-low-new',
      'handled-new-critical',
      'handled-old',
    ]);
  });
});

describe('openIncidentsPath', () => {
  it('links to the inbox list of exactly the open incidents counted, in the inbox filter names', () => {
    expect(openIncidentsPath()).toBe('/inbox?open=1');
    expect(openIncidentsPath({ project: 'p-1' })).toBe('/inbox?project=p-1&open=1');
    const site = new URL(openIncidentsPath({ site: 'site-1' }), 'https://portal.test');
    expect(site.pathname).toBe('/inbox');
    expect(parseFilterQuery(site.searchParams)).toEqual({ filters: { site: 'site-1', open: true }, rejected: [] });
    const both = openIncidentsPath({ project: 'p-1', site: 'site-1' });
    expect(both).toBe(`/inbox?${new URLSearchParams(filterQuery({ project: 'p-1', site: 'site-1', open: true }))}`);
  });
});
