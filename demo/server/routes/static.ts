/**
 * Static files: the built bundles (/dist), the integrator examples (/examples), the demo
 * pages (/demo, never demo/server), and the portal page for every other GET so that each
 * route of the portal can be deep-linked.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, relative, resolve, sep } from 'node:path';
import { promisify } from 'node:util';
import { gzip as gzipCallback } from 'node:zlib';
import type { App, Ctx } from '../http.ts';

export const REPO_ROOT = resolve(import.meta.dirname, '..', '..', '..');

/**
 * The portal page's inline head script (demo/portal-early.js: it starts the first screen's
 * requests before the modules arrive) and the CSP source that allows it, its hash: read
 * once at start, so the page and the policy always name the same script.
 */
export const EARLY_SCRIPT = readFileSync(join(REPO_ROOT, 'demo', 'portal-early.js'), 'utf8');
/** A CSP source that allows one inline script or style: the sha256 of its text. */
const cspHash = (text: string): string => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
export const EARLY_SCRIPT_HASH = cspHash(EARLY_SCRIPT);

/**
 * What the portal page's first paint needs, inlined by the server in place of the files
 * demo/index.html names, so that the frame shown before the modules run waits for no request
 * (each was a render-blocking round trip): the colour-scheme script (demo/theme.js) and the
 * frame's stylesheet (demo/portal.css). Read once at start, with their hashes for the CSP.
 */
export const THEME_SCRIPT = readFileSync(join(REPO_ROOT, 'demo', 'theme.js'), 'utf8');
export const THEME_SCRIPT_HASH = cspHash(THEME_SCRIPT);
export const PORTAL_STYLE = readFileSync(join(REPO_ROOT, 'demo', 'portal.css'), 'utf8');
export const PORTAL_STYLE_HASH = cspHash(PORTAL_STYLE);
const INLINED: readonly (readonly [string, string])[] = [
  ['<link rel="stylesheet" href="/demo/portal.css">', `<style>${PORTAL_STYLE}</style>`],
  ['<script src="/demo/theme.js"></script>', `<script>${THEME_SCRIPT}</script>`],
];
const IMMUTABLE = 'public, max-age=31536000, immutable';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
};

/** Prefixes that never fall back to the portal page. */
export const RESERVED_PREFIXES = ['/api', '/auth', '/i18n', '/dist', '/examples', '/demo', '/__test'];

export const isReserved = (path: string): boolean => RESERVED_PREFIXES.some((p) => path === p || path.startsWith(`${p}/`));

