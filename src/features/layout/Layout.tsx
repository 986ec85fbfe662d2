import './messages/bundled.ts';
import { useStore } from '@nanostores/react';
import { useRef } from 'react';
import type { PortalState } from '../../core/router/portal-router.ts';
import { $currentUser } from '../../core/session/session.ts';
import { useT } from '../common/useT.ts';
import { Header, type HeaderVariant } from './Header.tsx';
import { LoadingView } from './LoadingView.tsx';
import { PageOutlet } from './PageOutlet.tsx';
import { useRouteFocus } from './useRouteFocus.ts';

/**
 * The shared layout around every page. The page is keyed on its full path (query
 * included), so moving from /project/a to /project/b mounts a fresh page: never stale
 * state. While a navigation is checked the previous page stays, under a progress bar.
 */
export function Layout({ state }: { state: PortalState }) {
  const t = useT();
  const user = useStore($currentUser);
  const mainRef = useRef<HTMLElement>(null);
  const view = state.status === 'ready' ? state.view : state.previous;
  const checking = state.status === 'checking';
  useRouteFocus(state.status === 'ready' ? state.view.fullPath : undefined, mainRef);

  const variant: HeaderVariant = !user ? 'public' : user.terms_accepted_web_portal ? 'app' : 'terms';

  return (
    <div className="portal">
      <Header
        variant={variant}
        route={view?.route}
        fullPath={view?.fullPath}
        pageUuid={view?.route === 'page' ? view.params.uuid : undefined}
        skip={
          // A button: a "#main" link cannot reach into the shadow root.
          <button type="button" className="skip-link" onClick={() => mainRef.current?.focus()}>
            {t('layout.skipToContent')}
          </button>
        }
      />
      {checking && <div className="route-progress" aria-hidden="true" />}
      <main ref={mainRef} id="main" tabIndex={-1} className="portal-main" aria-busy={checking}>
        {view ? <PageOutlet key={view.fullPath} view={view} /> : <LoadingView />}
      </main>
    </div>
  );
}
