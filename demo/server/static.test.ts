import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSP } from './csp.ts';
import { acceptsGzip, EARLY_SCRIPT, REPO_ROOT } from './routes/static.ts';
import { openDb } from './db.ts';
import { testApp, type TestApp } from './testing.ts';

let root: string;
let app: TestApp;
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'vigil-static-'));
  const files: Record<string, string> = {
    'dist/vigil-portal.js': 'export {};',
    'dist/chunks/shared-abc123.js': 'export const big = "' + 'x'.repeat(5000) + '";',
    'dist/vigil-inbox.js': 'export const first = "' + 'y'.repeat(3000) + '";',
    'dist/assets/tokens-abc123.css': ':root{}',
    'dist/chunks/shared-abc123.js.map': '{"version":3,"sources":["../src/secret.ts"]}',
    'dist/vigil-portal.js.MAP': '{}',
    'examples/index.html': '<!doctype html><title>Examples</title>',
    'examples/vue-app/dist/index.html': '<!doctype html><title>Vue</title>',
    'examples/svelte-app/dist/index.html': '<!doctype html><title>Svelte</title>',
    'demo/index.html':
      '<!doctype html><html lang="en"><title>Vigil</title><script type="module" src="/dist/vigil-portal.js"></script><vigil-portal></vigil-portal></html>',
    'dist/preload.json': JSON.stringify({
      'vigil-portal.js': {
        all: ['chunks/base-a1.js'],
        signedIn: ['chunks/live-b2.js'],
        signedOut: [],
        later: ['chunks/Toasts-e5.js', 'chunks/live-b2.js', '../../etc/shadow'],
        routes: { '/': ['chunks/ProjectsPage-c3.js'], '/project/:uuid': ['chunks/ProjectPage-d4.js', '../../etc/passwd'] },
      },
    }),
    'demo/gallery.html': '<!doctype html><title>Old gallery</title>',
    'demo/try/gallery.html': '<!doctype html><title>Gallery</title>',
    'demo/site/site.js': 'export {};',
    'build/docs/index.html': '<!doctype html><title>Vigil elements</title>',
    'build/docs/elements/vigil-inbox.html': '<!doctype html><title>vigil-inbox</title>',
    'demo/server/main.ts': 'secret',
    'demo/.hidden': 'secret',
  };
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  // Static serving needs no data: an empty database will do.
  app = testApp({ db: openDb(':memory:'), root, testHooks: false });
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const get = (path: string, headers: Record<string, string> = {}) => app.request(path, { headers });

