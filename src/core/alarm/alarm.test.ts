import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { freshPage } from '../../../test/unit/fresh-page.ts';
import { alarmKey, claimKey, PLAYED_KEPT } from './decide.ts';

const critical = { kind: 'incident', uuid: 'i1', severity: 'critical' } as const;
const start = (mode: string | null, status = 'active') =>
  ({ kind: 'evacuation', uuid: 'p1', status, mode, at: '2026-11-28T10:00:00Z' }) as const;

describe('which events sound the alarm', () => {
  it('a critical incident and a real evacuation starting, when the device has the sound on', () => {
    expect(alarmKey(critical, true)).toBe('incident:i1');
    expect(alarmKey(start('real'), true)).toBe('evacuation:p1:2026-11-28T10:00:00Z');
    // A server that knew only real evacuations sends no mode.
    expect(alarmKey(start(null), true)).toBe('evacuation:p1:2026-11-28T10:00:00Z');
  });

  it('never a drill, an evacuation ending, or an incident below critical', () => {
    expect(alarmKey(start('drill'), true)).toBeNull();
    expect(alarmKey(start('real', 'inactive'), true)).toBeNull();
    for (const severity of ['high', 'medium', 'low']) expect(alarmKey({ ...critical, severity }, true)).toBeNull();
  });

  it('nothing while the sound is off', () => {
    expect(alarmKey(critical, false)).toBeNull();
    expect(alarmKey(start('real'), false)).toBeNull();
  });

  it('each start of the same target is its own alarm', () => {
    expect(alarmKey({ ...start('real'), at: '2026-11-28T11:00:00Z' }, true)).not.toBe(alarmKey(start('real'), true));
  });

  it('an alarm is claimed once, and the played list stays short', () => {
    expect(claimKey([], 'a')).toEqual(['a']);
    expect(claimKey(['a'], 'a')).toBeNull();
    const full = Array.from({ length: PLAYED_KEPT }, (_, i) => `k${i}`);
    expect(claimKey(full, 'new')).toEqual([...full.slice(1), 'new']);
  });
});

describe('the alarm on a device', () => {
  const played: string[] = [];
  beforeEach(() => {
    localStorage.clear();
    played.length = 0;
    freshPage();
    vi.doMock('./sound.ts', () => ({ playAlarm: async () => (played.push('beep'), true) }));
  });
  afterEach(() => vi.doUnmock('./sound.ts'));

  it('is off by default: a critical incident plays nothing', async () => {
    const { $alarmSound, raiseAlarm } = await import('./alarm.ts');
    expect($alarmSound.get()).toBe(false);
    expect(await raiseAlarm(critical)).toBe(false);
    expect(played).toEqual([]);
  });

  it('once on (kept by the browser), plays a critical incident once however many tabs hear of it', async () => {
    const first = await import('./alarm.ts');
    first.setAlarmSound(true);
    expect(localStorage.getItem('vigil.alarm.sound')).toBe('on');
    // Another tab: a fresh page on the same storage.
    freshPage();
    const other = await import('./alarm.ts');
    expect(other.$alarmSound.get()).toBe(true);
    expect(await first.raiseAlarm(critical)).toBe(true);
    expect(await other.raiseAlarm(critical)).toBe(false);
    expect(await other.raiseAlarm(start('drill'))).toBe(false);
    expect(await other.raiseAlarm(start('real'))).toBe(true);
    expect(played).toEqual(['beep', 'beep']);
  });

  it('plays a real evacuation the live stream announces, never a drill', async () => {
    const { setAlarmSound, watchEvacuationAlarms } = await import('./alarm.ts');
    const { dispatchTopics } = await import('../live/topics.ts');
    setAlarmSound(true);
    const stop = watchEvacuationAlarms();
    dispatchTopics(['evacuation'], { uuid: 'p1', evacuation: { status: 'active', mode: 'drill', at: '2026-11-28T09:00:00Z' } });
    dispatchTopics(['evacuation'], { uuid: 'p1' });
    dispatchTopics(['evacuation'], { uuid: 'p1', evacuation: { status: 'active', mode: 'real', at: '2026-11-28T10:00:00Z' } });
    await vi.waitFor(() => expect(played).toEqual(['beep']));
    stop();
  });

  it('a tab nobody used since it opened leaves the alarm to one that was', async () => {
    const { setAlarmSound, raiseAlarm } = await import('./alarm.ts');
    setAlarmSound(true);
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator), { userActivation: { hasBeenActive: false } }));
    try {
      expect(await raiseAlarm(critical)).toBe(false);
    } finally {
      vi.unstubAllGlobals();
    }
    expect(await raiseAlarm(critical)).toBe(true);
    expect(played).toEqual(['beep']);
  });
});
