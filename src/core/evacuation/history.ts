/**
 * A project's evacuation history (GET /api/v2/projects/{uuid}/evacuations): one page of it
 * with filters, and the same filters as a CSV file. The export is fetched with the session's
 * token like every call and handed to the browser as a file: never a link carrying the token.
 */
import * as Answers from '../api/answer-names.ts';
import { request, requestBlob } from '../api/client.ts';
import { saveFile } from '../browser/download.ts';
import type { EvacuationMode, EvacuationRecord } from '../api/contract.ts';
import { dayEnd, dayStart, isDay } from '../inbox/filters.ts';

export interface HistoryFilters {
  /** Only this site's own evacuations. */
  site?: string | undefined;
  mode?: EvacuationMode | undefined;
  /** Local dates (YYYY-MM-DD), both inclusive, on when it started. */
  from?: string | undefined;
  to?: string | undefined;
}

export interface HistoryPage {
  rows: EvacuationRecord[];
  total: number;
  page: number;
  perPage: number;
}

export const HISTORY_PER_PAGE = 20;

/** The query of the filters (empty ones left out). */
export function historyQuery(filters: HistoryFilters): Record<string, string> {
  const query: Record<string, string> = {};
  if (filters.site) query.site = filters.site;
  if (filters.mode) query.mode = filters.mode;
  // Local days as the API wants them: ISO times with their zone, both days inclusive.
  if (filters.from && isDay(filters.from)) query.from = dayStart(filters.from);
  if (filters.to && isDay(filters.to)) query.to = dayEnd(filters.to);
  return query;
}

const path = (project: string) => `/api/v2/projects/${encodeURIComponent(project)}/evacuations`;

export async function loadHistory(project: string, filters: HistoryFilters, page: number, signal?: AbortSignal): Promise<HistoryPage> {
  const answer = await request('GET', path(project), Answers.evacuations, {
    query: { ...historyQuery(filters), page, per_page: HISTORY_PER_PAGE },
    signal,
  });
  return { rows: answer.data, total: answer.meta.total ?? answer.data.length, page, perPage: HISTORY_PER_PAGE };
}

/** The filtered history as a CSV file, downloaded under `filename`. */
export async function exportHistory(project: string, filters: HistoryFilters, filename: string): Promise<void> {
  const blob = await requestBlob(path(project), { query: { ...historyQuery(filters), format: 'csv' }, headers: { Accept: 'text/csv' } });
  saveFile(blob, filename, 'text/csv;charset=utf-8');
}
