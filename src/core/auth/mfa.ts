/**
 * Two-step sign-in for the session (docs/product.md#two-step-sign-in): the code step of a
 * sign-in, and turning it on and off for the signed-in user. Loaded only by the screens
 * that need it (outside core/session, so no element's first load carries it).
 */
import { request } from '../api/client.ts';
import * as Mfa from './mfa-answers.ts';
import type { CurrentUser } from '../api/contract.ts';
import { $language } from '../i18n/languages.ts';
import { $currentUser, validateUser } from '../session/session.ts';
import { deviceName, signedIn } from '../session/sign-in.ts';

/** The error codes the server gives two-step failures. */
export const MFA_CHALLENGE_INVALID = 'mfa_challenge_invalid';
export const MFA_CODE_INVALID = 'mfa_code_invalid';

/** The second step: the challenge of the password step and a TOTP or recovery code. */
export async function loginWithCode(challenge: string, code: string): Promise<CurrentUser> {
  const { data } = await request('POST', '/api/v2/user/login/mfa', Mfa.loginMfa, {
    query: { locale: $language.get() },
    body: { challenge, code, device_name: deviceName() },
  });
  return signedIn(data);
}

/**
 * A new pending secret for the signed-in user, with the password again (the server refuses
 * a set-up without it; a wrong one is a 422 on the password field).
 */
export async function setupMfa(password: string): Promise<{ secret: string; otpauth_uri: string }> {
  return (await request('POST', '/api/v2/user/mfa/setup', Mfa.mfaSetup, { body: { password } })).data;
}

/** Keeps the stored user's two-step state in step with the server's answer. */
function keep(user: { mfa_enabled?: boolean | undefined; mfa_enabled_at?: string | null | undefined }): void {
  const now = $currentUser.get();
  if (now) $currentUser.set({ ...now, mfa_enabled: user.mfa_enabled, mfa_enabled_at: user.mfa_enabled_at });
}

/**
 * Turns two-step sign-in on with a first code; resolves to the recovery codes (shown once).
 * The server ends every session of the account, this one too, and answers a fresh token
 * for this device: it replaces the stored one (same API base), so this tab and the others
 * of this browser stay signed in.
 */
export async function enableMfa(code: string): Promise<string[]> {
  const { data } = await request('POST', '/api/v2/user/mfa/enable', Mfa.mfaEnabled, { body: { code } });
  const now = $currentUser.get();
  if (now && data.user.token) $currentUser.set({ ...now, token: data.user.token });
  keep(data.user);
  return data.recovery_codes;
}

/** Turns two-step sign-in off with the password or a current code. */
export async function disableMfa(proof: { password: string } | { code: string }): Promise<void> {
  const { data } = await request('DELETE', '/api/v2/user/mfa', 'user', { body: proof });
  keep(data);
  void validateUser();
}
