/**
 * What a key without `read:sensitive` sees of a job: the values of sensitive columns masked in its diff
 * (by the catalog's marks, the names and the values; every column when the comparison's own SQL reads a
 * sensitive column, as a renamed one would escape masking by name, or when what it reads cannot be
 * proven, by the catalog or by what the job's run found: routine-calls.ts; a view compared as a dataset
 * by the marks its columns take from what they are computed from, every column when what it reads is
 * not resolved: catalog/view-reads.ts; every column when a dataset's sensitive column is compared with,
 * or keyed against, values a query writes: compared-values.ts), duplicate-key reasons without the
 * values of sensitive keys, and database errors as their class and code, never the database's message
 * (which quotes values: `invalid input syntax for type integer: "123-45-6789"`, `XPATH syntax error: '…'`).
 */
import type { DiffDetailsData } from '../api/contract.js';
import type { CatalogRoutine, CatalogTable } from '../catalog/scan.js';
import { datasetTables, withName } from '../catalog/names.js';
import { unresolvedView } from '../catalog/view-reads.js';
import type { ComparisonResult, DiffDetails } from '../engine/model.js';
import { detectSensitive, valueKind } from '../sensitive/detect.js';
import { Masker, maskComparison, sensitiveColumns } from '../sensitive/mask.js';
import type { SideSqlText } from '../sql/column-reads.js';
import { sensitiveComparedWithQuery } from './compared-values.js';
import { askDatabaseFor, databaseTellsReads, sensitiveReads, type AskDatabase } from './sensitive-reads.js';
import type { ServerServices } from './services.js';
import type { JobRecord } from './storage/store.js';

export interface ViewerMasking {
  /** Source column names whose values are masked, with why. */
  columns: Map<string, string>;
  /** The comparison's SQL reads a sensitive column, or what it reads cannot be proven: every value is masked. */
  all: boolean;
}

/** What one request knows of the data sources its jobs read: their catalogs, and SQLite's own account of SQL. */
export interface SourceFacts {
  catalog(datasourceId: string): Promise<CatalogTable[] | undefined>;
  routines(datasourceId: string): Promise<CatalogRoutine[] | null | undefined>;
  askDatabase(workspaceId: string, datasourceId: string): Promise<AskDatabase | undefined>;
}

/** Source facts cached for one request (a job list asks about the same sources and SQL again and again). */
export function sourceFacts(services: Pick<ServerServices, 'store' | 'box' | 'sources'>): SourceFacts {
  const catalogs = new Map<string, Promise<CatalogTable[] | undefined>>();
  const routines = new Map<string, Promise<CatalogRoutine[] | null | undefined>>();
  const askers = new Map<string, Promise<AskDatabase | undefined>>();
  const cached = <T>(cache: Map<string, T>, key: string, make: () => T): T => {
    if (!cache.has(key)) cache.set(key, make());
    return cache.get(key)!;
  };
  return {
    catalog: (id) => cached(catalogs, id, () => services.store.catalogs.tables(id)),
    routines: (id) => cached(routines, id, () => services.store.catalogs.routines(id)),
    askDatabase: (workspaceId, id) =>
      cached(askers, id, async () => {
        const source = await services.store.getDatasource(workspaceId, id);
        const ask = source ? askDatabaseFor(source, services) : undefined;
        if (!ask) return undefined;
        const answers = new Map<string, ReturnType<AskDatabase>>();
        return (sql: SideSqlText) => cached(answers, JSON.stringify(sql), () => ask(sql));
      }),
  };
}

/** What to mask of this job for a key without read:sensitive. */
export async function viewerMasking(job: JobRecord, facts: SourceFacts): Promise<ViewerMasking> {
  const snapshot = job.snapshot;
  const config = snapshot.configuration as Record<string, unknown>;
  const side = async (role: 'source' | 'target') => {
    const datasourceId = snapshot[`${role}_datasource_id`];
    const datasourceType = job[`${role}_datasource_type`] ?? '';
    const [catalog, routines, askDatabase] = await Promise.all([
      facts.catalog(datasourceId),
      facts.routines(datasourceId),
      databaseTellsReads(datasourceType) && (config[`${role}_query`] || config[`${role}_filter`]) ? facts.askDatabase(job.workspace_id, datasourceId) : undefined,
    ]);
    return {
      side: role,
      datasourceType,
      dataset: snapshot[`${role}_dataset_name`],
      query: config[`${role}_query`],
      filter: config[`${role}_filter`],
      catalog,
      routines,
      ...(askDatabase ? { askDatabase } : {}),
    };
  };
  const [source, target] = await Promise.all([side('source'), side('target')]);
  const check = await sensitiveReads([source, target]);
  const lists = {
    source: { keys: list(config.primary_keys_source), columns: list(config.source_columns) },
    target: { keys: list(config.primary_keys_target), columns: list(config.target_columns ?? config.source_columns) },
  };
  // a sensitive column compared with values a query writes: which rows differ answers for its values
  const compared = sensitiveComparedWithQuery([
    { ...source, ...lists.source },
    { ...target, ...lists.target },
  ]);
  const columns = new Map<string, string>();
  const sourceNames = [...lists.source.keys, ...lists.source.columns];
  const targetNames = [...lists.target.keys, ...lists.target.columns];
  const datasets = [datasetTables(source.catalog, snapshot.source_dataset_name), datasetTables(target.catalog, snapshot.target_dataset_name)] as const;
  sourceNames.forEach((name, i) => {
    const mark = markOf(datasets[0], name) ?? markOf(datasets[1], targetNames[i] ?? name);
    if (mark) columns.set(name, mark);
  });
  // a view compared as a dataset whose columns cannot be marked by what is under them hides what they derive from
  const hides = (tables: readonly CatalogTable[], catalog: CatalogTable[] | undefined) => tables.some((table) => unresolvedView(table, catalog ?? []) !== undefined);
  const unresolved = hides(datasets[0], source.catalog) || hides(datasets[1], target.catalog);
  const reads = [check, compared].some((found) => found.sensitive.length > 0 || found.unproven.length > 0);
  return { columns, all: reads || job.unproven_reads !== null || unresolved };
}

