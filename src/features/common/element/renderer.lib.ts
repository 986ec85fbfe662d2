/**
 * The library build's renderer (vite.lib.config.ts puts it in place of renderer.ts for
 * every importer but this file): elements an app mounts together render in slices, the
 * first one at once. A framework's commit puts an app's elements in the page in one run of
 * script, and each element's first render came right after the other's, holding the main
 * thread until the last one was done. Rendered in slices (`InSlices`: a transition, which
 * yields to the browser every few milliseconds), a tap or a key is not kept waiting behind
 * them. dist/ (script tags, mostly one element a page) carries none of it.
 */
import { createElement, type ComponentType } from 'react';
import r2wcCore from '@r2wc/core';
import { InSlices } from '../InSlices.tsx';
import { renderer as plain, type Context } from './renderer.ts';

/** An element was mounted earlier in this run of script (cleared once the run is over). */
let mountedInRun = false;

const sliced = new WeakMap<ComponentType<object>, ComponentType<object>>();
/** `Component` inside `InSlices`, one per component (so that an update keeps the tree). */
function inSlices(Component: ComponentType<object>): ComponentType<object> {
  let Sliced = sliced.get(Component);
  if (!Sliced) {
    Sliced = (props: object) => createElement(InSlices, null, createElement(Component, props));
    sliced.set(Component, Sliced);
  }
  return Sliced;
}

export const renderer = {
  ...plain,
  mount(container: HTMLElement, Component: ComponentType<object>, props: object): Context {
    if (mountedInRun) return plain.mount(container, inSlices(Component), props);
    mountedInRun = true;
    queueMicrotask(() => (mountedInRun = false));
    return plain.mount(container, Component, props);
  },
};

export function r2wc<P extends object>(
  Component: ComponentType<P>,
  options: Parameters<typeof r2wcCore<P & { container?: HTMLElement }, Context>>[1],
): CustomElementConstructor {
  return r2wcCore(Component as ComponentType<P & { container?: HTMLElement }>, options, renderer as never);
}
