import './messages/bundled.ts';
import { useStore } from '@nanostores/react';
import { $contentPages } from '../../core/content/content.ts';
import { pathTo, type RouteName } from '../../core/router/routes.ts';
import { Link } from '../common/Link.tsx';
import { useT } from '../common/useT.ts';
import { useLive } from '../inbox/useLive.ts';
import { NavIcon } from './NavIcon.tsx';
import { preloadable } from '../common/preloadable.tsx';

// Loaded once the content pages are known (Help shows only then): not in the first load.
const HelpMenu = preloadable(() => import('./HelpMenu.tsx').then((m) => ({ default: m.HelpMenu })));
// The Inbox pill's counts (and the title's): after the first render, as the counts load.
const InboxCounts = preloadable(() => import('./InboxCounts.tsx').then((m) => ({ default: m.InboxCounts })));

// The portal keeps the counts and the incidents fresh on every page (alerts for new ones).
const LIVE = ['unread', 'incidents', 'open'] as const;

const PROJECT_ROUTES: ReadonlySet<RouteName> = new Set<RouteName>([
  'home',
  'project',
  'site',
  'siteSchedule',
  'system',
  'projectUsers',
  'siteSchedules',
  'projectEvacuations',
  'projectActivity',
]);
const INBOX_ROUTES: ReadonlySet<RouteName> = new Set<RouteName>(['inbox', 'notifications', 'incident', 'notification']);

/** aria-current: "page" on the pill's own page, "true" anywhere else in its section. */
function current(route: RouteName | undefined, own: RouteName, section: ReadonlySet<RouteName>): 'page' | 'true' | undefined {
  if (!route) return undefined;
  if (route === own) return 'page';
  return section.has(route) ? 'true' : undefined;
}

/**
 * The navigation pills (docs/product.md#routes): Projects; Inbox with its counts (open
 * incidents in red, unread notifications, each when above 0); Help, only when the translated
 * pages list has an entry: a menu of whom to call and the content pages. On phones each is an icon with its
 * name under it (the Inbox's shorter, its counts on the icon), so the header keeps one row
 * in every language; the accessible names stay the full ones.
 */
export function NavPills({
  route,
  pageUuid,
  closeKey,
}: {
  route: RouteName | undefined;
  pageUuid?: string | undefined;
  /** Changes with the URL (closes the Help menu). */
  closeKey?: string | undefined;
}) {
  const t = useT();
  useLive(LIVE);
  const pages = useStore($contentPages)?.pages ?? [];
  return (
    <nav className="nav" aria-label={t('layout.nav.label')}>
      <ul className="nav-pills">
        <li>
          <Link className="pill" to={pathTo('home')} aria-current={current(route, 'home', PROJECT_ROUTES)}>
            <NavIcon name="projects" />
            <span className="pill-label">{t('layout.nav.projects')}</span>
          </Link>
        </li>
        <li>
          <Link className="pill" to={pathTo('inbox')} aria-current={current(route, 'inbox', INBOX_ROUTES)}>
            <NavIcon name="inbox" />
            <span className="pill-label pill-label--long">{t('layout.nav.inbox')}</span>
            <span className="pill-label pill-label--short" aria-hidden="true">
              {t('layout.nav.inboxShort')}
            </span>
            <span className="pill-counts">
              <InboxCounts />
            </span>
          </Link>
        </li>
        {pages.length > 0 && (
          <li>
            <HelpMenu pages={pages} current={route === 'page' ? pageUuid : undefined} onTerms={route === 'terms'} closeKey={closeKey} />
          </li>
        )}
      </ul>
    </nav>
  );
}
