/**
 * Choosing the number of buckets, and comparing the two sides' per-bucket summaries as they stream
 * in (both ordered by bucket), so memory stays bounded whatever the number of buckets.
 */
import type { ResultRow } from '../../dialects/types.js';
import { readAhead } from '../../shared/read-ahead.js';
import { MAX_KEY_RANGES } from './fetch-conditions.js';
import type { KeyRange } from './sql.js';

/**
 * Rows per bucket aimed at: what one isolated differing row costs to fetch, per side. Smaller buckets
 * fetch less around a difference but send (and hold) more summaries: at 256, 10M rows are 39,063
 * summaries per side (~0.2% of the table's bytes), and a scattered difference costs 256 rows.
 */
export const ROWS_PER_BUCKET = 256;
/**
 * A table with fewer than SMALL_TABLE_BUCKETS buckets of ROWS_PER_BUCKET rows gets smaller buckets,
 * down to SMALL_TABLE_ROWS_PER_BUCKET rows (ranges: keys), as many as SMALL_TABLE_BUCKETS: their
 * summaries cost little, and each differing bucket fetches fewer rows (100k rows, 10 changes: key
 * ranges 703 rows fetched instead of 2,879; key-order buckets of a text key 1,800 instead of 8,900–
 * 10,600). The bucket count costs a row nothing more: MariaDB's INTERVAL and PostgreSQL's
 * width_bucket search their bounds by bisection (10 or 6,000 bounds: the same 0.07 s per 100k rows),
 * the others take a modulo. From 512k rows on, the buckets are as before.
 */
export const SMALL_TABLE_BUCKETS = 2048;
export const SMALL_TABLE_ROWS_PER_BUCKET = 64;

/** The rows a bucket should hold for a table of `rows` rows (`small`: SMALL_TABLE_ROWS_PER_BUCKET, or none to keep `rowsPerBucket`). */
export function rowsPerBucketFor(rows: number, rowsPerBucket: number, small: number | undefined): number {
  if (small === undefined || rows / rowsPerBucket >= SMALL_TABLE_BUCKETS) return rowsPerBucket;
  return Math.min(rowsPerBucket, Math.max(small, rows / SMALL_TABLE_BUCKETS));
}
/** Caps the summaries each side sends (and holds in memory) whatever the table size. */
export const MAX_BUCKETS = 1 << 18;

export function isPrime(n: number): boolean {
  if (n < 2) return false;
  if (n % 2 === 0) return n === 2;
  for (let d = 3; d * d <= n; d += 2) if (n % d === 0) return false;
  return true;
}

/** A prime near rows / rowsPerBucket (hash buckets; a prime spreads any regularity of the hashes). */
export function chooseBucketCount(rows: number, rowsPerBucket = ROWS_PER_BUCKET): number {
  let n = Math.min(MAX_BUCKETS, Math.max(7, Math.ceil(rows / rowsPerBucket)));
  while (!isPrime(n)) n++;
  return n;
}

export interface BucketSummary {
  /** null: the rows with a NULL key. */
  bucket: bigint | null;
  rows: number;
  checksum: string;
  /** Prefix buckets: where the bucket's keys lie in the side's own collation (one range per scan slice). */
  ranges?: KeyRange[];
}

export function toSummary(row: ResultRow): BucketSummary {
  const checksum = row.checksum;
  const summary: BucketSummary = {
    bucket: row.bucket === null || row.bucket === undefined ? null : BigInt(Buffer.isBuffer(row.bucket) ? row.bucket.toString('utf8') : String(row.bucket)),
    rows: Number(row.row_count),
    checksum: Buffer.isBuffer(checksum) ? checksum.toString('utf8') : String(checksum ?? ''),
  };
  const text = (v: unknown) => (typeof v === 'string' ? v : Buffer.isBuffer(v) ? v.toString('utf8') : undefined);
  const [low, high] = [text(row.low), text(row.high)];
  if (low !== undefined && high !== undefined) summary.ranges = [[low, high]];
  return summary;
}

export interface BucketComparison {
  /** Buckets whose count or checksum differ, ascending. */
  differing: bigint[];
  /** Rows in buckets equal on both sides (all of them matched). */
  matchedRows: number;
  /** Rows per side in the differing buckets (what the fetch will bring). */
  differingRows: { source: number; target: number };
  totals: { source: number; target: number };
  nullKeys: { source: number; target: number };
  /** Summaries each side sent. */
  summaries: { source: number; target: number };
  /** Approximate bytes each side sent (length of the values). */
  bytes: { source: number; target: number };
  /** Each side's differing buckets it has rows in, with their key ranges (prefix buckets; none for the others). */
  keyRanges: { source: Map<bigint, KeyRange[]>; target: Map<bigint, KeyRange[]> };
}

