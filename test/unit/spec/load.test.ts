import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SpecError } from '../../../src/shared/errors.js';
import { clearSecrets, redact } from '../../../src/shared/redact.js';
import { loadSpec, parseSpec } from '../../../src/spec/load.js';
import { formatProblems } from '../../../src/spec/problems.js';

const fixtures = 'test/fixtures/specs';
const env = { LEGACY_DB_URL: 'mysql://app:s3cret-pw@db.internal:3306/shop', WAREHOUSE_URL: 'postgres://wh@warehouse:5432/dw' };

afterEach(() => clearSecrets());

describe('loadSpec on a valid spec', () => {
  it('resolves every comparison with defaults, shorthands and absolute sqlite paths', async () => {
    const loaded = await loadSpec(`${fixtures}/valid.yml`, { env, cwd: process.cwd() });
    expect(loaded.file).toBe(`${fixtures}/valid.yml`);
    const [orders, byQuery, demo, stored] = loaded.definitions;
    expect(orders).toMatchObject({
      name: 'orders',
      location: { file: `${fixtures}/valid.yml`, line: 10, column: 5 },
      source: { datasourceName: 'legacy', connection: { type: 'mysql', url: env.LEGACY_DB_URL }, serviceDatasource: 'legacy', dataset: 'orders', filter: "status <> 'test'" },
      target: { datasourceName: 'warehouse', connection: { type: 'postgres', url: env.WAREHOUSE_URL }, dataset: 'analytics.orders' },
      columns: { source: ['status', 'amount'], target: ['status', 'amount'] },
      primaryKeys: { source: ['id'], target: ['id'] },
      caseSensitive: true,
      quickComparison: false,
      schemaDiff: false,
      tolerance: { amount: 0.01 },
      thresholds: { maxMismatchedRows: 5 },
      maxDiffRows: 20,
      timeoutMs: 120_000,
    });
    expect(byQuery).toMatchObject({
      source: { query: "select id, total from orders where created_at > '2024-01-01'" },
      columns: { source: ['total'], target: ['amount'] },
      primaryKeys: { source: ['id'], target: ['order_id'] },
      caseSensitive: false,
      maxDiffRows: 5,
    });
    expect(byQuery?.timeoutMs).toBeUndefined();
    expect(demo?.source.connection).toEqual({ type: 'sqlite', path: path.resolve('examples/demo/shop.db') });
    expect(demo?.target.filter).toBe('id > 0');
    expect(demo?.columns).toBeNull();
    expect(demo?.primaryKeys).toBeNull();
    expect(stored).toMatchObject({ name: 'stored-on-service', comparisonId: '3f2b9c1e-0000-4000-8000-000000000001', source: { connection: null } });
  });

  it('registers resolved connection URLs as secrets', async () => {
    await loadSpec(`${fixtures}/valid.yml`, { env });
    expect(redact(`cannot connect to ${env.LEGACY_DB_URL}`)).toBe('cannot connect to ***');
    expect(redact('password s3cret-pw was refused')).toBe('password *** was refused');
  });

  it('takes max_diff_rows from the option when the spec does not set it, else 100', () => {
    const text = 'version: 1\ndatasources: { d: { type: sqlite, path: a.db } }\ncomparisons:\n  - { name: a, source: { datasource: d, dataset: t }, target: { datasource: d, dataset: u } }\n';
    expect(parseSpec(text, { file: 's.yml', maxDiffRows: 7 }).definitions[0]?.maxDiffRows).toBe(7);
    expect(parseSpec(text, { file: 's.yml' }).definitions[0]?.maxDiffRows).toBe(100);
  });

  it('reads ${VAR} from the environment and keeps $${VAR} literal', () => {
    const text = 'version: 1\ndatasources: { d: { type: sqlite, path: "${DIR}/a.db" } }\ncomparisons:\n  - { name: a, source: { datasource: d, query: "select \'$${X}\' as v" }, target: { datasource: d, dataset: u } }\n';
    const [definition] = parseSpec(text, { file: 's.yml', env: { DIR: '/data' } }).definitions;
    expect(definition?.source.connection).toEqual({ type: 'sqlite', path: '/data/a.db' });
    expect(definition?.source.query).toBe("select '${X}' as v");
  });
});

describe('loadSpec on a broken spec', () => {
  it('reports all three mistakes at once, with their lines and hints', async () => {
    const error = await loadSpec(`${fixtures}/three-mistakes.yml`).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SpecError);
    expect(formatProblems(`${fixtures}/three-mistakes.yml`, (error as SpecError).problems)).toMatchInlineSnapshot(`
      "test/fixtures/specs/three-mistakes.yml: 3 problems; nothing was run.
      test/fixtures/specs/three-mistakes.yml:8:27  comparisons[0].target.datasource: unknown datasource \`warehose\`
          hint: did you mean \`warehouse\`?
      test/fixtures/specs/three-mistakes.yml:10:5  comparisons[0].primery_keys: unknown key \`primery_keys\`
          hint: did you mean \`primary_keys\`?
      test/fixtures/specs/three-mistakes.yml:12:59  comparisons[1].source.query: \`dataset\` and \`query\` are exclusive
          hint: keep one: a table name or a SELECT"
    `);
  });
});
