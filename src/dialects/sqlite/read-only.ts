/**
 * SQLite's part of "a comparison only reads": the file is opened read-only, and an authorizer lets a
 * statement do nothing but read tables, call functions other than the few that reach the file system,
 * recurse, and ask the PRAGMAs that describe a table. Everything else (writes to the temp schema,
 * ATTACH, DETACH, other PRAGMAs, transactions) is denied while the statement is compiled.
 */
import { constants, type DatabaseSync } from 'node:sqlite';

/** Functions that read or write files or load code (the CLI shell's, fts3's tokenizer pointer, extensions). */
const DENIED_FUNCTIONS = new Set(['load_extension', 'readfile', 'writefile', 'edit', 'fts3_tokenizer', 'zipfile', 'sqlar_compress', 'sqlar_uncompress']);

/** The PRAGMAs that describe a table without changing anything. */
const DESCRIBING_PRAGMAS = new Set(['table_info', 'table_list', 'table_xinfo', 'index_list', 'index_info', 'index_xinfo', 'foreign_key_list']);

export const AUTHORIZATION_DENIED = /not authorized/i;

/** A column SQLite reads while it compiles a statement: `table` in `database` (`main`); `column` '' when it reads no column (`count(*)`). */
export type ColumnReadObserver = (table: string, column: string, database: string | null) => void;

/**
 * Installs the authorizer; `onRead` also hears every column read (views expanded to their tables).
 * False where node:sqlite has no authorizer.
 */
export function authorizeReadsOnly(db: DatabaseSync, onRead?: ColumnReadObserver): boolean {
  // Node 22 has no setAuthorizer: the file is still opened read-only (ATTACHed ones too) with one statement
  // per query, so nothing is written; only the in-memory temp schema stays writable there.
  if (typeof (db as Partial<DatabaseSync>).setAuthorizer !== 'function') return false;
  db.setAuthorizer((action: number, first: string | null, second: string | null, database: string | null) => {
    switch (action) {
      case constants.SQLITE_READ:
        onRead?.(String(first), String(second ?? ''), database);
        return constants.SQLITE_OK;
      case constants.SQLITE_SELECT:
      case constants.SQLITE_RECURSIVE:
        return constants.SQLITE_OK;
      case constants.SQLITE_FUNCTION:
        // SQLite names the function in the second argument (the first is NULL).
        return DENIED_FUNCTIONS.has(String(second).toLowerCase()) ? constants.SQLITE_DENY : constants.SQLITE_OK;
      case constants.SQLITE_PRAGMA:
        return DESCRIBING_PRAGMAS.has(String(first).toLowerCase()) ? constants.SQLITE_OK : constants.SQLITE_DENY;
      default:
        return constants.SQLITE_DENY;
    }
  });
  return true;
}

/**
 * node:sqlite compiles only the first statement of a text and silently ignores the rest; `sourceSQL`
 * is that first statement. Anything after it but white space and semicolons is a second statement.
 */
export function trailingStatement(sql: string, sourceSQL: string): string | undefined {
  const start = sql.indexOf(sourceSQL);
  const rest = start < 0 ? '' : sql.slice(start + sourceSQL.length);
  const trimmed = rest.replace(/^[\s;]+/, '');
  return trimmed.length > 0 ? trimmed : undefined;
}
