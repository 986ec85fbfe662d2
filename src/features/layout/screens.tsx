/**
 * The portal's screen table: every route of docs/product.md#routes and the module that renders it, each
 * loaded on demand (lazy-page.tsx: the 10 s limit, and asked for ahead while the route is checked).
 */
import { isValidElement, type ReactNode } from 'react';
import type { PortalView } from '../../core/router/portal-router.ts';
import { lazyPage as page, type LazyPage } from './lazy-page.tsx';

const ProjectsPage = page(() => import('../projects/ProjectsPage.tsx').then((m) => ({ default: m.ProjectsPage })));
const ProjectPage = page(() => import('../projects/ProjectPage.tsx').then((m) => ({ default: m.ProjectPage })));
const SitePage = page(() => import('../projects/SitePage.tsx').then((m) => ({ default: m.SitePage })));
const SiteSchedulePage = page(() => import('../projects/SiteSchedulePage.tsx').then((m) => ({ default: m.SiteSchedulePage })));
const SystemPage = page(() => import('../projects/SystemPage.tsx').then((m) => ({ default: m.SystemPage })));
const DemoLiveViewPage = page(() => import('../live-view/DemoLiveViewPage.tsx').then((m) => ({ default: m.DemoLiveViewPage })));
const InboxPage = page(() => import('../inbox/InboxPage.tsx').then((m) => ({ default: m.InboxPage })));
const IncidentPage = page(() => import('../inbox/IncidentPage.tsx').then((m) => ({ default: m.IncidentPage })));
const NotificationPage = page(() => import('../inbox/NotificationPage.tsx').then((m) => ({ default: m.NotificationPage })));
const SiteSchedulesPage = page(() => import('../schedules/SiteSchedulesPage.tsx').then((m) => ({ default: m.SiteSchedulesPage })));
const ProjectUsersPage = page(() => import('../users/ProjectUsersPage.tsx').then((m) => ({ default: m.ProjectUsersPage })));
const EvacuationHistoryPage = page(() =>
  import('../evacuation/EvacuationHistoryPage.tsx').then((m) => ({ default: m.EvacuationHistoryPage })),
);
const ActivityPage = page(() => import('../activity/ActivityPage.tsx').then((m) => ({ default: m.ActivityPage })));
const ContentPage = page(() => import('../content/ContentPage.tsx').then((m) => ({ default: m.ContentPage })));
const LoginPage = page(() => import('../auth/LoginPage.tsx').then((m) => ({ default: m.LoginPage })));
const ForgotPasswordPage = page(() => import('../auth/ForgotPasswordPage.tsx').then((m) => ({ default: m.ForgotPasswordPage })));
const ResetPasswordPage = page(() => import('../auth/ResetPasswordPage.tsx').then((m) => ({ default: m.ResetPasswordPage })));
const InvitationPage = page(() => import('../auth/InvitationPage.tsx').then((m) => ({ default: m.InvitationPage })));
const LogoutPage = page(() => import('../auth/LogoutPage.tsx').then((m) => ({ default: m.LogoutPage })));
const TermsPage = page(() => import('../auth/TermsPage.tsx').then((m) => ({ default: m.TermsPage })));
const NotFoundPage = page(() => import('./NotFoundPage.tsx').then((m) => ({ default: m.NotFoundPage })));

/**
 * What a page needs first, started while the portal validates the user (see the router's
 * `warm`): its code, and the home page's list of projects. The page then takes the answer.
 */
export function warmPage(view: PortalView): Promise<unknown> | undefined {
  if (view.route === 'home') void import('../../core/projects/projects.ts').then((m) => m.warmProjects());
  // The page's code too: the router shows the page once it is there (a failure is the page's to show).
  const element = renderPage(view);
  return isValidElement(element) ? (element.type as LazyPage<unknown>).preload() : undefined;
}

/** The page element of a view (route params and query as the page's props). */
export function renderPage({ route, params, search }: PortalView): ReactNode {
  const uuid = params.uuid ?? '';
  switch (route) {
    case 'home':
      return <ProjectsPage />;
    case 'login':
      return <LoginPage search={search} />;
    case 'forgotPassword':
      return <ForgotPasswordPage search={search} />;
    case 'resetPassword':
      return <ResetPasswordPage token={params.token ?? ''} search={search} />;
    case 'invitation':
      return <InvitationPage token={params.token ?? ''} />;
    case 'logout':
      return <LogoutPage />;
    case 'projectUsers':
      return <ProjectUsersPage uuid={uuid} />;
    case 'siteSchedules':
      return <SiteSchedulesPage uuid={uuid} />;
    case 'projectEvacuations':
      return <EvacuationHistoryPage uuid={uuid} />;
    case 'projectActivity':
      return <ActivityPage uuid={uuid} search={search} />;
    case 'project':
      return <ProjectPage uuid={uuid} />;
    case 'site':
      return <SitePage uuid={uuid} />;
    case 'siteSchedule':
      return <SiteSchedulePage uuid={uuid} />;
    case 'system':
      return <SystemPage uuid={uuid} />;
    case 'inbox':
      return <InboxPage view="incidents" />;
    case 'notifications':
      return <InboxPage view="notifications" />;
    case 'incident':
      return <IncidentPage uuid={uuid} />;
    case 'notification':
      return <NotificationPage uuid={uuid} />;
    case 'terms':
      return <TermsPage search={search} />;
    case 'page':
      return <ContentPage uuid={uuid} />;
    case 'demoLiveView':
      return <DemoLiveViewPage uuid={uuid} />;
    case 'notFound':
      return <NotFoundPage resource={search.resource} asked={search.path} />;
  }
}
