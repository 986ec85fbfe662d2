// <vigil-login> on an integrator's page and the compact sign-in of embedded elements, in
// real Chromium against an in-page fake API: checks before sending, server errors on their
// fields, nothing typed lost, the reset request in place, the vigil-signed-in event, axe.
import '../../../elements/vigil-login.ts';
import { CompactSignIn } from '../../../src/features/auth/CompactSignIn.tsx';
import { defineElement } from '../../../src/features/common/element/defineElement.tsx';
import { $currentUser, $unreadCount } from '../../../src/core/session/store.ts';
import { $toasts } from '../../../src/core/toasts/toasts.ts';
import { expect, waitFor } from '../helpers/assert.ts';
import { expectNoA11yViolations } from '../helpers/axe.ts';
import { afterEach, beforeEach, describe, it } from '../helpers/mocha.ts';
import { press } from '../ui/keys.ts';
import { BLOCKED_EMAIL, fakeAuthFetch, PASSWORD, USER, type AuthCall } from './fakeAuthApi.ts';

// An embedded element that needs a session (what every such element shows signed out).
defineElement({ tag: 'vigil-test-needs-session', component: () => 'secret content', session: 'required', signIn: CompactSignIn });

const realFetch = window.fetch;
let host: HTMLElement | undefined;
let calls: AuthCall[] = [];

const root = () => host!.shadowRoot!;
const $ = <T extends Element = HTMLElement>(selector: string) => root().querySelector<T>(selector);
const $$ = (selector: string) => [...root().querySelectorAll<HTMLElement>(selector)];
// The sign-in forms are lazy modules: their first load can take a while on a busy machine.
const until = <T>(fn: () => T | null | undefined) => waitFor(() => fn() ?? false, { timeout: 8000 }) as Promise<T>;
const input = (label: string) => {
  const l = $$('label').find((el) => el.textContent?.trim() === label) as HTMLLabelElement | undefined;
  return root().getElementById(l?.htmlFor ?? '') as HTMLInputElement | null;
};
const button = (text: string) => $$('button').find((b) => b.textContent?.trim() === text);
const errorOf = (el: Element) =>
  (el.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => root().getElementById(id))
    .filter((n) => n?.classList.contains('v-field-error'))
    .map((n) => n!.textContent)
    .join(' ');
const loginCalls = () => calls.filter((c) => c.path === '/api/v2/user/login');

function fill(el: HTMLInputElement, value: string) {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(el, value);
  el.dispatchEvent(new Event('input', { bubbles: true }));
}

async function mount(tag: string): Promise<void> {
  host = document.createElement(tag);
  document.body.append(host);
  await until(() => input('E-mail address'));
}

