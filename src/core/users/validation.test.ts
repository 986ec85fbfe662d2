import { describe, expect, it } from 'vitest';
import { validateChanges, validateNewUser } from './body-checks.ts';
import { serverFieldErrors, serverMessage } from './validation.ts';

describe('project user validation (contract Bodies)', () => {
  it('accepts a valid new user and trims what it sends', () => {
    const r = validateNewUser({ email: '  ann@example.com ', name: '  Ann Smith ', permissions: ['view', 'evacuate'] });
    expect(r).toEqual({ ok: true, value: { email: 'ann@example.com', name: 'Ann Smith', permissions: ['view', 'evacuate'] } });
  });

  it('puts each problem on its own field, as a translatable message', () => {
    const r = validateNewUser({ email: 'not-an-address', name: '   ', permissions: ['view'] });
    expect(r).toEqual({
      ok: false,
      fieldErrors: { email: { key: 'users.validation.emailInvalid' }, name: { key: 'users.validation.nameRequired' } },
    });
  });

  it('tells an empty e-mail from a malformed one, and a too long name from a missing one', () => {
    const r = validateNewUser({ email: '', name: 'x'.repeat(121), permissions: [] });
    expect(r).toEqual({
      ok: false,
      fieldErrors: { email: { key: 'users.validation.emailRequired' }, name: { key: 'users.validation.nameTooLong' } },
    });
  });

  it('refuses a permission the contract does not know', () => {
    const r = validateNewUser({ email: 'a@b.example', name: 'A', permissions: ['view', 'launch rockets'] });
    expect(r).toEqual({ ok: false, fieldErrors: { permissions: { key: 'users.validation.permissionsInvalid' } } });
  });

  it('validates only the changed fields of an edit', () => {
    expect(validateChanges({ permissions: ['view'] })).toEqual({ ok: true, value: { permissions: ['view'] } });
    expect(validateChanges({ name: ' Bo ' })).toEqual({ ok: true, value: { name: 'Bo' } });
    expect(validateChanges({ name: '' })).toEqual({ ok: false, fieldErrors: { name: { key: 'users.validation.nameRequired' } } });
  });

  it('maps the server field errors to the form, translating the texts it knows', () => {
    const r = serverFieldErrors([
      { field: 'email', message: 'This user is already a member of the project.' },
      { field: 'name', message: 'Name is odd.' },
      { field: 'name', message: 'A second name error is not shown.' },
      { field: 'user', message: 'A project needs at least one user who can manage users.' },
      { message: 'Something else.' },
    ]);
    expect(r.fieldErrors).toEqual({ email: { key: 'users.validation.alreadyMember' }, name: { text: 'Name is odd.' } });
    expect(r.other).toEqual([{ key: 'users.validation.lastManager' }, { text: 'Something else.' }]);
    expect(serverMessage('permissions.1 Invalid type')).toEqual({ text: 'permissions.1 Invalid type' });
  });
});
