// The schedule grid in real Chromium, in a shadow root like every element renders it: the
// WAI-ARIA grid pattern with real key presses (one tab stop, arrows, Home/End,
// Ctrl+Home/End, Space, Shift+arrows painting a range with the value of the cell where it
// started; the focused cell, however it got focus, is the one Space paints), the
// polite live region's words, pointer painting (set or clear decided by the first cell),
// cost of painting (no long task, only changed cells re-render), the "Show from" buttons,
// and axe.
import '../../../src/features/schedules/messages/bundled.ts';
import { useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { applyLanguage } from '../../../src/core/i18n/i18n.ts';
import { daysToWeek } from '../../../src/core/schedules/convert.ts';
import de from '../../../src/features/schedules/messages/de.json';
import { describeWeek } from '../../../src/core/schedules/describe.ts';
import { emptyWeek, type Week } from '../../../src/core/schedules/week.ts';
import { securedCount } from '../../unit/weeks.ts';
import { ElementScopeContext } from '../../../src/features/common/element/context.ts';
import { GridCell, type GridCellProps } from '../../../src/features/schedules/GridCell.tsx';
import { ScheduleGrid } from '../../../src/features/schedules/ScheduleGrid.tsx';
import { BASE_CSS, adoptCss } from '../../../src/ui/styles.ts';
import { expect, nextFrames, waitFor } from '../helpers/assert.ts';
import { expectNoA11yViolations } from '../helpers/axe.ts';
import { cleanupFixtures, nextFrame, shadowFixture } from '../helpers/dom.ts';
import { afterEach, describe, it } from '../helpers/mocha.ts';
import { press } from '../ui/keys.ts';

// Counts renders of the memoized cell: React reads a memo's inner function when it creates
// a cell's fiber, so wrapping it here (before any mount) counts every cell render.
const memoCell = GridCell as unknown as { type: (props: GridCellProps) => ReactNode };
const cellFunction = memoCell.type;
let cellRenders = 0;
memoCell.type = (props: GridCellProps) => {
  cellRenders++;
  return cellFunction(props);
};

interface Probe {
  week: Week;
  /** How many times the grid handed a painted week to its editor. */
  changes: number;
}

function Harness({ initial, probe, readOnly }: { initial: Week; probe: Probe; readOnly: boolean }) {
  const [week, setWeek] = useState(initial);
  probe.week = week;
  const change = (next: Week) => {
    probe.changes++;
    setWeek(next);
  };
  return (
    <div>
      <button type="button">Before</button>
      <ScheduleGrid week={week} onChange={readOnly ? undefined : change} label="Security hours of Ghent" />
      <button type="button">After</button>
    </div>
  );
}

describe('schedule grid', function () {
  this.timeout(20_000);
  let reactRoot: Root | undefined;
  afterEach(() => {
    reactRoot?.unmount();
    reactRoot = undefined;
    cleanupFixtures();
  });

  function mount(initial: Week = emptyWeek(), readOnly = false) {
    const { host, root, container } = shadowFixture();
    // Narrow cells so that the whole week fits the test page's viewport (pointer tests
    // find cells with elementFromPoint, which only sees what is on screen).
    adoptCss(root, ...BASE_CSS, '.sg-grid { --sg-cell-min: 12px !important; }');
    host.style.display = 'block';
    host.style.width = '700px';
    const probe: Probe = { week: initial, changes: 0 };
    reactRoot = createRoot(container);
    flushSync(() =>
      reactRoot!.render(
        <ElementScopeContext.Provider value={{ host, root }}>
          <Harness initial={initial} probe={probe} readOnly={readOnly} />
        </ElementScopeContext.Provider>,
      ),
    );
    const cell = (name: string) => {
      const el = root.querySelector<HTMLElement>(`[role=gridcell][aria-label="${name}"]`);
      if (!el) throw new Error(`no cell ${name}`);
      return el;
    };
    const focused = () => (root.activeElement as HTMLElement | null)?.getAttribute('aria-label');
    const live = () => root.querySelector('[role=status]')?.textContent ?? '';
    return { host, root, probe, cell, focused, live };
  }

  /** Before → the closed "Keyboard" disclosure (a tab stop of its own) → the grid. */
  async function tabIntoGrid(root: ShadowRoot) {
    root.querySelector<HTMLButtonElement>('button')!.focus();
    await press('Tab');
    expect((root.activeElement as HTMLElement).closest('details')?.getAttribute('part')).to.equal('keyboard-help');
    await press('Tab');
  }

  it('is a grid of 7 days × 48 half-hours with one tab stop and selected = secured', async () => {
    const week = daysToWeek([[{ from: '08:00', to: '09:00' }], [], [], [], [], [], [{ from: '23:00', to: '00:30' }]]);
    const { root, cell, focused } = mount(week);
    const rows = root.querySelectorAll('[role=grid] > [role=row]');
    expect(rows).to.have.lengthOf(8);
    expect(root.querySelectorAll('[role=columnheader]')).to.have.lengthOf(49);
    expect(root.querySelectorAll('[role=rowheader]')).to.have.lengthOf(7);
    expect(root.querySelectorAll('[role=gridcell]')).to.have.lengthOf(336);
    expect(root.querySelectorAll('[role=gridcell][tabindex="0"]')).to.have.lengthOf(1);
    expect(cell('Monday 08:30–09:00').getAttribute('aria-selected')).to.equal('true');
    expect(cell('Monday 09:00–09:30').getAttribute('aria-selected')).to.equal('false');
    // the night crossing from Sunday into Monday
    expect(cell('Sunday 23:30–24:00').getAttribute('aria-selected')).to.equal('true');
    expect(cell('Monday 00:00–00:30').getAttribute('aria-selected')).to.equal('true');
    // Tab enters the grid once and leaves it with the next Tab
    await tabIntoGrid(root);
    expect(focused()).to.equal('Monday 00:00–00:30');
    await press('Tab');
    expect((root.activeElement as HTMLElement).textContent).to.equal('After');
  });

  it('moves with arrows, Home/End, Ctrl+Home/End and PageUp/PageDown, keeping one tab stop', async () => {
    const { root, focused } = mount();
    await tabIntoGrid(root);
    await press('ArrowRight');
    await press('ArrowRight');
    await press('ArrowDown');
    expect(focused()).to.equal('Tuesday 01:00–01:30');
    await press('End');
    expect(focused()).to.equal('Tuesday 23:30–24:00');
    await press('ArrowRight'); // stays at the edge
    expect(focused()).to.equal('Tuesday 23:30–24:00');
    await press('Home');
    expect(focused()).to.equal('Tuesday 00:00–00:30');
    await press('Control+End');
    expect(focused()).to.equal('Sunday 23:30–24:00');
    await press('Control+Home');
    expect(focused()).to.equal('Monday 00:00–00:30');
    await press('PageDown');
    expect(focused()).to.equal('Sunday 00:00–00:30');
    expect(root.querySelectorAll('[role=gridcell][tabindex="0"]')).to.have.lengthOf(1);
  });

  it('Space toggles a half-hour and the live region says so', async () => {
    const { root, cell, live, probe } = mount();
    await tabIntoGrid(root);
    await press('Space');
    await waitFor(() => expect(live()).to.equal('Mon 00:00–00:30 secured'));
    expect(cell('Monday 00:00–00:30').getAttribute('aria-selected')).to.equal('true');
    expect(securedCount(probe.week)).to.equal(1);
    await press('Space');
    await waitFor(() => expect(live()).to.equal('Mon 00:00–00:30 not secured'));
    expect(securedCount(probe.week)).to.equal(0);
  });

  it('Space then Shift+ArrowRight ×3 secures 4 half-hours: the range takes the start cell’s value', async () => {
    const { root, cell, live, probe } = mount();
    await tabIntoGrid(root);
    await press('Space');
    for (let i = 0; i < 3; i++) await press('Shift+ArrowRight');
    await waitFor(() => expect(live()).to.equal('Mon 00:00–02:00 secured'));
    expect(securedCount(probe.week)).to.equal(4);
    for (const name of ['Monday 00:00–00:30', 'Monday 00:30–01:00', 'Monday 01:00–01:30', 'Monday 01:30–02:00']) {
      expect(cell(name).getAttribute('aria-selected')).to.equal('true');
    }
  });

  it('a range started on a secured cell secures the open cells it extends over', async () => {
    const { root, live, probe } = mount(daysToWeek([[{ from: '00:00', to: '00:30' }], [], [], [], [], [], []]));
    await tabIntoGrid(root);
    await press('Shift+ArrowRight');
    await press('Shift+ArrowRight');
    await press('Shift+ArrowDown');
    await waitFor(() => expect(live()).to.equal('Mon–Tue 00:00–01:30 secured'));
    expect(describeWeek(probe.week)).to.equal('Mon–Tue 00:00–01:30');
    expect(securedCount(probe.week)).to.equal(6);
  });

  it('Shift+arrows grow and shrink a range (shrinking gives cells back); a new range starts where focus is', async () => {
    const { root, live, probe } = mount();
    await tabIntoGrid(root);
    for (let i = 0; i < 16; i++) await press('ArrowRight'); // Mon 08:00
    await press('Space');
    for (let i = 0; i < 7; i++) await press('Shift+ArrowRight');
    await waitFor(() => expect(live()).to.equal('Mon 08:00–12:00 secured'));
    expect(describeWeek(probe.week)).to.equal('Mon 08:00–12:00');
    await press('Shift+ArrowDown');
    await press('Shift+ArrowDown');
    await waitFor(() => expect(live()).to.equal('Mon–Wed 08:00–12:00 secured'));
    expect(describeWeek(probe.week)).to.equal('Mon–Wed 08:00–12:00');
    await press('Shift+ArrowUp');
    await waitFor(() => expect(live()).to.equal('Mon–Tue 08:00–12:00 secured'));
    expect(describeWeek(probe.week)).to.equal('Mon–Tue 08:00–12:00');
    // a plain move ends the range; Space clears Tue 11:00, and Shift+arrows carry that along
    await press('ArrowLeft'); // Tue 11:00
    await press('Space');
    for (let i = 0; i < 3; i++) await press('Shift+ArrowLeft');
    await waitFor(() => expect(live()).to.equal('Tue 09:30–11:30 not secured'));
    expect(describeWeek(probe.week)).to.equal('Mon 08:00–12:00, Tue 08:00–09:30, and Tue 11:30–12:00');
  });

  it('the cell focused by a script (or a screen reader) is the one Space paints and a range starts from', async () => {
    const { root, cell, focused, live, probe } = mount();
    await tabIntoGrid(root);
    cell('Thursday 10:00–10:30').focus();
    await nextFrame();
    expect(focused()).to.equal('Thursday 10:00–10:30');
    expect(cell('Thursday 10:00–10:30').tabIndex).to.equal(0);
    expect(root.querySelectorAll('[role=gridcell][tabindex="0"]')).to.have.length(1);
    await press('Space');
    await waitFor(() => expect(live()).to.equal('Thu 10:00–10:30 secured'));
    expect(cell('Thursday 10:00–10:30').getAttribute('aria-selected')).to.equal('true');
    expect(cell('Monday 00:00–00:30').getAttribute('aria-selected')).to.equal('false');
    // Focus moved again by script between two Shift+arrows: the range starts anew there.
    await press('Shift+ArrowRight');
    cell('Friday 10:00–10:30').focus();
    await press('Shift+ArrowRight');
    await waitFor(() => expect(live()).to.equal('Fri 10:00–11:00 not secured'));
    expect(describeWeek(probe.week)).to.equal('Thu 10:00–11:00');
  });

  it('speaks the applied language: German day names and words in the live region and the cells', async () => {
    const realFetch = window.fetch;
    window.fetch = async (input: RequestInfo | URL) => {
      const url = String(input instanceof Request ? input.url : input);
      const body = url.endsWith('/i18n/messages/de.json')
        ? { schedules: de, core: { errors: { generic: 'x' }, common: { loading: '…' } } }
        : {};
      return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
    };
    try {
      expect(await applyLanguage('de')).to.equal('de');
      const { root, live, cell } = mount();
      expect(cell('Montag 08:00–08:30')).not.to.be.undefined;
      await tabIntoGrid(root);
      for (let i = 0; i < 16; i++) await press('ArrowRight');
      await press('Space');
      for (let i = 0; i < 7; i++) await press('Shift+ArrowRight');
      const mo = new Intl.DateTimeFormat('de', { weekday: 'short', timeZone: 'UTC' }).format(Date.UTC(2024, 0, 1)); // "Mo" (ICU's spelling)
      await waitFor(() => expect(live()).to.equal(`${mo} 08:00–12:00 gesichert`));
      await press('Space');
      await waitFor(() => expect(live()).to.equal(`${mo} 11:30–12:00 nicht gesichert`));
    } finally {
      await applyLanguage('en');
      window.fetch = realFetch;
    }
  });

  it('a read-only grid moves but never paints', async () => {
    const { root, focused, probe } = mount(emptyWeek(), true);
    expect(root.querySelector('[role=grid]')!.getAttribute('aria-readonly')).to.equal('true');
    await tabIntoGrid(root);
    await press('ArrowRight');
    await press('Space');
    await press('Shift+ArrowRight');
    expect(focused()).to.equal('Monday 01:00–01:30');
    expect(securedCount(probe.week)).to.equal(0);
  });

  it('paints by pointer: the first cell decides set or clear, a click toggles', async () => {
    const { root, cell, live, probe } = mount(daysToWeek([[{ from: '10:00', to: '11:00' }], [], [], [], [], [], []]));
    const grid = root.querySelector<HTMLElement>('[role=grid]')!;
    const at = (el: HTMLElement) => {
      const b = el.getBoundingClientRect();
      return { clientX: b.left + b.width / 2, clientY: b.top + b.height / 2 };
    };
    const fire = (target: HTMLElement, type: string, el: HTMLElement) =>
      target.dispatchEvent(
        new PointerEvent(type, {
          bubbles: true,
          composed: true,
          pointerId: 7,
          isPrimary: true,
          pointerType: 'mouse',
          button: 0,
          ...at(el),
        }),
      );
    // from an empty cell: secures the rectangle Mon–Tue 08:00–09:00
    fire(cell('Monday 08:00–08:30'), 'pointerdown', cell('Monday 08:00–08:30'));
    fire(grid, 'pointermove', cell('Tuesday 08:30–09:00'));
    fire(grid, 'pointerup', cell('Tuesday 08:30–09:00'));
    await waitFor(() => expect(live()).to.equal('Mon–Tue 08:00–09:00 secured'));
    expect(describeWeek(probe.week)).to.equal('Mon 08:00–09:00, Mon 10:00–11:00, and Tue 08:00–09:00');
    // from a secured cell: clears
    fire(cell('Monday 10:00–10:30'), 'pointerdown', cell('Monday 10:00–10:30'));
    fire(grid, 'pointermove', cell('Monday 11:00–11:30'));
    fire(grid, 'pointerup', cell('Monday 11:00–11:30'));
    await waitFor(() => expect(live()).to.equal('Mon 10:00–11:30 not secured'));
    expect(describeWeek(probe.week)).to.equal('Mon–Tue 08:00–09:00');
    // a click toggles one cell
    fire(cell('Sunday 23:30–24:00'), 'pointerdown', cell('Sunday 23:30–24:00'));
    fire(grid, 'pointerup', cell('Sunday 23:30–24:00'));
    await waitFor(() => expect(live()).to.equal('Sun 23:30–24:00 secured'));
    expect(cell('Sunday 23:30–24:00').getAttribute('aria-selected')).to.equal('true');
  });

  it('a touch swipe taken over by scrolling paints nothing', async () => {
    const { root, cell, probe } = mount();
    const grid = root.querySelector<HTMLElement>('[role=grid]')!;
    const b = cell('Monday 08:00–08:30').getBoundingClientRect();
    const init = {
      bubbles: true,
      composed: true,
      pointerId: 9,
      isPrimary: true,
      pointerType: 'touch',
      clientX: b.left + 4,
      clientY: b.top + 4,
    };
    cell('Monday 08:00–08:30').dispatchEvent(new PointerEvent('pointerdown', init));
    expect(securedCount(probe.week)).to.equal(0); // nothing until the finger moves sideways or lifts
    grid.dispatchEvent(new PointerEvent('pointercancel', init));
    await nextFrame();
    expect(securedCount(probe.week)).to.equal(0);
    // A sideways drag drawn, then taken over: the drawn half-hours go back, nothing reached the editor.
    grid.scrollIntoView({ block: 'center' }); // the move finds its cell with elementFromPoint
    const from = cell('Monday 08:00–08:30').getBoundingClientRect();
    const to = cell('Monday 09:00–09:30').getBoundingClientRect();
    cell('Monday 08:00–08:30').dispatchEvent(new PointerEvent('pointerdown', { ...init, clientX: from.left + 4, clientY: from.top + 4 }));
    grid.dispatchEvent(new PointerEvent('pointermove', { ...init, clientX: to.left + 4, clientY: to.top + 4 }));
    await waitFor(() => expect(root.querySelectorAll('[role=gridcell][aria-selected="true"]')).to.have.lengthOf(3));
    grid.dispatchEvent(new PointerEvent('pointercancel', init));
    await waitFor(() => expect(root.querySelectorAll('[role=gridcell][aria-selected="true"]')).to.have.lengthOf(0));
    expect(probe.changes).to.equal(0);
  });

  it('painting across all 336 cells re-renders only the changed cells and stays cheap per move', async () => {
    // Long tasks are checked against the production build in the end-to-end test; here (a
    // development React on a shared machine) renders are counted and script time measured.
    const { root, cell, probe } = mount();
    expect(cellRenders).to.be.above(335);
    const grid = root.querySelector<HTMLElement>('[role=grid]')!;
    grid.scrollIntoView({ block: 'center' });
    const first = cell('Monday 00:00–00:30');
    const a = first.getBoundingClientRect();
    const z = cell('Sunday 23:30–24:00').getBoundingClientRect();
    const point = (f: number) => ({ clientX: a.left + 2 + (z.right - a.left - 4) * f, clientY: a.top + 2 + (z.bottom - a.top - 4) * f });
    const init = { bubbles: true, composed: true, pointerId: 3, isPrimary: true, pointerType: 'mouse', button: 0 };
    const times: number[] = [];
    const timed = (fn: () => void) => {
      const t0 = performance.now();
      flushSync(fn);
      times.push(performance.now() - t0);
    };
    cellRenders = 0;
    timed(() => first.dispatchEvent(new PointerEvent('pointerdown', { ...init, ...point(0) })));
    for (let i = 1; i <= 40; i++) {
      timed(() => grid.dispatchEvent(new PointerEvent('pointermove', { ...init, ...point(i / 40) })));
      await nextFrames(1); // one move per frame, as a pointer sends them
    }
    // The stroke is drawn while the pointer moves, and only the grid knows of it: the
    // editor around it (tools, summary, save bar, the stored draft) is not redrawn per move.
    expect(root.querySelectorAll('[role=gridcell][aria-selected="true"]')).to.have.lengthOf(336);
    expect(probe.changes).to.equal(0);
    expect(securedCount(probe.week)).to.equal(0);
    timed(() => grid.dispatchEvent(new PointerEvent('pointerup', { ...init, ...point(1) })));
    expect(probe.changes).to.equal(1);
    expect(securedCount(probe.week)).to.equal(336);
    // Each of the 336 cells changed once, plus the tab stop following the pointer (two
    // cells per move); re-rendering the grid per move would be 41 × 336 = 13,776.
    expect(cellRenders).to.be.below(336 + 2 * 42 + 1);
    const sorted = [...times].sort((x, y) => x - y);
    expect(sorted[Math.floor(sorted.length / 2)]!).to.be.below(16); // median move: well within a frame

    // One key press: Space re-renders one cell, an arrow the two that swap the tab stop.
    cellRenders = 0;
    await press('Space');
    await waitFor(() => expect(cell('Sunday 23:30–24:00').getAttribute('aria-selected')).to.equal('false'));
    expect(cellRenders).to.equal(1);
    cellRenders = 0;
    await press('ArrowLeft');
    expect(cellRenders).to.equal(2);
  });

  it('"Show from": a swipe to the end presses the last hour in view, a chosen hour stays pressed where its jump stops', async () => {
    const { root } = mount();
    // Cells of their usual width: 700 px shows 12:00 to the week's end at once, so the
    // scroll range ends before 12:00 can reach the left edge.
    adoptCss(root, '.sg-grid { --sg-cell-min: 24px !important; }');
    const scroller = root.querySelector<HTMLElement>('.sg-scroller')!;
    const pressed = () => [...root.querySelectorAll('.sg-jump button')].map((b) => b.getAttribute('aria-pressed') === 'true');
    await waitFor(() => expect(pressed()).to.deep.equal([true, false, false, false]));
    const ended = () => new Promise((done) => scroller.addEventListener('scrollend', done, { once: true }));
    const end = scroller.scrollWidth - scroller.clientWidth;

    // A swipe to the end: 18:00 is the last hour in view.
    let scrolled = ended();
    scroller.scrollTo({ left: end });
    await scrolled;
    await waitFor(() => expect(pressed()).to.deep.equal([false, false, false, true]));
    scrolled = ended();
    scroller.scrollTo({ left: 0 });
    await scrolled;
    await waitFor(() => expect(pressed()).to.deep.equal([true, false, false, false]));

    // "12:00" chosen: its jump stops at the end of the range, and 12:00 stays the one pressed.
    scrolled = ended();
    root.querySelectorAll<HTMLButtonElement>('.sg-jump button')[2]!.click();
    await scrolled;
    expect(scroller.scrollLeft).to.be.closeTo(end, 2);
    await nextFrames(2);
    expect(pressed()).to.deep.equal([false, false, true, false]);
  });

  it('has no accessibility violations, editable or read-only', async () => {
    const { root } = mount(daysToWeek([[{ from: '18:00', to: '07:00' }], [], [], [], [], [], []]));
    await expectNoA11yViolations(root);
    reactRoot?.unmount();
    cleanupFixtures();
    const readOnly = mount(emptyWeek(), true);
    await expectNoA11yViolations(readOnly.root);
  });
});
