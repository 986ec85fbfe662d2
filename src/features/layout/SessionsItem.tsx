import './messages/bundled-sessions.ts';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useStyles } from '../common/useStyles.ts';
import { useT } from '../common/useT.ts';
import { MENU_DIALOG_EVENT } from './menuDialog.ts';
import sessionsCss from './sessions.css?inline';

// The dialog (and the sessions' calls) loads only when someone opens it.
const SessionsDialog = lazy(() => import('./SessionsDialog.tsx').then((m) => ({ default: m.SessionsDialog })));

/**
 * "Where you're signed in" in the user menu: opens the dialog that lists the user's
 * sessions and the latest sign-in attempts. Opening it closes the menu (the dialog sits
 * beside the menu's panel, not in it); closing it returns focus to the menu's button.
 */
export function SessionsItem() {
  const t = useT();
  useStyles(sessionsCss);
  const [open, setOpen] = useState(false);
  const itemRef = useRef<HTMLButtonElement>(null);
  const menu = itemRef.current?.closest('.user-menu');
  function openDialog() {
    setOpen(true);
    itemRef.current?.dispatchEvent(new Event(MENU_DIALOG_EVENT, { bubbles: true }));
  }
  // Once the dialog has closed, the menu's button takes focus (this item is hidden with the menu).
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
      <button ref={itemRef} type="button" className="ly-item ses-item" aria-haspopup="dialog" onClick={openDialog}>
        {t('layout.sessions.item')}
      </button>
      {open &&
        menu &&
        createPortal(
          <Suspense fallback={null}>
            <SessionsDialog onClose={() => setOpen(false)} />
          </Suspense>,
          menu,
        )}
    </>
  );
}
