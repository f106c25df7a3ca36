/**
 * The web page's routes for jobs, comparisons and data sources. Every query is scoped to the
 * session's workspace; every action checks the key's scope (the page hides what a key may not do,
 * and the server refuses it anyway).
 */
import type { Context, Hono } from 'hono';
import { JOB_STATUSES } from '../../api/contract.js';
import type { DiffRow } from '../../engine/model.js';
import type { Permission } from '../api-keys.js';
import { forbidden, notFound } from '../http-errors.js';
import { diffView } from '../diff-view.js';
import { sourceFacts, maskJobFor, viewerMasking } from '../viewer-masking.js';
import type { ServerServices } from '../services.js';
import { notice, render } from './respond.js';
import { rescan } from '../scans.js';
import { UI } from './layout.js';
import { comparisonPage, comparisonsPage } from './pages/comparisons.js';
import { DIFF_ROWS_PER_PAGE, jobPage } from './pages/job.js';
import { exampleIndexes } from './pages/job-why.js';
import { jobsHref, jobsPage } from './pages/jobs.js';
import { sourcePage, sourcesPage } from './pages/sources.js';
import { signOut, type WebEnv } from './session.js';

const PAGE_SIZE = 25;
const DAY_MS = 24 * 3600_000;

export function need(c: Context<WebEnv>, permission: Permission): void {
  if (!c.get('session').permissions.has(permission)) {
    throw forbidden(`Your API key lacks the scope ${permission} needed for this; sign in with a key that has it.`, 'insufficient_scope');
  }
}

function pageNumber(text: string | undefined): number {
  const n = Number(text);
  return Number.isInteger(n) && n >= 1 && n <= 1_000_000 ? n : 1;
}

/** The form's values of a repeated field (checkboxes). */
export async function formList(c: Context, name: string): Promise<string[]> {
  const form = await c.req.parseBody({ all: true });
  const value = form[name];
  return (Array.isArray(value) ? value : value === undefined ? [] : [value]).filter((v): v is string => typeof v === 'string');
}

