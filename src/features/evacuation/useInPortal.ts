import type { CoverageScope } from '../../core/evacuation/coverage.ts';
import { useElementScope } from '../common/element/context.ts';

/**
 * Whether this tree renders inside the hosted portal (`<vigil-portal>`), not as a single
 * element on an integrator's page: the evacuation block is a calm row there, and the
 * page-wide bar the loud place. (Here, not beside useElementScope: pages without an
 * evacuation block do not carry it.)
 */
export function useInPortal(): boolean {
  return useElementScope().host?.localName === 'vigil-portal';
}

/**
 * Whether a block of `scope` may take the calm row (a portal page's project or site; a
 * system's block stays a card headed by its site). The control's loading card and the
 * control itself both ask here, so the card has the shape the control then takes.
 */
export function calmRowFor(scope: CoverageScope, inPortal: boolean): boolean {
  return inPortal && scope !== 'system';
}
