/** Test doubles for the live module: a page visibility and a Web Locks manager. */
import type { Visibility } from '../../src/core/browser/visibility.ts';

export function fakeVisibility(hidden = false): Visibility & { set(hidden: boolean): void } {
  const listeners = new Set<() => void>();
  return {
    hidden: () => hidden,
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(next) {
      hidden = next;
      for (const l of [...listeners]) l();
    },
  };
}

/** One browser's exclusive locks: a queue per name, like navigator.locks. */
export function fakeLocks(): LockManager {
  const queues = new Map<string, { grant(): void; signal?: AbortSignal }[]>();
  const held = new Set<string>();
  function next(name: string) {
    if (held.has(name)) return;
    const queue = queues.get(name) ?? [];
    const waiter = queue.shift();
    if (waiter) waiter.grant();
  }
  const request = (name: string, options: LockOptions, callback: (lock: Lock | null) => unknown): Promise<unknown> =>
    new Promise((resolve, reject) => {
      const waiter = {
        signal: options.signal,
        grant() {
          held.add(name);
          Promise.resolve(callback({ name, mode: 'exclusive' } as Lock)).then(
            (value) => {
              held.delete(name);
              resolve(value);
              next(name);
            },
            (e) => {
              held.delete(name);
              reject(e);
              next(name);
            },
          );
        },
      };
      options.signal?.addEventListener('abort', () => {
        const queue = queues.get(name) ?? [];
        const i = queue.indexOf(waiter);
        if (i !== -1) {
          queue.splice(i, 1);
          reject(new DOMException('aborted', 'AbortError'));
        }
      });
      queues.set(name, [...(queues.get(name) ?? []), waiter]);
      next(name);
    });
  return { request: request as LockManager['request'], query: async () => ({}) } as LockManager;
}
