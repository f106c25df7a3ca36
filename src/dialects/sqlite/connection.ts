/** A lazily opened node:sqlite database with our canonical functions registered. */
import { existsSync } from 'node:fs';
import { DatabaseSync, type StatementSync } from 'node:sqlite';
import { wrapDriverError, type ErrorCategory } from '../errors.js';
import { columnTypeOf } from '../../sql/type-family.js';
import { splitQualifiedName } from '../../sql/compiler.js';
import { ConnectionError, QueryError } from '../../shared/errors.js';
import type { ConnectOptions, DatabaseConnection, QueryOptions, RelationSchema, ResultRow } from '../types.js';
import { sqliteCompiler } from './compiler.js';
import { registerCanonicalFunctions } from './functions.js';
import { AUTHORIZATION_DENIED, authorizeReadsOnly, trailingStatement } from './read-only.js';

export class SqliteConnection implements DatabaseConnection {
  readonly dialect = 'sqlite' as const;
  readonly compiler = sqliteCompiler;
  private db: DatabaseSync | undefined;
  private closed = false;

  constructor(
    private readonly path: string,
    private readonly options: ConnectOptions,
  ) {}

  private open(): DatabaseSync {
    if (this.closed) throw new ConnectionError(`The connection to data source "${this.options.datasourceName}" is closed.`);
    if (!this.db) {
      try {
        // A file that does not exist is an error (a typo would otherwise compare two empty new databases).
        if (this.path !== ':memory:' && !existsSync(this.path)) {
          throw new ConnectionError(`The SQLite database file of data source "${this.options.datasourceName}" does not exist: ${this.path}`, {
            hint: 'Check `path:` in the spec; it is relative to the directory datacompare runs in.',
          });
        }
        // Read-only: the file cannot be written, and the authorizer refuses all but reading.
        const db = new DatabaseSync(this.path, { enableForeignKeyConstraints: false, readOnly: true });
        registerCanonicalFunctions(db);
        authorizeReadsOnly(db);
        this.db = db;
      } catch (error) {
        throw wrapDriverError(error, { category: 'connection', code: codeOf(error) }, { datasourceName: this.options.datasourceName });
      }
    }
    return this.db;
  }

  /** The underlying database, for tests and the demo that build data through the same connection. */
  database(): DatabaseSync {
    return this.open();
  }

  private prepare(sql: string, options?: QueryOptions): StatementSync {
    options?.signal?.throwIfAborted();
    try {
      const statement = this.open().prepare(sql);
      const rest = trailingStatement(sql, statement.sourceSQL);
      if (rest !== undefined) {
        throw new QueryError(`Data source "${this.options.datasourceName}" was sent more than one statement; datacompare runs one statement at a time and refused it.`, {
          sql,
          hint: `Remove the ";" and what follows it (\`${rest.slice(0, 60)}\`): a filter is one condition and a query one SELECT.`,
        });
      }
      statement.setReadBigInts(false);
      return statement;
    } catch (error) {
      throw this.wrap(error, sql, options);
    }
  }

  private wrap(error: unknown, sql: string, options?: QueryOptions, category: ErrorCategory = categoryOf(error)) {
    return wrapDriverError(
      error,
      { category, code: codeOf(error) },
      { datasourceName: this.options.datasourceName, sql, signal: options?.signal, statementTimeoutMs: this.options.statementTimeoutMs },
    );
  }

  async query(sql: string, params: readonly unknown[] = [], options?: QueryOptions): Promise<ResultRow[]> {
    const statement = this.prepare(sql, options);
    try {
      return statement.all(...(params as never[])) as ResultRow[];
    } catch (error) {
      throw this.wrap(error, sql, options);
    }
  }

  async *stream(sql: string, params: readonly unknown[] = [], options?: QueryOptions): AsyncIterable<ResultRow> {
    const statement = this.prepare(sql, options);
    // SQLite runs inside this process and cannot be interrupted mid-step: the time limit is checked between rows.
    const timeoutMs = this.options.statementTimeoutMs;
    const deadline = timeoutMs ? Date.now() + timeoutMs : Infinity;
    let iterator: Iterator<unknown>;
    try {
      iterator = statement.iterate(...(params as never[]));
    } catch (error) {
      throw this.wrap(error, sql, options);
    }
    try {
      let count = 0;
      for (;;) {
        let next: IteratorResult<unknown>;
        try {
          next = iterator.next();
        } catch (error) {
          throw this.wrap(error, sql, options);
        }
        if (next.done) return;
        yield next.value as ResultRow;
        // Let timers and the AbortSignal run now and then: SQLite itself is synchronous.
        if (++count % 5000 === 0) await new Promise((resolve) => setImmediate(resolve));
        if (options?.signal?.aborted) throw this.wrap(options.signal.reason, sql, options);
        if (count % 256 === 0 && Date.now() > deadline) throw this.wrap(new Error('statement timeout'), sql, options, 'timeout');
      }
    } finally {
      iterator.return?.();
    }
  }

