// AlertDialog in real Chromium, inside a shadow root like every element renders: a modal
// <dialog> in the top layer with the page behind inert, focus on Cancel, Tab staying off
// the page (real key presses), Escape cancels (also twice; never while pending), focus
// returns to the opener (through the shadow root), pending blocks a second confirm, and
// the page's toasts are shown, and can be dismissed (Escape on one closes only it), inside
// the open dialog.
import { useState } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import '../../../elements/vigil-toast-region.ts';
import { ensureToastRegion } from '../../../src/features/common/element/defineElement.tsx';
import { $toastHosts, $toasts, dismissToast, hostToasts, showToast } from '../../../src/core/toasts/toasts.ts';
import { AlertDialog } from '../../../src/ui/AlertDialog.tsx';
import { BASE_CSS, adoptCss } from '../../../src/ui/styles.ts';
import { expect, nextFrames, waitFor } from '../helpers/assert.ts';
import { expectNoA11yViolations } from '../helpers/axe.ts';
import { cleanupFixtures, shadowFixture } from '../helpers/dom.ts';
import { afterEach, describe, it } from '../helpers/mocha.ts';
import { press } from './keys.ts';

interface Calls {
  confirm: number;
  cancel: number;
}

function Harness({
  calls,
  pending = false,
  withField = false,
  armed = false,
  confirmDisabled = false,
}: {
  calls: Calls;
  pending?: boolean;
  withField?: boolean;
  armed?: boolean;
  confirmDisabled?: boolean;
}) {
  const [open, setOpen] = useState(false);
  return (
    <div>
      <button type="button" onClick={() => setOpen(true)}>
        Start evacuation
      </button>
      <button type="button">Elsewhere</button>
      <AlertDialog
        open={open}
        title="Start the evacuation of Warehouse Antwerp?"
        description="All people at Warehouse Antwerp will be told to leave the building now."
        confirmLabel="Start evacuation"
        cancelLabel="Cancel"
        tone="danger"
        pending={pending}
        armed={armed}
        confirmDisabled={confirmDisabled}
        onConfirm={() => calls.confirm++}
        onCancel={() => {
          calls.cancel++;
          setOpen(false);
        }}
      >
        {withField && (
          <label>
            Reason <input type="text" />
          </label>
        )}
      </AlertDialog>
    </div>
  );
}

