import { defineElement } from './element/defineElement.tsx';
import { ToastRegionHost } from './ToastRegionHost.tsx';

/**
 * `<vigil-toast-region>`, the page's global toast region (elements/vigil-toast-region.ts).
 * Defined here, in the base every element loads, rather than in the element's entry: each
 * element's entry imports it, and as a file of its own it cost every page one request and
 * some 0.2 KB gz more.
 */
export const VigilToastRegion = defineElement({
  tag: 'vigil-toast-region',
  component: ToastRegionHost,
  session: 'optional',
  internal: true,
});
