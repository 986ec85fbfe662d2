import { GENERIC_ERROR } from '../../core/api/client.ts';
import type { FieldError } from '../../core/auth/forms.ts';
import { tKey } from '../../core/i18n/i18n.ts';

/** The text of a field error: translated when it is ours, as given when it is the server's. */
export function fieldText(error: FieldError | undefined): string | undefined {
  if (!error) return undefined;
  if ('text' in error) return error.text;
  return tKey(error.key, 'params' in error ? error.params : undefined);
}

/** A form-level message; the client's generic fallback is shown in the user's language. */
export function formText(message: string): string {
  return message === GENERIC_ERROR ? tKey('core.errors.generic') : message;
}
