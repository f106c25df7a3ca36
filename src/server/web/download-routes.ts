/**
 * A job's differing rows to download: CSV (the report's own CSV: NULL an empty field, empty text `""`,
 * formulas defused) and JSON (the diff-details the API answers), masked exactly as the job page is for
 * the signed-in key's scopes.
 */
import type { Context, Hono } from 'hono';
import type { DiffDetailsData } from '../../api/contract.js';
import type { ComparisonResult, DiffDetails } from '../../engine/model.js';
import { renderCsv } from '../../report/csv.js';
import { notFound } from '../http-errors.js';
import { presentDiff } from '../presenters.js';
import { maskDiffFor, sourceFacts, viewerMasking } from '../viewer-masking.js';
import type { ServerServices } from '../services.js';
import type { JobRecord } from '../storage/store.js';
import { UI } from './layout.js';
import { need } from './page-routes.js';
import type { WebEnv } from './session.js';

/** `orders-job-12` from a comparison's name: letters, digits, - and _ only. */
export function downloadName(job: Pick<JobRecord, 'id' | 'comparison_name'>): string {
  const base = (job.comparison_name ?? 'comparison').normalize('NFKD').replace(/[^A-Za-z0-9_-]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 60) || 'comparison';
  return `${base}-job-${job.id}`;
}

export function downloadRoutes(app: Hono<WebEnv>, services: ServerServices): void {
  const diffOf = async (c: Context<WebEnv>): Promise<{ job: JobRecord; diff: DiffDetailsData }> => {
    const session = c.get('session');
    need(c, 'read:job');
    const id = Number(c.req.param('id'));
    const [job] = Number.isSafeInteger(id) && id > 0 ? await services.store.jobsByIds(session.workspaceId, [id]) : [];
    if (!job) throw notFound(`There is no job ${c.req.param('id')} in this workspace.`, 'job_not_found');
    if (job.status !== 'SUCCESS') throw notFound(`Job ${job.id} has no differing rows to download (it is ${job.status}).`, 'diff_not_ready');
    const diff = presentDiff(job);
    if (session.permissions.has('read:sensitive')) return { job, diff };
    return { job, diff: maskDiffFor(diff, await viewerMasking(job, sourceFacts(services))) };
  };
  const attachment = (c: Context, name: string) => c.header('Content-Disposition', `attachment; filename="${name}"`);

  app.get(`${UI}/jobs/:id/rows.csv`, async (c) => {
    const { job, diff } = await diffOf(c);
    const result: ComparisonResult = { name: job.comparison_name ?? 'comparison', status: 'mismatch', diff: diff as unknown as DiffDetails };
    attachment(c, `${downloadName(job)}.csv`);
    return c.body(renderCsv(result), 200, { 'Content-Type': 'text/csv; charset=utf-8' });
  });

  app.get(`${UI}/jobs/:id/rows.json`, async (c) => {
    const { job, diff } = await diffOf(c);
    attachment(c, `${downloadName(job)}.json`);
    return c.body(`${JSON.stringify(diff, null, 2)}\n`, 200, { 'Content-Type': 'application/json; charset=utf-8' });
  });
}
