import type { Cache, Entry } from '../../core/resources/cache.ts';
import { LoadState } from '../../ui/LoadState.tsx';
import { Loading } from '../common/Loading.tsx';
import { retryLoad } from '../common/useResource.ts';
import { useT } from '../common/useT.ts';
import { Breadcrumbs, type Crumb } from './Breadcrumbs.tsx';

export interface PendingResourceProps<T> {
  crumbs: Crumb[];
  cache: Cache<T>;
  id: string;
  entry: Entry<T> | undefined;
  /** Shown when the resource does not exist for this user (404/403). */
  missingText: string;
  /** Shown when loading failed otherwise (the toast said it too). */
  errorText: string;
}

/** A page whose resource is not there yet: its breadcrumbs and the loading/failed state, with retry. */
export function PendingResource<T>({ crumbs, cache, id, entry, missingText, errorText }: PendingResourceProps<T>) {
  const t = useT();
  return (
    <div className="pj v-stack">
      <Breadcrumbs items={crumbs} />
      <LoadState
        status={entry?.status}
        loading={<Loading />}
        missingText={missingText}
        failedText={errorText}
        retryLabel={t('core.common.retry')}
        onRetry={retryLoad(cache, id)}
        className="v-stack pj-state"
      />
    </div>
  );
}
