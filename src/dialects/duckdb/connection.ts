/**
 * A lazily opened DuckDB instance (a database file, `:memory:`, or an in-memory database exposing
 * CSV/Parquet files as a view) and a small set of DuckDB connections to it: each query or stream
 * runs on a connection of its own (a DuckDB connection runs one statement at a time), which an
 * AbortSignal interrupts. Sessions are in UTC. Streams read one chunk (2,048 rows) at a time.
 */
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import type { DuckDBConnection, DuckDBInstance, DuckDBValue } from '@duckdb/node-api';
import { wrapDriverError, type ErrorCategory } from '../errors.js';
import { splitQualifiedName } from '../../sql/compiler.js';
import { ConfigurationError, ConnectionError, type DatacompareError } from '../../shared/errors.js';
import type { ConnectOptions, DatabaseConnection, QueryOptions, RelationSchema, ResultRow } from '../types.js';
import { duckdbCompiler } from './compiler.js';
import { checkFileExists, createViewSql, csvFileError, fileKind, isFileConfig, missingFiles, type FileConfig } from './files.js';
import { instanceOptions, lockdownSql, type DuckdbConfig } from './instance-settings.js';
import { loadDuckDBModule, type DuckDBModule } from './module.js';
import { closeQuietly, interrupt, runningOn, statementSettled } from './running-statements.js';
import { duckdbColumnType } from './type-names.js';

export type { DuckdbConfig } from './instance-settings.js';

interface Opened {
  module: DuckDBModule;
  instance: DuckDBInstance;
}

export class DuckdbConnection implements DatabaseConnection {
  readonly dialect = 'duckdb' as const;
  readonly compiler = duckdbCompiler;
  private opened: Promise<Opened> | undefined;
  private readonly idle: DuckDBConnection[] = [];
  private readonly busy = new Set<DuckDBConnection>();
  /** Connects under way on the thread pool. */
  private readonly connecting = new Set<Promise<DuckDBConnection>>();
  private closed = false;

  constructor(
    private readonly config: DuckdbConfig,
    private readonly options: ConnectOptions,
    private readonly loadModule: () => Promise<DuckDBModule> = loadDuckDBModule,
  ) {}

  private get name(): string {
    return this.options.datasourceName;
  }

  private open(): Promise<Opened> {
    if (this.closed) return Promise.reject(new ConnectionError(`The connection to data source "${this.name}" is closed.`));
    if (!this.opened) {
      this.opened = this.openInstance();
      this.opened.catch(() => (this.opened = undefined));
    }
    return this.opened;
  }

  private async openInstance(): Promise<Opened> {
    const config = this.config;
    if (config.type === 'duckdb' && config.path !== ':memory:' && !existsSync(config.path)) {
      // Opening a missing file would create an empty database and compare nothing.
      throw new ConnectionError(`The DuckDB database file of data source "${this.name}" does not exist: ${config.path}`, {
        hint: 'Check `path:` in the spec; it is relative to the repository root.',
      });
    }
    if (isFileConfig(config)) checkFileExists(config, this.name);
    const module = await this.loadModule();
    let instance: DuckDBInstance;
    try {
      // Read-only: a comparison never writes, and a read-only open does not take the writer's lock.
      instance =
        config.type === 'duckdb' && config.path !== ':memory:'
          ? await module.DuckDBInstance.create(config.path, { ...instanceOptions(), access_mode: 'READ_ONLY' })
          : await module.DuckDBInstance.create(':memory:', instanceOptions());
    } catch (error) {
      throw wrapDriverError(error, { category: 'connection' }, { datasourceName: this.name });
    }
    const lockdown = lockdownSql(config, instanceOptions().temp_directory ?? tmpdir(), this.compiler);
    try {
      const connection = await instance.connect();
      try {
        for (const statement of lockdown.before) await connection.run(statement);
        if (isFileConfig(config)) {
          try {
            await connection.run(createViewSql(config, this.compiler));
          } catch (error) {
            throw this.fileError(config, error);
          }
        }
        for (const statement of lockdown.after) await connection.run(statement);
      } finally {
        connection.closeSync();
      }
    } catch (error) {
      instance.closeSync();
      throw wrapDriverError(error, { category: 'connection' }, { datasourceName: this.name });
    }
    return { module, instance };
  }

