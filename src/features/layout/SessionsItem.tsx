import './messages/bundled-sessions.ts';

import { useStyles } from '../common/useStyles.ts';
import { useT } from '../common/useT.ts';
import sessionsCss from './sessions.css?inline';
import { useMenuDialog } from './useMenuDialog.tsx';
import { preloadable } from '../common/preloadable.tsx';

// The dialog (and the sessions' calls) loads only when someone opens it.
const SessionsDialog = preloadable(() => import('./SessionsDialog.tsx').then((m) => ({ default: m.SessionsDialog })));

/**
 * "Where you're signed in" in the user menu: opens the dialog that lists the user's
 * sessions and the latest sign-in attempts.
 */
export function SessionsItem() {
  const t = useT();
  useStyles(sessionsCss);
  const { itemRef, openDialog, portal } = useMenuDialog((close) => <SessionsDialog onClose={close} />);
  return (
    <>
      <button ref={itemRef} type="button" className="ly-item ses-item" aria-haspopup="dialog" onClick={openDialog}>
        {t('layout.sessions.item')}
      </button>
      {portal}
    </>
  );
}
