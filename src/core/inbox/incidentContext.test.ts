import { describe, expect, it } from 'vitest';
import type { Incident } from '../api/contract.ts';
import { incidentContext, telHref } from './incidentContext.ts';

const base: Incident = {
  uuid: 'i',
  title: 't',
  description: '',
  occurred_at: '2026-01-01T00:00:00.000Z',
  severity: 'low',
  site: null,
  system: null,
  media: [],
  handled_by: null,
};

describe('incidentContext', () => {
  it('reads the project and its control room', () => {
    const incident = { ...base, project: { uuid: 'p', name: 'Northwind' }, control_room: { name: 'Desk', phone: '+32 3 555 01 23' } };
    expect(incidentContext(incident)).toEqual({
      project: { uuid: 'p', name: 'Northwind' },
      controlRoom: { name: 'Desk', phone: '+32 3 555 01 23' },
    });
  });

  it('gives nothing for fields that are missing or malformed (never a broken tel: link)', () => {
    expect(incidentContext(base)).toEqual({});
    expect(incidentContext({ ...base, control_room: { name: 'Desk', phone: 'javascript:alert(1)' } } as Incident)).toEqual({});
    expect(incidentContext({ ...base, control_room: { name: '', phone: '+32 3' } } as Incident)).toEqual({});
  });
});

describe('telHref', () => {
  it('keeps the digits and the leading +', () => {
    expect(telHref('+32 3 555 01 23')).toBe('tel:+3235550123');
    expect(telHref('+1 (212) 555-0147')).toBe('tel:+12125550147');
  });
});
