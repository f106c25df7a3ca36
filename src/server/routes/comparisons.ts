/** Comparisons: create (4.3), execute (4.4), execute multiple (4.5), and get / list / delete (ours). */
import { randomUUID } from 'node:crypto';
import * as c from '../../api/contract.js';
import { conflict, forbidden, notFound, ValidationError } from '../http-errors.js';
import { guardDialectOf } from '../../sql/guard.js';
import { checkUserSql } from '../../sql/check-sql.js';
import { comparedWithQueryRefusal, sensitiveComparedWithQuery } from '../compared-values.js';
import { askDatabaseFor, sensitiveReads, sensitiveReadsRefusal } from '../sensitive-reads.js';
import { page, presentComparison } from '../presenters.js';
import { route, type Route, type RouteContext } from '../router.js';
import type { CatalogTable } from '../../catalog/scan.js';
import type { ComparisonRecord, DatasourceRecord } from '../storage/store.js';
import type { ServerServices } from '../services.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A create body → a comparison record (not stored yet); 404 for data sources / datasets not in the workspace. */
async function buildComparison(services: ServerServices, context: RouteContext, body: c.ComparisonCreateBody): Promise<ComparisonRecord> {
  const { store } = services;
  const workspaceId = context.workspaceId;
  const now = services.now().toISOString();
  const readsSensitive = context.permissions.has('read:sensitive');
  const sides = await Promise.all(
    (['source', 'target'] as const).map(async (side) => {
      const datasourceId = body[`${side}_datasource_id`];
      const datasource = await store.getDatasource(workspaceId, datasourceId);
      if (!datasource) throw notFound(`There is no data source ${datasourceId} in this workspace (${side}_datasource_id).`, 'datasource_not_found');
      await refuseUnsafeSql(body.configuration, side, datasource.type);
      const reference = body[`${side}_dataset_id`];
      let dataset: { id: string | null; name: string | null } = { id: null, name: null };
      if (reference && UUID.test(reference)) {
        const found = await store.getDataset(workspaceId, reference);
        if (!found || found.datasource_id !== datasource.id) {
          throw notFound(`There is no dataset ${reference} in data source ${datasource.name} (${side}_dataset_id).`, 'dataset_not_found');
        }
        dataset = { id: found.id, name: found.name };
      }
      const catalog = readsSensitive ? undefined : await store.catalogs.tables(datasource.id);
      if (!readsSensitive) await refuseSensitiveReads(services, { side, datasource, dataset: dataset.name ?? reference ?? null, configuration: body.configuration, catalog });
      return { side, datasource, reference, dataset, catalog };
    }),
  );
  if (!readsSensitive) {
    // a dataset's sensitive column compared with (or keyed against) values a query writes is a yes/no test
    const { configuration } = body;
    const compared = sides.map(({ side, reference, dataset, catalog }) => ({ side, dataset: dataset.name ?? reference ?? null, query: configuration[`${side}_query`], catalog }));
    const refusal = comparedWithQueryRefusal(
      sensitiveComparedWithQuery([
        { ...compared[0]!, keys: configuration.primary_keys_source, columns: configuration.source_columns },
        { ...compared[1]!, keys: configuration.primary_keys_target, columns: configuration.target_columns },
      ]),
    );
    if (refusal) throw forbidden(refusal.message, refusal.code);
  }
  const [source, target] = await Promise.all(
    sides.map(async ({ datasource, reference, dataset }) => {
      if (!reference || dataset.id) return dataset;
      const named = await store.datasetByName({ id: randomUUID(), workspace_id: workspaceId, datasource_id: datasource.id, name: reference, created_at: now });
      return { id: named.id, name: named.name };
    }),
  );
  const configuration = Object.fromEntries(Object.entries(body.configuration).filter(([, value]) => value !== undefined));
  return {
    id: randomUUID(),
    workspace_id: workspaceId,
    user_id: context.key.id,
    name: body.name,
    source_datasource_id: body.source_datasource_id,
    target_datasource_id: body.target_datasource_id,
    source_dataset_id: source!.id,
    target_dataset_id: target!.id,
    source_dataset_name: source!.name,
    target_dataset_name: target!.name,
    configuration,
    created_at: now,
  };
}

