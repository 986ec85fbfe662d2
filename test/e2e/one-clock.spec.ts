import { PROJECTS } from '../../demo/server/seed-ids.ts';
import { expect, test } from './fixtures.ts';
import { PortalLayout } from './screens/PortalLayout.ts';
import { ProjectPage } from './screens/ProjectPage.ts';

const MANAGER = 'manager@vigil.test';

/** Every clock time in a text ("06:04", "6:04 AM", "18:30"), as written. */
const clocks = (text: string): string[] => [...text.matchAll(/(?<![\d:.])\d{1,2}:\d{2}(?![\d:])(\s?[AP]M)?/g)].map((m) => m[0]);

// One clock per language everywhere (docs/product.md#times): a card once said "Last confirmed
// at 6:04 AM" beside "until Mon 06:00". The project page shows a moment (the evacuation's
// last confirmation) and a schedule's hour (each site's "Secured now · until …").
test('the project page shows one clock format, the 24-hour one, in English, German and Spanish', async ({ signedInPage }) => {
  const page = await signedInPage(MANAGER);
  const project = await new ProjectPage(page).openProject(PROJECTS.northwind);
  const layout = new PortalLayout(page);
  const main = page.locator('vigil-portal').getByRole('main');
  const antwerp = project.siteCard('Antwerp Port Warehouse');
  const lines = {
    en: { confirmed: /Last confirmed at (\S+)/, secured: /(?:Secured now · until|Not secured · from) (?:\S+ ){0,2}(\d\S*)/ },
    de: { confirmed: /Zuletzt bestätigt um (\S+)/, secured: /· (?:bis|ab) (?:\S+ ){0,2}(\d\S*)/ },
    es: { confirmed: /Última confirmación a las (\S+)/, secured: /· (?:hasta|desde) (?:\S+ ){0,2}(\d\S*)/ },
  } as const;
  for (const language of ['en', 'de', 'es'] as const) {
    if (language !== 'en') await layout.chooseLanguage(language);
    await expect(main.getByText(lines[language].confirmed).first()).toBeVisible();
    await expect(antwerp.locator('[part~="health-secured"]')).toHaveText(lines[language].secured);
    const text = await main.innerText();
    const times = clocks(text);
    // Both kinds are there, and every one reads "HH:MM": no AM/PM, no one-digit hour.
    expect(times.length, language).toBeGreaterThanOrEqual(2);
    expect(
      times.filter((time) => !/^\d{2}:\d{2}$/.test(time)),
      `${language}: ${times.join(', ')}`,
    ).toEqual([]);
    const confirmed = lines[language].confirmed.exec(text)![1]!;
    const secured = lines[language].secured.exec(await antwerp.innerText())![1]!;
    expect(confirmed.replace(/\.$/, ''), language).toMatch(/^\d{2}:\d{2}$/);
    expect(secured, language).toMatch(/^\d{2}:\d{2}$/);
  }
});
