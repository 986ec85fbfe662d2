/**
 * A site's incidents for its page (docs/product.md#the-site-page): the open ones first (the
 * control room or a member has not handled them yet), with how many there are, then the
 * latest handled ones. Two small requests to `GET /api/v2/incidents?filter[site]=…`, asked
 * once per page however many elements show the site ({@link watchSiteIncidents}), and again
 * when the live channel says an incident arrived or changed, or in another language.
 */
import * as Answers from '../api/answer-names.ts';
import { request } from '../api/client.ts';
import type { Incident } from '../api/contract.ts';
import { $language } from '../i18n/languages.ts';
import { onTopic } from '../live/topics.ts';
import { createResource } from '../resources/resource.ts';
import { shared } from '../shared.ts';

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

const watches = shared('site.incidents.watches', () => new Map<string, { count: number; stop: () => void }>());

/** Loads a site's incidents afresh (a retry, a reload); failures stay on the entry. */
export function reloadSiteIncidents(site: string): void {
  siteIncidents.load(site, { force: true }).catch(() => {}); // shown with a retry
}

/**
 * Keeps a site's incidents loaded while something shows them; call the returned function when
 * it goes. The first watcher of a site loads them afresh (a site page opened again shows what
 * is true now); the others take that load or its answer, however much later they appear:
 * two elements of one site are two React roots, and the second may mount after the first
 * one's answer arrived, which a fresh load per element asked for again. Reloaded once per
 * page when the live channel says incidents changed, and in another language (the server
 * translates titles).
 */
export function watchSiteIncidents(site: string): () => void {
  let watch = watches.get(site);
  if (watch) watch.count++;
  else {
    const reload = () => reloadSiteIncidents(site);
    const stops = [onTopic('incidents', reload), $language.listen(reload)];
    watch = { count: 1, stop: () => stops.forEach((stop) => stop()) };
    watches.set(site, watch);
    reload();
  }
  const own = watch;
  let done = false;
  return () => {
    if (done) return;
    done = true;
    if (--own.count > 0) return;
    own.stop();
    if (watches.get(site) === own) watches.delete(site);
  };
}
