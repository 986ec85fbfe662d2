import type { LiveViewProps } from './LiveView.tsx';
import { LiveViewRegionSkeleton } from './LiveViewSkeleton.tsx';
import { preloadable, useLoaded } from '../common/preloadable.tsx';

// The grid's frame loops, camera tiles and large view are their own chunk, fetched as soon
// as a page that shows a live view loads, in parallel with the system's data (which the
// grid needs before it can show anything): what the page loads up front carries only the
// loading state.
const grid = import('./LiveView.tsx');
const Grid = preloadable(() => grid.then((m) => ({ default: m.LiveView })));

/**
 * LiveView, loaded lazily: until its code is there, the cameras' tiles under their names
 * (the grid's own first render), so nothing moves when it takes over.
 */
export function LazyLiveView(props: LiveViewProps) {
  const Loaded = useLoaded(Grid);
  return Loaded ? <Loaded {...props} /> : <LiveViewRegionSkeleton {...props} />;
}
