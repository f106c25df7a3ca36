/**
 * What a side's query and filter read, column by column: told by the database itself where it can say
 * (SQLite's authorizer, `askDatabase`), else parsed against the data source's catalog
 * (src/sql/column-reads.ts), each view read as every column under it (catalog/view-reads.ts). What
 * cannot be proven comes back as `{ unproven }`. Used to judge the SQL when a comparison is created or
 * shown (sensitive-reads.ts) and which tables it names when its job runs (columns-since-scan.ts).
 */
import type { CatalogTable } from '../catalog/scan.js';
import { throughViews } from '../catalog/view-reads.js';
import { columnsRead, type ColumnReads, type SideColumnReads, type SideSqlText } from '../sql/column-reads.js';
import { guardDialectOf } from '../sql/guard.js';

/** The database's own account of what a side's SQL reads (SQLite's authorizer). */
export type AskDatabase = (side: SideSqlText) => Promise<SideColumnReads>;

/** What is known of a side's data source: its engine, its last catalog scan (undefined: never scanned), SQLite's own account. */
export interface SideFacts {
  datasourceType: string;
  catalog: CatalogTable[] | undefined;
  askDatabase?: AskDatabase;
}

/** What the side's query and filter read: told by the database where it can, else parsed against the catalog (views read as what is under them). */
export async function readsOf(side: SideFacts, sql: SideSqlText): Promise<SideColumnReads> {
  if (!side.catalog) {
    return unprovenSide(sql, 'its data source has never been scanned, so which of its columns are sensitive is unknown (scan it: POST /sources/{id}/scan, or Scan now on its page)');
  }
  if (side.askDatabase) return side.askDatabase(sql);
  const dialect = guardDialectOf(side.datasourceType);
  if (!dialect) return unprovenSide(sql, `the service does not analyse the SQL of a \`${side.datasourceType}\` data source`);
  const tables = side.catalog.map((table) => ({ name: table.name, columns: table.columns.map((column) => column.name) }));
  const found: SideColumnReads = {};
  if (sql.query) found.query = await columnsRead(sql.query, dialect, 'query', tables);
  if (sql.filter) {
    // The filter is placed on the query's rows (their output names) or on the dataset's table.
    const query = found.query;
    if (query && 'unproven' in query) found.filter = { unproven: 'the query it filters is itself unproven' };
    else found.filter = await columnsRead(sql.filter, dialect, 'filter', tables, query ? { outputs: query.outputs } : sql.dataset ? { table: sql.dataset } : undefined);
  }
  return { ...(found.query ? { query: underViews(found.query, side.catalog) } : {}), ...(found.filter ? { filter: underViews(found.filter, side.catalog) } : {}) };
}

/** A parsed statement's reads with each view read as every column its body reads (SQLite says so itself). */
function underViews(reads: ColumnReads, catalog: readonly CatalogTable[]): ColumnReads {
  if ('unproven' in reads) return reads;
  const through = throughViews(reads.read, catalog);
  return 'unproven' in through ? through : { ...reads, read: through.read };
}

/** The same reason for each of the side's query and filter. */
export function unprovenSide(sql: SideSqlText, why: string): SideColumnReads {
  return { ...(sql.query ? { query: { unproven: why } } : {}), ...(sql.filter ? { filter: { unproven: why } } : {}) };
}

