import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { defineConfig } from 'vite';

/** One entry per element file, plus `vigil` (elements/index.ts) that registers them all. */
const elementEntries = Object.fromEntries(
  readdirSync(resolve(import.meta.dirname, 'elements'))
    .filter((f) => /^vigil-[a-z-]+\.ts$/.test(f))
    .map((f) => [f.replace(/\.ts$/, ''), resolve(import.meta.dirname, 'elements', f)]),
);

export default defineConfig({
  // Library mode does not replace process.env.NODE_ENV by itself: without this the
  // bundle holds both React builds and fails with `process is not defined`.
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    minify: true,
    sourcemap: true,
    lib: {
      entry: { vigil: resolve(import.meta.dirname, 'elements/index.ts'), ...elementEntries },
      formats: ['es'],
    },
    rolldownOptions: {
      output: {
        entryFileNames: '[name].js',
        chunkFileNames: 'chunks/[name]-[hash].js',
        assetFileNames: 'assets/[name]-[hash][extname]',
      },
    },
  },
});
