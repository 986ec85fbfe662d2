/**
 * Project users (docs/product.md#routes, #permissions, #api-calls): the page-wide store of each project's members and the
 * actions that list, add, change and remove them. Every element of the page sees the same
 * list; it is forgotten on sign-out.
 *
 * Actions validate with the contract before sending and never throw: they resolve to a
 * {@link MutationResult} whose field errors (ours or the server's) belong on the form's
 * fields. Failures that are not about a field show the toast of the action (docs/product.md#errors
 * pattern); a failed load shows `core.toastErrors.loadProjectUsers`.
 */
import * as Answers from '../api/answer-names.ts';
import type { ProjectUser } from '../api/contract.ts';
import { isApiError, isMissing, isUnauthorized, request, type ApiError } from '../api/client.ts';
import { createResource, type ResourceEntry } from '../resources/resource.ts';
import { emit } from '../events.ts';
import { projectCache } from '../resources/resources.ts';
import { $currentUser, validateUser } from '../session/session.ts';
import { showError, showSuccess, showToast } from '../toasts/toasts.ts';
import { isSelf } from './guard.ts';
import { serverFieldErrors, type FieldErrors, type FieldMessage, type NewUserInput, type UserChanges } from './validation.ts';

/**
 * A project's members (core/resources/resource.ts): `data` stays visible while reloading and
 * after a failed reload; `missing` with a 403 `error` means the signed-in user may not manage
 * this project's users, with a 404 that the project does not exist for them.
 */
export type ProjectUsersEntry = ResourceEntry<ProjectUser[]>;

export type MutationResult<T> = { ok: true; value: T } | { ok: false; fieldErrors: FieldErrors; formError?: FieldMessage };

const members = createResource<ProjectUser[]>('project-users', (project) =>
  request('GET', usersPath(project), Answers.projectUsers).then(
    ({ data }) => data,
    (e: ApiError) => {
      // A 401 is the session's (the client has it checked): no toast.
      if (!isUnauthorized(e) && !isMissing(e) && e.kind !== 'aborted') showError('core.toastErrors.loadProjectUsers');
      throw e;
    },
  ),
);

/** Project users by project uuid. Subscribe with `useStore($projectUsers, { keys: [uuid] })`. */
export const $projectUsers = members.$entries;

/** The signed-in user may not manage this project's users (the server said 403). */
export const isForbidden = (entry: ProjectUsersEntry | undefined): boolean => entry?.status === 'missing' && entry.error?.status === 403;

const usersPath = (project: string) => `/api/v2/projects/${encodeURIComponent(project)}/users`;
const userPath = (project: string, user: string) => `${usersPath(project)}/${encodeURIComponent(user)}`;

function replaceUsers(project: string, update: (users: ProjectUser[]) => ProjectUser[]): void {
  const current = $projectUsers.get()[project]?.data;
  if (current) members.set(project, update(current));
}

/**
 * Loads (or reloads) the users of a project. Concurrent calls share one request.
 * Resolves to the users, or null when loading failed (the entry holds why).
 */
export function loadProjectUsers(project: string): Promise<ProjectUser[] | null> {
  return members.load(project, { force: true }).catch(() => null);
}

export interface ActionOptions {
  /** Where the `vigil-project-user-changed` event is dispatched from (the element's host). */
  target?: EventTarget | null;
}

type Action = 'add' | 'edit' | 'remove' | 'resend' | 'cancel';
const TOASTS: Record<Action, string> = {
  add: 'users.errors.add',
  edit: 'users.errors.edit',
  remove: 'users.errors.remove',
  resend: 'users.errors.resend',
  cancel: 'users.errors.cancel',
};

/** Sorts a failure into field errors, a form message or a toast. */
function failure<T>(project: string, action: Action, e: unknown): MutationResult<T> {
  if (!isApiError(e)) {
    showError(TOASTS[action]);
    return { ok: false, fieldErrors: {} };
  }
  // A 401 is the session's: the client has it checked (a dead session signs out and the
  // element shows its sign-in), so no toast and no form error.
  if (isUnauthorized(e)) return { ok: false, fieldErrors: {} };
  // A 403 with a code refuses this change only (a permission the manager does not hold, a
  // session without two-step where the project requires it): said on the form.
  const refusal = e.status === 403 && Boolean(e.errors[0]?.code);
  if (e.status === 403 && !refusal) {
    // The permission was taken away meanwhile: the screen shows the no-permission state.
    $projectUsers.setKey(project, { ...$projectUsers.get()[project], status: 'missing', error: e });
    void projectCache.load(project, { force: true }).catch(() => undefined);
  }
  if (e.kind === 'http' && (e.status === 400 || e.status === 409 || e.status === 422 || refusal)) {
    const { fieldErrors, other } = serverFieldErrors(e.errors);
    const formError = other[0];
    if (Object.keys(fieldErrors).length || formError) return formError ? { ok: false, fieldErrors, formError } : { ok: false, fieldErrors };
  }
  showError(TOASTS[action]);
  return { ok: false, fieldErrors: {} };
}

/**
 * After a change to the signed-in user's own membership their project permissions (and
 * maybe their name, shown in the portal's user menu) changed too: reload both.
 */
function afterSelfChange(project: string, user: ProjectUser | undefined): void {
  if (!user || !isSelf(user, $currentUser.get()?.email)) return;
  void projectCache.load(project, { force: true }).catch(() => undefined);
  void validateUser();
}

/**
 * The forms' checks before sending (with the contract's schemas: not needed to show the
 * page, so loaded when a form is sent); null when they cannot be loaded (offline), which
 * the caller reports as a failed save.
 */
function bodyChecks(): Promise<typeof import('./body-checks.ts') | null> {
  return import('./body-checks.ts').catch(() => null);
}

