// A Svelte 5 + Vite app that uses Vigil's elements like any integrator would:
// `import 'vigil-portal'` (the all-elements bundle) and element types from 'vigil-portal/svelte'.
// Built into examples/svelte-app/dist and served by the demo server at
// /examples/svelte-app/dist/ (`npm run example:svelte`).
import { resolve } from 'node:path';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { defineConfig } from 'vite';
import { compileHints } from '../compile-hints.ts';

const repo = resolve(import.meta.dirname, '../..');

export default defineConfig({
  root: import.meta.dirname,
  base: '/examples/svelte-app/dist/',
  // Svelte needs no setting for custom elements: tags with a dash are left to the browser.
  // The scripts the page runs at once are compiled while they stream in (compile-hints.ts).
  plugins: [compileHints(), svelte({ configFile: false })],
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  resolve: {
    // In a real app this comes from node_modules/vigil-portal; here, from this repo's build.
    alias: [{ find: /^vigil-portal$/, replacement: resolve(repo, 'dist/vigil.js') }],
  },
  // No modulepreload links, for the reason the Vue example's config gives (Lighthouse,
  // mobile: this page 93–94 with them, 96–99 without).
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2022', modulePreload: false },
  logLevel: 'warn',
});
