import './messages/bundled-two-step.ts';
import { useStore } from '@nanostores/react';
import { lazy, Suspense, useState } from 'react';
import { $currentUser } from '../../core/session/session.ts';
import { useStyles } from '../common/useStyles.ts';
import { useT } from '../common/useT.ts';
import twoStepCss from './twoStep.css?inline';

// The dialog (with the QR code's encoder) loads only when someone opens it.
const TwoStepDialog = lazy(() => import('./TwoStepDialog.tsx').then((m) => ({ default: m.TwoStepDialog })));

/**
 * "Two-step sign-in" in the user menu, saying whether it is on; opens the dialog that
 * turns it on (QR code, first code, recovery codes) or off. The dialog is modal and
 * rendered inside the menu, so the menu stays open behind it and focus returns here.
 */
export function TwoStepItem() {
  const t = useT();
  useStyles(twoStepCss);
  const user = useStore($currentUser);
  const [open, setOpen] = useState(false);
  const on = user?.mfa_enabled === true;
  return (
    <>
      <button type="button" className="ly-item two-step-item" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        <span>{t('layout.twoStep.item')}</span>
        <span className={on ? 'two-step-state two-step-state--on' : 'two-step-state'}>
          {t(on ? 'layout.twoStep.stateOn' : 'layout.twoStep.stateOff')}
        </span>
      </button>
      {open && (
        <Suspense fallback={null}>
          <TwoStepDialog onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
