import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // One worker per core. Vitest's default leaves one core free, which on a 2-core machine
    // ran the files one at a time: 98 s instead of 58 s.
    maxWorkers: availableParallelism(),
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'happy-dom',
          // A worker's files share one page, one after another: setting up a happy-dom page per
          // file was three quarters of this project's time (165 s → 26–40 s on a loaded 2-core
          // machine). test/unit/setup.ts starts each file on a page as freshly loaded.
          isolate: false,
          include: ['src/**/*.test.{ts,tsx}', 'elements/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
          exclude: ['**/node_modules/**'],
          restoreMocks: true,
          setupFiles: ['test/unit/setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          // Each test makes its own app and database; what modules hold (the server's code, a
          // seed's password hashes) is the same for every file, so a worker loads them once:
          // 85 → 50 s of CPU.
          isolate: false,
          // Real servers, seeds of thousands of rows: generous on a loaded 2-core machine.
          testTimeout: 30_000,
          // With the build helpers of the examples, which run Vite in Node.
          include: ['demo/**/*.test.ts', 'examples/*.test.ts'],
        },
      },
    ],
  },
});
