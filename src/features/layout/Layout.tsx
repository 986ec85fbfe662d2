import './messages/bundled.ts';
import { useStore } from '@nanostores/react';
import { useRef } from 'react';
import type { PortalState } from '../../core/router/portal-router.ts';
import { $currentUser } from '../../core/session/session.ts';
import { useT } from '../common/useT.ts';
import { Header, type HeaderVariant } from './Header.tsx';
import { LoadingView } from './LoadingView.tsx';
import { PageOutlet } from './PageOutlet.tsx';
import { ToastTray } from './ToastTray.tsx';
import { useRouteFocus } from './useRouteFocus.ts';
import { preloadable } from '../common/preloadable.tsx';

// The alarm bar loads beside the first page (its own chunk): the first load does not grow.
// Its own chunk too, after the first render: "live updates paused" shows nothing until they pause.
const LiveNotice = preloadable(() => import('../common/LiveNotice.tsx').then((m) => ({ default: m.LiveNotice })));
const EvacuationBar = preloadable(() => import('../evacuation/EvacuationBar.tsx').then((m) => ({ default: m.EvacuationBar })));

const LOGOUT_PATH = /^\/logout(?:[/?#]|$)/i;

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

  // Signing out: the signed-in header and alarm bar would only send requests with a token
  // that is being revoked, each answered 401.
  const leaving = view?.route === 'logout' || (checking && LOGOUT_PATH.test(state.fullPath));
  const variant: HeaderVariant = !user || leaving ? 'public' : user.terms_accepted_web_portal ? 'app' : 'terms';

  return (
    <div className="portal">
      <div className="portal-top">
        <Header
          variant={variant}
          route={view?.route}
          // The page shown or being opened: a check finishing shows the page the URL already named.
          fullPath={state.status === 'ready' ? state.view.fullPath : state.fullPath || undefined}
          pageUuid={view?.route === 'page' ? view.params.uuid : undefined}
          skip={
            // A button: a "#main" link cannot reach into the shadow root.
            <button type="button" className="skip-link" onClick={() => mainRef.current?.focus()}>
              {t('layout.skipToContent')}
            </button>
          }
        />
        {/* While anything the user can see is evacuating: one red bar on every page. */}
        {variant === 'app' && <EvacuationBar />}
        <ToastTray />
      </div>
      {checking && <div className="route-progress" aria-hidden="true" />}
      <main ref={mainRef} id="main" tabIndex={-1} className="portal-main" aria-busy={checking}>
        {variant === 'app' && <LiveNotice />}
        {view ? <PageOutlet key={view.fullPath} view={view} /> : <LoadingView />}
      </main>
    </div>
  );
}
