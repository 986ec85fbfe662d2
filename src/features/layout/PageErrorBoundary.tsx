import { Component, type ReactNode } from 'react';
import { isPageLoadError } from '../../core/router/page-loading.ts';
import { CrashedView } from './CrashedView.tsx';
import { TimeoutPage } from './TimeoutPage.tsx';

interface State {
  error: unknown;
  failed: boolean;
}

/**
 * Around one page (keyed on its full path, so the next page starts clean): a page module
 * that did not load shows the timeout page; a page that crashed shows a calm message.
 */
export class PageErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null, failed: false };
  static getDerivedStateFromError(error: unknown): State {
    return { error, failed: true };
  }
  override componentDidCatch(error: unknown): void {
    if (!isPageLoadError(error)) console.error('[vigil]', error);
  }
  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return isPageLoadError(this.state.error) ? <TimeoutPage /> : <CrashedView />;
  }
}
