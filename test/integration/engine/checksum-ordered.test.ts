/**
 * The ordered row hash of range buckets: each database hashes a key range's row texts joined in key
 * order (one md5 per range) instead of summing one md5 per row. Both engines must join the same bytes
 * (an equal copy: every range equal), the answer must be exactly the streaming merge's, and where
 * MariaDB's GROUP_CONCAT would cut a range's texts silently the ranges are narrowed, or the sum is used.
 * Key-order buckets of a text key join their rows in the order of the key's bytes, whatever each
 * engine's collation says (mixed case, `_`, accents, emoji, a trailing space).
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

/**
 * Notes on both sides of DIGEST_ABOVE (1,024 bytes): 700 'é' are 1,400 bytes but 700 characters (the
 * bound counts bytes on both engines), 1,024 ASCII bytes are written as they are, 1,025 are digested.
 */
const longNote = (id: number) => [`${'é'.repeat(700)}${id}`, `${'a'.repeat(1020)}${String(id % 10_000).padStart(4, '0')}`, `${'b'.repeat(1021)}${String(id % 10_000).padStart(4, '0')}`][id % 100] ?? `n${id % 7}`;

/** Keys distinct in every collation here, ordered differently by MariaDB's general_ci and by their bytes. */
const textKey = (id: number) => [`Key${id}`, `key_${id}`, `KEY-${id}`, `é${id}`, `😀${id}`, `k${id} `, `_${id}`, `Z${id}`, `a${id}`, `~${id}`][id % 10]!;

