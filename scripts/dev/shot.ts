import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from '../chromium.mjs';
const [base, email, ...paths] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: [...CHROMIUM_ARGS] });
for (const width of [1280, 360]) {
  const ctx = await browser.newContext({ viewport: { width, height: width === 360 ? 780 : 860 }, baseURL: base });
  if (email !== '-') {
    const r = await fetch(`${base}/api/v2/user/login?locale=en`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email, password: 'vigil-demo', device_name: 'shot' }) });
    const user = (await r.json()).data;
    await ctx.addInitScript((u) => localStorage.setItem('auth.currentUser', JSON.stringify(u)), user);
  }
  const page = await ctx.newPage();
  page.on('pageerror', (e) => console.log('PAGEERROR', e.message));
  page.on('console', (m) => { if (m.type() === 'error') console.log('CONSOLE', m.text().slice(0, 200)); });
  for (const p of paths) {
    await page.goto(p);
    await page.waitForTimeout(2500);
    const name = `/tmp/shot-${width}-${p.replace(/[^a-z0-9]+/gi, '_')}.png`;
    await page.screenshot({ path: name, fullPage: width === 360 ? false : true });
    console.log(name);
  }
  await ctx.close();
}
await browser.close();
