/**
 * A site's incidents for its page (docs/product.md#the-site-page): the open ones first (the
 * control room or a member has not handled them yet), with how many there are, then the
 * latest handled ones. Two small requests to `GET /api/v2/incidents?filter[site]=…`; the
 * page reloads them when the live channel says an incident arrived or changed.
 */
import * as Answers from '../api/answer-names.ts';
import { request } from '../api/client.ts';
import type { Incident } from '../api/contract.ts';
import { $language } from '../i18n/languages.ts';
import { createResource } from '../resources/resource.ts';

/** Open incidents listed on the page (the rest are counted and linked). */
export const SITE_OPEN_SHOWN = 5;
/** Handled incidents listed after them. */
export const SITE_RECENT_SHOWN = 3;
/** Recent incidents asked for to find that many handled ones among them. */
const RECENT_ASKED = 10;

export interface SiteIncidents {
  open: Incident[];
  /** All open incidents of the site (`meta.total`), however many are listed. */
  openTotal: number;
  /** The latest handled incidents, newest first. */
  handled: Incident[];
}

/** Open first, then the handled ones of the recent answer (an open one is never listed twice). */
export function splitSiteIncidents(open: readonly Incident[], openTotal: number, recent: readonly Incident[]): SiteIncidents {
  return {
    open: open.slice(0, SITE_OPEN_SHOWN),
    openTotal,
    handled: recent.filter((i) => i.handled_by !== null).slice(0, SITE_RECENT_SHOWN),
  };
}

/** By site uuid. Failures are shown on the page with a retry (no toast). */
export const siteIncidents = createResource<SiteIncidents>('site.incidents', async (site) => {
  const query = { 'filter[site]': site, locale: $language.get() };
  const [open, recent] = await Promise.all([
    request('GET', '/api/v2/incidents', Answers.incidents, { query: { ...query, 'filter[open]': 'true', per_page: SITE_OPEN_SHOWN } }),
    request('GET', '/api/v2/incidents', Answers.incidents, { query: { ...query, per_page: RECENT_ASKED } }),
  ]);
  return splitSiteIncidents(open.data, open.meta.total, recent.data);
});
