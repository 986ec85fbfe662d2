import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { User } from '../api/contract.ts';
import { isStoredUser } from './store.ts';

// The contract's definition of a stored user; the store checks it by hand (no valibot up front).
const StoredUser = v.looseObject({ ...User.entries, token: v.pipe(v.string(), v.minLength(1)), api_origin: v.optional(v.string()) });

const valid = {
  uuid: 'u-1',
  username: 'ann',
  name: 'Ann',
  email: 'ann@vigil.test',
  locale: 'en',
  terms_accepted_web_portal: true,
  token: 'tok',
  api_origin: 'https://api.vigil.test',
};

function samples(): unknown[] {
  const out: unknown[] = [valid, { ...valid, extra: 1 }, null, undefined, 'text', 42, [], [valid]];
  const without = (k: string) => Object.fromEntries(Object.entries(valid).filter(([key]) => key !== k));
  // Every key of the contract's User (a new one the hand check does not know fails here).
  for (const key of new Set([...Object.keys(User.entries), 'token', 'api_origin'])) {
    out.push(without(key));
    for (const wrong of ['', 'x', 0, 1, true, false, null, {}, []]) out.push({ ...valid, [key]: wrong });
  }
  return out;
}

describe('isStoredUser', () => {
  it('accepts exactly what the contract calls a stored user', () => {
    for (const sample of samples()) expect([sample, isStoredUser(sample)]).toEqual([sample, v.is(StoredUser, sample)]);
  });

  it('accepts a signed-in user and refuses one without a token', () => {
    expect(isStoredUser(valid)).toBe(true);
    expect(isStoredUser({ ...valid, token: '' })).toBe(false);
  });
});
