/**
 * A job's differing rows to download: CSV (the report's own CSV: NULL an empty field, empty text `""`,
 * formulas defused) and JSON (the diff-details the API answers), masked exactly as the job page is for
 * the signed-in key's scopes. Both are streamed a page of rows at a time as the browser reads them, each
 * in one of the key's stream places (shared with its API calls: 429 when they are all taken).
 */
import type { Context, Hono } from 'hono';
import { csvColumnsOf, csvHeader, csvLine } from '../../report/csv.js';
import { diffJson, streamedDiffView, type DiffView } from '../diff-view.js';
import { notFound } from '../http-errors.js';
import type { ServerServices } from '../services.js';
import type { JobRecord } from '../storage/store.js';
import type { Place } from '../slots.js';
import { streamedResponse } from '../streamed-response.js';
import { UI } from './layout.js';
import { need } from './page-routes.js';
import type { WebEnv } from './session.js';

/** `orders-job-12` from a comparison's name: letters, digits, - and _ only. */
export function downloadName(job: Pick<JobRecord, 'id' | 'comparison_name'>): string {
  const base = (job.comparison_name ?? 'comparison').normalize('NFKD').replace(/[^A-Za-z0-9_-]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 60) || 'comparison';
  return `${base}-job-${job.id}`;
}

/** The view's rows as CSV: the header from every row's fields (a first pass), then a page of lines at a time. */
async function* csvText(view: DiffView): AsyncGenerator<string> {
  const present = new Set<string>();
  for await (const rows of view.pages()) for (const row of rows) for (const name of Object.keys(row)) present.add(name);
  const columns = csvColumnsOf(view.head, present);
  yield csvHeader(columns);
  for await (const rows of view.pages()) for (const row of rows) yield csvLine(row, columns, view.head.primary_key_columns);
}

export function downloadRoutes(app: Hono<WebEnv>, services: ServerServices): void {
  const viewOf = async (c: Context<WebEnv>): Promise<{ job: JobRecord; view: DiffView; place: Place }> => {
    const session = c.get('session');
    need(c, 'read:job');
    const id = Number(c.req.param('id'));
    const [job] = Number.isSafeInteger(id) && id > 0 ? await services.store.jobsByIds(session.workspaceId, [id]) : [];
    if (!job) throw notFound(`There is no job ${c.req.param('id')} in this workspace.`, 'job_not_found');
    if (job.status !== 'SUCCESS') throw notFound(`Job ${job.id} has no differing rows to download (it is ${job.status}).`, 'diff_not_ready');
    return { job, ...(await streamedDiffView(services, job, { permissions: session.permissions }, session.key.id)) };
  };
  const attachment = (name: string) => ({ 'Content-Disposition': `attachment; filename="${name}"` });
  const cutOff = (name: string) => (why: string) => services.logger.info(`The download ${name} was cut off: ${why}.`);

  app.get(`${UI}/jobs/:id/rows.csv`, async (c) => {
    const { job, view, place } = await viewOf(c);
    const name = `${downloadName(job)}.csv`;
    return streamedResponse(c, csvText(view), { headers: { 'Content-Type': 'text/csv; charset=utf-8', ...attachment(name) }, place, onCutOff: cutOff(name) }, services.streamLimits);
  });

  app.get(`${UI}/jobs/:id/rows.json`, async (c) => {
    const { job, view, place } = await viewOf(c);
    const name = `${downloadName(job)}.json`;
    return streamedResponse(c, diffJson(view, { pretty: true }), { headers: { 'Content-Type': 'application/json; charset=utf-8', ...attachment(name) }, place, onCutOff: cutOff(name) }, services.streamLimits);
  });
}
