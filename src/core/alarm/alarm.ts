/**
 * The alarm you can hear (docs/push.md#an-alarm-you-can-hear): a short sound in an open
 * portal tab for a critical incident or the start of a real evacuation, on a device whose
 * user turned it on (`$alarmSound`, per browser in localStorage, off by default). One tab
 * plays each alarm: the tabs that may play (the page was used since it opened, which the
 * browsers' autoplay rules require) claim it one at a time under a Web Lock against a list
 * of played alarms in localStorage. The sound itself (sound.ts, the Web Audio API) loads
 * with the first alarm or test.
 */
import { atom } from 'nanostores';
import { safeStorage } from '../browser/storage.ts';
import { onTopic } from '../live/topics.ts';
import { shared } from '../shared.ts';
import { alarmKey, claimKey, type AlarmEvent } from './decide.ts';

export type { AlarmEvent } from './decide.ts';

const SETTING_KEY = 'vigil.alarm.sound';
const PLAYED_KEY = 'vigil.alarm.played';

const readSetting = (): boolean => {
  try {
    return safeStorage()?.getItem(SETTING_KEY) === 'on';
  } catch {
    return false;
  }
};

/** Whether this device sounds alarms (follows the other tabs). */
export const $alarmSound = shared('alarm.sound', () => {
  const $on = atom(readSetting());
  if (typeof addEventListener === 'function') {
    addEventListener('storage', (e) => {
      if (e.key === SETTING_KEY) $on.set(readSetting());
    });
  }
  return $on;
});

/** Turns the sound on or off for this device. */
export function setAlarmSound(on: boolean): void {
  try {
    if (on) safeStorage()?.setItem(SETTING_KEY, 'on');
    else safeStorage()?.removeItem(SETTING_KEY);
  } catch {
    // storage blocked: the choice lasts for this page only
  }
  $alarmSound.set(on);
}

/** Whether this page may start a sound: it was used since it opened (the autoplay rule). */
function mayPlay(): boolean {
  const activation = (navigator as { userActivation?: { hasBeenActive: boolean } }).userActivation;
  return activation ? activation.hasBeenActive : true;
}

function readPlayed(storage: Storage): string[] {
  try {
    const list = JSON.parse(storage.getItem(PLAYED_KEY) ?? '[]') as unknown;
    return Array.isArray(list) ? list.filter((k): k is string => typeof k === 'string') : [];
  } catch {
    return [];
  }
}

/** Claims `key` for this tab: true when no tab played it before. */
async function claim(key: string): Promise<boolean> {
  const storage = safeStorage();
  const check = (): boolean => {
    if (!storage) return true;
    try {
      const next = claimKey(readPlayed(storage), key);
      if (!next) return false;
      storage.setItem(PLAYED_KEY, JSON.stringify(next));
      return true;
    } catch {
      return true; // storage blocked: this tab plays (another may too)
    }
  };
  const locks = (navigator as { locks?: LockManager }).locks;
  if (!locks) return check();
  try {
    return await locks.request(PLAYED_KEY, async () => check());
  } catch {
    return check();
  }
}

/** Plays the alarm sound now (lazily loads it); false when the browser does not let it start. */
const play = (): Promise<boolean> =>
  import('./sound.ts').then(
    (sound) => sound.playAlarm(),
    () => false,
  );

/** Sounds the alarm of `event` when it is one (and this tab is the one that plays it). */
export async function raiseAlarm(event: AlarmEvent): Promise<boolean> {
  const key = alarmKey(event, $alarmSound.get());
  if (!key || !mayPlay()) return false;
  if (!(await claim(key))) return false;
  return play();
}

/** "Test sound" (from a click, which also lets the page play later alarms). */
export function testAlarm(): Promise<boolean> {
  return play();
}

/** Sounds the alarm of each real evacuation that starts, as the live stream tells it (the tab that holds the stream hears it). */
export function watchEvacuationAlarms(): () => void {
  return onTopic('evacuation', (hint) => {
    if (hint.uuid && hint.evacuation) void raiseAlarm({ kind: 'evacuation', uuid: hint.uuid, ...hint.evacuation });
  });
}
