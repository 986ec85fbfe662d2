// Truthful cameras: a tile says Live only when its system is online and its frame's own
// time (X-Frame-Time) proves it fresh. The seeded offline system ("Roof terrace") keeps
// answering its last frame with its old time and is never Live; a system whose frames stop
// (the /__test/camera-delay hook) turns Delayed with the time of its last image, in the
// portal and in the public <vigil-demo-live-view>. On a phone the large view fills the
// screen with Previous, Close and Next on one row.
import { DEMO_LIVE_VIEW_UUID, SYSTEMS } from '../../demo/server/seed-ids.ts';
import { expect, expectNoA11yViolations, test } from './fixtures.ts';
import { PublicDemoPage } from './screens/PublicDemoPage.ts';
import { datePart } from './support/site-day.ts';
import { SystemPage } from './screens/SystemPage.ts';

test.describe('camera status', () => {
  test('the offline system is Offline with its last image greyed and its time, never Live', async ({ signedInPage }) => {
    const page = await signedInPage('manager@vigil.test', { path: `/system/${SYSTEMS.brusselsRoof}` });
    const system = new SystemPage(page);
    await expect(system.heading('Roof terrace')).toBeVisible();
    await expect(system.status()).toHaveText('Offline');
    await expect.poll(() => system.frameOf(system.camera('Roof access')), { message: 'its last image is drawn' }).not.toBe('');
    await expect(system.camera('Roof access')).toHaveAccessibleName('Open Roof access in large view, Offline');
    await expect(system.badge('Roof access')).toHaveText('Offline');
    await expect(system.tile('Roof access')).toHaveAttribute('data-status', 'offline');
    // The demo's offline systems went offline 25 minutes before the server started.
    await expect(system.age('Roof access')).toHaveText(/^Offline, Last image .+ \(\d+ (min\.|hr\.|days?) ago\)$/);
    const canvas = system.tile('Roof access').locator('canvas');
    expect(await canvas.evaluate((c) => getComputedStyle(c).filter)).toContain('grayscale');
    // Frames keep coming; none of them makes it Live. A camera loads one frame at a time,
    // so three more requests per camera mean at least two more frames each were answered.
    const cameras = await system.cameras().count();
    const frames: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.includes('/media/')) frames.push(r.url());
    });
    await expect.poll(() => frames.length, { message: 'more frames are loaded', timeout: 15_000 }).toBeGreaterThanOrEqual(3 * cameras);
    await expect(system.tile('Roof access')).toHaveAttribute('data-status', 'offline');
    await expect(system.tile('Roof access')).not.toContainText('Live');
    await expectNoA11yViolations(page);
  });

  test('a live system is Live; when its frames stop it turns Delayed with the last image time, and Live again', async ({
    signedInPage,
    api,
  }) => {
    const page = await signedInPage('manager@vigil.test', { path: `/system/${SYSTEMS.brusselsReception}` });
    const system = new SystemPage(page);
    await expect(system.heading('Reception')).toBeVisible();
    await expect(system.badge('Main entrance')).toHaveText('Live');
    await expect(system.camera('Main entrance')).toHaveAccessibleName('Open Main entrance in large view, Live');
    await expect(system.age('Main entrance')).toHaveText(/^Live, (just now|\d sec\. ago)$/);

    const delayed = Date.now();
    await api.cameraDelay(SYSTEMS.brusselsReception, 150);
    await expect(system.badge('Main entrance')).toHaveText('Delayed', { timeout: 10_000 });
    await expect(system.tile('Main entrance')).toHaveAttribute('data-status', 'stale');
    await expect(system.camera('Main entrance')).toHaveAccessibleName('Open Main entrance in large view, Delayed');
    // The clock time on the site's clock, its zone named ("14:32 GMT+1"), and the age; with
    // the date when the last image is from before the site's midnight.
    const date = datePart([delayed - 160_000, Date.now() - 140_000], [delayed, Date.now() + 10_000]);
    await expect(system.age('Main entrance')).toHaveText(
      new RegExp(`^Delayed, Last image ${date}\\d\\d:\\d\\d GMT\\+[12] \\(2 min\\. ago\\)$`),
    );
    await expect(system.badge('Lobby')).toHaveText('Delayed');
    await expectNoA11yViolations(page);

    await api.cameraDelay(SYSTEMS.brusselsReception, null);
    await expect(system.badge('Main entrance')).toHaveText('Live', { timeout: 10_000 });
  });

  test('the public <vigil-demo-live-view> is Live while its frames come and Delayed when they stop', async ({ page, api }) => {
    const demo = await new PublicDemoPage(page).openExample();
    await expect(demo.cameras()).toHaveCount(3);
    await expect(demo.badge('Harbour gate')).toHaveText('Live', { timeout: 10_000 });
    await api.cameraDelay(DEMO_LIVE_VIEW_UUID, 90);
    await expect(demo.badge('Harbour gate')).toHaveText('Delayed', { timeout: 10_000 });
    await expect(demo.camera('Harbour gate')).toHaveAccessibleName('Open Harbour gate in large view, Delayed');
    await expect(demo.age('Harbour gate')).toHaveText(/^Delayed, Last image .+ \(1 min\. ago\)$/);
  });
});

