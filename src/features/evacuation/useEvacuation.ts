import { useStore } from '@nanostores/react';
import { useEffect, type RefObject } from 'react';
import { $evacuations, targetKey, type EvacuationEntry, type EvacuationScope } from '../../core/evacuation/evacuation.ts';
import { watchStatus } from '../../core/evacuation/polling.ts';

/**
 * The page-wide evacuation status of one project or site, kept fresh while it is shown:
 * polled while `observe` (when given) is on screen and the tab is visible.
 */
export function useEvacuation(scope: EvacuationScope, uuid: string, observe?: RefObject<Element | null>): EvacuationEntry | undefined {
  const key = targetKey(scope, uuid);
  const entries = useStore($evacuations, { keys: [key] });

  useEffect(() => {
    const watch = watchStatus(scope, uuid);
    const element = observe?.current;
    let observer: IntersectionObserver | undefined;
    if (element && typeof IntersectionObserver !== 'undefined') {
      observer = new IntersectionObserver((list) => {
        const last = list[list.length - 1];
        if (last) watch.setVisible(last.isIntersecting);
      });
      observer.observe(element);
    }
    return () => {
      observer?.disconnect();
      watch.stop();
    };
    // observe is a ref: its element is read once the component has mounted
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [scope, uuid]);

  return entries[key];
}
