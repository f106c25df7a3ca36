/** A lazily created mysql2 pool with UTC sessions, row streaming and KILL QUERY cancellation. */
import mysql from 'mysql2';
import { boundedBatches, type RowEvents } from '../bounded-batches.js';
import type { Pool, PoolConnection, FieldPacket } from 'mysql2';
import { addressOf, wrapDriverError, type ErrorCategory } from '../errors.js';
import { splitQualifiedName } from '../../sql/compiler.js';
import { ConnectionError } from '../../shared/errors.js';
import type { ColumnType, ConnectOptions, DatabaseConnection, DatabaseSession, NetworkSettings, QueryOptions, RelationSchema, ResultRow, TlsSettings } from '../types.js';
import { mysqlCompiler } from './compiler.js';
import { mysqlColumnType } from './type-names.js';
import { identityError, isNoTlsAnswer, mysqlTls as urlTls, type MysqlTls } from './tls.js';
import { preferredTlsSocket } from './preferred-tls.js';
import { MYSQL_TLS_WORDS } from '../link-errors.js';
import { stopQuery } from '../stop-query.js';
import { primaryKeyOf } from '../primary-key.js';

const BINARY_CHARSET = 63;
const TEXTUAL = new Set(['VAR_STRING', 'STRING', 'VARCHAR', 'BLOB', 'TINY_BLOB', 'MEDIUM_BLOB', 'LONG_BLOB']);

export class MysqlConnection implements DatabaseConnection {
  readonly dialect = 'mysql' as const;
  readonly compiler = mysqlCompiler;
  private pool: Pool | undefined;
  private closed = false;
  /** KILL QUERYs under way: `close` waits for them, so a dropped query is stopped on the server too. */
  private readonly killing = new Set<Promise<void>>();
  private toldOfOracleMode = false;
  /** The least GROUP_CONCAT cap a session reported when it was set up (`textAggregateCap`). */
  private sessionTextCap: number | undefined;
  /** Pool connections whose session settings are made. */
  private readonly prepared = new WeakSet<PoolConnection>();
  /** The URL's TLS settings (the mysql client's ssl-mode & co.), read, files included, before the first connection; the service's isolated connections bring their own. */
  private tls: Promise<MysqlTls> | undefined;
  private resolvedTls: MysqlTls | undefined;
  /** Pools left behind by a fall back to plain text, ended on close. */
  private readonly retired: Pool[] = [];
  /** Connections taken from the pool and not yet given back: what destroy() ends on the server. */
  private readonly active = new Set<PoolConnection>();

  constructor(
    private readonly url: string,
    private readonly options: ConnectOptions,
    private readonly network: NetworkSettings = {},
  ) {}

  private connectionOptions() {
    const fromUrl = this.network.isolated ? undefined : this.resolvedTls;
    if (!this.network.isolated && !fromUrl) throw new Error('mysql TLS settings used before they were read');
    return {
      uri: fromUrl ? fromUrl.uri : this.url,
      // The service's URLs come without query parameters (src/server/connection-policy.ts), TLS as text here.
      connectTimeout: this.network.connectTimeoutMs ?? 30_000,
      ...(this.network.isolated?.tls ? { ssl: mysqlTls(this.network.isolated.tls) } : fromUrl?.ssl ? { ssl: fromUrl.ssl } : {}),
      // PREFERRED: a server whose greeting offers no TLS is spoken to in plain text on the same socket.
      ...(fromUrl?.ssl && fromUrl.plainFallback && { stream: preferredTlsSocket(() => this.tlsRefused()) }),
      timezone: 'Z',
      dateStrings: true,
      supportBigNumbers: true,
      bigNumberStrings: true,
      decimalNumbers: false,
      charset: 'utf8mb4',
      // mysql2 scans every query for `?` placeholders even when it has no values (the checksum scan's
      // SQL is about 35 KB, bounds included): a query without values is sent as written.
      queryFormat: (sql: string, values: unknown) => (values === undefined || (Array.isArray(values) && values.length === 0) ? sql : mysql.format(sql, values as Parameters<typeof mysql.format>[1], false, 'Z')),
      // No stack captured per query for a caller's promise (our errors name the SQL and data source).
      trace: false,
      // One statement per query, always, and no LOAD DATA LOCAL: whatever the URL's own options say
      // (mysql2 lets a URL's `?multipleStatements=true` win over a false option, but not over flags).
      multipleStatements: false,
      flags: '-MULTI_STATEMENTS,-LOCAL_FILES',
      // Canonical texts are BINARY (bytewise comparison): read them back as UTF-8 text.
      typeCast: (field: { type: string; charset?: number; string: (e?: string) => string | null }, next: () => unknown) => {
        if (TEXTUAL.has(field.type) && (field as { charset?: number }).charset === BINARY_CHARSET) return field.string('utf8');
        return next();
      },
    } as const;
  }

