// A React 19 + Vite app that uses Vigil's elements like any integrator would:
// `import 'vigil-portal'` (the all-elements bundle) and typed JSX from 'vigil-portal/react'.
// Built into examples/react-app/dist and served by the demo server at
// /examples/react-app/dist/ (`npm run example:react`).
import { resolve } from 'node:path';
import { defineConfig } from 'vite';

const repo = resolve(import.meta.dirname, '../..');

export default defineConfig({
  root: import.meta.dirname,
  base: '/examples/react-app/dist/',
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  resolve: {
    // In a real app these come from node_modules/vigil-portal; here, from this repo's build.
    alias: [{ find: /^vigil-portal$/, replacement: resolve(repo, 'dist/vigil.js') }],
  },
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2022' },
  logLevel: 'warn',
});
