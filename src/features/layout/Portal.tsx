import './messages/bundled.ts';
import { useStore } from '@nanostores/react';
import { useEffect, useLayoutEffect, useMemo } from 'react';
import layoutCss from './layout.css?inline';
import statesCss from './states.css?inline';
import { $language } from '../../core/i18n/languages.ts';
import { fetchContentPages } from '../../core/content/content.ts';
import { registerNavigator } from '../../core/router/navigation.ts';
import { createPortalRouter, type PortalRouter } from '../../core/router/portal-router.ts';
import { $currentUser } from '../../core/session/session.ts';
import { $theme, applyTheme } from '../../core/theme/theme.ts';
import { adoptCss } from '../../ui/styles.ts';
import { useElementScope } from '../common/element/context.ts';
import { InSlices } from '../common/InSlices.tsx';
import { useStyles } from '../common/useStyles.ts';
import { Layout } from './Layout.tsx';
import { warmPage } from './screens.tsx';

/** The page around the portal: no margin, the portal's background (it owns the whole page). */
const DOCUMENT_CSS = 'html, body { margin: 0; background: var(--vigil-color-background, light-dark(#f5f7fa, #0f141b)); }';

/** A portal rendered outside an element (tests): its routers are kept under this key. */
const NO_HOST = {};
const routers = new WeakMap<object, { basePath: string | null; router: PortalRouter }>();

/**
 * The router of the portal in `host` for `basePath`: made once per mount, not once per render.
 * Making one starts the first page's warm-up (the home's projects), and React may set a
 * render aside and make it again — the portal's first render is a transition (SlicedPortal), which
 * a store change meanwhile restarts. A second router's warm-up, arriving after the page had
 * taken the first one's answer, asked the server again. Forgotten when the portal unmounts:
 * put back on the page, it starts afresh.
 */
function routerFor(host: object | null, basePath: string | null): PortalRouter {
  const key = host ?? NO_HOST;
  const made = routers.get(key);
  if (made && made.basePath === basePath) return made.router;
  const router = createPortalRouter({ basePath, warm: warmPage });
  routers.set(key, { basePath, router });
  return router;
}

function forgetRouter(host: object | null, router: PortalRouter): void {
  const key = host ?? NO_HOST;
  if (routers.get(key)?.router === router) routers.delete(key);
}

/**
 * `<vigil-portal>`: the hosted site. Routes every path of docs/product.md#routes under `base-path`,
 * registers its router so features' links route in place, sets `<html lang>`, and
 * shows the shared layout.
 */
export function Portal({ basePath }: { basePath?: string | undefined }) {
  useStyles(layoutCss, statesCss);
  const { host } = useElementScope();
  const portal = useMemo(() => routerFor(host, basePath ?? null), [host, basePath]);
  const state = useStore(portal.$state);
  const user = useStore($currentUser);
  const language = useStore($language);
  const theme = useStore($theme);

  useEffect(() => {
    const unregister = registerNavigator(portal.navigator);
    const stop = portal.start();
    return () => {
      stop();
      unregister();
      forgetRouter(host, portal);
    };
  }, [host, portal]);

  // In the portal the language is the page's language (an embedded element sets only its own lang).
  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);

  // Before the first render is painted: with the margin going a frame later, the whole
  // portal would shift (Lighthouse counted CLS 0.02 on the home page).
  useLayoutEffect(() => {
    adoptCss(document, DOCUMENT_CSS);
  }, []);

  // The portal owns the page's colour scheme (the user menu's choice); every element on
  // the page, the toasts included, inherits it.
  useLayoutEffect(() => applyTheme(theme), [theme]);

  // The Help menu follows the signed-in user and the language.
  const signedIn = user?.terms_accepted_web_portal ? user.token : null;
  useEffect(() => {
    if (signedIn) void fetchContentPages();
  }, [signedIn, language]);

  // Installable, and reachable with the browser closed: the service worker (docs/push.md), after the first paint.
  useEffect(() => {
    void import('../../core/push/worker.ts').then((m) => m.registerPortalWorker());
  }, []);

  return <Layout state={state} />;
}

/**
 * The portal, its first tree rendered in slices: the header and page are the largest first
 * render of any page. (An embedded element's small tree is usable soonest in one go.)
 */
export function SlicedPortal(props: { basePath?: string | undefined }) {
  return (
    <InSlices>
      <Portal {...props} />
    </InSlices>
  );
}
