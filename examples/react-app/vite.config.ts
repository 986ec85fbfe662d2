// A React 19 + Vite app that uses Vigil's elements like any integrator would: it imports
// the elements it shows from 'vigil-portal/elements/…' and typed JSX from
// 'vigil-portal/react'. Bundlers get the package's library build (lib/, the `import`
// condition of its exports), whose React is the app's own: one React on the page.
// Built into examples/react-app/dist and served by the demo server at
// /examples/react-app/dist/ (`npm run example:react`).
import { defineConfig } from 'vite';
import { compileHints } from '../compile-hints.ts';

export default defineConfig({
  root: import.meta.dirname,
  base: '/examples/react-app/dist/',
  // The scripts the page runs at once are compiled while they stream in (compile-hints.ts).
  plugins: [compileHints()],
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  // In a real app 'vigil-portal' comes from node_modules; here the example sits inside the
  // package, and resolves it by its own name through package.json "exports" (a package may
  // import itself by name), exactly as an installed copy would resolve.
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2022' },
  logLevel: 'warn',
});
