/**
 * The API contract: the shape of every answer and request body, as TypeScript types and
 * runtime validation, in one place. The client validates answers with it; the demo server
 * validates request bodies with it and builds its answers from the same types.
 *
 * Answers are `{ data, meta? }`; failures are an HTTP status with `{ errors: [...] }`.
 * Objects are loose: unknown extra fields are accepted and kept, a missing required field
 * is a clear {@link ContractError}.
 *
 * This file is imported by Node directly (type stripping), so imports carry `.ts`.
 */
import * as v from 'valibot';
import type { ApiErrorItem } from './schemas.ts';

export * from './schemas.ts';
export * from './schemas-account.ts';
export * as Answers from './answers.ts';
export * as Bodies from './bodies.ts';

// ---------------------------------------------------------------------------------------
// Validation

/** An answer or body that does not have the contract's shape. */
export class ContractError extends Error {
  readonly issues: { path: string; message: string }[];
  constructor(issues: { path: string; message: string }[]) {
    super(`Malformed data: ${issues.map((i) => `${i.path || '(root)'} ${i.message}`).join('; ')}`);
    this.name = 'ContractError';
    this.issues = issues;
  }
}

/** An issue's field: its path joined with dots (`schedule.days.2.0.from`); '' for the whole value. */
export function issuePath(issue: v.BaseIssue<unknown>): string {
  return (issue.path ?? []).map((p) => String(p.key)).join('.');
}

/** Validates `input` against `schema`; throws a {@link ContractError} naming every bad field. */
export function parse<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, input);
  if (result.success) return result.output;
  throw new ContractError(result.issues.map((i) => ({ path: issuePath(i), message: i.message })));
}

/** Like {@link parse}, but returns the issues as `{ field, message }` errors instead of throwing. */
export function check<S extends v.GenericSchema>(
  schema: S,
  input: unknown,
): { ok: true; value: v.InferOutput<S> } | { ok: false; errors: ApiErrorItem[] } {
  const result = v.safeParse(schema, input);
  if (result.success) return { ok: true, value: result.output };
  return {
    ok: false,
    errors: result.issues.map((i) => {
      const field = issuePath(i);
      return field ? { field, message: `${field} ${i.message}` } : { message: i.message };
    }),
  };
}
