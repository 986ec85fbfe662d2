/** Dispatched (bubbling) by a header menu's item that opens a dialog: the menu closes behind it. */
export const MENU_DIALOG_EVENT = 'ly-menu-dialog';
