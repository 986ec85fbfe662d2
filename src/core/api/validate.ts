/**
 * Validation of answers, loaded by the client with its first request (see answer-names.ts):
 * valibot and the contract's schemas are not part of any page's first load.
 */
import type * as v from 'valibot';
import type * as Names from './answer-names.ts';
import * as Schemas from './answers.ts';
import { ApiErrorBody, parse, type ApiErrorItem } from './contract.ts';

// Every answer has a name (but those lazy chunks name by their string), and every name is its own answer's.
const names: { [K in Exclude<keyof typeof Schemas, Names.LazyAnswerName>]: K } = {} as typeof Names;
void names;

/** Validates an answer against the schema of that name (or a schema); throws a ContractError. */
export function parseAnswer(answer: keyof typeof Schemas | v.GenericSchema, body: unknown): unknown {
  return parse(typeof answer === 'string' ? Schemas[answer] : answer, body);
}

/** The `errors` of a failure's body; throws a ContractError when it has none. */
export function parseErrors(body: unknown): ApiErrorItem[] {
  return parse(ApiErrorBody, body).errors;
}
