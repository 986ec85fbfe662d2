import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/client.ts';
import { invitationProblem, validateAcceptance } from './invitation.ts';

describe('validateAcceptance', () => {
  it('holds a new password to the reset rule, typed twice, and needs the terms', () => {
    expect(validateAcceptance({ password: '', password_confirmation: '', accept_terms: false }, true)).toEqual({
      password: { key: 'auth.errors.passwordRequired' },
      accept_terms: { key: 'auth.invitation.termsRequired' },
    });
    expect(validateAcceptance({ password: 'short', password_confirmation: 'short', accept_terms: true }, true)).toEqual({
      password: { key: 'auth.errors.passwordTooShort', params: { min: 8 } },
    });
    expect(validateAcceptance({ password: 'long enough', password_confirmation: 'other', accept_terms: true }, true)).toEqual({
      password_confirmation: { key: 'auth.errors.confirmationMismatch' },
    });
    expect(validateAcceptance({ password: 'long enough', password_confirmation: 'long enough', accept_terms: true }, true)).toEqual({});
  });

  it("asks only for an account's own password to be there", () => {
    expect(validateAcceptance({ password: 'x', accept_terms: true }, false)).toEqual({});
  });
});

describe('invitationProblem', () => {
  it('tells unknown, expired, used and failed apart', () => {
    expect(invitationProblem(new ApiError('http', 404, []))).toBe('notFound');
    expect(invitationProblem(new ApiError('http', 410, [{ message: 'gone', code: 'invitation_expired' }]))).toBe('expired');
    expect(invitationProblem(new ApiError('http', 410, [{ message: 'gone', code: 'invitation_used' }]))).toBe('used');
    expect(invitationProblem(new ApiError('http', 500, []))).toBe('failed');
    expect(invitationProblem(new Error('offline'))).toBe('failed');
  });
});
