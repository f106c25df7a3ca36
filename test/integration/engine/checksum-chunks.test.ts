/**
 * The chunk pass of the ordered row hash: both databases hash chunks of many key ranges (one aggregate
 * each, read through the primary key in key order), and only the differing chunks are checksummed
 * again range by range. Its answer must be exactly the streaming merge's, for changes clustered in a
 * few chunks, spread over all of them (the sampled chunks send it back to the grouped scan), with a
 * filter, and it must not run where the key is not both tables' primary key.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compare } from '../../../src/engine/index.js';
import { sameConnection, streamStrategy } from '../../../src/engine/plan.js';
import { checksumStrategy } from '../../../src/engine/checksum/strategy.js';
import type { ComparisonResult } from '../../../src/engine/model.js';
import { silentLogger } from '../../../src/shared/logger.js';
import { databaseAvailable } from '../../helpers/databases.js';
import { definition, side, testEngine, type EngineName, type TestEngine } from './engines.js';

const available = { postgres: await databaseAvailable('postgres'), mysql: await databaseAvailable('mysql') };
const crossEngine = ([['postgres', 'mysql'], ['mysql', 'postgres']] as const).filter(([a, b]) => available[a] && available[b]);
const engines = new Map<EngineName, TestEngine>();
const ROWS = 20_000;

// 16 rows a range: 1,250 ranges, chunks of 19 ranges (64 chunks at least), one in 8 sampled first.
const tuning = { smallTableRows: 0, mostRowsDiffer: 1, rowsPerBucket: 16, minRowsToSplitHashScan: 0 };
const chunked = checksumStrategy(sameConnection, tuning);
const grouped = checksumStrategy(sameConnection, { ...tuning, chunks: false });
const CHUNKS = /checksummed its rows in [\d,]+ chunks of [\d,]+ keys/;

const label = (id: number) => [`a;b ${id}`, `|${id}|`, `${id};`, '', `-`, `é😀 ${id}`][id % 6]!;
const row = (id: number, text: string | null) => `(${id}, ${text === null ? 'NULL' : `'${text.replaceAll("'", "''")}'`}, ${id}.25, ${id % 3 === 0 ? 'NULL' : `'2024-01-02 03:04:05.${String(id % 1_000_000).padStart(6, '0')}'`})`;

/** Every table: `id` primary key (except `heap`), a label, an amount and a timestamp with microseconds. */
const TABLES: Record<string, (id: number) => string | null | undefined> = {
  base: (id) => label(id),
  copy: (id) => label(id),
  // Changes in a few places: labels changed near key 1,300 (a chunk hashed first, in the sample) and
  // swapped between neighbours near 5,000, rows missing near 12,000 and from 15,000 to 15,700 (chunks
  // of about 300 keys: one whole chunk empty on one side), one extra key at the end.
  clustered: (id) =>
    id >= 1300 && id < 1310 ? `${label(id)}?` : id >= 5000 && id < 5040 ? label(id + 1) : (id >= 12_000 && id < 12_010) || (id >= 15_000 && id <= 15_700) ? undefined : label(id),
  // A change every 50th key: every chunk differs.
  spread: (id) => (id % 50 === 0 ? `${label(id)}!` : label(id)),
  heap: (id) => label(id),
};

beforeAll(async () => {
  for (const name of ['postgres', 'mysql'] as const) {
    const engine = await testEngine(name, 'chunks');
    engines.set(name, engine);
    if (!engine.available) continue;
    for (const [table, text] of Object.entries(TABLES)) {
      const key = table === 'heap' ? 'id INTEGER NOT NULL' : 'id INTEGER PRIMARY KEY';
      await engine.exec(`CREATE TABLE ${engine.table(table)} (${key}, label VARCHAR(40), amount DECIMAL(12,2), seen_at ${name === 'mysql' ? 'DATETIME(6)' : 'TIMESTAMP(6)'})`);
      const last = table === 'clustered' ? ROWS + 1 : ROWS;
      for (let start = 1; start <= last; start += 2000) {
        const values = [];
        for (let id = start; id < start + 2000 && id <= last; id++) {
          const value = text(id);
          if (value !== undefined) values.push(row(id, id % 11 === 0 ? null : value));
        }
        await engine.exec(`INSERT INTO ${engine.table(table)} VALUES ${values.join(', ')}`);
      }
    }
  }
});
afterAll(async () => {
  for (const engine of engines.values()) await engine.close();
});