/** POST a new member: the person is invited (the account is created when the e-mail is new). */
export async function addProjectUser(
  project: string,
  input: NewUserInput,
  options: ActionOptions = {},
): Promise<MutationResult<ProjectUser>> {
  const checks = await bodyChecks();
  if (!checks) return failure(project, 'add', null);
  const valid = checks.validateNewUser(input);
  if (!valid.ok) return valid;
  try {
    const { data } = await request('POST', usersPath(project), Answers.projectUser, { body: valid.value });
    replaceUsers(project, (users) => [...users.filter((u) => u.uuid !== data.uuid), data]);
    showSuccess('users.toasts.added', { name: data.name });
    emit(options.target, 'vigil-project-user-changed', { project, user: data.uuid, change: 'added' });
    return { ok: true, value: data };
  } catch (e) {
    return failure(project, 'add', e);
  }
}

/** Whether the validated changes leave the member exactly as they are. */
function changesNothing(user: ProjectUser | undefined, changes: { name?: string; permissions?: readonly string[] }): user is ProjectUser {
  if (!user) return false;
  const samePermissions = (list: readonly string[]) =>
    list.length === user.permissions.length && list.every((p) => user.permissions.includes(p));
  return (
    (changes.name === undefined || changes.name === user.name) &&
    (changes.permissions === undefined || samePermissions(changes.permissions))
  );
}

/**
 * PATCH a member's name and/or permissions. Changes that leave the member as they are
 * send nothing: the user is told nothing changed, and the form closes as after a save.
 */
export async function updateProjectUser(
  project: string,
  userUuid: string,
  changes: UserChanges,
  options: ActionOptions = {},
): Promise<MutationResult<ProjectUser>> {
  const checks = await bodyChecks();
  if (!checks) return failure(project, 'edit', null);
  const valid = checks.validateChanges(changes);
  if (!valid.ok) return valid;
  const current = $projectUsers.get()[project]?.data?.find((u) => u.uuid === userUuid);
  if (changesNothing(current, valid.value)) {
    showToast({ type: 'info', key: 'users.toasts.unchanged', params: { name: current.name } });
    return { ok: true, value: current };
  }
  try {
    const { data } = await request('PATCH', userPath(project, userUuid), Answers.projectUser, { body: valid.value });
    replaceUsers(project, (users) => users.map((u) => (u.uuid === data.uuid ? data : u)));
    showSuccess('users.toasts.updated', { name: data.name });
    emit(options.target, 'vigil-project-user-changed', { project, user: data.uuid, change: 'updated' });
    afterSelfChange(project, data);
    return { ok: true, value: data };
  } catch (e) {
    if (isApiError(e) && e.status === 404) void loadProjectUsers(project); // gone meanwhile: show what is there
    return failure(project, 'edit', e);
  }
}

/** DELETE a member from the project (their account stays). */
export async function removeProjectUser(project: string, userUuid: string, options: ActionOptions = {}): Promise<MutationResult<null>> {
  const removed = $projectUsers.get()[project]?.data?.find((u) => u.uuid === userUuid);
  const done = (): MutationResult<null> => {
    replaceUsers(project, (users) => users.filter((u) => u.uuid !== userUuid));
    emit(options.target, 'vigil-project-user-changed', { project, user: userUuid, change: 'removed' });
    afterSelfChange(project, removed);
    return { ok: true, value: null };
  };
  try {
    await request('DELETE', userPath(project, userUuid), Answers.empty);
    showSuccess('users.toasts.removed', { name: removed?.name ?? '' });
    return done();
  } catch (e) {
    // Already gone (removed elsewhere): the list catches up; that is what was asked for.
    if (isApiError(e) && e.status === 404) return done();
    return failure(project, 'remove', e);
  }
}

/**
 * Sends a member's invitation again (docs/invitations.md): the earlier link stops working.
 * A member who joined meanwhile (422) or left (404) reloads the list.
 */
export async function resendInvitation(
  project: string,
  userUuid: string,
  options: ActionOptions = {},
): Promise<MutationResult<ProjectUser>> {
  try {
    const { data } = await request('POST', `${userPath(project, userUuid)}/invitation`, Answers.projectUser);
    replaceUsers(project, (users) => users.map((u) => (u.uuid === data.uuid ? data : u)));
    showSuccess('users.toasts.resent', { name: data.name });
    emit(options.target, 'vigil-project-user-changed', { project, user: data.uuid, change: 'updated' });
    return { ok: true, value: data };
  } catch (e) {
    if (isApiError(e) && (e.status === 404 || e.status === 422)) void loadProjectUsers(project);
    return failure(project, 'resend', e);
  }
}

/** Cancels a member's invitation: they leave the project and their link stops working. */
export async function cancelInvitation(project: string, userUuid: string, options: ActionOptions = {}): Promise<MutationResult<null>> {
  const cancelled = $projectUsers.get()[project]?.data?.find((u) => u.uuid === userUuid);
  const done = (): MutationResult<null> => {
    replaceUsers(project, (users) => users.filter((u) => u.uuid !== userUuid));
    emit(options.target, 'vigil-project-user-changed', { project, user: userUuid, change: 'removed' });
    return { ok: true, value: null };
  };
  try {
    await request('DELETE', `${userPath(project, userUuid)}/invitation`, Answers.empty);
    showSuccess('users.toasts.cancelled', { name: cancelled?.name ?? '' });
    return done();
  } catch (e) {
    // Already gone: that is what was asked for. Joined meanwhile: the list shows them as they are.
    if (isApiError(e) && e.status === 404) return done();
    if (isApiError(e) && e.status === 422) void loadProjectUsers(project);
    return failure(project, 'cancel', e);
  }
}
