// <vigil-live-view> and <vigil-demo-live-view> in real Chromium against an in-page fake
// API that answers real (changing) JPEGs: frames drawn and freed, the bearer in a header
// only, polling paused off-screen and in a hidden tab, the large view by keyboard,
// offline cameras with one toast, and the public demo with no token and no session.
import '../../../elements/vigil-live-view.ts';
import '../../../elements/vigil-demo-live-view.ts';
import { demoLiveViewCache } from '../../../src/core/live-view/demo.ts';
import { systemCache } from '../../../src/core/resources/resources.ts';
import { $currentUser } from '../../../src/core/session/store.ts';
import { $toasts } from '../../../src/core/toasts/toasts.ts';
import { expect, waitFor } from '../helpers/assert.ts';
import { expectNoA11yViolations } from '../helpers/axe.ts';
import { liveFrameCount, liveFrameStats, restartFrameCounts } from '../../unit/frame-counts.ts';
import { loopSteps } from '../helpers/witness.ts';
import { afterEach, beforeEach, describe, it } from '../helpers/mocha.ts';
import { press } from '../ui/keys.ts';
import { callsTo, DEMO, fakeFetch, freshState, ME, SYSTEM, type FakeState } from './fakeApi.ts';

const realFetch = window.fetch;
let host: HTMLElement | undefined;
let state: FakeState;

const root = () => host!.shadowRoot!;
const $ = <T extends Element = HTMLElement>(selector: string) => root().querySelector<T>(selector);
const $$ = (selector: string) => [...root().querySelectorAll<HTMLElement>(selector)];
const mediaCalls = () => state.calls.filter((c) => c.path.includes('/media/'));

async function mount(tag: string, attrs: Record<string, string>): Promise<void> {
  host = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) host.setAttribute(k, v);
  document.body.append(host);
  // Past the loading skeleton and the tiles shown while the grid's code loads (both have
  // camera tiles of their own) to the real cameras.
  await waitFor(() => $$('.lv-cam').length > 0 && !$('.lv-loading') && !$('.lv-frame--skeleton'), {
    timeout: 4000,
    message: `<${tag}> shows cameras`,
  });
}

/** A fingerprint of what a camera's canvas shows. */
function pixels(canvas: HTMLCanvasElement): string {
  const data = canvas.getContext('2d')!.getImageData(Math.floor(canvas.width / 2), Math.floor(canvas.height / 2), 1, 1).data;
  return [...data].join(',');
}

/** Pretends the tab is hidden (or visible again). */
function setTabHidden(hidden: boolean) {
  if (hidden) Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
  else delete (document as unknown as Record<string, unknown>).visibilityState;
  document.dispatchEvent(new Event('visibilitychange'));
}

