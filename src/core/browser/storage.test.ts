import { afterEach, describe, expect, it } from 'vitest';
import { safeStorage } from './storage.ts';

describe('safeStorage', () => {
  const own = Object.getOwnPropertyDescriptor(globalThis, 'localStorage')!;
  afterEach(() => {
    Object.defineProperty(globalThis, 'localStorage', own);
  });

  it('is the page’s localStorage where there is one', () => {
    expect(safeStorage()).toBe(localStorage);
  });

  it('is null where the browser denies it (reading localStorage throws)', () => {
    Object.defineProperty(globalThis, 'localStorage', {
      configurable: true,
      get: () => {
        throw new DOMException('denied', 'SecurityError');
      },
    });
    expect(safeStorage()).toBeNull();
  });

  it('is null where there is none', () => {
    Object.defineProperty(globalThis, 'localStorage', { configurable: true, value: undefined });
    expect(safeStorage()).toBeNull();
  });
});
