/** Data sources: list (4.10) and create (ours; the connection URL is encrypted or read from the environment). */
import { randomUUID } from 'node:crypto';
import * as c from '../../api/contract.js';
import { conflict, forbidden, notFound, ValidationError } from '../http-errors.js';
import { toDatacompareError } from '../../shared/errors.js';
import { page, presentDatasource } from '../presenters.js';
import { route, type Route } from '../router.js';
import type { ServerServices } from '../services.js';
import type { DatasourceRecord } from '../storage/store.js';
import { applyScan, rescan } from '../scans.js';

/** Longest connection URL a data source may have. */
const MAX_URL_LENGTH = 4096;

export function sourceRoutes(services: ServerServices): Route[] {
  const { store, box } = services;
  const sourceOr404 = async (workspaceId: string, id: string) => {
    const record = await store.getDatasource(workspaceId, id);
    if (!record) throw notFound(`There is no data source ${id} in this workspace.`, 'datasource_not_found');
    return record;
  };
  return [
    route({
      method: 'GET',
      path: '/sources',
      summary: 'List data sources with filtering, sorting and pagination',
      permission: 'read:datasource',
      query: c.sourcesQuerySchema,
      response: c.sourcesResponseSchema,
      status: 200,
      async handle(context) {
        const q = context.query;
        const { items, total } = await store.listDatasources(context.workspaceId, {
          page: q.page,
          size: q.size,
          sortBy: q.sort_by,
          sortOrder: q.sort_order,
          ...(q.filter ? { filter: q.filter } : {}),
          ...(q.interactive === undefined ? {} : { interactive: q.interactive }),
        });
        return {
          body: { message: 'Data sources.', meta: {}, data: page(items.map((row) => presentDatasource(row, q.is_settings_page)), total, q) },
        };
      },
    }),
    route({
      method: 'POST',
      path: '/sources',
      summary: 'Create a data source (ours); the URL is stored encrypted and never returned',
      permission: 'write:datasource',
      body: c.dataSourceCreateBodySchema,
      response: c.dataSourceCreateResponseSchema,
      status: 201,
      async handle(context) {
        const body = context.body;
        const field = body.url !== undefined ? 'url' : body.url_env !== undefined ? 'url_env' : 'path';
        const refuse = (msg: string) =>
          new ValidationError([{ type: 'value_error', loc: ['body', field], msg: msg.trim().replace(/\.$/, ''), input: field === 'url' ? '***' : (body[field] ?? null) }]);
        if (body.url !== undefined && body.url.length > MAX_URL_LENGTH) throw refuse(`must be at most ${MAX_URL_LENGTH} characters`);
        // A name already taken is told before anything is looked up or connected to.
        if (await store.datasourceByName(context.workspaceId, body.name)) {
          throw conflict(`A data source named "${body.name}" already exists in this workspace.`, 'datasource_exists');
        }
        const now = services.now().toISOString();
        const record: DatasourceRecord = {
          id: randomUUID(),
          workspace_id: context.workspaceId,
          name: body.name,
          type: body.type,
          connection_kind: body.url !== undefined ? 'url' : body.url_env !== undefined ? 'url_env' : 'path',
          secret: body.url !== undefined ? box.seal(body.url) : null,
          url_env: body.url_env ?? null,
          path: body.path ?? null,
          is_interactive: body.is_interactive,
          status: 'unknown',
          database_version: null,
          last_scanned_at: null,
          created_at: now,
        };
        // Everything that looks its host up or connects runs in one of the workspace's connection places.
        const scan = await services.connecting(context.workspaceId, async (tenant) => {
          // Vetted before anything is stored: the variable allowed, the file in this workspace's folders, the URL's parameters and host.
          try {
            await tenant.vet(record);
          } catch (error) {
            const problem = toDatacompareError(error);
            // an allowed variable not set yet is the operator's to fix: the source is kept (its scan says so)
            if (!(field === 'url_env' && /is not set on the server/.test(problem.message))) throw refuse(`${problem.message} ${problem.hint ?? ''}`);
          }
          const refused = await tenant.refusal(record);
          if (refused) throw forbidden(refused.message, refused.code);
          return tenant.scan(record);
        });
        if (scan) applyScan(record, scan);
        try {
          await store.createDatasource(record);
        } catch (error) {
          // two requests raced for the same name: the unique index decided
          if (/unique|duplicate|23505/i.test(`${(error as { code?: string }).code ?? ''} ${(error as Error).message}`)) {
            throw conflict(`A data source named "${body.name}" already exists in this workspace.`, 'datasource_exists');
          }
          throw error;
        }
        if (scan) await store.catalogs.save(context.workspaceId, record.id, scan, now);
        const stored = await store.getDatasource(context.workspaceId, record.id);
        return { status: 201, body: { message: `Data source "${body.name}" was created.`, data: presentDatasource(stored!, true) } };
      },
    }),
    route({
      method: 'POST',
      path: '/sources/{source_id}/scan',
      summary: "Scan a data source's catalog now (ours): tables, columns, sensitive columns; partial at the time limit",
      permission: 'write:datasource',
      params: c.sourcePathSchema,
      query: c.scanQuerySchema,
      response: c.dataSourceCreateResponseSchema,
      status: 200,
      async handle(context) {
        const record = await sourceOr404(context.workspaceId, context.params.source_id);
        const scan = await rescan(services, record, context.query.time_limit_seconds * 1000);
        const stored = await store.getDatasource(context.workspaceId, record.id);
        const counts = `${scan.datasetCount} datasets, ${scan.columnCount} columns, ${scan.sensitiveColumnCount} sensitive`;
        // one period at the end, whether or not the scan's message brings its own
        const why = scan.message ? `: ${scan.message.trim().replace(/\.$/, '')}` : '';
        return { body: { message: `Scan of "${record.name}": ${scan.status} (${counts})${why}.`, data: presentDatasource(stored!, false) } };
      },
    }),
    route({
      method: 'GET',
      path: '/sources/{source_id}/catalog',
      summary: "The tables and columns of a data source's last scan (ours), sensitive columns marked",
      permission: 'read:datasource',
      params: c.sourcePathSchema,
      query: c.catalogQuerySchema,
      response: c.catalogResponseSchema,
      status: 200,
      async handle(context) {
        const record = await sourceOr404(context.workspaceId, context.params.source_id);
        const q = context.query;
        const tables = await store.catalogs.tables(record.id, { sensitiveOnly: q.sensitive_only, ...(q.filter ? { filter: q.filter } : {}) });
        if (!tables) {
          throw notFound(`Data source "${record.name}" has not been scanned yet.`, 'catalog_not_scanned');
        }
        const start = (q.page - 1) * q.size;
        return { body: { message: `Catalog of "${record.name}".`, data: page(tables.slice(start, start + q.size), tables.length, q) } };
      },
    }),
  ];
}