/** 403 when a side's query or filter reads a sensitive column, or what it reads cannot be proven (a key without read:sensitive). */
async function refuseSensitiveReads(
  services: ServerServices,
  side: { side: 'source' | 'target'; datasource: DatasourceRecord; dataset: string | null; configuration: c.ComparisonCreateBody['configuration']; catalog: CatalogTable[] | undefined },
): Promise<void> {
  const configuration = side.configuration as Record<string, unknown>;
  const askDatabase = askDatabaseFor(side.datasource, services);
  const check = await sensitiveReads([
    {
      side: side.side,
      datasourceType: side.datasource.type,
      dataset: side.dataset,
      query: configuration[`${side.side}_query`],
      filter: configuration[`${side.side}_filter`],
      catalog: side.catalog,
      routines: await services.store.catalogs.routines(side.datasource.id),
      ...(askDatabase ? { askDatabase } : {}),
    },
  ]);
  const refusal = sensitiveReadsRefusal(check);
  if (refusal) throw forbidden(refusal.message, refusal.code);
}

/**
 * A side's filter and query, lexed by its data source's engine, before the comparison is stored: one
 * condition / one SELECT that neither writes nor reaches files; else a 422 naming the field.
 */
async function refuseUnsafeSql(configuration: c.ComparisonCreateBody['configuration'], side: 'source' | 'target', datasourceType: string): Promise<void> {
  const dialect = guardDialectOf(datasourceType);
  if (!dialect) return;
  for (const what of ['filter', 'query'] as const) {
    const field = `${side}_${what}` as const;
    const value = configuration[field];
    if (typeof value !== 'string') continue;
    const checked = await checkUserSql(value, dialect, what);
    if ('problem' in checked) {
      const { problem } = checked;
      throw new ValidationError([{ type: 'value_error', loc: ['body', 'configuration', field], msg: `${problem.message} ${problem.hint}`.replace(/\.$/, ''), input: value }]);
    }
  }
}

function requireJobScope(context: RouteContext): void {
  if (!context.permissions.has('write:job')) {
    throw forbidden('This API key lacks the scope write:job needed to execute a comparison.', 'insufficient_scope');
  }
}

