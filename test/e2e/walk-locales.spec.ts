// Every portal page in German and Dutch on a 360 px phone: nothing is wider than the
// screen (the page never scrolls sideways; the widest element is named when it does), and
// no API code reaches the reader: permissions ("edit schedules"), system types ("UFO",
// "ALARM") and IANA zones ("Europe/Brussels") are shown by name (docs/engineering.md
// "Human words"); incident titles come from the server in the reader's language.
import type { Page } from '@playwright/test';
import { CAMERA_EVENTS, PANEL_EVENTS } from '../../demo/server/seed-data/incident-texts.ts';
import { PAGES } from '../../demo/server/seed-ids.ts';
import { expect, test } from './fixtures.ts';
import { portalPath } from './screens/BasePage.ts';
import { PortalLayout } from './screens/PortalLayout.ts';
import { goInApp, seededUuids, signedInRoutes, waitForContent } from './support/faults.ts';

test.describe.configure({ mode: 'default' });
test.use({ dbReset: 'file', viewport: { width: 360, height: 740 } });

const LANGUAGES = ['de', 'nl'] as const;
const RAW_PHRASES = ['edit schedules', 'manage users'];
const RAW_LINES = ['view', 'evacuate', 'UFO', 'ALARM', ...RAW_PHRASES];
const IANA = /\b(Africa|America|Antarctica|Asia|Atlantic|Australia|Europe|Indian|Pacific|Etc)\/[A-Z][A-Za-z_]+/;

interface Overflow {
  scrollWidth: number;
  clientWidth: number;
  widest: string;
}

/** The document's width against the screen's, and the element reaching furthest right (open shadow roots included). */
async function overflow(page: Page): Promise<Overflow> {
  return page.evaluate(() => {
    const doc = document.documentElement;
    let widest = '';
    let right = doc.clientWidth;
    const name = (el: Element) => {
      const host = (el.getRootNode() as ShadowRoot).host;
      const cls = typeof el.className === 'string' && el.className.trim() ? `.${el.className.trim().split(/\s+/).join('.')}` : '';
      return `${host ? `${host.localName} >>> ` : ''}${el.localName}${cls}`;
    };
    const walk = (root: Document | ShadowRoot) => {
      for (const el of root.querySelectorAll('*')) {
        const box = el.getBoundingClientRect();
        if (box.width > 0 && box.right > right + 0.5) {
          right = box.right;
          widest = `${name(el)} (right edge ${Math.round(box.right)} px, “${(el.textContent ?? '').trim().slice(0, 60)}”)`;
        }
        if (el.shadowRoot) walk(el.shadowRoot);
      }
    };
    walk(document);
    return { scrollWidth: doc.scrollWidth, clientWidth: doc.clientWidth, widest };
  });
}

/** What a person reads on the page: the portal's text (header and main) and its select options. */
async function readable(page: Page): Promise<string[]> {
  const portal = page.locator('vigil-portal');
  const text = [await portal.locator('header.header').innerText(), await portal.locator('main').innerText()].join('\n');
  const options = await portal.locator('main option').allTextContents();
  return [...text.split('\n'), ...options].map((l) => l.trim()).filter(Boolean);
}

/** The page has its heading and nothing is busy (camera frames may still be loading). */
async function settled(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 15_000 });
  await expect(page.locator('vigil-portal main [aria-busy="true"]:visible')).toHaveCount(0, { timeout: 15_000 });
  await expect(page.locator('vigil-portal main .v-state .v-spinner:visible')).toHaveCount(0, { timeout: 15_000 });
}

async function check(page: Page, route: string): Promise<void> {
  await settled(page);
  const o = await overflow(page);
  expect
    .soft(o.scrollWidth, `${route}: the page is ${o.scrollWidth} px wide on a ${o.clientWidth} px screen; widest: ${o.widest}`)
    .toBeLessThanOrEqual(o.clientWidth);
  // One check per kind and page, each naming every line at fault: a soft check per line made
  // a few thousand of them per walk, most of the walk's test-runner time.
  const lines = await readable(page);
  expect
    .soft(
      RAW_LINES.filter((raw) => lines.includes(raw)),
      `${route}: raw codes shown as lines`,
    )
    .toEqual([]);
  expect
    .soft(
      lines.filter((line) => RAW_PHRASES.some((phrase) => line.includes(phrase))),
      `${route}: lines with a raw permission`,
    )
    .toEqual([]);
  expect
    .soft(
      lines.filter((line) => IANA.test(line)),
      `${route}: lines with a raw IANA zone`,
    )
    .toEqual([]);
}

