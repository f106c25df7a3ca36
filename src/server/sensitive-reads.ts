/**
 * Which sensitive columns a comparison's own SQL reads (its source/target query and filter), from
 * what the SQL really reads, never from the names it happens to mention: PostgreSQL's and
 * MariaDB/MySQL's on their parse trees, resolved against the data source's catalog (side-reads.ts,
 * src/sql/column-reads.ts), so a whole row (`to_jsonb(x)`, `x::text`, `email(x)`), a `*` behind any
 * modifier and a filter's condition all count, and a view read counts as every column its body reads
 * (catalog/view-reads.ts, from the facts the scan recorded); SQLite's as SQLite itself reports while
 * compiling them (its authorizer). A column is sensitive when the catalog marks it or its name says so,
 * looked up by the exact names each read carries (catalog/names.ts: `"Info"` is not `info`).
 *
 * Fails closed: SQL whose reads cannot be proven (a name nothing explains, a construct the analysis
 * does not follow, a source never scanned, an engine not analysed, a call by a name the data source
 * gives a function of its own: routine-calls.ts) is `unproven`, and a key without `read:sensitive` may
 * not run it; results of such SQL are shown to it fully masked.
 */
import type { CatalogRoutine, CatalogTable } from '../catalog/scan.js';
import { loadDialect } from '../dialects/registry.js';
import { detectSensitive } from '../sensitive/detect.js';
import { withName } from '../catalog/names.js';
import type { ColumnRead, SideSqlText } from '../sql/column-reads.js';
import { resolveConnection } from './connections.js';
import { unprovenOwnCode } from './routine-calls.js';
import { readsOf, unprovenSide, type AskDatabase } from './side-reads.js';
import type { ServerServices } from './services.js';
import type { DatasourceRecord } from './storage/store.js';

export type { AskDatabase } from './side-reads.js';

export interface SensitiveRead {
  /** `source_query`, `target_filter`… */
  field: string;
  /** The catalog table and column read. */
  table: string;
  column: string;
  /** How the SQL reaches it: `` `c.email` ``, `` the whole row `x` ``, `` `*` ``. */
  via: string;
  /** "marked email by the catalog", "the name says email". */
  why: string;
}

export interface UnprovenRead {
  field: string;
  /** What could not be proven: "`x` is neither a column … nor a table or alias it can see". */
  why: string;
}

export interface SqlReadCheck {
  sensitive: SensitiveRead[];
  unproven: UnprovenRead[];
}


export interface SideSql {
  side: 'source' | 'target';
  datasourceType: string;
  /** The dataset (table) the side compares: what its filter is placed on when it has no query. */
  dataset?: string | null;
  query?: unknown;
  filter?: unknown;
  /** The data source's last catalog scan (undefined: never scanned). */
  catalog: CatalogTable[] | undefined;
  /** The functions that scan found the database defining itself (null or undefined: not listed, so any call is unproven). */
  routines: readonly CatalogRoutine[] | null | undefined;
  /** Where the database itself can say what a statement reads (SQLite): asked instead of parsing. */
  askDatabase?: AskDatabase;
}

/** Whether a data source's engine itself says what a statement reads (SQLite), rather than its SQL being parsed. */
export function databaseTellsReads(datasourceType: string): boolean {
  return datasourceType === 'sqlite';
}

/**
 * For a SQLite data source, SQLite's own account of what a side's SQL reads: its file opened read-only
 * and the statements prepared (never run) under an authorizer. Undefined for other engines (parsed).
 */
export function askDatabaseFor(source: DatasourceRecord, services: Pick<ServerServices, 'box' | 'sources'>): AskDatabase | undefined {
  if (!databaseTellsReads(source.type)) return undefined;
  return async (sql) => {
    const dialect = await loadDialect('sqlite');
    let config;
    try {
      ({ config } = await resolveConnection(source, services.box, services.sources));
    } catch {
      return unprovenSide(sql, 'its SQLite file is not one the service may open now, so SQLite cannot be asked what it reads');
    }
    return dialect.columnsRead ? dialect.columnsRead(config, sql) : unprovenSide(sql, 'SQLite cannot be asked what it reads');
  };
}

/** A SQLite table's row id, under any of its names: no data of a user. */
const ROW_ID = new Set(['rowid', 'oid', '_rowid_']);

