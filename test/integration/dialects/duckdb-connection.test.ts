/**
 * The DuckDB connection on a real DuckDB: introspection (tables, views, queries, primary keys),
 * streaming that reads lazily, cancellation through the AbortSignal, file data sources, the errors a
 * user sees for a wrong path, dataset or CSV option, and the injectable module loader.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DuckdbConnection, type DuckdbConfig } from '../../../src/dialects/duckdb/connection.js';
import { DUCKDB_VERSION, importDuckDBFrom, loadDuckDBModule, setDuckDBModuleLoader, importInstalledDuckDB } from '../../../src/dialects/duckdb/module.js';
import { DatacompareError } from '../../../src/shared/errors.js';
import { silentLogger } from '../../../src/shared/logger.js';
import { tempDir, writeCsv, writeDuckdbFile, TARGET_ROWS } from '../engine/files-fixtures.js';

const files = tempDir('connection');
let databaseFile: string;
const open: DuckdbConnection[] = [];

function connect(config: DuckdbConfig, name = 'dw'): DuckdbConnection {
  const connection = new DuckdbConnection(config, { logger: silentLogger, datasourceName: name });
  open.push(connection);
  return connection;
}

/** The user-facing parts of a thrown DatacompareError. */
async function failure(promise: Promise<unknown>): Promise<{ kind: string; message: string; hint: string | undefined }> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof DatacompareError)) throw new Error(`expected a DatacompareError, got ${String(error)}`);
  return { kind: error.kind, message: error.message.replaceAll(files.dir, '<dir>'), hint: error.hint?.replaceAll(files.dir, '<dir>') };
}

beforeAll(async () => {
  databaseFile = await writeDuckdbFile(path.join(files.dir, 'warehouse.duckdb'), [
    'CREATE SCHEMA staging',
    'CREATE TABLE staging."Mixed Case" (k UBIGINT PRIMARY KEY, "at" TIMESTAMP_MS, big HUGEINT, tags VARCHAR[], doc JSON, price DECIMAL(18,3))',
    'CREATE VIEW us_orders AS SELECT * FROM target_orders WHERE region = \'us\'',
  ]);
});
afterEach(async () => {
  await Promise.all(open.splice(0).map((c) => c.close()));
});
afterAll(() => files.remove());

describe('introspection', () => {
  it('describes a table with its families, scale and declared primary key', async () => {
    const schema = await connect({ type: 'duckdb', path: databaseFile }).describeTable('target_orders');
    expect(schema).toEqual({
      columns: [
        { name: 'region', type: 'VARCHAR', family: 'text' },
        { name: 'id', type: 'INTEGER', family: 'integer' },
        { name: 'customer', type: 'VARCHAR', family: 'text' },
        { name: 'amount', type: 'DECIMAL(14,4)', family: 'decimal', scale: 4 },
        { name: 'placed_at', type: 'TIMESTAMP', family: 'timestamp' },
        { name: 'note', type: 'VARCHAR', family: 'text' },
      ],
      primaryKey: ['region', 'id'],
    });
  });

  it('finds schema-qualified names case-insensitively, and views (which have no key)', async () => {
    const connection = connect({ type: 'duckdb', path: databaseFile });
    const mixed = await connection.describeTable('STAGING."mixed case"');
    expect(mixed.columns.map((c) => [c.name, c.type, c.family, c.precision])).toEqual([
      ['k', 'UBIGINT', 'integer', undefined],
      ['at', 'TIMESTAMP_MS', 'timestamp', 3],
      ['big', 'HUGEINT', 'integer', undefined],
      ['tags', 'VARCHAR[]', 'list', undefined],
      ['doc', 'JSON', 'json', undefined],
      ['price', 'DECIMAL(18,3)', 'decimal', undefined],
    ]);
    expect(mixed.primaryKey).toEqual(['k']);
    expect((await connection.describeTable('main.us_orders')).primaryKey).toEqual([]);
    expect((await connection.describeTable('no_such_table')).columns).toEqual([]);
  });

  it('describes a query without running it', async () => {
    const schema = await connect({ type: 'duckdb', path: databaseFile }).describeQuery(
      "SELECT id, amount * 2 AS doubled, placed_at::DATE AS day, '{}'::JSON AS doc FROM target_orders",
    );
    expect(schema.columns.map((c) => [c.name, c.type, c.family])).toEqual([
      ['id', 'INTEGER', 'integer'],
      ['doubled', 'DECIMAL(18,4)', 'decimal'],
      ['day', 'DATE', 'date'],
      ['doc', 'JSON', 'json'],
    ]);
  });

  it('names its version', async () => {
    expect(await connect({ type: 'duckdb', path: ':memory:' }).serverVersion()).toMatch(/^DuckDB 1\.\d+\.\d+/);
  });
});

