import { isMissing } from '../../core/resources/resources.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { useT } from '../common/useT.ts';

export interface DetailStateProps {
  /** The failure, once loading failed; undefined while loading. */
  error: unknown;
  /** Shown while loading (the spinner's label). */
  loadingText: string;
  /** Shown when the item does not exist for this user (404/403): no retry. */
  missingText: string;
  /** Shown when loading failed otherwise, with a retry. */
  failedText: string;
  onRetry(): void;
}

/** An incident's or notification's detail that is not there: loading, missing, or failed with retry. */
export function DetailState({ error, loadingText, missingText, failedText, onRetry }: DetailStateProps) {
  const t = useT();
  if (!error) {
    return (
      <div className="v-card">
        <Spinner label={loadingText} />
      </div>
    );
  }
  const missing = isMissing(error);
  return (
    <div className="v-card v-state" role="alert">
      <p>{missing ? missingText : failedText}</p>
      {!missing && (
        <button type="button" className="v-btn" onClick={onRetry}>
          {t('core.common.retry')}
        </button>
      )}
    </div>
  );
}
