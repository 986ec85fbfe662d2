/**
 * What "open" means and where an open count leads (docs/product.md#open-incidents): an
 * incident is open until it is handled (`handled_by` set). Every count of open incidents —
 * the Inbox pill, the page title, `<vigil-unread-badge count="open-incidents">`, the "Needs
 * attention" view, the health of a project or a site — counts that set, and each links to
 * the inbox list of exactly that set (`openIncidentsPath`). The inbox lists incidents in the
 * order of what needs attention (`sort=attention`): open first, worst severity first, newest
 * first within one severity, then the handled ones, newest first.
 */
import { SEVERITIES } from '../api/constants.ts';
import type { Incident } from '../api/contract.ts';
import { pathTo } from '../router/routes.ts';

/** The `sort` of `GET /api/v2/incidents` the inbox asks for. */
export const ATTENTION_SORT = 'attention';

/** Whether an incident is open: nobody has handled it yet. */
export const isOpen = (incident: Pick<Incident, 'handled_by'>): boolean => incident.handled_by === null;

/** Where an incident sits in the attention order: <0 before `b`, >0 after, as the server orders them. */
export function compareAttention(a: Incident, b: Incident): number {
  const open = Number(!isOpen(a)) - Number(!isOpen(b));
  if (open !== 0) return open;
  if (isOpen(a)) {
    const worse = SEVERITIES.indexOf(b.severity) - SEVERITIES.indexOf(a.severity);
    if (worse !== 0) return worse;
  }
  if (a.occurred_at !== b.occurred_at) return a.occurred_at > b.occurred_at ? -1 : 1;
  return a.uuid < b.uuid ? -1 : a.uuid > b.uuid ? 1 : 0;
}

/** What an open count covers: every project of the user, one project, or one site. */
export type OpenScope = { project?: string; site?: string };

/**
 * The inbox list of the open incidents of `scope`: the address a count of them links to
 * (`/inbox?project=…&open=1`), in the inbox's own filter names (filters.ts reads them; its
 * test holds the two together), so the list's total is the count. Written here rather than
 * with filters.ts, which the project and site pages showing a count do not load otherwise.
 */
export function openIncidentsPath(scope: OpenScope = {}): string {
  const query: Record<string, string> = {};
  if (scope.project) query.project = scope.project;
  if (scope.site) query.site = scope.site;
  query.open = '1';
  return pathTo('inbox', {}, query);
}