export function pageRoutes(app: Hono<WebEnv>, services: ServerServices): void {
  const { store, jobs } = services;

  app.post(`${UI}/sign-out`, async (c) => {
    await signOut(c, store);
    return c.redirect(`${UI}/sign-in?ended=signed-out`, 303);
  });

  app.post(`${UI}/workspace`, async (c) => {
    const session = c.get('session');
    const form = await c.req.parseBody();
    const wanted = typeof form.workspace === 'string' ? form.workspace : '';
    if (!session.key.workspaces.includes(wanted)) throw forbidden('Your API key does not belong to that workspace.', 'workspace_forbidden');
    await store.sessions.setWorkspace(session.id, wanted);
    return c.redirect(`${UI}/jobs`, 303);
  });

  app.get(`${UI}/jobs`, async (c) => {
    const session = c.get('session');
    need(c, 'read:job');
    const status = JOB_STATUSES.find((s) => s === c.req.query('status')) ?? '';
    const comparisonId = c.req.query('comparison') ?? '';
    const current = pageNumber(c.req.query('page'));
    const now = services.now();
    const { items, total } = await store.listJobs(
      session.workspaceId,
      { ...(status ? { statuses: [status] } : {}), ...(comparisonId ? { comparisonId } : {}), from: new Date(now.getTime() - 30 * DAY_MS).toISOString(), to: now.toISOString() },
      { page: current, size: PAGE_SIZE },
    );
    const comparisons = (await store.listComparisons(session.workspaceId, { page: 1, size: 500 })).items.map((r) => ({ id: r.id, name: r.name }));
    const view = { viewer: session.viewer, jobs: items, total, page: current, pages: Math.ceil(total / PAGE_SIZE), status, comparisonId, comparisons, now };
    const shown = notice(c.req.query('done'), c.req.query('n'));
    return render(c, jobsPage(shown ? { ...view, notice: shown } : view));
  });

  app.get(`${UI}/jobs/:id`, async (c) => {
    const session = c.get('session');
    need(c, 'read:job');
    const id = Number(c.req.param('id'));
    const [stored] = Number.isSafeInteger(id) && id > 0 ? await store.jobsByIds(session.workspaceId, [id]) : [];
    if (!stored) throw notFound(`There is no job ${c.req.param('id')} in this workspace.`, 'job_not_found');
    const readsSensitive = session.permissions.has('read:sensitive');
    const masking = readsSensitive ? undefined : await viewerMasking(stored, sourceFacts(services));
    const job = masking ? maskJobFor(stored, masking) : stored;
    // Only the shown page of rows is read (masked as every page of the job would be).
    const view = job.status === 'SUCCESS' ? await diffView(services, stored, { permissions: session.permissions, ...(masking ? { masking } : {}) }) : undefined;
    const diffPage = Math.min(pageNumber(c.req.query('rows')), Math.max(1, Math.ceil((view?.count ?? 0) / DIFF_ROWS_PER_PAGE)));
    const rows = view ? await view.page((diffPage - 1) * DIFF_ROWS_PER_PAGE, DIFF_ROWS_PER_PAGE) : [];
    // The rows the Why column shows as examples, read through the same view (masked alike).
    const examples = new Map<number, DiffRow>();
    if (view) {
      const first = (diffPage - 1) * DIFF_ROWS_PER_PAGE;
      for (const index of exampleIndexes(view.head)) {
        if (index >= view.count) continue;
        const [row] = index >= first && index < first + rows.length ? [rows[index - first]] : await view.page(index, 1);
        if (row) examples.set(index, row);
      }
    }
    const shown = notice(c.req.query('done'));
    return render(
      c,
      jobPage({
        viewer: session.viewer,
        job,
        diff: view ? { ...view.head, diff_rows: rows } : null,
        examples,
        diffRowCount: view?.count ?? 0,
        masked: !readsSensitive,
        diffPage,
        canTerminate: session.permissions.has('write:job'),
        canExecute: session.permissions.has('write:job'),
        origin: new URL(c.req.url).origin,
        now: services.now(),
        ...(shown ? { notice: shown } : {}),
      }),
    );
  });

  app.post(`${UI}/jobs/:id/terminate`, async (c) => {
    const session = c.get('session');
    need(c, 'write:job');
    const [job] = await store.jobsByIds(session.workspaceId, [Number(c.req.param('id'))]);
    if (!job) throw notFound(`There is no job ${c.req.param('id')} in this workspace.`, 'job_not_found');
    const { terminated } = await jobs.terminate(session.workspaceId, job.task_id);
    return c.redirect(`${UI}/jobs/${job.id}?done=${terminated ? 'terminated' : 'already-finished'}`, 303);
  });

  app.get(`${UI}/comparisons`, async (c) => {
    const session = c.get('session');
    need(c, 'read:job');
    const current = pageNumber(c.req.query('page'));
    const { items, total } = await store.listComparisons(session.workspaceId, { page: current, size: PAGE_SIZE });
    const shown = notice(c.req.query('done'));
    return render(
      c,
      comparisonsPage({
        viewer: session.viewer,
        comparisons: items,
        sourceNames: await sourceNames(services, session.workspaceId),
        total,
        page: current,
        pages: Math.ceil(total / PAGE_SIZE),
        canExecute: session.permissions.has('write:job'),
        canCreate: session.permissions.has('write:comparison'),
        now: services.now(),
        ...(shown ? { notice: shown } : {}),
      }),
    );
  });

  app.get(`${UI}/comparisons/:id`, async (c) => {
    const session = c.get('session');
    need(c, 'read:job');
    const comparison = await store.getComparison(session.workspaceId, c.req.param('id'));
    if (!comparison) throw notFound(`There is no comparison ${c.req.param('id')} in this workspace.`, 'comparison_not_found');
    const now = services.now();
    const recent = await store.listJobs(
      session.workspaceId,
      { comparisonId: comparison.id, from: new Date(now.getTime() - 30 * DAY_MS).toISOString(), to: now.toISOString() },
      { page: 1, size: 10 },
    );
    return render(
      c,
      comparisonPage({
        viewer: session.viewer,
        comparison,
        sourceNames: await sourceNames(services, session.workspaceId),
        jobs: recent.items,
        canExecute: session.permissions.has('write:job'),
        canEdit: session.permissions.has('write:comparison'),
        now,
        ...(notice(c.req.query('done')) ? { notice: notice(c.req.query('done'))! } : {}),
      }),
    );
  });

  app.post(`${UI}/comparisons/:id/execute`, async (c) => {
    const session = c.get('session');
    need(c, 'write:job');
    const comparison = await store.getComparison(session.workspaceId, c.req.param('id'));
    if (!comparison) throw notFound(`There is no comparison ${c.req.param('id')} in this workspace.`, 'comparison_not_found');
    const job = await jobs.enqueueOne(comparison);
    return c.redirect(`${UI}/jobs/${job.id}`, 303);
  });

  app.post(`${UI}/comparisons/execute`, async (c) => {
    const session = c.get('session');
    need(c, 'write:job');
    const ids = [...new Set(await formList(c, 'id'))].slice(0, 500);
    if (ids.length === 0) return c.redirect(`${UI}/comparisons?done=nothing-selected`, 303);
    const records = [];
    for (const id of ids) {
      const comparison = await store.getComparison(session.workspaceId, id);
      if (!comparison) throw notFound(`There is no comparison ${id} in this workspace.`, 'comparison_not_found');
      records.push(comparison);
    }
    await jobs.enqueue(records.map((comparison) => ({ comparison })));
    return c.redirect(`${jobsHref({})}?done=executed&n=${records.length}`, 303);
  });

  app.get(`${UI}/sources`, async (c) => {
    const session = c.get('session');
    need(c, 'read:datasource');
    const current = pageNumber(c.req.query('page'));
    const { items, total } = await store.listDatasources(session.workspaceId, { page: current, size: PAGE_SIZE, sortBy: 'name', sortOrder: 'asc' });
    const shown = notice(c.req.query('done'));
    const view = { viewer: session.viewer, sources: items, total, page: current, pages: Math.ceil(total / PAGE_SIZE), canAdd: session.permissions.has('write:datasource'), now: services.now() };
    return render(c, sourcesPage(shown ? { ...view, notice: shown } : view));
  });

  app.get(`${UI}/sources/:id`, async (c) => {
    const session = c.get('session');
    need(c, 'read:datasource');
    const source = await store.getDatasource(session.workspaceId, c.req.param('id'));
    if (!source) throw notFound(`There is no data source ${c.req.param('id')} in this workspace.`, 'datasource_not_found');
    const shown = notice(c.req.query('done'));
    return render(
      c,
      sourcePage({
        viewer: session.viewer,
        source,
        tables: await store.catalogs.tables(source.id),
        sensitiveOnly: c.req.query('sensitive') === '1',
        canScan: session.permissions.has('write:datasource'),
        now: services.now(),
        ...(shown ? { notice: shown } : {}),
      }),
    );
  });

  app.post(`${UI}/sources/:id/scan`, async (c) => {
    const session = c.get('session');
    need(c, 'write:datasource');
    const source = await store.getDatasource(session.workspaceId, c.req.param('id'));
    if (!source) throw notFound(`There is no data source ${c.req.param('id')} in this workspace.`, 'datasource_not_found');
    await rescan(services, source, 30_000);
    return c.redirect(`${UI}/sources/${source.id}?done=scanned`, 303);
  });
}

async function sourceNames(services: ServerServices, workspaceId: string): Promise<Map<string, string>> {
  const { items } = await services.store.listDatasources(workspaceId, { page: 1, size: 1000, sortBy: 'name', sortOrder: 'asc' });
  return new Map(items.map((s) => [s.id, s.name]));
}
