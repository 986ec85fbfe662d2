import type { ReactNode } from 'react';

export interface LoadStateProps {
  /** The resource's state; anything but 'missing' or 'failed' shows `loading`. */
  status: 'loading' | 'ready' | 'missing' | 'failed' | undefined;
  /** Shown while loading: a spinner, or a skeleton the size of what comes (no layout shift). */
  loading: ReactNode;
  /** The resource does not exist for this user: said, with no retry. */
  missingText: string;
  /** Loading failed otherwise: said, with a retry. */
  failedText: string;
  retryLabel: string;
  onRetry(): void;
  /** The box's classes (default `v-stack`). */
  className?: string;
  /** The text's classes (default `v-message`). */
  textClassName?: string;
  /** The box's CSS part (default `error`). */
  part?: string;
}

/** The one view of a resource that is not there: loading, missing, or failed with a retry. */
export function LoadState({
  status,
  loading,
  missingText,
  failedText,
  retryLabel,
  onRetry,
  className = 'v-stack',
  textClassName = 'v-message',
  part = 'error',
}: LoadStateProps) {
  if (status !== 'missing' && status !== 'failed') return loading;
  return (
    <div className={className} role="alert" part={part}>
      <p className={textClassName}>{status === 'missing' ? missingText : failedText}</p>
      {status === 'failed' && (
        <button type="button" className="v-btn" onClick={onRetry}>
          {retryLabel}
        </button>
      )}
    </div>
  );
}
