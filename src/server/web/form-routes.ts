/**
 * The web page's forms that create things: Add data source (with Test connection), New / Edit
 * comparison (Save, Save and run), Delete comparison. Each goes through the API's own route (api-bridge),
 * so validation, vetting and scopes are the API's; errors come back next to their fields.
 */
import type { Context, Hono } from 'hono';
import type { CatalogScan, CatalogTable } from '../../catalog/scan.js';
import { comparisonRoutes } from '../routes/comparisons.js';
import { sourceRoutes } from '../routes/sources.js';
import type { ServerServices } from '../services.js';
import type { ComparisonRecord, DatasourceRecord } from '../storage/store.js';
import { notFound } from '../http-errors.js';
import { callRoute, type FieldErrors } from './api-bridge.js';
import { UI } from './layout.js';
import { comparisonFormPage, type ComparisonFormValues } from './pages/comparison-form.js';
import { EMPTY_SOURCE_FORM, sourceFormPage, type ConnectionKind, type ConnectionTest, type SourceFormValues } from './pages/source-form.js';
import { need } from './page-routes.js';
import { render } from './respond.js';
import type { WebEnv } from './session.js';
import { columnChoices, comparisonBody, comparisonToForm, emptyComparisonForm, formToComparison, settingsBeyondForm, text } from './comparison-values.js';

/** Thrown by a capturing store in place of writing: the record the API's handler built, vetted and would have stored. */
class Captured<T> extends Error {
  constructor(readonly record: T) {
    super('captured');
  }
}

