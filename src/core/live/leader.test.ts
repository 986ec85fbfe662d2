import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeLocks, fakeVisibility } from '../../../test/unit/live-fakes.ts';
import { electLeader } from './leader.ts';

const flush = () => vi.advanceTimersByTimeAsync(0);

function tab(options: { locks?: LockManager | null; storage?: Storage | null; hidden?: boolean; id?: string }) {
  const visibility = fakeVisibility(options.hidden ?? false);
  const log: string[] = [];
  const election = electLeader({
    name: 'vigil-live:test',
    visibility,
    locks: options.locks ?? null,
    storage: options.storage ?? null,
    leaseMs: 1000,
    ...(options.id ? { tabId: options.id } : {}),
    onLead: () => log.push('lead'),
    onFollow: () => log.push('follow'),
  });
  return { election, visibility, log };
}

describe('electLeader with Web Locks', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('elects one of two tabs; the other takes over when the leader closes', async () => {
    const locks = fakeLocks();
    const a = tab({ locks });
    const b = tab({ locks });
    await flush();
    expect([a.election.leading, b.election.leading]).toEqual([true, false]);
    a.election.stop(); // the tab closes
    await flush();
    expect(a.log).toEqual(['lead', 'follow']);
    expect(b.election.leading).toBe(true);
    b.election.stop();
  });

  it('a hidden leader hands over to a visible tab, and a hidden tab never leads', async () => {
    const locks = fakeLocks();
    const a = tab({ locks });
    const b = tab({ locks, hidden: true });
    await flush();
    expect([a.election.leading, b.election.leading]).toEqual([true, false]);
    a.visibility.set(true);
    await flush();
    expect([a.election.leading, b.election.leading]).toEqual([false, false]); // nobody visible
    b.visibility.set(false);
    await flush();
    expect([a.election.leading, b.election.leading]).toEqual([false, true]);
    a.visibility.set(false); // queued behind b
    await flush();
    expect([a.election.leading, b.election.leading]).toEqual([false, true]);
    b.visibility.set(true);
    await flush();
    expect([a.election.leading, b.election.leading]).toEqual([true, false]);
    a.election.stop();
    b.election.stop();
  });
});

describe('a hidden leader with a grace period', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('keeps the lead while hidden for its grace, then hands over; holding keeps it for good', async () => {
    const locks = fakeLocks();
    let hold = false;
    const visibility = fakeVisibility(false);
    const log: string[] = [];
    const a = electLeader({
      name: 'vigil-live:test',
      visibility,
      locks,
      storage: null,
      hiddenGraceMs: 60_000,
      holdWhileHidden: () => hold,
      onLead: () => log.push('lead'),
      onFollow: () => log.push('follow'),
    });
    const b = tab({ locks });
    await flush();
    expect([a.leading, b.election.leading]).toEqual([true, false]);
    visibility.set(true);
    await vi.advanceTimersByTimeAsync(59_000);
    expect(a.leading).toBe(true); // a short look at another tab costs nothing
    await vi.advanceTimersByTimeAsync(2_000);
    expect([a.leading, b.election.leading]).toEqual([false, true]);

    // With desktop alerts on, a hidden tab stays in the queue and leads when its turn comes.
    hold = true;
    a.update();
    b.election.stop();
    await flush();
    expect(a.leading).toBe(true);
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(a.leading).toBe(true);
    hold = false;
    a.update();
    await flush();
    expect(a.leading).toBe(false);
    a.stop();
  });
});

describe('electLeader with the localStorage lease (no Web Locks)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    localStorage.clear();
  });
  afterEach(() => vi.useRealTimers());

  it('one tab holds the lease; another takes it when it is released or runs out', async () => {
    const a = tab({ storage: localStorage, id: 'a' });
    const b = tab({ storage: localStorage, id: 'b' });
    expect([a.election.leading, b.election.leading]).toEqual([true, false]);
    await vi.advanceTimersByTimeAsync(10_000); // a renews; b stays a follower
    expect([a.election.leading, b.election.leading]).toEqual([true, false]);
    a.visibility.set(true); // hidden: gives the lease back
    await vi.advanceTimersByTimeAsync(1000);
    expect(b.election.leading).toBe(true);
    a.visibility.set(false);
    await vi.advanceTimersByTimeAsync(5000);
    expect([a.election.leading, b.election.leading]).toEqual([false, true]);
    b.election.stop();
    a.election.stop();
  });

  it('a crashed leader (no release) loses the lease after three periods', async () => {
    const a = tab({ storage: localStorage, id: 'a' });
    // b starts while a's lease is fresh; a then stops renewing without releasing.
    const b = tab({ storage: localStorage, id: 'b' });
    a.visibility.set(true);
    localStorage.setItem('vigil-live:test', JSON.stringify({ id: 'a', until: Date.now() + 3000 }));
    await vi.advanceTimersByTimeAsync(2000);
    expect(b.election.leading).toBe(false);
    await vi.advanceTimersByTimeAsync(2000);
    expect(b.election.leading).toBe(true);
    a.election.stop();
    b.election.stop();
  });
});

describe('electLeader without locks or storage', () => {
  it('every visible tab leads on its own', () => {
    const a = tab({});
    const b = tab({ hidden: true });
    expect([a.election.leading, b.election.leading]).toEqual([true, false]);
    a.election.stop();
    b.election.stop();
  });
});