describe('the portal page', () => {
  it('answers every other GET, so any route is deep-linkable, with the CSP and security headers', async () => {
    for (const path of ['/', '/login', '/project/10000000-0000-4000-8000-000000000001', '/inbox/notifications', '/no/such/page']) {
      const res = await get(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('Content-Type')).toBe('text/html; charset=utf-8');
      expect(await res.text()).toContain('<vigil-portal>');
      expect(res.headers.get('Content-Security-Policy')).toBe(CSP);
      expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
      expect(res.headers.get('Referrer-Policy')).toBe('no-referrer');
      expect(res.headers.get('Cache-Control')).toBe('no-cache');
      expect(res.headers.get('X-Frame-Options')).toBe('SAMEORIGIN');
    }
    expect(CSP).toContain("frame-ancestors 'self'");
  });

  it('names the files its route needs at once as modulepreload links, from the build’s plan', async () => {
    const links = async (path: string) =>
      [...(await (await get(path)).text()).matchAll(/<link rel="modulepreload" href="([^"]+)">/g)].map((m) => m[1]);
    expect(await links('/')).toEqual(['/dist/chunks/base-a1.js', '/dist/chunks/live-b2.js', '/dist/chunks/ProjectsPage-c3.js']);
    // A route's own page; never a path out of dist/chunks, whatever the plan says.
    expect(await links('/project/10000000-0000-4000-8000-000000000001')).toEqual([
      '/dist/chunks/base-a1.js',
      '/dist/chunks/live-b2.js',
      '/dist/chunks/ProjectPage-d4.js',
    ]);
    expect(await links('/inbox')).toEqual(['/dist/chunks/base-a1.js', '/dist/chunks/live-b2.js']);
  });

  it('names what is wanted soon after the first screen last, at low priority, and only once', async () => {
    const html = await (await get('/')).text();
    const links = [...html.matchAll(/<link rel="modulepreload" [^>]+>/g)].map((m) => m[0]);
    expect(links.at(-1)).toBe('<link rel="modulepreload" href="/dist/chunks/Toasts-e5.js" fetchpriority="low">');
    expect(links.filter((l) => l.includes('live-b2'))).toEqual(['<link rel="modulepreload" href="/dist/chunks/live-b2.js">']);
    expect(html).not.toContain('shadow');
  });

  it('is the real demo/index.html in this checkout: external scripts, and the inline scripts and stylesheet its CSP names by hash', async () => {
    const real = testApp({ db: openDb(':memory:'), testHooks: false });
    const res = await real.request('/site/x');
    const html = await res.text();
    expect(html).toContain('<script type="module" src="/dist/vigil-portal.js"></script>');
    expect(html).toContain('<meta name="description" content="Manage your projects and systems">');
    // The early requests' script first in the head, then the frame's stylesheet and
    // colour-scheme script inlined in place of their files: the first paint waits for no request.
    const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
    expect(inline).toEqual([EARLY_SCRIPT, readFileSync(join(REPO_ROOT, 'demo', 'theme.js'), 'utf8')]);
    const styles = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1]!);
    expect(styles).toEqual([readFileSync(join(REPO_ROOT, 'demo', 'portal.css'), 'utf8')]);
    expect(html).not.toContain('<link rel="stylesheet"');
    expect(html).not.toContain('/demo/theme.js');
    expect(html.indexOf('<script>')).toBeLessThan(html.indexOf('<style>'));
    // Each allowed by its hash, and nothing else inline.
    const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
    const csp = res.headers.get('Content-Security-Policy');
    expect(csp).toContain(`script-src 'self' ${hash(inline[0]!)} ${hash(inline[1]!)};`);
    expect(csp).toContain(`style-src 'self' ${hash(styles[0]!)};`);
    expect(html.replace(/<script>[\s\S]*?<\/script>/g, '').replace(/<style>[\s\S]*?<\/style>/, '')).not.toMatch(
      /<script(?![^>]*\bsrc=)[^>]*>|<style|\sstyle=|\son\w+=/,
    );
    const icon = await real.request('/demo/favicon.svg');
    expect(icon.headers.get('Content-Type')).toBe('image/svg+xml');
  });

  it('can go without the CSP (--no-csp), but never without the framing guard', async () => {
    const open = testApp({ db: openDb(':memory:'), root, csp: false, testHooks: false });
    const res = await open.request('/');
    expect(res.headers.get('Content-Security-Policy')).toBe("frame-ancestors 'self'");
    expect(res.headers.get('X-Frame-Options')).toBe('SAMEORIGIN');
    const example = await open.request('/examples/');
    expect(example.headers.get('X-Frame-Options')).toBe('SAMEORIGIN');
    expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
  });

  it('is not served under the API prefixes, nor for other methods', async () => {
    const i18n = await get('/i18n/nothing');
    expect(i18n.status).toBe(404);
    expect(await i18n.json()).toEqual({ errors: [{ message: 'Not found.' }] });
    expect((await get('/__test/reset')).status).toBe(404);
    expect((await app.request('/__test/reset', { method: 'POST' })).status).toBe(404);
    expect((await app.request('/login', { method: 'POST' })).status).toBe(404);
  });
});

