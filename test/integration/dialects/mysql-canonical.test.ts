/**
 * MariaDB's canonical texts written without a copying function, for declared columns only: a utf8mb4
 * text column as itself, a DATETIME(p) / TIMESTAMP(p) column as its own text padded to six digits.
 * On the real engine each must read exactly what the general form (CAST AS CHAR, DATE_FORMAT) reads,
 * value by value, including zero dates, years below 1000 and every declared precision.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mysql from 'mysql2/promise';
import { loadDialect } from '../../../src/dialects/registry.js';
import { WITHOUT_ORACLE_MODE } from '../../../src/dialects/mysql/connection.js';
import type { ColumnType, DatabaseConnection, NormalizeOptions } from '../../../src/dialects/types.js';
import { silentLogger } from '../../../src/shared/logger.js';
import { adminRun } from '../../helpers/admin.js';
import { databaseAvailable, TEST_DATABASE_URLS } from '../../helpers/databases.js';

const config = { type: 'mysql' as const, url: TEST_DATABASE_URLS.mysql };
const table = 'test.dc_canonical_declared';

describe.runIf(await databaseAvailable('mysql'))('MariaDB canonical texts of declared columns', () => {
  let db: DatabaseConnection;
  let columns: ColumnType[];
  beforeAll(async () => {
    await adminRun(config, [
      `DROP TABLE IF EXISTS ${table}`,
      `CREATE TABLE ${table} (id INTEGER PRIMARY KEY, d6 DATETIME(6), d3 DATETIME(3), d0 DATETIME, t6 TIMESTAMP(6) NULL, t0 TIMESTAMP NULL,
        general VARCHAR(40) COLLATE utf8mb4_general_ci, bin TEXT COLLATE utf8mb4_bin, unicode VARCHAR(40) COLLATE utf8mb4_unicode_ci, latin VARCHAR(40) CHARACTER SET latin1)`,
      // Zero dates need a permissive sql_mode (a table copied from an old server holds them).
      "SET SESSION sql_mode = ''",
      `INSERT INTO ${table} VALUES
        (1, '2024-02-29 23:59:59.999999', '2024-02-29 23:59:59.999', '2024-02-29 23:59:59', '2024-02-29 23:59:59.000001', '2024-02-29 23:59:59', 'Ada', 'ADA ', 'é€😀', 'é'),
        (2, '0099-01-02 03:04:05.000100', '0099-01-02 03:04:05.120', '0099-01-02 03:04:05', '1970-01-01 00:00:01.5', '2038-01-19 03:14:07', '', 'a|b', '  x', 'ü'),
        (3, '0000-00-00 00:00:00', '0000-00-00 00:00:00', '0000-00-00 00:00:00', '0000-00-00 00:00:00', '0000-00-00 00:00:00', 'a\\\\b', '''', 'ß', NULL),
        (4, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL)`,
    ]);
    db = (await loadDialect('mysql')).connect(config, { logger: silentLogger, datasourceName: 'warehouse' });
    columns = (await db.describeTable(table)).columns;
  });
  afterAll(async () => {
    await db?.close();
    await adminRun(config, [`DROP TABLE IF EXISTS ${table}`]);
  });

  const compare = async (column: ColumnType, options: NormalizeOptions) => {
    const compiler = db.compiler;
    const general = { ...column, declared: undefined, charset: undefined };
    const fast = compiler.hashText(`\`${column.name}\``, column, options);
    const slow = compiler.hashText(`\`${column.name}\``, general, options);
    const rows = await db.query(`SELECT id, ${compiler.binaryText(fast)} AS fast, ${compiler.binaryText(slow)} AS slow FROM ${table} ORDER BY id`);
    return { fast, slow, rows };
  };

  it('reads its columns as declared: timestamps with their precision, text with its character set', () => {
    const byName = Object.fromEntries(columns.map((c) => [c.name, c]));
    expect(byName.d6).toMatchObject({ family: 'timestamp', precision: 6, declared: true });
    expect(byName.t0).toMatchObject({ family: 'timestamptz', precision: 0, declared: true });
    expect(byName.general).toMatchObject({ family: 'text', charset: 'utf8mb4', declared: true });
    expect(byName.latin).toMatchObject({ family: 'text', charset: 'latin1' });
  });

  it.each([['d6'], ['d3'], ['d0'], ['t6'], ['t0']])('writes %s as DATE_FORMAT does, at its own precision and cut to fewer digits', async (name) => {
    const column = columns.find((c) => c.name === name)!;
    for (const precision of [undefined, 3, 0]) {
      const { fast, slow, rows } = await compare(column, { caseSensitive: true, precision });
      expect(fast).not.toContain('DATE_FORMAT');
      expect(slow).toContain('DATE_FORMAT');
      expect(rows.map((row) => String(row.fast ?? 'NULL'))).toEqual(rows.map((row) => String(row.slow ?? 'NULL')));
    }
    const [first] = (await compare(column, { caseSensitive: true })).rows;
    expect(String(first?.fast)).toMatch(/^2024-02-29 23:59:59\.\d{6}$/);
  });

  it.each([['general'], ['bin'], ['unicode']])('writes the utf8mb4 column %s as its own bytes, as the cast to the connection did', async (name) => {
    const column = columns.find((c) => c.name === name)!;
    const { fast, rows } = await compare(column, { caseSensitive: true });
    expect(fast).toContain('COLLATE utf8mb4_bin');
    expect(rows.map((row) => String(row.fast ?? 'NULL'))).toEqual(rows.map((row) => String(row.slow ?? 'NULL')));
  });

  it('concatenates columns of different collations and character sets in one row text', async () => {
    const compiler = db.compiler;
    const texts = columns.filter((c) => c.family === 'text').map((c) => compiler.hashText(`\`${c.name}\``, c, { caseSensitive: true }));
    const rows = await db.query(`SELECT ${compiler.binaryText(compiler.concat(texts.flatMap((t, i) => (i === 0 ? [`COALESCE(${t}, '-')`] : ["'|'", `COALESCE(${t}, '-')`]))))} AS t FROM ${table} WHERE id = 1`);
    expect(String(rows[0]?.t)).toBe('Ada|ADA |é€😀|é');
  });

  it("drops sql_mode=ORACLE alone for its sessions (CONCAT there reads NULL as ''), keeping the rest of the server's mode", async () => {
    const raw = await mysql.createConnection({ uri: TEST_DATABASE_URLS.mysql });
    try {
      await raw.query('SET SESSION sql_mode = ORACLE');
      const text = db.compiler.hashText('created', { name: 'created', type: 'datetime', family: 'timestamp', precision: 0, declared: true }, { caseSensitive: true });
      const probe = `SELECT @@SESSION.sql_mode AS mode, COALESCE(${text}, '-') AS t FROM (SELECT CAST(NULL AS DATETIME) AS created) AS d`;
      const [before] = (await raw.query(probe))[0] as { mode: string; t: string }[];
      expect(before?.t).toBe('.000000');
      await raw.query(WITHOUT_ORACLE_MODE);
      const [after] = (await raw.query(probe))[0] as { mode: string; t: string }[];
      expect(after?.t).toBe('-');
      expect(after?.mode.split(',')).not.toContain('ORACLE');
      expect(after?.mode.split(',')).toContain('ANSI_QUOTES');
    } finally {
      await raw.end();
    }
  });
});