for (const language of LANGUAGES) {
  test(`${language} at 360 px: every page fits the screen and shows no codes`, async ({ page, api, signIn }) => {
    test.setTimeout(240_000);
    const user = await signIn('manager@vigil.test');
    const routes = [...signedInRoutes(await seededUuids(api, user.token)), `/page/${PAGES.serviceLevels}`, '/404', '/404?resource=Site'];
    await page.goto(portalPath('/'));
    await waitForContent(page);
    await new PortalLayout(page).chooseLanguage(language);
    for (const [i, route] of routes.entries()) {
      await test.step(route, async () => {
        // The chosen language survives a load (the first route); the rest move in the app.
        if (i === 0) await page.goto(portalPath(route));
        else await goInApp(page, portalPath(route));
        await expect(page.locator('html')).toHaveAttribute('lang', language);
        await check(page, route);
      });
    }
  });

  test(`${language} at 360 px: the terms page and the signed-out pages fit the screen`, async ({ page, signIn }) => {
    test.setTimeout(120_000);
    for (const route of ['/login', '/forgot-password', '/404']) {
      await test.step(route, async () => {
        // Signed out the language lasts for the page: move in the app, not by reloading.
        if (route === '/login') await page.goto(portalPath(route));
        else await goInApp(page, portalPath(route));
        await waitForContent(page);
        if (route === '/login') await new PortalLayout(page).language().selectOption(language);
        await expect(page.locator('html')).toHaveAttribute('lang', language);
        await check(page, route);
      });
    }
    await signIn('new@vigil.test');
    await page.goto(portalPath('/terms'));
    await waitForContent(page);
    await new PortalLayout(page).chooseLanguage(language);
    await check(page, '/terms');
  });
}

/** A template text as a pattern: its placeholders match any name, phrase or number. */
const pattern = (template: string) => new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{\w+\}/g, '.+')}$`);

for (const language of LANGUAGES) {
  test(`${language}: the inbox and an incident's page show the incident's title in ${language}`, async ({ page, api, signIn }) => {
    test.setTimeout(120_000);
    const user = await signIn('manager@vigil.test');
    // The incident the inbox lists first: it orders by what needs attention, not by date.
    const first = async (accept: string) => {
      const res = await api.request.get('/api/v2/incidents?page=1&per_page=1&sort=attention', {
        headers: { authorization: `Bearer ${user.token}`, 'accept-language': accept },
      });
      expect(res.status()).toBe(200);
      return ((await res.json()) as { data: { uuid: string; title: string }[] }).data[0]!;
    };
    const en = await first('en');
    const translated = await first(language);
    expect(translated.uuid).toBe(en.uuid);
    // The English title names its template; the one shown must be that template's translation.
    const template = [...CAMERA_EVENTS, ...PANEL_EVENTS].find((t) => pattern(t.title.en).test(en.title));
    expect(template, en.title).toBeDefined();
    expect(translated.title).toMatch(pattern(template!.title[language]));

    await page.goto(portalPath('/'));
    await waitForContent(page);
    await new PortalLayout(page).chooseLanguage(language);
    const main = page.locator('vigil-portal main');
    await page.goto(portalPath('/inbox'));
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await expect(main.getByText(translated.title).first()).toBeVisible();
    await expect(main.getByText(en.title)).toHaveCount(0);
    await page.goto(portalPath(`/inbox/incident/${en.uuid}`));
    await expect(main.getByRole('heading', { name: translated.title })).toBeVisible();
  });
}

test('inbox rows at 360 px show the whole place of each incident', async ({ page, signIn }) => {
  await signIn('manager@vigil.test');
  await page.goto(portalPath('/inbox'));
  await waitForContent(page);
  const places = page.locator('vigil-portal main .vi-irow-place');
  await expect(places.first()).toBeVisible();
  const cut = await places.evaluateAll((els) =>
    els.filter((el) => el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1).map((el) => el.textContent),
  );
  expect(cut, 'places cut short').toEqual([]);
});