describe('queries', () => {
  it('binds parameters and returns big integers as exact text', async () => {
    const rows = await connect({ type: 'duckdb', path: ':memory:' }).query('SELECT ? + 1 AS n, CAST(? AS BIGINT) + 1 AS big, ? AS s, ? IS NULL AS isnull', [41, '9223372036854775806', 'x', null]);
    expect(rows).toEqual([{ n: 42, big: '9223372036854775807', s: 'x', isnull: true }]);
  });

  it('streams lazily: stopping after a few rows of an endless query returns at once and frees the connection', async () => {
    const connection = connect({ type: 'duckdb', path: ':memory:' });
    const seen: unknown[] = [];
    for await (const row of connection.stream('SELECT range AS n FROM range(1000000000000)')) {
      seen.push(row.n);
      if (seen.length === 3) break;
    }
    expect(seen).toEqual(['0', '1', '2']);
    expect(await connection.query('SELECT 1 AS one')).toEqual([{ one: 1 }]);
  });

  it('streams every row of a result larger than one chunk, in order', async () => {
    let count = 0;
    let last = -1;
    let ordered = true;
    for await (const row of connect({ type: 'duckdb', path: ':memory:' }).stream('SELECT i FROM range(10000) t(i) ORDER BY i')) {
      const value = Number(row.i);
      ordered &&= value === last + 1;
      last = value;
      count++;
    }
    expect({ count, last, ordered }).toEqual({ count: 10000, last: 9999, ordered: true });
  });

  it('interrupts a running query when the signal aborts', async () => {
    const connection = connect({ type: 'duckdb', path: ':memory:' });
    const controller = new AbortController();
    const running = connection.query("SELECT count(*) FROM range(100000000000) t(i) WHERE md5(i::VARCHAR) = 'x'", [], { signal: controller.signal });
    setTimeout(() => controller.abort(), 200);
    expect(await failure(running)).toEqual({ kind: 'cancelled', message: 'The query on data source "dw" was cancelled.', hint: undefined });
    expect(await connection.query('SELECT 2 AS two')).toEqual([{ two: 2 }]);
  });

  it('interrupts a stream between chunks when the signal aborts', async () => {
    const controller = new AbortController();
    const stream = connect({ type: 'duckdb', path: ':memory:' }).stream("SELECT md5(i::VARCHAR) AS h FROM range(100000000000) t(i) WHERE md5(i::VARCHAR) LIKE '0000%'", [], {
      signal: controller.signal,
    });
    const consume = (async () => {
      for await (const _ of stream) controller.abort();
    })();
    setTimeout(() => controller.abort(), 200);
    expect((await failure(consume)).kind).toBe('cancelled');
  });

  it('reports a missing table and a bad column as query errors naming the data source', async () => {
    const connection = connect({ type: 'duckdb', path: databaseFile });
    const missing = await failure(connection.query('SELECT * FROM nope'));
    expect(missing.kind).toBe('query');
    expect(missing.message).toMatch(/^Data source "dw" rejected a query: Catalog Error: Table with name nope does not exist!/);
    expect(missing.hint).toBe('Check the table name (schema.table) and that it exists in data source "dw".');
    expect((await failure(connection.query('SELECT nope FROM target_orders'))).hint).toBe('Check the column names in the spec, the filter and the query.');
  });
});

describe('database files', () => {
  it('opens the file read-only and never creates a missing one', async () => {
    const missing = path.join(files.dir, 'typo.duckdb');
    expect(await failure(connect({ type: 'duckdb', path: missing }).query('SELECT 1'))).toMatchInlineSnapshot(`
      {
        "hint": "Check \`path:\` in the spec; it is relative to the repository root.",
        "kind": "connection",
        "message": "The DuckDB database file of data source "dw" does not exist: <dir>/typo.duckdb",
      }
    `);
    expect(existsSync(missing)).toBe(false);
    const writing = await failure(connect({ type: 'duckdb', path: databaseFile }).query('CREATE TABLE t (x INTEGER)'));
    expect(writing.message).toContain('read-only');
  });
});