  private fileError(config: FileConfig, error: unknown): DatacompareError {
    // DuckDB appends the statement with a caret ("LINE 1: …"): the statement is ours, not the user's.
    const message = (error instanceof Error ? error.message : String(error)).split(/\n\s*LINE \d+:/)[0]?.trim() ?? '';
    if (/no files found|cannot open file|no such file/i.test(message)) return missingFiles(config, this.name, error);
    const csv = csvFileError(config, this.name, error);
    if (csv) return csv;
    return new ConnectionError(`DuckDB could not read the ${fileKind(config)} of data source "${this.name}" (${config.path}): ${message}`, {
      cause: error,
      hint:
        config.type === 'csv'
          ? 'Check the file and the CSV options in the spec (delimiter, header, quote, escape, null_string, column_types, thousands, decimal_separator).'
          : 'Check that the file is Parquet and readable.',
    });
  }

  private async acquire(options?: QueryOptions): Promise<DuckDBConnection> {
    options?.signal?.throwIfAborted();
    const { instance } = await this.open();
    let connection = this.idle.pop();
    if (!connection) {
      if (this.closed) throw this.closedError();
      // close() waits for this: an instance closed while a connect runs on the thread pool crashes the process.
      const connecting = instance.connect();
      this.connecting.add(connecting);
      try {
        connection = await connecting;
      } catch (error) {
        throw wrapDriverError(error, { category: 'connection' }, { datasourceName: this.name });
      } finally {
        this.connecting.delete(connecting);
      }
      if (this.closed) {
        connection.closeSync();
        throw this.closedError();
      }
    }
    this.busy.add(connection);
    return connection;
  }

  private closedError(): ConnectionError {
    return new ConnectionError(`The connection to data source "${this.name}" is closed.`);
  }

  private release(connection: DuckDBConnection, reusable: boolean): void {
    this.busy.delete(connection);
    if (reusable && !this.closed) this.idle.push(connection);
    else connection.closeSync();
  }

  /** `work` on `connection`, known as running until it settles (see running-statements.ts). */
  private running<T>(connection: DuckDBConnection, work: Promise<T>): Promise<T> {
    return runningOn(connection, this.name, work);
  }

