/**
 * Static files: the built bundles (/dist), the integrator examples (/examples), the demo
 * pages (/demo, never demo/server), and the portal page for every other GET so that each
 * route of the portal can be deep-linked.
 */
import { readFile, stat } from 'node:fs/promises';
import { extname, join, relative, resolve, sep } from 'node:path';
import type { App, Ctx } from '../http.ts';

export const REPO_ROOT = resolve(import.meta.dirname, '..', '..', '..');
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

async function sendFile(c: Ctx, path: string, cacheControl: string): Promise<Response> {
  const body = await readFile(path);
  return c.body(new Uint8Array(body), 200, {
    'Content-Type': TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream',
    'Cache-Control': cacheControl,
  });
}

const notFoundText = (c: Ctx) => c.text('Not found', 404, { 'Cache-Control': 'no-cache' });

type Mount = { prefix: string; root: string; cache: (rel: string) => string; refuse?: (rel: string) => boolean };

export function staticRoutes(app: App, root = REPO_ROOT, { sourceMaps = false }: { sourceMaps?: boolean } = {}): void {
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
      cache: () => 'no-cache',
      // The server's own sources, fixtures and data are not for the browser.
      refuse: (rel) => rel === 'server' || rel.startsWith(`server${sep}`),
    },
  ];
  for (const m of mounts) {
    app.get(m.prefix, (c) => c.redirect(`${m.prefix}/`, 301));
    app.get(`${m.prefix}/*`, async (c) => {
      const abs = within(m.root, c.req.path.slice(m.prefix.length));
      const rel = abs && relative(m.root, abs);
      if (!abs || rel === undefined || m.refuse?.(rel)) return notFoundText(c);
      const file = await fileAt(abs);
      return file ? sendFile(c, file, m.cache(relative(m.root, file))) : notFoundText(c);
    });
  }
}

/** The portal page (demo/index.html), for any GET outside the reserved prefixes. */
export async function portalPage(c: Ctx, root = REPO_ROOT): Promise<Response> {
  const file = await fileAt(join(root, 'demo', 'index.html'));
  return file ? sendFile(c, file, 'no-cache') : notFoundText(c);
}
