import type { t as translate } from '../../core/i18n/i18n.ts';
import { feedStatus, frameAgeSeconds, type FeedState, type FeedStatus } from '../../core/live-view/frameLoop.ts';

export interface FeedText {
  status: FeedStatus;
  /** "Live", "Delayed", … */
  label: string;
  /** "just now", "12 s ago", "No image yet", … */
  age: string;
}

function ageText(t: typeof translate, seconds: number): string {
  if (seconds < 2) return t('core.time.justNow');
  if (seconds < 60) return t('core.time.secondsAgo', { count: seconds });
  if (seconds < 3600) return t('liveView.age.minutes', { count: Math.floor(seconds / 60) });
  return t('liveView.age.hours', { count: Math.floor(seconds / 3600) });
}

/** What a camera shows about itself at `now`: its status and the age of its last image. */
export function feedText(t: typeof translate, state: FeedState, now: number): FeedText {
  const status = feedStatus(state, now);
  const seconds = frameAgeSeconds(state, now);
  const age = seconds === null ? t('liveView.noImage') : status === 'live' ? ageText(t, seconds) : t('liveView.lastImage', { age: ageText(t, seconds) });
  return { status, label: t(`liveView.status.${status}`), age };
}