/**
 * The columns whose values such a key may not see, judged on the diff's rows; for a diff read a page
 * at a time, the union of each page's answer (one page's values are enough to mask a column).
 */
export function maskedColumnsFor(diff: DiffDetailsData, masking: ViewerMasking): Set<string> {
  if (masking.all) return new Set([...Object.keys(diff.column_mapping), ...diff.primary_key_columns]);
  const result: ComparisonResult = { name: 'diff', status: 'mismatch', diff: diff as unknown as DiffDetails };
  return new Set(sensitiveColumns(result, 'auto', { marked: masking.columns }).keys());
}

/** The diff as such a key sees it (`columns`: maskedColumnsFor over all its rows, when they were read in pages). */
export function maskDiffFor(diff: DiffDetailsData, masking: ViewerMasking, columns = maskedColumnsFor(diff, masking), masker = new Masker()): DiffDetailsData {
  if (columns.size === 0) return diff;
  const result: ComparisonResult = { name: 'diff', status: 'mismatch', diff: diff as unknown as DiffDetails };
  return maskComparison(result, columns, masker).diff as unknown as DiffDetailsData;
}

/** The job's message, failure reason and reasons as such a key sees them. */
export function maskJobFor(job: JobRecord, masking: ViewerMasking): JobRecord {
  const config = job.snapshot.configuration as Record<string, unknown>;
  const keys = list(config.primary_keys_source);
  const sensitiveKey = masking.all || keys.some((key) => masking.columns.has(key) || detectSensitive(key).sensitive);
  const reasons = Array.isArray(job.result?.diff_reasons) ? (job.result.diff_reasons as unknown[]).map((reason) => maskReason(String(reason), sensitiveKey)) : undefined;
  const failed = job.status !== 'SUCCESS';
  return {
    ...job,
    message: job.message === null ? null : failed ? maskError(job.message) : maskSuccessMessage(job.message, sensitiveKey, reasons),
    failure_reason: job.failure_reason === null ? null : maskError(job.failure_reason),
    ...(job.result && reasons ? { result: { ...job.result, diff_reasons: reasons } } : {}),
  };
}

const DUPLICATE = /^(Key \([^)]*\) = )(.*)( occurs (?:twice|\d+ times) in the (?:source|target)\.)$/s;

/** "Key (email) = 'alice@example.com' occurs twice in the source." → "= (masked)" when the key is sensitive or the value looks it. */
function maskReason(reason: string, sensitiveKey: boolean): string {
  const match = DUPLICATE.exec(reason);
  if (!match) return reason;
  const values = [...match[2]!.matchAll(/'((?:[^']|'')*)'/g)].map((m) => m[1]!);
  // a value that is, or holds a word that is, an e-mail, a phone, an id number… (or a person's name)
  const looks = values.some((value) => detectSensitive('value', [value], { minValues: 1 }).sensitive || value.split(/\s+/).some((word) => valueKind(word.replace(/[.,;:!?]+$/, '')) !== undefined));
  return sensitiveKey || looks ? `${match[1]}(masked)${match[3]}` : reason;
}

/** "The datasets differ: …" is the reasons joined (as the worker wrote it): rebuilt from the masked reasons. */
function maskSuccessMessage(message: string, sensitiveKey: boolean, reasons: string[] | undefined): string {
  const prefix = 'The datasets differ: ';
  if (!message.startsWith(prefix)) return message;
  if (reasons) return prefix + reasons.join(' ');
  return sensitiveKey && /Key \(/.test(message) ? `${prefix}(reasons masked: they name a sensitive key)` : message;
}

/** A database's code: SQLSTATE (`22P02`), MariaDB/MySQL (`ER_…`), SQLite (`SQLITE_…`). */
const CODE = /\[((?:[0-9A-Z]{5})|(?:ER|ERR|SQLITE)_[A-Z0-9_]+)\]/g;

/**
 * A failure as the class and code of the database's error, without its message; other failures (ours:
 * a refused query, a timeout, a connection) keep their sentence, with quoted literals masked.
 */
export function maskError(text: string): string {
  const codes = [...text.matchAll(CODE)].map((m) => m[1]!);
  if (codes.length > 0) {
    const source = /data source ["`]([^"`]+)["`]/i.exec(text)?.[1];
    const code = codes.at(-1)!;
    const kind = /^[0-9A-Z]{5}$/.test(code) ? `SQLSTATE ${code}` : code;
    const what = /^Could not connect/.test(text) ? 'could not be connected to (ConnectionError' : 'rejected a query (QueryError';
    return `${source ? `Data source "${source}"` : 'The database'} ${what}, ${kind}). The database's own message is shown only to keys with read:sensitive, as it may quote data values.`;
  }
  return text.replace(/'(?:[^']|'')*'/g, "'…'").replace(/(:\s*)"[^"]*"/g, '$1"…"');
}

function list(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

/** Why a compared column (by its name in the comparison) of the dataset's table is marked by the catalog; undefined when it is not. */
function markOf(tables: readonly CatalogTable[], column: string): string | undefined {
  const marked = tables.flatMap((table) => withName(table.columns, column)).find((found) => found.sensitive);
  return marked?.sensitive ? `marked ${marked.sensitive.kind} by the catalog` : undefined;
}
