/**
 * What every database looks like to the engine. The engine (and the checksum diff, the server...)
 * import only this file and `registry.ts`, never a concrete dialect folder. A dialect is three
 * roles, as in kysely: a SQL compiler (`SqlCompiler`, text only, pure), a connection (lazy, pooled,
 * streaming, cancellable) and an introspector (columns, types and primary key of a table or query).
 *
 * The contract is additive-only: other parts of datacompare build on it.
 */
import type { ColumnType, DialectName, SqlCompiler } from '../sql/types.js';
import type { SideColumnReads, SideSqlText } from '../sql/column-reads.js';
import type { Logger } from '../shared/logger.js';

export type { ColumnType, DialectName, NormalizeOptions, ReportedValue, SqlCompiler, TextKeyOrder, TypeFamily } from '../sql/types.js';

/** How to connect to a database; secrets (URLs) already resolved from ${VAR}s and registered for redaction. */
export type ConnectionConfig =
  | { type: 'sqlite'; path: string }
  | ({ type: 'postgres'; url: string } & NetworkSettings)
  | ({ type: 'mysql'; url: string } & NetworkSettings) // MySQL and MariaDB
  | { type: 'duckdb'; path: string } // a DuckDB database file or ':memory:'
  // Files read through an in-memory DuckDB: `path` is a file, a glob or a URL; the rows are the view `table`.
  | { type: 'csv'; path: string; table: string; csv: CsvReadOptions }
  | { type: 'parquet'; path: string; table: string };

/** How a network database is reached beyond its URL (both optional: the CLI gives neither). */
export interface NetworkSettings {
  /** Give up connecting after this long (default 30 s). */
  connectTimeoutMs?: number;
  /**
   * Set by the service for a tenant's data source (src/server/connection-policy.ts): the URL alone
   * decides, with no query parameters left in it; the driver reads no environment variable (PGPASSWORD,
   * PGHOST…), no password file and no file named in the URL; TLS material, if any, is given here as text.
   */
  isolated?: { tls: TlsSettings | null };
}

/** TLS of an isolated connection: `verify` true checks the certificate and the host name, 'ca' only the certificate. */
export interface TlsSettings {
  verify: boolean | 'ca';
  ca?: string;
  cert?: string;
  key?: string;
  /** The host name to verify when the URL's host was replaced by its address. */
  servername?: string;
}

/** How DuckDB's read_csv reads a CSV data source; anything unset is detected by DuckDB's sniffer. */
export interface CsvReadOptions {
  delimiter?: string;
  header?: boolean;
  quote?: string;
  escape?: string;
  /** Field texts read as NULL (DuckDB's default: an empty unquoted field). */
  nullStrings?: string[];
  /** Column name → DuckDB type name, for columns whose type should not be inferred. */
  columnTypes?: Record<string, string>;
  /** Read every column as text (no type inference). */
  allVarchar?: boolean;
  /** The thousands separator inside numbers (`,` for `1,234.50`). */
  thousands?: string;
  /** The decimal mark of numbers (`,` for `1.234,50`); default `.`. */
  decimalSeparator?: string;
}

/** Every connection kind is a dialect the SQL layer knows, and the reverse (checked when compiling). */
type SameNames<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
export const CONNECTION_KINDS_ARE_DIALECTS: SameNames<ConnectionConfig['type'], DialectName> = true;

/** The shape of a table or query result. */
export interface RelationSchema {
  columns: ColumnType[];
  /** Declared primary key, in key order; [] when none (always [] for a query). */
  primaryKey: string[];
  /**
   * True when the declared primary key may hold NULL, and so repeat (SQLite: a PRIMARY KEY that is
   * not the rowid, in a rowid table, without NOT NULL). Absent: the key is unique and never NULL.
   */
  primaryKeyNullable?: boolean;
  /**
   * False when the relation refuses a sampling clause (PostgreSQL: a view or a foreign table, where
   * `TABLESAMPLE` fails); absent where the catalog does not say (a sample then falls back on failure).
   */
  samplable?: boolean;
}

