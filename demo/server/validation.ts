/**
 * Request bodies checked against the contract's valibot schemas (src/core/api/bodies.ts),
 * with each issue turned into a translatable {@link Text}. The schemas' own messages stay
 * English for the portal's forms; the server maps an issue, by its field and kind, to a
 * key of messages/<language>.json. `field` is the issue's path joined with dots, exactly
 * as the contract's `check()` names it (`permissions.0`, `schedule.days.2.0.from`).
 */
import * as v from 'valibot';
import { issuePath } from '../../src/core/api/contract.ts';
import { text, type ErrorItem, type Text } from './messages.ts';

type Issue = v.BaseIssue<unknown>;
type Kind = 'required' | 'tooShort' | 'tooLong' | 'email' | 'format' | 'choice' | 'mismatch' | 'count' | 'invalid';

/** What went wrong, whatever the schema's English message says. */
function kindOf(issue: Issue): Kind {
  // A missing key, an empty string (also one that was all blanks before `trim`).
  if (issue.input === undefined || issue.input === '') return 'required';
  switch (issue.type) {
    case 'min_length':
      return Number(issue.requirement) <= 1 ? 'required' : 'tooShort';
    case 'max_length':
      return 'tooLong';
    case 'email':
      return 'email';
    case 'regex':
      return 'format';
    case 'picklist':
      return 'choice';
    case 'partial_check':
      return 'mismatch';
    case 'length':
      return 'count';
    default:
      return 'invalid';
  }
}

/** `schedule.days.<day>.<interval>.<from|to>` and the other parts of a schedule. */
function scheduleText(rest: string[], kind: Kind): Text {
  if (rest.length === 1 && rest[0] === 'days' && kind === 'count') return text('schedule.sevenDays');
  if (rest.length === 4 && rest[0] === 'days' && kind === 'format') {
    return text('schedule.halfHour', { day: text(`days.${Number(rest[1]) % 7}` as 'days.0'), n: Number(rest[2]) + 1 });
  }
  return text('schedule.invalid');
}

/** The text of one issue on `field`. */
export function issueText(field: string, issue: Issue): Text {
  const [root = '', ...rest] = field.split('.');
  const kind = kindOf(issue);
  switch (root) {
    case 'email':
      return text(kind === 'required' ? 'validation.emailRequired' : 'validation.emailInvalid');
    case 'password':
      if (kind === 'required') return text('validation.passwordRequired');
      if (kind === 'tooShort') return text('validation.passwordTooShort', { min: Number(issue.requirement) });
      break;
    case 'password_confirmation':
      if (kind === 'mismatch') return text('validation.confirmationMismatch');
      if (kind === 'required') return text('validation.confirmationRequired');
      break;
    case 'token':
      return text('auth.resetTokenInvalid');
    case 'name':
      if (kind === 'required') return text('validation.nameRequired');
      if (kind === 'tooLong') return text('validation.nameTooLong', { max: Number(issue.requirement) });
      break;
    case 'permissions':
      return text('validation.permissionsInvalid');
    case 'locale':
      return text('validation.localeInvalid');
    case 'terms_accepted_web_portal':
      return text('validation.termsInvalid');
    case 'accept_terms':
      return text('validation.termsRequired');
    case 'siteUuids':
      return text(rest.length === 0 && kind === 'required' ? 'schedule.sitesRequired' : 'schedule.sitesInvalid');
    case 'timezone':
      return text('schedule.timezoneInvalid');
    case 'schedule':
      return scheduleText(rest, kind);
    // An incident's comment and handling (bodies.ts incidentComment, handleIncident).
    case 'text':
      if (kind === 'required') return text('incidents.commentRequired');
      if (kind === 'tooLong') return text('incidents.commentTooLong', { max: Number(issue.requirement) });
      return text('incidents.commentNotText');
    case 'note':
      if (kind === 'tooLong') return text('incidents.noteTooLong', { max: Number(issue.requirement) });
      return text('incidents.noteNotText');
    case 'outcome':
      return text('incidents.outcome');
  }
  return text(kind === 'required' ? 'validation.required' : 'validation.invalid', { field });
}

export type Validated<T> = { ok: true; value: T } | { ok: false; errors: ErrorItem[] };

/** Validates `input` against a contract schema; the issues as field errors (a body that is not an object has no field). */
export function validate<S extends v.GenericSchema>(schema: S, input: unknown): Validated<v.InferOutput<S>> {
  const result = v.safeParse(schema, input);
  if (result.success) return { ok: true, value: result.output };
  return {
    ok: false,
    errors: result.issues.map((issue) => {
      const field = issuePath(issue);
      return field ? { field, text: issueText(field, issue) } : { text: text('validation.body') };
    }),
  };
}
