/**
 * Mocha's BDD functions, typed. @web/test-runner runs mocha in the page and defines
 * `describe`, `it`, … as globals before it imports a test file; importing them from here
 * gives TypeScript their types without declaring globals for the whole project (the unit
 * tests use Vitest's). Use `function () {}` (not an arrow) to reach `this.timeout(ms)`.
 *
 *   import { describe, it, beforeEach, afterEach } from './helpers/mocha.ts';
 */

export interface MochaContext {
  /** Changes this test's (or hook's, or suite's) timeout; the default is 5 s. */
  timeout(ms: number): void;
  slow(ms: number): void;
  retries(n: number): void;
  /** Marks the running test as skipped and stops it. */
  skip(): never;
}

export type Done = (error?: unknown) => void;
export type TestFn = ((this: MochaContext) => void | Promise<unknown>) | ((this: MochaContext, done: Done) => void);
export type SuiteFn = (this: MochaContext) => void;

export interface TestFunction {
  (title: string, fn?: TestFn): void;
  only(title: string, fn?: TestFn): void;
  skip(title: string, fn?: TestFn): void;
}
export interface SuiteFunction {
  (title: string, fn: SuiteFn): void;
  only(title: string, fn: SuiteFn): void;
  skip(title: string, fn: SuiteFn): void;
}
export type HookFunction = (fn: TestFn) => void;

function global<T>(name: string): T {
  const value = (globalThis as Record<string, unknown>)[name];
  if (value === undefined) {
    throw new Error(`mocha's "${name}" is not defined: browser tests run under @web/test-runner (npm run test:browser)`);
  }
  return value as T;
}

export const describe = global<SuiteFunction>('describe');
export const it = global<TestFunction>('it');
export const before = global<HookFunction>('before');
export const after = global<HookFunction>('after');
export const beforeEach = global<HookFunction>('beforeEach');
export const afterEach = global<HookFunction>('afterEach');
