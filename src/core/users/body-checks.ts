/**
 * The check of a project user's form before anything is sent: the contract's
 * `Bodies.createProjectUser` / `updateProjectUser` decide, and their issues become
 * translatable messages on the field they belong to. A module of its own, imported when a
 * form is sent (`core/users/users.ts`): it brings the contract's schemas and valibot,
 * which the users page does not need to show anything.
 */
import { Bodies, check, type ApiErrorItem } from '../api/contract.ts';
import {
  USER_FIELDS,
  type CreateBody,
  type FieldErrors,
  type FieldMessage,
  type NewUserInput,
  type UpdateBody,
  type UserChanges,
  type UserField,
  type Validated,
} from './validation.ts';

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
