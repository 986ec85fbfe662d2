import { describe, expect, it } from 'vitest';
import { Incident, parse } from '../api/contract.ts';
import { telHref } from './tel.ts';

const base = {
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

describe("an incident's project and control room", () => {
  it('reads the project and its control room', () => {
    const incident = parse(Incident, {
      ...base,
      project: { uuid: 'p', name: 'Northwind' },
      control_room: { name: 'Desk', phone: '+32 3 555 01 23' },
    });
    expect(incident.project).toEqual({ uuid: 'p', name: 'Northwind' });
    expect(incident.control_room).toEqual({ name: 'Desk', phone: '+32 3 555 01 23' });
  });

  it('gives nothing for fields that are missing or malformed (never a broken tel: link), and keeps the incident', () => {
    for (const extra of [
      {},
      { control_room: { name: 'Desk', phone: 'javascript:alert(1)' } },
      { control_room: { name: '', phone: '+32 3' } },
      { project: 7 },
    ]) {
      const incident = parse(Incident, { ...base, ...extra });
      expect(incident.uuid).toBe('i');
      expect(incident.project).toBeUndefined();
      expect(incident.control_room).toBeUndefined();
    }
  });
});

describe('telHref', () => {
  it('keeps the digits and the leading +', () => {
    expect(telHref('+32 3 555 01 23')).toBe('tel:+3235550123');
    expect(telHref('+1 (212) 555-0147')).toBe('tel:+12125550147');
  });
});
