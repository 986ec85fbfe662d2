import type { FeedStatus } from '../../core/live-view/frameLoop.ts';

/**
 * A camera's status on its image: an icon shape and a word, never colour alone. `hidden`
 * when the same words are given to assistive technology elsewhere.
 */
export function StatusBadge({ status, label, hidden }: { status: FeedStatus; label: string; hidden?: boolean }) {
  return (
    <span className={`lv-badge lv-badge--${status}`} part={`status status-${status}`} aria-hidden={hidden || undefined}>
      <span className="lv-badge-icon" aria-hidden="true" />
      {label}
    </span>
  );
}
