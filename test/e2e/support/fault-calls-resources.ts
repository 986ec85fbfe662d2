/** Rows of the fault-injection table (test/e2e/support/fault-tests.ts): projects, sites, systems, camera frames and the inbox. */
import { PAGES, PROJECTS, SITES, SYSTEMS } from '../../../demo/server/seed-ids.ts';
import { NO_CONTENT, path, type Row, toastOr401, U } from './fault-rows.ts';

export const RESOURCE_CALLS: Row[] = [
  // --- Resources ----------------------------------------------------------------------------
  {
    call: 'GET /api/v2/projects',
    screen: '/',
    match: { method: 'GET', path: path('/api/v2/projects') },
    open: () => '/',
    outcome: toastOr401('core.toastErrors.loadProjects'),
  },
  {
    call: 'GET /api/v2/projects/{uuid}?filter[systemtype]=UFO',
    screen: '/project/{uuid}',
    match: { method: 'GET', path: path(`/api/v2/projects/${U}`) },
    open: () => `/project/${PROJECTS.northwind}`,
    outcome: toastOr401('core.errors.loadProject'),
  },
  {
    call: 'GET /api/v2/sites/{uuid}',
    screen: '/site/{uuid}',
    match: { method: 'GET', path: path(`/api/v2/sites/${U}`) },
    open: () => `/site/${SITES.antwerpWarehouse}`,
    outcome: toastOr401('core.errors.loadSite'),
  },
  {
    call: 'GET /api/v2/systems/{uuid}',
    screen: '/system/{uuid}',
    match: { method: 'GET', path: path(`/api/v2/systems/${U}`) },
    open: () => `/system/${SYSTEMS.antwerpDocks}`,
    outcome: toastOr401('core.errors.loadSystem'),
  },
  {
    call: 'GET /api/v2/media/{uuid} (camera frames)',
    retriesOverTime: true,
    screen: '/system/{uuid} live view',
    faults: NO_CONTENT,
    match: { method: 'GET', path: path(`/api/v2/media/${U}`) },
    open: () => `/system/${SYSTEMS.antwerpDocks}`,
    // The frame loop tells once per outage; the cameras show offline.
    outcome: toastOr401('core.toastErrors.loadMedia'),
  },
  {
    call: 'GET /api/v2/incidents?page=&per_page=',
    mode: 'boot', // the list keeps its failed state page-wide: reopening the inbox in the app does not load it again
    screen: '/inbox',
    match: { method: 'GET', path: path('/api/v2/incidents') },
    open: () => '/inbox',
    outcome: toastOr401('core.toastErrors.loadIncidents'),
  },
  {
    call: 'GET /api/v2/incidents/{uuid}',
    screen: '/inbox/incident/{uuid}',
    match: { method: 'GET', path: path(`/api/v2/incidents/${U}`) },
    open: (d) => `/inbox/incident/${d.incident}`,
    outcome: toastOr401('core.toastErrors.loadIncident'),
  },
  {
    call: 'GET {media url} (incident images)',
    screen: '/inbox/incident/{uuid} with images',
    faults: NO_CONTENT,
    match: { method: 'GET', path: path(`/api/v2/media/${U}`) },
    open: (d) => `/inbox/incident/${d.incidentWithMedia}`,
    outcome: toastOr401('core.toastErrors.loadMedia'),
  },
  {
    call: 'GET /api/users/{username}',
    screen: '/inbox/incident/{uuid} (handled by)',
    match: { method: 'GET', path: path(`/api/users/${U}`) },
    open: (d) => `/inbox/incident/${d.incidentHandledByOther}`,
    outcome: toastOr401('core.toastErrors.loadUser'),
  },
  {
    call: 'GET /api/v2/notifications?page=&per_page=&locale=',
    mode: 'boot', // the list keeps its failed state page-wide: reopening the inbox in the app does not load it again
    screen: '/inbox/notifications',
    match: { method: 'GET', path: path('/api/v2/notifications'), query: (q) => q.has('page') },
    open: () => '/inbox/notifications',
    outcome: toastOr401('core.toastErrors.loadNotifications'),
  },
  {
    call: 'GET /api/v2/notifications/{uuid}?locale=',
    screen: '/inbox/notification/{uuid}',
    match: { method: 'GET', path: path(`/api/v2/notifications/${U}`) },
    open: (d) => `/inbox/notification/${d.notification}`,
    outcome: toastOr401('core.toastErrors.loadNotification'),
  },
  {
    call: 'PUT /api/v2/notifications/{uuid}/mark-as-read',
    screen: '/inbox/notification/{uuid} (unread)',
    faults: NO_CONTENT,
    match: { method: 'PUT', path: path(`/api/v2/notifications/${U}/mark-as-read`) },
    open: (d) => `/inbox/notification/${d.unreadNotification}`,
    outcome: toastOr401('core.toastErrors.markRead'),
  },
  {
    call: 'GET /api/v2/pages/{uuid}?locale=',
    screen: '/page/{uuid}',
    match: { method: 'GET', path: path(`/api/v2/pages/${U}`) },
    open: () => `/page/${PAGES.contact}`,
    outcome: toastOr401('core.toastErrors.loadPage'),
  },
];
