/**
 * Evacuation of a project or a site (docs/product.md#session, #api-calls): the page-wide statuses (a
 * store of the resource helper, like every store that loads), each target's action state
 * beside them, and the start / abort actions. A safety action, so:
 * - the screen shows what the server said, never a guess: after an action the status is
 *   fetched again; a failed action leaves the last known status as it was;
 * - one confirmation sends one POST: it carries an `Idempotency-Key` made when the
 *   dialog opened ({@link createIntent}); a retry after a failure reuses that key, and a
 *   second confirm (from this control or another one for the same target) while one is
 *   under way sends nothing and shares its outcome.
 */
import { map } from 'nanostores';
import * as Answers from '../api/answer-names.ts';
import type { EvacuationMode, EvacuationStatus as Status } from '../api/contract.ts';
import { isAborted, isUnauthorized, readAs, request, type ApiError } from '../api/client.ts';
import { emit } from '../events.ts';
import { $liveState, type LiveState } from '../live/state.ts';
import { createResource } from '../resources/resource.ts';
import { $currentUser, onSignOut } from '../session/session.ts';
import { shared } from '../shared.ts';
import { showError } from '../toasts/toasts.ts';

export type EvacuationScope = 'project' | 'site';
export type EvacuationAction = 'start' | 'abort';

/** What the page knows of one target: its status entry and its action state, read together. */
export interface EvacuationEntry extends ActionState {
  /** The server's last answer; undefined until one arrived. */
  status?: Status;
  /**
   * When the server last confirmed that answer (ms since epoch): its arrival, or later while
   * the live stream has told of every change since. Shown as "checked at".
   */
  checkedAt?: number;
  /** Nothing is known yet and a load is under way (a known status stays shown while it reloads). */
  loading: boolean;
  /** The last status load failed (cleared by the next successful one). */
  error?: ApiError;
  /**
   * `status` was kept from an earlier visit and the server has not answered on this one:
   * it is no state to show, only what was (docs/product.md#a-second-visit).
   */
  kept?: boolean | undefined;
}

/** A target's actions, page-wide (every control of the target shows them). */
export interface ActionState {
  /** An action under way. */
  pending?: EvacuationAction;
  /** The last action that failed, until the next attempt or success. */
  failed?: EvacuationAction;
  /** An action the server accepted whose resulting status could not be loaded yet. */
  unconfirmed?: EvacuationAction;
}

/** One confirmation dialog's action: its idempotency key lives as long as the dialog. */
export interface EvacuationIntent {
  readonly scope: EvacuationScope;
  readonly uuid: string;
  readonly action: EvacuationAction;
  readonly key: string;
  /** The server accepted it: confirming again sends nothing. */
  done: boolean;
  /** A start's choice, made in the dialog before confirming: a drill or a real evacuation. */
  mode?: EvacuationMode;
  /** A start's optional reason, shown to everyone who sees the evacuation. */
  message?: string;
}

export const targetKey = (scope: EvacuationScope, uuid: string): string => `${scope}:${uuid}`;

/** The failure of the last status load stays on its entry while the next one is under way. */
const KEEP_ERRORS = true;

const statusPath = (key: string) => {
  const [scope, uuid] = key.split(':') as [EvacuationScope, string];
  return `/api/public/v2/${scope}s/${encodeURIComponent(uuid)}/evacuation/status`;
};

/**
 * The statuses (GET …/v2/{scope}s/{uuid}/evacuation/status) by `targetKey(scope, uuid)`:
 * entries of the resource helper (core/resources/resource.ts), so two controls for one
 * target read one entry and share one request, and sign-out forgets them, answers still
 * under way included. A reload leaves the last failure on the entry until it answers
 * (`keepErrors`): "not confirmed" is made of it, and a failure toasts only when it starts
 * a streak, never for a quiet load (polling after the first failure, the check after an
 * action) nor an aborted one, nor a 401 (the client has the session checked).
 */
const statuses = createResource<Status>(
  'evacuation-statuses',
  (key, options) =>
    request('GET', statusPath(key), Answers.evacuation).then(
      ({ data }) => data,
      (e: ApiError) => {
        // Read now, not when sent: a load that is not quiet may have joined a quiet one.
        if (!options.quiet && !statuses.$entries.get()[key]?.error && !isAborted(e) && !isUnauthorized(e))
          showError('evacuation.errors.loadStatus');
        throw e;
      },
    ),
  KEEP_ERRORS,
);

