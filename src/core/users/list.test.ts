import { describe, expect, it } from 'vitest';
import type { ProjectUser } from '../api/contract.ts';
import { DEFAULT_SORT, filterUsers, nextSort, sortUsers } from './list.ts';

const u = (name: string, email: string): ProjectUser => ({ uuid: email, name, email, permissions: [] });
const users = [
  u('zoë Adams', 'zoe@b.example'),
  u('Émile Martin', 'emile@a.example'),
  u('Anna Berg', 'berg@a.example'),
  u('anna Berg', 'anna@c.example'),
];

describe('users list: sort and search', () => {
  it('sorts by name in the language collation (case and accents do not split), then by e-mail', () => {
    expect(sortUsers(users, DEFAULT_SORT).map((x) => x.email)).toEqual([
      'anna@c.example',
      'berg@a.example',
      'emile@a.example',
      'zoe@b.example',
    ]);
  });

  it('sorts by e-mail, both directions', () => {
    expect(sortUsers(users, { key: 'email', direction: 'ascending' }).map((x) => x.email)).toEqual([
      'anna@c.example',
      'berg@a.example',
      'emile@a.example',
      'zoe@b.example',
    ]);
    expect(sortUsers(users, { key: 'email', direction: 'descending' })[0]!.email).toBe('zoe@b.example');
  });

  it('flips the direction on the same column and starts ascending on another', () => {
    expect(nextSort(DEFAULT_SORT, 'name')).toEqual({ key: 'name', direction: 'descending' });
    expect(nextSort({ key: 'name', direction: 'descending' }, 'email')).toEqual({ key: 'email', direction: 'ascending' });
  });

  it('finds by name or e-mail, without case or accents, every word', () => {
    expect(filterUsers(users, 'emile').map((x) => x.name)).toEqual(['Émile Martin']);
    expect(filterUsers(users, 'ZOE').map((x) => x.name)).toEqual(['zoë Adams']);
    expect(filterUsers(users, '@a.example').length).toBe(2);
    expect(filterUsers(users, 'BERG').length).toBe(2);
    expect(filterUsers(users, 'anna c.example').map((x) => x.email)).toEqual(['anna@c.example']);
    expect(filterUsers(users, '   ')).toHaveLength(4);
    expect(filterUsers(users, 'nobody')).toEqual([]);
  });
});