function size(summary: BucketSummary): number {
  const ranges = (summary.ranges ?? []).reduce((n, [low, high]) => n + Buffer.byteLength(low) + Buffer.byteLength(high) + 2, 0);
  return String(summary.bucket).length + String(summary.rows).length + summary.checksum.length + 3 + ranges;
}

/**
 * Summaries a side's scan is read ahead of the merge (about 4M rows at 256 a bucket, a few MB): a
 * side whose scan streams (MariaDB's slices) goes on while the merge waits for the other's (one
 * PostgreSQL query answering at its end), instead of pausing after its first bucket.
 */
export const READ_AHEAD_SUMMARIES = 16_384;

/** Merges two summary streams ordered by bucket (the NULL bucket may come anywhere). */
export async function compareBuckets(
  source: AsyncIterable<BucketSummary>,
  target: AsyncIterable<BucketSummary>,
  /** Told the rows both sides' summaries covered so far, as each arrives from its scan (progress), whatever the merge waits for. */
  onRows?: (rows: number) => void,
): Promise<BucketComparison> {
  const result: BucketComparison = {
    differing: [],
    matchedRows: 0,
    differingRows: { source: 0, target: 0 },
    totals: { source: 0, target: 0 },
    nullKeys: { source: 0, target: 0 },
    summaries: { source: 0, target: 0 },
    bytes: { source: 0, target: 0 },
    keyRanges: { source: new Map(), target: new Map() },
  };
  const differs = (side: 'source' | 'target', summary: BucketSummary) => {
    result.differingRows[side] += summary.rows;
    // Past MAX_KEY_RANGES buckets, the differing ones are read by a filtered scan: their ranges are not kept.
    const ranges = summary.ranges && result.keyRanges[side].size < MAX_KEY_RANGES ? summary.ranges : [];
    result.keyRanges[side].set(summary.bucket as bigint, ranges);
  };
  let arrived = 0;
  const count = (summary: BucketSummary) => onRows?.((arrived += summary.rows));
  const sides = { source: readAhead(source, READ_AHEAD_SUMMARIES, count), target: readAhead(target, READ_AHEAD_SUMMARIES, count) };
  const next = async (side: 'source' | 'target'): Promise<BucketSummary | undefined> => {
    // A failure of the other side's scan ends the wait at once: it no longer waits to be read.
    const other = sides[side === 'source' ? 'target' : 'source'].failed;
    for (;;) {
      const item = await Promise.race([sides[side].next(), other]);
      if (item.done) return undefined;
      const summary = item.value;
      result.summaries[side]++;
      result.bytes[side] += size(summary);
      result.totals[side] += summary.rows;
      if (summary.bucket === null) {
        result.nullKeys[side] += summary.rows;
        continue;
      }
      return summary;
    }
  };
  // Both sides' scans started with their read-ahead, at once.
  let [a, b] = await Promise.all([next('source'), next('target')]);
  while (a || b) {
    if (a && (!b || (a.bucket as bigint) < (b.bucket as bigint))) {
      result.differing.push(a.bucket as bigint);
      differs('source', a);
      a = await next('source');
    } else if (b && (!a || (b.bucket as bigint) < (a.bucket as bigint))) {
      result.differing.push(b.bucket as bigint);
      differs('target', b);
      b = await next('target');
    } else if (a && b) {
      if (a.rows === b.rows && a.checksum === b.checksum) result.matchedRows += a.rows;
      else {
        result.differing.push(a.bucket as bigint);
        differs('source', a);
        differs('target', b);
      }
      [a, b] = await Promise.all([next('source'), next('target')]);
    }
  }
  return result;
}

/** Per-side counts added up. */
export function addSides(a: { source: number; target: number }, b: { source: number; target: number }): { source: number; target: number } {
  return { source: a.source + b.source, target: a.target + b.target };
}

/** Two comparisons of disjoint buckets (range buckets: no key ranges kept) as one. */
export function combineComparisons(a: BucketComparison, b: BucketComparison): BucketComparison {
  return {
    differing: [...a.differing, ...b.differing].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0)),
    matchedRows: a.matchedRows + b.matchedRows,
    differingRows: addSides(a.differingRows, b.differingRows),
    totals: addSides(a.totals, b.totals),
    nullKeys: addSides(a.nullKeys, b.nullKeys),
    summaries: addSides(a.summaries, b.summaries),
    bytes: addSides(a.bytes, b.bytes),
    keyRanges: { source: new Map(), target: new Map() },
  };
}
