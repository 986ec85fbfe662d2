/**
 * Which events sound the alarm (docs/push.md#an-alarm-you-can-hear): a critical incident and
 * the start of a real evacuation, and only on a device whose user turned the sound on. A
 * drill never sounds, nor an evacuation's end, nor an incident of a lower severity.
 * Framework-free and pure, so the rule is tested on its own.
 */

export type AlarmEvent =
  | { kind: 'incident'; uuid: string; severity: string }
  /** A stream event `evacuation`: `at` tells one start from the next of the same target. */
  | { kind: 'evacuation'; uuid: string; status: string; mode: string | null | undefined; at: string | null | undefined };

/**
 * The key of the alarm `event` sounds (the same in every tab, so only one tab plays it), or
 * null when it sounds none. `on`: the device's sound setting (off unless turned on).
 */
export function alarmKey(event: AlarmEvent, on: boolean): string | null {
  if (!on) return null;
  if (event.kind === 'incident') return event.severity === 'critical' ? `incident:${event.uuid}` : null;
  // A start without a mode comes from a server that only knew real evacuations.
  if (event.status !== 'active' || event.mode === 'drill') return null;
  return `evacuation:${event.uuid}:${event.at ?? ''}`;
}

/** The most recent alarm keys a device remembers as played (older ones are forgotten). */
export const PLAYED_KEPT = 50;

/**
 * The played list after claiming `key`, or null when it was played already (by this tab or
 * another): the check-and-set the tabs run one at a time.
 */
export function claimKey(played: readonly string[], key: string): string[] | null {
  if (played.includes(key)) return null;
  return [...played, key].slice(-PLAYED_KEPT);
}
