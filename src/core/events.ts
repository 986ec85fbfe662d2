/**
 * The suite's public events: `vigil-<what>` CustomEvents that bubble and are composed, so
 * integrators can listen on the element or anywhere above it. Details are typed here, in
 * one place (and re-exported in the package's type declarations).
 */
/** The server's evacuation status, as the events carry it (kept self-contained for the published types). */
export interface VigilEvacuationStatus {
  status: 'inactive' | 'active';
  started_at: string | null;
  started_by: string | null;
  aborted_at: string | null;
  /** On a project's status: its sites with an evacuation of their own (absent on a site's status). */
  active_sites?: { uuid: string; name: string; started_at: string | null; started_by: string | null }[];
}

/** A newly arrived incident, as `vigil-incident-received` carries it. */
export interface VigilIncidentSummary {
  uuid: string;
  title: string;
  severity: 'low' | 'medium' | 'high' | 'critical';
  /** The site it happened at (uuid and name), when it has one. */
  site: { uuid: string; name: string } | null;
  /** ISO 8601 time it happened. */
  occurred_at: string;
}

export interface VigilEventDetails {
  /** A user signed in: `<vigil-login>`, the portal, or the compact sign-in an element shows when signed out. */
  'vigil-signed-in': { username: string; name: string };
  'vigil-signed-out': Record<string, never>;
  'vigil-language-changed': { language: string };
  'vigil-evacuation-started': { scope: 'project' | 'site'; uuid: string; status: VigilEvacuationStatus | null };
  'vigil-evacuation-aborted': { scope: 'project' | 'site'; uuid: string; status: VigilEvacuationStatus | null };
  'vigil-notification-read': { uuid: string; unread: number };
  /** An incident arrived while the page was open (not the ones there at first load). */
  'vigil-incident-received': VigilIncidentSummary;
  /** The unread-notifications count changed (new notifications, one read, another tab). */
  'vigil-unread-changed': { count: number; previous: number };
  /**
   * The open-incidents count (incidents the control room has not handled yet) changed: an
   * incident arrived or was handled. `previous` is null for the first count loaded for the
   * signed-in user.
   */
  'vigil-open-incidents-changed': { count: number; previous: number | null };
  'vigil-schedule-saved': { project: string; sites: string[] };
  'vigil-project-user-changed': { project: string; user: string; change: 'added' | 'updated' | 'removed' };
}

export type VigilEventName = keyof VigilEventDetails;

/** Dispatches a bubbling, composed `vigil-*` event from `target` (an element's host). */
export function emit<K extends VigilEventName>(target: EventTarget | null | undefined, name: K, detail: VigilEventDetails[K]): void {
  target?.dispatchEvent(new CustomEvent(name, { detail, bubbles: true, composed: true }));
}
