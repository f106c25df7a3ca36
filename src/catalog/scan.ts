/**
 * A data source's catalog: its tables and views with their columns and types, read with ONE catalog
 * query (the dialect's `catalogQuery`, streamed), every column checked for personal or secret data
 * by its name, and the text columns of the first few tables also by a small sample of their values;
 * and the functions the database defines itself (the dialect's `routinesQuery`), whose bodies no
 * parse tree of a user's SQL shows; and what each view reads (view-bodies.ts), its columns marked by
 * the columns they are computed from. Bounded in time: a scan that reaches its limit keeps what it read
 * and says it is partial.
 */
import type { ConnectionConfig, DatabaseConnection, Dialect, SessionGate } from '../dialects/types.js';
import type { CatalogColumn, CatalogRoutine, CatalogTable, RoutineKind } from './types.js';
import { loadDialect } from '../dialects/registry.js';
import { detectSensitive } from '../sensitive/detect.js';
import type { Logger } from '../shared/logger.js';
import { toDatacompareError } from '../shared/errors.js';
import { readViewBodies } from './view-bodies.js';
import { markViewColumns } from './view-reads.js';

export type { BodyColumn, CatalogColumn, CatalogRoutine, CatalogTable, RoutineKind, ViewBody } from './types.js';

const ROUTINE_KINDS: readonly RoutineKind[] = ['function', 'operator', 'type', 'cast source'];

export type ScanStatus = 'complete' | 'partial' | 'failed';

export interface CatalogScan {
  status: ScanStatus;
  /** Why a scan is partial or failed; null when complete. */
  message: string | null;
  tables: CatalogTable[];
  /**
   * The functions the database defines itself, by schema and name; null when they were not listed (an
   * engine whose user functions are not listed, a listing that failed, a scan that stopped first).
   */
  routines: CatalogRoutine[] | null;
  datasetCount: number;
  columnCount: number;
  sensitiveColumnCount: number;
  databaseVersion: string | null;
  startedAt: string;
  durationMs: number;
}

export interface ScanOptions {
  logger: Logger;
  datasourceName: string;
  /** The whole scan (connect, catalog, samples) stops after this long, keeping what it read. Default 10 s. */
  timeLimitMs?: number;
  /** Tables whose values are sampled, in catalog order. Default 50; 0 = names only. */
  sampleTables?: number;
  /** Rows per sampled table. Default 20. */
  sampleRows?: number;
  signal?: AbortSignal;
  now?: () => Date;
  /** Asked on the scan's session before anything is read (ConnectOptions.admitSession); a refusal fails the scan. */
  admitSession?: SessionGate;
}

const SAMPLED_FAMILIES = new Set(['text', 'unknown']);

export async function scanCatalog(config: ConnectionConfig, options: ScanOptions): Promise<CatalogScan> {
  const now = options.now ?? (() => new Date());
  const started = now();
  const timeLimitMs = options.timeLimitMs ?? 10_000;
  const deadline = AbortSignal.timeout(timeLimitMs);
  const signal = options.signal ? AbortSignal.any([options.signal, deadline]) : deadline;
  const tables: CatalogTable[] = [];
  let routines: CatalogRoutine[] | null = null;
  let status: ScanStatus = 'complete';
  let message: string | null = null;
  let databaseVersion: string | null = null;
  const dialect = await loadDialect(config.type);
  const connection = dialect.connect(config, {
    logger: options.logger,
    datasourceName: options.datasourceName,
    poolSize: 1,
    statementTimeoutMs: timeLimitMs,
    ...(options.admitSession && { admitSession: options.admitSession }),
  });
  const stopped = (error: unknown): string | undefined =>
    options.signal?.aborted
      ? 'the scan was cancelled'
      : deadline.aborted || toDatacompareError(error).kind === 'timeout' // the statement limit is the scan's own
        ? `the scan reached its time limit (${timeLimitMs / 1000} s)`
        : undefined;
  try {
    databaseVersion = await connection.serverVersion({ signal });
    routines = await readRoutines(connection, dialect, options.logger, signal);
    await readCatalog(connection, dialect, tables, signal);
    await readViewBodies(connection, dialect, config, tables, routines, { logger: options.logger, signal });
    await sampleValues(connection, dialect, tables, options, signal);
  } catch (error) {
    const why = stopped(error);
    if (why) {
      status = 'partial';
      message = `${why}: ${tables.length} tables read${tables.some((t) => t.sampled) ? '' : ', no values sampled'}`;
    } else {
      status = 'failed';
      message = toDatacompareError(error).message;
    }
  } finally {
    await connection.close().catch(() => {});
  }
  // last, for the columns neither names nor values settled: their neighbours (a `name` beside an `email`)
  for (const table of tables) for (const column of table.columns) if (!column.sensitive) markByName(column, table);
  // and a view's columns by what they are computed from, once every column under them is marked
  markViewColumns(tables);
  const columns = tables.flatMap((t) => t.columns);
  return {
    status,
    message,
    tables,
    routines,
    datasetCount: tables.length,
    columnCount: columns.length,
    sensitiveColumnCount: columns.filter((c) => c.sensitive).length,
    databaseVersion,
    startedAt: started.toISOString(),
    durationMs: now().getTime() - started.getTime(),
  };
}