describe('static files', () => {
  it('serves no source maps unless asked for (VIGIL_SOURCEMAPS=1)', async () => {
    expect((await app.request('/dist/chunks/shared-abc123.js.map')).status).toBe(404);
    expect((await app.request('/dist/vigil-portal.js.MAP')).status).toBe(404);
    const withMaps = testApp({ db: openDb(':memory:'), root, testHooks: false, sourceMaps: true });
    const map = await withMaps.request('/dist/chunks/shared-abc123.js.map');
    expect(map.status).toBe(200);
    expect(await map.text()).toContain('secret.ts');
  });

  it('serves the bundles: hashed chunks and assets immutable, the rest no-cache', async () => {
    const entry = await get('/dist/vigil-portal.js');
    expect(entry.status).toBe(200);
    expect(entry.headers.get('Content-Type')).toBe('text/javascript; charset=utf-8');
    expect(entry.headers.get('Cache-Control')).toBe('no-cache');
    const chunk = await get('/dist/chunks/shared-abc123.js');
    expect(chunk.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    const css = await get('/dist/assets/tokens-abc123.css');
    expect(css.headers.get('Content-Type')).toBe('text/css; charset=utf-8');
    expect(css.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    expect((await get('/dist/missing.js')).status).toBe(404);
  });

  it('lets pages on other origins load the bundles as module scripts (CORS)', async () => {
    const res = await get('/dist/vigil-portal.js', { Origin: 'https://intranet.example.com' });
    expect(res.headers.get('Access-Control-Allow-Origin')).toBe('*');
    const chunk = await get('/dist/chunks/shared-abc123.js', { Origin: 'https://intranet.example.com' });
    expect(chunk.headers.get('Access-Control-Allow-Origin')).toBe('*');
  });

  it('compresses text answers when the client accepts it', async () => {
    const res = await get('/dist/chunks/shared-abc123.js', { 'Accept-Encoding': 'gzip' });
    expect(res.headers.get('Content-Encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await res.arrayBuffer())).toString()).toContain('export const big');
  });

  it('compresses a file once, and again when it has changed', async () => {
    const path = '/dist/vigil-inbox.js';
    const body = async (res: Response) => gunzipSync(Buffer.from(await res.arrayBuffer())).toString();
    const first = await get(path, { 'Accept-Encoding': 'br, gzip;q=0.8' });
    expect(first.headers.get('Content-Encoding')).toBe('gzip');
    expect(first.headers.get('Vary')).toBe('Accept-Encoding');
    expect(await body(first)).toContain('export const first');
    expect(await body(await get(path, { 'Accept-Encoding': 'gzip' }))).toContain('export const first');
    // A rebuild while the server runs: the new file, not the old one compressed.
    writeFileSync(join(root, 'dist/vigil-inbox.js'), 'export const second = "' + 'z'.repeat(4000) + '";');
    expect(await body(await get(path, { 'Accept-Encoding': 'gzip' }))).toContain('export const second');
    // Not asked for, or refused: the plain file.
    const plain = await get(path, { 'Accept-Encoding': 'gzip;q=0, identity' });
    expect(plain.headers.get('Content-Encoding')).toBeNull();
    expect(await plain.text()).toContain('export const second');
  });

  it('reads Accept-Encoding as browsers and proxies write it', () => {
    expect(acceptsGzip('gzip, deflate, br, zstd')).toBe(true);
    expect(acceptsGzip('GZIP;q=0.5')).toBe(true);
    expect(acceptsGzip('*')).toBe(true);
    expect(acceptsGzip('gzip;q=0')).toBe(false);
    expect(acceptsGzip('gzip; q=0.0, br')).toBe(false);
    expect(acceptsGzip('br, deflate')).toBe(false);
    expect(acceptsGzip('x-gzip')).toBe(false);
    expect(acceptsGzip(undefined)).toBe(false);
  });

  it('serves examples and demo pages, directories by their index.html', async () => {
    expect(await (await get('/examples/')).text()).toContain('Examples');
    expect((await get('/examples')).status).toBe(301);
    expect(await (await get('/demo/try/gallery.html')).text()).toContain('Gallery');
  });

  it('sends the old gallery address to the documentation site, the one front door (308), even with a file there', async () => {
    const old = await get('/demo/gallery.html');
    expect(old.status).toBe(308);
    expect(old.headers.get('Location')).toBe('/demo/');
    expect(await old.text()).not.toContain('Old gallery');
  });

  it('serves the generated documentation site at /demo/ before the files of demo/, with the CSP', async () => {
    const home = await get('/demo/');
    expect(await home.text()).toContain('Vigil elements');
    expect(home.headers.get('Content-Security-Policy')).toBe(CSP);
    expect(await (await get('/demo/elements/vigil-inbox.html')).text()).toContain('vigil-inbox');
    // The pages' own script comes from demo/, and the rest of demo/ is still there.
    expect((await get('/demo/site/site.js')).headers.get('Content-Type')).toBe('text/javascript; charset=utf-8');
    expect(await (await get('/demo/try/gallery.html')).text()).toContain('Gallery');
    for (const path of ['/demo/elements/..%2f..%2f..%2fdemo%2fserver%2fmain.ts', '/demo/elements/%2e%2e/%2e%2e/server/main.ts']) {
      expect(await (await get(path)).text(), path).not.toContain('secret');
    }
  });

  it("names the Vue and Svelte examples' own Trusted Types policy on their pages only", async () => {
    const policies = async (path: string) => (await get(path)).headers.get('Content-Security-Policy')?.match(/trusted-types ([^;]*)/)?.[1];
    expect(await policies('/examples/vue-app/dist/')).toBe('vigil dompurify vue');
    expect(await policies('/examples/svelte-app/dist/')).toBe('vigil dompurify svelte-trusted-html');
    expect(await policies('/examples/')).toBe('vigil dompurify');
    expect(await policies('/')).toBe('vigil dompurify');
  });

  it('never serves the server, hidden files, or anything outside its folder', async () => {
    for (const path of [
      '/demo/server/main.ts',
      '/demo/server/',
      '/demo/server',
      '/demo/.hidden',
      '/demo/x/..%2f..%2fdemo/server/main.ts',
      '/demo/server%2fmain.ts',
      '/dist/..%2fdemo%2fserver%2fmain.ts',
      '/demo/%2Fetc%2Fpasswd',
    ]) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect(await res.text()).not.toContain('secret');
    }
  });
});
