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
