import type { ApiError } from '../../core/api/client.ts';
import type { Cache, Entry } from '../../core/resources/cache.ts';
import { isMissing } from '../../core/resources/resources.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { useT } from '../common/useT.ts';
import { Breadcrumbs, type Crumb } from './Breadcrumbs.tsx';

export interface ResourceStateProps {
  status: 'loading' | 'ready' | 'error' | undefined;
  error?: ApiError | undefined;
  /** Shown when the resource does not exist for this user (404/403). */
  missingText: string;
  /** Shown when loading failed otherwise (the toast said it too). */
  errorText: string;
  onRetry(): void;
}

/** The loading, not-found and failed states of a page whose resource is not there yet. */
export function ResourceState({ status, error, missingText, errorText, onRetry }: ResourceStateProps) {
  const t = useT();
  if (status !== 'error') return <Spinner label={t('core.common.loading')} />;
  const missing = isMissing(error);
  return (
    <div className="v-stack pj-state" part="error">
      <p className="v-message" role="alert">
        {missing ? missingText : errorText}
      </p>
      {!missing && (
        <p>
          <button type="button" className="v-btn" onClick={onRetry}>
            {t('core.common.retry')}
          </button>
        </p>
      )}
    </div>
  );
}

export interface PendingResourceProps<T> {
  crumbs: Crumb[];
  cache: Cache<T>;
  id: string;
  entry: Entry<T> | undefined;
  missingText: string;
  errorText: string;
}

/** A page whose resource is not there yet: its breadcrumbs and the loading/failed state, with retry. */
export function PendingResource<T>({ crumbs, cache, id, entry, missingText, errorText }: PendingResourceProps<T>) {
  return (
    <div className="pj v-stack">
      <Breadcrumbs items={crumbs} />
      <ResourceState
        status={entry?.status}
        error={entry?.error}
        missingText={missingText}
        errorText={errorText}
        onRetry={() => void cache.load(id, { force: true }).catch(() => undefined)}
      />
    </div>
  );
}
