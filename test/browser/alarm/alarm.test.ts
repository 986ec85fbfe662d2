// The alarm you can hear, in real Chromium: a critical incident that arrives on the live
// channel starts the page's AudioContext (a stand-in that records what is played) once the
// device turned the sound on and the page was used; off, or for a high incident, or a
// drill, nothing is made.
import { setAlarmSound, watchEvacuationAlarms } from '../../../src/core/alarm/alarm.ts';
import { apply } from '../../../src/core/inbox/live/live.ts';
import { dispatchTopics } from '../../../src/core/live/topics.ts';
import { $currentUser } from '../../../src/core/session/store.ts';
import { expect, waitFor } from '../helpers/assert.ts';
import { USER } from '../helpers/api.ts';
import { afterEach, beforeEach, describe, it } from '../helpers/mocha.ts';
import { press } from '../ui/keys.ts';

/** Records every context made (the page keeps its first), whether it was started, and the sounds played. */
class RecordingAudioContext {
  static made: RecordingAudioContext[] = [];
  static played: RecordingAudioContext[] = [];
  state: AudioContextState = 'suspended';
  currentTime = 0;
  destination = {};
  constructor() {
    RecordingAudioContext.made.push(this);
  }
  resume(): Promise<void> {
    this.state = 'running';
    return Promise.resolve();
  }
  createGain() {
    const param = { value: 0, setValueAtTime() {}, linearRampToValueAtTime() {} };
    return { gain: param, connect() {}, disconnect() {} };
  }
  createOscillator() {
    return {
      type: 'sine',
      frequency: { setValueAtTime() {} },
      onended: null,
      connect() {},
      disconnect() {},
      start: () => RecordingAudioContext.played.push(this),
      stop() {},
    };
  }
}

const realAudioContext = window.AudioContext;
let n = 0;
const incident = (severity: string) => ({
  uuid: `alarm-${Date.now()}-${++n}`,
  title: `Door forced open ${n}`,
  description: '',
  occurred_at: new Date().toISOString(),
  severity,
  site: { uuid: 's-1', name: 'Antwerp' },
  system: null,
  media: [],
  handled_by: null,
});
const arrive = (severity: string) => apply({ incidents: { data: [incident(severity)], total: 1 } } as never, true);
/** The sounds played: each on a context that was started. */
const played = () => RecordingAudioContext.played.map((c) => c.state);

describe('the alarm you can hear', () => {
  beforeEach(async () => {
    localStorage.clear();
    RecordingAudioContext.played = [];
    (window as unknown as { AudioContext: unknown }).AudioContext = RecordingAudioContext;
    $currentUser.set({ ...USER, token: 'tok', api_base: location.origin });
    // The page is used once (a real key press): browsers start sound only then.
    const input = document.body.appendChild(document.createElement('input'));
    input.focus();
    await press('a');
    input.remove();
    expect(navigator.userActivation.hasBeenActive).to.equal(true);
  });
  afterEach(() => {
    setAlarmSound(false);
    window.AudioContext = realAudioContext;
  });

  it('stays silent while the sound is off (the default)', async () => {
    arrive('critical');
    // The alarm module ran for it: a later critical with the sound on plays, this one did not.
    setAlarmSound(true);
    arrive('critical');
    await waitFor(() => expect(played()).to.deep.equal(['running']));
    // Made for the alarm alone: none for the critical that came while the sound was off.
    expect(RecordingAudioContext.made).to.have.length(1);
  });

  // What must not sound is sent before a critical: alarms play in the order they come
  // (one claim at a time), so had it sounded, it would be counted by the time the critical is.
  it('starts the AudioContext for a critical incident, not for a high one', async () => {
    setAlarmSound(true);
    arrive('critical');
    await waitFor(() => expect(played()).to.deep.equal(['running']));
    arrive('high');
    arrive('critical');
    await waitFor(() => expect(played().length).to.be.at.least(2));
    expect(played()).to.deep.equal(['running', 'running']);
  });

  it('sounds a real evacuation starting, never a drill', async () => {
    setAlarmSound(true);
    const stop = watchEvacuationAlarms();
    const start = (mode: string, at: string) => dispatchTopics(['evacuation'], { uuid: 'p-1', evacuation: { status: 'active', mode, at } });
    try {
      start('real', '2026-11-28T10:00:00Z');
      await waitFor(() => expect(played()).to.deep.equal(['running']));
      start('drill', '2026-11-28T10:05:00Z');
      start('real', '2026-11-28T10:10:00Z');
      await waitFor(() => expect(played().length).to.be.at.least(2));
      expect(played()).to.deep.equal(['running', 'running']);
    } finally {
      stop();
    }
  });
});
