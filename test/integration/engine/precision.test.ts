/**
 * Precision is never lost silently (issue #33, item 6): PostgreSQL timestamp(6) against MariaDB
 * DATETIME (whole seconds). By default the pair compares at whole seconds and the result says so
 * (column details, a note, the schema diff); `precision: strict` counts the dropped fractions.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compare } from '../../../src/engine/index.js';
import type { ComparisonDefinition, ComparisonResult, DiffStrategyName } from '../../../src/engine/model.js';
import { silentLogger } from '../../../src/shared/logger.js';
import { databaseAvailable } from '../../helpers/databases.js';
import { definition, side, testEngine, type TestEngine } from './engines.js';

const ready = (await databaseAvailable('postgres')) && (await databaseAvailable('mysql'));

describe.runIf(ready)('PostgreSQL timestamp(6) against MariaDB DATETIME', () => {
  let postgres: TestEngine;
  let mariadb: TestEngine;

  beforeAll(async () => {
    [postgres, mariadb] = await Promise.all([testEngine('postgres', 'precision'), testEngine('mysql', 'precision')]);
    await postgres.exec(
      `CREATE TABLE ${postgres.table('events')} (id integer PRIMARY KEY, at timestamp(6), amount numeric(12,4))`,
      `INSERT INTO ${postgres.table('events')} VALUES (1, '2024-05-01 09:00:00.7', 1.5), (2, '2024-05-01 10:00:00', 2), (3, NULL, NULL)`,
    );
    await mariadb.exec(
      `CREATE TABLE ${mariadb.table('events')} (id INT PRIMARY KEY, at DATETIME, amount DECIMAL(12,2))`,
      `INSERT INTO ${mariadb.table('events')} VALUES (1, '2024-05-01 09:00:00', 1.5), (2, '2024-05-01 10:00:00', 2), (3, NULL, NULL)`,
    );
  });
  afterAll(async () => Promise.all([postgres?.close(), mariadb?.close()]));

  const events = (extra: Partial<ComparisonDefinition> = {}) => definition({ source: side(postgres, 'events'), target: side(mariadb, 'events'), ...extra });
  const run = (def: ComparisonDefinition, strategy: Exclude<DiffStrategyName, 'auto'>): Promise<ComparisonResult> => compare({ ...def, strategy }, { logger: silentLogger });

  it('compares at whole seconds by default and says so in the column details and a note', async () => {
    for (const strategy of ['stream', 'checksum'] as const) {
      const result = await run(events(), strategy);
      expect(result.status).toBe('match');
      expect(result.diff?.compared_as).toEqual({ id: 'integer', at: 'timestamp at whole seconds', amount: 'decimal at scale 4' });
      expect(result.notes).toMatchInlineSnapshot(`
        [
          "Column \`at\` was compared at whole seconds: timestamp(6) without time zone in the source holds microseconds that datetime in the target drops, so values differing only there count as equal. Set \`precision: strict\` to count them as differences.",
        ]
      `);
    }
  });

  it('lists the precision and scale differences in the schema diff, with how they were compared', async () => {
    const result = await run(events({ schemaDiff: true }), 'stream');
    expect(result.schema_diff?.type_mismatches).toEqual([
      { source_column: 'at', target_column: 'at', source_type: 'timestamp(6) without time zone', target_type: 'datetime', compared_as: 'timestamp at whole seconds' },
      { source_column: 'amount', target_column: 'amount', source_type: 'numeric(12,4)', target_type: 'decimal(12,2)', compared_as: 'decimal at scale 4' },
    ]);
    expect(result.status).toBe('mismatch');
    expect(result.result?.diff_reasons).toMatchInlineSnapshot(`
      [
        "Column \`at\` is timestamp(6) without time zone in the source but \`at\` is datetime in the target (compared as timestamp at whole seconds).",
        "Column \`amount\` is numeric(12,4) in the source but \`amount\` is decimal(12,2) in the target (compared as decimal at scale 4).",
      ]
    `);
  });

  it('counts the dropped fraction as a difference under precision: strict, on every plan', async () => {
    for (const strategy of ['stream', 'checksum'] as const) {
      const result = await run(events({ precision: 'strict' }), strategy);
      expect(result.status).toBe('mismatch');
      expect(result.stats).toMatchObject({ matched_rows: 2, mismatched_rows: 1 });
      expect(result.diff?.diff_rows).toEqual([{ _diff_type: 'changed', id: 1, source_at: '2024-05-01T09:00:00.700000', target_at: '2024-05-01T09:00:00.000000' }]);
      expect(result.diff?.compared_as?.at).toBe('timestamp at microseconds');
      expect(result.notes).toBeUndefined();
    }
  });
});
