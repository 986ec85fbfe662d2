/**
 * Form validation of project users: the forms' fields and messages, and the server's field
 * errors ({@link serverFieldErrors}) shown the same way as the form's own. The check before
 * anything is sent is `body-checks.ts` (the contract's bodies, with valibot): the users
 * page loads it when a form is sent, so the page itself carries no validation library.
 */
import type { ApiErrorItem, Permission } from '../api/contract.ts';

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
