import { createContext, useContext } from 'react';

/**
 * The element an element-tree renders in (its host and shadow root). React context is used
 * only inside one element's own React root; it never carries shared state across elements.
 */
export interface ElementScope {
  host: HTMLElement | null;
  root: ShadowRoot | null;
}

export const ElementScopeContext = createContext<ElementScope>({ host: null, root: null });

export function useElementScope(): ElementScope {
  return useContext(ElementScopeContext);
}
