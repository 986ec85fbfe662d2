import { useEffect } from 'react';
import type { Incident } from '../../core/api/contract.ts';
import { emit, type VigilIncidentSummary } from '../../core/events.ts';
import type { LiveNeed } from '../../core/inbox/live/live.ts';
import { $unreadCount } from '../../core/session/session.ts';
import { useElementScope } from '../common/element/context.ts';

export function incidentSummary(incident: Incident): VigilIncidentSummary {
  const { uuid, title, severity, occurred_at, site } = incident;
  return { uuid, title, severity, occurred_at, site: site ? { uuid: site.uuid, name: site.name } : null };
}

// Its own chunk, loaded after the first render: nothing polls before one interval anyway.
const loadLive = () => import('../../core/inbox/live/live.ts');

/** Runs `subscribe` from the live module once it is loaded; undoes it on cleanup. */
function withLive(subscribe: (live: Awaited<ReturnType<typeof loadLive>>) => () => void): () => void {
  let undo: (() => void) | undefined;
  let cancelled = false;
  void loadLive().then((live) => {
    if (!cancelled) undo = subscribe(live);
  });
  return () => {
    cancelled = true;
    undo?.();
  };
}

/**
 * Keeps `needs` fresh while the component is shown (live updates, see core/inbox/live) and,
 * when asked, dispatches from the element's host `vigil-incident-received` for each
 * incident that arrives and `vigil-unread-changed` when the unread count changes.
 */
export function useLive(needs: readonly LiveNeed[], events: { incidents?: boolean; unread?: boolean } = {}): void {
  const { host } = useElementScope();
  const key = needs.join(',');
  useEffect(() => withLive((live) => live.watchLive(key.split(',') as LiveNeed[])), [key]);
  useEffect(() => {
    if (!events.incidents || !host) return;
    return withLive((live) => live.onIncidentReceived((incident) => emit(host, 'vigil-incident-received', incidentSummary(incident))));
  }, [host, events.incidents]);
  useEffect(() => {
    if (!events.unread || !host) return;
    let previous = $unreadCount.get();
    return $unreadCount.listen((count) => {
      if (count === previous) return;
      emit(host, 'vigil-unread-changed', { count, previous });
      previous = count;
    });
  }, [host, events.unread]);
}
