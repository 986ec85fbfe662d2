import type { t as translate } from '../../core/i18n/i18n.ts';
import type { FeedState, FeedStatus } from '../../core/live-view/frameLoop.ts';
import { cameraStatus, frameAgeSeconds } from '../../core/live-view/status.ts';
import { formatRelative } from '../../core/time/format.ts';
import { formatSiteMoment } from '../../core/time/siteMoment.ts';

export interface FeedText {
  status: FeedStatus;
  /** "Live", "Delayed", … */
  label: string;
  /** "just now", "Last image 14:32 (3 min ago)", "No image yet", … */
  age: string;
}

/** "just now", then "12 sec. ago", "3 min. ago", "2 hr. ago": the portal's one relative time. */
function ageText(t: typeof translate, seconds: number): string {
  return seconds < 2 ? t('core.time.justNow') : formatRelative(seconds);
}

/**
 * When the image was taken, on the site's clock with its zone named (the date unless it is
 * today there): the same clock as the site's incidents (docs/product.md#times).
 */
function clockText(ms: number, now: number, timeZone: string | undefined): string {
  return formatSiteMoment(ms, timeZone, { now })?.label ?? '';
}

/**
 * What a camera shows about itself at `now` (docs/product.md#camera-frames): its status,
 * from its system's state and its frame's time, and when its image was taken.
 */
export function feedText(
  t: typeof translate,
  state: FeedState,
  now: number,
  online: boolean,
  intervalMs?: number,
  timeZone?: string,
): FeedText {
  const status = cameraStatus(state, now, online, intervalMs);
  const seconds = frameAgeSeconds(state, now);
  const age = !state.frame
    ? t('liveView.noImage')
    : seconds === null || state.takenAt === null
      ? t('liveView.timeUnknown')
      : status === 'live'
        ? ageText(t, seconds)
        : t('liveView.lastImageAt', { time: clockText(state.takenAt, now, timeZone), age: ageText(t, seconds) });
  return { status, label: t(`liveView.status.${status}`), age };
}
