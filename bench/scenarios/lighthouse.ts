/**
 * Lighthouse (performance, accessibility, best practices) on the portal home, signed in,
 * and on the integrator example examples/evacuation.html, signed in too (so the control
 * shows the evacuation status rather than its sign-in form).
 *
 * How it is wired (no browser download: Debian's Chromium, flags from scripts/chromium.mjs):
 * 1. playwright-core launches /usr/bin/chromium as a *persistent* context (a temporary
 *    profile) with `--remote-debugging-port=<free port>`, so the browser is reachable both
 *    from Playwright and over the DevTools port.
 * 2. Playwright signs in the way the portal does: it puts the seeded user (logged in
 *    through the API) under `auth.currentUser` in localStorage of the server's origin.
 * 3. Lighthouse's Node API connects to that port (`{ port }`) and opens its own tab in the
 *    same profile, with `disableStorageReset: true` so it keeps localStorage (the sign-in;
 *    it also keeps the HTTP cache, which is empty for these pages: nothing but a JSON file
 *    was loaded before). Each page gets its own Lighthouse run, mobile form factor with
 *    simulated throttling (Lighthouse's defaults), or desktop with `{ preset: 'desktop' }`.
 *
 * The bench's demo server runs without its Content-Security-Policy (`--no-csp`), so the
 * best-practices figure does not include the CSP checks.
 *
 * Usage: `npm run bench -- lighthouse`, or `lighthouse(bench, { preset: 'desktop' })`.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouseRun, { desktopConfig } from 'lighthouse';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, requireChromium } from '../../scripts/chromium.mjs';
import { REPO, type Bench } from '../harness.ts';

const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;

/** What both pages must reach on the mobile preset (the bench fails otherwise). */
export const GOALS = { performance: 95, lcpMs: 2000, tbtMs: 150 } as const;
type Category = (typeof CATEGORIES)[number];

/** The metrics reported beside the scores (audit id → label). */
const METRICS = {
  'first-contentful-paint': 'FCP',
  'largest-contentful-paint': 'LCP',
  'total-blocking-time': 'TBT',
  'cumulative-layout-shift': 'CLS',
  'speed-index': 'SI',
} as const;

export interface LighthouseRow {
  page: string;
  url: string;
  /** 0–100 per category (null when Lighthouse could not score it). */
  scores: Record<Category, number | null>;
  metrics: Record<string, string>;
  /** Audits that did not pass in the scored categories, for the report. */
  failing: string[];
  /** What the largest contentful paint was (a node's selector and text), for the report. */
  lcpElement: string;
  /** Milliseconds of the goal metrics. */
  lcpMs: number;
  tbtMs: number;
  lighthouseVersion: string;
}

export interface LighthouseOptions {
  preset?: 'mobile' | 'desktop';
  email?: string;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function login(base: string, email: string): Promise<unknown> {
  const res = await fetch(`${base}/api/v2/user/login?locale=en`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password: 'vigil-demo', device_name: 'bench-lighthouse' }),
  });
  if (!res.ok) throw new Error(`login ${email}: ${res.status}`);
  return ((await res.json()) as { data: unknown }).data;
}

