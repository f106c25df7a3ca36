/**
 * Splitting one side's checksum scan into slices run at once: the slices hold every row exactly once,
 * and their summaries add up per bucket to the whole side's.
 */
import { describe, expect, it } from 'vitest';
import { mysqlCompiler } from '../../../src/dialects/mysql/compiler.js';
import type { ColumnType } from '../../../src/dialects/types.js';
import type { DiffContext } from '../../../src/engine/diff-outcome.js';
import type { Side } from '../../../src/engine/sides.js';
import { mergeSummaries, parallelScans, scanSlices, uncutSummary } from '../../../src/engine/checksum/slices.js';
import { postgresChecksumHooks } from '../../../src/dialects/postgres/checksum.js';
import { mysqlChecksumHooks } from '../../../src/dialects/mysql/checksum.js';
import type { BucketSummary } from '../../../src/engine/checksum/buckets.js';
import type { Bucketing, ChecksumRelation } from '../../../src/engine/checksum/sql.js';

const id: ColumnType = { name: 'id', type: 'bigint', family: 'integer' };
const code: ColumnType = { name: 'code', type: 'varchar(20)', family: 'text' };

function relation(key: ColumnType, bucketing: Bucketing): ChecksumRelation {
  return { compiler: mysqlCompiler, from: '`t` AS `b`', keys: [{ expr: `\`b\`.\`${key.name}\``, column: key, options: { caseSensitive: true } }], values: [], bucketing };
}

/** A side whose connection answers the pivot query with the given key, and records the SQL it got. */
function sideAnswering(pivot: unknown, asked: string[]): { context: DiffContext; side: Side } {
  const connection = {
    dialect: 'mysql',
    compiler: mysqlCompiler,
    query: async (sql: string) => {
      asked.push(sql);
      return [{ pivot }];
    },
  };
  const side = { role: 'target', definition: { dataset: 't' }, connection } as unknown as Side;
  return { context: {} as DiffContext, side };
}

describe('slices of a range-bucketed scan', () => {
  it('cuts the integer key span on bucket bounds, NULL keys in the first slice', async () => {
    const { context, side } = sideAnswering(undefined, []);
    const slices = await scanSlices(context, side, relation(id, { kind: 'range', lo: 1n, width: 100n }), { parallelScans: 2, span: { lo: 1n, hi: 1000n }, rows: 1000, minRowsToSplitHashScan: 0 });
    expect(slices).toEqual([{ condition: '(`b`.`id` IS NULL OR `b`.`id` < 501)' }, { condition: '`b`.`id` >= 501' }]);
  });

  it("cuts a composite key's range column, not its first column, when the ranges are cut on a later one", async () => {
    const { context, side } = sideAnswering(undefined, []);
    const keyed = relation(code, { kind: 'range', lo: 1n, width: 100n, keyIndex: 1 });
    const composite = { ...keyed, keys: [...keyed.keys, { expr: '`b`.`seq`', column: id, options: { caseSensitive: true } }] };
    const slices = await scanSlices(context, side, composite, { parallelScans: 2, span: { lo: 1n, hi: 1000n }, rows: 1000, minRowsToSplitHashScan: 0 });
    expect(slices).toEqual([{ condition: '(`b`.`seq` IS NULL OR `b`.`seq` < 501)' }, { condition: '`b`.`seq` >= 501' }]);
  });

  it('runs one scan for an engine that parallelises a query itself', async () => {
    const { context, side } = sideAnswering(undefined, []);
    const slices = await scanSlices(context, side, relation(id, { kind: 'range', lo: 1n, width: 100n }), { parallelScans: 1, span: { lo: 1n, hi: 1000n }, rows: 1000, minRowsToSplitHashScan: 0 });
    expect(slices).toEqual([{}]);
  });
});

