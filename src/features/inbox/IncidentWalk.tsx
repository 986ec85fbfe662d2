import type { IncidentFilters } from '../../core/inbox/filters.ts';
import { useNeighbours } from './useNeighbours.ts';
import { WalkView } from './WalkView.tsx';

/**
 * The incident page's previous / next, as its lazy part: with it comes the list's paging
 * code, which the incident itself does not need (coming from the list, that code is
 * already on the page). Until it is there the page shows {@link WalkView} without
 * neighbours, as it does until the list is known.
 */
export function IncidentWalk({ uuid, filters, search }: { uuid: string; filters: IncidentFilters; search: Record<string, string> }) {
  return <WalkView around={useNeighbours(uuid, filters)} search={search} />;
}