describe('live view elements', function () {
  this.timeout(20_000);

  beforeEach(() => {
    state = freshState();
    window.fetch = fakeFetch(state);
    $toasts.set([]);
    systemCache.clear();
    demoLiveViewCache.clear();
    restartFrameCounts();
    $currentUser.set({ ...ME, token: 'test-token' });
  });
  afterEach(() => {
    host?.remove();
    host = undefined;
    setTabHidden(false);
    window.fetch = realFetch;
    $currentUser.set(null);
  });

  describe('<vigil-live-view>', () => {
    it('draws changing frames per camera, fetched with the bearer header and never a token in a URL', async () => {
      await mount('vigil-live-view', { system: SYSTEM, interval: '200' });
      expect($('h2')!.textContent).to.equal('Dock cameras');
      expect($$('.lv-name').map((n) => n.textContent)).to.deep.equal(['Loading dock 1', 'Loading dock 2']);
      const canvas = $<HTMLCanvasElement>('.lv-canvas')!;
      await waitFor(() => canvas.width === 64, { message: 'the first frame is drawn' });
      const first = pixels(canvas);
      await waitFor(() => pixels(canvas) !== first, { message: 'the image changes' });
      expect(mediaCalls().length).to.be.above(2);
      for (const call of mediaCalls()) {
        expect(call.authorization).to.equal('Bearer test-token');
        expect(call.url).not.to.include('test-token');
      }
      await waitFor(() => $$('.lv-age').every((a) => a.textContent === 'Live, just now'));
      await expectNoA11yViolations(host!);
    });

    it('polls at the steady interval and keeps at most two frames per camera, freeing all on removal', async () => {
      await mount('vigil-live-view', { system: SYSTEM, interval: '250' });
      await waitFor(() => mediaCalls().length >= 2);
      const start = mediaCalls().length;
      const since = performance.now();
      // Eight more frames per camera, never faster than one per interval.
      await waitFor(() => mediaCalls().length - start >= 16, { timeout: 10_000, message: 'eight more frames per camera' });
      expect(performance.now() - since).to.be.above(7 * 250 - 50);
      expect(liveFrameStats().peak).to.be.below(5);
      expect(liveFrameCount()).to.equal(2);
      host!.remove();
      host = undefined;
      expect(liveFrameCount()).to.equal(0);
    });

    it('pauses while off-screen and resumes at once when scrolled back', async () => {
      await mount('vigil-live-view', { system: SYSTEM, interval: '100' });
      await waitFor(() => mediaCalls().length >= 4);
      host!.style.cssText = 'position: absolute; top: 20000px; left: 0; right: 0';
      await loopSteps(2, 100); // the observer reports, a load under way settles
      const paused = mediaCalls().length;
      await loopSteps(7, 100);
      expect(mediaCalls().length).to.equal(paused);
      host!.style.cssText = '';
      await waitFor(() => mediaCalls().length > paused, { timeout: 500, message: 'resumes at once' });
    });

    it('pauses while the tab is hidden and resumes at once when it is visible again', async () => {
      await mount('vigil-live-view', { system: SYSTEM, interval: '100' });
      await waitFor(() => mediaCalls().length >= 4);
      setTabHidden(true);
      await loopSteps(2, 100); // a load under way settles
      const paused = mediaCalls().length;
      await loopSteps(7, 100);
      expect(mediaCalls().length).to.equal(paused);
      setTabHidden(false);
      await waitFor(() => mediaCalls().length > paused, { timeout: 300, message: 'resumes at once' });
    });

    it('opens a camera large with Enter, steps with the arrow keys, and Escape returns focus to that camera', async () => {
      await mount('vigil-live-view', { system: SYSTEM, interval: '200' });
      const buttons = $$('.lv-frame');
      await waitFor(() => buttons[0]!.getAttribute('aria-label') === 'Open Loading dock 1 in large view, Live', {
        message: 'the status is in the name',
      });
      buttons[0]!.focus();
      await press('Enter');
      await waitFor(() => $('[role="dialog"]') !== null);
      const dialog = $('[role="dialog"]')!;
      expect(dialog.getAttribute('aria-modal')).to.equal('true');
      expect(root().getElementById(dialog.getAttribute('aria-labelledby')!)!.textContent).to.equal('Loading dock 1');
      expect(root().activeElement?.textContent).to.equal('Close large view');
      const big = dialog.querySelector<HTMLCanvasElement>('canvas')!;
      expect(big.getAttribute('aria-label')).to.equal('Loading dock 1, large view');
      await waitFor(() => big.width === 64, { message: 'the large view draws frames' });
      await expectNoA11yViolations(host!);
      // Tab stays inside the dialog.
      for (let i = 0; i < 4; i++) await press('Tab');
      expect(dialog.contains(root().activeElement)).to.equal(true);
      await press('ArrowRight');
      await waitFor(() => root().getElementById(dialog.getAttribute('aria-labelledby')!)!.textContent === 'Loading dock 2');
      expect(dialog.textContent).to.include('Camera 2 of 2');
      await press('Escape');
      await waitFor(() => $('[role="dialog"]') === null);
      expect(root().activeElement).to.equal($$('.lv-frame')[1]);
    });

    it('while the large view is open only its camera polls', async () => {
      await mount('vigil-live-view', { system: SYSTEM, interval: '100' });
      $$('.lv-frame')[0]!.click();
      await waitFor(() => $('[role="dialog"]') !== null);
      const first = () => mediaCalls().filter((c) => c.path.endsWith('01')).length;
      const second = () => mediaCalls().filter((c) => c.path.endsWith('02')).length;
      const firstAtOpen = first();
      await waitFor(() => first() >= firstAtOpen + 2); // a load of the second under way settles
      const before = second();
      const firstBefore = first();
      // The open camera goes on polling; the other one does not, however long that takes.
      await waitFor(() => first() >= firstBefore + 6, { timeout: 5_000, message: 'the open camera polls on' });
      expect(second()).to.equal(before);
    });

    it('marks a failing camera offline in words, keeps the others live, and toasts once', async () => {
      state.brokenMedia.set('60000000-0000-4000-8000-000000000001', 503);
      const seen = new Set<number>();
      const stop = $toasts.listen((list) => list.filter((t) => t.key === 'core.toastErrors.loadMedia').forEach((t) => seen.add(t.id)));
      await mount('vigil-live-view', { system: SYSTEM, interval: '100' });
      await waitFor(() => $$('.lv-cam')[0]!.dataset.status === 'offline', { timeout: 3000, message: 'camera 1 offline' });
      const [broken, fine] = $$('.lv-cam');
      expect(broken!.querySelector('.lv-badge')!.textContent).to.equal('Offline');
      expect(broken!.querySelector('.lv-age')!.textContent).to.equal('Offline, No image yet');
      expect(broken!.textContent).to.include('Camera not reachable');
      expect(fine!.dataset.status).to.equal('live');
      // It keeps failing (retries at its slower pace): still one toast.
      const brokenCalls = () => mediaCalls().filter((c) => c.path.endsWith('01')).length;
      const failed = brokenCalls();
      await waitFor(() => brokenCalls() >= failed + 2, { timeout: 15_000, message: 'the broken camera is retried' });
      stop();
      expect(seen.size).to.equal(1);
      await expectNoA11yViolations(host!);
    });

    it('an offline system shows no camera as live, whatever frames come', async () => {
      state.online = false;
      await mount('vigil-live-view', { system: SYSTEM, interval: '100' });
      await waitFor(() => liveFrameCount() === 2, { message: 'frames are drawn' });
      const drawn = mediaCalls().length;
      await waitFor(() => mediaCalls().length >= drawn + 4, { message: 'more frames come' });
      for (const cam of $$('.lv-cam')) {
        expect(cam.dataset.status).to.equal('offline');
        expect(cam.querySelector('.lv-badge')!.textContent).to.equal('Offline');
      }
      expect($$('.lv-frame')[0]!.getAttribute('aria-label')).to.equal('Open Loading dock 1 in large view, Offline');
      await expectNoA11yViolations(host!);
    });

    it('an old frame is delayed with its time; a missing or garbled time is never live', async () => {
      const old = new Date(Date.now() - 125_000);
      state.frameTimes.set('60000000-0000-4000-8000-000000000001', old.toISOString());
      state.frameTimes.set('60000000-0000-4000-8000-000000000002', 'a while ago');
      await mount('vigil-live-view', { system: SYSTEM, interval: '100' });
      await waitFor(() => liveFrameCount() === 2, { message: 'frames are drawn' });
      const drawn = mediaCalls().length;
      await waitFor(() => mediaCalls().length >= drawn + 4, { message: 'more frames come' });
      const [delayed, unknown] = $$('.lv-cam');
      expect(delayed!.dataset.status).to.equal('stale');
      const today = old.toDateString() === new Date().toDateString(); // the date too just after midnight
      const clock = new Intl.DateTimeFormat('en', {
        ...(today ? {} : { dateStyle: 'medium' }),
        timeStyle: 'short',
        hourCycle: 'h23',
      }).format(old);
      // Its zone named: this system's answer names no site zone, so the viewer's stands in.
      const zone = new Intl.DateTimeFormat('en', { timeZoneName: 'short' })
        .formatToParts(old)
        .find((p) => p.type === 'timeZoneName')!.value;
      expect(delayed!.querySelector('.lv-age')!.textContent).to.equal(`Delayed, Last image ${clock} ${zone} (2 min. ago)`);
      expect(unknown!.dataset.status).to.equal('stale');
      expect(unknown!.querySelector('.lv-age')!.textContent).to.equal('Delayed, Time of the image unknown');
      state.frameTimes.set('60000000-0000-4000-8000-000000000002', null);
      const unknownCalls = () => mediaCalls().filter((c) => c.path.endsWith('02')).length;
      const asked = unknownCalls();
      await waitFor(() => unknownCalls() >= asked + 2, { message: 'a frame without a time is shown' });
      expect(unknown!.dataset.status).to.equal('stale');
    });

    it('checks its attributes', async () => {
      host = document.createElement('vigil-live-view');
      host.setAttribute('system', SYSTEM);
      host.setAttribute('interval', '5');
      document.body.append(host);
      await waitFor(() => root().textContent === 'The “interval” attribute has an invalid value: “5”.');
      expect(mediaCalls()).to.deep.equal([]);
    });

    it('has an empty state for a system without cameras', async () => {
      state.cameras = 0;
      host = document.createElement('vigil-live-view');
      host.setAttribute('system', SYSTEM);
      document.body.append(host);
      await waitFor(() => root().textContent?.includes('This system has no cameras.') === true);
      await expectNoA11yViolations(host);
    });
  });

  describe('<vigil-demo-live-view>', () => {
    it('works signed out: no Authorization header, no session calls, public media URLs', async () => {
      $currentUser.set(null);
      await mount('vigil-demo-live-view', { demo: DEMO, interval: '200' });
      expect($('h2')!.textContent).to.equal('Harbour demo');
      expect($$('.lv-name').map((n) => n.textContent)).to.deep.equal(['Demo camera 1', 'Demo camera 2', 'Demo camera 3']);
      await waitFor(() => liveFrameCount() >= 3, { message: 'frames from the public media URLs' });
      expect(state.calls.every((c) => c.authorization === null)).to.equal(true);
      expect(callsTo(state, '/api/v2/')).to.deep.equal([]);
      expect(callsTo(state, '/auth/')).to.deep.equal([]);
      expect(mediaCalls().every((c) => c.path.startsWith(`/api/public/v1/demo-live-views/${DEMO}/media/`))).to.equal(true);
      await expectNoA11yViolations(host!);
    });

    it('says clearly when the demo does not exist', async () => {
      $currentUser.set(null);
      host = document.createElement('vigil-demo-live-view');
      host.setAttribute('demo', '99999999-0000-4000-8000-000000000009');
      document.body.append(host);
      await waitFor(() => root().textContent?.includes('This demo is not available.') === true);
      await expectNoA11yViolations(host);
    });
  });
});
