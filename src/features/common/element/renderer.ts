/**
 * The React renderer for r2wc (what @r2wc/react-to-web-component does, plus root options).
 * Errors caught by our error boundaries are handled there (a translated message, logged
 * only when unexpected): React 19 would otherwise also log every caught error to the
 * console — a page that failed to load is an expected state, not a console error.
 */
import { createElement, startTransition, type ComponentType } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import r2wcCore from '@r2wc/core';

interface Context {
  root: Root;
  Component: ComponentType<object>;
}

/** How an element's first render runs. */
export type FirstRender = 'at-once' | 'in-slices';

const rendererFor = (first: FirstRender) => ({
  mount(container: HTMLElement, Component: ComponentType<object>, props: object): Context {
    const root = createRoot(container, { onCaughtError: () => undefined });
    const render = () => root.render(createElement(Component, props));
    // In slices: React renders the first tree as a transition, yielding to the browser
    // every few milliseconds instead of holding the main thread for the whole tree.
    if (first === 'in-slices') startTransition(render);
    else render();
    return { root, Component };
  },
  update({ root, Component }: Context, props: object): void {
    root.render(createElement(Component, props));
  },
  unmount({ root }: Context): void {
    root.unmount();
  },
});

export function r2wc<P extends object>(
  Component: ComponentType<P>,
  options: Parameters<typeof r2wcCore<P & { container?: HTMLElement }, Context>>[1],
  first: FirstRender = 'at-once',
): CustomElementConstructor {
  return r2wcCore(Component as ComponentType<P & { container?: HTMLElement }>, options, rendererFor(first) as never);
}