describe('<vigil-login>', function () {
  this.timeout(15_000);

  beforeEach(() => {
    calls = [];
    window.fetch = fakeAuthFetch(calls);
    localStorage.clear();
    $currentUser.set(null);
    $unreadCount.set(0);
    $toasts.set([]);
  });
  afterEach(() => {
    host?.remove();
    host = undefined;
    window.fetch = realFetch;
    $currentUser.set(null);
  });

  it('checks the fields before sending and names the problems on them', async () => {
    await mount('vigil-login');
    fill(input('E-mail address')!, 'not-an-address');
    button('Sign in')!.click();
    await waitFor(() => expect(errorOf(input('E-mail address')!)).to.equal('Enter an e-mail address like name@example.com.'));
    expect(errorOf(input('Password')!)).to.equal('Enter your password.');
    expect(input('E-mail address')!.getAttribute('aria-invalid')).to.equal('true');
    expect(root().activeElement).to.equal(input('E-mail address'));
    expect(loginCalls()).to.have.lengthOf(0);
    await expectNoA11yViolations(root());
  });

  it("shows the server's error on its field and keeps what was typed", async () => {
    await mount('vigil-login');
    fill(input('E-mail address')!, USER.email);
    fill(input('Password')!, 'wrong-password');
    button('Sign in')!.click();
    await waitFor(() => expect(errorOf(input('E-mail address')!)).to.equal('These credentials do not match our records.'));
    expect(input('E-mail address')!.value).to.equal(USER.email);
    expect(input('Password')!.value).to.equal('wrong-password');
    expect($currentUser.get()).to.be.null;
    // Fixing it clears the error on the next attempt.
    fill(input('Password')!, PASSWORD);
    button('Sign in')!.click();
    await waitFor(() => expect($currentUser.get()?.token).to.equal('tok-1'));
  });

  it('too many attempts: says how long to wait, in minutes, and keeps what was typed', async () => {
    await mount('vigil-login');
    fill(input('E-mail address')!, BLOCKED_EMAIL);
    fill(input('Password')!, 'my-password');
    button('Sign in')!.click();
    await until(() => $('[role="alert"]')?.textContent?.includes('Too many attempts. Try again in 2 minutes.'));
    expect(input('E-mail address')!.value).to.equal(BLOCKED_EMAIL);
    expect(input('Password')!.value).to.equal('my-password');
    expect(errorOf(input('E-mail address')!)).to.equal('');
    expect($currentUser.get()).to.be.null;
    // The reset request is limited the same way.
    button('Forgot your password?')!.click();
    await until(() => button('Send reset link'));
    button('Send reset link')!.click();
    await until(() => $('[role="alert"]')?.textContent?.includes('Too many attempts. Try again in 2 minutes.'));
    expect(input('E-mail address')!.value).to.equal(BLOCKED_EMAIL);
    await expectNoA11yViolations(root());
  });

  it('signs in by keyboard, emits vigil-signed-in, then shows who is signed in', async () => {
    await mount('vigil-login');
    const events: CustomEvent[] = [];
    document.addEventListener('vigil-signed-in', (e) => events.push(e as CustomEvent), { once: true });
    input('E-mail address')!.focus();
    await press('Tab'); // to the password
    expect(root().activeElement).to.equal(input('Password'));
    fill(input('E-mail address')!, USER.email);
    fill(input('Password')!, PASSWORD);
    await press('Enter');
    await until(() => $('[role="status"]')?.textContent?.includes('Signed in as Morgan Manager'));
    await waitFor(() => expect(events[0]?.detail).to.deep.equal({ username: 'manager', name: 'Morgan Manager' }));
    expect(loginCalls()[0]!.body).to.deep.equal({ email: USER.email, password: PASSWORD, device_name: loginCalls()[0]!.body!.device_name });
    await waitFor(() => expect($unreadCount.get()).to.equal(3));
    // and out again
    const out: Event[] = [];
    document.addEventListener('vigil-signed-out', (e) => out.push(e), { once: true });
    button('Sign out')!.click();
    await until(() => input('E-mail address'));
    expect($currentUser.get()).to.be.null;
    expect(out).to.have.lengthOf(1);
    // The server revoked the token first.
    expect(calls.filter((c) => c.path === '/api/v2/user/logout').map((c) => c.method)).to.deep.equal(['POST']);
  });

  it('requests a reset link in place, with the typed e-mail, and comes back', async () => {
    await mount('vigil-login');
    fill(input('E-mail address')!, USER.email);
    button('Forgot your password?')!.click();
    await until(() => button('Send reset link'));
    expect($('h2')!.textContent).to.equal('Reset your password');
    expect(input('E-mail address')!.value).to.equal(USER.email);
    expect(root().activeElement).to.equal(input('E-mail address'));
    button('Send reset link')!.click();
    await until(() => $('.auth-sent'));
    expect($('.auth-sent')!.textContent).to.include(`If an account exists for ${USER.email}`);
    expect(calls.find((c) => c.path === '/api/v2/user/forgot-password')?.body).to.deep.equal({ email: USER.email });
    await expectNoA11yViolations(root());
    button('Back to sign in')!.click();
    await until(() => button('Sign in'));
    expect(input('E-mail address')!.value).to.equal(USER.email);
    expect(root().activeElement).to.equal(input('E-mail address'));
  });
});

describe('compact sign-in of embedded elements', function () {
  this.timeout(15_000);

  beforeEach(() => {
    calls = [];
    window.fetch = fakeAuthFetch(calls);
    localStorage.clear();
    $currentUser.set(null);
  });
  afterEach(() => {
    host?.remove();
    host = undefined;
    window.fetch = realFetch;
    $currentUser.set(null);
  });

  it('shows a compact sign-in instead of the content, and the content once signed in', async () => {
    await mount('vigil-test-needs-session');
    expect(root().textContent).not.to.include('secret content');
    expect($('[part="sign-in"]')).to.be.ok;
    await expectNoA11yViolations(root());
    fill(input('E-mail address')!, USER.email);
    fill(input('Password')!, PASSWORD);
    button('Sign in')!.click();
    await waitFor(() => expect(root().textContent).to.include('secret content'));
  });

  it('checks fields and offers the reset request in place', async () => {
    await mount('vigil-test-needs-session');
    button('Sign in')!.click();
    await waitFor(() => expect(errorOf(input('E-mail address')!)).to.equal('Enter your e-mail address.'));
    expect(loginCalls()).to.have.lengthOf(0);
    button('Forgot your password?')!.click();
    await until(() => button('Send reset link'));
    button('Back to sign in')!.click();
    await until(() => button('Sign in'));
  });
});
