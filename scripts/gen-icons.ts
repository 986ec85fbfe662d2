/**
 * Makes the installable portal's icons (demo/icons/*.png, committed) from demo/favicon.svg:
 * 192 and 512 px as drawn, a 512 px maskable one (the shield inside the central safe zone on
 * a full-bleed background, so a launcher may cut any shape from it) and a 96 px
 * monochrome badge for Android's status bar. Headless Chromium draws them.
 *
 *   node_modules/.bin/node scripts/gen-icons.ts
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { requireChromium } from './chromium.mjs';

const ROOT = join(import.meta.dirname, '..');
const svg = readFileSync(join(ROOT, 'demo', 'favicon.svg'), 'utf8');
const BRAND = '#1d4ed8';
const mono = svg.replace(/fill="#1d4ed8"/, 'fill="#fff"').replace(/stroke="#fff"/, 'stroke="#000"');

const ICONS: { file: string; size: number; html: (size: number) => string }[] = [
  { file: 'icon-192.png', size: 192, html: (s) => `<img src="data:image/svg+xml,${encodeURIComponent(svg)}" width="${s}" height="${s}">` },
  { file: 'icon-512.png', size: 512, html: (s) => `<img src="data:image/svg+xml,${encodeURIComponent(svg)}" width="${s}" height="${s}">` },
  {
    file: 'icon-maskable-512.png',
    size: 512,
    // The safe zone of a maskable icon is the central circle of 80 % diameter: the shield takes 56 %.
    html: (s) =>
      `<div style="width:${s}px;height:${s}px;background:${BRAND};display:grid;place-items:center"><img src="data:image/svg+xml,${encodeURIComponent(
        svg.replace(/fill="#1d4ed8"/, 'fill="#fff"').replace(/stroke="#fff"/, `stroke="${BRAND}"`),
      )}" width="${Math.round(s * 0.56)}" height="${Math.round(s * 0.56)}"></div>`,
  },
  { file: 'badge-96.png', size: 96, html: (s) => `<img src="data:image/svg+xml,${encodeURIComponent(mono)}" width="${s}" height="${s}">` },
];

const browser = await chromium.launch({ executablePath: requireChromium(), args: ['--no-sandbox', '--headless', '--disable-gpu'] });
try {
  const page = await browser.newPage();
  for (const icon of ICONS) {
    await page.setViewportSize({ width: icon.size, height: icon.size });
    await page.setContent(`<html><body style="margin:0;background:transparent">${icon.html(icon.size)}</body></html>`);
    await page.locator('img').evaluate((img: HTMLImageElement) => img.decode());
    writeFileSync(join(ROOT, 'demo', 'icons', icon.file), await page.screenshot({ omitBackground: true }));
    console.log(`demo/icons/${icon.file}`);
  }
} finally {
  await browser.close();
}
