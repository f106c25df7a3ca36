/**
 * Key-tail buckets on the real engines: PostgreSQL and MariaDB compute a key text's tail code exactly as
 * JavaScript does (characters, not bytes; multi-byte and short texts), and a comparison keyed by two
 * texts, with no integer key column to cut ranges on, is bucketed by key tails and finds exactly what
 * the streaming merge finds, worked out by hand.
 */
import pg from 'pg';
import mysql from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compare } from '../../../src/engine/index.js';
import { sameConnection, streamStrategy } from '../../../src/engine/plan.js';
import { checksumStrategy } from '../../../src/engine/checksum/strategy.js';
import { tailCode, tailCodeSql } from '../../../src/engine/checksum/tail.js';
import { mysqlCompiler } from '../../../src/dialects/mysql/compiler.js';
import { postgresCompiler } from '../../../src/dialects/postgres/compiler.js';
import type { ComparisonResult } from '../../../src/engine/model.js';
import { silentLogger } from '../../../src/shared/logger.js';
import { databaseAvailable, TEST_DATABASE_URLS } from '../../helpers/databases.js';
import { definition, side, testEngine, type TestEngine } from './engines.js';

const both = (await databaseAvailable('postgres')) && (await databaseAvailable('mysql'));

const TEXTS = ['', 'a', 'abcdefg', 'abcdefgh', 'ORDER-0000001', 'xxéééééééé', 'k😀', '😀😀😀😀😀😀😀😀', '2:R7|32:0123456789abcdef', "quote ' and \\ backslash", '日本語のキー'];

describe.runIf(both)('key-tail codes on PostgreSQL and MariaDB', () => {
  it('equal the JavaScript code for every text, multi-byte and short ones included', async () => {
    const client = new pg.Client({ connectionString: TEST_DATABASE_URLS.postgres });
    await client.connect();
    const my = await mysql.createConnection({ uri: TEST_DATABASE_URLS.mysql, charset: 'utf8mb4', supportBigNumbers: true, bigNumberStrings: true });
    try {
      const select = (compiler: typeof postgresCompiler | typeof mysqlCompiler) =>
        `SELECT ${TEXTS.map((t, i) => `${compiler.normalize(tailCodeSql(compiler.textKeyOrder!, compiler.stringLiteral(t)), { name: 'c', type: 'bigint', family: 'integer' }, { caseSensitive: true })} AS ${compiler.quoteIdentifier(`c${i}`)}`).join(', ')}`;
      const pgRow = (await client.query(select(postgresCompiler))).rows[0] as Record<string, string>;
      const [[myRow]] = (await my.query(select(mysqlCompiler))) as unknown as [Record<string, string | Buffer>[]];
      const expected = TEXTS.map((t) => String(tailCode(t)));
      expect(TEXTS.map((_, i) => String(pgRow[`c${i}`]))).toEqual(expected);
      expect(TEXTS.map((_, i) => String(myRow![`c${i}`]))).toEqual(expected);
    } finally {
      await client.end();
      await my.end();
    }
  });
});

describe.runIf(both)('a key of two texts, PostgreSQL ↔ MariaDB, in key-tail buckets', () => {
  let pgEngine: TestEngine;
  let myEngine: TestEngine;
  // region R<n mod 7>, code: a hex text ending in n's digits; 300 rows.
  const row = (n: number, v = `v${n}`) => `('R${n % 7}', 'c${(n * 2654435761) % 4294967296}-${n}', '${v}')`;
  beforeAll(async () => {
    pgEngine = await testEngine('postgres', 'tail_pg');
    myEngine = await testEngine('mysql', 'tail_my');
    const all = Array.from({ length: 300 }, (_, i) => i + 1);
    for (const [engine, rows] of [
      [pgEngine, all.map((n) => row(n))],
      // The target: 40 changed, 77 and 200 missing, two more rows.
      [myEngine, [...all.filter((n) => n !== 77 && n !== 200).map((n) => row(n, n === 40 ? 'changed' : `v${n}`)), row(301), row(302)]],
    ] as const) {
      await engine.exec(`CREATE TABLE ${engine.table('pairs')} (region VARCHAR(8) NOT NULL, code VARCHAR(40) NOT NULL, v VARCHAR(20), PRIMARY KEY (region, code))`, `INSERT INTO ${engine.table('pairs')} VALUES ${rows.join(', ')}`);
    }
  });
  afterAll(async () => {
    await pgEngine?.close();
    await myEngine?.close();
  });

  const essence = (result: ComparisonResult) => ({ status: result.status, stats: result.stats, diff: result.diff });

  it.each([
    ['PostgreSQL → MariaDB', 'postgres'],
    ['MariaDB → PostgreSQL', 'mysql'],
  ] as const)('%s: the same result as the streaming merge', async (_label, from) => {
    const [source, target] = from === 'postgres' ? [pgEngine, myEngine] : [myEngine, pgEngine];
    const def = definition({ source: side(source, 'pairs'), target: side(target, 'pairs'), caseSensitive: true });
    const tuned = checksumStrategy(sameConnection, { smallTableRows: 0, mostRowsDiffer: 1, rowsPerBucket: 2, minRowsToSplitHashScan: 0 });
    const checksum = await compare(def, { logger: silentLogger }, [tuned]);
    const stream = await compare(def, { logger: silentLogger }, [streamStrategy]);
    expect(checksum.error).toBeUndefined();
    expect(checksum.plan?.reason).toMatch(/key-tail buckets \(by the last characters of key column `code`\); only the \d+ rows of the \d+ differing buckets were fetched/);
    // By hand: 300 rows against 298 + 2; row 40 changed; 77 and 200 on one side, 301 and 302 on the other.
    expect(checksum.stats).toMatchObject({ source_rows: 300, target_rows: 300, matched_rows: 297, mismatched_rows: 1, only_in_source: 2, only_in_target: 2 });
    expect(essence(checksum)).toEqual(essence(stream));
  });

  it('reads the tails of the key column that tells the keys apart when it is not the last one (code, region)', async () => {
    const def = definition({ source: side(pgEngine, 'pairs'), target: side(myEngine, 'pairs'), caseSensitive: true, primaryKeys: { source: ['code', 'region'], target: ['code', 'region'] } });
    const tuned = checksumStrategy(sameConnection, { smallTableRows: 0, mostRowsDiffer: 1, rowsPerBucket: 2, minRowsToSplitHashScan: 0 });
    const checksum = await compare(def, { logger: silentLogger }, [tuned]);
    expect(checksum.error).toBeUndefined();
    expect(checksum.plan?.reason).toMatch(/key-tail buckets \(by the last characters of key column `code`\)/);
    expect(checksum.stats).toMatchObject({ matched_rows: 297, mismatched_rows: 1, only_in_source: 2, only_in_target: 2 });
    expect(essence(checksum)).toEqual(essence(await compare(def, { logger: silentLogger }, [streamStrategy])));
  });
});
