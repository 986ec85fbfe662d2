// The library build for bundler users (`lib/`, picked by the package's `import` condition):
// the same entries as dist/ — `vigil` (every element) and one module per element — but
// React, i18next and the other runtime libraries stay bare imports, so the app's bundler
// resolves them once for the app and the elements alike. Not minified: the app's bundler
// minifies. dist/ stays the self-contained build for script tags.
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { defineConfig, type Plugin } from 'vite';

const root = import.meta.dirname;
const pkg = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')) as {
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
};
/** Every runtime library, by bare name and sub-path (`react-dom/client`, `react/jsx-runtime`). */
const external = Object.keys({ ...pkg.dependencies, ...pkg.peerDependencies });
const isExternal = (id: string) => external.some((name) => id === name || id.startsWith(`${name}/`));

const elementEntries = Object.fromEntries(
  readdirSync(resolve(root, 'elements'))
    .filter((f) => /^vigil-[a-z-]+\.ts$/.test(f))
    .map((f) => [f.replace(/\.ts$/, ''), resolve(root, 'elements', f)]),
);

/**
 * The elements' renderer that renders elements an app mounts together in slices
 * (src/features/common/element/renderer.lib.ts), in place of renderer.ts for every
 * importer but itself.
 */
function slicedRenderer(): Plugin {
  const lib = resolve(root, 'src/features/common/element/renderer.lib.ts');
  return {
    name: 'vigil-sliced-renderer',
    enforce: 'pre',
    resolveId(source, importer) {
      if (importer !== lib && /(^|\/)renderer\.ts$/.test(source) && importer?.includes('/src/features/common/element/')) return lib;
      return null;
    },
  };
}

export default defineConfig({
  plugins: [slicedRenderer()],
  build: {
    outDir: 'lib',
    emptyOutDir: true,
    target: 'es2022',
    // The JavaScript stays readable: the integrator's bundler minifies it. The styles are
    // strings inside it (`?inline`), which no bundler minifies: they are minified here.
    minify: false,
    cssMinify: true,
    sourcemap: false,
    copyPublicDir: false,
    lib: {
      entry: { vigil: resolve(root, 'elements/index.ts'), ...elementEntries },
      formats: ['es'],
    },
    rolldownOptions: {
      external: isExternal,
      output: {
        entryFileNames: '[name].js',
        chunkFileNames: 'chunks/[name]-[hash].js',
      },
    },
  },
  logLevel: 'warn',
});
