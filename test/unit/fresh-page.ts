/**
 * A page as freshly loaded, for tests of what a page does once (settling its API base):
 * forgets the page-wide shared instances (src/core/shared.ts) and has every module
 * evaluated again on its next import, so the test imports what it needs afterwards with
 * `await import(...)`. Modules imported before keep the previous page's instances.
 */
import { vi } from 'vitest';

export function freshPage(): void {
  delete (globalThis as unknown as Record<symbol, unknown>)[Symbol.for('vigil.shared.v1')];
  vi.resetModules();
}
