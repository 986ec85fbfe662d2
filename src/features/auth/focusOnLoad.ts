import { useState } from 'react';

/**
 * Whether a form may put the focus in its first field as it appears. Yes in a top-level
 * page; in a page shown in someone else's frame (the portal in an iframe) only when the
 * user is already working in that frame: a frame that grabs the focus on load takes the
 * keyboard (and the scroll position) away from the page around it.
 */
export function mayTakeFocus(win: Window = window): boolean {
  let framed: boolean;
  try {
    framed = win.self !== win.top;
  } catch {
    framed = true;
  }
  return !framed || win.document.hasFocus();
}

/** `wanted`, decided once when the form mounts, and only where `mayTakeFocus()` allows it. */
export function useFocusOnLoad(wanted: boolean): boolean {
  const [allowed] = useState(() => wanted && mayTakeFocus());
  return allowed;
}
