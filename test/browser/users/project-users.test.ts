// <vigil-project-users> in real Chromium against an in-page fake API: the list (sort,
// search), the add / edit forms (errors on their fields with aria-invalid and
// aria-describedby, input kept on failure), the remove dialog and the self-demotion guard,
// by keyboard, and axe on every state.
import '../../../elements/vigil-project-users.ts';
import { $currentUser } from '../../../src/core/session/store.ts';
import { $toasts } from '../../../src/core/toasts/toasts.ts';
import { $projectUsers } from '../../../src/core/users/users.ts';
import { projectCache } from '../../../src/core/resources/resources.ts';
import { expect, waitFor } from '../helpers/assert.ts';
import { expectNoA11yViolations } from '../helpers/axe.ts';
import { afterEach, beforeEach, describe, it } from '../helpers/mocha.ts';
import { press } from '../ui/keys.ts';
import { fakeFetch, freshState, ME, PROJECT, type FakeState } from './fakeApi.ts';

const realFetch = window.fetch;
let host: HTMLElement | undefined;
let state: FakeState;

const root = () => host!.shadowRoot!;
const $ = <T extends Element = HTMLElement>(selector: string) => root().querySelector<T>(selector);
const $$ = (selector: string) => [...root().querySelectorAll<HTMLElement>(selector)];
/** Waits until `fn` returns something (null and undefined retry). */
const until = <T>(fn: () => T | null | undefined) => waitFor(() => fn() ?? false) as Promise<T>;
const active = () => root().activeElement as HTMLElement | null;
const names = () => $$('.vu-name').map((n) => n.textContent);
const toastText = () => document.querySelector('vigil-toast-region')?.shadowRoot?.textContent ?? '';
const byText = (selector: string, text: string) => $$(selector).find((el) => el.textContent?.trim() === text);
/** The control labelled `label`. */
const input = (label: string) => {
  const l = $$('label').find((el) => el.textContent?.trim() === label) as HTMLLabelElement | undefined;
  return root().getElementById(l?.htmlFor ?? '') as HTMLInputElement;
};
const usersCalls = (method: string) => state.calls.filter((c) => c.method === method && c.path.includes('/users'));

/** Sets a field's value the way typing does (React listens to input events). */
function fill(el: HTMLInputElement, value: string) {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(el, value);
  el.dispatchEvent(new Event('input', { bubbles: true }));
}

async function mount(): Promise<void> {
  host = document.createElement('vigil-project-users');
  host.setAttribute('project', PROJECT);
  document.body.append(host);
  await waitFor(() => $('.vu-table') !== null || $('.vu-no-permission') !== null, {
    timeout: 4000,
    message: 'the list or the no-permission state',
  });
}

