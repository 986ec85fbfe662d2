import { EvacuationLoading } from './EvacuationLoading.tsx';
import type { EvacuationControlProps } from './EvacuationControl.tsx';
import { preloadable, useLoaded } from '../common/preloadable.tsx';

// The control (status, polling, the other-tab channel, the actions and their dialog) is
// its own chunk, fetched as soon as a page that shows it loads, in parallel with the
// page's own data: what the page loads up front carries only the loading card.
const control = import('./EvacuationControl.tsx');
const Control = preloadable(() => control.then((m) => ({ default: m.EvacuationControl })));

/**
 * EvacuationControl, loaded lazily: until its code is there, the loading card it shows
 * itself while the status loads. `withAction`: whether that card keeps the Start button's
 * place (false when the page already knows the user may not evacuate).
 */
export function LazyEvacuationControl({ withAction = true, ...props }: EvacuationControlProps & { withAction?: boolean }) {
  const Loaded = useLoaded(Control);
  return Loaded ? <Loaded {...props} /> : <EvacuationLoading scope={props.scope} name={props.name} withAction={withAction} />;
}
