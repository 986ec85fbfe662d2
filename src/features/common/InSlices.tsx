import { startTransition, useLayoutEffect, useState, type ReactNode } from 'react';

/**
 * Renders `children` as a transition, right after a first commit without them: React then
 * yields to the browser every few milliseconds while it renders the tree, instead of holding
 * the main thread until the whole tree is done. For a large first render (the portal's
 * header and page), so that a tap, a key or an answer arriving is not kept waiting by it.
 * A render of children as a transition can be set aside and made again (a store change
 * meanwhile restarts it): what they make while rendering must not count on running once.
 */
export function InSlices({ children }: { children: ReactNode }) {
  const [shown, show] = useState(false);
  useLayoutEffect(() => startTransition(() => show(true)), []);
  return shown ? children : null;
}
