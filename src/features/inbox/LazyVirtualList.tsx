import { useEffect, type ComponentType } from 'react';
import { Spinner } from '../../ui/Spinner.tsx';
import { useT } from '../common/useT.ts';
import type { VirtualListProps } from './VirtualList.tsx';
import { preloadable, useLoaded } from '../common/preloadable.tsx';

// The virtualizer is the lists' largest part: its own chunk, loaded while the first page is
// fetched (the list starts here, not once the chunk has arrived).
const VirtualList = preloadable(() => import('./VirtualList.tsx').then((m) => ({ default: m.VirtualList })));

/** {@link VirtualList}, loaded on demand; meanwhile the list's own loading box (same place, same size). */
export function LazyVirtualList<T extends { uuid: string }, F>(props: VirtualListProps<T, F>) {
  const t = useT();
  const { list } = props;
  useEffect(() => list.start(), [list]);
  const Impl = useLoaded(VirtualList) as ComponentType<VirtualListProps<T, F>> | undefined;
  return Impl ? (
    <Impl {...props} />
  ) : (
    <div className="vi-state-box">
      <Spinner label={t('inbox.list.loading')} />
    </div>
  );
}