  /** Interrupts the connection's statement on abort, or when it runs past the time limit. */
  private watch(connection: DuckDBConnection, options?: QueryOptions): Watch {
    const signal = options?.signal;
    const listener = () => interrupt(connection);
    signal?.addEventListener('abort', listener, { once: true });
    const watch: Watch = { timedOut: false, detach: () => undefined };
    const ms = this.options.statementTimeoutMs;
    const timer = ms
      ? setTimeout(() => {
          watch.timedOut = true;
          interrupt(connection);
        }, ms)
      : undefined;
    watch.detach = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', listener);
    };
    return watch;
  }

  private wrap(error: unknown, sql: string | undefined, options?: QueryOptions, watch?: Watch): DatacompareError {
    const context: { datasourceName: string; sql?: string; signal?: AbortSignal; statementTimeoutMs?: number; statementTimeoutHint?: string } = { datasourceName: this.name };
    if (sql !== undefined) context.sql = sql;
    if (options?.signal) context.signal = options.signal;
    if (this.options.statementTimeoutMs) context.statementTimeoutMs = this.options.statementTimeoutMs;
    if (this.options.statementTimeoutHint) context.statementTimeoutHint = this.options.statementTimeoutHint;
    const category = watch?.timedOut && !options?.signal?.aborted ? 'timeout' : categorize(error);
    // A bad line found while reading the file (the view reads it at each query): one sentence, not DuckDB's dump.
    const csv = category === 'other' && isFileConfig(this.config) ? csvFileError(this.config, this.name, error) : undefined;
    return csv ?? wrapDriverError(error, { category }, context);
  }

  /**
   * One prepared statement: DuckDB refuses to prepare several ("Cannot prepare multiple statements").
   * The caller destroys it before the connection is closed or reused: a statement left to the garbage
   * collector would be freed after its connection, which crashes the process.
   */
  private async prepare(connection: DuckDBConnection, sql: string, params: readonly unknown[]) {
    const prepared = await this.running(connection, connection.prepare(sql));
    const values = bindValues(params);
    if (values) prepared.bind(values);
    return prepared;
  }

  async query(sql: string, params: readonly unknown[] = [], options?: QueryOptions): Promise<ResultRow[]> {
    const connection = await this.acquire(options);
    const watch = this.watch(connection, options);
    let reusable = true;
    try {
      const { JsonDuckDBValueConverter } = (await this.open()).module;
      const prepared = await this.prepare(connection, sql, params);
      try {
        const reader = await this.running(connection, prepared.runAndReadAll());
        return reader.convertRowObjects(JsonDuckDBValueConverter) as ResultRow[];
      } finally {
        prepared.destroySync();
      }
    } catch (error) {
      reusable = !options?.signal?.aborted && !watch.timedOut;
      throw this.wrap(error, sql, options, watch);
    } finally {
      watch.detach();
      this.release(connection, reusable);
    }
  }

  async *stream(sql: string, params: readonly unknown[] = [], options?: QueryOptions): AsyncIterable<ResultRow> {
    const connection = await this.acquire(options);
    const watch = this.watch(connection, options);
    let completed = false;
    let prepared: Awaited<ReturnType<DuckdbConnection['prepare']>> | undefined;
    try {
      const { JsonDuckDBValueConverter } = (await this.open()).module;
      let result;
      try {
        prepared = await this.prepare(connection, sql, params);
        result = await this.running(connection, prepared.stream());
      } catch (error) {
        throw this.wrap(error, sql, options, watch);
      }
      const names = result.deduplicatedColumnNames();
      for (;;) {
        let rows: unknown[][];
        try {
          const chunk = await this.running(connection, result.fetchChunk());
          if (!chunk || chunk.rowCount === 0) break;
          rows = chunk.convertRows(JsonDuckDBValueConverter);
        } catch (error) {
          throw this.wrap(error, sql, options, watch);
        }
        for (const values of rows) {
          const row: ResultRow = {};
          names.forEach((name, i) => (row[name] = values[i]));
          yield row;
        }
      }
      completed = true;
    } finally {
      watch.detach();
      prepared?.destroySync();
      // Stopped early: the statement may still be pending on this connection; do not reuse it.
      this.release(connection, completed);
    }
  }

  async describeTable(table: string, options?: QueryOptions): Promise<RelationSchema> {
    const parts = splitQualifiedName(table);
    const name = parts.at(-1) ?? table;
    const schema = parts.length > 1 ? (parts.at(-2) ?? null) : null;
    const catalog = parts.length > 2 ? (parts.at(-3) ?? null) : null;
    // DuckDB identifiers are case-insensitive: lower() on both sides finds `Orders` as orders.
    const where = `lower(table_name) = lower(?) AND lower(table_schema) = lower(COALESCE(?, current_schema()))
       AND lower(table_catalog) = lower(COALESCE(?, current_database()))`;
    const columns = await this.query(
      `SELECT column_name AS name, data_type AS type FROM information_schema.columns WHERE ${where} ORDER BY ordinal_position`,
      [name, schema, catalog],
      options,
    );
    if (columns.length === 0 && isFileConfig(this.config)) throw this.notTheFileView(table);
    const keys = await this.query(
      `SELECT constraint_column_names AS names FROM duckdb_constraints()
        WHERE constraint_type = 'PRIMARY KEY' AND ${where.replace('table_schema', 'schema_name').replace('table_catalog', 'database_name')}`,
      [name, schema, catalog],
      options,
    );
    const primaryKey = keys[0]?.names;
    return {
      columns: columns.map((row) => duckdbColumnType(String(row.name), String(row.type))),
      primaryKey: Array.isArray(primaryKey) ? primaryKey.map(String) : [],
    };
  }

  private notTheFileView(table: string): ConfigurationError {
    const config = this.config as FileConfig;
    const view = this.compiler.quoteIdentifier(config.table);
    return new ConfigurationError(
      `Data source "${this.name}" is a ${fileKind(config)} (${config.path}); its rows are the table ${view}, and \`${table}\` names nothing in it.`,
      { hint: `Omit \`dataset\` for a file data source (or write dataset: ${config.table}), or use a \`query\` that reads FROM ${view}.` },
    );
  }

  async describeQuery(sql: string, options?: QueryOptions): Promise<RelationSchema> {
    const connection = await this.acquire(options);
    try {
      const prepared = await this.running(connection, connection.prepare(sql));
      const columns = [];
      try {
        for (let i = 0; i < prepared.columnCount; i++) {
          const type = prepared.columnType(i);
          columns.push(duckdbColumnType(prepared.columnName(i), type.alias ?? type.toString()));
        }
      } finally {
        prepared.destroySync();
      }
      return { columns, primaryKey: [] };
    } catch (error) {
      throw this.wrap(error, sql, options);
    } finally {
      this.release(connection, true);
    }
  }

  async serverVersion(options?: QueryOptions): Promise<string> {
    const [row] = await this.query('SELECT version() AS v', [], options);
    return `DuckDB ${String(row?.v).replace(/^v/, '')}`;
  }

  /**
   * Closes every connection, then the instance. A statement still running is interrupted first and
   * its connection closed once it ended (by its caller, which destroys its prepared statement first):
   * a connection closed under a running statement deadlocks DuckDB, and the process with it.
   */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const opened = this.opened;
    this.opened = undefined;
    for (const connection of this.idle) closeQuietly(connection);
    this.idle.length = 0;
    const running = [...this.busy].flatMap((connection) => {
      const settled = statementSettled(connection);
      if (!settled) return [];
      interrupt(connection);
      return [settled];
    });
    if (running.length > 0) {
      await Promise.allSettled(running);
      // Their callers release them in the microtasks that follow.
      await new Promise((resolve) => setImmediate(resolve));
    }
    // Left: a stream abandoned between two chunks (nothing runs on it).
    for (const connection of this.busy) closeQuietly(connection);
    this.busy.clear();
    const instance = await opened?.then((o) => o.instance).catch(() => undefined);
    await Promise.allSettled([...this.connecting]);
    instance?.closeSync();
  }

  /** A stop: every running statement is interrupted (DuckDB runs in our process), then all is closed. */
  async destroy(): Promise<void> {
    await this.close();
  }
}

/** Parameters as DuckDB values: numbers, bigints, strings, booleans and NULL as they are; others as text. */
function bindValues(params: readonly unknown[]): DuckDBValue[] | undefined {
  if (params.length === 0) return undefined;
  return params.map((value) => {
    if (value === null || value === undefined) return null;
    if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'string' || typeof value === 'boolean') return value;
    if (value instanceof Date) return value.toISOString();
    return String(value);
  });
}

interface Watch {
  timedOut: boolean;
  detach: () => void;
}

function categorize(error: unknown): ErrorCategory {
  const message = error instanceof Error ? error.message : String(error);
  if (/^Permission Error|read-only mode|attached in read-only|configuration has been locked/i.test(message)) return 'read-only';
  if (/^INTERRUPT Error/i.test(message)) return 'cancelled';
  if (/^Catalog Error: (Table|View|Schema)/i.test(message)) return 'missing-table';
  if (/^Binder Error: .*(column|not found)/i.test(message)) return 'missing-column';
  if (/^Parser Error/i.test(message)) return 'syntax';
  if (/^(IO|Connection) Error/i.test(message)) return 'connection';
  return 'other';
}