test.describe('large view on a phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('fills the screen, letterboxes the image, and keeps Previous, Close and Next on one row of large buttons', async ({
    signedInPage,
  }) => {
    const page = await signedInPage('manager@vigil.test', { path: `/system/${SYSTEMS.antwerpDocks}` });
    const system = new SystemPage(page);
    const first = system.camera('Loading dock 1');
    await expect(first).toBeVisible();
    await first.click();
    const dialog = system.largeView();
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('Camera 1 of 4');

    const box = (await dialog.boundingBox())!;
    expect(box).toEqual({ x: 0, y: 0, width: 360, height: 740 });
    const buttons = [
      dialog.getByRole('button', { name: 'Previous camera' }),
      dialog.getByRole('button', { name: 'Close large view' }),
      dialog.getByRole('button', { name: 'Next camera' }),
    ];
    const boxes = await Promise.all(buttons.map(async (b) => (await b.boundingBox())!));
    for (const b of boxes) {
      expect(b.height).toBeGreaterThanOrEqual(44);
      expect(b.width).toBeGreaterThanOrEqual(44);
      expect(b.y).toBe(boxes[0]!.y); // one row
      expect(b.y + b.height).toBeLessThanOrEqual(740);
    }
    expect(boxes[0]!.x).toBeLessThan(boxes[1]!.x);
    expect(boxes[1]!.x).toBeLessThan(boxes[2]!.x);
    // The image takes the room between the title and the controls, full width.
    const frame = (await dialog.locator('canvas').boundingBox())!;
    expect(frame.width).toBeGreaterThanOrEqual(340);
    expect(frame.height).toBeGreaterThan(400);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectNoA11yViolations(page);

    // Next by touch, then Escape closes and focus returns to the camera shown last.
    await buttons[2]!.click();
    await expect(dialog).toContainText('Camera 2 of 4');
    await expect(dialog.getByRole('heading', { name: 'Loading dock 2' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(system.camera('Loading dock 2')).toBeFocused();
  });
});

test('the public demo says so when its camera grid cannot load, instead of spinning for ever', async ({ page, browserProblems }) => {
  // The grid's code is its own chunk, fetched beside the demo's data; here it never comes.
  browserProblems.allow(/LiveView|dynamically imported module|ERR_FAILED|\[vigil\]/);
  await page.route('**/dist/chunks/LiveView-*.js', (route) => route.abort());
  const demo = await new PublicDemoPage(page).openExample();
  await expect(demo.demo()).toContainText('This part of the page could not be shown. Reload the page to try again.');
  await expect(demo.demo().locator('.lv-frame--skeleton')).toHaveCount(0);
  await expectNoA11yViolations(page);
});