  /**
   * PREFERRED, and a greeting offered no TLS: pools and connections made from now on are plain. (The
   * present pool's connections each read their own greeting: mysql2 copies the settings for each. One
   * whose greeting came cut in two still fails as before, and `fallBackToPlain` still retries it.)
   */
  private tlsRefused(): void {
    if (this.resolvedTls?.plainFallback) this.resolvedTls = { ...this.resolvedTls, ssl: undefined };
  }

  private getPool(): Pool {
    if (this.closed) throw new ConnectionError(`The connection to data source "${this.options.datasourceName}" is closed.`);
    if (!this.pool) {
      this.pool = mysql.createPool({ ...this.connectionOptions(), connectionLimit: this.options.poolSize ?? 4 } as never);
    }
    return this.pool;
  }

  /** `connecting`: the error came while getting a connection, so it is a connection error whatever its code (a timeout, the wrong protocol…). */
  private wrap(error: unknown, sql: string | undefined, options?: QueryOptions, connecting = false) {
    const context: { datasourceName: string; sql?: string; signal?: AbortSignal } = { datasourceName: this.options.datasourceName };
    if (sql !== undefined) context.sql = sql;
    if (options?.signal) context.signal = options.signal;
    const info = categorize(error);
    return wrapDriverError(error, connecting && info.category !== 'cancelled' ? { ...info, category: 'connection' } : info, { ...context, statementTimeoutMs: this.options.statementTimeoutMs, statementTimeoutHint: this.options.statementTimeoutHint, address: addressOf(this.url, 3306), tls: MYSQL_TLS_WORDS });
  }

  /**
   * ssl-mode=PREFERRED and a server without TLS: from now on this data source speaks plain text. The
   * first caller to see it replaces the pool (the old one ends with the connection: callers still
   * queued on it get their own refusal and retry); true when a retry will be plain.
   */
  private fallBackToPlain(pool: Pool): boolean {
    const tls = this.resolvedTls;
    if (this.pool !== pool) return tls !== undefined && tls.ssl === undefined;
    if (!tls?.plainFallback) return false;
    this.resolvedTls = { ...tls, ssl: undefined, plainFallback: false };
    this.pool = undefined;
    this.retired.push(pool);
    return true;
  }

