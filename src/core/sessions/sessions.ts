/**
 * Where the signed-in user is signed in (docs/security.md#where-youre-signed-in): their sessions that still
 * work, this one marked, and the latest sign-in attempts on the account; ending one other
 * session or every other one. Loaded only by the user menu's dialog that shows them.
 *
 * The list is one `createResource` entry (forgotten on sign-out). An end the server
 * accepted takes the session off the list at once; one it no longer knows (ended
 * elsewhere meanwhile, or expired) goes too, and the list loads again.
 */
import * as v from 'valibot';
import { isMissing, request } from '../api/client.ts';
import { SignInAttempt, SignInSession, type SignInAttempt as Attempt, type SignInSession as Session } from '../api/schemas-account.ts';
import { createResource } from '../resources/resource.ts';

const sessionsAnswer = v.looseObject({ data: v.array(SignInSession) });
const attemptsAnswer = v.looseObject({ data: v.array(SignInAttempt) });
const endedAnswer = v.looseObject({ data: v.looseObject({ ended: v.number() }) });

export type SignIns = { sessions: Session[]; attempts: Attempt[] };

/** The one key of the resource: the signed-in user's own. */
const MINE = 'mine';

const signIns = createResource<SignIns>('sessions.signIns', async () => {
  const [sessions, attempts] = await Promise.all([
    request('GET', '/api/v2/user/sessions', sessionsAnswer),
    request('GET', '/api/v2/user/sign-in-attempts', attemptsAnswer),
  ]);
  return { sessions: sessions.data, attempts: attempts.data };
});

/** The entries of the resource; read the entry of {@link SIGN_INS_KEY}. */
export const $signIns = signIns.$entries;
export const SIGN_INS_KEY = MINE;

/** Loads the sessions and attempts (`force`: again, for a refresh or a retry). */
export function loadSignIns(force = false): Promise<SignIns> {
  return signIns.load(MINE, { force });
}

function without(uuids: (uuid: string) => boolean): void {
  const now = signIns.peek(MINE);
  if (now) signIns.set(MINE, { ...now, sessions: now.sessions.filter((s) => !uuids(s.uuid)) });
}

/**
 * Ends one of the user's other sessions: its browser is signed out at its next request,
 * its push devices are gone. Resolves when it has ended (or had already); rejects with the
 * ApiError otherwise.
 */
export async function endSession(uuid: string): Promise<void> {
  try {
    await request('DELETE', `/api/v2/user/sessions/${encodeURIComponent(uuid)}`, 'empty');
  } catch (e) {
    if (!isMissing(e)) throw e;
    void loadSignIns(true).catch(() => {});
  }
  without((u) => u === uuid);
}

/** Ends every session of the user but this one; resolves to how many ended. */
export async function endOtherSessions(): Promise<number> {
  const { data } = await request('POST', '/api/v2/user/sessions/end-others', endedAnswer);
  const current = signIns.peek(MINE)?.sessions.find((s) => s.current)?.uuid;
  without((u) => u !== current);
  return data.ended;
}

/** How a session is named on screen: the browser read from its sign-in, else the name its app gave; null for neither. */
export function sessionName(session: Pick<Session, 'browser' | 'device_name'>): string | null {
  return session.browser?.trim() || session.device_name?.trim() || null;
}

/** Whether an attempt failed (any result but a success, a newer server's unknown ones too). */
export const attemptFailed = (attempt: Pick<Attempt, 'result'>): boolean => attempt.result !== 'success';