/** `services` whose store, instead of running `method`, throws Captured with its first argument (and `scans.last` is the last scan made). */
function capturing(services: ServerServices, method: 'createDatasource' | 'createComparison', scans?: { last?: CatalogScan }): ServerServices {
  const store = new Proxy(services.store, {
    get(target, property, receiver) {
      if (property === method) return async (record: unknown) => Promise.reject(new Captured(record));
      const value = Reflect.get(target, property, receiver) as unknown;
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  const connecting: ServerServices['connecting'] = (workspaceId, work) =>
    services.connecting(workspaceId, (tenant) =>
      work({
        ...tenant,
        scan: async (record, limit) => {
          const result = await tenant.scan(record, limit);
          if (scans) scans.last = result;
          return result;
        },
      }),
    );
  return { ...services, store, connecting };
}

async function form(c: Context): Promise<Record<string, string | string[]>> {
  const body = await c.req.parseBody({ all: true });
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(body)) {
    if (typeof value === 'string') out[name] = value;
    else if (Array.isArray(value)) out[name] = value.filter((v): v is string => typeof v === 'string');
  }
  return out;
}


/** The sentence above a form the API refused: its own message for a conflict, a pointer to the fields for a 422. */
const problemOf = (outcome: { status: number; message: string }) => (outcome.status === 422 ? 'Check the fields marked below.' : outcome.message);

function sourceValues(body: Record<string, string | string[]>): SourceFormValues {
  const kind = (['url', 'url_env', 'path'] as const).find((k) => k === body.kind) ?? 'url';
  return { name: text(body.name), type: text(body.type) || 'postgres', kind, url: text(body.url), url_env: text(body.url_env), path: text(body.path) };
}

function sourceBody(values: SourceFormValues): Record<string, unknown> {
  const connection: Record<ConnectionKind, string> = { url: values.url, url_env: values.url_env, path: values.path };
  return { name: values.name, type: values.type, [values.kind]: connection[values.kind] || undefined };
}

export function formRoutes(app: Hono<WebEnv>, services: ServerServices): void {
  const { store } = services;
  const sourceApi = sourceRoutes(services);
  const comparisonApi = comparisonRoutes(services);

  app.get(`${UI}/sources/new`, (c) => {
    need(c, 'write:datasource');
    return render(c, sourceFormPage({ viewer: c.get('session').viewer, values: EMPTY_SOURCE_FORM, errors: {} }));
  });

  app.post(`${UI}/sources/new`, async (c) => {
    const session = c.get('session');
    need(c, 'write:datasource');
    const body = await form(c);
    const values = sourceValues(body);
    const request = { method: 'POST' as const, path: '/sources', body: sourceBody(values) };
    if (body.action === 'test') {
      const scans: { last?: CatalogScan } = {};
      let test: ConnectionTest;
      try {
        const outcome = await callRoute(sourceRoutes(capturing(services, 'createDatasource', scans)), request, session);
        if (!outcome.ok) return render(c, sourceFormPage({ viewer: session.viewer, values, errors: outcome.errors, problem: problemOf(outcome) }), outcome.status as 422);
        test = { ok: false, message: 'The connection could not be tested.' };
      } catch (error) {
        if (!(error instanceof Captured)) throw error;
        const record = error.record as DatasourceRecord;
        const scan = scans.last;
        test =
          record.status === 'connected'
            ? { ok: true, version: record.database_version ?? 'connected', tables: scan?.datasetCount }
            : { ok: false, message: scan?.message ?? 'The server could not connect with these settings.' };
      }
      return render(c, sourceFormPage({ viewer: session.viewer, values, errors: {}, test }));
    }
    const outcome = await callRoute(sourceApi, request, session);
    if (!outcome.ok) return render(c, sourceFormPage({ viewer: session.viewer, values, errors: outcome.errors, problem: problemOf(outcome) }), outcome.status as 422);
    const created = await store.datasourceByName(session.workspaceId, values.name);
    return c.redirect(created ? `${UI}/sources/${created.id}?done=created` : `${UI}/sources`, 303);
  });

  /** The comparison form, with the catalog's tables and the chosen tables' columns. */
  async function comparisonForm(c: Context<WebEnv>, options: { action: string; title: string; values: ComparisonFormValues; loadColumns: boolean; errors?: FieldErrors; problem?: string; status?: number }) {
    const session = c.get('session');
    const { items } = await store.listDatasources(session.workspaceId, { page: 1, size: 1000, sortBy: 'name', sortOrder: 'asc' });
    const catalogs = new Map<string, CatalogTable[]>();
    for (const source of items) {
      const tables = await store.catalogs.tables(source.id);
      if (tables) catalogs.set(source.id, tables);
    }
    const tableOf = (side: 'source' | 'target') => {
      const v = options.values[side];
      const tables = catalogs.get(v.datasource) ?? [];
      return v.query ? undefined : (tables.find((t) => t.name === v.dataset) ?? tables.find((t) => t.name.toLowerCase() === v.dataset.toLowerCase()));
    };
    const source = tableOf('source');
    const target = tableOf('target');
    const targetColumns = target?.columns.map((column) => column.name) ?? [];
    let values = options.values;
    if (options.loadColumns && source) values = { ...values, columns: columnChoices(source, targetColumns, values.columns) };
    const view = {
      viewer: session.viewer,
      action: options.action,
      title: options.title,
      values,
      sources: items.map((s) => ({ id: s.id, name: s.name, type: s.type })),
      catalogs,
      targetColumns,
      errors: options.errors ?? {},
      canRun: session.permissions.has('write:job'),
      ...(options.problem ? { problem: options.problem } : {}),
    };
    return render(c, comparisonFormPage(view), (options.status ?? 200) as 200);
  }

  /** Saves (creating, or replacing `existing`'s definition) and runs when asked; a page with the errors otherwise. */
  async function saveComparison(c: Context<WebEnv>, action: string, title: string, existing?: ComparisonRecord) {
    const session = c.get('session');
    need(c, 'write:comparison');
    const body = await form(c);
    const values = formToComparison(body);
    if (body.action === 'columns') return comparisonForm(c, { action, title, values, loadColumns: true });
    const run = body.action === 'run';
    if (run) need(c, 'write:job');
    const request = { method: 'POST' as const, path: '/comparisons', query: { create_only: existing || !run ? 'true' : 'false' }, body: comparisonBody(values, existing ? settingsBeyondForm(existing) : {}) };
    let outcome;
    let record: ComparisonRecord | undefined;
    if (existing) {
      try {
        outcome = await callRoute(comparisonRoutes(capturing(services, 'createComparison')), request, session);
      } catch (error) {
        if (!(error instanceof Captured)) throw error;
        const built = error.record as ComparisonRecord;
        record = { ...built, id: existing.id, created_at: existing.created_at, user_id: existing.user_id };
        await store.updateComparison(record);
      }
    } else {
      outcome = await callRoute(comparisonApi, request, session);
    }
    if (outcome && !outcome.ok) return comparisonForm(c, { action, title, values, loadColumns: false, errors: outcome.errors, problem: problemOf(outcome), status: outcome.status });
    if (outcome?.ok) {
      const answer = outcome.result.body as { data?: { id?: string }; run_id?: number };
      if (answer.run_id !== undefined) return c.redirect(`${UI}/jobs/${answer.run_id}`, 303);
      return c.redirect(`${UI}/comparisons/${answer.data?.id ?? ''}?done=saved`, 303);
    }
    if (run && record) {
      const job = await services.jobs.enqueueOne(record);
      return c.redirect(`${UI}/jobs/${job.id}`, 303);
    }
    return c.redirect(`${UI}/comparisons/${existing!.id}?done=saved`, 303);
  }

  app.get(`${UI}/comparisons/new`, (c) => {
    need(c, 'write:comparison');
    return comparisonForm(c, { action: `${UI}/comparisons/new`, title: 'New comparison', values: emptyComparisonForm(), loadColumns: false });
  });
  app.post(`${UI}/comparisons/new`, (c) => saveComparison(c, `${UI}/comparisons/new`, 'New comparison'));

  const existingOr404 = async (c: Context<WebEnv>) => {
    const comparison = await store.getComparison(c.get('session').workspaceId, c.req.param('id') ?? '');
    if (!comparison) throw notFound(`There is no comparison ${c.req.param('id')} in this workspace.`, 'comparison_not_found');
    return comparison;
  };
  app.get(`${UI}/comparisons/:id/edit`, async (c) => {
    need(c, 'write:comparison');
    const comparison = await existingOr404(c);
    return comparisonForm(c, { action: `${UI}/comparisons/${comparison.id}/edit`, title: `Edit ${comparison.name}`, values: comparisonToForm(comparison), loadColumns: true });
  });
  app.post(`${UI}/comparisons/:id/edit`, async (c) => {
    const comparison = await existingOr404(c);
    return saveComparison(c, `${UI}/comparisons/${comparison.id}/edit`, `Edit ${comparison.name}`, comparison);
  });
  app.post(`${UI}/comparisons/:id/delete`, async (c) => {
    const outcome = await callRoute(comparisonApi, { method: 'DELETE', path: '/comparisons/{comparison_id}', params: { comparison_id: c.req.param('id') } }, c.get('session'));
    if (!outcome.ok) throw notFound(outcome.message, 'comparison_not_found');
    return c.redirect(`${UI}/comparisons?done=comparison-deleted`, 303);
  });
}
