import './messages/bundled-two-step.ts';
import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { $currentUser } from '../../core/session/session.ts';
import { useStyles } from '../common/useStyles.ts';
import { useT } from '../common/useT.ts';
import twoStepCss from './twoStep.css?inline';
import { MENU_DIALOG_EVENT } from './menuDialog.ts';

// The dialog (with the QR code's encoder) loads only when someone opens it.
const TwoStepDialog = lazy(() => import('./TwoStepDialog.tsx').then((m) => ({ default: m.TwoStepDialog })));

/**
 * "Two-step sign-in" in the user menu, saying whether it is on; opens the dialog that
 * turns it on (QR code, first code, recovery codes) or off. Opening it closes the menu
 * (the dialog sits beside the menu's panel, not in it); closing it returns focus to the
 * menu's button.
 */
export function TwoStepItem() {
  const t = useT();
  useStyles(twoStepCss);
  const user = useStore($currentUser);
  const [open, setOpen] = useState(false);
  const itemRef = useRef<HTMLButtonElement>(null);
  const menu = itemRef.current?.closest('.user-menu');
  const on = user?.mfa_enabled === true;
  function openDialog() {
    setOpen(true);
    itemRef.current?.dispatchEvent(new Event(MENU_DIALOG_EVENT, { bubbles: true }));
  }
  // Once the dialog has closed (and given focus back to this hidden item), the menu's button takes it.
  const opened = useRef(false);
  useEffect(() => {
    if (open) opened.current = true;
    else if (opened.current) {
      opened.current = false;
      itemRef.current?.closest('.user-menu')?.querySelector<HTMLElement>('.user-button')?.focus();
    }
  }, [open]);
  return (
    <>
      <button ref={itemRef} type="button" className="ly-item two-step-item" aria-haspopup="dialog" onClick={openDialog}>
        <span>{t('layout.twoStep.item')}</span>
        <span className={on ? 'two-step-state two-step-state--on' : 'two-step-state'}>
          {t(on ? 'layout.twoStep.stateOn' : 'layout.twoStep.stateOff')}
        </span>
      </button>
      {open &&
        menu &&
        createPortal(
          <Suspense fallback={null}>
            <TwoStepDialog onClose={() => setOpen(false)} />
          </Suspense>,
          menu,
        )}
    </>
  );
}
