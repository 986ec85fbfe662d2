import { describe, expect, it } from 'vitest';
import type { Incident } from '../api/contract.ts';
import { SITE_OPEN_SHOWN, SITE_RECENT_SHOWN, splitSiteIncidents } from './siteIncidents.ts';

const incident = (n: number, handled: boolean): Incident => ({
  uuid: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  title: `Incident ${n}`,
  description: '',
  occurred_at: new Date(Date.UTC(2026, 10, 28) - n * 3_600_000).toISOString(),
  severity: 'high',
  site: { uuid: '20000000-0000-4000-8000-000000000005', name: 'Newark Data Hall', timezone: 'America/New_York' },
  system: null,
  media: [],
  handled_by: handled ? 'manager' : null,
});

describe('splitSiteIncidents', () => {
  it('lists the open ones first with their total, then only handled ones of the recent answer', () => {
    const open = [incident(1, false), incident(3, false)];
    const recent = [incident(1, false), incident(2, true), incident(3, false), incident(4, true)];
    const split = splitSiteIncidents(open, 7, recent);
    expect(split.open.map((i) => i.title)).toEqual(['Incident 1', 'Incident 3']);
    expect(split.openTotal).toBe(7);
    expect(split.handled.map((i) => i.title)).toEqual(['Incident 2', 'Incident 4']);
  });

  it('keeps each list short', () => {
    const many = (handled: boolean) => Array.from({ length: 12 }, (_, i) => incident(i + 1, handled));
    const split = splitSiteIncidents(many(false), 12, many(true));
    expect(split.open).toHaveLength(SITE_OPEN_SHOWN);
    expect(split.handled).toHaveLength(SITE_RECENT_SHOWN);
  });
});