describe('slices of a hash-bucketed scan', () => {
  it("cuts a text key around the key at the middle row, in the engine's own order, as an escaped literal", async () => {
    const asked: string[] = [];
    const { context, side } = sideAnswering("O'Brien\\", asked);
    const slices = await scanSlices(context, side, relation(code, { kind: 'hash', buckets: 7 }), { parallelScans: 2, span: undefined, rows: 2_000_001, minRowsToSplitHashScan: 1_000_000 });
    expect(asked).toEqual(['SELECT `b`.`code` AS `pivot` FROM `t` AS `b` WHERE `b`.`code` IS NOT NULL ORDER BY `b`.`code` LIMIT 1 OFFSET 1000000']);
    const pivot = `_utf8mb4 X'${Buffer.from("O'Brien\\").toString('hex')}'`;
    expect(slices).toEqual([{ condition: `(\`b\`.\`code\` IS NULL OR \`b\`.\`code\` < ${pivot})` }, { condition: `\`b\`.\`code\` >= ${pivot}` }]);
  });

  it('takes the pivot from the key sample when there is one: the median of the sampled keys the engine holds, in its own order', async () => {
    const asked: string[] = [];
    // The engine answers with the looked-up keys it holds, ordered its own way (case-insensitively here).
    const held = ['a-1', 'B-2', 'c-3', 'D-4', 'e-5', 'F-6', 'g-7', 'H-8', 'i-9', 'J-10', 'k-11', 'L-12', 'm-13', 'N-14', 'o-15', 'P-16', 'q-17'];
    const connection = {
      dialect: 'mysql',
      compiler: mysqlCompiler,
      query: async (sql: string) => {
        asked.push(sql);
        return held.map((pivot) => ({ pivot }));
      },
    };
    const side = { role: 'target', definition: { dataset: 't' }, connection } as unknown as Side;
    const sample = held.map((key) => Buffer.from(key)).reverse();
    const slices = await scanSlices({} as DiffContext, side, relation(code, { kind: 'hash', buckets: 7 }), { parallelScans: 2, span: undefined, rows: 2_000_001, minRowsToSplitHashScan: 1_000_000, sample });
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatch(/^SELECT `b`.`code` AS `pivot` FROM `t` AS `b` WHERE `b`.`code` IN \('q-17', 'P-16', .*'a-1'\) ORDER BY `b`.`code`$/);
    const pivot = `'i-9'`;
    expect(slices).toEqual([{ condition: `(\`b\`.\`code\` IS NULL OR \`b\`.\`code\` < ${pivot})` }, { condition: `\`b\`.\`code\` >= ${pivot}` }]);
  });

  it('walks the index when the engine holds too few of the sampled keys to give a pivot', async () => {
    const asked: string[] = [];
    const { context, side } = sideAnswering('m', asked);
    await scanSlices(context, side, relation(code, { kind: 'hash', buckets: 7 }), { parallelScans: 2, span: undefined, rows: 2_000_001, minRowsToSplitHashScan: 1_000_000, sample: [Buffer.from('a')] });
    expect(asked).toHaveLength(2);
    expect(asked[1]).toContain('ORDER BY `b`.`code` LIMIT 1 OFFSET 1000000');
  });

  it('does not split a small table, a non-text key, or when there is no pivot (an empty table)', async () => {
    const asked: string[] = [];
    const small = sideAnswering('m', asked);
    const hash: Bucketing = { kind: 'hash', buckets: 7 };
    expect(await scanSlices(small.context, small.side, relation(code, hash), { parallelScans: 2, span: undefined, rows: 999_999, minRowsToSplitHashScan: 1_000_000 })).toEqual([{}]);
    expect(await scanSlices(small.context, small.side, relation(id, hash), { parallelScans: 2, span: undefined, rows: 5_000_000, minRowsToSplitHashScan: 0 })).toEqual([{}]);
    expect(asked).toEqual([]);
    const empty = sideAnswering(undefined, asked);
    expect(await scanSlices(empty.context, empty.side, relation(code, hash), { parallelScans: 2, span: undefined, rows: 5_000_000, minRowsToSplitHashScan: 0 })).toEqual([{}]);
  });
});

async function* stream(summaries: BucketSummary[]): AsyncGenerator<BucketSummary> {
  for (const summary of summaries) yield summary;
}

async function merged(...slices: BucketSummary[][]): Promise<BucketSummary[]> {
  const out: BucketSummary[] = [];
  for await (const summary of mergeSummaries(slices.map(stream))) out.push(summary);
  return out;
}

