/**
 * Text that a collation or trailing spaces would make equal is never equal silently (issue #33, item
 * 6): MariaDB's default collation (utf8mb4_general_ci) is PAD SPACE, case- and accent-insensitive,
 * so its own `=` calls 'a ' = 'a', 'A' = 'a' and 'é' = 'e'. Every plan compares canonical texts
 * bytewise instead: a trailing space and an accent always differ; letter case is folded only under
 * `case_sensitive: false` (the default, as in the API document), and the result then says so: the
 * column's `compared_as`, and a note in the report naming the columns and the setting.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compare } from '../../../src/engine/index.js';
import type { ComparisonDefinition, ComparisonResult, DiffStrategyName } from '../../../src/engine/model.js';
import { silentLogger } from '../../../src/shared/logger.js';
import { databaseAvailable } from '../../helpers/databases.js';
import { definition, side, testEngine, type TestEngine } from './engines.js';

const ready = (await databaseAvailable('postgres')) && (await databaseAvailable('mysql'));

/** id, source value, target value. */
const ROWS: [number, string, string][] = [
  [1, 'a ', 'a'], // a trailing space (MariaDB's PAD SPACE calls them equal)
  [2, 'A', 'a'], // letter case (MariaDB's _ci calls them equal)
  [3, 'é', 'e'], // an accent (utf8mb4_general_ci calls them equal)
  [4, 'same', 'same'],
  [5, 'Straße', 'STRASSE'], // the simple lowercase mapping only: different spellings
];

const insert = (engine: TestEngine, table: string, column: 1 | 2) =>
  `INSERT INTO ${engine.table(table)} (id, name) VALUES ${ROWS.map((r) => `(${r[0]}, '${r[column]}')`).join(', ')}`;

type Plan = Exclude<DiffStrategyName, 'auto'>;

describe.runIf(ready)('text that MariaDB collations or trailing spaces would call equal', () => {
  let postgres: TestEngine;
  let mariadb: TestEngine;

  beforeAll(async () => {
    [postgres, mariadb] = await Promise.all([testEngine('postgres', 'text_equality'), testEngine('mysql', 'text_equality')]);
    for (const [table, column] of [
      ['s', 1],
      ['t', 2],
    ] as const) {
      await postgres.exec(`CREATE TABLE ${postgres.table(table)} (id integer PRIMARY KEY, name varchar(20))`, insert(postgres, table, column));
      // The database's default collation, stated: PAD SPACE, case- and accent-insensitive.
      await mariadb.exec(`CREATE TABLE ${mariadb.table(table)} (id INT PRIMARY KEY, name VARCHAR(20) COLLATE utf8mb4_general_ci)`, insert(mariadb, table, column));
    }
  });
  afterAll(async () => Promise.all([postgres?.close(), mariadb?.close()]));

  /** Every pairing and the plans it can run: across servers (checksum, stream), on one server (join too). */
  const pairings = (): [string, () => ComparisonDefinition, Plan[]][] => [
    ['PostgreSQL → MariaDB', () => definition({ source: side(postgres, 's'), target: side(mariadb, 't') }), ['checksum', 'stream']],
    ['MariaDB → MariaDB', () => definition({ source: side(mariadb, 's'), target: side(mariadb, 't') }), ['join', 'checksum', 'stream']],
    ['PostgreSQL → PostgreSQL', () => definition({ source: side(postgres, 's'), target: side(postgres, 't') }), ['join', 'checksum', 'stream']],
  ];
  const run = (def: ComparisonDefinition, strategy: Plan): Promise<ComparisonResult> => compare({ ...def, strategy }, { logger: silentLogger });
  const differing = (result: ComparisonResult) => (result.diff?.diff_rows ?? []).map((row) => row.id);

  it('case_sensitive: true — a trailing space, letter case and an accent all differ, on every plan; compared as text, no note', async () => {
    for (const [name, make, plans] of pairings()) {
      for (const strategy of plans) {
        const result = await run({ ...make(), caseSensitive: true }, strategy);
        expect({ name, strategy, differing: differing(result), matched: result.stats?.matched_rows }).toEqual({ name, strategy, differing: [1, 2, 3, 5], matched: 1 });
        expect(result.diff?.compared_as).toEqual({ id: 'integer', name: 'text' });
        expect(result.notes).toBeUndefined();
      }
    }
  });

  it('the default (case-insensitive) — only letter case is folded, and the result says so in compared_as and a note', async () => {
    for (const [name, make, plans] of pairings()) {
      for (const strategy of plans) {
        const result = await run(make(), strategy);
        expect({ name, strategy, differing: differing(result), matched: result.stats?.matched_rows }).toEqual({ name, strategy, differing: [1, 3, 5], matched: 2 });
        expect(result.diff?.compared_as).toEqual({ id: 'integer', name: 'text, case-insensitive' });
        expect(result.notes).toEqual([
          'Column `name` was compared case-insensitively (`case_sensitive` is false, the default): values differing only in letter case count as equal. Set `case_sensitive: true` to count them as differences.',
        ]);
        expect(result.diff?.mismatched_columns_mapping.name?.details).toBe('3 of 5 rows present on both sides differ in name (compared case-insensitively).');
      }
    }
  });
});
