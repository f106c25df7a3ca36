/** A lazily created pg Pool with UTC sessions, streaming through a portal in batches bounded by bytes, and server-side cancellation. */
import pg from 'pg';
import { addressOf, driverMessage, wrapDriverError, type ErrorCategory } from '../errors.js';
import { columnTypeOf } from '../../sql/type-family.js';
import { POSTGRES_SINGLE_FLOAT } from './type-names.js';
import { readConnectionUrl } from '../../shared/connection-url.js';
import { ConnectionError } from '../../shared/errors.js';
import { stopQuery } from '../stop-query.js';
import type { ConnectOptions, DatabaseConnection, DatabaseSession, NetworkSettings, QueryOptions, RelationSchema, ResultRow, TlsSettings } from '../types.js';
import { postgresCompiler } from './compiler.js';
import { isNoTlsAnswer, postgresTls, type PostgresTls } from './tls.js';
import { POSTGRES_TLS_WORDS } from '../link-errors.js';
import { primaryKeyOf } from '../primary-key.js';
import { SessionClient, type SessionClientConfig, type TlsRefusal } from './session-client.js';
import { fetchBatches } from './fetch-cursor.js';

/**
 * Every session: UTC, floats with every digit, and two planner settings for a client that always reads
 * every row of a cursor: plan cursors for the whole result (the default 0.1 favours a full index scan
 * filtered row by row over a bitmap scan of a few key ranges: 20× slower for the checksum diff's fetch),
 * and no JIT (compiling a long OR list of key ranges took 15 s; our scans gained nothing measurable).
 */
const SESSION_SETTINGS = '-c TimeZone=UTC -c extra_float_digits=3 -c cursor_tuple_fraction=1 -c jit=off';

/**
 * Read-only by construction: sessions start read-only and with standard strings (backslashes in '…'
 * are plain characters, as the filter check lexes them), and every statement we send runs inside
 * `BEGIN READ ONLY … ROLLBACK`, so even a `set_config(…)` smuggled into a filter cannot make a later
 * statement writable: its effect is rolled back with the transaction.
 */
const READ_ONLY_SETTINGS = '-c default_transaction_read_only=on -c standard_conforming_strings=on';

function sessionOptions(statementTimeoutMs: number | undefined): string {
  const timeout = statementTimeoutMs ? ` -c statement_timeout=${Math.max(1, Math.round(statementTimeoutMs))}` : '';
  return `${SESSION_SETTINGS} ${READ_ONLY_SETTINGS}${timeout}`;
}

/** Default time to wait for a connection (the server, TLS and authentication). */
export const DEFAULT_CONNECT_TIMEOUT_MS = 30_000;

/**
 * node-pg's settings for `url`. An isolated connection (the service's) is built from the URL's parts
 * alone: no connection string (whose `sslrootcert`/`options`… node-pg would honour, reading files
 * synchronously), no PG* environment variable, no ~/.pgpass (the password is a function, so node-pg
 * never looks for one), TLS from the given text.
 */