describe('merging the slices', () => {
  it('adds rows and checksums per bucket beyond 64 bits, in bucket order, the NULL-key bucket (first in one engine, last in another) at the end', async () => {
    const big = (2n ** 70n).toString();
    const result = await merged(
      [
        { bucket: null, rows: 2, checksum: '10' },
        { bucket: 1n, rows: 2, checksum: big },
        { bucket: 5n, rows: 1, checksum: '7' },
      ],
      [
        { bucket: 1n, rows: 1, checksum: '5' },
        { bucket: 3n, rows: 4, checksum: '9' },
        { bucket: null, rows: 3, checksum: '1' },
      ],
    );
    expect(result).toEqual([
      { bucket: 1n, rows: 3, checksum: (2n ** 70n + 5n).toString() },
      { bucket: 3n, rows: 4, checksum: '9' },
      { bucket: 5n, rows: 1, checksum: '7' },
      { bucket: null, rows: 5, checksum: '11' },
    ]);
  });

  it('keeps every slice\'s key range of a prefix bucket: slices split the engine\'s order, buckets follow byte order', async () => {
    const result = await merged([{ bucket: 4n, rows: 1, checksum: '1', ranges: [['KEY.1', 'KEY.1']] }], [{ bucket: 4n, rows: 2, checksum: '2', ranges: [['key_1', 'key_9']] }]);
    expect(result).toEqual([{ bucket: 4n, rows: 3, checksum: '3', ranges: [['KEY.1', 'KEY.1'], ['key_1', 'key_9']] }]);
  });

  it('lists the parts of an ordered row hash found in two slices (md5 texts cannot be added up), so the bucket can never look equal', async () => {
    const a = 'd41d8cd98f00b204e9800998ecf8427e';
    const b = '0cc175b9c0f1b6a831c399e269772661';
    const result = await merged([{ bucket: 7n, rows: 1, checksum: a }, { bucket: null, rows: 1, checksum: a }], [{ bucket: 7n, rows: 2, checksum: b }]);
    expect(result).toEqual([
      { bucket: 7n, rows: 3, checksum: `${a},${b}` },
      { bucket: null, rows: 1, checksum: a },
    ]);
  });

  it('passes a lone slice through, and merges empty slices into nothing', async () => {
    const only = [{ bucket: 2n, rows: 1, checksum: '42' }];
    expect(await merged(only)).toEqual(only);
    expect(await merged([], [])).toEqual([]);
  });
});

describe('how many slices a side scans in', () => {
  it("splits PostgreSQL's scan in two only under the ordered row hash of ranges read through the key's index (an ordered aggregate runs on one core), MariaDB's always", () => {
    const ranges = relation(id, { kind: 'range', lo: 1n, width: 64n });
    const keyOrder = relation(code, { kind: 'prefix', shared: '', bounds: [1n] });
    expect(parallelScans(postgresChecksumHooks, ranges)).toBe(1);
    expect(parallelScans(postgresChecksumHooks, { ...ranges, orderedRows: true })).toBe(2);
    expect(parallelScans(postgresChecksumHooks, { ...keyOrder, orderedRows: true })).toBe(1);
    expect(parallelScans(mysqlChecksumHooks, ranges)).toBe(2);
    expect(parallelScans(mysqlChecksumHooks, { ...ranges, orderedRows: true })).toBe(2);
    expect(parallelScans(mysqlChecksumHooks, { ...keyOrder, orderedRows: true })).toBe(2);
  });
});

describe('slices of buckets whose rows are hashed in key order (one md5 per bucket, which two slices cannot share)', () => {
  const options = { parallelScans: 2, span: undefined, rows: 100_000, minRowsToSplitHashScan: 0 };

  it('cuts key-order buckets on a bucket bound by the key\'s bytes, never at a key in the engine\'s collation (no pivot asked for)', async () => {
    const asked: string[] = [];
    const { context, side } = sideAnswering('m', asked);
    const bounds = [0x61n << 48n, 0x62n << 48n, 0x63n << 48n, 0x64n << 48n];
    const slices = await scanSlices(context, side, { ...relation(code, { kind: 'prefix', shared: '', bounds }), orderedRows: true }, options);
    const bytes = 'CAST(CAST(`b`.`code` AS CHAR) AS BINARY)';
    expect(slices).toEqual([{ condition: `(\`b\`.\`code\` IS NULL OR ${bytes} < X'63')` }, { condition: `${bytes} >= X'63'` }]);
    expect(asked).toEqual([]);
  });

  it('does not split a query (each slice would run it again) or a small table', async () => {
    const { context, side } = sideAnswering('m', []);
    const ordered = { ...relation(code, { kind: 'prefix', shared: '', bounds: [1n, 2n, 3n, 4n] }), orderedRows: true };
    expect(await scanSlices(context, { ...side, definition: { query: 'SELECT 1' } } as unknown as Side, ordered, options)).toEqual([{}]);
    expect(await scanSlices(context, side, ordered, { ...options, rows: 1000, minRowsToSplitHashScan: 100_000 })).toEqual([{}]);
  });
});

describe('a bucket that may have been cut', () => {
  it('keeps its checksum while it holds no more rows than fit, and gets one the other side never equals past that', () => {
    const summary: BucketSummary = { bucket: 3n, rows: 5, checksum: 'abc' };
    expect(uncutSummary(summary, {}, 'source')).toBe(summary);
    expect(uncutSummary(summary, { maxBucketRows: 5 }, 'source')).toBe(summary);
    const [source, target] = [uncutSummary(summary, { maxBucketRows: 4 }, 'source'), uncutSummary(summary, { maxBucketRows: 4 }, 'target')];
    expect(source).toMatchObject({ bucket: 3n, rows: 5 });
    expect(source.checksum).not.toBe(target.checksum);
  });
});
