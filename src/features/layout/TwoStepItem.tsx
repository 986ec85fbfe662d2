import './messages/bundled-two-step.ts';
import { useStore } from '@nanostores/react';
import { $currentUser } from '../../core/session/session.ts';
import { useStyles } from '../common/useStyles.ts';
import { useT } from '../common/useT.ts';
import twoStepCss from './twoStep.css?inline';
import { useMenuDialog } from './useMenuDialog.tsx';
import { preloadable } from '../common/preloadable.tsx';

// The dialog (with the QR code's encoder) loads only when someone opens it.
const TwoStepDialog = preloadable(() => import('./TwoStepDialog.tsx').then((m) => ({ default: m.TwoStepDialog })));

/**
 * "Two-step sign-in" in the user menu, saying whether it is on; opens the dialog that
 * turns it on (QR code, first code, recovery codes) or off.
 */
export function TwoStepItem() {
  const t = useT();
  useStyles(twoStepCss);
  const user = useStore($currentUser);
  const on = user?.mfa_enabled === true;
  const { itemRef, openDialog, portal } = useMenuDialog((close) => <TwoStepDialog onClose={close} />);
  return (
    <>
      <button ref={itemRef} type="button" className="ly-item two-step-item" aria-haspopup="dialog" onClick={openDialog}>
        <span>{t('layout.twoStep.item')}</span>
        <span className={on ? 'two-step-state two-step-state--on' : 'two-step-state'}>
          {t(on ? 'layout.twoStep.stateOn' : 'layout.twoStep.stateOff')}
        </span>
      </button>
      {portal}
    </>
  );
}
