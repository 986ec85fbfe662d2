import type { FeedStatus } from '../../core/live-view/frameLoop.ts';

/** A camera's status on its image: an icon shape and a word, never colour alone. */
export function StatusBadge({ status, label }: { status: FeedStatus; label: string }) {
  return (
    <span className={`lv-badge lv-badge--${status}`} part={`status status-${status}`}>
      <span className="lv-badge-icon" aria-hidden="true" />
      {label}
    </span>
  );
}
