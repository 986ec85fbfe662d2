/**
 * Form validation of project users, before anything is sent: the contract's
 * `Bodies.createProjectUser` / `updateProjectUser` decide, and their issues become
 * translatable messages on the field they belong to. Server field errors go through
 * {@link serverFieldErrors} so the form shows both kinds the same way.
 */
import { Bodies, check, type ApiErrorItem, type Permission } from '../api/contract.ts';

export type UserField = 'email' | 'name' | 'permissions';
export const USER_FIELDS: readonly UserField[] = ['email', 'name', 'permissions'];

/** A message to show: a key of the `users` catalogue, or a ready text (the server's own). */
export type FieldMessage = { key: string } | { text: string };
export type FieldErrors = Partial<Record<UserField, FieldMessage>>;

export interface NewUserInput {
  email: string;
  name: string;
  permissions: readonly string[];
}
export interface UserChanges {
  name?: string;
  permissions?: readonly string[];
}

export type Validated<T> = { ok: true; value: T } | { ok: false; fieldErrors: FieldErrors };

export interface CreateBody {
  email: string;
  name: string;
  permissions: Permission[];
}
export interface UpdateBody {
  name?: string;
  permissions?: Permission[];
}

/** Maps one contract issue to the message shown on its field. */
function messageFor(field: UserField, input: { email?: string; name?: string }): FieldMessage {
  if (field === 'email') return { key: input.email?.trim() ? 'users.validation.emailInvalid' : 'users.validation.emailRequired' };
  if (field === 'name') return { key: input.name?.trim() ? 'users.validation.nameTooLong' : 'users.validation.nameRequired' };
  return { key: 'users.validation.permissionsInvalid' };
}

function toFieldErrors(errors: ApiErrorItem[], input: { email?: string; name?: string }): FieldErrors {
  const out: FieldErrors = {};
  for (const e of errors) {
    const field = (e.field?.split('.')[0] ?? '') as UserField;
    if (USER_FIELDS.includes(field) && !out[field]) out[field] = messageFor(field, input);
  }
  // A body-level issue (none expected with these schemas) still blocks sending.
  if (Object.keys(out).length === 0) out.permissions = { key: 'users.validation.permissionsInvalid' };
  return out;
}

/** Validates the add form; the value is trimmed and ready to send. */
export function validateNewUser(input: NewUserInput): Validated<CreateBody> {
  const result = check(Bodies.createProjectUser, { email: input.email, name: input.name, permissions: [...input.permissions] });
  if (result.ok) return { ok: true, value: result.value };
  return { ok: false, fieldErrors: toFieldErrors(result.errors, input) };
}

/** Validates the edit form (only the fields given). */
export function validateChanges(input: UserChanges): Validated<UpdateBody> {
  const body: Record<string, unknown> = {};
  if (input.name !== undefined) body.name = input.name;
  if (input.permissions !== undefined) body.permissions = [...input.permissions];
  const result = check(Bodies.updateProjectUser, body);
  if (result.ok) return { ok: true, value: result.value };
  return { ok: false, fieldErrors: toFieldErrors(result.errors, input) };
}

/**
 * Server messages we know, shown from our own catalogue; any other server text is shown as
 * given (the server answers in the request's language). Keyed on the exact English text of
 * demo/server/messages/en.json, so an English answer still gets the portal's wording.
 */
const KNOWN_SERVER_MESSAGES: Record<string, string> = {
  'This user is already a member of the project.': 'users.validation.alreadyMember',
  'A project needs at least one user who can manage users.': 'users.validation.lastManager',
};

export function serverMessage(text: string): FieldMessage {
  const key = KNOWN_SERVER_MESSAGES[text.trim()];
  return key ? { key } : { text };
}

/**
 * The server's field errors on the form's fields; errors on other fields (or none) come
 * back in `other` for a form-level message.
 */
export function serverFieldErrors(errors: readonly ApiErrorItem[]): { fieldErrors: FieldErrors; other: FieldMessage[] } {
  const fieldErrors: FieldErrors = {};
  const other: FieldMessage[] = [];
  for (const e of errors) {
    const field = (e.field?.split('.')[0] ?? '') as UserField;
    if (USER_FIELDS.includes(field)) {
      if (!fieldErrors[field]) fieldErrors[field] = serverMessage(e.message);
    } else other.push(serverMessage(e.message));
  }
  return { fieldErrors, other };
}