/** The sensitive columns each side's SQL reads, and the SQL whose reads cannot be proven. */
export async function sensitiveReads(sides: readonly SideSql[]): Promise<SqlReadCheck> {
  const check: SqlReadCheck = { sensitive: [], unproven: [] };
  for (const side of sides) {
    const sql: SideSqlText = {
      ...(textOf(side.query) ? { query: textOf(side.query) } : {}),
      ...(textOf(side.filter) ? { filter: textOf(side.filter) } : {}),
      ...(side.dataset ? { dataset: side.dataset } : {}),
    };
    if (!sql.query && !sql.filter) continue;
    const found = await readsOf(side, sql);
    for (const what of ['query', 'filter'] as const) {
      const reads = found[what];
      if (!reads) continue;
      const field = `${side.side}_${what}`;
      const classified = 'unproven' in reads ? { unproven: reads.unproven } : classify(reads.read, side.catalog ?? [], field);
      if ('unproven' in classified) check.unproven.push({ field, why: classified.unproven });
      else check.sensitive.push(...classified.sensitive);
      // code the database defines itself (a function, an operator, a cast) reads what its body reads, unseen
      if (side.catalog && !side.askDatabase) {
        const own = await unprovenOwnCode(sql[what]!, side.datasourceType, what, 'read' in reads ? reads.read : undefined, { catalog: side.catalog, routines: side.routines });
        check.unproven.push(...own.map((why) => ({ field, why })));
      }
    }
  }
  return check;
}

/**
 * The reads matched to the catalog's marks, each by the exact names it carries (withName); unproven
 * when one is of a table or column the catalog does not list.
 */
function classify(reads: readonly ColumnRead[], catalog: readonly CatalogTable[], field: string): { sensitive: SensitiveRead[] } | { unproven: string } {
  const sensitive: SensitiveRead[] = [];
  for (const read of reads) {
    const tables = withName(catalog, read.table);
    if (tables.length === 0) return { unproven: `it reads \`${read.table}\`, a table the data source's catalog does not list` };
    const columns = tables.flatMap((table) => withName(table.columns, read.column).map((column) => ({ table, column })));
    if (columns.length === 0) {
      if (ROW_ID.has(read.column.toLowerCase())) continue;
      return { unproven: `it reads \`${read.table}.${read.column}\`, a column the data source's catalog does not list (one added since the last scan shows once the data source is scanned again)` };
    }
    for (const { table, column } of columns) {
      const why = column.sensitive ? `marked ${column.sensitive.kind} by the catalog` : nameSays(column.name);
      if (why) sensitive.push({ field, table: table.name, column: column.name, via: read.via, why });
    }
  }
  return { sensitive };
}

/** Why a column's name says it is sensitive ("the name says email"); undefined when it does not. */
export function nameSays(column: string): string | undefined {
  const detection = detectSensitive(column);
  return detection.sensitive ? detection.reason : undefined;
}

function textOf(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/** The refusal for a key without read:sensitive (403), or undefined when its SQL may run. */
export function sensitiveReadsRefusal(check: SqlReadCheck): { message: string; code: 'sensitive_columns' | 'unproven_reads' } | undefined {
  const fix = 'Compare the table as a dataset (its sensitive columns are masked in results), or use a key with read:sensitive.';
  if (check.sensitive.length > 0) {
    const listed = check.sensitive.slice(0, 5).map((read) => {
      const through = read.via.endsWith(`${read.column}\``) ? '' : ` through ${read.via}`;
      return `${read.field} reads \`${read.table}.${read.column}\`${through} (${read.why})`;
    });
    const more = check.sensitive.length > 5 ? `; and ${check.sensitive.length - 5} more` : '';
    return {
      code: 'sensitive_columns',
      message:
        `This comparison's SQL reads sensitive columns: ${listed.join('; ')}${more}. ` +
        'A key without the scope read:sensitive may not read them through a query or filter: a renamed or computed column would escape masking, and a condition on one answers yes or no about its values. ' +
        `Leave those columns (and whole rows, \`*\`) out of the query and filter. ${fix}`,
    };
  }
  if (check.unproven.length > 0) {
    const listed = check.unproven.map((read) => `in ${read.field}, ${read.why}`);
    return {
      code: 'unproven_reads',
      message:
        `The service cannot prove which columns this comparison's SQL reads: ${listed.join('; ')}. ` +
        `A key without the scope read:sensitive may only run SQL whose every read is known, so that no sensitive value escapes masking. ${fix}`,
    };
  }
  return undefined;
}
