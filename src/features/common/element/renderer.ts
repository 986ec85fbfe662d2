/**
 * The React renderer for r2wc (what @r2wc/react-to-web-component does, plus root options).
 * Errors caught by our error boundaries are handled there (a translated message, logged
 * only when unexpected): React 19 would otherwise also log every caught error to the
 * console — a page that failed to load is an expected state, not a console error.
 */
import { createElement, type ComponentType } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import r2wcCore from '@r2wc/core';

export interface Context {
  root: Root;
  Component: ComponentType<object>;
}

export const renderer = {
  mount(container: HTMLElement, Component: ComponentType<object>, props: object): Context {
    const root = createRoot(container, { onCaughtError: () => undefined });
    root.render(createElement(Component, props));
    return { root, Component };
  },
  update({ root, Component }: Context, props: object): void {
    root.render(createElement(Component, props));
  },
  unmount({ root }: Context): void {
    root.unmount();
  },
};

export function r2wc<P extends object>(
  Component: ComponentType<P>,
  options: Parameters<typeof r2wcCore<P & { container?: HTMLElement }, Context>>[1],
): CustomElementConstructor {
  return r2wcCore(Component as ComponentType<P & { container?: HTMLElement }>, options, renderer as never);
}