  private async acquire(options?: QueryOptions): Promise<PoolConnection> {
    options?.signal?.throwIfAborted();
    if (!this.network.isolated) {
      this.tls ??= urlTls(this.url, this.options.datasourceName);
      this.resolvedTls ??= await this.tls;
    }
    const signal = options?.signal;
    const pool = this.getPool();
    let connection: PoolConnection;
    try {
      connection = await new Promise<PoolConnection>((resolve, reject) => {
        // An abort does not wait for a server that never answers: the late connection is dropped when it comes.
        const stop = () => {
          reject(signal?.reason);
          dropConnecting(this.pool);
        };
        signal?.addEventListener('abort', stop, { once: true });
        pool.getConnection((error, connection) => {
          signal?.removeEventListener('abort', stop);
          if (signal?.aborted) connection?.destroy();
          else if (error) reject(error);
          else resolve(connection);
        });
      });
    } catch (error) {
      if (signal?.aborted) throw this.wrap(signal.reason, undefined, options);
      // A TLS refusal, or a pool another caller retired while this waited on it: retry once plain.
      if ((isNoTlsAnswer(error) || this.pool !== pool) && this.fallBackToPlain(pool)) return this.acquire(options);
      throw this.wrap(error, undefined, undefined, true);
    }
    if (this.closed) {
      // destroy() ran while this connection was being made.
      connection.destroy();
      throw new ConnectionError(`The connection to data source "${this.options.datasourceName}" is closed.`);
    }
    this.active.add(connection);
    if (this.prepared.has(connection)) return connection;
    try {
      const wrongHost = this.resolvedTls && identityError(this.resolvedTls, (connection as unknown as { stream?: unknown }).stream);
      if (wrongHost) throw wrongHost;
      await this.prepareSession(connection);
    } catch (error) {
      this.active.delete(connection);
      connection.destroy();
      throw this.wrap(error, undefined, undefined, true);
    }
    try {
      await this.options.admitSession?.(this.sessionOf(connection));
    } catch (error) {
      // refused, or the question failed: the session goes, never back to the pool
      this.active.delete(connection);
      connection.destroy();
      throw error;
    }
    this.prepared.add(connection);
    return connection;
  }

  /** One pool connection as a session to ask (`admitSession`); an abort ends the wait and the connection. */
  private sessionOf(connection: PoolConnection): DatabaseSession {
    return {
      dialect: 'mysql',
      query: async (sql, params = [], options) => {
        const signal = options?.signal;
        let drop!: () => void;
        const aborted = new Promise<never>((_, reject) => {
          drop = () => {
            reject(signal?.reason);
            connection.destroy();
          };
        });
        try {
          signal?.throwIfAborted();
          signal?.addEventListener('abort', drop, { once: true });
          const asked = connection.promise().query(sql, params as unknown[]);
          asked.catch(() => undefined);
          const [rows] = await Promise.race([asked, aborted]);
          return rows as ResultRow[];
        } catch (error) {
          throw this.wrap(error, sql, options);
        } finally {
          signal?.removeEventListener('abort', drop);
        }
      },
    };
  }

  /** Gives a connection back to the pool, or (`reusable` false) closes it: once only, and not after destroy(). */
  private release(connection: PoolConnection, reusable = true): void {
    if (!this.active.delete(connection)) return;
    if (reusable) connection.release();
    else connection.destroy();
  }

  /**
   * A new session, in three round trips: UTC, GROUP_CONCAT up to 1 GB (the checksum diff's ordered
   * row hash joins a range's row texts; max_allowed_packet still caps it) and the statement time
   * limit (MariaDB's max_statement_time in seconds, else MySQL's max_execution_time in ms: a SET naming
   * an unknown variable fails whole, and is made again); read-only (every statement is then a
   * read-only transaction: a write fails with ER_CANT_EXECUTE_IN_READ_ONLY_TRANSACTION, and a SELECT
   * cannot change that); then the sql_mode, without ORACLE's flag (WITHOUT_ORACLE_MODE), read with the
   * GROUP_CONCAT cap the ordered row hash needs (`textAggregateCap`).
   */
  private async prepareSession(connection: PoolConnection): Promise<void> {
    const run = (sql: string) => connection.promise().query(sql);
    const settings = "SET time_zone = '+00:00', SESSION group_concat_max_len = 1073741824";
    const ms = this.options.statementTimeoutMs;
    if (!ms) await run(settings);
    else {
      try {
        await run(`${settings}, SESSION max_statement_time = ${Math.max(0.001, ms / 1000)}`);
      } catch (error) {
        if ((error as { code?: string }).code !== 'ER_UNKNOWN_SYSTEM_VARIABLE') throw error;
        await run(`${settings}, SESSION max_execution_time = ${Math.max(1, Math.round(ms))}`);
      }
    }
    await run('SET SESSION TRANSACTION READ ONLY');
    // A server (or proxy) that will not say its cap still says its sql_mode; the cap is then asked for when needed.
    const [rows] = await run(`SELECT @@SESSION.sql_mode AS mode, ${TEXT_CAP} AS cap`).catch(() => run('SELECT @@SESSION.sql_mode AS mode'));
    const session = (rows as { mode?: unknown; cap?: unknown }[])[0];
    const cap = Number(session?.cap);
    if (session?.cap !== undefined && session.cap !== null && Number.isFinite(cap)) this.sessionTextCap = Math.min(this.sessionTextCap ?? cap, cap);
    if (String(session?.mode ?? '').split(',').includes('ORACLE')) {
      await run(WITHOUT_ORACLE_MODE);
      if (!this.toldOfOracleMode) {
        this.toldOfOracleMode = true;
        this.options.logger.warning(
          `Data source "${this.options.datasourceName}": the server's sql_mode includes ORACLE, under which CONCAT reads NULL as ''; datacompare's sessions run without that flag (the rest of the mode stays), so a filter or query that relies on it (\`'a' || NULL\` being 'a') reads NULL there.`,
        );
      }
    }
  }

