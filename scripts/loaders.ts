/**
 * The build step that makes each single-element script load in one round trip
 * (elements/loader/boot.ts says how a loader works). For every element entry but the portal
 * and the autoloader, the bundler writes the element's module as a chunk
 * (`chunks/vigil-<name>-<hash>.js`) and this plugin writes `vigil-<name>.js`, the file
 * integrators name: the loader with the element's plan — every file the element needs
 * (its module's static imports, transitively, and the chunks it loads on first use) — then
 * the import of the module, re-exporting what it exports.
 *
 * It also writes `preload.json`: the same lists for the portal's entry, which stays the
 * module itself (its lazy pages import from it), for the server to name in the page's HTML
 * as `<link rel="modulepreload">`.
 */
import { resolve } from 'node:path';
import { build } from 'rolldown';
import type { OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';
import type { DataPlan, LoadPlan } from '../elements/loader/boot.ts';

export interface FirstUse {
  /** Source modules every element needs on first use, signed in or not (matched against module ids). */
  all: RegExp[];
  /** Per entry name ('*': every entry): the source modules it loads on first use when a user is signed in. */
  signedIn: Record<string, RegExp[]>;
  /** Per entry name ('*': every entry): … when nobody is signed in. */
  signedOut: Record<string, RegExp[]>;
  /**
   * Per entry name ('*': every entry): the source modules a signed-in element wants soon
   * after its first screen but not for it, asked for last and at low priority.
   */
  later: Record<string, RegExp[]>;
}

/** The marker that tells the bundle graph (scripts/bundle-graph.ts) this file is a loader. */
export const LOADER_MARK = '/*vigil-loader*/';

/** Stands for the element's module in the loader's source until the bundler is done with it. */
const MAIN = 'vigil-element-module';

const BOOT = resolve(import.meta.dirname, '../elements/loader/boot.ts');

/** Files `file` imports statically, transitively, `file` first. */
function closure(bundle: OutputBundle, file: string, into = new Set<string>()): Set<string> {
  const chunk = bundle[file];
  if (!chunk || chunk.type !== 'chunk' || into.has(file)) return into;
  into.add(file);
  for (const dep of chunk.imports) closure(bundle, dep, into);
  return into;
}

/** The chunks (with their static imports) that hold the modules matching `patterns`. */
function chunksOf(bundle: OutputBundle, patterns: RegExp[]): Set<string> {
  const out = new Set<string>();
  for (const chunk of Object.values(bundle)) {
    if (chunk.type !== 'chunk') continue;
    if (chunk.moduleIds.some((id) => patterns.some((re) => re.test(id)))) closure(bundle, chunk.fileName, out);
  }
  return out;
}

/** A file's path relative to `from`'s folder (both relative to the output folder). */
function relativeTo(from: string, file: string): string {
  const up = from.split('/').length - 1;
  return (up ? '../'.repeat(up) : './') + file;
}

async function loaderCode(plan: LoadPlan, data: DataPlan | undefined, main: string, exports: string[]): Promise<string> {
  const source = [
    `import { preload, preloadLater, prefetch } from ${JSON.stringify(BOOT)};`,
    `const plan = ${JSON.stringify(plan)};`,
    'preload(plan, import.meta.url);',
    data ? `prefetch(${JSON.stringify(data)});` : '',
    'preloadLater(plan, import.meta.url);',
    // A placeholder: the bundler would rewrite a relative specifier of an external module.
    `const element = await import("${MAIN}");`,
    ...exports.map((name) => `export const ${name} = element.${name};`),
  ].join('\n');
  const result = await build({
    input: 'loader',
    write: false,
    logLevel: 'silent',
    external: [MAIN],
    plugins: [
      {
        name: 'vigil-loader-source',
        resolveId: (id) => (id === 'loader' ? '\0loader' : null),
        load: (id) => (id === '\0loader' ? source : null),
      },
    ],
    output: { format: 'es', minify: true, comments: false },
  });
  return LOADER_MARK + result.output[0].code.replace(new RegExp(`(["'\`])${MAIN}\\1`), JSON.stringify(main));
}

export interface LoaderOptions {
  /** Entry names that keep their module as their file (the portal, the autoloader). */
  keep: string[];
  firstUse: FirstUse;
  /** Per entry name: the API paths its element asks for first (elements/loader/boot.ts `DataPlan.paths`). */
  data: Record<string, string[]>;
  /**
   * Per kept entry (the portal): per route (`/project/:uuid`), the source modules of the
   * page shown there, for the server to name in that page's HTML (`preload.json` `routes`).
   */
  routes: Record<string, Record<string, RegExp[]>>;
}

/** What `preload.json` holds for each entry: files relative to the output folder. */
export interface EntryPlan extends LoadPlan {
  /** Route → the files of the page shown there, beyond `all` (kept entries only). */
  routes?: Record<string, string[]>;
}

/** `entryFileNames` for the build: element modules go to chunks/, their loaders take the name. */
export function entryFileName(options: LoaderOptions) {
  return (chunk: { name: string }) => (options.keep.includes(chunk.name) ? '[name].js' : 'chunks/[name]-[hash].js');
}

export function loaders(options: LoaderOptions): Plugin {
  return {
    name: 'vigil-loaders',
    apply: 'build',
    async generateBundle(_output, bundle) {
      const entries = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk' && c.isEntry);
      const everywhere = chunksOf(bundle, options.firstUse.all);
      const plans: Record<string, EntryPlan> = {};
      for (const entry of entries) {
        const all = closure(bundle, entry.fileName);
        for (const f of everywhere) all.add(f);
        const only = (lists: Record<string, RegExp[]>) =>
          [...chunksOf(bundle, [...(lists['*'] ?? []), ...(lists[entry.name] ?? [])])].filter((f) => !all.has(f));
        const signedIn = only(options.firstUse.signedIn);
        const plan = {
          all: [...all],
          signedIn,
          signedOut: only(options.firstUse.signedOut),
          later: only(options.firstUse.later).filter((f) => !signedIn.includes(f)),
        };
        const keep = options.keep.includes(entry.name);
        const file = keep ? entry.fileName : `${entry.name}.js`;
        plans[file] = { ...plan, all: plan.all.filter((f) => f !== file) };
        const routes = options.routes[entry.name];
        if (routes)
          plans[file].routes = Object.fromEntries(
            Object.entries(routes).map(([route, patterns]) => [route, [...chunksOf(bundle, patterns)].filter((f) => !all.has(f))]),
          );
        if (keep) continue;
        const rel = (f: string) => relativeTo(file, f);
        const name = (f: string) => f.replace(/^chunks\//, '').replace(/\.js$/, '');
        const paths = options.data[entry.name];
        const code = await loaderCode(
          { all: plan.all.map(name), signedIn: plan.signedIn.map(name), signedOut: plan.signedOut.map(name), later: plan.later.map(name) },
          paths && { tag: entry.name, paths },
          rel(entry.fileName),
          entry.exports.filter((name) => /^[A-Za-z_$][\w$]*$/.test(name) && name !== 'default'),
        );
        this.emitFile({ type: 'asset', fileName: file, source: code });
      }
      this.emitFile({ type: 'asset', fileName: 'preload.json', source: `${JSON.stringify(plans, null, 1)}\n` });
    },
  };
}