const def = (s: EngineName, t: EngineName, source: string, target: string, filter?: string) => {
  const sides = [side(engines.get(s)!, source), side(engines.get(t)!, target)];
  if (filter) for (const one of sides) one.filter = filter;
  return definition({ name: 'chunks', source: sides[0]!, target: sides[1]!, caseSensitive: true, maxDiffRows: 5000 });
};
const run = (s: EngineName, t: EngineName, source: string, target: string, strategy = chunked, filter?: string) => compare(def(s, t, source, target, filter), { logger: silentLogger }, [strategy]);
const streamed = (s: EngineName, t: EngineName, source: string, target: string, filter?: string) => compare(def(s, t, source, target, filter), { logger: silentLogger }, [streamStrategy]);

function expectSameAnswer(result: ComparisonResult, expected: ComparisonResult): void {
  expect(result.stats).toEqual(expected.stats);
  expect(result.diff).toEqual(expected.diff);
}

describe('the chunk pass of the ordered row hash', () => {
  it.each(crossEngine)('%s → %s: an equal copy is equal chunk by chunk, and no range is checksummed again', async (s, t) => {
    const result = await run(s, t, 'base', 'copy');
    expect(result.status).toBe('match');
    expect(result.plan?.reason).toMatch(CHUNKS);
    expect(result.plan?.reason).not.toMatch(/differing chunks again/);
    expect(result.stats?.matched_rows).toBe(ROWS);
  });

  it.each(crossEngine)('%s → %s: changes in a few chunks: only those are checksummed again, and the answer is exactly the streaming merge\'s', async (s, t) => {
    const expected = await streamed(s, t, 'base', 'clustered');
    // 10 + 40 labels changed, 1 + 4 of them NULL on both sides (every 11th key).
    expect(expected.stats).toMatchObject({ mismatched_rows: 45, only_in_source: 10 + 701, only_in_target: 1 });
    const result = await run(s, t, 'base', 'clustered');
    expect(result.plan?.reason).toMatch(CHUNKS);
    // Chunks of about 300 keys: one or two around each change, three or four of 15,000–15,700, the last.
    expect(result.plan?.reason).toMatch(/then the ([7-9]|10) differing chunks again in key ranges of 1[67]/);
    expectSameAnswer(result, expected);
    expectSameAnswer(await run(s, t, 'base', 'clustered', grouped), expected);
  });

  it.each(crossEngine)('%s → %s: changes in every chunk: the sampled chunks send it to the grouped scan, with the same answer', async (s, t) => {
    const result = await run(s, t, 'base', 'spread');
    expect(result.plan?.reason).toMatch(/of the \d+ chunks of [\d,]+ keys hashed first differed, so the changes are spread and every range was checksummed/);
    // The 1,250 ranges the grouped scan checksummed (20,000 keys by 16), not with the 8 sampled chunks.
    expect(result.plan?.reason).toMatch(/checksummed its rows in 1,250 key ranges of 16,/);
    expectSameAnswer(result, await streamed(s, t, 'base', 'spread'));
  });

  it.each(crossEngine)('%s → %s: changes the probe sees spread thinly skip the chunk pass altogether, with the same answer', async (s, t) => {
    const probing = checksumStrategy(sameConnection, { ...tuning, mostRowsDiffer: 0.9 });
    const result = await run(s, t, 'base', 'spread', probing);
    expect(result.plan?.reason).toMatch(/by the probe, chunks of [\d,]+ keys would differ \d+ % of the time, so every range was checksummed/);
    expectSameAnswer(result, await streamed(s, t, 'base', 'spread'));
  });

  it.each(crossEngine)('%s → %s: a filter on both sides confines every chunk', async (s, t) => {
    const filter = 'id % 3 <> 1 AND id > 100';
    const result = await run(s, t, 'base', 'clustered', chunked, filter);
    expect(result.plan?.reason).toMatch(CHUNKS);
    expectSameAnswer(result, await streamed(s, t, 'base', 'clustered', filter));
  });

  it.runIf(available.mysql)('MariaDB → MariaDB on two connections (where a cut GROUP_CONCAT would read alike on both sides): exact', async () => {
    const apart = checksumStrategy(() => false, tuning);
    const result = await run('mysql', 'mysql', 'base', 'clustered', apart);
    expect(result.plan?.reason).toMatch(CHUNKS);
    expectSameAnswer(result, await streamed('mysql', 'mysql', 'base', 'clustered'));
    expect((await run('mysql', 'mysql', 'base', 'copy', apart)).plan?.reason).toMatch(/all buckets are equal/);
  });

  it.each(crossEngine)('%s → %s: not where the key is not the primary key: each range is hashed in order by a grouped scan', async (s, t) => {
    const result = await run(s, t, 'heap', 'clustered');
    expect(result.plan?.reason).toMatch(/key ranges of \d+, each range's rows hashed as one text in key order/);
    expect(result.plan?.reason).not.toMatch(/chunks/);
    expectSameAnswer(result, await streamed(s, t, 'heap', 'clustered'));
  });
});

describe('the chunk pass under a composite key of integers (order, line)', () => {
  // 5,000 orders of 4 lines (1,250 ranges of 4 orders, chunks of 19 ranges); PostgreSQL gets each order's lines in descending order, so its heap order is
  // not the key's: only ordering by every key column hashes a chunk's rows alike on both engines.
  const ORDERS = 5000;
  const lines = (change: (order: number, line: number) => string | undefined, descending: boolean) => {
    const values: string[] = [];
    for (let order = 1; order <= ORDERS; order++) {
      for (const line of descending ? [4, 3, 2, 1] : [1, 2, 3, 4]) {
        const value = change(order, line);
        if (value !== undefined) values.push(`(${order}, ${line}, '${value}')`);
      }
    }
    return values;
  };
  // Lines 1–4 of order 300 changed, line 2 of order 900 missing, a fifth line in order 1,500.
  const changed = (order: number, line: number) => (order === 300 ? `changed ${line}` : order === 900 && line === 2 ? undefined : `o${order} l${line}`);
  beforeAll(async () => {
    for (const [name, engine] of engines) {
      if (!engine.available) continue;
      for (const [table, change, extra] of [
        ['order_lines', (o: number, l: number) => `o${o} l${l}`, []],
        ['order_lines_changed', changed, ["(1500, 5, 'o1500 l5')"]],
      ] as const) {
        await engine.exec(`CREATE TABLE ${engine.table(table)} (order_id INTEGER NOT NULL, line_no INTEGER NOT NULL, label VARCHAR(40), PRIMARY KEY (order_id, line_no))`);
        await engine.exec(`INSERT INTO ${engine.table(table)} VALUES ${[...lines(change, name === 'postgres'), ...extra].join(', ')}`);
      }
      // The same rows under a primary key declared (line, order): MariaDB keeps them in that order.
      await engine.exec(`CREATE TABLE ${engine.table('lines_by_line')} (order_id INTEGER NOT NULL, line_no INTEGER NOT NULL, label VARCHAR(40), PRIMARY KEY (line_no, order_id))`);
      await engine.exec(`INSERT INTO ${engine.table('lines_by_line')} SELECT order_id, line_no, label FROM ${engine.table('order_lines_changed')}`);
    }
  });

  it.each(crossEngine)('%s → %s: equal chunks hash alike, the differing ones are checksummed again, and the answer is exactly the streaming merge\'s', async (s, t) => {
    const expected = await streamed(s, t, 'order_lines', 'order_lines_changed');
    expect(expected.stats).toMatchObject({ mismatched_rows: 4, only_in_source: 1, only_in_target: 1, matched_rows: 4 * ORDERS - 4 - 1 });
    const result = await run(s, t, 'order_lines', 'order_lines_changed');
    expect(result.plan?.reason).toMatch(CHUNKS);
    // Three places changed: three chunks (the lines of one order are never split across chunks).
    expect(result.plan?.reason).toMatch(/then the 3 differing chunks again in ranges of 4 values of key column `order_id`/);
    expectSameAnswer(result, expected);
    const byRange = await run(s, t, 'order_lines', 'order_lines_changed', grouped);
    expect(byRange.plan?.reason).toMatch(/in 1,250 ranges of 4 values of key column `order_id`, each range's rows hashed as one text in key order; only the \d+ rows of the 3 differing buckets/);
    expectSameAnswer(byRange, expected);
  });

  it.each(crossEngine)('%s → %s: no chunk pass where a primary key lists the columns in another order (its rows are not kept in key order), with the same answer', async (s, t) => {
    const keys = ['order_id', 'line_no'];
    const sides = definition({ name: 'chunks', source: side(engines.get(s)!, 'order_lines'), target: side(engines.get(t)!, 'lines_by_line'), primaryKeys: { source: keys, target: keys }, caseSensitive: true, maxDiffRows: 5000 });
    const result = await compare(sides, { logger: silentLogger }, [chunked]);
    expect(result.plan?.reason).not.toMatch(/chunks/);
    expect(result.plan?.reason).toMatch(/each range's rows hashed as one text in key order/);
    expectSameAnswer(result, await compare(sides, { logger: silentLogger }, [streamStrategy]));
  });
});