  /**
   * How many bytes GROUP_CONCAT keeps before it cuts a group's text SILENTLY (group_concat_max_len,
   * or max_allowed_packet when less): as the sessions reported it when they were set up, else asked.
   */
  async textAggregateCap(options?: QueryOptions): Promise<number> {
    if (this.sessionTextCap !== undefined) return this.sessionTextCap;
    const [row] = await this.query(`SELECT ${TEXT_CAP} AS cap`, [], options);
    return Number(row?.cap ?? 0);
  }

  private async kill(threadId: number): Promise<void> {
    const connection = mysql.createConnection(this.connectionOptions() as never);
    await connection
      .promise()
      .query(`KILL QUERY ${Number(threadId)}`)
      .catch((error: Error) => this.options.logger.debug(`could not cancel the query on "${this.options.datasourceName}": ${error.message}`));
    await connection.promise().end().catch(() => undefined);
  }

  private onAbort(connection: PoolConnection, options?: QueryOptions): () => void {
    const signal = options?.signal;
    if (!signal) return () => undefined;
    // Stop the query on the server, and drop the connection at once (a server that stopped answering
    // would otherwise hold the query, and whoever waits for it, until the socket dies).
    let settle!: () => void;
    const settled = new Promise<void>((resolve) => (settle = resolve));
    let done = false;
    // KILL QUERY; one that came before the query started is a no-op, so it is repeated while the query
    // still runs. (The connection is not destroyed: mysql2 would leave a streaming query waiting forever.)
    const listener = () => {
      const killed = stopQuery(() => this.kill(connection.threadId), settled, () => done);
      this.killing.add(killed);
      void killed.finally(() => this.killing.delete(killed));
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

  private async run(sql: string, params: readonly unknown[], options?: QueryOptions): Promise<{ rows: ResultRow[]; fields: FieldPacket[] }> {
    const connection = await this.acquire(options);
    const detach = this.onAbort(connection, options);
    try {
      const result = await new Promise<{ rows: ResultRow[]; fields: FieldPacket[] }>((resolve, reject) => {
        connection.query(sql, params as unknown[], (error, rows, fields) => {
          if (error) reject(error);
          else resolve({ rows: rows as ResultRow[], fields: (fields ?? []) as FieldPacket[] });
        });
      });
      // KILL QUERY makes SLEEP() return early instead of failing: an aborted query never counts as done.
      if (options?.signal?.aborted) throw options.signal.reason;
      return result;
    } catch (error) {
      throw this.wrap(error, sql, options);
    } finally {
      detach();
      this.release(connection);
    }
  }

  async query(sql: string, params: readonly unknown[] = [], options?: QueryOptions): Promise<ResultRow[]> {
    return (await this.run(sql, params, options)).rows;
  }

  async *stream(sql: string, params: readonly unknown[] = [], options?: QueryOptions): AsyncIterable<ResultRow> {
    for await (const batch of this.streamBatches(sql, params, options)) yield* batch;
  }

  async *streamBatches(sql: string, params: readonly unknown[] = [], options?: QueryOptions): AsyncIterable<ResultRow[]> {
    const connection = await this.acquire(options);
    const detach = this.onAbort(connection, options);
    // The rows as mysql2 parses them, in batches of at most 4 MiB; the socket paused while more wait unread.
    const query = connection.query(sql, params as unknown[]);
    let completed = false;
    try {
      yield* boundedBatches(query as unknown as RowEvents, connection);
      completed = true;
    } catch (error) {
      throw this.wrap(error, sql, options);
    } finally {
      detach();
      // Stopped early: the server is still sending rows on this connection; it cannot be reused.
      this.release(connection, completed);
    }
  }

  /**
   * One query for the columns and their places in the primary key; the JSON check only for a table
   * with a TEXT column (MariaDB's JSON is a LONGTEXT with a json_valid check; a TEXT may carry one too).
   */
  async describeTable(table: string, options?: QueryOptions): Promise<RelationSchema> {
    const parts = splitQualifiedName(table);
    const name = parts.at(-1) ?? table;
    const schema = parts.length > 1 ? (parts.at(-2) ?? null) : null;
    const columns = await this.query(
      // A subquery with the names as constants: joined, MariaDB would read STATISTICS of every database.
      `SELECT c.COLUMN_NAME AS name, c.COLUMN_TYPE AS type, c.CHARACTER_SET_NAME AS charset,
              (SELECT k.SEQ_IN_INDEX FROM information_schema.STATISTICS k
                WHERE k.TABLE_SCHEMA = COALESCE(?, DATABASE()) AND k.TABLE_NAME = ? AND k.INDEX_NAME = 'PRIMARY' AND k.COLUMN_NAME = c.COLUMN_NAME) AS key_position
         FROM information_schema.COLUMNS c
        WHERE c.TABLE_SCHEMA = COALESCE(?, DATABASE()) AND c.TABLE_NAME = ? ORDER BY c.ORDINAL_POSITION`,
      [schema, name, schema, name],
      options,
    );
    const json = columns.some((row) => /^(?:tiny|medium|long)?text\b/i.test(String(row.type))) ? await this.jsonColumns(schema, name, options) : new Set<string>();
    return {
      columns: columns.map((row) => ({
        ...mysqlColumnType(String(row.name), json.has(String(row.name)) ? 'json' : String(row.type), row.charset === null || row.charset === undefined ? undefined : String(row.charset)),
        declared: true,
      })),
      primaryKey: primaryKeyOf(columns),
    };
  }

  /**
   * MariaDB's JSON is a LONGTEXT with a `json_valid(col)` check: its columns, so they compare by
   * value, not by spelling. MySQL reports `json` itself (its CHECK_CONSTRAINTS has no TABLE_NAME: none found).
   */
  private async jsonColumns(schema: string | null, table: string, options?: QueryOptions): Promise<Set<string>> {
    try {
      const rows = await this.query(
        `SELECT CHECK_CLAUSE AS clause FROM information_schema.CHECK_CONSTRAINTS
          WHERE CONSTRAINT_SCHEMA = COALESCE(?, DATABASE()) AND TABLE_NAME = ? AND CHECK_CLAUSE LIKE 'json\\_valid(%'`,
        [schema, table],
        options,
      );
      const names = rows.map((row) => /^json_valid\(`((?:[^`]|``)+)`\)$/.exec(String(row.clause))?.[1]?.replaceAll('``', '`'));
      return new Set(names.filter((n): n is string => n !== undefined));
    } catch (error) {
      if (options?.signal?.aborted) throw error;
      return new Set();
    }
  }

  async describeQuery(sql: string, options?: QueryOptions): Promise<RelationSchema> {
    const { fields } = await this.run(`SELECT * FROM (${sql}) AS q LIMIT 0`, [], options);
    return { columns: fields.map(fieldType), primaryKey: [] };
  }

  async serverVersion(options?: QueryOptions): Promise<string> {
    const [row] = await this.query('SELECT VERSION() AS v', [], options);
    return String(row?.v);
  }

  async close(): Promise<void> {
    this.closed = true;
    const pool = this.pool;
    this.pool = undefined;
    // a connect still pending ends now, not at the connect timeout
    for (const ending of [pool, ...this.retired]) dropConnecting(ending);
    await Promise.allSettled([...this.killing]);
    const pools = [pool, ...this.retired.splice(0)].filter((p): p is Pool => p !== undefined);
    await Promise.all(pools.map((p) => new Promise<void>((resolve) => p.end(() => resolve()))));
  }
  /**
   * A stop: the threads of the connections in use are killed on the server (KILL, from a connection
   * outside the pool: a thread blocked sending rows to a paused socket shows `Killed` and stays),
   * then every socket is torn down without waiting for the server. pool.end() would wait for the
   * connections in use to be released, which a stuck stream never does.
   */
  async destroy(): Promise<void> {
    this.closed = true;
    const pool = this.pool;
    this.pool = undefined;
    const connections = [...this.active];
    this.active.clear();
    for (const ending of [pool, ...this.retired]) dropConnecting(ending);
    // Killed under a running query, a connection reports the lost link as an error event: not a crash.
    for (const connection of connections) connection.on('error', () => undefined);
    if (connections.length > 0) await this.killThreads(connections.map((c) => c.threadId));
    for (const connection of connections) connection.destroy();
    for (const idle of [pool, ...this.retired.splice(0)]) idle?.end(() => undefined);
  }

  private async killThreads(threadIds: number[]): Promise<void> {
    const connection = mysql.createConnection({ ...this.connectionOptions(), connectTimeout: 2_000 } as never);
    connection.on('error', () => undefined);
    try {
      for (const id of threadIds) {
        await connection
          .promise()
          .query({ sql: `KILL ${Number(id)}`, timeout: 2_000 })
          // A thread that ended meanwhile: ER_NO_SUCH_THREAD.
          .catch((error: { code?: string; message: string }) => {
            if (error.code !== 'ER_NO_SUCH_THREAD') throw error;
          });
      }
    } catch (error) {
      this.options.logger.debug(`could not end the queries on "${this.options.datasourceName}": ${(error as Error).message}`);
    } finally {
      connection.destroy();
    }
  }

}

/**
 * Drops a pool's connections still being set up (a server that accepted and never answered would keep
 * them, and whoever waits for them, until the connect timeout). mysql2 has no public way to abort a
 * pending connect: its pool's connection list and a connection's `authorized` flag are read here.
 */
function dropConnecting(pool: Pool | undefined): void {
  const all = (pool as unknown as { _allConnections?: { length: number; get(i: number): PoolConnection & { authorized?: boolean } } } | undefined)?._allConnections;
  if (!all) return;
  const pending: PoolConnection[] = [];
  for (let i = 0; i < all.length; i++) if (!all.get(i).authorized) pending.push(all.get(i));
  for (const connection of pending) {
    connection.on('error', () => undefined);
    connection.destroy();
  }
}

/** mysql2's `ssl` option for an isolated connection's TLS. */
function mysqlTls(tls: TlsSettings): Record<string, unknown> {
  return {
    rejectUnauthorized: tls.verify !== false,
    ...(tls.verify === 'ca' ? { checkServerIdentity: () => undefined } : {}),
    ...(tls.ca === undefined ? {} : { ca: tls.ca }),
    ...(tls.cert === undefined ? {} : { cert: tls.cert }),
    ...(tls.key === undefined ? {} : { key: tls.key }),
    ...(tls.servername === undefined ? {} : { servername: tls.servername }),
  };
}

/** GROUP_CONCAT's cap on a group's text in this session: its own limit, or a packet's when less. */
const TEXT_CAP = 'LEAST(@@SESSION.group_concat_max_len, @@SESSION.max_allowed_packet)';

/**
 * MariaDB's sql_mode=ORACLE makes CONCAT skip NULLs (`CONCAT(NULL, ':')` is `':'`), so every canonical
 * row text would read a NULL as text (a false difference against PostgreSQL's `-`): the session drops
 * that flag alone, keeping the rest of the server's mode (ANSI_QUOTES, say) for the user's filters.
 * A no-op where the mode is not set, and on MySQL, which has no such mode.
 */
export const WITHOUT_ORACLE_MODE = "SET SESSION sql_mode = TRIM(BOTH ',' FROM REPLACE(CONCAT(',', @@SESSION.sql_mode, ','), ',ORACLE,', ','))";

/** The column type of a query result field (protocol type numbers). */
function fieldType(field: FieldPacket): ColumnType {
  const type = field.columnType ?? field.type ?? -1;
  const decimals = field.decimals;
  const binary = (field.characterSet ?? field.charsetNr) === BINARY_CHARSET;
  const name = field.name;
  const named = (typeName: string) => mysqlColumnType(name, typeName);
  if (field.extendedTypeName === 'uuid') return named('uuid');
  if (field.extendedFormat === 'json' || type === 245) return named('json');
  // A SET (SET_FLAG): its members are not in the metadata; its text is split at the commas (collection.ts).
  if (typeof field.flags === 'number' && (field.flags & 2048) !== 0) return named('set');
  switch (type) {
    case 1:
      return named(field.columnLength === 1 ? 'tinyint(1)' : 'tinyint');
    case 2: case 3: case 8: case 9: case 13:
      return named('bigint');
    case 16:
      return named(field.columnLength === 1 ? 'bit(1)' : 'bigint');
    case 0: case 246:
      return named(`decimal(65,${decimals})`);
    case 4:
      return named('float');
    case 5:
      return named('double');
    case 7: case 17:
      return named(`timestamp(${Math.min(6, decimals)})`);
    case 12: case 18:
      return named(`datetime(${Math.min(6, decimals)})`);
    case 10: case 14:
      return named('date');
    case 11: case 19:
      return named(`time(${Math.min(6, decimals)})`);
    case 15: case 252: case 253: case 254:
      return named(binary ? 'varbinary' : 'varchar');
    default:
      return { name, type: String(field.typeName ?? type), family: 'unknown' };
  }
}

function categorize(error: unknown): { category: ErrorCategory; code?: string } {
  const code = (error as { code?: unknown })?.code;
  const text = typeof code === 'string' ? code : undefined;
  const result = (category: ErrorCategory) => (text === undefined ? { category } : { category, code: text });
  switch (text) {
    case 'ER_NO_SUCH_TABLE':
    case 'ER_BAD_TABLE_ERROR':
      return result('missing-table');
    case 'ER_BAD_FIELD_ERROR':
      return result('missing-column');
    case 'ER_PARSE_ERROR':
      return result('syntax');
    case 'ER_QUERY_INTERRUPTED':
      return result('cancelled');
    case 'ER_CANT_EXECUTE_IN_READ_ONLY_TRANSACTION':
    case 'ER_READ_ONLY_TRANSACTION':
      return result('read-only');
    case 'ER_QUERY_TIMEOUT':
      return result('timeout');
    case 'ER_ACCESS_DENIED_ERROR':
    case 'ER_BAD_DB_ERROR':
    case 'ER_DBACCESS_DENIED_ERROR':
    case 'PROTOCOL_CONNECTION_LOST':
      return result('connection');
  }
  if (text && /^E[A-Z]+$/.test(text)) return result('connection');
  // MariaDB's ER_STATEMENT_TIMEOUT has no name in mysql2, only its number.
  if ((error as { errno?: unknown })?.errno === 1969) return result('timeout');
  return result('other');
}