/** Labels that would run into their neighbours if the joined texts were not decodable. */
const label = (id: number) => [`a;b ${id}`, `|${id}|`, `${id};`, '', `-`, `é😀 ${id}`][id % 6]!;
const rowsOf = (ids: number[], text: (id: number) => string, note: (id: number) => string) =>
  ids.map((id) => `(${id}, ${id % 11 === 0 ? 'NULL' : `'${text(id).replaceAll("'", "''")}'`}, ${id}.25, '${note(id)}')`).join(', ');

beforeAll(async () => {
  for (const name of ['sqlite', 'postgres', 'mysql'] as const) {
    const engine = await testEngine(name, 'ordered');
    engines.set(name, engine);
    if (!engine.available) continue;
    // MariaDB's TEXT holds 65,535 bytes; PostgreSQL's text is unbounded (both digested past 1,024 bytes).
    const note = name === 'postgres' ? 'VARCHAR(1000)' : 'TEXT';
    const unbounded = name === 'mysql' ? 'LONGTEXT' : 'TEXT';
    for (const table of ['base', 'copy', 'changed']) await engine.exec(`CREATE TABLE ${engine.table(table)} (id INTEGER PRIMARY KEY, label VARCHAR(40), amount DECIMAL(12,2), note ${note})`);
    for (const table of ['unbounded', 'unbounded_changed']) await engine.exec(`CREATE TABLE ${engine.table(table)} (id INTEGER PRIMARY KEY, label VARCHAR(40), amount DECIMAL(12,2), note ${unbounded})`);
    for (let start = 1; start <= ROWS; start += 1000) {
      const ids = Array.from({ length: 1000 }, (_, i) => start + i);
      const note = (id: number) => `n${id % 7}`;
      for (const table of ['base', 'copy']) await engine.exec(`INSERT INTO ${engine.table(table)} VALUES ${rowsOf(ids, label, note)}`);
      await engine.exec(`INSERT INTO ${engine.table('unbounded')} VALUES ${rowsOf(ids, label, longNote)}`);
      // Two long notes changed in their last character only: past the first DIGEST_ABOVE bytes, and at 1,025 bytes.
      const changedNote = (id: number) => (id === 500 || id === 1202 ? `${longNote(id).slice(0, -1)}!` : longNote(id));
      await engine.exec(`INSERT INTO ${engine.table('unbounded_changed')} VALUES ${rowsOf(ids, label, changedNote)}`);
      // Every 250th label moved to the next row (so a range holds the same texts in another order), every 499th row missing.
      const moved = (id: number) => (id % 250 === 0 ? label(id + 1) : id % 250 === 1 ? label(id - 1) : label(id));
      await engine.exec(`INSERT INTO ${engine.table('changed')} VALUES ${rowsOf(ids.filter((id) => id % 499 !== 0), moved, note)}`);
    }
    // Text keys whose order in MariaDB's utf8mb4_general_ci (case- and accent-blind, PAD SPACE) is not their bytes'.
    for (const table of ['text_base', 'text_copy', 'text_changed']) await engine.exec(`CREATE TABLE ${engine.table(table)} (code VARCHAR(40) PRIMARY KEY, label VARCHAR(40), note ${note})`);
    for (let start = 1; start <= ROWS; start += 1000) {
      const ids = Array.from({ length: 1000 }, (_, i) => start + i);
      const textRows = (keep: (id: number) => boolean, labelOf: (id: number) => string) =>
        ids
          .filter(keep)
          .map((id) => `('${textKey(id)}', ${id % 13 === 0 ? 'NULL' : `'${labelOf(id).replaceAll("'", "''")}'`}, 'n${id % 7}')`)
          .join(', ');
      for (const table of ['text_base', 'text_copy']) await engine.exec(`INSERT INTO ${engine.table(table)} VALUES ${textRows(() => true, label)}`);
      // Every 301st label upper-cased (equal in MariaDB's collation, different here), every 499th row missing.
      await engine.exec(`INSERT INTO ${engine.table('text_changed')} VALUES ${textRows((id) => id % 499 !== 0, (id) => (id % 301 === 0 ? `X${label(id)}`.toUpperCase() : label(id)))}`);
    }
    await engine.exec(`INSERT INTO ${engine.table('text_changed')} VALUES ('only here', 'x', 'n1')`);
    // The same rows 1,000 keys apart: ranges of many keys, few rows.
    for (const [table, from] of [['sparse', 'base'], ['sparse_changed', 'changed']] as const) {
      await engine.exec(`CREATE TABLE ${engine.table(table)} (id INTEGER PRIMARY KEY, label VARCHAR(40), amount DECIMAL(12,2), note ${note})`);
      await engine.exec(`INSERT INTO ${engine.table(table)} SELECT id * 1000, label, amount, note FROM ${engine.table(from)}`);
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

  it.each(crossEngine)("%s → %s: hashes rows in order whatever a text column holds (MariaDB's LONGTEXT, PostgreSQL's text): values past 1,024 bytes by their own md5, a change in their last byte found", async (s, t) => {
    expect(longNote(100)).toHaveLength(703);
    expect(Buffer.byteLength(longNote(101))).toBe(1024);
    expect(Buffer.byteLength(longNote(102))).toBe(1025);
    const equal = await run(s, t, 'unbounded', 'unbounded');
    expect(equal.status).toBe('match');
    expect(equal.plan?.reason).toMatch(ORDERED);
    expect(equal.plan?.reason).toMatch(/all buckets are equal/);
    const changed = await run(s, t, 'unbounded', 'unbounded_changed');
    expect(changed.plan?.reason).toMatch(ORDERED);
    expect(changed.stats).toMatchObject({ mismatched_rows: 2, only_in_source: 0, only_in_target: 0, matched_rows: ROWS - 2 });
    expect(changed.diff?.diff_rows.map((row) => row.id)).toEqual([500, 1202]);
  });

  it.runIf(available.mysql)('MariaDB → MariaDB on two connections (where a cut would be the same on both sides): exact, ranges within the cut', async () => {
    const apart = (strategyTuning: typeof tuning) => checksumStrategy(() => false, strategyTuning);
    const mysqlEngine = engines.get('mysql')!;
    const def = definition({ name: 'ordered', source: side(mysqlEngine, 'base'), target: side(mysqlEngine, 'changed'), caseSensitive: true, maxDiffRows: 1000 });
    const streamed = await compare(def, { logger: silentLogger }, [streamStrategy]);
    const result = await compare(def, { logger: silentLogger }, [apart(tuning)]);
    expect(result.error).toBeUndefined();
    expect(result.plan?.reason).toMatch(ORDERED);
    expect(result.stats).toEqual(streamed.stats);
    expect(result.diff).toEqual(streamed.diff);
    const equal = await compare({ ...def, target: side(mysqlEngine, 'copy') }, { logger: silentLogger }, [apart(tuning)]);
    expect(equal.error).toBeUndefined();
    expect(equal.plan?.reason).toMatch(/all buckets are equal/);
  });

  it.runIf(available.postgres && available.mysql)('narrows the ranges so that the rows of a range cannot reach the cut of GROUP_CONCAT, and sums per row rather than narrow them more than twice', async () => {
    const connection = await mysql.createConnection({ uri: TEST_DATABASE_URLS.mysql });
    const [rows] = await connection.query('SELECT @@max_allowed_packet AS cap');
    await connection.end();
    const cap = Math.min(1_073_741_824, Number((rows as { cap: number }[])[0]?.cap));
    // A row: id and amount 110 bytes each, the label 40 characters of up to 4 bytes, the TEXT note
    // digested past 1,024 bytes; 12 bytes of prefix and separator a field. Ranges of more keys could be cut.
    const fitting = Math.floor((0.9 * cap) / (110 + 4 * 40 + 110 + 1024 + 4 * 12 + 1));
    const width = (result: Awaited<ReturnType<typeof run>>) => Number(/key ranges of ([\d,]+)/.exec(result.plan?.reason ?? '')?.[1]?.replaceAll(',', ''));
    // Keys 1,000 apart: a bucket of n rows is a range of 1,000·n keys.
    const narrowed = await run('postgres', 'mysql', 'sparse', 'sparse_changed', checksumStrategy(sameConnection, { ...tuning, rowsPerBucket: Math.ceil((1.5 * fitting) / 1000) }));
    expect(narrowed.plan?.reason).toMatch(ORDERED);
    expect(width(narrowed)).toBeGreaterThan(0.5 * fitting);
    expect(width(narrowed)).toBeLessThanOrEqual(fitting);
    expect(narrowed.stats?.only_in_source).toBe(Math.floor(ROWS / 499));
    const summedInstead = await run('postgres', 'mysql', 'sparse', 'sparse_changed', checksumStrategy(sameConnection, { ...tuning, rowsPerBucket: Math.ceil((8 * fitting) / 1000) }));
    expect(summedInstead.plan?.reason).not.toMatch(ORDERED);
    expect(summedInstead.stats).toEqual(narrowed.stats);
  });
});

describe('the ordered row hash of key-order buckets (a text key)', () => {
  const BY_BYTES = /key-order buckets \(by the keys' bytes\), each bucket's rows hashed as one text in the order of the keys' bytes/;

  it.each(crossEngine)('%s → %s: an equal copy joins the same bytes on both engines, MariaDB scanning in two slices cut on bucket bounds (every bucket equal)', async (s, t) => {
    const result = await run(s, t, 'text_base', 'text_copy');
    expect(result.error).toBeUndefined();
    expect(result.status).toBe('match');
    expect(result.plan?.reason).toMatch(BY_BYTES);
    expect(result.plan?.reason).toMatch(/all buckets are equal/);
  });

  it.each(crossEngine)("%s → %s: exactly the streaming merge's answer, and the summed hash's (labels changed in case only, rows missing, a row only in the target)", async (s, t) => {
    const def = definition({ name: 'ordered', source: side(engines.get(s)!, 'text_base'), target: side(engines.get(t)!, 'text_changed'), caseSensitive: true, maxDiffRows: 1000 });
    const streamed = await compare(def, { logger: silentLogger }, [streamStrategy]);
    const changedLabels = Array.from({ length: ROWS }, (_, i) => i + 1).filter((id) => id % 301 === 0 && id % 13 !== 0 && id % 499 !== 0).length;
    expect(streamed.stats).toMatchObject({ mismatched_rows: changedLabels, only_in_source: Math.floor(ROWS / 499), only_in_target: 1 });
    const [byOrder, bySum] = [await run(s, t, 'text_base', 'text_changed'), await run(s, t, 'text_base', 'text_changed', summed)];
    expect(byOrder.plan?.reason).toMatch(BY_BYTES);
    expect(bySum.plan?.reason).toMatch(/key-order buckets/);
    expect(bySum.plan?.reason).not.toMatch(/hashed as one text/);
    for (const result of [byOrder, bySum]) {
      expect(result.stats).toEqual(streamed.stats);
      expect(result.diff).toEqual(streamed.diff);
    }
  });
});
