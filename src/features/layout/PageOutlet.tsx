import type { PortalView } from '../../core/router/portal-router.ts';
import { PageErrorBoundary } from './PageErrorBoundary.tsx';
import { renderPage } from './screens.tsx';

/** One page of the portal: loaded on demand, with the spinner meanwhile and the timeout page on failure. */
export function PageOutlet({ view }: { view: PortalView }) {
  return <PageErrorBoundary>{renderPage(view)}</PageErrorBoundary>;
}
