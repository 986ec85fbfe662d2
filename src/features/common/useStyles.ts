import { useLayoutEffect } from 'react';
import { adoptCss } from '../../ui/styles.ts';
import { useElementScope } from './element/context.ts';

/**
 * Adopts a component's CSS into the shadow root it renders in, so a feature carries its
 * styles wherever it is shown (its own element or the portal).
 */
export function useStyles(...css: string[]): void {
  const { root } = useElementScope();
  useLayoutEffect(() => {
    if (root) adoptCss(root, ...css);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- css: module-constant strings, but the rest array is new on every render
  }, [root]);
}
