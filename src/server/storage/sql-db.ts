/**
 * The two databases the server can keep its state in, behind one tiny async interface: SQLite
 * (node:sqlite, a file under --data-dir; the default) and PostgreSQL (pg, several server processes
 * sharing the work). The store writes its SQL once with `?` placeholders and ISO-text timestamps;
 * only DDL and the job-claiming clause differ per database.
 */
import { DatabaseSync, type SQLInputValue } from 'node:sqlite';
import pg from 'pg';
import { ConfigurationError, ConnectionError } from '../../shared/errors.js';
import { isNoTlsAnswer, postgresTls, type PostgresTls } from '../../dialects/postgres/tls.js';

export type SqlParam = string | number | boolean | null | undefined;

export interface SqlDb {
  readonly dialect: 'sqlite' | 'postgres';
  all<T = Record<string, unknown>>(sql: string, params?: readonly SqlParam[]): Promise<T[]>;
  /** Runs a statement; returns the number of rows it changed. */
  run(sql: string, params?: readonly SqlParam[]): Promise<number>;
  /** Runs `fn` in one transaction on one connection. */
  transaction<T>(fn: (db: SqlDb) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

function sqliteParam(value: SqlParam): SQLInputValue {
  if (value === undefined) return null;
  if (typeof value === 'boolean') return value ? 1 : 0;
  return value;
}

/** SQLite: one synchronous connection in WAL mode; a transaction holds every other statement back. */
export class SqliteDb implements SqlDb {
  readonly dialect = 'sqlite' as const;
  private readonly db: DatabaseSync;
  private active: Promise<void> | null = null;

  constructor(file: string) {
    this.db = new DatabaseSync(file);
    this.db.exec('PRAGMA journal_mode = WAL; PRAGMA busy_timeout = 5000; PRAGMA foreign_keys = ON;');
  }

  private execAll<T>(sql: string, params: readonly SqlParam[]): T[] {
    return this.db.prepare(sql).all(...params.map(sqliteParam)) as T[];
  }

  private execRun(sql: string, params: readonly SqlParam[]): number {
    return Number(this.db.prepare(sql).run(...params.map(sqliteParam)).changes);
  }

  private async idle(): Promise<void> {
    while (this.active) await this.active;
  }

  async all<T>(sql: string, params: readonly SqlParam[] = []): Promise<T[]> {
    await this.idle();
    return this.execAll<T>(sql, params);
  }

  async run(sql: string, params: readonly SqlParam[] = []): Promise<number> {
    await this.idle();
    return this.execRun(sql, params);
  }

  async exec(sql: string): Promise<void> {
    await this.idle();
    this.db.exec(sql);
  }

  async transaction<T>(fn: (db: SqlDb) => Promise<T>): Promise<T> {
    await this.idle();
    let release!: () => void;
    this.active = new Promise<void>((resolve) => (release = resolve));
    const scoped: SqlDb = {
      dialect: 'sqlite',
      all: async <R>(sql: string, params: readonly SqlParam[] = []) => this.execAll<R>(sql, params),
      run: async (sql, params = []) => this.execRun(sql, params),
      transaction: (inner) => inner(scoped),
      close: async () => {},
    };
    try {
      this.db.exec('BEGIN IMMEDIATE');
      try {
        const result = await fn(scoped);
        this.db.exec('COMMIT');
        return result;
      } catch (error) {
        this.db.exec('ROLLBACK');
        throw error;
      }
    } finally {
      this.active = null;
      release();
    }
  }

  async close(): Promise<void> {
    await this.idle();
    if (this.db.isOpen) this.db.close();
  }
}

/** `?` placeholders → `$1, $2, …` (the store never writes a literal `?`). */
function numbered(sql: string): string {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
}

function pgParam(value: SqlParam): unknown {
  return value === undefined ? null : value;
}

type Queryable = Pick<pg.Pool | pg.PoolClient, 'query'>;

function pgDb(client: Queryable, pool: pg.Pool | null): SqlDb {
  const self: SqlDb = {
    dialect: 'postgres',
    async all<T>(sql: string, params: readonly SqlParam[] = []) {
      const result = await client.query(numbered(sql), params.map(pgParam));
      return result.rows as T[];
    },
    async run(sql, params = []) {
      const result = await client.query(numbered(sql), params.map(pgParam));
      return result.rowCount ?? 0;
    },
    async transaction(fn) {
      if (!pool) return fn(self);
      const connection = await pool.connect();
      try {
        await connection.query('BEGIN');
        const result = await fn(pgDb(connection, null));
        await connection.query('COMMIT');
        return result;
      } catch (error) {
        await connection.query('ROLLBACK').catch(() => {});
        throw error;
      } finally {
        connection.release();
      }
    },
    async close() {
      await pool?.end();
    },
  };
  return self;
}

/** PostgreSQL: a small pool whose connections use `schema` (created when missing). */
export async function openPostgresDb(url: string, schema: string): Promise<SqlDb> {
  if (!/^[a-z_][a-z0-9_]*$/.test(schema)) {
    throw new ConfigurationError(`Invalid schema name "${schema}" for the server's state.`, { hint: 'Use lower-case letters, digits and _ in --database-schema.' });
  }
  // sslmode & co. with libpq's meanings, as for data sources.
  const tls = await postgresTls(url, "the server's state");
  // search_path as a startup parameter: in force before the pool hands the connection to any query.
  const open = (ssl: PostgresTls['ssl']) => new pg.Pool({ connectionString: tls.connectionString, ssl, max: 8, options: `-c search_path=${schema}` });
  let pool = open(tls.ssl);
  pool.on('error', () => {}); // an idle client lost its connection; the next query reconnects
  let first: pg.PoolClient;
  try {
    first = await pool.connect().catch(async (error: unknown) => {
      if (!tls.plainFallback || !isNoTlsAnswer(error)) throw error;
      await pool.end().catch(() => {});
      pool = open(false);
      pool.on('error', () => {});
      return pool.connect();
    });
  } catch (error) {
    await pool.end().catch(() => {});
    throw new ConnectionError(`Cannot connect to the PostgreSQL database of the server's state: ${(error as Error).message}`, {
      cause: error,
      hint: 'Check --database-url (or DATACOMPARE_DATABASE_URL) and that the database is running.',
    });
  }
  try {
    await first.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`).catch((error: { code?: string }) => {
      if (error.code !== '23505') throw error; // another server created it at the same moment
    });
  } finally {
    first.release();
  }
  return pgDb(pool, pool);
}