/** The error shown for a field: found through its aria-describedby. */
function describedError(el: Element): string {
  const ids = (el.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
  return ids
    .map((id) => root().getElementById(id))
    .filter((n) => n?.classList.contains('v-field-error'))
    .map((n) => n!.textContent)
    .join(' ');
}

describe('<vigil-project-users>', function () {
  this.timeout(20_000);

  beforeEach(() => {
    state = freshState();
    window.fetch = fakeFetch(state);
    localStorage.clear();
    $toasts.set([]);
    $projectUsers.set({});
    projectCache.clear();
    $currentUser.set({ ...ME, token: 'test-token' });
  });
  afterEach(() => {
    host?.remove();
    host = undefined;
    window.fetch = realFetch;
    $currentUser.set(null);
  });

  it('lists members with translated permission chips, sorted by name, and marks "you"', async () => {
    await mount();
    expect(names()).to.deep.equal(['Morgan Manager', 'Sofie Peeters', 'Tom Becker', 'Vic Viewer']);
    expect($('h1')!.textContent).to.equal('Users of Northwind Logistics');
    const sofie = $$('.vu-row').find((r) => r.textContent?.includes('Sofie'))!;
    expect([...sofie.querySelectorAll('.vu-chip')].map((c) => c.textContent)).to.deep.equal(['View', 'Evacuate', 'Edit schedules']);
    expect($('.vu-row--self')!.textContent).to.include('You');
    expect($('.vu-count')!.textContent).to.equal('4 users');
    await expectNoA11yViolations(root());
  });

  it('shows two-step status and last sign-in, and marks who the requirement would refuse an evacuation', async () => {
    const signedIn = new Date(Date.now() - 3_600_000).toISOString();
    state.requireTwoStep = true;
    state.users = state.users.map((u) => ({
      ...u,
      two_step: u.uuid === 'u-me',
      last_sign_in_at: u.uuid === 'u-tom' ? null : signedIn,
      status: 'active',
    }));
    await mount();
    const row = (name: string) => $$('.vu-row').find((r) => r.textContent?.includes(name))!;
    await waitFor(() => row('Vic Viewer').querySelector('.vu-refused') !== null, { message: 'the refusal mark' });
    expect(row('Vic Viewer').querySelector('.vu-refused')!.textContent).to.equal('Would be refused an evacuation');
    expect(row('Sofie Peeters').querySelector('.vu-refused')).to.not.equal(null);
    // Two-step on, or no 'evacuate': nothing to refuse.
    expect(row('Morgan Manager').querySelector('.vu-refused')).to.equal(null);
    expect(row('Tom Becker').querySelector('.vu-refused')).to.equal(null);
    expect(row('Morgan Manager').querySelector('.vu-two-step')!.textContent).to.equal('Two-step on');
    expect(row('Vic Viewer').querySelector('.vu-two-step')!.textContent).to.equal('Two-step off');
    expect(row('Tom Becker').querySelector('.vu-last')!.textContent).to.equal('Never signed in');
    expect(row('Vic Viewer').querySelector('.vu-last')!.textContent).to.match(/^Last signed in \S/);
    await expectNoA11yViolations(root());
  });

  it('sorts by name or e-mail with buttons in the headers and aria-sort', async () => {
    await mount();
    const [nameTh, emailTh] = $$('th');
    expect(nameTh!.getAttribute('aria-sort')).to.equal('ascending');
    expect(emailTh!.hasAttribute('aria-sort')).to.equal(false);
    nameTh!.querySelector('button')!.focus();
    await press('Enter');
    await waitFor(() => expect(names()).to.deep.equal(['Vic Viewer', 'Tom Becker', 'Sofie Peeters', 'Morgan Manager']));
    expect(nameTh!.getAttribute('aria-sort')).to.equal('descending');
    emailTh!.querySelector('button')!.focus();
    await press('Space');
    await waitFor(() => expect(emailTh!.getAttribute('aria-sort')).to.equal('ascending'));
    expect(nameTh!.hasAttribute('aria-sort')).to.equal(false);
    expect($$('.vu-email').map((e) => e.textContent)).to.deep.equal([
      'a.viewer@vigil.test',
      'manager@vigil.test',
      'sofie.peeters@northwind.example',
      'tom.becker@northwind.example',
    ]);
  });

  it('searches by name or e-mail and says when nothing matches', async () => {
    await mount();
    fill(input('Search users'), 'northwind');
    await waitFor(() => expect(names()).to.deep.equal(['Sofie Peeters', 'Tom Becker']));
    expect($('.vu-count')!.textContent).to.equal('2 of 4 users match');
    fill(input('Search users'), 'tom');
    await waitFor(() => expect(names()).to.deep.equal(['Tom Becker']));
    fill(input('Search users'), 'zzz');
    await waitFor(() => expect($('.vu-empty')?.textContent).to.equal('No users match “zzz”.'));
  });

  it('checks the add form before sending: errors on their fields, focus on the first, nothing sent', async () => {
    await mount();
    $('.vu-add-button')!.focus();
    await press('Enter');
    await waitFor(() => expect(active()).to.equal(input('E-mail')));
    fill(input('E-mail'), 'not-an-address');
    input('Name').focus();
    await press('Enter'); // submits the form from the keyboard
    await waitFor(() => expect(input('E-mail').getAttribute('aria-invalid')).to.equal('true'));
    expect(describedError(input('E-mail'))).to.equal('Enter a valid e-mail address, like name@example.com.');
    expect(input('Name').getAttribute('aria-invalid')).to.equal('true');
    expect(describedError(input('Name'))).to.equal('Enter a name.');
    await waitFor(() => expect(active()).to.equal(input('E-mail')));
    expect(usersCalls('POST')).to.have.lengthOf(0);
    expect(input('E-mail').value).to.equal('not-an-address');
    await expectNoA11yViolations(root());
  });

  it("shows the server's field error on the e-mail field and keeps every input", async () => {
    await mount();
    $('.vu-add-button')!.click();
    await waitFor(() => input('E-mail') !== null);
    state.failNext = {
      method: 'POST',
      status: 422,
      errors: [{ field: 'email', message: 'This user is already a member of the project.' }],
    };
    fill(input('E-mail'), 'tom.becker@northwind.example');
    fill(input('Name'), 'Tom Again');
    input('Evacuate').click();
    $$('form button[type="submit"]')[0]!.click();
    await waitFor(() => expect(input('E-mail').getAttribute('aria-invalid')).to.equal('true'));
    expect(describedError(input('E-mail'))).to.equal('This user is already a member of the project.');
    expect(input('Name').hasAttribute('aria-invalid')).to.equal(false);
    expect(input('E-mail').value).to.equal('tom.becker@northwind.example');
    expect(input('Name').value).to.equal('Tom Again');
    expect(input('View').checked).to.equal(true);
    expect(input('Evacuate').checked).to.equal(true);
    await waitFor(() => expect(active()).to.equal(input('E-mail')));
    expect(toastText()).not.to.include('Something went wrong');
    await expectNoA11yViolations(root());
  });

  it('keeps the input and shows the add toast when the server fails without a field', async () => {
    await mount();
    $('.vu-add-button')!.click();
    await waitFor(() => input('E-mail') !== null);
    state.failNext = { method: 'POST', status: 500 };
    fill(input('E-mail'), 'ann@example.com');
    fill(input('Name'), 'Ann Smith');
    $$('form button[type="submit"]')[0]!.click();
    await waitFor(() =>
      expect(toastText()).to.include(
        'Something went wrong. Unable to add the user. Please try again by refreshing the page or contact our support.',
      ),
    );
    expect(input('E-mail').value).to.equal('ann@example.com');
    expect(input('Name').value).to.equal('Ann Smith');
    // Fixed server: the same form, sent again, adds the user.
    $$('form button[type="submit"]')[0]!.click();
    await waitFor(() => expect(names()).to.include('Ann Smith'));
    expect($('form')).to.be.null;
    await waitFor(() => expect(active()).to.equal($('.vu-add-button')));
    expect(usersCalls('POST').at(-1)!.body).to.deep.equal({ email: 'ann@example.com', name: 'Ann Smith', permissions: ['view'] });
  });

  it('edits a member in place and gives focus back to its Edit button', async () => {
    await mount();
    const events: unknown[] = [];
    host!.addEventListener('vigil-project-user-changed', (e) => events.push((e as CustomEvent).detail));
    const edit = $('[data-edit-for="u-tom"]')!;
    expect(edit.getAttribute('aria-label')).to.equal('Edit Tom Becker');
    edit.focus();
    await press('Enter');
    await waitFor(() => expect(active()).to.equal(input('Name')));
    expect(input('Name').value).to.equal('Tom Becker');
    fill(input('Name'), '');
    await press('Enter');
    await waitFor(() => expect(describedError(input('Name'))).to.equal('Enter a name.'));
    fill(input('Name'), 'Tom B.');
    input('Evacuate').focus();
    await press('Space');
    await waitFor(() => expect(input('Evacuate').checked).to.equal(true));
    $$('form button[type="submit"]')[0]!.click();
    await waitFor(() => expect(names()).to.include('Tom B.'));
    expect(usersCalls('PATCH')[0]!.body).to.deep.equal({ name: 'Tom B.', permissions: ['view', 'evacuate'] });
    await waitFor(() => expect(active()).to.equal($('[data-edit-for="u-tom"]')));
    expect(events).to.deep.equal([{ project: PROJECT, user: 'u-tom', change: 'updated' }]);
  });

  it('asks before removing a member, naming them; Escape cancels and focus returns', async () => {
    await mount();
    const remove = $('[data-remove-for="u-sofie"]')!;
    remove.focus();
    await press('Enter');
    const dialog = await until(() => $('[role="alertdialog"]'));
    expect(dialog.textContent).to.include('Remove Sofie Peeters?');
    expect(dialog.textContent).to.include('sofie.peeters@northwind.example');
    expect(active()?.textContent).to.equal('Cancel');
    await expectNoA11yViolations(root());
    await press('Escape');
    await waitFor(() => expect($('[role="alertdialog"]')).to.be.null);
    await waitFor(() => expect(active()).to.equal(remove));
    expect(usersCalls('DELETE')).to.have.lengthOf(0);

    await press('Enter');
    await waitFor(() => $('[role="alertdialog"]') !== null);
    byText('[role="alertdialog"] button', 'Remove user')!.click();
    await waitFor(() => expect(names()).to.deep.equal(['Morgan Manager', 'Tom Becker', 'Vic Viewer']));
    expect($('[role="alertdialog"]')).to.be.null;
    await waitFor(() => expect(active()).to.equal(input('Search users')));
  });

  it('does not let the only manager take away their own access, and says why', async () => {
    await mount();
    $('[data-remove-for="u-me"]')!.click();
    await waitFor(() => expect($('.vu-row--notice')?.textContent).to.include('you cannot remove yourself'));
    expect($('[role="alertdialog"]')).to.be.null;
    $('[data-edit-for="u-me"]')!.click();
    await waitFor(() => input('Manage users') !== null);
    expect(input('Manage users').disabled).to.equal(true);
    expect(input('Manage users').checked).to.equal(true);
    const hint = root().getElementById(input('Manage users').getAttribute('aria-describedby')!.split(' ')[1]!);
    expect(hint!.textContent).to.include('You are the only user who can manage users');
    await expectNoA11yViolations(root());
  });

  it('does not offer to remove a member who holds permissions you do not, and says why', async () => {
    // A manager without 'evacuate' or 'edit schedules': Sofie holds both.
    state.permissions = ['view', 'manage users'];
    await mount();
    $('[data-remove-for="u-sofie"]')!.click();
    await waitFor(() => expect($('.vu-row--notice')?.textContent).to.include('holds permissions you do not hold yourself'));
    expect($('[role="alertdialog"]')).to.be.null;
    expect(usersCalls('DELETE')).to.have.lengthOf(0);
    // Tom holds only 'view': he may go, after the usual question.
    $('[data-remove-for="u-tom"]')!.click();
    await until(() => $('[role="alertdialog"]'));
    await expectNoA11yViolations(root());
  });

  it('asks for explicit confirmation before you untick your own "Manage users"', async () => {
    state.users.push({ uuid: 'u-lucas', name: 'Lucas Dubois', email: 'lucas@example.com', permissions: ['view', 'manage users'] });
    await mount();
    $('[data-edit-for="u-me"]')!.click();
    await waitFor(() => input('Manage users') !== null);
    expect(input('Manage users').disabled).to.equal(false);
    input('Manage users').click();
    $$('form button[type="submit"]')[0]!.click();
    const dialog = await until(() => $('[role="alertdialog"]'));
    expect(dialog.textContent).to.include('You will lose access to this page');
    await press('Escape');
    await waitFor(() => expect($('[role="alertdialog"]')).to.be.null);
    expect(usersCalls('PATCH')).to.have.lengthOf(0);
    expect(input('Manage users').checked).to.equal(false); // the form keeps what was chosen

    $$('form button[type="submit"]')[0]!.click();
    await waitFor(() => $('[role="alertdialog"]') !== null);
    state.permissions = ['view', 'evacuate', 'edit schedules']; // what the project says afterwards
    byText('[role="alertdialog"] button', 'Yes, take it away')!.click();
    await waitFor(() => expect(usersCalls('PATCH')).to.have.lengthOf(1));
    await waitFor(() => expect($('.vu-no-permission')).not.to.be.null, { timeout: 4000 });
  });

  it('shows a clear no-permission state without loading the users', async () => {
    state.permissions = ['view', 'evacuate'];
    await mount();
    expect($('.vu-no-permission h2')!.textContent).to.equal('You can’t manage the users of this project');
    expect(usersCalls('GET')).to.have.lengthOf(0);
    await expectNoA11yViolations(root());
  });

  it('says so when the project has no users', async () => {
    state.users = [];
    host = document.createElement('vigil-project-users');
    host.setAttribute('project', PROJECT);
    document.body.append(host);
    await waitFor(() => expect($('.vu-empty')?.textContent).to.equal('This project has no users yet.'), { timeout: 4000 });
    expect($('.vu-table')).to.be.null;
    expect($('.vu-add-button')).not.to.be.null;
    await expectNoA11yViolations(root());
  });

  it('shows an error state with a retry when the list cannot be loaded', async () => {
    state.failNext = { method: 'GET', status: 500 };
    host = document.createElement('vigil-project-users');
    host.setAttribute('project', PROJECT);
    document.body.append(host);
    await waitFor(() => expect($('.v-state[role="alert"]')?.textContent).to.include('could not be loaded'), { timeout: 4000 });
    expect(toastText()).to.include('Unable to load project users');
    byText('button', 'Try again')!.click();
    await waitFor(() => expect(names()).to.have.lengthOf(4));
  });
});
