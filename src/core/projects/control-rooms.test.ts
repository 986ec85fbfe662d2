import { describe, expect, it } from 'vitest';
import type { ProjectSummary } from '../api/contract.ts';
import { controlRooms } from './control-rooms.ts';

const project = (name: string, control_room?: { name: string; phone: string }): ProjectSummary => ({
  uuid: `10000000-0000-4000-8000-00000000000${name.length % 10}`,
  name,
  permissions: ['view'],
  sites_count: 1,
  systems_count: 1,
  ...(control_room ? { control_room } : {}),
});

describe('controlRooms', () => {
  it('lists each room once, with the projects it watches, in the list’s order, and a dialable link', () => {
    const antwerp = { name: 'Vigil control room Antwerp', phone: '+32 3 555 01 23' };
    const liege = { name: 'Vigil control room Liège', phone: '+32 4 555 02 34' };
    expect(controlRooms([project('Northwind', antwerp), project('Atlas', liege), project('Harbour', antwerp), project('Old')])).toEqual([
      { ...antwerp, href: 'tel:+3235550123', projects: ['Northwind', 'Harbour'] },
      { ...liege, href: 'tel:+3245550234', projects: ['Atlas'] },
    ]);
  });

  it('has nothing to call before the list is known', () => {
    expect(controlRooms(undefined)).toEqual([]);
    expect(controlRooms([])).toEqual([]);
  });
});
