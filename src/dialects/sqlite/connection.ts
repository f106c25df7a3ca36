/**
 * A lazily opened SQLite database in a worker process (worker-process.ts, worker-main.ts):
 * node:sqlite is synchronous, so on the main thread a long query would block the event loop (the
 * service's HTTP server, timers, signals) until it finished. Here every statement runs in the
 * worker, rows come back in batches, and aborting, a time limit or close() kills the worker: the
 * statement stops with it, even inside one long native step, and close() settles once it is gone.
 */
import { wrapDriverError, type ErrorCategory } from '../errors.js';
import { columnTypeOf } from '../../sql/type-family.js';
import { splitQualifiedName } from '../../sql/compiler.js';
import { ConnectionError, QueryError } from '../../shared/errors.js';
import type { ConnectOptions, DatabaseConnection, QueryOptions, RelationSchema, ResultRow } from '../types.js';
import { sqliteCompiler } from './compiler.js';
import { AUTHORIZATION_DENIED } from './read-only.js';
import { startWorkerProcess, type WorkerProcess } from './worker-process.js';
import type { WorkerError, WorkerReply, WorkerRequest } from './worker-protocol.js';

/** Rows per message of a stream. */
const STREAM_BATCH = 2000;

type Reply = Extract<WorkerReply, { ok: true }>;
type Request = WorkerRequest extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

export class SqliteConnection implements DatabaseConnection {
  readonly dialect = 'sqlite' as const;
  readonly compiler = sqliteCompiler;
  private readonly path: string;
  private readonly options: ConnectOptions;
  private worker: WorkerProcess | undefined;
  /** Every worker this connection started that has not ended yet (a killed one is gone within milliseconds). */
  private readonly ending = new Set<Promise<void>>();
  private opened: Promise<void> | undefined;
  private readonly pending = new Map<number, { resolve: (reply: Reply) => void; reject: (error: unknown) => void }>();
  private nextId = 1;
  private closed = false;

  constructor(path: string, options: ConnectOptions) {
    this.path = path;
    this.options = options;
  }

  /** Sends one request to the worker (started and the file opened on first use). */
  private async send(request: Request, sql: string | undefined, options?: QueryOptions): Promise<Reply> {
    options?.signal?.throwIfAborted();
    if (this.closed) throw new ConnectionError(`The connection to data source "${this.options.datasourceName}" is closed.`);
    const worker = this.start();
    await this.opened;
    return this.request(worker, request, sql, options);
  }

  private start(): WorkerProcess {
    if (this.worker) return this.worker;
    const worker = startWorkerProcess();
    const name = this.options.datasourceName;
    worker.hold(false);
    this.ending.add(worker.ended);
    void worker.ended.then(() => this.ending.delete(worker.ended));
    worker.child.on('error', (error) => this.stop(worker, new ConnectionError(`The SQLite worker process of data source "${name}" failed: ${error.message}`, { cause: error })));
    worker.child.once('exit', (code, signal) => {
      this.stop(worker, new ConnectionError(`The SQLite worker process of data source "${name}" ended unexpectedly (${signal ?? `exit status ${code}`}).`));
    });
    worker.child.on('message', (reply: WorkerReply) => {
      const waiting = this.pending.get(reply.id);
      if (!waiting) return;
      this.pending.delete(reply.id);
      if (reply.ok) waiting.resolve(reply);
      else waiting.reject(reply.error);
    });
    this.worker = worker;
    this.opened = this.request(worker, { op: 'open', path: this.path }, undefined).then(
      () => undefined,
      (error: WorkerError) => {
        if (error?.missingFile) {
          throw new ConnectionError(`The SQLite database file of data source "${name}" does not exist: ${this.path}`, {
            hint: 'Check `path:` in the spec; it is relative to the directory datacompare runs in.',
          });
        }
        throw wrapDriverError(toError(error), { category: 'connection', code: error?.code }, { datasourceName: name });
      },
    );
    this.opened.catch(() => undefined);
    return worker;
  }

  /**
   * Kills the worker and fails what waits on it, at once: the event loop never waits for SQLite,
   * and the statement ends wherever it is (node:sqlite has no interrupt; a process is ended by the
   * kernel, even inside one long native step). The next query starts a new worker.
   */
  private stop(worker: WorkerProcess, reason: unknown): void {
    worker.kill();
    if (this.worker !== worker) return;
    this.worker = undefined;
    this.opened = undefined;
    for (const waiting of this.pending.values()) waiting.reject(reason);
    this.pending.clear();
  }