  async describeTable(table: string, options?: QueryOptions): Promise<RelationSchema> {
    const parts = splitQualifiedName(table);
    const name = parts.at(-1) ?? table;
    const schema = parts.length > 1 ? `${this.compiler.quoteIdentifier(parts[0] ?? 'main')}.` : '';
    const rows = await this.query(`PRAGMA ${schema}table_info(${this.compiler.stringLiteral(name)})`, [], options);
    const columns = rows.map((row) => columnTypeOf(String(row.name), String(row.type ?? '')));
    const primaryKey = rows
      .filter((row) => Number(row.pk) > 0)
      .sort((a, b) => Number(a.pk) - Number(b.pk))
      .map((row) => String(row.name));
    const nullable = primaryKey.length > 0 && (await this.primaryKeyNullable(schema, name, rows, options));
    return { columns, primaryKey, ...(nullable ? { primaryKeyNullable: true } : {}) };
  }

  /**
   * SQLite's PRIMARY KEY accepts NULL (more than once) unless it is the rowid (INTEGER PRIMARY KEY),
   * the table is WITHOUT ROWID, or every key column is NOT NULL. A rowid alias has no index of its
   * own (origin 'pk'); `INTEGER PRIMARY KEY DESC` does, and is not the rowid. A one-column key
   * holding no NULL (looked up through its index) is unique too.
   */
  private async primaryKeyNullable(schema: string, name: string, columns: ResultRow[], options?: QueryOptions): Promise<boolean> {
    if (columns.every((row) => Number(row.pk) === 0 || Number(row.notnull) === 1)) return false;
    const [table] = await this.query(`PRAGMA ${schema}table_list(${this.compiler.stringLiteral(name)})`, [], options);
    if (Number(table?.wr) === 1) return false;
    const indexes = await this.query(`PRAGMA ${schema}index_list(${this.compiler.stringLiteral(name)})`, [], options);
    const keyColumns = columns.filter((row) => Number(row.pk) > 0);
    const rowid = keyColumns.length === 1 && String(keyColumns[0]?.type).toUpperCase() === 'INTEGER' && !indexes.some((index) => index.origin === 'pk');
    if (rowid) return false;
    // `id INT PRIMARY KEY` (not the rowid): no NULL now is as good as NOT NULL; the key's index answers at once.
    if (keyColumns.length !== 1) return true;
    const key = this.compiler.quoteIdentifier(String(keyColumns[0]?.name));
    const [found] = await this.query(`SELECT EXISTS (SELECT 1 FROM ${schema}${this.compiler.quoteIdentifier(name)} WHERE ${key} IS NULL) AS n`, [], options);
    return Number(found?.n) === 1;
  }

  async describeQuery(sql: string, options?: QueryOptions): Promise<RelationSchema> {
    const statement = this.prepare(sql, options);
    const columns = statement.columns().map((column) => {
      const type = column.type ?? '';
      // An expression has no declared type: look at the first row's value.
      return columnTypeOf(column.name, type);
    });
    if (columns.some((c) => c.family === 'unknown' && c.type === '')) {
      const first = this.prepare(`SELECT * FROM (${sql}) LIMIT 1`, options).get() as ResultRow | undefined;
      for (const column of columns) {
        if (column.type !== '' || !first) continue;
        const value = first[column.name];
        const guessed = typeof value === 'number' ? (Number.isInteger(value) ? 'integer' : 'real') : typeof value === 'bigint' ? 'integer' : value instanceof Uint8Array ? 'blob' : 'text';
        Object.assign(column, columnTypeOf(column.name, guessed), { type: '' });
      }
    }
    return { columns, primaryKey: [] };
  }

  async serverVersion(): Promise<string> {
    const [row] = await this.query('SELECT sqlite_version() AS v');
    return `SQLite ${String(row?.v)}`;
  }

  async close(): Promise<void> {
    this.closed = true;
    const db = this.db;
    this.db = undefined;
    if (db?.isOpen) db.close();
  }
}

function codeOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown; errstr?: unknown })?.code;
  return typeof code === 'string' ? code : undefined;
}

function categoryOf(error: unknown): ErrorCategory {
  const message = error instanceof Error ? error.message : String(error);
  if (/no such table/i.test(message)) return 'missing-table';
  if (/no such column/i.test(message)) return 'missing-column';
  if (/syntax error|incomplete input/i.test(message)) return 'syntax';
  if (/unable to open|not a database/i.test(message)) return 'connection';
  if (AUTHORIZATION_DENIED.test(message) || /readonly database/i.test(message)) return 'read-only';
  if (error instanceof Error && error.name === 'AbortError') return 'cancelled';
  return 'other';
}
