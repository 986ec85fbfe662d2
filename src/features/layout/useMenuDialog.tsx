import { useEffect, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { MENU_DIALOG_EVENT } from './menuDialog.ts';

/**
 * A user-menu item that opens a dialog: opening it closes the menu (the dialog sits beside
 * the menu's panel, not in it, rendered with `dialog(close)`), and once the dialog has
 * closed the menu's button takes focus (the item itself is hidden with the menu).
 */
export function useMenuDialog(dialog: (close: () => void) => ReactNode) {
  const [open, setOpen] = useState(false);
  const itemRef = useRef<HTMLButtonElement>(null);
  const opened = useRef(false);
  useEffect(() => {
    if (open) opened.current = true;
    else if (opened.current) {
      opened.current = false;
      itemRef.current?.closest('.user-menu')?.querySelector<HTMLElement>('.user-button')?.focus();
    }
  }, [open]);

  function openDialog() {
    setOpen(true);
    itemRef.current?.dispatchEvent(new Event(MENU_DIALOG_EVENT, { bubbles: true }));
  }

  const menu = itemRef.current?.closest('.user-menu');
  const portal =
    open && menu
      ? createPortal(
          dialog(() => setOpen(false)),
          menu,
        )
      : null;
  return { itemRef, openDialog, portal };
}