/** The statuses' resource itself: the portal keeps it for the next visit (kept.ts). */
export const statusResource = statuses;

/** Status entries by `targetKey(scope, uuid)`; read a target whole with {@link getEntry}. */
export const $evacuations = statuses.$entries;

/** Action state by `targetKey(scope, uuid)`, page-wide; forgotten on sign-out. */
export const $evacuationActions = shared('evacuation.actions', () => {
  const store = map<Record<string, ActionState | undefined>>({});
  onSignOut(() => store.set({}));
  return store;
});

const sending = shared('evacuation.sending', () => new Map<string, { intent: EvacuationIntent; promise: Promise<boolean> }>());

const base = (scope: EvacuationScope, uuid: string) => `/api/public/v1/${scope}s/${encodeURIComponent(uuid)}/evacuation`;

/** A target's status and action state, as the screens read them. */
export function getEntry(scope: EvacuationScope, uuid: string): EvacuationEntry | undefined {
  const key = targetKey(scope, uuid);
  const entry = $evacuations.get()[key];
  const actions = $evacuationActions.get()[key];
  return entry || actions
    ? {
        ...actions,
        status: entry?.data,
        checkedAt: vouchedAt(entry?.loadedAt),
        loading: entry?.status === 'loading',
        error: entry?.error,
        kept: entry?.stale,
      }
    : undefined;
}

function patch(key: string, change: ActionState): void {
  $evacuationActions.setKey(key, { ...$evacuationActions.get()[key], ...change });
}

export const isActive = (status: Status | undefined): boolean => status?.status === 'active';

