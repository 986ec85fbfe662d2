// The elements look the same in any host page: a hostile page stylesheet (a smaller root
// font size, a universal font size, text properties on <body>, a rule on each host tag)
// changes no box and no text style inside any element. Each element's inner boxes
// (relative to its host) and computed text styles are measured on the same page with and
// without that stylesheet, signed out (sign-in forms) and signed in (data).
import type { Page } from '@playwright/test';
import { PROJECTS } from '../../demo/server/seed-ids.ts';
import { expect, test } from './fixtures.ts';

const TAGS = ['vigil-evacuation', 'vigil-login', 'vigil-inbox', 'vigil-unread-badge', 'vigil-language-picker', 'vigil-project'] as const;

const LAYOUT = `body { margin: 0; } main { width: 1000px; padding: 16px; } main > section { margin-block-end: 24px; }`;

const HOSTILE = `
html { font-size: 62.5%; }
* { font-size: 20px; }
body { text-transform: uppercase; letter-spacing: 3px; font-style: italic; text-align: right; line-height: 3;
  word-spacing: 6px; text-indent: 40px; font-weight: 700; white-space: pre; font-family: serif; color: #f0f; }
${TAGS.map((tag) => `${tag} { font-size: 30px; text-transform: lowercase; letter-spacing: 2px; line-height: 4; font-style: oblique; text-align: center; font-variant: small-caps; }`).join('\n')}
`;

function pageHtml(hostile: boolean): string {
  const css = LAYOUT + (hostile ? HOSTILE : '');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Isolation</title>
<style>${css}</style><script type="module" src="/dist/vigil.js"></script></head><body><main>
<section><vigil-evacuation project="${PROJECTS.northwind}"></vigil-evacuation></section>
<section><vigil-login></vigil-login></section>
<section><vigil-inbox view="notifications"></vigil-inbox></section>
<section><p>Unread <vigil-unread-badge></vigil-unread-badge></p></section>
<section><vigil-language-picker></vigil-language-picker></section>
<section><vigil-project project="${PROJECTS.northwind}"></vigil-project></section>
</main></body></html>`;
}

interface Box {
  path: string;
  x: number;
  y: number;
  width: number;
  height: number;
  style: Record<string, string>;
}

const STYLE_PROPS = [
  'fontSize',
  'fontFamily',
  'fontWeight',
  'fontStyle',
  'fontVariantCaps',
  'lineHeight',
  'letterSpacing',
  'wordSpacing',
  'textTransform',
  'textAlign',
  'textIndent',
  'whiteSpace',
] as const;

/** Every element inside each host's shadow root: its box relative to the host, and its text styles. */
function measure(page: Page): Promise<Record<string, Box[]>> {
  return page.evaluate(
    ([tags, props]) => {
      const out: Record<string, Box[]> = {};
      for (const tag of tags) {
        const host = document.querySelector(tag)!;
        const origin = host.getBoundingClientRect();
        const boxes: Box[] = [];
        const walk = (el: Element, path: string) => {
          const r = el.getBoundingClientRect();
          const cs = getComputedStyle(el);
          const style: Record<string, string> = {};
          for (const p of props) style[p] = cs[p as keyof CSSStyleDeclaration] as string;
          boxes.push({ path, x: r.x - origin.x, y: r.y - origin.y, width: r.width, height: r.height, style });
          [...el.children].forEach((child, i) => child.localName !== 'option' && walk(child, `${path} > ${child.localName}:${i}`));
        };
        [...host.shadowRoot!.children].forEach((child, i) => walk(child, `${child.localName}:${i}`));
        out[tag] = boxes;
      }
      return out;
    },
    [TAGS, STYLE_PROPS] as const,
  ) as Promise<Record<string, Box[]>>;
}

async function open(page: Page, hostile: boolean): Promise<void> {
  const url = `/e2e/isolation-${hostile ? 'hostile' : 'plain'}.html`;
  await page.route(`**${url}`, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: pageHtml(hostile) }));
  await page.goto(url);
}

async function settled(page: Page, signedIn: boolean): Promise<void> {
  if (signedIn) {
    await expect(page.locator('vigil-evacuation').getByRole('button', { name: 'Start evacuation' })).toBeVisible();
    await expect(page.locator('vigil-project').getByRole('heading').first()).toBeVisible();
    await expect(page.locator('vigil-inbox').getByText('Scheduled maintenance').first()).toBeVisible();
    await expect(page.locator('vigil-unread-badge').getByRole('status')).toBeVisible();
  } else {
    // Every element that asks for a sign-in shows its form (each loads it on its own).
    for (const tag of ['vigil-login', 'vigil-evacuation', 'vigil-inbox', 'vigil-project'])
      await expect(page.locator(tag).getByLabel('Password')).toBeVisible();
  }
  await expect(page.locator('vigil-language-picker').getByRole('combobox')).toBeVisible();
  // Let images, fonts and late renders finish.
  await page.evaluate(() => document.fonts.ready.then(() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok)))));
}

function compare(plain: Record<string, Box[]>, hostile: Record<string, Box[]>, signedIn: boolean): string[] {
  const problems: string[] = [];
  for (const tag of TAGS) {
    const a = plain[tag]!;
    const b = hostile[tag]!;
    if (a.map((x) => x.path).join('|') !== b.map((x) => x.path).join('|')) {
      problems.push(`${tag}: different content (${a.length} vs ${b.length} elements)`);
      continue;
    }
    a.forEach((box, i) => {
      const other = b[i]!;
      for (const k of ['x', 'y', 'width', 'height'] as const)
        if (Math.abs(box[k] - other[k]) > 1) problems.push(`${tag} ${box.path}: ${k} ${box[k].toFixed(1)} → ${other[k].toFixed(1)}`);
      for (const p of STYLE_PROPS)
        if (box.style[p] !== other.style[p]) problems.push(`${tag} ${box.path}: ${p} ${box.style[p]} → ${other.style[p]}`);
    });
    // The badge shows nothing signed out, and one pill signed in; the others show a whole UI.
    const least = tag === 'vigil-unread-badge' ? Number(signedIn) : 3;
    if (a.length < least) problems.push(`${tag}: only ${a.length} elements measured`);
  }
  return problems;
}

test.use({ viewport: { width: 1280, height: 900 } });

for (const signedIn of [false, true]) {
  test(`hostile page CSS changes nothing inside the elements (${signedIn ? 'signed in' : 'signed out'})`, async ({ page, signIn }) => {
    if (signedIn) await signIn('manager@vigil.test');
    await open(page, false);
    await settled(page, signedIn);
    const plain = await measure(page);

    // The hostile page in a second tab of the same context (same session, same data).
    const hostilePage = await page.context().newPage();
    await open(hostilePage, true);
    await settled(hostilePage, signedIn);
    // The hostile CSS does apply to the page itself.
    expect(await hostilePage.evaluate(() => getComputedStyle(document.body).textTransform)).toBe('uppercase');
    const hostile = await measure(hostilePage);

    expect(compare(plain, hostile, signedIn)).toEqual([]);
    // The heading and the button keep their sizes whatever the page's root font size.
    const heading = hostile['vigil-evacuation']!.find((b) => /h2:\d+$/.test(b.path));
    if (signedIn) expect(heading?.style.fontSize).toBe('20px');
  });
}
