/** The portal's routes (docs/product.md#routes), without the base path. */
export const ROUTES = {
  home: '/',
  login: '/login',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password/:token',
  invitation: '/invitation/:token',
  logout: '/logout',
  projectUsers: '/projects/:uuid/users',
  siteSchedules: '/projects/:uuid/site-schedules',
  projectEvacuations: '/projects/:uuid/evacuations',
  projectActivity: '/projects/:uuid/activity',
  project: '/project/:uuid',
  site: '/site/:uuid',
  siteSchedule: '/site/:uuid/schedule',
  system: '/system/:uuid',
  inbox: '/inbox',
  notifications: '/inbox/notifications',
  incident: '/inbox/incident/:uuid',
  notification: '/inbox/notification/:uuid',
  terms: '/terms',
  page: '/page/:uuid',
  demoLiveView: '/demo-live-view/:uuid',
  notFound: '/404',
} as const;

export type RouteName = keyof typeof ROUTES;

/** Resources whose failed load sends the portal to /404 naming them (docs/product.md#session). */
export type NotFoundResource = 'Project' | 'Site' | 'System' | 'Incident' | 'Notification';

/** Builds a path ("/project/abc") from a route name, its params and an optional query. */
export function pathTo(route: RouteName, params: Record<string, string> = {}, search?: Record<string, string>): string {
  const path = ROUTES[route].replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
  const query = search && Object.keys(search).length ? `?${new URLSearchParams(search).toString()}` : '';
  return path + query;
}