/**
 * The functions the database defines itself (small: read before the tables, so a scan cut short by its
 * time limit still has them); null where the dialect cannot list them or the listing failed. A stop
 * (the time limit, a cancel) ends the scan as any other read does.
 */
async function readRoutines(connection: DatabaseConnection, dialect: Dialect, logger: Logger, signal: AbortSignal): Promise<CatalogRoutine[] | null> {
  if (!dialect.routinesQuery) return null;
  const { sql, params } = dialect.routinesQuery();
  try {
    const rows = await connection.query(sql, params, { signal, catalog: true });
    return rows.map(catalogRoutine);
  } catch (error) {
    if (signal.aborted || toDatacompareError(error).kind === 'timeout') throw error;
    logger.debug(`the functions the database defines could not be listed: ${toDatacompareError(error).message}`);
    return null;
  }
}

/** A row of the dialect's `routinesQuery`; a kind it does not know counts as a function. */
export function catalogRoutine(row: Record<string, unknown>): CatalogRoutine {
  const kind = ROUTINE_KINDS.find((known) => known === row.routine_kind) ?? 'function';
  return { schema: String(row.routine_schema), name: String(row.routine_name), kind };
}

/**
 * Streams the catalog query into tables; a table cut off by the time limit is dropped, not half-listed.
 * One table per exact name: rows of a name met again after another's (a catalog ordered in any case,
 * `T`'s and `t`'s interleaved) join its first entry, never make a second one holding part of its columns.
 */
async function readCatalog(connection: DatabaseConnection, dialect: Dialect, tables: CatalogTable[], signal: AbortSignal): Promise<void> {
  let current: CatalogTable | undefined;
  const listed = new Map<string, CatalogTable>();
  for await (const row of connection.stream(dialect.catalogQuery, [], { signal })) {
    const name = String(row.dataset);
    if (current?.name !== name) {
      if (current && !listed.has(current.name)) {
        listed.set(current.name, current);
        tables.push(current);
      }
      current = listed.get(name) ?? { name, kind: String(row.table_kind).toLowerCase() === 'view' ? 'view' : 'table', columns: [], sampled: false };
    }
    current.columns.push({ name: String(row.column_name), type: String(row.data_type ?? '') });
  }
  if (current && !listed.has(current.name)) tables.push(current);
}

/** Samples the text columns the name did not mark, table by table, until the table budget is spent. */
async function sampleValues(
  connection: DatabaseConnection,
  dialect: Dialect,
  tables: CatalogTable[],
  options: ScanOptions,
  signal: AbortSignal,
): Promise<void> {
  const budget = options.sampleTables ?? 50;
  const rows = options.sampleRows ?? 20;
  let sampled = 0;
  for (const table of tables) {
    if (sampled >= budget) return;
    const candidates = table.columns.filter((column) => !markByName(column) && SAMPLED_FAMILIES.has(dialect.typeOf(column.name, column.type).family));
    if (candidates.length === 0) continue;
    sampled++;
    const { compiler } = dialect;
    const list = candidates.map((c) => compiler.quoteIdentifier(c.name)).join(', ');
    let values: Record<string, unknown>[];
    try {
      values = await connection.query(`SELECT ${list} FROM ${compiler.quoteTable(table.name)} ${compiler.limit(rows)}`, [], { signal });
    } catch (error) {
      if (signal.aborted) throw error;
      continue; // a view that fails to run, a table we may not read: its names still count
    }
    table.sampled = true;
    for (const column of candidates) {
      const detection = detectSensitive(column.name, values.map((row) => row[column.name]), { neighbours: neighbours(column, table) });
      if (detection.sensitive && detection.kind) column.sensitive = { kind: detection.kind, confidence: detection.confidence, reason: detection.reason };
    }
  }
}

/** Marks the column when its name (and its neighbours' names) alone say it is sensitive; true when it did. */
function markByName(column: CatalogColumn, table?: CatalogTable): boolean {
  if (column.sensitive) return true;
  const detection = detectSensitive(column.name, [], table ? { neighbours: neighbours(column, table) } : {});
  if (!detection.sensitive || !detection.kind) return false;
  column.sensitive = { kind: detection.kind, confidence: detection.confidence, reason: detection.reason };
  return true;
}

function neighbours(column: CatalogColumn, table: CatalogTable): string[] {
  return table.columns.filter((other) => other !== column).map((other) => other.name);
}