/** The file under `root` that `urlPath` names, or undefined when it escapes root or is hidden. */
function within(root: string, urlPath: string): string | undefined {
  let rel: string;
  try {
    rel = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  if (rel.includes('\0') || rel.split(/[\\/]/).some((seg) => seg.startsWith('.') && seg !== '')) return undefined;
  const abs = resolve(root, `.${sep}${rel}`);
  return abs === root || abs.startsWith(root + sep) ? abs : undefined;
}

async function fileAt(path: string): Promise<string | undefined> {
  const info = await stat(path).catch(() => undefined);
  if (info?.isDirectory()) return fileAt(join(path, 'index.html'));
  return info?.isFile() ? path : undefined;
}

const gzip = promisify(gzipCallback);

/** Types worth compressing (images other than SVG and fonts are compressed already). */
const COMPRESSIBLE = /^(text\/|application\/(json|manifest\+json)|image\/svg\+xml)/;

/** Whether an Accept-Encoding header takes gzip (by name or `*`, with a q above 0). */
export function acceptsGzip(header: string | undefined): boolean {
  return (header ?? '').split(',').some((part) => {
    const [name = '', ...params] = part.split(';').map((p) => p.trim().toLowerCase());
    const q = params.find((p) => p.startsWith('q='));
    return (name === 'gzip' || name === '*') && (q === undefined || Number(q.slice(2)) > 0);
  });
}

/**
 * Files compressed once per version (size and change time): every cold page load asks for
 * the same bundles, and compressing them again on each request was the server's largest
 * cost per page. The app-wide compression leaves an answer that is already encoded alone.
 */
const gzipped = new Map<string, { version: string; body: Promise<Buffer> }>();

async function sendFile(c: Ctx, path: string, cacheControl: string): Promise<Response> {
  const info = await stat(path);
  const type = TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream';
  const headers = { 'Content-Type': type, 'Cache-Control': cacheControl };
  if (info.size >= 1024 && COMPRESSIBLE.test(type) && acceptsGzip(c.req.header('Accept-Encoding'))) {
    const version = `${info.size}:${info.mtimeMs}`;
    let entry = gzipped.get(path);
    if (entry?.version !== version) {
      const body = readFile(path).then((raw) => gzip(raw, { level: 9 }));
      entry = { version, body };
      gzipped.set(path, entry);
      body.catch(() => gzipped.delete(path)); // read again next time
    }
    return c.body(new Uint8Array(await entry.body), 200, { ...headers, 'Content-Encoding': 'gzip', Vary: 'Accept-Encoding' });
  }
  return c.body(new Uint8Array(await readFile(path)), 200, headers);
}

const notFoundText = (c: Ctx) => c.text('Not found', 404, { 'Cache-Control': 'no-cache' });

type Mount = {
  prefix: string;
  root: string;
  /** Looked in first: a generated directory whose files win over root's. */
  overlay?: string;
  cache: (rel: string) => string;
  refuse?: (rel: string) => boolean;
};

export function staticRoutes(app: App, root = REPO_ROOT, { sourceMaps = false }: { sourceMaps?: boolean } = {}): void {
  // The installable portal (docs/push.md): its manifest, and its service worker at the root,
  // since a worker controls only the pages under its own path (built to dist/sw.js).
  for (const [path, file] of [
    ['/manifest.webmanifest', join(root, 'demo', 'manifest.webmanifest')],
    ['/sw.js', join(root, 'dist', 'sw.js')],
  ] as const) {
    app.get(path, async (c) => {
      const found = await fileAt(file);
      return found ? sendFile(c, found, 'no-cache') : notFoundText(c);
    });
  }
  const mounts: Mount[] = [
    {
      prefix: '/dist',
      root: join(root, 'dist'),
      cache: (rel) => (/^(chunks|assets)[\\/]/.test(rel) ? IMMUTABLE : 'no-cache'),
      // Source maps show the whole source: only when asked for (VIGIL_SOURCEMAPS=1).
      refuse: (rel) => !sourceMaps && rel.toLowerCase().endsWith('.map'),
    },
    { prefix: '/examples', root: join(root, 'examples'), cache: () => 'no-cache' },
    {
      prefix: '/demo',
      root: join(root, 'demo'),
      // The documentation site, generated by `npm run build` (scripts/gen-docs.ts).
      overlay: join(root, 'build', 'docs'),
      cache: () => 'no-cache',
      // The server's own sources, fixtures and data are not for the browser.
      refuse: (rel) => rel === 'server' || rel.startsWith(`server${sep}`),
    },
  ];
  // One front door for integrators: the documentation site. The old gallery's address leads there.
  app.get('/demo/gallery.html', (c) => c.redirect('/demo/', 308));
  for (const m of mounts) {
    app.get(m.prefix, (c) => c.redirect(`${m.prefix}/`, 301));
    app.get(`${m.prefix}/*`, async (c) => {
      const generated = m.overlay && within(m.overlay, c.req.path.slice(m.prefix.length));
      const built = generated && (await fileAt(generated));
      if (built) return sendFile(c, built, m.cache(relative(m.overlay!, built)));
      const abs = within(m.root, c.req.path.slice(m.prefix.length));
      const rel = abs && relative(m.root, abs);
      if (!abs || rel === undefined || m.refuse?.(rel)) return notFoundText(c);
      const file = await fileAt(abs);
      return file ? sendFile(c, file, m.cache(relative(m.root, file))) : notFoundText(c);
    });
  }
}

/** What the build says the portal needs at once (dist/preload.json, scripts/loaders.ts). */
interface PortalPlan {
  all: string[];
  signedIn: string[];
  /** Wanted soon after the first screen: named last, at low priority (an older build has none). */
  later?: string[];
  routes?: Record<string, string[]>;
}

async function portalPlan(root: string): Promise<PortalPlan | undefined> {
  try {
    const plans = JSON.parse(await readFile(join(root, 'dist', 'preload.json'), 'utf8')) as Record<string, PortalPlan>;
    return plans['vigil-portal.js'];
  } catch {
    return undefined; // no build yet, or an older one: the page loads as it is
  }
}

const isChunk = (f: string) => /^chunks\/[\w.-]+\.js$/.test(f);

/** `/project/:uuid` matches `/project/abc`. */
const routeMatches = (route: string, path: string) => new RegExp(`^${route.replace(/:\w+/g, '[^/]+').replace(/\//g, '\\/')}/?$`).test(path);

/**
 * The portal page (demo/index.html), for any GET outside the reserved prefixes, with the
 * early requests' inline script (EARLY_SCRIPT), its frame's script and stylesheet inlined
 * (INLINED) and a `modulepreload` link for every file the portal needs at once on this
 * route: its own (the entry's imports, the session's parts) and the route's page. The
 * browser then fetches them all in one round trip instead of discovering them one import
 * at a time.
 */
export async function portalPage(c: Ctx, root = REPO_ROOT): Promise<Response> {
  const file = await fileAt(join(root, 'demo', 'index.html'));
  if (!file) return notFoundText(c);
  // The early requests go first, before the stylesheet and scripts the head names.
  let html = (await readFile(file, 'utf8')).replace('</title>', `</title>\n    <script>${EARLY_SCRIPT}</script>`);
  for (const [tag, inline] of INLINED) html = html.replace(tag, () => inline);
  const plan = await portalPlan(root);
  const entry = '<script type="module" src="/dist/vigil-portal.js"></script>';
  const send = (body: string) => c.body(body, 200, { 'Content-Type': TYPES['.html']!, 'Cache-Control': 'no-cache' });
  if (!plan || !html.includes(entry)) return send(html);
  const page = Object.entries(plan.routes ?? {}).find(([route]) => routeMatches(route, c.req.path))?.[1] ?? [];
  const first = new Set([...plan.all, ...plan.signedIn, ...page]);
  const later = (plan.later ?? []).filter((f) => !first.has(f));
  const link = (f: string, attributes = '') => `<link rel="modulepreload" href="/dist/${f}"${attributes}>`;
  const links = [...[...first].filter(isChunk).map((f) => link(f)), ...later.filter(isChunk).map((f) => link(f, ' fetchpriority="low"'))];
  return send(html.replace(entry, `${entry}\n    ${links.join('\n    ')}`));
}
