/**
 * What a side's query and filter read, as SQLite itself reports while compiling them (never running
 * them): the authorizer hears every (table, column) a statement reads, a view as the columns of the
 * tables under it, `*` as every column, through CTEs and subqueries; and, per output column, the table
 * column it is a plain copy of (SQLite's column origin). The statement is prepared against
 * the data source's own file, read-only, under the same authorizer rules as a comparison's connection.
 * What SQLite will not compile, or a Node without the authorizer, is unproven.
 */
import { DatabaseSync } from 'node:sqlite';
import type { ColumnOrigin, ColumnRead, ColumnReads, SideSqlText, SideColumnReads } from '../../sql/column-reads.js';
import { FILTER_ALIASES } from '../../sql/read-scope.js';
import { sqliteCompiler } from './compiler.js';
import { authorizeReadsOnly, trailingStatement } from './read-only.js';

export function sqliteColumnsRead(path: string, side: SideSqlText): SideColumnReads {
  let db: DatabaseSync;
  try {
    db = new DatabaseSync(path, { readOnly: true, enableForeignKeyConstraints: false });
  } catch {
    const unproven = 'its SQLite file could not be opened to ask SQLite what it reads';
    return { ...(side.query ? { query: { unproven } } : {}), ...(side.filter ? { filter: { unproven } } : {}) };
  }
  try {
    const query = side.query?.trim().replace(/;+\s*$/, '');
    const result: SideColumnReads = {};
    if (query) result.query = compiledReads(db, query);
    if (side.filter) {
      const relation = query ? `(${query})` : side.dataset ? sqliteCompiler.quoteTable(side.dataset) : undefined;
      if (!relation) {
        result.filter = { unproven: 'the relation it filters is not known (the side names neither a dataset nor a query)' };
      } else {
        // The filter as the engine places it; what the query alone reads is the query's.
        const combined = compiledReads(db, `SELECT 1 FROM ${relation} AS ${FILTER_ALIASES[0]} WHERE (${side.filter})`);
        const own = result.query && 'read' in result.query ? new Set(result.query.read.map(key)) : new Set<string>();
        result.filter = 'read' in combined ? { read: combined.read.filter((read) => !own.has(key(read))), outputs: [] } : combined;
      }
    }
    return result;
  } finally {
    db.close();
  }
}

function compiledReads(db: DatabaseSync, sql: string): ColumnReads {
  const read = new Map<string, ColumnRead>();
  const observed = authorizeReadsOnly(db, (table, column, database) => {
    if (column === '') return; // the table is read for no column (count(*))
    const name = qualified(table, database);
    read.set(`${name}\u0000${column}`, { table: name, column, via: `\`${column}\`` });
  });
  if (!observed) return { unproven: "this Node's node:sqlite has no authorizer to ask what a statement reads (Node 24 has one)" };
  let origins: (ColumnOrigin | null)[] | undefined;
  try {
    const statement = db.prepare(sql);
    if (trailingStatement(sql, statement.sourceSQL)) return { unproven: 'it holds a second statement' };
    // (StatementSync.columns came with Node 22.16 and 23.11)
    origins = typeof statement.columns === 'function' ? statement.columns().map(originOf) : undefined;
  } catch (error) {
    return { unproven: `SQLite does not compile it (${error instanceof Error ? error.message : String(error)})` };
  }
  return { read: [...read.values()], outputs: [], ...(origins ? { origins } : {}) };
}

/** The table column an output column is a plain copy of, as SQLite reports it; null for one computed otherwise. */
function originOf({ table, column, database }: { table: string | null; column: string | null; database: string | null }): ColumnOrigin | null {
  if (table === null || column === null) return null;
  return { table: qualified(table, database), column };
}

/** A table's name as the catalog writes it: bare in the main database. */
function qualified(table: string, database: string | null): string {
  return database === 'main' || database === null ? table : `${database}.${table}`;
}

function key(read: ColumnRead): string {
  return `${read.table}\u0000${read.column}`;
}
