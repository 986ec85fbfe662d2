/**
 * The page's global toast region. Internal: the first Vigil element on a page appends one
 * to <body>; integrators never need to add it. While an element's confirmation dialog is
 * open (a modal dialog: the rest of the page is inert), the toasts show inside that dialog,
 * as parts of that element.
 *
 * @tagname vigil-toast-region
 * @csspart toasts - the stack of toasts
 * @csspart toast - one toast
 * @csspart toast-alarm - a toast about a critical or high incident, which stays until dismissed
 */
export { VigilToastRegion } from '../src/features/common/toastRegionElement.ts';
