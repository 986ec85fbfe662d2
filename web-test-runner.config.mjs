// @web/test-runner in real Chromium, with Vite's dev server (middleware mode) doing every
// module transform: TSX through tsconfig's `jsx: react-jsx`, React's CommonJS through
// dependency pre-bundling, `?inline` CSS and `import.meta.glob`. The test runner keeps its
// own pages and files (the test HTML at `/`, mocha under /__web-test-runner__/, its web
// socket); every other request goes to Vite first. (The esbuild plugin alone cannot
// load `?inline` CSS, hence Vite.)
//
// Run with `npm run test:browser` (Node 24 via the npm script). Extra flags pass through:
//   npm run test:browser -- --files test/browser/axe.test.ts
//   npm run test:browser -- --manual        (prints a URL to open the tests yourself)
import { defaultReporter, summaryReporter } from '@web/test-runner';
import { playwrightLauncher } from '@web/test-runner-playwright';
import { relative } from 'node:path';
import { createServer } from 'vite';
import { CHROMIUM_ARGS, requireTestChromium } from './scripts/chromium.mjs';

const rootDir = import.meta.dirname;

/** Test files: everything under test/browser. */
const files = ['test/browser/**/*.test.{ts,tsx}'];

/** Requests the test runner answers itself (everything else goes to Vite first). */
const runnerOwned = (path) =>
  path === '/' ||
  path === '/wds' ||
  path.startsWith('/__web-test-runner__') ||
  path.startsWith('/__web-dev-server__') ||
  path.startsWith('/__wds-');

const vite = await createServer({
  configFile: false, // vite.config.ts is the library build; tests need none of it
  root: rootDir,
  mode: 'development',
  logLevel: process.env.WTR_VITE_LOG_LEVEL ?? 'warn', // 'info' shows dependency re-bundling
  clearScreen: false,
  // Its own dependency cache, so that a `vite` dev server or Vitest running at the same
  // time (with other `define`s) does not re-bundle under the tests' feet.
  cacheDir: 'node_modules/.vite/wtr',
  appType: 'custom',
  // Like vite.config.ts: nanostores and React read process.env.NODE_ENV.
  define: { 'process.env.NODE_ENV': JSON.stringify('development') },
  server: {
    middlewareMode: true,
    hmr: false,
    ws: false,
    watch: null,
    // The test runner's file watcher is off too (no --watch); nothing to watch.
    preTransformRequests: false,
  },
  optimizeDeps: {
    // Scan every test file at start-up so that all CommonJS dependencies are pre-bundled
    // once. A dependency discovered later would re-bundle and hand the page a second
    // copy of React mid-run; list such a dependency in `include` if that ever happens.
    entries: files,
    include: ['react', 'react/jsx-runtime', 'react/jsx-dev-runtime', 'react-dom', 'react-dom/client', 'axe-core'],
  },
});

/** Koa → connect: offer the request to Vite; if Vite passes, let the test runner serve it. */
async function viteMiddleware(ctx, next) {
  if (runnerOwned(ctx.path)) return next();
  const handled = await new Promise((resolve, reject) => {
    const onFinish = () => resolve(true);
    ctx.res.once('finish', onFinish);
    ctx.res.once('close', onFinish);
    vite.middlewares(ctx.req, ctx.res, (err) => {
      ctx.res.off('finish', onFinish);
      ctx.res.off('close', onFinish);
      if (err) reject(err);
      else resolve(false);
    });
  });
  if (handled) {
    ctx.respond = false; // Vite wrote the response itself
    return;
  }
  return next();
}

/** The summary reporter, with each test file's path above its results. */
function namedSummaryReporter() {
  const summary = summaryReporter({ flatten: false });
  return {
    ...summary,
    reportTestFileResults(args) {
      args.logger.log(`\n${relative(rootDir, args.testFile)}`);
      return summary.reportTestFileResults?.(args);
    },
  };
}

const concurrency = Number(process.env.WTR_CONCURRENCY ?? 2);

/** @type {import('@web/test-runner').TestRunnerConfig} */
export default {
  rootDir,
  files,
  nodeResolve: false, // Vite resolves bare imports
  concurrency, // test files in parallel (2 cores)
  concurrentBrowsers: 1,
  browsers: [
    playwrightLauncher({
      product: 'chromium',
      launchOptions: { executablePath: requireTestChromium(), args: [...CHROMIUM_ARGS], headless: true },
    }),
  ],
  middleware: [viteMiddleware],
  plugins: [
    {
      name: 'vigil-vite-close',
      async serverStop() {
        await vite.close();
      },
    },
  ],
  testFramework: {
    config: {
      ui: 'bdd',
      timeout: 5_000, // per test; raise it in a test with `this.timeout(ms)`
      slow: 1_000,
    },
  },
  browserStartTimeout: 60_000,
  testsStartTimeout: 60_000, // the first request waits for Vite's dependency pre-bundling
  testsFinishTimeout: 120_000,
  // Test names with ✓/𐄂 per file (summary), progress and errors (default).
  reporters: [namedSummaryReporter(), defaultReporter({ reportTestResults: false, reportTestProgress: !process.env.CI })],
};
