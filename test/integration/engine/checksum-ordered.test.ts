/**
 * The ordered row hash of range buckets: each database hashes a key range's row texts joined in key
 * order (one md5 per range) instead of summing one md5 per row. Both engines must join the same bytes
 * (an equal copy: every range equal), the answer must be exactly the streaming merge's, and where
 * MariaDB's GROUP_CONCAT would cut a range's texts silently the ranges are narrowed, or the sum is used.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mysql from 'mysql2/promise';
import { compare } from '../../../src/engine/index.js';
import { sameConnection, streamStrategy } from '../../../src/engine/plan.js';
import { checksumStrategy } from '../../../src/engine/checksum/strategy.js';
import { silentLogger } from '../../../src/shared/logger.js';
import { databaseAvailable, TEST_DATABASE_URLS } from '../../helpers/databases.js';
import { definition, side, testEngine, type EngineName, type TestEngine } from './engines.js';

const available: Record<EngineName, boolean> = { sqlite: true, postgres: await databaseAvailable('postgres'), mysql: await databaseAvailable('mysql') };
const crossEngine = ([['postgres', 'mysql'], ['mysql', 'postgres']] as const).filter(([a, b]) => available[a] && available[b]);
const engines = new Map<EngineName, TestEngine>();
const ROWS = 3000;

const tuning = { smallTableRows: 0, mostRowsDiffer: 1, rowsPerBucket: 64, minRowsToSplitHashScan: 0 };
const ordered = checksumStrategy(sameConnection, tuning);
const summed = checksumStrategy(sameConnection, { ...tuning, orderedRows: false });
const ORDERED = /each range's rows hashed as one text in key order/;

/** Labels that would run into their neighbours if the joined texts were not decodable. */
const label = (id: number) => [`a;b ${id}`, `|${id}|`, `${id};`, '', `-`, `é😀 ${id}`][id % 6]!;
const rowsOf = (ids: number[], text: (id: number) => string, note: (id: number) => string) =>
  ids.map((id) => `(${id}, ${id % 11 === 0 ? 'NULL' : `'${text(id).replaceAll("'", "''")}'`}, ${id}.25, '${note(id)}')`).join(', ');

beforeAll(async () => {
  for (const name of ['sqlite', 'postgres', 'mysql'] as const) {
    const engine = await testEngine(name, 'ordered');
    engines.set(name, engine);
    if (!engine.available) continue;
    // MariaDB's TEXT holds 65,535 bytes (ranges of at most 57 rows fit its cut); PostgreSQL's text is unbounded.
    const note = name === 'postgres' ? 'VARCHAR(1000)' : 'TEXT';
    const unbounded = name === 'mysql' ? 'LONGTEXT' : 'TEXT';
    for (const table of ['base', 'copy', 'changed']) await engine.exec(`CREATE TABLE ${engine.table(table)} (id INTEGER PRIMARY KEY, label VARCHAR(40), amount DECIMAL(12,2), note ${note})`);
    await engine.exec(`CREATE TABLE ${engine.table('unbounded')} (id INTEGER PRIMARY KEY, label VARCHAR(40), amount DECIMAL(12,2), note ${unbounded})`);
    for (let start = 1; start <= ROWS; start += 1000) {
      const ids = Array.from({ length: 1000 }, (_, i) => start + i);
      const note = (id: number) => `n${id % 7}`;
      for (const table of ['base', 'copy', 'unbounded']) await engine.exec(`INSERT INTO ${engine.table(table)} VALUES ${rowsOf(ids, label, note)}`);
      // Every 250th label moved to the next row (so a range holds the same texts in another order), every 499th row missing.
      const moved = (id: number) => (id % 250 === 0 ? label(id + 1) : id % 250 === 1 ? label(id - 1) : label(id));
      await engine.exec(`INSERT INTO ${engine.table('changed')} VALUES ${rowsOf(ids.filter((id) => id % 499 !== 0), moved, note)}`);
    }
  }
});
afterAll(async () => {
  for (const engine of engines.values()) await engine.close();
});

const run = (s: EngineName, t: EngineName, source: string, target: string, strategy = ordered) =>
  compare(definition({ name: 'ordered', source: side(engines.get(s)!, source), target: side(engines.get(t)!, target), caseSensitive: true, maxDiffRows: 1000 }), { logger: silentLogger }, [strategy]);

describe('the ordered row hash of range buckets', () => {
  it.each(crossEngine)('%s → %s: an equal copy joins the same bytes on both engines (every range equal)', async (s, t) => {
    const result = await run(s, t, 'base', 'copy');
    expect(result.status).toBe('match');
    expect(result.plan?.reason).toMatch(ORDERED);
    expect(result.plan?.reason).toMatch(/all buckets are equal/);
  });

  it.each(crossEngine)('%s → %s: exactly the streaming merge\'s answer, and the summed hash\'s (labels moved between neighbouring rows, rows missing)', async (s, t) => {
    const streamed = await compare(
      definition({ name: 'ordered', source: side(engines.get(s)!, 'base'), target: side(engines.get(t)!, 'changed'), caseSensitive: true, maxDiffRows: 1000 }),
      { logger: silentLogger },
      [streamStrategy],
    );
    expect(streamed.stats).toMatchObject({ mismatched_rows: 2 * Math.floor(ROWS / 250) - 2 * Math.floor(ROWS / 250 / 11), only_in_source: Math.floor(ROWS / 499) });
    const [byOrder, bySum] = [await run(s, t, 'base', 'changed'), await run(s, t, 'base', 'changed', summed)];
    expect(byOrder.plan?.reason).toMatch(ORDERED);
    expect(bySum.plan?.reason).not.toMatch(ORDERED);
    for (const result of [byOrder, bySum]) {
      expect(result.stats).toEqual(streamed.stats);
      expect(result.diff).toEqual(streamed.diff);
    }
  });

  it.runIf(available.postgres)('sums one md5 per row with SQLite, which has no ordered text aggregate here', async () => {
    const result = await run('sqlite', 'postgres', 'base', 'copy');
    expect(result.status).toBe('match');
    expect(result.plan?.reason).not.toMatch(ORDERED);
  });

  it.runIf(available.postgres && available.mysql)("sums one md5 per row when a column does not bound its text (MariaDB's LONGTEXT, PostgreSQL's text)", async () => {
    for (const [s, t] of [['postgres', 'mysql'], ['mysql', 'postgres']] as const) {
      const result = await run(s, t, 'base', 'unbounded');
      expect(result.status).toBe('match');
      expect(result.plan?.reason).not.toMatch(ORDERED);
    }
  });

  it.runIf(available.mysql)('MariaDB → MariaDB on two connections (where a cut would be the same on both sides): exact, ranges within the cut', async () => {
    const apart = (strategyTuning: typeof tuning) => checksumStrategy(() => false, strategyTuning);
    const mysqlEngine = engines.get('mysql')!;
    const def = definition({ name: 'ordered', source: side(mysqlEngine, 'base'), target: side(mysqlEngine, 'changed'), caseSensitive: true, maxDiffRows: 1000 });
    const streamed = await compare(def, { logger: silentLogger }, [streamStrategy]);
    const result = await compare(def, { logger: silentLogger }, [apart(tuning)]);
    expect(result.plan?.reason).toMatch(ORDERED);
    expect(result.stats).toEqual(streamed.stats);
    expect(result.diff).toEqual(streamed.diff);
    const equal = await compare({ ...def, target: side(mysqlEngine, 'copy') }, { logger: silentLogger }, [apart(tuning)]);
    expect(equal.plan?.reason).toMatch(/all buckets are equal/);
  });

  it.runIf(available.postgres && available.mysql)('narrows the ranges so that a range of TEXT rows cannot reach the cut of GROUP_CONCAT, and sums per row rather than narrow them more than twice', async () => {
    const connection = await mysql.createConnection({ uri: TEST_DATABASE_URLS.mysql });
    const [rows] = await connection.query('SELECT @@max_allowed_packet AS cap');
    await connection.end();
    const cap = Math.min(1_073_741_824, Number((rows as { cap: number }[])[0]?.cap));
    // A TEXT value alone may hold 65,535 characters of up to 4 bytes: ranges of more keys could be cut.
    const fitting = Math.floor(cap / (4 * 65_535));
    const width = (result: Awaited<ReturnType<typeof run>>) => Number(/key ranges of ([\d,]+)/.exec(result.plan?.reason ?? '')?.[1]?.replaceAll(',', ''));
    const narrowed = await run('postgres', 'mysql', 'base', 'changed', checksumStrategy(sameConnection, { ...tuning, rowsPerBucket: Math.floor(1.5 * fitting) }));
    expect(narrowed.plan?.reason).toMatch(ORDERED);
    expect(width(narrowed)).toBeGreaterThan(0);
    expect(width(narrowed)).toBeLessThan(fitting);
    expect(narrowed.stats?.only_in_source).toBe(Math.floor(ROWS / 499));
    const summedInstead = await run('postgres', 'mysql', 'base', 'changed', checksumStrategy(sameConnection, { ...tuning, rowsPerBucket: 8 * fitting }));
    expect(summedInstead.plan?.reason).not.toMatch(ORDERED);
    expect(summedInstead.stats).toEqual(narrowed.stats);
  });
});
