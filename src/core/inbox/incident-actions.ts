/**
 * Acting on an incident (docs/product.md#acknowledge-comment-handle): acknowledging it
 * ("I'm on it"), commenting on it, handling it with an outcome — through the one API client.
 * The answer is the incident as it now is: it replaces the cached incident and its list
 * rows at once, and a handling renews the open-incidents count (the inbox's live module,
 * the one place that loads it). Colleagues' pages hear of it over the live channel.
 *
 * A failure leaves everything as shown and says so in a toast, except a 401 (the session's:
 * the client has it checked) and a refused comment or note (422), whose message the form
 * shows beside what the user typed. A call already under way for the same incident and
 * action is shared, so a double click sends one request.
 */
import * as Answers from '../api/answer-names.ts';
import type { IncidentOutcome } from '../api/constants.ts';
import type { Incident } from '../api/contract.ts';
import { isApiError, isAborted, isUnauthorized, request } from '../api/client.ts';
import { $language } from '../i18n/languages.ts';
import { incidentCache } from '../resources/resources.ts';
import { shared } from '../shared.ts';
import { showError, showToast } from '../toasts/toasts.ts';
import { incidentList } from './lists.ts';

export type IncidentAction = 'acknowledge' | 'comment' | 'handle';

export type ActionResult =
  | { ok: true; incident: Incident }
  /**
   * `fieldErrors`: the server's messages by field (`text`, `note`, `outcome`), for the form;
   * `handledAlready`: someone handled it meanwhile (a toast said so, the incident is loaded again).
   */
  | { ok: false; fieldErrors: Record<string, string>; handledAlready?: true };

const ERROR_KEYS: Record<IncidentAction, string> = {
  acknowledge: 'core.toastErrors.acknowledgeIncident',
  comment: 'core.toastErrors.commentIncident',
  handle: 'core.toastErrors.handleIncident',
};

const running = shared('inbox.incidentActions', () => new Map<string, Promise<ActionResult>>());

/** The fields of a list row that acting on its incident changes. */
export function actedFields(incident: Incident): Pick<Incident, 'handled_by' | 'acknowledged_at' | 'acknowledged_by' | 'outcome'> {
  return {
    handled_by: incident.handled_by,
    acknowledged_at: incident.acknowledged_at ?? null,
    acknowledged_by: incident.acknowledged_by ?? null,
    outcome: incident.outcome ?? null,
  };
}

/** Shows the incident as the server now has it: its page and its rows in the list. */
export function showActed(incident: Incident): void {
  incidentCache.set(incident.uuid, { ...incidentCache.peek(incident.uuid), ...incident });
  const fields = actedFields(incident);
  incidentList.update(incident.uuid, (row) =>
    (Object.keys(fields) as (keyof typeof fields)[]).every((k) => (row[k] ?? null) === fields[k]) ? row : { ...row, ...fields },
  );
}

/** The open-incidents count, loaded again where something shows it (its one loader). */
function renewOpenCount(): void {
  void import('./live/live.ts').then((live) => live.refresh(['open']));
}

function failed(uuid: string, action: IncidentAction, e: unknown): ActionResult {
  if (isUnauthorized(e) || isAborted(e)) return { ok: false, fieldErrors: {} };
  if (isApiError(e) && e.status === 409) {
    // Handled meanwhile (by the control room or a colleague): say so and show how.
    showToast({ type: 'info', key: 'core.toastErrors.incidentHandledAlready' });
    void incidentCache.load(uuid, { force: true, renew: true }).then(showActed, () => {});
    renewOpenCount();
    return { ok: false, fieldErrors: {}, handledAlready: true };
  }
  if (isApiError(e) && e.status === 422) {
    const fieldErrors = e.fieldErrors();
    if (Object.keys(fieldErrors).length) return { ok: false, fieldErrors };
  }
  showError(ERROR_KEYS[action]);
  return { ok: false, fieldErrors: {} };
}

function act(uuid: string, action: IncidentAction, path: string, body?: unknown): Promise<ActionResult> {
  const key = `${action} ${uuid}`;
  const under = running.get(key);
  if (under) return under;
  const promise = request('POST', `/api/v2/incidents/${encodeURIComponent(uuid)}/${path}`, Answers.incident, {
    query: { locale: $language.get() },
    ...(body === undefined ? {} : { body }),
  })
    .then(
      ({ data }): ActionResult => {
        showActed(data);
        if (action === 'handle') renewOpenCount();
        return { ok: true, incident: data };
      },
      (e: unknown) => failed(uuid, action, e),
    )
    .finally(() => running.delete(key));
  running.set(key, promise);
  return promise;
}

/** "I'm on it": shared with everyone on the project. A second acknowledgement keeps the first. */
export function acknowledgeIncident(uuid: string): Promise<ActionResult> {
  return act(uuid, 'acknowledge', 'acknowledge');
}

/** A plain-text comment for the control room and colleagues (1–1,000 characters once trimmed). */
export function commentOnIncident(uuid: string, text: string): Promise<ActionResult> {
  return act(uuid, 'comment', 'comments', { text });
}

/** Handles the incident with what was found and an optional note: it is no longer open. */
export function handleIncident(uuid: string, outcome: IncidentOutcome, note?: string): Promise<ActionResult> {
  const trimmed = note?.trim();
  return act(uuid, 'handle', 'handle', trimmed ? { outcome, note: trimmed } : { outcome });
}
