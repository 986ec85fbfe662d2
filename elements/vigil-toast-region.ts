/**
 * The page's global toast region. Internal: the first Vigil element on a page appends one
 * to <body>; integrators never need to add it.
 *
 * @tagname vigil-toast-region
 * @csspart toasts - the stack of toasts
 * @csspart toast - one toast
 */
export { VigilToastRegion } from '../src/features/common/toastRegionElement.ts';
