import { describe, expect, it } from 'vitest';
import type { Incident } from '../api/contract.ts';
import {
  apiFilterQuery,
  dayEnd,
  dayStart,
  filterQuery,
  hasFilters,
  matchesFilters,
  parseFilterQuery,
  sameFilters,
  withFilterQuery,
} from './filters.ts';

const incident = (change: Partial<Incident> = {}): Incident => ({
  uuid: 'i-1',
  title: 'Gate forced',
  description: '',
  occurred_at: new Date(2026, 2, 10, 12, 0).toISOString(),
  severity: 'high',
  site: { uuid: 'site-1', name: 'Antwerp' },
  system: { uuid: 'sys-1', name: 'Docks' },
  media: [],
  handled_by: null,
  ...change,
});

describe('URL → filters', () => {
  it('reads the project a health count links to, and writes it back first', () => {
    expect(parseFilterQuery({ project: 'p-1', open: '1' })).toEqual({ filters: { project: 'p-1', open: true }, rejected: [] });
    expect(parseFilterQuery({ project: 'p 1' })).toEqual({ filters: {}, rejected: ['project'] });
    expect(withFilterQuery('', { open: true, project: 'p-1' })).toBe('?project=p-1&open=1');
    expect(apiFilterQuery({ project: 'p-1' })['filter[project]']).toBe('p-1');
  });

  it('reads every filter of a shared URL', () => {
    const { filters, rejected } = parseFilterQuery(
      new URLSearchParams('site=site-1&system=sys-1&severity=high&from=2026-03-01&to=2026-03-31&open=1'),
    );
    expect(filters).toEqual({ site: 'site-1', system: 'sys-1', severity: 'high', from: '2026-03-01', to: '2026-03-31', open: true });
    expect(rejected).toEqual([]);
  });

  it('reads a plain object (the router’s search) and ignores parameters that are not filters', () => {
    expect(parseFilterQuery({ open: 'true', page: '3', utm: 'x' })).toEqual({ filters: { open: true }, rejected: [] });
  });

  it('takes open=0 or false as "all", not as an error', () => {
    expect(parseFilterQuery({ open: '0' })).toEqual({ filters: {}, rejected: [] });
    expect(parseFilterQuery({ open: 'false' })).toEqual({ filters: {}, rejected: [] });
  });

  it('drops every value it cannot read and names it, keeping the good ones', () => {
    const { filters, rejected } = parseFilterQuery(
      new URLSearchParams('site=<script>&system=a%20b&severity=urgent&from=yesterday&to=2026-02-30&open=maybe&severity=low'),
    );
    expect(filters).toEqual({});
    expect(rejected.sort()).toEqual(['from', 'open', 'severity', 'site', 'system', 'to']);
    expect(parseFilterQuery({ site: 'site-1', from: '2026-13-01' })).toEqual({ filters: { site: 'site-1' }, rejected: ['from'] });
  });

  it('drops the end of a range that ends before it starts', () => {
    expect(parseFilterQuery({ from: '2026-03-10', to: '2026-03-01' })).toEqual({ filters: { from: '2026-03-10' }, rejected: ['to'] });
    expect(parseFilterQuery({ from: '2026-03-10', to: '2026-03-10' }).rejected).toEqual([]);
  });

  it('never throws, whatever the query', () => {
    for (const q of ['%', 'site=%E0%A4%A', '&&&=', 'from=9999999-01-01', `site=${'a'.repeat(500)}`]) {
      expect(() => parseFilterQuery(new URLSearchParams(q))).not.toThrow();
    }
    expect(parseFilterQuery({ site: 'a'.repeat(65) }).rejected).toEqual(['site']);
  });
});

describe('filters → URL', () => {
  it('writes only what is set, and reads back the same', () => {
    const filters = { site: 'site-1', open: true, from: '2026-03-01' };
    expect(filterQuery(filters)).toEqual({ site: 'site-1', from: '2026-03-01', open: '1' });
    expect(parseFilterQuery(filterQuery(filters)).filters).toEqual(filters);
    expect(filterQuery({ open: false })).toEqual({});
  });

  it('replaces the filter parameters of a query and keeps the others', () => {
    expect(withFilterQuery('?x=1&site=old&open=1', { system: 'sys-2' })).toBe('?x=1&system=sys-2');
    expect(withFilterQuery('?site=old', {})).toBe('');
  });

  it('compares and detects filters by their meaning', () => {
    expect(sameFilters({ open: false }, {})).toBe(true);
    expect(sameFilters({ site: 'a' }, { site: 'b' })).toBe(false);
    expect(hasFilters({ open: false })).toBe(false);
    expect(hasFilters({ to: '2026-03-01' })).toBe(true);
  });
});

describe('filters → API', () => {
  it('sends whole local days as ISO date-times, both ends inclusive', () => {
    const q = apiFilterQuery({ from: '2026-03-01', to: '2026-03-02', open: true, site: 's', system: 'y', severity: 'low' });
    expect(q).toEqual({
      'filter[severity]': 'low',
      'filter[site]': 's',
      'filter[system]': 'y',
      'filter[from]': new Date(2026, 2, 1).toISOString(),
      'filter[to]': new Date(2026, 2, 3, 0, 0, 0, -1).toISOString(),
      'filter[open]': 'true',
    });
    expect(Date.parse(dayEnd('2026-03-02')) - Date.parse(dayStart('2026-03-02'))).toBeGreaterThan(22 * 3600_000);
    expect(apiFilterQuery({})).toEqual(expect.not.objectContaining({ 'filter[open]': expect.anything() }));
  });
});

describe('matchesFilters', () => {
  it('holds only when every filter holds', () => {
    expect(matchesFilters(incident(), {})).toBe(true);
    expect(matchesFilters(incident(), { site: 'site-1', system: 'sys-1', severity: 'high', open: true })).toBe(true);
    expect(matchesFilters(incident(), { site: 'site-2' })).toBe(false);
    expect(matchesFilters(incident({ system: null }), { system: 'sys-1' })).toBe(false);
    expect(matchesFilters(incident({ handled_by: 'jane' }), { open: true })).toBe(false);
    expect(matchesFilters(incident(), { from: '2026-03-10', to: '2026-03-10' })).toBe(true);
    expect(matchesFilters(incident(), { from: '2026-03-11' })).toBe(false);
    expect(matchesFilters(incident(), { to: '2026-03-09' })).toBe(false);
  });
});
