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
          // Real servers, seeds of thousands of rows: generous on a loaded 2-core machine.
          testTimeout: 30_000,
          include: ['demo/**/*.test.ts'],
        },
      },
    ],
  },
});
