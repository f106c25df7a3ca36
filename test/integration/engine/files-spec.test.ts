/**
 * File data sources from the spec file to the result: `type: csv` / `parquet` / `duckdb` entries are
 * validated, a file side needs no `dataset`, CSV options reach DuckDB, relative paths resolve
 * against the repository root, and the CLI compares a golden CSV with a query result as the README
 * shows.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { runComparison } from '../../../src/engine/index.js';
import { SpecError } from '../../../src/shared/errors.js';
import { silentLogger } from '../../../src/shared/logger.js';
import { parseSpec } from '../../../src/spec/load.js';
import { answer, csvText, EXPECTED, SOURCE_ROWS, TARGET_ROWS, tempDir, writeDuckdbFile, writeSqlite } from './files-fixtures.js';

const repo = tempDir('spec');
afterAll(() => repo.remove());

function load(yaml: string) {
  return parseSpec(yaml, { file: '.github/data-comparisons.yml', cwd: repo.dir, env: {} });
}

function problems(yaml: string): string[] {
  try {
    load(yaml);
  } catch (error) {
    if (error instanceof SpecError) return error.problems.map((p) => `${p.line}:${p.column} ${p.path}: ${p.message}${p.hint ? ` (${p.hint})` : ''}`);
    throw error;
  }
  return [];
}

describe('file data sources in the spec', () => {
  it('resolve to DuckDB connections; a file side reads the view named after its data source', () => {
    const { definitions } = load(`version: 1
datasources:
  golden:
    type: csv
    path: expected/orders.csv
    delimiter: ";"
    header: true
    quote: '"'
    escape: '"'
    null_string: ['NULL', N/A]
    column_types: { amount: "DECIMAL(12,2)", placed_at: TIMESTAMP }
  export.v2:
    type: parquet
    path: s3://bucket/exports/*.parquet
  dw:
    type: duckdb
    path: build/dev.duckdb
comparisons:
  - name: golden
    source: { datasource: dw, dataset: main.orders }
    target: { datasource: golden }
    primary_keys: [id]
  - name: export
    source: { datasource: export.v2 }
    target: { datasource: golden, query: "SELECT * FROM golden WHERE id > 10" }
    primary_keys: [id]
`);
    const [golden, exported] = definitions;
    expect(golden?.source).toEqual({ datasourceName: 'dw', connection: { type: 'duckdb', path: path.join(repo.dir, 'build/dev.duckdb') }, serviceDatasource: 'dw', dataset: 'main.orders' });
    expect(golden?.target).toEqual({
      datasourceName: 'golden',
      connection: {
        type: 'csv',
        path: path.join(repo.dir, 'expected/orders.csv'),
        table: 'golden',
        csv: { delimiter: ';', header: true, quote: '"', escape: '"', nullStrings: ['NULL', 'N/A'], columnTypes: { amount: 'DECIMAL(12,2)', placed_at: 'TIMESTAMP' } },
      },
      serviceDatasource: 'golden',
      dataset: 'golden',
    });
    // A key with a dot stays one name; URLs are not made relative to the repository.
    expect(exported?.source).toMatchObject({ connection: { type: 'parquet', path: 's3://bucket/exports/*.parquet', table: 'export.v2' }, dataset: '"export.v2"' });
    expect(exported?.target).toMatchObject({ query: 'SELECT * FROM golden WHERE id > 10' });
    expect(exported?.target.dataset).toBeUndefined();
  });

  it('reject a dataset other than the file itself, unknown CSV options and a missing path', () => {
    expect(
      problems(`version: 1
datasources:
  golden: { type: csv, path: expected/orders.csv, seperator: ";", null_string: NULL }
  spaced: { type: csv, path: a.csv, null_string: [NA, ~] }
  export: { type: parquet }
comparisons:
  - name: golden
    source: { datasource: golden, dataset: orders }
    target: { datasource: export }
    primary_keys: [id]
`),
    ).toMatchInlineSnapshot(`
      [
        "3:51 datasources.golden.seperator: unknown key \`seperator\` (allowed keys: \`type\`, \`path\`, \`delimiter\`, \`header\`, \`quote\`, \`escape\`, \`null_string\`, \`column_types\`, \`all_varchar\`, \`thousands\`, \`decimal_separator\`, \`service\`)",
        "3:80 datasources.golden.null_string: YAML reads an unquoted NULL (or ~) as no value: quote it, e.g. null_string: 'NULL'",
        "4:50 datasources.spaced.null_string: YAML reads an unquoted NULL (or ~) as no value: quote it, e.g. null_string: 'NULL'",
        "5:3 datasources.export.path: is required",
        "8:44 comparisons[0].source.dataset: data source \`golden\` is a CSV file: its rows are the table \`golden\` (omit \`dataset\` (or write dataset: golden); a \`query\` can read FROM golden)",
      ]
    `);
  });
});

describe('a spec comparing files', () => {
  it('gives the hand-computed answer from YAML to result (SQLite table ↔ golden CSV)', async () => {
    mkdirSync(path.join(repo.dir, 'expected'), { recursive: true });
    mkdirSync(path.join(repo.dir, 'data'), { recursive: true });
    writeFileSync(path.join(repo.dir, 'expected/orders.csv'), csvText(TARGET_ROWS));
    writeSqlite(path.join(repo.dir, 'data/app.db'));
    const { definitions } = load(`version: 1
datasources:
  app: { type: sqlite, path: data/app.db }
  golden:
    type: csv
    path: expected/orders.csv
    column_types: { amount: "DECIMAL(14,4)" }
comparisons:
  - name: orders
    source: { datasource: app, dataset: source_orders }
    target: { datasource: golden }
    primary_keys: [region, id]
`);
    const result = await runComparison(definitions[0]!, { logger: silentLogger });
    expect(answer(result)).toEqual({ status: 'mismatch', error: undefined, ...EXPECTED });
  });

  it('runs from the CLI: a golden CSV against a query result, exit status 0 when equal and 1 when not', async () => {
    const dir = path.join(repo.dir, 'cli');
    mkdirSync(path.join(dir, 'tests/golden'), { recursive: true });
    await writeDuckdbFile(path.join(dir, 'dev.duckdb'));
    writeFileSync(path.join(dir, 'tests/golden/eu_orders.csv'), csvText(SOURCE_ROWS.filter((r) => r.region === 'eu')));
    const spec = (golden: string) => `version: 1
datasources:
  warehouse: { type: duckdb, path: dev.duckdb }
  golden: { type: csv, path: ${golden} }
comparisons:
  - name: eu-orders
    source:
      datasource: warehouse
      query: SELECT region, id, customer, amount, placed_at, note FROM source_orders WHERE region = 'eu'
    target: { datasource: golden }
    primary_keys: [region, id]
`;
    writeFileSync(path.join(dir, 'same.yml'), spec('tests/golden/eu_orders.csv'));
    writeFileSync(path.join(dir, 'tests/golden/all.csv'), csvText(SOURCE_ROWS));
    writeFileSync(path.join(dir, 'differs.yml'), spec('tests/golden/all.csv'));
    const cli = path.resolve(import.meta.dirname, '../../../build/src/entries/cli.js');
    const run = (file: string) =>
      promisify(execFile)(process.execPath, [cli, 'run', '--spec', file], { cwd: dir }).then(
        (out) => ({ code: 0, stdout: out.stdout }),
        (error: { code: number; stdout: string }) => ({ code: error.code, stdout: error.stdout }),
      );
    const same = await run('same.yml');
    expect(same.stdout).toContain('eu-orders');
    expect(same.code).toBe(0);
    const differs = await run('differs.yml');
    expect(differs.code).toBe(1);
    expect(differs.stdout).toContain('5 rows exist only in the target (golden).');
  });
});
