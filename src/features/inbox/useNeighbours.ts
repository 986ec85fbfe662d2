import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { filterQuery, type IncidentFilters } from '../../core/inbox/filters.ts';
import { incidentList, setIncidentFilters } from '../../core/inbox/lists.ts';
import { itemAt } from '../../core/inbox/pagedList.ts';

/** How far into the list an incident opened from a link (not from the list) is looked for. */
const SEARCH_PAGES = 10;

export interface Neighbours {
  /** 0-based position in the list, and the list's length. */
  index: number;
  total: number;
  previous: string | undefined;
  next: string | undefined;
}

/**
 * Where an incident sits in the incidents list with `filters` (the list the user came
 * from: same order, same filters), and the incidents before and after it. Uses the
 * page-wide list, so coming from the list costs no request; opened from a link, the list's
 * first pages are loaded until the incident is found. Undefined while not known (or when
 * it is not in the list's first pages).
 */
export function useNeighbours(uuid: string, filters: IncidentFilters): Neighbours | undefined {
  const state = useStore(incidentList.$state);
  const key = new URLSearchParams(filterQuery(filters)).toString();
  useEffect(() => {
    setIncidentFilters(filters);
    incidentList.start();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the filters, by value
  }, [key]);

  const perPage = incidentList.perPage;
  let index = -1;
  for (const [page, rows] of Object.entries(state.pages)) {
    const i = rows.findIndex((r) => r?.uuid === uuid);
    if (i !== -1) {
      index = (Number(page) - 1) * perPage + i;
      break;
    }
  }
  const total = state.total ?? 0;
  const ready = state.status === 'ready';

  useEffect(() => {
    if (!ready) return;
    if (index !== -1) {
      incidentList.ensureRange(Math.max(0, index - 1), index + 1);
      return;
    }
    // Not among the loaded rows: load the next page of the first few, one at a time.
    const pages = Math.min(SEARCH_PAGES, Math.ceil(total / perPage));
    for (let page = 1; page <= pages; page++) {
      if (state.pages[page] && !state.stale.includes(page)) continue;
      if (state.loading.includes(page) || state.failed.includes(page)) return;
      incidentList.ensureRange((page - 1) * perPage, (page - 1) * perPage);
      return;
    }
  }, [ready, index, total, perPage, state.pages, state.loading, state.failed, state.stale]);

  if (!ready || index === -1) return undefined;
  return {
    index,
    total,
    previous: index > 0 ? itemAt(state, perPage, index - 1)?.uuid : undefined,
    next: index + 1 < total ? itemAt(state, perPage, index + 1)?.uuid : undefined,
  };
}
