/**
 * Client-side checks of the sign-in, forgot-password and reset-password forms (docs/product.md#session
 * leaves the rules open; the contract fixes them: a valid e-mail address, a password of at
 * least PASSWORD_MIN characters, a matching confirmation). Forms check before sending, so
 * the user sees the problem at once; the server checks again and its field errors are
 * shown on the same fields (`mergeFieldErrors`).
 *
 * Errors are message keys of the `auth` namespace, translated when shown.
 */
import * as v from 'valibot';
import { PASSWORD_MIN } from '../api/constants.ts';
import type { ApiError } from '../api/client.ts';
import { tKey } from '../i18n/i18n.ts';

export { PASSWORD_MIN };

export type FieldError =
  | { key: 'auth.errors.emailRequired' }
  | { key: 'auth.errors.emailInvalid' }
  | { key: 'auth.errors.passwordRequired' }
  | { key: 'auth.errors.passwordTooShort'; params: { min: number } }
  | { key: 'auth.errors.confirmationMismatch' }
  | { key: 'auth.invitation.termsRequired' }
  /** A message from the server, shown as given. */
  | { text: string };

export type FieldErrors<F extends string> = Partial<Record<F, FieldError>>;

const EMAIL_CHECK = v.pipe(v.string(), v.email());

export function checkEmail(value: string): FieldError | null {
  const email = value.trim();
  if (!email) return { key: 'auth.errors.emailRequired' };
  return v.is(EMAIL_CHECK, email) ? null : { key: 'auth.errors.emailInvalid' };
}

/** Sign-in: any non-empty password (the server says whether it is right). */
export function validateLogin(input: { email: string; password: string }): FieldErrors<'email' | 'password'> {
  const errors: FieldErrors<'email' | 'password'> = {};
  const email = checkEmail(input.email);
  if (email) errors.email = email;
  if (!input.password) errors.password = { key: 'auth.errors.passwordRequired' };
  return errors;
}

export function validateForgot(input: { email: string }): FieldErrors<'email'> {
  const email = checkEmail(input.email);
  return email ? { email } : {};
}

export type ResetField = 'email' | 'password' | 'password_confirmation';

export function validateReset(input: { email: string; password: string; password_confirmation: string }): FieldErrors<ResetField> {
  const errors: FieldErrors<ResetField> = {};
  const email = checkEmail(input.email);
  if (email) errors.email = email;
  if (!input.password) errors.password = { key: 'auth.errors.passwordRequired' };
  else if (input.password.length < PASSWORD_MIN) errors.password = { key: 'auth.errors.passwordTooShort', params: { min: PASSWORD_MIN } };
  if (input.password && input.password_confirmation !== input.password)
    errors.password_confirmation = { key: 'auth.errors.confirmationMismatch' };
  return errors;
}

export function hasErrors(errors: Record<string, unknown>): boolean {
  return Object.values(errors).some(Boolean);
}

/**
 * "Too many attempts. Try again in N seconds / minutes." for a 429, from `Retry-After`
 * (seconds under a minute, else whole minutes rounded up), in the user's language; when
 * the server did not say, "wait a moment". Undefined for any other failure.
 */
export function tooManyAttempts(error: ApiError): string | undefined {
  if (error.kind !== 'http' || error.status !== 429) return undefined;
  const seconds = error.retryAfter;
  if (seconds === undefined) return tKey('auth.errors.tooManyAttemptsLater');
  if (seconds < 60) return tKey('auth.errors.tooManyAttemptsSeconds', { count: Math.max(1, Math.ceil(seconds)) });
  return tKey('auth.errors.tooManyAttempts', { count: Math.ceil(seconds / 60) });
}

/**
 * Splits a server failure into errors on the form's own fields and what is left for the
 * form-level message (errors without a field, or on a field the form does not have). Too
 * many attempts is one form message ({@link tooManyAttempts}); the fields keep their values.
 */
export function serverErrors<F extends string>(error: ApiError, fields: readonly F[]): { fields: FieldErrors<F>; form: string[] } {
  const wait = tooManyAttempts(error);
  if (wait) return { fields: {}, form: [wait] };
  const byField = error.fieldErrors();
  const out: FieldErrors<F> = {};
  const form: string[] = [];
  for (const [field, message] of Object.entries(byField)) {
    if ((fields as readonly string[]).includes(field)) out[field as F] = { text: message };
    else form.push(message);
  }
  for (const e of error.errors) if (!e.field) form.push(e.message);
  return { fields: out, form: [...new Set(form)] };
}
