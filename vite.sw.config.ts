import { resolve } from 'node:path';
import { defineConfig } from 'vite';

/**
 * The portal's service worker (src/sw/sw.ts) as one self-contained classic script,
 * `dist/sw.js`: a worker must not depend on the page's chunks, and the demo server serves
 * it at the stable path `/sw.js` (a worker's URL is its identity, so it is never hashed).
 * Runs after the main build, which empties dist/.
 */
export default defineConfig({
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    target: 'es2022',
    minify: true,
    sourcemap: true,
    copyPublicDir: false,
    lib: { entry: resolve(import.meta.dirname, 'src/sw/sw.ts'), formats: ['iife'], name: 'vigilServiceWorker', fileName: () => 'sw.js' },
  },
});
