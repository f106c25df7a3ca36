/**
 * Which buckets hash their rows as one text sorted by the keys' bytes (ordered-rows.ts `orderedGroups`),
 * and the most rows such a bucket may hold before its joined texts could reach the engine's cap.
 */
import { describe, expect, it } from 'vitest';
import { postgresCompiler } from '../../../src/dialects/postgres/compiler.js';
import type { ColumnType } from '../../../src/dialects/types.js';
import type { DiffContext } from '../../../src/engine/diff-outcome.js';
import type { Side } from '../../../src/engine/sides.js';
import { MAX_SORTED_ORDERED_ROWS, MIN_ORDERED_ROWS_SHARE, orderedGroups } from '../../../src/engine/checksum/ordered-rows.js';
import type { Bucketing, ChecksumRelation } from '../../../src/engine/checksum/sql.js';

const code: ColumnType = { name: 'code', type: 'character varying(40)', family: 'text', declared: true };
const qty: ColumnType = { name: 'qty', type: 'integer', family: 'integer', declared: true };
const note: ColumnType = { name: 'note', type: 'text', family: 'text', declared: true };

function relation(bucketing: Bucketing, key: ColumnType = code, values: ColumnType[] = [qty]): ChecksumRelation {
  const col = (column: ColumnType) => ({ expr: postgresCompiler.quoteIdentifier(column.name), column, options: { caseSensitive: true }, fixed: column.family === 'integer' });
  return { compiler: postgresCompiler, from: '"t"', keys: [col(key)], values: values.map(col), bucketing };
}

/** PostgreSQL on both sides: its cap is a constant, so no query is sent (the connection would throw). */
const side = (role: 'source' | 'target') =>
  ({ role, label: role, connection: { dialect: 'postgres', compiler: postgresCompiler, query: () => Promise.reject(new Error('no query expected')) } }) as unknown as Side;
const context = { signal: undefined, logger: { debug: () => {} } } as unknown as DiffContext;
const sides: [Side, Side] = [side('source'), side('target')];
const prefix: Bucketing = { kind: 'prefix', shared: '', bounds: [1n, 2n] };
const sizes = { rows: 100_000, rowsPerBucket: 64 };

describe('buckets hashed as one text sorted by the keys\' bytes', () => {
  it('are key-order buckets and ranges of a later key column, with the most rows a bucket may hold from the declared types and the engine\'s cap', async () => {
    const grouped = await orderedGroups(context, sides, [relation(prefix), relation(prefix)], sizes);
    expect(grouped?.every((r) => r.orderedRows)).toBe(true);
    const most = grouped?.[0].maxBucketRows ?? 0;
    expect(most).toBeGreaterThan(MIN_ORDERED_ROWS_SHARE * sizes.rowsPerBucket);
    // 0.9 × 256 MB over a row of at most a 40-character key (4 bytes each) and an integer, with prefixes and separators.
    expect(most).toBeLessThan((0.9 * 268_435_456) / (4 * 40));
    const later: Bucketing = { kind: 'range', lo: 1n, width: 64n, keyIndex: 1 };
    const composite = { ...relation(later), keys: [...relation(later).keys, ...relation(later, qty).keys] };
    expect(await orderedGroups(context, sides, [composite, composite], sizes)).toBeDefined();
  });

  it('digest a long free-text field, so that even an unbounded text column bounds the row', async () => {
    const grouped = await orderedGroups(context, sides, [relation(prefix, code, [note]), relation(prefix, code, [note])], sizes);
    expect(grouped?.[0].values[0]?.digestAbove).toBeGreaterThan(0);
  });

  it('are not used for ranges of the leading integer key (read in index order instead), key-hash or key-tail buckets, or past MAX_SORTED_ORDERED_ROWS rows', async () => {
    const leading: Bucketing = { kind: 'range', lo: 1n, width: 64n };
    expect(await orderedGroups(context, sides, [relation(leading, qty), relation(leading, qty)], sizes)).toBeUndefined();
    for (const bucketing of [{ kind: 'hash', buckets: 7 }, { kind: 'tail', buckets: 7, keyIndex: 0 }] as Bucketing[]) {
      expect(await orderedGroups(context, sides, [relation(bucketing), relation(bucketing)], sizes)).toBeUndefined();
    }
    expect(await orderedGroups(context, sides, [relation(prefix), relation(prefix)], { ...sizes, rows: MAX_SORTED_ORDERED_ROWS + 1 })).toBeUndefined();
  });

  it('are not used when a bucket could not hold MIN_ORDERED_ROWS_SHARE times the rows aimed at', async () => {
    expect(await orderedGroups(context, sides, [relation(prefix), relation(prefix)], { rows: 100_000, rowsPerBucket: 200_000 })).toBeUndefined();
  });
});