export function postgresClientConfig(url: string, network: NetworkSettings = {}): pg.ClientConfig {
  const connectionTimeoutMillis = network.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS;
  if (!network.isolated) return { connectionString: url, connectionTimeoutMillis };
  const parsed = readConnectionUrl(url, 'the url of the data source');
  const decode = (text: string) => decodeURIComponent(text);
  const user = decode(parsed.username);
  const password = decode(parsed.password);
  return {
    host: parsed.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: Number(parsed.port || 5432),
    user,
    database: decode(parsed.pathname.replace(/^\//, '')) || user,
    password: () => password,
    ssl: tlsOptions(network.isolated.tls),
    connectionTimeoutMillis,
  };
}

function tlsOptions(tls: TlsSettings | null): pg.ClientConfig['ssl'] {
  if (!tls) return false;
  return {
    rejectUnauthorized: tls.verify !== false,
    ...(tls.verify === 'ca' ? { checkServerIdentity: () => undefined } : {}),
    ...(tls.ca === undefined ? {} : { ca: tls.ca }),
    ...(tls.cert === undefined ? {} : { cert: tls.cert }),
    ...(tls.key === undefined ? {} : { key: tls.key }),
    ...(tls.servername === undefined ? {} : { servername: tls.servername }),
  };
}

/**
 * A query sent over the extended protocol (Parse/Bind/Execute) even without parameters: there
 * PostgreSQL refuses a text holding several statements, where the simple protocol would run them all.
 * (`queryMode` is node-pg's own option, missing from its type definitions.)
 */
function extended(text: string, values: readonly unknown[] = []): pg.QueryConfig {
  return { text, values: values as unknown[], queryMode: 'extended' } as pg.QueryConfig;
}

export class PostgresConnection implements DatabaseConnection {
  readonly dialect = 'postgres' as const;
  readonly compiler = postgresCompiler;
  private pool: pg.Pool | undefined;
  private closed = false;
  /** Cancels under way: `close` waits for them, so a dropped query is stopped on the server too. */
  private readonly cancelling = new Set<Promise<void>>();
  /** The URL's TLS settings (libpq's sslmode & co.), read, files included, before the first connection; the service's isolated connections bring their own. */
  private tls: Promise<PostgresTls> | undefined;
  private resolvedTls: PostgresTls | undefined;
  /** sslmode=prefer/allow: set once the server answered a session's TLS request with "no" (session-client.ts). */
  private readonly tlsRefusal: TlsRefusal = { refused: false };
  /** Pools left behind by a fall back to plain text, ended on close. */
  private readonly retired: pg.Pool[] = [];
  /** Clients taken from the pool and not yet given back: what destroy() ends on the server. */
  private readonly active = new Set<pg.PoolClient>();
  /** Sessions `admitSession` let through (each is asked once, before its first statement). */
  private readonly admitted = new WeakSet<pg.PoolClient>();

  constructor(
    private readonly url: string,
    private readonly options: ConnectOptions,
    private readonly network: NetworkSettings = {},
  ) {}

  private getPool(): pg.Pool {
    if (this.closed) throw new ConnectionError(`The connection to data source "${this.options.datasourceName}" is closed.`);
    if (!this.pool) {
      const pool = new pg.Pool({
        Client: SessionClient,
        ...this.clientConfig(),
        max: this.options.poolSize ?? 4,
        options: sessionOptions(this.options.statementTimeoutMs),
        application_name: 'datacompare',
      });
      // An idle client losing its server must not crash the process; the next query reports it.
      pool.on('error', (error) => this.options.logger.debug(`postgres pool error on "${this.options.datasourceName}": ${error.message}`));
      this.pool = pool;
    }
    return this.pool;
  }

  /** The settings every client of this data source is made with: the URL without its TLS parameters, and `ssl` from them. */
  private clientConfig(): SessionClientConfig {
    if (this.network.isolated) return postgresClientConfig(this.url, this.network);
    const tls = this.resolvedTls;
    if (!tls) throw new Error('postgres TLS settings used before they were read');
    return { ...postgresClientConfig(tls.connectionString, this.network), ssl: tls.ssl, ...(tls.plainFallback && { plainWhenRefused: this.tlsRefusal }) };
  }

  private async readTls(): Promise<void> {
    if (this.network.isolated) return;
    this.tls ??= postgresTls(this.url, this.options.datasourceName);
    this.resolvedTls ??= await this.tls;
  }

  /**
   * sslmode=prefer/allow and a server without TLS: from now on this data source speaks plain text
   * (libpq's fallback). The first caller to see it replaces the pool; true when a retry will be plain.
   */
  private fallBackToPlain(pool: pg.Pool): boolean {
    const tls = this.resolvedTls;
    if (this.pool !== pool) return tls?.ssl === false;
    if (!tls?.plainFallback) return false;
    this.resolvedTls = { ...tls, ssl: false, plainFallback: false };
    this.pool = undefined;
    // Ended with the connection, not now: callers still queued on it must get their answer (pg-pool
    // never answers a connect queued on a pool that is ending) and then retry on the new one.
    this.retired.push(pool);
    return true;
  }

  /** `connecting`: the error came while getting a connection, so it is a connection error whatever its code (a timeout, the wrong protocol…). */
  private wrap(error: unknown, sql: string | undefined, options?: QueryOptions, connecting = false) {
    const context: { datasourceName: string; sql?: string; signal?: AbortSignal } = { datasourceName: this.options.datasourceName };
    if (sql !== undefined) context.sql = sql;
    if (options?.signal) context.signal = options.signal;
    const info = categorize(error);
    return wrapDriverError(error, connecting && info.category !== 'cancelled' ? { ...info, category: 'connection' } : info, { ...context, statementTimeoutMs: this.options.statementTimeoutMs, statementTimeoutHint: this.options.statementTimeoutHint, address: addressOf(this.url, 5432), tls: POSTGRES_TLS_WORDS });
  }

  /**
   * Runs `work` inside `BEGIN READ ONLY … ROLLBACK` on `client`. The statements in `work` go over the
   * extended protocol (one statement each: PostgreSQL refuses "multiple commands" there). When `work`
   * fails, the caller releases the client as broken, so no half-ended transaction returns to the pool.
   */
  private async readOnly<T>(client: pg.PoolClient, work: () => Promise<T>): Promise<T> {
    await client.query('BEGIN READ ONLY');
    try {
      return await work();
    } finally {
      await client.query('ROLLBACK');
    }
  }

  private async acquire(options?: QueryOptions): Promise<pg.PoolClient> {
    const client = await this.connectClient(options);
    if (this.closed) {
      // close() or destroy() ran while this client was connecting: given back as broken (the pool's end()
      // waits for every client it handed out), its socket torn down.
      client.release(true);
      destroySocket(client);
      throw new ConnectionError(`The connection to data source "${this.options.datasourceName}" is closed.`);
    }
    this.active.add(client);
    if (this.options.admitSession && !this.admitted.has(client)) {
      try {
        await this.options.admitSession(this.sessionOf(client));
      } catch (error) {
        // refused, or the question failed: the session goes, never back to the pool
        this.release(client, error as Error);
        destroySocket(client);
        throw error;
      }
      this.admitted.add(client);
    }
    const style = (client as unknown as SessionClient).dateStyle;
    if (style !== undefined && !style.startsWith('ISO')) {
      try {
        // Outside BEGIN … ROLLBACK: it lasts for the session. The output style only; the order stays.
        // The server reports the new style (parameterStatus), which the client records.
        await client.query('SET DateStyle = ISO');
      } catch (error) {
        this.release(client, error as Error);
        throw this.wrap(error, undefined, options, true);
      }
    }
    return client;
  }

  /** One client as a session to ask (`admitSession`): its own questions, no transaction; an abort drops its socket. */
  private sessionOf(client: pg.PoolClient): DatabaseSession {
    return {
      dialect: 'postgres',
      query: async (sql, params = [], options) => {
        const signal = options?.signal;
        const drop = () => destroySocket(client);
        try {
          signal?.throwIfAborted();
          signal?.addEventListener('abort', drop, { once: true });
          return (await client.query(extended(sql, params))).rows as ResultRow[];
        } catch (error) {
          throw this.wrap(error, sql, options);
        } finally {
          signal?.removeEventListener('abort', drop);
        }
      },
    };
  }

  /** Gives a client back to the pool (as broken when `error`): once only, and not after destroy(). */
  private release(client: pg.PoolClient, error?: Error): void {
    if (!this.active.delete(client)) return;
    client.release(error);
  }

  private async connectClient(options?: QueryOptions): Promise<pg.PoolClient> {
    options?.signal?.throwIfAborted();
    await this.readTls();
    const signal = options?.signal;
    const pool = this.getPool();
    const connecting = pool.connect();
    try {
      if (!signal) return await connecting;
      // An abort does not wait for a server that never answers: the late client is dropped when it comes.
      let stop!: () => void;
      const aborted = new Promise<never>((_, reject) => {
        stop = () => reject(signal.reason);
        signal.addEventListener('abort', stop, { once: true });
      });
      try {
        return await Promise.race([connecting, aborted]);
      } finally {
        signal.removeEventListener('abort', stop);
        if (signal.aborted) {
          connecting.then((client) => client.release(true), () => undefined);
          dropConnecting(this.pool);
        }
      }
    } catch (error) {
      // A TLS refusal, or a pool another caller retired while this waited on it: retry once plain.
      if (!signal?.aborted && (isNoTlsAnswer(error) || this.pool !== pool) && this.fallBackToPlain(pool)) return this.connectClient(options);
      throw this.wrap(error, undefined, signal?.aborted ? options : { ...options, signal: undefined as never }, true);
    }
  }

  /** Cancels whatever the backend `pid` runs, from a connection outside the pool. */
  private async cancel(pid: number): Promise<void> {
    const client = new SessionClient(this.clientConfig());
    try {
      await client.connect();
      await client.query('SELECT pg_cancel_backend($1)', [pid]);
    } catch (error) {
      this.options.logger.debug(`could not cancel the query on "${this.options.datasourceName}": ${(error as Error).message}`);
    } finally {
      await client.end().catch(() => undefined);
    }
  }

  private onAbort(client: pg.PoolClient, options?: QueryOptions): () => void {
    const signal = options?.signal;
    if (!signal) return () => undefined;
    const pid = (client as unknown as { processID: number }).processID;
    let settle!: () => void;
    const settled = new Promise<void>((resolve) => (settle = resolve));
    let done = false;
    // Cancel on the server; a cancel that came before the query started is a no-op, so it is repeated
    // while the query still runs, and a query still waiting after that is dropped with its socket (a
    // server that stopped answering would otherwise hold it, and whoever waits for it, until the socket dies).
    const listener = () => {
      const stopping = stopQuery(() => this.cancel(pid), settled, () => done).then(() => {
        if (done) return;
        client.on('error', () => undefined); // the query fails with the abort; the dropped socket is no news
        (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
      });
      this.cancelling.add(stopping);
      void stopping.finally(() => this.cancelling.delete(stopping));
    };
    // Aborted already (the other side failed while this query was being sent): stop it all the same.
    if (signal.aborted) listener();
    else signal.addEventListener('abort', listener, { once: true });
    return () => {
      done = true;
      settle();
      signal.removeEventListener('abort', listener);
    };
  }

  async query(sql: string, params: readonly unknown[] = [], options?: QueryOptions): Promise<ResultRow[]> {
    const client = await this.acquire(options);
    const detach = this.onAbort(client, options);
    let broken: Error | undefined;
    try {
      const result = options?.catalog
        ? await client.query(extended(sql, params))
        : await this.readOnly(client, async () => {
            // Only for this query: the transaction's end (ROLLBACK) resets it.
            if (options?.preferMergeJoin) await client.query('SET LOCAL enable_hashjoin = off');
            return client.query(extended(sql, params));
          });
      if (options?.signal?.aborted) throw options.signal.reason;
      return result.rows as ResultRow[];
    } catch (error) {
      broken = error as Error;
      throw this.wrap(error, sql, options);
    } finally {
      detach();
      this.release(client, broken);
    }
  }

  async *stream(sql: string, params: readonly unknown[] = [], options?: QueryOptions): AsyncIterable<ResultRow> {
    for await (const batch of this.streamBatches(sql, params, options)) yield* batch;
  }

  async *streamBatches(sql: string, params: readonly unknown[] = [], options?: QueryOptions): AsyncIterable<ResultRow[]> {
    const client = await this.acquire(options);
    const detach = this.onAbort(client, options);
    let failed: Error | undefined;
    try {
      await client.query('BEGIN READ ONLY');
      // Only for this query: the transaction's end (ROLLBACK) resets them. A cursor is planned for its
      // first tenth unless told that every row will be read.
      if (options?.preferMergeJoin) await client.query('SET LOCAL enable_hashjoin = off');
      if (options?.wholeResult) await client.query('SET LOCAL cursor_tuple_fraction = 1');
      // A portal: Parse/Bind/Execute, the extended protocol (one statement), in batches of at most 4 MiB (fetch-cursor.ts).
      yield* fetchBatches(client, sql, params, options?.signal ? { signal: options.signal } : {});
    } catch (error) {
      failed = error as Error;
      throw this.wrap(error, sql, options);
    } finally {
      detach();
      // The transaction ends (and with it any setting a query changed; the portal was closed when
      // fetchBatches ended); a failed one is not handed back to the pool: released as broken.
      if (!failed && this.active.has(client)) await client.query('ROLLBACK').catch((error: Error) => (failed = error));
      this.release(client, failed);
    }
  }

  /**
   * One query (a statement costs three round trips: BEGIN READ ONLY, it, ROLLBACK): each column, with
   * its place in the primary key, and whether the relation takes a sampling clause: a table or a
   * materialized view, or a partitioned table without foreign partitions (a foreign partition under
   * TABLESAMPLE is read whole, every row of it kept, and would crowd the sample); not a view.
   */
  async describeTable(table: string, options?: QueryOptions): Promise<RelationSchema> {
    const columns = await this.query(
      // Positions count from 0; those from indnkeyatts on are INCLUDE columns, carried but not the key.
      `WITH rel AS (
         SELECT c.oid, c.relkind IN ('r', 'm') OR (c.relkind = 'p' AND NOT EXISTS (
           WITH RECURSIVE tree(relid) AS (SELECT c.oid UNION ALL SELECT h.inhrelid FROM pg_inherits h JOIN tree ON h.inhparent = tree.relid)
           SELECT 1 FROM tree JOIN pg_class f ON f.oid = tree.relid WHERE f.relkind = 'f')) AS samplable
         FROM pg_class c WHERE c.oid = to_regclass($1))
       SELECT a.attname AS name, format_type(a.atttypid, a.atttypmod) AS type,
              CASE WHEN array_position(i.indkey::int2[], a.attnum) < i.indnkeyatts THEN array_position(i.indkey::int2[], a.attnum) END AS key_position,
              rel.samplable
         FROM rel JOIN pg_attribute a ON a.attrelid = rel.oid
         LEFT JOIN pg_index i ON i.indrelid = a.attrelid AND i.indisprimary
        WHERE a.attnum > 0 AND NOT a.attisdropped
        ORDER BY a.attnum`,
      [this.compiler.quoteTable(table)],
      { ...options, catalog: true },
    );
    return {
      columns: columns.map((row) => ({ ...columnTypeOf(String(row.name), String(row.type), [], POSTGRES_SINGLE_FLOAT), declared: true })),
      primaryKey: primaryKeyOf(columns),
      ...(columns.length > 0 && { samplable: columns[0]!.samplable === true }),
    };
  }

  async describeQuery(sql: string, options?: QueryOptions): Promise<RelationSchema> {
    const client = await this.acquire(options);
    const probe = `SELECT * FROM (${sql}) AS q LIMIT 0`;
    let broken: Error | undefined;
    try {
      const result = await this.readOnly(client, () => client.query(extended(probe)));
      const oids = result.fields.map((f) => f.dataTypeID);
      const mods = result.fields.map((f) => f.dataTypeModifier);
      const types = await this.readOnly(client, () =>
        client.query(
          extended('SELECT format_type(t.oid, t.mod) AS type FROM unnest($1::oid[], $2::int[]) WITH ORDINALITY AS t(oid, mod, n) ORDER BY t.n', [oids, mods]),
        ),
      );
      return {
        columns: result.fields.map((field, i) => columnTypeOf(field.name, String(types.rows[i]?.type ?? 'unknown'), [], POSTGRES_SINGLE_FLOAT)),
        primaryKey: [],
      };
    } catch (error) {
      broken = error as Error;
      throw this.wrap(error, probe, options);
    } finally {
      this.release(client, broken);
    }
  }

  async serverVersion(options?: QueryOptions): Promise<string> {
    const [row] = await this.query("SELECT 'PostgreSQL ' || current_setting('server_version') AS v", [], { ...options, catalog: true });
    return String(row?.v);
  }

  async keyOrder(table: string, column: string, options?: QueryOptions): Promise<number | undefined> {
    const [row] = await this.query(
      `SELECT s.correlation FROM pg_stats s
         JOIN pg_class c ON c.relname = s.tablename JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = s.schemaname
        WHERE c.oid = to_regclass($1) AND s.attname = $2 AND NOT s.inherited`,
      [this.compiler.quoteTable(table), column],
      { ...options, catalog: true },
    );
    return row?.correlation === null || row?.correlation === undefined ? undefined : Number(row.correlation);
  }

  async close(): Promise<void> {
    this.closed = true;
    const pool = this.pool;
    this.pool = undefined;
    // a connect still pending ends now, not at the connect timeout (the pool's end() would wait for it)
    for (const ending of [pool, ...this.retired]) dropConnecting(ending);
    await Promise.allSettled([...this.cancelling]);
    await Promise.all([pool, ...this.retired.splice(0)].map((p) => p?.end().catch(() => undefined)));
  }
  /**
   * A stop: the backends of the clients in use are ended on the server (pg_terminate_backend, from a
   * connection outside the pool: a closed socket alone leaves a backend running until it next
   * writes), then every socket is torn down without waiting for the server.
   */
  async destroy(): Promise<void> {
    this.closed = true;
    const pool = this.pool;
    this.pool = undefined;
    const clients = [...this.active];
    this.active.clear();
    for (const ending of [pool, ...this.retired]) dropConnecting(ending);
    // A client taken from the pool has no 'error' listener: its backend ending ("terminating connection
    // due to administrator command") must not crash the process.
    for (const client of clients) client.on('error', () => undefined);
    const pids = clients.map((client) => (client as unknown as { processID: number }).processID).filter((pid) => Number.isInteger(pid));
    if (pids.length > 0) await this.terminate(pids);
    for (const client of clients) destroySocket(client);
    // Idle clients end politely (they run nothing); not awaited.
    for (const idle of [pool, ...this.retired.splice(0)]) void idle?.end().catch(() => undefined);
  }

  private async terminate(pids: number[]): Promise<void> {
    const client = new SessionClient({ ...this.clientConfig(), connectionTimeoutMillis: 2_000, query_timeout: 2_000, application_name: 'datacompare' });
    client.on('error', () => undefined);
    try {
      await client.connect();
      await client.query('SELECT pg_terminate_backend(pid) FROM unnest($1::int[]) AS pid', [pids]);
    } catch (error) {
      this.options.logger.debug(`could not end the queries on "${this.options.datasourceName}": ${(error as Error).message}`);
    } finally {
      destroySocket(client);
    }
  }

}

/**
 * Drops a pool's connections still being set up (a server that accepted and never answered would keep
 * them, and whoever waits for them, until the connect timeout). node-pg has no public way to abort a
 * pending connect: its pool's client list and a client's `_connecting` flag are read here.
 */
function dropConnecting(pool: pg.Pool | undefined): void {
  const clients = (pool as unknown as { _clients?: { _connecting?: boolean; on(event: 'error', listener: () => void): void; connection?: { stream?: { destroy(): void } } }[] } | undefined)?._clients ?? [];
  for (const client of clients) {
    if (!client._connecting) continue;
    client.on('error', () => undefined);
    client.connection?.stream?.destroy();
  }
}

/** Tears down a client's socket at once (node-pg has no public way: end() waits for the server). */
function destroySocket(client: pg.Client | pg.PoolClient): void {
  // A client taken from the pool has no 'error' listener: its "terminated unexpectedly" must not crash the process.
  client.on('error', () => undefined);
  (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
}

function categorize(error: unknown): { category: ErrorCategory; code?: string } {
  const code = (error as { code?: unknown })?.code;
  const text = typeof code === 'string' ? code : undefined;
  const result = (category: ErrorCategory) => (text === undefined ? { category } : { category, code: text });
  if (!text) return result(error instanceof Error && error.name === 'AbortError' ? 'cancelled' : 'other');
  if (text === '42P01' || text === '3F000') return result('missing-table');
  if (text === '42703') return result('missing-column');
  if (text === '42601') return result('syntax');
  if (text === '25006') return result('read-only');
  if (text === '57014') return result(/statement timeout/i.test(driverMessage(error)) ? 'timeout' : 'cancelled');
  if (/^(08|28|3D|53|57P)/.test(text) || /^E[A-Z]+$/.test(text)) return result('connection');
  return result('other');
}