  /** `deadline`: when the statement's time limit ends (a stream's later batches share the first's). */
  private request(worker: WorkerProcess, request: Request, sql: string | undefined, options?: QueryOptions, deadline = this.deadline(sql)): Promise<Reply> {
    const id = this.nextId++;
    const signal = options?.signal;
    const timeoutMs = deadline === undefined ? undefined : Math.max(1, deadline - Date.now());
    // The worker keeps this process alive only while something waits on it.
    if (this.pending.size === 0) worker.hold(true);
    return new Promise<Reply>((resolve, reject) => {
      let timer: NodeJS.Timeout | undefined;
      const onAbort = () => this.stop(worker, signal?.reason ?? new Error('aborted'));
      const done = () => {
        if (timer) clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        if (this.pending.size === 0) worker.hold(false);
      };
      this.pending.set(id, {
        resolve: (reply) => (done(), resolve(reply)),
        reject: (error) => (done(), reject(error)),
      });
      signal?.addEventListener('abort', onAbort, { once: true });
      if (timeoutMs) timer = setTimeout(() => this.stop(worker, new TimeoutSignal()), timeoutMs);
      // A worker that cannot be reached (its channel closed) is stopped: what waits on it fails.
      worker.child.send({ ...request, id } as WorkerRequest, (error: Error | null) => {
        if (error) this.stop(worker, new ConnectionError(`The SQLite worker process of data source "${this.options.datasourceName}" could not be reached: ${error.message}`, { cause: error }));
      });
    }).catch((error: unknown) => {
      if (sql === undefined) throw error;
      throw this.wrap(error, sql, options);
    });
  }

  private deadline(sql: string | undefined): number | undefined {
    const timeoutMs = this.options.statementTimeoutMs;
    return sql === undefined || !timeoutMs ? undefined : Date.now() + timeoutMs;
  }

  private wrap(error: unknown, sql: string, options?: QueryOptions) {
    const plain = error as WorkerError | undefined;
    if (plain?.trailing !== undefined) {
      return new QueryError(`Data source "${this.options.datasourceName}" was sent more than one statement; datacompare runs one statement at a time and refused it.`, {
        sql,
        hint: `Remove the ";" and what follows it (\`${plain.trailing.slice(0, 60)}\`): a filter is one condition and a query one SELECT.`,
      });
    }
    const driverError = error instanceof Error ? error : toError(plain);
    const category: ErrorCategory = error instanceof TimeoutSignal ? 'timeout' : categoryOf(driverError);
    return wrapDriverError(
      driverError,
      { category, code: codeOf(driverError) },
      { datasourceName: this.options.datasourceName, sql, signal: options?.signal, statementTimeoutMs: this.options.statementTimeoutMs, statementTimeoutHint: this.options.statementTimeoutHint },
    );
  }

  async query(sql: string, params: readonly unknown[] = [], options?: QueryOptions): Promise<ResultRow[]> {
    const reply = await this.send({ op: 'all', sql, params: [...params] }, sql, options);
    return (reply.rows ?? []) as ResultRow[];
  }

  async *streamBatches(sql: string, params: readonly unknown[] = [], options?: QueryOptions): AsyncGenerator<ResultRow[]> {
    const deadline = this.deadline(sql);
    let reply = await this.send({ op: 'iterate', sql, params: [...params], batch: STREAM_BATCH }, sql, options);
    const iterator = reply.id;
    const worker = this.worker;
    try {
      for (;;) {
        if ((reply.rows?.length ?? 0) > 0) yield reply.rows as ResultRow[];
        if (reply.done) return;
        if (!worker || this.worker !== worker) throw new ConnectionError(`The connection to data source "${this.options.datasourceName}" is closed.`);
        reply = await this.request(worker, { op: 'next', iterator }, sql, options, deadline);
      }
    } finally {
      // Left early (a break, an error): the worker drops the iterator, which ends the statement.
      if (!reply.done && worker && this.worker === worker) worker.child.send({ op: 'return', id: 0, iterator } satisfies WorkerRequest, () => undefined);
    }
  }

  async *stream(sql: string, params: readonly unknown[] = [], options?: QueryOptions): AsyncIterable<ResultRow> {
    for await (const batch of this.streamBatches(sql, params, options)) yield* batch;
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
    const reply = await this.send({ op: 'columns', sql }, sql, options);
    // An expression has no declared type: look at the first row's value.
    const columns = (reply.columns ?? []).map((column) => columnTypeOf(column.name, column.type ?? ''));
    if (columns.some((c) => c.family === 'unknown' && c.type === '')) {
      const firstSql = `SELECT * FROM (${sql}) LIMIT 1`;
      const first = (await this.send({ op: 'get', sql: firstSql, params: [] }, firstSql, options)).row as ResultRow | undefined;
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

  /** Kills the worker: a running statement stops at once; settles once every worker of this connection is gone. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.worker) this.stop(this.worker, new ConnectionError(`The connection to data source "${this.options.datasourceName}" is closed.`));
    await Promise.all(this.ending);
  }

  /**
   * A stop: the same as close(), which already tears down at once (the worker is killed, every
   * waiting query and stream fails). Declared so the engine's stop path names SQLite explicitly.
   */
  async destroy(): Promise<void> {
    await this.close();
  }
}

/** The reason a query's time limit gives when it kills the worker. */
class TimeoutSignal extends Error {
  constructor() {
    super('statement timeout');
  }
}

/** A driver error sent as plain data, as an Error again (its code and message kept). */
function toError(plain: WorkerError | undefined): Error {
  const error = new Error(plain?.message ?? 'unknown SQLite error') as Error & { code?: string; errcode?: number; errstr?: string };
  if (plain?.name) error.name = plain.name;
  if (plain?.code) error.code = plain.code;
  if (plain?.errcode !== undefined) error.errcode = plain.errcode;
  if (plain?.errstr) error.errstr = plain.errstr;
  return error;
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