describe('CSV and Parquet files', () => {
  it('exposes the file as a view named after the data source, readable by a query', async () => {
    const csv = writeCsv(path.join(files.dir, 'orders.csv'), TARGET_ROWS);
    const connection = connect({ type: 'csv', path: csv, table: 'golden-orders', csv: { columnTypes: { amount: 'DECIMAL(14,4)' } } }, 'golden-orders');
    const schema = await connection.describeTable('"golden-orders"');
    expect(schema.columns.map((c) => `${c.name} ${c.type}`)).toEqual(['region VARCHAR', 'id BIGINT', 'customer VARCHAR', 'amount DECIMAL(14,4)', 'placed_at TIMESTAMP', 'note VARCHAR']);
    expect(schema.primaryKey).toEqual([]);
    const rows = await connection.query(`SELECT count(*) AS n, count(note) AS notes, count(*) FILTER (WHERE note = '') AS empty FROM "golden-orders"`);
    // NULL is an empty unquoted field, '' a quoted "": 2 empty strings, 'x', and 4 NULLs.
    expect(rows).toEqual([{ n: '7', notes: '3', empty: '2' }]);
  });

  it('applies the CSV options: delimiter, header, quote, null strings, all_varchar', async () => {
    const file = path.join(files.dir, 'odd.csv');
    const { writeFileSync } = await import('node:fs');
    writeFileSync(file, "1|'a|b'|N/A\n2|''|x\n");
    const connection = connect({ type: 'csv', path: file, table: 'odd', csv: { delimiter: '|', header: false, quote: "'", nullStrings: ['N/A'], allVarchar: true } }, 'odd');
    expect(await connection.query('SELECT * FROM odd ORDER BY column0')).toEqual([
      { column0: '1', column1: 'a|b', column2: null },
      { column0: '2', column1: '', column2: 'x' },
    ]);
  });

  it('says which file is missing, for a path and for a glob', async () => {
    expect(await failure(connect({ type: 'csv', path: path.join(files.dir, 'nope.csv'), table: 'golden', csv: {} }, 'golden').describeTable('golden'))).toMatchInlineSnapshot(`
      {
        "hint": "Check \`path:\` in the spec: a file or a glob such as data/*.csv, relative to the repository root.",
        "kind": "connection",
        "message": "The CSV file <dir>/nope.csv does not exist (data source "golden").",
      }
    `);
    expect(await failure(connect({ type: 'parquet', path: path.join(files.dir, 'part-*.parquet'), table: 'parts' }, 'parts').describeTable('parts'))).toMatchInlineSnapshot(`
      {
        "hint": "Check \`path:\` in the spec: a file or a glob such as data/*.csv, relative to the repository root.",
        "kind": "connection",
        "message": "No Parquet file matches <dir>/part-*.parquet (data source "parts").",
      }
    `);
  });

  it('says which CSV option is wrong, without DuckDB\'s SQL', async () => {
    const csv = writeCsv(path.join(files.dir, 'typed.csv'), TARGET_ROWS);
    expect(await failure(connect({ type: 'csv', path: csv, table: 'golden', csv: { columnTypes: { amonut: 'DECIMAL(14,4)' } } }, 'golden').describeTable('golden'))).toMatchInlineSnapshot(`
      {
        "hint": "Check the file and the CSV options in the spec (delimiter, header, quote, escape, null_string, column_types, thousands, decimal_separator).",
        "kind": "connection",
        "message": "DuckDB could not read the CSV file of data source "golden" (<dir>/typed.csv): Binder Error: COLUMN_TYPES error: Columns with names: "amonut" do not exist in the CSV File",
      }
    `);
  });

  it('explains that a file data source has one table when a side names another', async () => {
    const csv = writeCsv(path.join(files.dir, 'one.csv'), TARGET_ROWS);
    expect(await failure(connect({ type: 'csv', path: csv, table: 'golden', csv: {} }, 'golden').describeTable('orders'))).toMatchInlineSnapshot(`
      {
        "hint": "Omit \`dataset\` for a file data source (or write dataset: golden), or use a \`query\` that reads FROM "golden".",
        "kind": "configuration",
        "message": "Data source "golden" is a CSV file (<dir>/one.csv); its rows are the table "golden", and \`orders\` names nothing in it.",
      }
    `);
  });
});

describe('the module loader', () => {
  afterEach(() => setDuckDBModuleLoader(importInstalledDuckDB));

  it('uses the injected loader, and retries after a failure', async () => {
    let calls = 0;
    setDuckDBModuleLoader(async () => {
      calls++;
      if (calls === 1) throw new Error('not yet');
      return importInstalledDuckDB();
    });
    await expect(loadDuckDBModule()).rejects.toThrow('not yet');
    expect(typeof (await loadDuckDBModule()).DuckDBInstance.create).toBe('function');
    await loadDuckDBModule();
    expect(calls).toBe(2);
  });

  it('says how to install DuckDB when it is not where it is looked for', async () => {
    expect(await failure(importDuckDBFrom(files.dir))).toEqual({
      kind: 'configuration',
      message: 'DuckDB (@duckdb/node-api) is needed to read duckdb, csv and parquet data sources, but it is not installed in <dir>.',
      hint: `Install it next to datacompare: npm install @duckdb/node-api@${DUCKDB_VERSION} (the GitHub Action installs it by itself).`,
    });
  });
});