export interface QueryOptions {
  /** Aborting stops the query on the server (pg_cancel_backend / KILL QUERY / sqlite interrupt). */
  signal?: AbortSignal;
  /**
   * Join by merging key-ordered index scans instead of hashing, where the engine can be told
   * (PostgreSQL: `enable_hashjoin` off for this query only); ignored elsewhere.
   */
  preferMergeJoin?: boolean;
  /**
   * A stream whose every row is read (the join diff's differing rows): planned for the whole result,
   * not for its first rows (PostgreSQL: `cursor_tuple_fraction` 1 for this query); ignored elsewhere.
   */
  wholeResult?: boolean;
  /**
   * The SQL is datacompare's own catalog or statistics query, with no text a user wrote (names and
   * values are bound parameters): PostgreSQL runs it without `BEGIN READ ONLY … ROLLBACK`, two round
   * trips, in a session read-only by default and left clean by every earlier statement's ROLLBACK.
   * Never for SQL holding a filter, a query or any other text from a spec or a request.
   */
  catalog?: boolean;
}

/** A result row; values as the driver gives them (canonical texts are strings). */
export type ResultRow = Record<string, unknown>;

/**
 * A connection (pool) to one data source. Opened lazily on first use, closed by `close()` (the
 * engine always calls it in `finally`; calling it twice is harmless). Every session is in UTC.
 * Driver errors come out as ConnectionError / QueryError (driver code/detail and the SQL kept as
 * `cause`/`sql`, never the URL or password).
 */
export interface DatabaseConnection {
  readonly dialect: DialectName;
  readonly compiler: SqlCompiler;
  /** Runs a query and returns every row (for small results: counts, samples, introspection). */
  query(sql: string, params?: readonly unknown[], options?: QueryOptions): Promise<ResultRow[]>;
  /** Streams the rows of a query with bounded memory. Breaking out of the loop ends the query. */
  stream(sql: string, params?: readonly unknown[], options?: QueryOptions): AsyncIterable<ResultRow>;
  /**
   * The same rows as `stream`, handed over in the arrays the driver buffered (fewer promises per row
   * for the streaming merge); optional: without it, callers batch `stream` themselves.
   */
  streamBatches?(sql: string, params?: readonly unknown[], options?: QueryOptions): AsyncIterable<ResultRow[]>;
  /** Columns, types and declared primary key of a table (`schema.table` or `table`). */
  describeTable(table: string, options?: QueryOptions): Promise<RelationSchema>;
  /** Columns and types of a query's result (without running it to completion). */
  describeQuery(sql: string, options?: QueryOptions): Promise<RelationSchema>;
  /** Server version text, e.g. `PostgreSQL 15.20`, `10.11.19-MariaDB`. */
  serverVersion(options?: QueryOptions): Promise<string>;
  /**
   * The ordered row hash (`SqlCompiler.orderedMd5`) where the session settings cap a group's joined
   * texts (MariaDB cuts them silently): how many bytes they may hold. Absent where the engine's cap is
   * fixed (`ChecksumHooks.orderedTextCap`) or there is none.
   */
  textAggregateCap?(options?: QueryOptions): Promise<number>;
  /**
   * How closely a table's rows lie on disk in the order of `column`, from -1 to 1 (PostgreSQL's
   * `pg_stats.correlation`); undefined without statistics. Optional: engines without it never merge-join.
   */
  keyOrder?(table: string, column: string, options?: QueryOptions): Promise<number | undefined>;
  close(): Promise<void>;
  /**
   * A stop (SIGINT/SIGTERM, a time limit): ends every statement still running on the server (best
   * effort, within a few seconds) and tears down every connection at once, without waiting for a
   * query or a stream to end politely. The connection is closed afterwards. Optional: the engine
   * calls close() where a dialect has none.
   */
  destroy?(): Promise<void>;
}

export interface ConnectOptions {
  logger: Logger;
  /** Human name of the data source (the spec's key), for messages. Never the URL. */
  datasourceName: string;
  /** Maximum pooled connections (default 4; a cancel needs one more, outside the pool). */
  poolSize?: number;
  /** Each statement is stopped by the database (or interrupted) after this long; none when absent. */
  statementTimeoutMs?: number;
  /** How the user raises that limit, the hint of its timeout error (default: the spec's `query_timeout_seconds`, the CLI's `--query-timeout`). */
  statementTimeoutHint?: string;
  /**
   * Asked on every session the connection opens, before anything else is sent on it (PostgreSQL and
   * MySQL/MariaDB: each session of the pool is a connection of its own, and may have reached another
   * server than the last; file databases have no such sessions and never ask). A session it throws for
   * is closed, and what needed it fails with that error, as thrown.
   */
  admitSession?: SessionGate;
}

