// A Vue 3 + Vite app that uses Vigil's elements like any integrator would:
// `import 'vigil-portal'` (the all-elements bundle) and template types from 'vigil-portal/vue'.
// Built into examples/vue-app/dist and served by the demo server at
// /examples/vue-app/dist/ (`npm run example:vue`).
import { resolve } from 'node:path';
import vue from '@vitejs/plugin-vue';
import { defineConfig } from 'vite';
import { compileHints } from '../compile-hints.ts';

const repo = resolve(import.meta.dirname, '../..');

export default defineConfig({
  root: import.meta.dirname,
  base: '/examples/vue-app/dist/',
  plugins: [
    // main.ts imports the Vigil bundle once Vue has mounted: a page with elements runs it at
    // once, so it is compiled while it streams in, like the entry (compile-hints.ts).
    compileHints({ also: (chunk) => chunk.moduleIds.some((id) => id === resolve(repo, 'dist/vigil.js')) }),
    vue({
      // The one setting Vue needs: vigil-* tags are custom elements, not Vue components.
      template: { compilerOptions: { isCustomElement: (tag) => tag.startsWith('vigil-') } },
    }),
  ],
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  resolve: {
    // In a real app this comes from node_modules/vigil-portal; here, from this repo's build.
    alias: [{ find: /^vigil-portal$/, replacement: resolve(repo, 'dist/vigil.js') }],
  },
  // No modulepreload links: for each element the bundle defines, Vite's preload helper would
  // add one link per file that element imports (61 on this page), and each link costs the
  // main thread about half a millisecond to add, in the task that defines the element. The
  // browser finds those files anyway, one static import deeper, and sooner than the links'
  // long task let it (Lighthouse, mobile: performance 89 with the links, 95–96 without).
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2022', modulePreload: false },
  logLevel: 'warn',
});