describe('AlertDialog', () => {
  let root: Root | undefined;
  afterEach(() => {
    for (const toast of $toasts.get()) dismissToast(toast.id);
    root?.unmount();
    root = undefined;
    cleanupFixtures();
  });

  function mount(props: { pending?: boolean; withField?: boolean; armed?: boolean; confirmDisabled?: boolean } = {}) {
    const calls: Calls = { confirm: 0, cancel: 0 };
    const fixture = shadowFixture();
    adoptCss(fixture.root, ...BASE_CSS);
    root = createRoot(fixture.container);
    flushSync(() => root!.render(<Harness calls={calls} {...props} />));
    const opener = fixture.root.querySelector('button')!;
    const open = () => {
      opener.focus();
      opener.click();
    };
    const dialog = () => fixture.root.querySelector<HTMLDialogElement>('[role="alertdialog"]');
    const opened = () =>
      waitFor(() => {
        const d = dialog();
        if (!d) throw new Error('the dialog is not open');
        return d;
      });
    const button = (name: string) => [...(dialog()?.querySelectorAll('button') ?? [])].find((b) => b.textContent?.trim() === name) ?? null;
    return {
      ...fixture,
      calls,
      opener,
      elsewhere: fixture.root.querySelectorAll('button')[1]!,
      open,
      opened,
      dialog,
      button,
      rerender: (p: { pending?: boolean; confirmDisabled?: boolean }) =>
        flushSync(() => root!.render(<Harness calls={calls} {...props} {...p} />)),
    };
  }

  it('is a labelled, described alertdialog shown modally (the page behind inert) that focuses Cancel first', async () => {
    const t = mount();
    expect(t.dialog()).to.be.null;
    t.open();
    const dialog = await t.opened();
    expect(dialog.tagName).to.equal('DIALOG');
    expect(dialog.open).to.equal(true);
    expect(dialog.matches(':modal')).to.equal(true);
    expect(dialog.getAttribute('aria-modal')).to.equal('true');
    const title = t.root.getElementById(dialog.getAttribute('aria-labelledby')!);
    const description = t.root.getElementById(dialog.getAttribute('aria-describedby')!);
    expect(title?.textContent).to.equal('Start the evacuation of Warehouse Antwerp?');
    expect(description?.textContent).to.equal('All people at Warehouse Antwerp will be told to leave the building now.');
    await waitFor(() => expect(t.root.activeElement).to.equal(t.button('Cancel')));
    // Outside the dialog nothing takes focus or clicks: the page is inert.
    t.elsewhere.focus();
    expect(t.root.activeElement).to.equal(t.button('Cancel'));
    const box = t.elsewhere.getBoundingClientRect();
    expect(dialog.contains(t.root.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2))).to.equal(true);
    // The styles are adopted into the shadow root it renders in, not the document; the
    // backdrop is the dialog's ::backdrop, dimmed.
    expect(getComputedStyle(dialog.querySelector('[part="dialog"]')!).borderTopWidth).to.equal('6px');
    expect(getComputedStyle(dialog, '::backdrop').backgroundColor).to.equal('rgba(15, 23, 42, 0.5)');
    await expectNoA11yViolations(t.host);
  });

  it('Escape cancels and gives focus back to the opener inside the shadow root', async () => {
    const t = mount();
    t.open();
    await waitFor(() => expect(t.root.activeElement).to.equal(t.button('Cancel')));
    await press('Escape');
    await waitFor(() => expect(t.dialog()).to.be.null);
    expect(t.calls).to.deep.equal({ confirm: 0, cancel: 1 });
    expect(document.activeElement).to.equal(t.host);
    expect(t.root.activeElement).to.equal(t.opener);
  });

  it('Escape cancels each time it is opened, also with nothing inside focused', async () => {
    const t = mount();
    for (let i = 1; i <= 3; i++) {
      t.open();
      const dialog = await t.opened();
      await waitFor(() => expect(t.root.activeElement).to.equal(t.button('Cancel')));
      if (i === 3) {
        // A click beside the card does nothing, and leaves focus nowhere in particular.
        dialog.dispatchEvent(new MouseEvent('click', { bubbles: true }));
        (t.root.activeElement as HTMLElement).blur();
      }
      await press('Escape');
      await waitFor(() => expect(t.dialog()).to.be.null);
      expect(t.calls).to.deep.equal({ confirm: 0, cancel: i });
    }
    expect(t.root.activeElement).to.equal(t.opener);
  });

  it('Cancel by keyboard closes and returns focus too', async () => {
    const t = mount();
    t.open();
    await waitFor(() => expect(t.root.activeElement).to.equal(t.button('Cancel')));
    await press('Enter');
    await waitFor(() => expect(t.dialog()).to.be.null);
    expect(t.calls).to.deep.equal({ confirm: 0, cancel: 1 });
    expect(t.root.activeElement).to.equal(t.opener);
  });

  it('closes when unmounted while open', async () => {
    const t = mount();
    t.open();
    const dialog = await t.opened();
    await waitFor(() => expect(t.root.activeElement).to.equal(t.button('Cancel')));
    expect($toastHosts.get()).to.have.lengthOf(1);
    root!.render(<button type="button">Other</button>);
    await waitFor(() => expect(dialog.isConnected).to.equal(false));
    expect(dialog.open).to.equal(false);
    expect($toastHosts.get()).to.deep.equal([]);
  });

  it('Tab and Shift+Tab go round the dialog and never reach the page behind', async () => {
    const t = mount();
    t.open();
    const dialog = await t.opened();
    const cancel = t.button('Cancel')!;
    const confirm = t.button('Start evacuation')!;
    await waitFor(() => expect(t.root.activeElement).to.equal(cancel));
    await press('Tab');
    expect(t.root.activeElement).to.equal(confirm);
    await press('Shift+Tab');
    expect(t.root.activeElement).to.equal(cancel);
    // Past either end the browser may offer its own controls, then comes back in.
    const seen = new Set<Element | null>();
    for (const key of ['Tab', 'Tab', 'Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
      await press(key);
      const active = t.root.activeElement;
      expect(active === null || dialog.contains(active), `${key} stays off the page`).to.equal(true);
      seen.add(active);
    }
    expect(seen.has(cancel) && seen.has(confirm)).to.equal(true);
    expect(t.calls).to.deep.equal({ confirm: 0, cancel: 0 });
  });

  it('takes extra content into the tab order', async () => {
    const t = mount({ withField: true });
    t.open();
    const input = (await t.opened()).querySelector('input')!;
    await waitFor(() => expect(t.root.activeElement).to.equal(t.button('Cancel')));
    await press('Shift+Tab');
    expect(t.root.activeElement).to.equal(input);
    await press('Tab');
    await press('Tab');
    expect(t.root.activeElement).to.equal(t.button('Start evacuation'));
  });

  it('confirms by keyboard; while pending the confirm is disabled and busy, and focus stays inside', async () => {
    const t = mount();
    t.open();
    await waitFor(() => expect(t.root.activeElement).to.equal(t.button('Cancel')));
    await press('Tab');
    await press('Enter');
    expect(t.calls.confirm).to.equal(1);

    t.rerender({ pending: true });
    const confirm = t.button('Start evacuation')!;
    expect(confirm.disabled).to.equal(true);
    expect(confirm.getAttribute('aria-busy')).to.equal('true');
    confirm.click();
    await press('Enter');
    expect(t.calls.confirm).to.equal(1);
    // Focus moves to the dialog itself (the disabled buttons cannot hold it).
    await waitFor(() => expect(t.root.activeElement).to.equal(t.dialog()));
    // Escape while the action is under way does not pretend to cancel it, however often
    // (the browser closes outright on a second refused request unless the key is ours).
    let closes = 0;
    t.dialog()!.addEventListener('close', () => closes++);
    await press('Escape');
    await press('Escape');
    await press('Escape');
    await nextFrames(2); // a close the keys caused has fired by now
    expect(closes).to.equal(0);
    expect(t.dialog()!.open).to.equal(true);
    expect(t.dialog()!.matches(':modal')).to.equal(true);
    expect(t.calls.cancel).to.equal(0);
    // Nothing inside focused either: the browser's own refusal may close it, and it opens again.
    t.dialog()!.blur();
    await press('Escape');
    await press('Escape');
    await nextFrames(2);
    expect(t.dialog()!.matches(':modal')).to.equal(true);
    expect(t.calls.cancel).to.equal(0);
    await press('Tab');
    expect(t.root.activeElement === null || t.dialog()!.contains(t.root.activeElement)).to.equal(true);

    t.rerender({ pending: false });
    expect(t.button('Start evacuation')!.disabled).to.equal(false);
    expect(
      t.button('Start evacuation')!.hasAttribute('aria-busy') && t.button('Start evacuation')!.getAttribute('aria-busy') !== 'false',
    ).to.equal(false);
    // Once the outcome is in, Escape cancels again.
    t.button('Cancel')!.focus();
    await press('Escape');
    await waitFor(() => expect(t.dialog()).to.be.null);
    expect(t.calls.cancel).to.equal(1);
    expect(t.root.activeElement).to.equal(t.opener);
  });

  it('armed: the confirm button is not yet available until the dialog has been visible for a moment; then Enter confirms', async () => {
    const t = mount({ armed: true });
    t.open();
    const openedAt = performance.now();
    await t.opened();
    const confirm = t.button('Start evacuation')!;
    expect(confirm.getAttribute('aria-disabled')).to.equal('true');
    expect(confirm.disabled).to.equal(false); // still focusable: keyboard users reach it
    confirm.click();
    confirm.click();
    expect(t.calls.confirm).to.equal(0);
    await expectNoA11yViolations(t.host);
    await waitFor(() => expect(confirm.hasAttribute('aria-disabled')).to.equal(false), { timeout: 3000 });
    expect(performance.now() - openedAt).to.be.above(450);
    await waitFor(() => expect(t.root.activeElement).to.equal(t.button('Cancel')));
    await press('Tab');
    await press('Enter');
    expect(t.calls.confirm).to.equal(1);
  });

  it('armed, its confirm disabled until a choice: arms once and stays armed, so a click right after the choice confirms', async () => {
    const t = mount({ armed: true, confirmDisabled: true });
    t.open();
    await t.opened();
    const confirm = t.button('Start evacuation')!;
    expect(confirm.disabled).to.equal(true);
    await waitFor(() => expect(confirm.hasAttribute('aria-disabled')).to.equal(false), { timeout: 3000 });
    // Disabled but armed, it stays armed: at the buttons' usual disabled opacity the browser
    // reported it hidden, so it disarmed within a fifth of a second, and armed again later.
    const changes: (string | null)[] = [];
    const observer = new MutationObserver(() => changes.push(confirm.getAttribute('aria-disabled')));
    observer.observe(confirm, { attributes: true, attributeFilter: ['aria-disabled'] });
    await nextFrames(90);
    observer.disconnect();
    expect(changes).to.deep.equal([]);
    t.rerender({ confirmDisabled: false });
    confirm.click();
    expect(t.calls.confirm).to.equal(1);
  });

  it('armed: never arms while the page shows it transparently (a framing trick), so clicks do nothing', async () => {
    const t = mount({ armed: true });
    t.open();
    // In the top layer the host's own opacity does not reach the dialog: make the dialog
    // itself transparent, as a page could through its part.
    const shown = await t.opened();
    shown.style.opacity = '0.01';
    const confirm = t.button('Start evacuation')!;
    // Well past the moment it arms when shown normally (the test above: about half a second).
    const since = performance.now();
    await waitFor(() => performance.now() - since > 1200, { timeout: 5_000 });
    expect(confirm.getAttribute('aria-disabled')).to.equal('true');
    confirm.click();
    expect(t.calls.confirm).to.equal(0);
    // Shown normally again, it arms after the delay.
    shown.style.opacity = '';
    await waitFor(() => expect(confirm.hasAttribute('aria-disabled')).to.equal(false), { timeout: 3000 });
    confirm.click();
    expect(t.calls.confirm).to.equal(1);
  });

  it('shows a toast raised while it is open inside it, above the backdrop, announced once and dismissable by keyboard', async () => {
    ensureToastRegion();
    const region = document.querySelector('vigil-toast-region')!;
    /** The toast the page's own region shows (once none is in the dialog). */
    const toastInRegion = () =>
      waitFor(() => {
        const found = region.shadowRoot!.querySelector<HTMLElement>('.v-toast');
        if (!found) throw new Error('no toast in the region');
        return found;
      });
    const t = mount();
    t.open();
    const dialog = await t.opened();
    await waitFor(() => expect(t.root.activeElement).to.equal(t.button('Cancel')));
    showToast({ type: 'error', text: 'The evacuation could not be started.' });
    const toast = await waitFor(() => {
      const found = dialog.querySelector<HTMLElement>('.v-toast');
      if (!found) throw new Error('no toast in the dialog');
      return found;
    });
    expect(toast.getAttribute('role')).to.equal('alert');
    expect(toast.textContent).to.include('The evacuation could not be started.');
    // Only there: the page's region (inert behind the dialog) shows none meanwhile.
    expect(region.shadowRoot!.querySelector('.v-toast')).to.be.null;
    // Styled and on top: the point at its centre is the toast, not the backdrop.
    const box = toast.getBoundingClientRect();
    expect(box.width).to.be.above(100);
    expect(toast.contains(t.root.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2))).to.equal(true);
    expect(getComputedStyle(toast).position).to.equal('static');
    expect(getComputedStyle(toast.parentElement!).position).to.equal('fixed');
    // The toasts' sheet, now adopted where the dialog lives, leaves that host alone; the
    // region's own element stays out of the page's flow.
    expect(getComputedStyle(t.host).position).to.equal('static');
    expect(getComputedStyle(t.host).pointerEvents).to.equal('auto');
    expect(getComputedStyle(region).position).to.equal('fixed');
    // By keyboard: Tab from the dialog's buttons reaches its close button; Enter dismisses.
    const close = toast.querySelector('button')!;
    for (let i = 0; i < 4 && t.root.activeElement !== close; i++) await press('Tab');
    expect(t.root.activeElement).to.equal(close);
    await press('Enter');
    await waitFor(() => expect($toasts.get()).to.deep.equal([]));
    expect(dialog.querySelector('.v-toast')).to.be.null;
    // Focus stays in the dialog (not on <body>), and Tab goes on to its buttons.
    expect(t.root.activeElement).to.equal(dialog);
    await press('Tab');
    expect(t.root.activeElement).to.equal(t.button('Cancel'));
    expect(dialog.open).to.equal(true);
    expect(t.calls).to.deep.equal({ confirm: 0, cancel: 0 });

    // Escape on a toast that holds the focus dismisses that toast, not the dialog.
    showToast({ type: 'alarm', text: 'Critical incident at Antwerp Port Warehouse: Glass break at gate 3', sticky: true });
    const alarm = await waitFor(() => {
      const found = dialog.querySelector<HTMLElement>('.v-toast--alarm');
      if (!found) throw new Error('no alarm in the dialog');
      return found;
    });
    expect(alarm.getAttribute('role')).to.equal('alert');
    const alarmClose = alarm.querySelector('button')!;
    for (let i = 0; i < 4 && t.root.activeElement !== alarmClose; i++) await press('Tab');
    expect(t.root.activeElement).to.equal(alarmClose);
    await press('Escape');
    await waitFor(() => expect($toasts.get()).to.deep.equal([]));
    expect(dialog.open).to.equal(true);
    expect(t.root.activeElement).to.equal(dialog);
    expect(t.calls).to.deep.equal({ confirm: 0, cancel: 0 });

    // One still on screen when the dialog closes goes back to the page's region, not
    // announced a second time there.
    showToast({ type: 'error', text: 'Still there.' });
    await waitFor(() => expect(dialog.querySelector('.v-toast')).not.to.be.null);
    // On screen in the dialog for longer than it takes to be announced there (a second).
    const shownAt = performance.now();
    await waitFor(() => performance.now() - shownAt > 1100, { timeout: 5_000 });
    await press('Escape');
    await waitFor(() => expect(t.dialog()).to.be.null);
    const back = await toastInRegion();
    expect(back.textContent).to.include('Still there.');
    expect(back.hasAttribute('role')).to.equal(false);
    expect(t.root.querySelector('.v-toast')).to.be.null;
    expect(t.root.activeElement).to.equal(t.opener);
    dismissToast($toasts.get()[0]!.id);

    // A dialog that closes together with its failure's toast: the toast announces itself
    // in the page's region.
    t.open();
    await waitFor(() => expect(t.root.activeElement).to.equal(t.button('Cancel')));
    showToast({ type: 'error', text: 'Could not remove the user.' });
    t.button('Cancel')!.click();
    await waitFor(() => expect(t.dialog()).to.be.null);
    const announced = await toastInRegion();
    expect(announced.textContent).to.include('Could not remove the user.');
    expect(announced.getAttribute('role')).to.equal('alert');
  });

  it("shows a toast in the page's region when the dialog meant to hold it has already left the page", async () => {
    ensureToastRegion();
    const region = document.querySelector('vigil-toast-region')!;
    // A dialog's place for toasts, taken off the page before its release reached the region:
    // the dialog's root can commit its removal before the region's first commit, which
    // waits for its chunk (seen in the portal: a user removed, the dialog closing with the
    // toast).
    const gone = document.createElement('div');
    const release = hostToasts(gone);
    try {
      showToast({ type: 'success', text: 'Ines Claes was removed from the project.' });
      const toast = await waitFor(() => {
        const found = region.shadowRoot!.querySelector<HTMLElement>('.v-toast');
        if (!found) throw new Error('no toast in the region');
        return found;
      });
      expect(toast.textContent).to.include('Ines Claes was removed from the project.');
      expect(gone.childElementCount).to.equal(0);
    } finally {
      release();
    }
  });
});
