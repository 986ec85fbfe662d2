import { isMissing } from '../../core/api/client.ts';
import { LoadState } from '../../ui/LoadState.tsx';
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

/** An incident's or notification's detail that is not there, as a card (see LoadState). */
export function DetailState({ error, loadingText, missingText, failedText, onRetry }: DetailStateProps) {
  const t = useT();
  return (
    <LoadState
      status={error ? (isMissing(error) ? 'missing' : 'failed') : 'loading'}
      loading={
        <div className="v-card">
          <Spinner label={loadingText} />
        </div>
      }
      missingText={missingText}
      failedText={failedText}
      retryLabel={t('core.common.retry')}
      onRetry={onRetry}
      className="v-card v-state"
      textClassName=""
    />
  );
}
