/**
 * The cached resources of docs/product.md#constants-and-limits (project, site, system, incident, notification), each
 * loaded once per uuid at a time, with the docs/product.md#errors toast on failure. A 404 (or 403) is
 * not toasted: on navigation it sends the portal to /404 naming the resource.
 */
import * as Answers from '../api/answer-names.ts';
import type { Incident, Notification, Project, Site, System } from '../api/contract.ts';
import { isMissing, request, type ApiError } from '../api/client.ts';
import { CONFIG } from '../config/config.ts';
import { $language } from '../i18n/languages.ts';
import { showError } from '../toasts/toasts.ts';
import { createCache } from './cache.ts';

export { isMissing };

function toastUnlessMissing(key: string) {
  return (e: ApiError): never => {
    if (!isMissing(e) && e.kind !== 'aborted' && e.status !== 401) showError(key);
    throw e;
  };
}

export const projectCache = createCache<Project>('project', (uuid) =>
  request('GET', `/api/v2/projects/${encodeURIComponent(uuid)}`, Answers.project, {
    query: { 'filter[systemtype]': CONFIG.systemTypeFilter },
  }).then((r) => r.data, toastUnlessMissing('core.errors.loadProject')),
);

export const siteCache = createCache<Site>('site', (uuid) =>
  request('GET', `/api/v2/sites/${encodeURIComponent(uuid)}`, Answers.site).then((r) => r.data, toastUnlessMissing('core.errors.loadSite')),
);

export const systemCache = createCache<System>('system', (uuid) =>
  request('GET', `/api/v2/systems/${encodeURIComponent(uuid)}`, Answers.system).then(
    (r) => r.data,
    toastUnlessMissing('core.errors.loadSystem'),
  ),
);

export const incidentCache = createCache<Incident>('incident', (uuid) =>
  request('GET', `/api/v2/incidents/${encodeURIComponent(uuid)}`, Answers.incident, { query: { locale: $language.get() } }).then(
    (r) => r.data,
    toastUnlessMissing('core.toastErrors.loadIncident'),
  ),
);

export const notificationCache = createCache<Notification>('notification', (uuid) =>
  request('GET', `/api/v2/notifications/${encodeURIComponent(uuid)}`, Answers.notification, {
    query: { locale: $language.get() },
  }).then((r) => r.data, toastUnlessMissing('core.toastErrors.loadNotification')),
);
