import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/client.ts';
import authDe from '../../features/auth/messages/de.json';
import authEn from '../../features/auth/messages/en.json';
import authEs from '../../features/auth/messages/es.json';
import authFr from '../../features/auth/messages/fr.json';
import authIt from '../../features/auth/messages/it.json';
import authNl from '../../features/auth/messages/nl.json';
import { registerBundledMessages } from '../i18n/i18n.ts';
import {
  checkEmail,
  hasErrors,
  PASSWORD_MIN,
  serverErrors,
  tooManyAttempts,
  validateForgot,
  validateLogin,
  validateReset,
} from './forms.ts';

describe('checkEmail', () => {
  it('needs an address', () => {
    expect(checkEmail('')).toEqual({ key: 'auth.errors.emailRequired' });
    expect(checkEmail('   ')).toEqual({ key: 'auth.errors.emailRequired' });
  });
  it.each(['manager', 'manager@', '@vigil.test', 'a b@vigil.test', 'manager@vigil'])('rejects %j', (value) => {
    expect(checkEmail(value)).toEqual({ key: 'auth.errors.emailInvalid' });
  });
  it.each(['manager@vigil.test', ' manager@vigil.test ', 'first.last+tag@example.co.uk'])('accepts %j', (value) => {
    expect(checkEmail(value)).toBeNull();
  });
});

describe('validateLogin', () => {
  it('passes a complete form', () => {
    expect(validateLogin({ email: 'manager@vigil.test', password: 'x' })).toEqual({});
  });
  it('names every missing or bad field', () => {
    expect(validateLogin({ email: 'nope', password: '' })).toEqual({
      email: { key: 'auth.errors.emailInvalid' },
      password: { key: 'auth.errors.passwordRequired' },
    });
  });
  it('does not apply the length rule to sign-in (old passwords still work)', () => {
    expect(validateLogin({ email: 'manager@vigil.test', password: 'short' })).toEqual({});
  });
});

describe('validateForgot', () => {
  it('checks the address only', () => {
    expect(validateForgot({ email: '' })).toEqual({ email: { key: 'auth.errors.emailRequired' } });
    expect(validateForgot({ email: 'manager@vigil.test' })).toEqual({});
  });
});

describe('validateReset', () => {
  const ok = { email: 'manager@vigil.test', password: 'long enough', password_confirmation: 'long enough' };
  it('passes a complete form', () => {
    expect(validateReset(ok)).toEqual({});
    expect(hasErrors(validateReset(ok))).toBe(false);
  });
  it(`needs at least ${PASSWORD_MIN} characters`, () => {
    expect(PASSWORD_MIN).toBe(8);
    const seven = 'x'.repeat(PASSWORD_MIN - 1);
    expect(validateReset({ ...ok, password: seven, password_confirmation: seven }).password).toEqual({
      key: 'auth.errors.passwordTooShort',
      params: { min: 8 },
    });
    const eight = 'x'.repeat(PASSWORD_MIN);
    expect(validateReset({ ...ok, password: eight, password_confirmation: eight })).toEqual({});
  });
  it('needs a matching confirmation', () => {
    expect(validateReset({ ...ok, password_confirmation: 'long enougH' })).toEqual({
      password_confirmation: { key: 'auth.errors.confirmationMismatch' },
    });
  });
  it('names a missing password and a bad address', () => {
    const errors = validateReset({ email: 'x', password: '', password_confirmation: '' });
    expect(errors).toEqual({ email: { key: 'auth.errors.emailInvalid' }, password: { key: 'auth.errors.passwordRequired' } });
    expect(hasErrors(errors)).toBe(true);
  });
});

describe('serverErrors', () => {
  it("puts the server's field errors on the form's fields and keeps the rest for the form", () => {
    const error = new ApiError('http', 422, [
      { field: 'token', message: 'This password reset token is invalid or has expired.' },
      { field: 'password', message: 'password must be at least 8 characters' },
      { field: 'password', message: 'second message of the same field' },
      { message: 'Something else.' },
    ]);
    expect(serverErrors(error, ['email', 'password', 'password_confirmation'])).toEqual({
      fields: { password: { text: 'password must be at least 8 characters' } },
      form: ['This password reset token is invalid or has expired.', 'Something else.'],
    });
  });
  it('gives the generic message when the server sent no errors list', () => {
    expect(serverErrors(new ApiError('network', 0, []), ['email'])).toEqual({
      fields: {},
      form: ['Something went wrong. Please try again or contact our support'],
    });
  });
});

describe('too many attempts (429)', () => {
  // The auth feature's English, as the portal bundles it.
  registerBundledMessages('auth', authEn);
  const limited = (retryAfter?: number) =>
    new ApiError('http', 429, [{ message: 'Too many attempts. Try again in 15 minutes.' }], retryAfter);

  it('says how long to wait, from Retry-After: seconds under a minute, else minutes rounded up', () => {
    expect(tooManyAttempts(limited(1))).toBe('Too many attempts. Try again in 1 second.');
    expect(tooManyAttempts(limited(4))).toBe('Too many attempts. Try again in 4 seconds.');
    expect(tooManyAttempts(limited(59))).toBe('Too many attempts. Try again in 59 seconds.');
    expect(tooManyAttempts(limited(60))).toBe('Too many attempts. Try again in 1 minute.');
    expect(tooManyAttempts(limited(61))).toBe('Too many attempts. Try again in 2 minutes.');
    expect(tooManyAttempts(limited(300))).toBe('Too many attempts. Try again in 5 minutes.');
    // No Retry-After: no made-up number.
    expect(tooManyAttempts(limited())).toBe('Too many attempts. Wait a moment, then try again.');
  });

  it('is one form message, no field errors; other failures are left alone', () => {
    expect(serverErrors(limited(120), ['email', 'password'])).toEqual({ fields: {}, form: ['Too many attempts. Try again in 2 minutes.'] });
    expect(tooManyAttempts(new ApiError('http', 422, [{ field: 'email', message: 'x' }]))).toBeUndefined();
    expect(tooManyAttempts(new ApiError('network', 0, []))).toBeUndefined();
  });

  it('every catalogue has both forms with the count', () => {
    for (const catalogue of [authEn, authDe, authFr, authNl, authIt, authEs]) {
      expect(catalogue.errors.tooManyAttempts_one).toContain('{{count}}');
      expect(catalogue.errors.tooManyAttempts_other).toContain('{{count}}');
      expect(catalogue.errors.tooManyAttemptsSeconds_one).toContain('{{count}}');
      expect(catalogue.errors.tooManyAttemptsSeconds_other).toContain('{{count}}');
      expect(catalogue.errors.tooManyAttemptsLater).toBeTruthy();
    }
  });
});
