/**
 * An invitation's link (docs/invitations.md): what it invites to, and accepting it. Only
 * the invitation page's code carries this. Accepting signs the person in as a sign-in does
 * (core/session/sign-in.ts `signedIn`), or answers the challenge of the code step when the
 * account has two-step sign-in on.
 */
import * as Answers from '../api/answer-names.ts';
import type { CurrentUser, Invitation, MfaChallenge, User } from '../api/contract.ts';
import { isApiError, request } from '../api/client.ts';
import { $language } from '../i18n/languages.ts';
import { deviceName, signedIn } from '../session/sign-in.ts';
import { PASSWORD_MIN, type FieldErrors } from './forms.ts';

const path = (token: string) => `/api/v2/invitations/${encodeURIComponent(token)}`;

/** Why a link cannot be used: unknown or replaced (404), expired or used (410), or it could not be read. */
export type InvitationProblem = 'notFound' | 'expired' | 'used' | 'failed';

/** The problem a failed call of the link reports. */
export function invitationProblem(e: unknown): InvitationProblem {
  if (!isApiError(e) || e.kind !== 'http') return 'failed';
  if (e.status === 404) return 'notFound';
  if (e.status === 410) return e.errors[0]?.code === 'invitation_expired' ? 'expired' : 'used';
  return 'failed';
}

/** What the link invites to. Throws the client's ApiError. */
export async function openInvitation(token: string, signal?: AbortSignal): Promise<Invitation> {
  const { data } = await request('GET', path(token), 'invitation', {
    anonymous: true,
    query: { locale: $language.get() },
    ...(signal && { signal }),
  });
  return data;
}

export type AcceptField = 'password' | 'password_confirmation' | 'accept_terms';

export interface AcceptInput {
  password: string;
  /** Only when choosing a new password. */
  password_confirmation?: string;
  accept_terms: boolean;
}

/**
 * The form's own checks before sending: a new password follows the reset's rule and is
 * typed twice; the account's own password only needs to be there; the terms are accepted.
 */
export function validateAcceptance(input: AcceptInput, newPassword: boolean): FieldErrors<AcceptField> {
  const errors: FieldErrors<AcceptField> = {};
  if (!input.password) errors.password = { key: 'auth.errors.passwordRequired' };
  else if (newPassword && input.password.length < PASSWORD_MIN)
    errors.password = { key: 'auth.errors.passwordTooShort', params: { min: PASSWORD_MIN } };
  if (newPassword && input.password && input.password_confirmation !== input.password)
    errors.password_confirmation = { key: 'auth.errors.confirmationMismatch' };
  if (!input.accept_terms) errors.accept_terms = { key: 'auth.invitation.termsRequired' };
  return errors;
}

/** Accepts: the signed-in user, or the challenge of the code step. Throws the client's ApiError. */
export async function acceptInvitation(token: string, password: string): Promise<CurrentUser | MfaChallenge> {
  const { data } = await request('POST', `${path(token)}/accept`, Answers.login, {
    anonymous: true,
    query: { locale: $language.get() },
    body: { password, accept_terms: true, device_name: deviceName() },
  });
  return 'challenge' in data ? (data as MfaChallenge) : signedIn(data as User);
}