/** What ConnectOptions.admitSession asks of each new session; throws to refuse it. */
export type SessionGate = (session: DatabaseSession) => Promise<void>;

/** One session of a connection (ConnectOptions.admitSession), for datacompare's own catalog questions. */
export interface DatabaseSession {
  readonly dialect: DialectName;
  /** Runs a question with no user text (values bound) on this very session; an abort ends the session. */
  query(sql: string, params?: readonly unknown[], options?: QueryOptions): Promise<ResultRow[]>;
}

export interface Dialect {
  readonly name: DialectName;
  readonly compiler: SqlCompiler;
  /** Maps a type name as the database reports it to its family (and scale/precision). */
  typeOf(name: string, typeName: string): ColumnType;
  /** A connection (pool) to the data source; nothing is opened until the first query. */
  connect(config: ConnectionConfig, options: ConnectOptions): DatabaseConnection;
  /**
   * One query listing every user table and view of the data source with its columns, from the
   * engine's catalog (never a scan of data): rows `{ dataset, table_kind ('table' | 'view'),
   * column_name, data_type }`, ordered by dataset then column position. `dataset` is the name as a
   * spec writes it (schema-qualified outside the default schema).
   */
  readonly catalogQuery: string;
  /**
   * The code the database runs that is defined outside its own system schemas and that a user's SQL
   * may reach by a name (PostgreSQL: functions, operators, types whose casts or checks run such a
   * function, and sources of implicit casts run by one; MySQL/MariaDB: stored routines), as rows
   * `{ routine_schema, routine_name, routine_kind }` (CatalogRoutine's kinds): what no parse tree of
   * that SQL shows the body of. With `names` (lower case), only those of these names, compared
   * case-insensitively. Absent where they are not listed (SQLite has no functions a user defines in
   * SQL; DuckDB's macros are not listed).
   */
  routinesQuery?(names?: readonly string[]): { sql: string; params: unknown[] };
  /**
   * One query giving what each view (and materialized view) of the data source reads, one row per
   * view: `{ dataset, definition, default_schema, whole_row, refs }`. `refs` (null where the engine
   * records none: MariaDB/MySQL) are the database's own dependency facts, each
   * `{ kind: 'relation' | 'column' | 'function' | 'operator' | 'type' | 'other', schema, name, column, described }`;
   * `whole_row` says whether the view reads a whole row, which the facts leave out. Absent where the
   * engine says itself what a statement over a view reads (SQLite's authorizer) or is not analysed.
   */
  readonly viewsQuery?: string;
  /**
   * What a side's query and filter read, column by column, as the database itself reports while it
   * compiles them (never running them): where the engine can say (SQLite's authorizer). Absent elsewhere.
   */
  columnsRead?(config: ConnectionConfig, side: SideSqlText): Promise<SideColumnReads>;
}

/**
 * Per-dialect hooks of the checksum diff (`src/dialects/<name>/checksum.ts`, loaded through
 * `loadChecksumHooks` in registry.ts).
 */
export interface ChecksumHooks {
  /**
   * A query returning one row `{ estimate }`: the statistics' row count of a table, read without
   * scanning it (used to size the buckets); undefined when the engine has no cheap estimate. A
   * missing table, a negative or NULL estimate means "unknown".
   */
  estimatedRowsQuery(table: string): { sql: string; params: unknown[] } | undefined;
  /**
   * How many key-range slices of one checksum scan to run at once: > 1 for an engine that runs one
   * query on one core (MySQL/MariaDB); 1 for an engine that parallelises a scan itself (PostgreSQL)
   * or runs in our process (SQLite). Default 1.
   */
  parallelScans?: number;
  /**
   * The ordered row hash (`SqlCompiler.orderedMd5`): how many bytes a group's joined texts may hold
   * where the engine's limit is fixed (what a PostgreSQL backend is allowed to hold for one group: it
   * fails past 1 GB). Where the session settings say it, the connection's `textAggregateCap`.
   */
  orderedTextCap?: number;
  /**
   * Slices of a scan under the ordered row hash, where it differs from `parallelScans`: an ordered
   * aggregate runs on one core even in an engine that parallelises the per-row sum (PostgreSQL).
   */
  orderedParallelScans?: number;
}