export async function lighthouse(bench: Bench, { preset = 'mobile', email = 'manager@vigil.test' }: LighthouseOptions = {}) {
  const port = await freePort();
  const profile = mkdtempSync(join(tmpdir(), 'vigil-lighthouse-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: requireChromium(),
    headless: true,
    args: [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`],
  });
  const rows: LighthouseRow[] = [];
  mkdirSync(join(REPO, 'bench/results'), { recursive: true });
  try {
    // Sign in: the stored user in localStorage of the server's origin (as the portal keeps it).
    const user = await login(bench.base, email);
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(`${bench.base}/i18n/messages/en.json`);
    await page.evaluate((u) => localStorage.setItem('auth.currentUser', JSON.stringify(u)), user);
    await page.goto('about:blank');

    const targets = [
      { page: 'Portal home (signed in)', url: `${bench.base}/` },
      { page: 'examples/evacuation.html (signed in)', url: `${bench.base}/examples/evacuation.html` },
    ];
    for (const target of targets) {
      const result = await lighthouseRun(
        target.url,
        { port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES], disableStorageReset: true },
        preset === 'desktop' ? desktopConfig : undefined,
      );
      const lhr = result?.lhr;
      if (!lhr) throw new Error(`Lighthouse returned nothing for ${target.url}`);
      // The whole report, for whoever wants to see where the time went (bench/results is not committed).
      writeFileSync(
        join(REPO, 'bench/results', `lighthouse-${new URL(target.url).pathname.replace(/\W+/g, '-')}.json`),
        JSON.stringify(lhr),
      );
      if (lhr.runtimeError) throw new Error(`Lighthouse on ${target.url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
      // The run must have seen the signed-in page, not the sign-in form.
      if (new URL(lhr.finalDisplayedUrl).pathname === '/login')
        throw new Error(`Lighthouse on ${target.url} was sent to /login: the sign-in did not carry over`);
      const scores = Object.fromEntries(
        CATEGORIES.map((c) => {
          const score = lhr.categories[c]?.score;
          return [c, typeof score === 'number' ? Math.round(score * 100) : null];
        }),
      ) as Record<Category, number | null>;
      const metrics = Object.fromEntries(Object.entries(METRICS).map(([id, label]) => [label, lhr.audits[id]?.displayValue ?? 'n/a']));
      const failing = CATEGORIES.flatMap((c) =>
        (lhr.categories[c]?.auditRefs ?? [])
          .filter((ref) => ref.weight > 0)
          .map((ref) => lhr.audits[ref.id])
          .filter((a): a is NonNullable<typeof a> => Boolean(a) && typeof a!.score === 'number' && a!.score < 0.9)
          .map((a) => `${c}: ${a.id} (${a.displayValue ?? Math.round((a.score ?? 0) * 100)})`),
      );
      // Lighthouse 13 names the largest paint's node in its LCP breakdown.
      const breakdown = lhr.audits['lcp-breakdown-insight']?.details as
        { items?: { type?: string; selector?: string; nodeLabel?: string }[] } | undefined;
      const node = breakdown?.items?.find((item) => item.type === 'node');
      rows.push({
        ...target,
        scores,
        metrics,
        failing,
        lcpElement: node ? `${node.selector ?? '?'} ("${(node.nodeLabel ?? '').slice(0, 60)}")` : 'n/a',
        lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? Infinity,
        tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? Infinity,
        lighthouseVersion: lhr.lighthouseVersion,
      });
    }
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }

  const version = rows[0]?.lighthouseVersion ?? '?';
  const missed =
    preset === 'mobile'
      ? rows.flatMap((r) => {
          const misses = [
            (r.scores.performance ?? 0) < GOALS.performance ? `performance ${r.scores.performance} < ${GOALS.performance}` : '',
            r.lcpMs > GOALS.lcpMs ? `LCP ${(r.lcpMs / 1000).toFixed(1)} s > ${GOALS.lcpMs / 1000} s` : '',
            r.tbtMs > GOALS.tbtMs ? `TBT ${Math.round(r.tbtMs)} ms > ${GOALS.tbtMs} ms` : '',
          ].filter(Boolean);
          return misses.length ? [`${r.page}: ${misses.join(', ')}`] : [];
        })
      : [];
  const score = (n: number | null) => (n === null ? 'n/a' : String(n));
  return {
    preset,
    rows,
    failed: missed.length ? missed.join('; ') : undefined,
    markdown: [
      `Lighthouse ${version}, ${preset === 'desktop' ? 'desktop preset' : 'mobile form factor with simulated throttling (defaults)'}, Debian Chromium; the bench server runs without CSP.`,
      '',
      '| page | performance | accessibility | best practices | FCP | LCP | TBT | CLS |',
      '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
      ...rows.map(
        (r) =>
          `| ${r.page} | ${score(r.scores.performance)} | ${score(r.scores.accessibility)} | ${score(r.scores['best-practices'])} | ${r.metrics.FCP} | ${r.metrics.LCP} | ${r.metrics.TBT} | ${r.metrics.CLS} |`,
      ),
      '',
      `Goals (mobile): performance ≥ ${GOALS.performance}, LCP ≤ ${GOALS.lcpMs / 1000} s, TBT ≤ ${GOALS.tbtMs} ms: ${preset !== 'mobile' ? 'checked on mobile only' : missed.length ? `NOT met (${missed.join('; ')})` : 'met'}.`,
      '',
      ...rows.map((r) => `Largest contentful paint on ${r.page}: ${r.lcpElement}.`),
      '',
      ...rows.flatMap((r) => (r.failing.length ? [`Below 90 on ${r.page}: ${r.failing.join('; ')}.`, ''] : [])),
    ].join('\n'),
  };
}
