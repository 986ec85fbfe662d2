/**
 * Guessing in parallel, as an attacker tries it: many wrong passwords or codes sent at
 * once, before any answer comes back. Each attempt counts before it is judged, so the
 * server judges no more of them than it would of the same attempts sent one by one; the
 * rest are 429 with Retry-After.
 */
import { Secret, TOTP } from 'otpauth';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MFA_DEMO_SECRET } from './seed-data/places.ts';
import { call, testApp, type Answer, type TestApp } from './testing.ts';

const ADDRESS = '203.0.113.9';
afterEach(() => vi.useRealTimers());
const ATTEMPTS = 30;

const codeAt = (secret: string, timestamp = Date.now()): string =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp });
/** A six-digit code that is none of the current ones (±1 step). */
const wrongCode = (secret: string): string => {
  const near = [-30_000, 0, 30_000].map((d) => codeAt(secret, Date.now() + d));
  return ['000000', '111111', '222222', '333333'].find((c) => !near.includes(c))!;
};

const statuses = (answers: Answer[]) => answers.map((a) => a.status);
const count = (answers: Answer[], status: number) => answers.filter((a) => a.status === status).length;

function expectThrottled(answers: Answer[], judged: number): void {
  expect(count(answers, 422), statuses(answers).join(' ')).toBe(judged);
  expect(count(answers, 429)).toBe(answers.length - judged);
  for (const a of answers.filter((x) => x.status === 429)) expect(Number(a.headers.get('Retry-After'))).toBeGreaterThan(0);
}

const wrongLogin = (app: TestApp, email: string) =>
  call(app, 'POST', '/api/v2/user/login', { body: { email, password: 'not-the-password' }, address: ADDRESS });

describe('sign-in', () => {
  it('30 wrong passwords at once for one account judge no more than 30 one after another', async () => {
    // The clock stands still: on a busy machine the 30 one-by-one attempts outlast the 1 s
    // wait after the free failures, and a fourth was judged.
    vi.useFakeTimers({ toFake: ['Date'] });
    const sequential = testApp();
    const oneByOne: Answer[] = [];
    for (let i = 0; i < ATTEMPTS; i++) oneByOne.push(await wrongLogin(sequential, 'manager@vigil.test'));
    expectThrottled(oneByOne, 3);

    const app = testApp();
    const together = await Promise.all(Array.from({ length: ATTEMPTS }, () => wrongLogin(app, 'manager@vigil.test')));
    expectThrottled(together, count(oneByOne, 422));
  });

  it('the per-address cap holds across accounts when the guesses arrive together', async () => {
    const app = testApp({ limits: { perAddress: 20 } });
    const together = await Promise.all(Array.from({ length: ATTEMPTS }, (_, i) => wrongLogin(app, `guess${i}@example.com`)));
    expectThrottled(together, 20);
  });

  it('a right password among parallel guesses gives its attempt back to the address', async () => {
    // The clock stands still: the 1 s wait after the free failures must not run out on a slow machine.
    vi.useFakeTimers({ toFake: ['Date'] });
    const app = testApp({ limits: { perAddress: 3 } });
    const answers = await Promise.all([
      call(app, 'POST', '/api/v2/user/login', { body: { email: 'viewer@vigil.test', password: 'vigil-demo' }, address: ADDRESS }),
      wrongLogin(app, 'a@example.com'),
    ]);
    expect(statuses(answers)).toEqual([200, 422]);
    // One failure so far from the address: two more are judged, then 429.
    expect((await wrongLogin(app, 'b@example.com')).status).toBe(422);
    expect((await wrongLogin(app, 'c@example.com')).status).toBe(422);
    expect((await wrongLogin(app, 'd@example.com')).status).toBe(429);
  });
});

describe('two-step codes and password checks of a session', () => {
  it('30 wrong codes at once on one challenge: no more judged than one by one', async () => {
    const app = testApp();
    const pw = await call(app, 'POST', '/api/v2/user/login', {
      body: { email: 'mfa@vigil.test', password: 'vigil-demo' },
      address: ADDRESS,
    });
    const challenge = pw.body.data.challenge as string;
    const code = wrongCode(MFA_DEMO_SECRET);
    const together = await Promise.all(
      Array.from({ length: ATTEMPTS }, () => call(app, 'POST', '/api/v2/user/login/mfa', { body: { challenge, code }, address: ADDRESS })),
    );
    expectThrottled(together, 3);
  });

  it('30 wrong passwords at once to turn two-step off: no more judged than one by one; it stays on', async () => {
    const app = testApp();
    const pw = await call(app, 'POST', '/api/v2/user/login', {
      body: { email: 'mfa@vigil.test', password: 'vigil-demo' },
      address: ADDRESS,
    });
    const signedIn = await call(app, 'POST', '/api/v2/user/login/mfa', {
      body: { challenge: pw.body.data.challenge, code: codeAt(MFA_DEMO_SECRET) },
      address: ADDRESS,
    });
    const token = signedIn.body.data.token as string;
    const together = await Promise.all(
      Array.from({ length: ATTEMPTS }, () =>
        call(app, 'DELETE', '/api/v2/user/mfa', { token, body: { password: 'guess' }, address: ADDRESS }),
      ),
    );
    expectThrottled(together, 3);
    expect((await call(app, 'GET', '/api/v2/user', { token })).body.data.mfa_enabled).toBe(true);
  });

  it('30 wrong passwords at once to set two-step up: the same limits', async () => {
    const app = testApp();
    const login = await call(app, 'POST', '/api/v2/user/login', {
      body: { email: 'viewer@vigil.test', password: 'vigil-demo' },
      address: ADDRESS,
    });
    const token = login.body.data.token as string;
    const together = await Promise.all(
      Array.from({ length: ATTEMPTS }, () =>
        call(app, 'POST', '/api/v2/user/mfa/setup', { token, body: { password: 'guess' }, address: ADDRESS }),
      ),
    );
    expectThrottled(together, 3);
  });
});

describe('reset-password guesses', () => {
  it('30 guessed links at once: no more judged than one by one', async () => {
    const app = testApp();
    const body = {
      token: 'f'.repeat(64),
      email: 'manager@vigil.test',
      password: 'new-password-1',
      password_confirmation: 'new-password-1',
    };
    const together = await Promise.all(
      Array.from({ length: ATTEMPTS }, () => call(app, 'POST', '/api/v2/user/reset-password', { body, address: ADDRESS })),
    );
    expectThrottled(together, 3);
  });
});