export function comparisonRoutes(services: ServerServices): Route[] {
  const { store, jobs } = services;
  const getOr404 = async (workspaceId: string, id: string): Promise<ComparisonRecord> => {
    const found = await store.getComparison(workspaceId, id);
    if (!found) throw notFound(`There is no comparison ${id} in this workspace.`, 'comparison_not_found');
    return found;
  };
  return [
    route({
      method: 'POST',
      path: '/comparisons/execute_multiple',
      summary: 'Execute a batch of comparisons as part of an agent run',
      permission: 'write:job',
      body: c.executeMultipleBodySchema,
      response: c.executeMultipleResponseSchema,
      status: 200,
      idempotent: true,
      async handle(context) {
        if (!context.permissions.has('write:comparison')) {
          throw forbidden('This API key lacks the scope write:comparison needed to create the batch\'s comparisons.', 'insufficient_scope');
        }
        const items = context.body.comparison_agent_configs;
        const records = [];
        for (const item of items) records.push({ id: item.id, record: await buildComparison(services, context, item.configuration) });
        const options = { agentRunId: context.body.agent_run_id, ...(context.idempotencyKey ? { idempotencyKey: context.idempotencyKey } : {}) };
        const queued = await jobs.enqueue(
          records.map(({ id, record }) => ({ comparison: record, options: { ...options, configId: id } })),
          true,
        );
        const mapped = Object.fromEntries(records.map(({ id }, i) => [String(id), queued[i]!.id]));
        return {
          body: { message: `${records.length} comparison(s) were submitted for execution.`, agent_run_id: context.body.agent_run_id, mapped_run_ids: mapped },
        };
      },
    }),
    route({
      method: 'POST',
      path: '/comparisons',
      summary: 'Create a comparison (and execute it unless create_only=true)',
      permission: 'write:comparison',
      query: c.comparisonCreateQuerySchema,
      body: c.comparisonCreateBodySchema,
      response: c.comparisonCreateResponseSchema,
      status: 201,
      idempotent: true,
      async handle(context) {
        const execute = !context.query.create_only;
        if (execute) requireJobScope(context);
        const record = await buildComparison(services, context, context.body);
        if (!execute) {
          await store.createComparison(record);
          return { status: 201, body: { message: 'The comparison was created.', data: presentComparison(record) } };
        }
        // stored with its job, or not at all when the queue refuses it
        const job = await jobs.enqueueOne(record, context.idempotencyKey ? { idempotencyKey: context.idempotencyKey } : {}, true);
        return {
          status: 201,
          body: {
            message: 'The comparison was created and submitted for execution.',
            data: presentComparison(record),
            run_id: job.id,
            worker_task_id: job.task_id,
            celery_task_id: job.task_id,
          },
        };
      },
    }),
    route({
      method: 'GET',
      path: '/comparisons',
      summary: 'List comparisons (ours)',
      permission: 'read:job',
      query: c.comparisonListQuerySchema,
      response: c.comparisonListResponseSchema,
      status: 200,
      async handle(context) {
        const { items, total } = await store.listComparisons(context.workspaceId, context.query);
        return { body: { message: 'Comparisons.', meta: {}, data: page(items.map(presentComparison), total, context.query) } };
      },
    }),
    route({
      method: 'GET',
      path: '/comparisons/{comparison_id}',
      summary: 'Get a comparison (ours)',
      permission: 'read:job',
      params: c.comparisonPathSchema,
      response: c.comparisonGetResponseSchema,
      status: 200,
      async handle(context) {
        const record = await getOr404(context.workspaceId, context.params.comparison_id);
        return { body: { message: 'The comparison.', meta: {}, data: presentComparison(record) } };
      },
    }),
    route({
      method: 'DELETE',
      path: '/comparisons/{comparison_id}',
      summary: 'Delete a comparison (ours); its finished jobs are kept',
      permission: 'write:comparison',
      params: c.comparisonPathSchema,
      response: c.messageResponseSchema,
      status: 200,
      async handle(context) {
        const record = await getOr404(context.workspaceId, context.params.comparison_id);
        if ((await store.activeJobCount(context.workspaceId, record.id)) > 0) {
          throw conflict(`Comparison ${record.id} has pending or running jobs; terminate them first.`, 'comparison_busy');
        }
        await store.deleteComparison(context.workspaceId, record.id);
        return { body: { message: `Comparison ${record.id} was deleted.` } };
      },
    }),
    route({
      method: 'POST',
      path: '/comparisons/{comparison_id}/execute',
      summary: 'Execute one comparison',
      permission: 'write:job',
      params: c.comparisonPathSchema,
      query: c.executeQuerySchema,
      response: c.executeResponseSchema,
      status: 200,
      idempotent: true,
      async handle(context) {
        const record = await getOr404(context.workspaceId, context.params.comparison_id);
        if (context.query.celery_task_id) await jobs.terminate(context.workspaceId, context.query.celery_task_id);
        const job = await jobs.enqueueOne(record, {
          priority: context.query.enable_priority,
          execute: context.query,
          ...(context.idempotencyKey ? { idempotencyKey: context.idempotencyKey } : {}),
        });
        return {
          body: {
            message: 'The comparison was submitted for execution.',
            run_id: job.id,
            worker_task_id: job.task_id,
            celery_task_id: job.task_id,
          },
        };
      },
    }),
  ];
}
