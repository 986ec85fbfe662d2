// AlertDialog in real Chromium, inside a shadow root like every element renders: focus
// goes to Cancel, Tab and Shift+Tab stay inside (real key presses), Escape cancels and
// focus returns to the opener (through the shadow root), pending blocks a second confirm.
import { useState } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { AlertDialog } from '../../../src/ui/AlertDialog.tsx';
import { BASE_CSS, adoptCss } from '../../../src/ui/styles.ts';
import { expect, waitFor } from '../helpers/assert.ts';
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
}: {
  calls: Calls;
  pending?: boolean;
  withField?: boolean;
  armed?: boolean;
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
    root?.unmount();
    root = undefined;
    cleanupFixtures();
  });

  function mount(props: { pending?: boolean; withField?: boolean; armed?: boolean } = {}) {
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
    const dialog = () => fixture.root.querySelector<HTMLElement>('[role="alertdialog"]');
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
      open,
      opened,
      dialog,
      button,
      rerender: (p: { pending?: boolean }) => flushSync(() => root!.render(<Harness calls={calls} {...props} {...p} />)),
    };
  }

  it('is a labelled, described, modal alertdialog that focuses Cancel first', async () => {
    const t = mount();
    expect(t.dialog()).to.be.null;
    t.open();
    const dialog = await t.opened();
    expect(dialog.getAttribute('aria-modal')).to.equal('true');
    const title = t.root.getElementById(dialog.getAttribute('aria-labelledby')!);
    const description = t.root.getElementById(dialog.getAttribute('aria-describedby')!);
    expect(title?.textContent).to.equal('Start the evacuation of Warehouse Antwerp?');
    expect(description?.textContent).to.equal('All people at Warehouse Antwerp will be told to leave the building now.');
    await waitFor(() => expect(t.root.activeElement).to.equal(t.button('Cancel')));
    // The styles are adopted into the shadow root it renders in, not the document.
    expect(getComputedStyle(dialog).borderTopWidth).to.equal('6px');
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

  it('Cancel by keyboard closes and returns focus too', async () => {
    const t = mount();
    t.open();
    await waitFor(() => expect(t.root.activeElement).to.equal(t.button('Cancel')));
    await press('Enter');
    await waitFor(() => expect(t.dialog()).to.be.null);
    expect(t.calls).to.deep.equal({ confirm: 0, cancel: 1 });
    expect(t.root.activeElement).to.equal(t.opener);
  });

  it('keeps Tab and Shift+Tab inside the dialog', async () => {
    const t = mount();
    t.open();
    await t.opened();
    const cancel = t.button('Cancel')!;
    const confirm = t.button('Start evacuation')!;
    await waitFor(() => expect(t.root.activeElement).to.equal(cancel));
    await press('Tab');
    expect(t.root.activeElement).to.equal(confirm);
    await press('Tab');
    expect(t.root.activeElement).to.equal(cancel);
    await press('Shift+Tab');
    expect(t.root.activeElement).to.equal(confirm);
    await press('Shift+Tab');
    expect(t.root.activeElement).to.equal(cancel);
    for (let i = 0; i < 5; i++) await press('Tab');
    expect(t.dialog()!.contains(t.root.activeElement)).to.equal(true);
    expect(t.calls).to.deep.equal({ confirm: 0, cancel: 0 });
  });

  it('cycles through extra content too', async () => {
    const t = mount({ withField: true });
    t.open();
    const input = (await t.opened()).querySelector('input')!;
    await waitFor(() => expect(t.root.activeElement).to.equal(t.button('Cancel')));
    await press('Tab'); // → confirm (last)
    await press('Tab'); // → wraps to the field (first)
    expect(t.root.activeElement).to.equal(input);
    await press('Shift+Tab'); // → wraps to confirm
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
    await waitFor(() => expect(t.dialog()!.contains(t.root.activeElement)).to.equal(true));
    // Escape while the action is under way does not pretend to cancel it.
    await press('Escape');
    expect(t.dialog()).not.to.be.null;
    expect(t.calls.cancel).to.equal(0);
    await press('Tab');
    expect(t.dialog()!.contains(t.root.activeElement)).to.equal(true);

    t.rerender({ pending: false });
    expect(t.button('Start evacuation')!.disabled).to.equal(false);
    expect(
      t.button('Start evacuation')!.hasAttribute('aria-busy') && t.button('Start evacuation')!.getAttribute('aria-busy') !== 'false',
    ).to.equal(false);
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

  it('armed: never arms while the page shows it transparently (a framing trick), so clicks do nothing', async () => {
    const t = mount({ armed: true });
    t.host.style.opacity = '0.01';
    t.open();
    const confirm = (await t.opened()) && t.button('Start evacuation')!;
    await new Promise((r) => setTimeout(r, 1200));
    expect(confirm.getAttribute('aria-disabled')).to.equal('true');
    confirm.click();
    expect(t.calls.confirm).to.equal(0);
    // Shown normally again, it arms after the delay.
    t.host.style.opacity = '';
    await waitFor(() => expect(confirm.hasAttribute('aria-disabled')).to.equal(false), { timeout: 3000 });
    confirm.click();
    expect(t.calls.confirm).to.equal(1);
  });
});
