import { defineElement } from '../src/features/common/element/defineElement.tsx';
import { ToastRegionHost } from '../src/features/common/ToastRegionHost.tsx';

/**
 * The page's global toast region. Internal: the first Vigil element on a page appends one
 * to <body>; integrators never need to add it.
 *
 * @tagname vigil-toast-region
 * @csspart toasts - the stack of toasts
 * @csspart toast - one toast
 */
export const VigilToastRegion = defineElement({ tag: 'vigil-toast-region', component: ToastRegionHost, session: 'optional', internal: true });