/** A v4 UUID; `crypto.randomUUID` only exists in secure contexts (an http intranet is not). */
export function newIdempotencyKey(): string {
  const c = globalThis.crypto;
  if (typeof c?.randomUUID === 'function') return c.randomUUID();
  const b = c.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** Call when a confirmation dialog opens: the key its confirm (and every retry) will send. */
export function createIntent(scope: EvacuationScope, uuid: string, action: EvacuationAction): EvacuationIntent {
  return { scope, uuid, action, key: newIdempotencyKey(), done: false };
}

export interface FetchOptions {
  /** No toast on failure (polling after the first failure, the check after an action). */
  quiet?: boolean;
}

/**
 * Loads the status into {@link $evacuations}; calls for the same target at once share one
 * request. Resolves to the status, or undefined when it could not be loaded (then the last
 * known status stays, with `error` set, and a toast unless quiet or already said).
 */
export function fetchStatus(scope: EvacuationScope, uuid: string, { quiet = false }: FetchOptions = {}): Promise<Status | undefined> {
  return load(targetKey(scope, uuid), quiet);
}

/**
 * `renew`: after an action (here or in another tab) a status request sent before it may
 * answer what was true before it; a new one is sent and the older answer is dropped.
 */
function load(key: string, quiet: boolean, renew = false): Promise<Status | undefined> {
  if (!$currentUser.get()) return Promise.resolve(statuses.peek(key));
  return statuses.load(key, { force: true, quiet, renew }).then(
    (status) => {
      // The status after an accepted action has now been seen.
      if ($evacuationActions.get()[key]?.unconfirmed) patch(key, { unconfirmed: undefined });
      return status;
    },
    () => undefined,
  );
}

/**
 * Loads every status the page holds again (quietly), except `except`: after an action here
 * or in another tab, since one action can change several (a project's lists its sites').
 */
export function refreshStatuses(except?: string): Promise<unknown> {
  return Promise.all(
    Object.keys($evacuations.get())
      .filter((k) => k !== except)
      .map((k) => load(k, true, true)),
  );
}

const ERROR_KEYS: Record<EvacuationAction, string> = {
  start: 'evacuation.errors.start',
  abort: 'evacuation.errors.abort',
};

/** The server's codes for a project that requires two-step sign-in of this session. */
const TWO_STEP_KEYS: Partial<Record<string, string>> = {
  mfa_required_for_evacuate: 'evacuation.errors.mfaRequired',
  mfa_session_required: 'evacuation.errors.mfaSignInAgain',
};

const listeners = shared('evacuation.actionListeners', () => new Set<(intent: EvacuationIntent) => void>());

/** Called after every action the server accepted (the poller speeds up after one). */
export function onActionDone(listener: (intent: EvacuationIntent) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

async function send(intent: EvacuationIntent, target: EventTarget | null | undefined): Promise<boolean> {
  const { scope, uuid, action } = intent;
  const key = targetKey(scope, uuid);
  patch(key, { pending: action, failed: undefined });
  let answered: Status | undefined;
  try {
    const message = intent.message?.trim();
    const answer = await request('POST', `${base(scope, uuid)}/${action}`, Answers.empty, {
      headers: { 'Idempotency-Key': intent.key },
      ...(action === 'start' ? { body: { mode: intent.mode ?? 'real', ...(message ? { message } : {}) } } : {}),
    });
    // The POST's own answer is the server's word too; it is only used when the check
    // below fails, so the status shown is never older than what the server said last.
    answered = (await readAs(Answers.evacuation, answer))?.data;
  } catch (e) {
    patch(key, { pending: undefined, failed: action });
    // A project that requires two-step sign-in says so with its own codes: say what to do
    // (turn it on, or sign in again with a code when this session came from the password alone).
    if (!isAborted(e)) showError(TWO_STEP_KEYS[String((e as ApiError).errors[0]?.code)] ?? ERROR_KEYS[action]);
    // Whatever happened on the server, show what it says now.
    void load(key, true, true);
    return false;
  }
  intent.done = true;
  // Other statuses shown on the page may depend on this one (a project lists its sites'
  // evacuations): check them all again too.
  const [fresh] = await Promise.all([load(key, true, true), refreshStatuses(key)]);
  if (!fresh && answered) {
    // The check failed: the POST's answer is shown, as checked now. Not through `set`,
    // which stands for a load that succeeded: the check's failure stays on the entry.
    $evacuations.setKey(key, { ...$evacuations.get()[key], status: 'ready', data: answered, loadedAt: Date.now() });
  }
  if (!fresh) patch(key, { unconfirmed: answered ? undefined : action });
  const status = fresh ?? answered ?? statuses.peek(key);
  patch(key, { pending: undefined, failed: undefined });
  for (const listener of listeners) listener(intent);
  emit(target, action === 'start' ? 'vigil-evacuation-started' : 'vigil-evacuation-aborted', { scope, uuid, status: status ?? null });
  return true;
}

/**
 * Sends the intent's action once. Resolves true when the server accepted it. While an
 * action for the same target is under way, a second call sends nothing: the same action
 * shares its outcome, a different one resolves false. An intent already accepted is not
 * sent again. On success the event `vigil-evacuation-started` / `-aborted` is dispatched
 * from `target` (the element's host), with the status the server gives afterwards.
 */
export function runIntent(intent: EvacuationIntent, target?: EventTarget | null): Promise<boolean> {
  const key = targetKey(intent.scope, intent.uuid);
  const running = sending.get(key);
  if (running) return running.intent.action === intent.action ? running.promise : Promise.resolve(false);
  if (intent.done) return Promise.resolve(true);
  const promise = send(intent, target).finally(() => sending.delete(key));
  sending.set(key, { intent, promise });
  return promise;
}

/** Starts an evacuation (POST …/v1/{scope}s/{uuid}/evacuation/start). See {@link runIntent}. */
export function startEvacuation(intent: EvacuationIntent, target?: EventTarget | null): Promise<boolean> {
  if (intent.action !== 'start') throw new Error('startEvacuation needs a start intent');
  return runIntent(intent, target);
}

/** Aborts an evacuation (POST …/v1/{scope}s/{uuid}/evacuation/abort). See {@link runIntent}. */
export function abortEvacuation(intent: EvacuationIntent, target?: EventTarget | null): Promise<boolean> {
  if (intent.action !== 'abort') throw new Error('abortEvacuation needs an abort intent');
  return runIntent(intent, target);
}

/**
 * When data loaded at `loadedAt` was last known to be true: its load, or later while the
 * stream, unbroken since before that load, told of every change (until it last showed it
 * was alive: a broken stream vouches no further, polling or not).
 */
export function vouchedAt(loadedAt: number | undefined, state: LiveState = $liveState.get()): number | undefined {
  if (loadedAt === undefined) return undefined;
  const { streamSince, streamUntil } = state;
  if (streamSince === undefined || streamUntil === undefined || streamSince > loadedAt) return loadedAt;
  return Math.max(loadedAt, streamUntil);
}
