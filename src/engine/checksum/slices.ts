/**
 * Splitting one side's checksum scan into slices run at once, for an engine that runs one query on
 * one core (MySQL/MariaDB, `parallelScans` > 1). Each slice is a WHERE condition on a key column
 * (the first, or the one range buckets are cut on); together they hold every row exactly once (NULL keys in the first), so their bucket
 * summaries, added up per bucket (prefix buckets keep each slice's key range), are the whole side's.
 * - range buckets: contiguous ranges of their integer key column aligned on bucket bounds (no query needed);
 * - hash or prefix buckets on a text-keyed table: key ranges in the engine's own order around the key at the middle row
 *   (one index walk to find it). Any pivot partitions the rows exactly; a poor one only unbalances.
 */
import { loadChecksumHooks } from '../../dialects/registry.js';
import type { ChecksumHooks, ResultRow } from '../../dialects/types.js';
import { queryOptions, type DiffContext } from '../diff-outcome.js';
import type { Side } from '../sides.js';
import { toSummary, type BucketSummary } from './buckets.js';
import type { PrefixBucketing } from './prefix.js';
import { bucketScanSql, inIndexOrder, nullKeyCondition, prefixBuckets, rangeKey, type ChecksumRelation } from './sql.js';

export interface ScanSlice {
  /** Extra WHERE condition, or undefined for the whole side. */
  condition?: string;
}

/**
 * Below this many rows a text-keyed scan is not split: finding the pivot would cost more than it saves.
 * Measured, PostgreSQL → MariaDB, 1M rows keyed by text: the checksum scans took 4.5–4.6 s, MariaDB's split in two 3.6–3.8 s.
 */
export const MIN_ROWS_TO_SPLIT_HASH_SCAN = 100_000;
/**
 * With a sample of the keys (key-order buckets) the pivots cost one lookup query instead of an index
 * walk, and a scan is split from this many rows. PostgreSQL → MariaDB, 100k rows keyed by text, whole
 * processes alternated, 13 runs: median 743 ms unsplit, 699 ms split.
 */
export const MIN_ROWS_TO_SPLIT_SAMPLED_SCAN = 50_000;

export interface SliceOptions {
  /** `parallelScans` of the side's dialect. */
  parallelScans: number;
  /** The integer key span of range buckets. */
  span: { lo: bigint; hi: bigint } | undefined;
  /** The side's estimated rows. */
  rows: number;
  /** Hash-bucket scans of fewer rows are not split (MIN_ROWS_TO_SPLIT_HASH_SCAN, or MIN_ROWS_TO_SPLIT_SAMPLED_SCAN with a sample; tests lower it). */
  minRowsToSplitHashScan: number;
  /** A sample of canonical key texts (either side's, in byte order), whose quantiles serve as text pivots. */
  sample?: readonly Uint8Array[];
}

/** At most this many sampled keys are looked up to order them in the engine's own collation. */
const SAMPLE_LOOKUPS = 256;
/** The looked-up keys give the pivots when at least this many per slice were found; else an index walk per pivot. */
const FOUND_PER_SLICE = 8;

export async function scanSlices(context: DiffContext, side: Side, relation: ChecksumRelation, options: SliceOptions): Promise<ScanSlice[]> {
  const { parallelScans, span, rows } = options;
  const slices = Math.max(1, Math.trunc(parallelScans));
  const key = relation.keys[0]?.expr;
  if (slices === 1 || !key) return [{}];
  const bucketing = relation.bucketing;
  if (bucketing.kind === 'range') {
    if (!span) return [{}];
    // Cut on the column the ranges are cut on (a later column of a composite key: each slice then
    // reads every row, comparing one integer, and hashes its share).
    const rangeColumn = rangeKey(relation).expr;
    const buckets = (span.hi - bucketing.lo) / bucketing.width + 1n;
    const perSlice = (buckets + BigInt(slices) - 1n) / BigInt(slices);
    const bounds = Array.from({ length: slices - 1 }, (_, i) => bucketing.lo + BigInt(i + 1) * perSlice * bucketing.width);
    return between(rangeColumn, bounds.map(String));
  }
  const least = options.sample || (bucketing.kind === 'prefix' && relation.orderedRows) ? Math.min(options.minRowsToSplitHashScan, MIN_ROWS_TO_SPLIT_SAMPLED_SCAN) : options.minRowsToSplitHashScan;
  // A query would be run again by every slice.
  if (!side.definition.dataset || rows < least) return [{}];
  if (bucketing.kind === 'prefix' && relation.orderedRows) return keyOrderSlices(relation, bucketing, slices);
  // Text keys only: their pivot goes back into the SQL as a plain string literal (never a placeholder,
  // which a driver formatting on the client could confuse with a '?' inside the user's filter).
  if (relation.keys[0]?.column.family !== 'text') return [{}];
  const pivots: string[] = [];
  // The sampled keys, ordered by the engine itself, give the pivots in a few index lookups; the key at
  // the row in the middle costs an index walk over half the table (4 s for 10M rows in MariaDB). Any
  // pivot partitions the rows exactly; a poor one only unbalances.
  const ordered = options.sample ? await sampleInEngineOrder(context, side, relation, key, options.sample) : [];
  for (let i = 1; i < slices; i++) {
    const value = ordered.length >= FOUND_PER_SLICE * slices ? ordered[Math.floor((ordered.length * i) / slices)] : await keyAtRow(context, side, relation, key, Math.floor((rows * i) / slices));
    if (typeof value !== 'string' || (pivots.length > 0 && value === pivots[pivots.length - 1])) break;
    pivots.push(value);
  }
  if (pivots.length === 0) return [{}];
  return between(key, pivots.map((pivot) => relation.compiler.stringLiteral(pivot)));
}

/**
 * Key-order buckets under the ordered row hash: slices cut on bucket bounds (prefix.ts `cut`), since a
 * bucket's md5 cannot be put together from two slices' (a pivot in the engine's collation would cut
 * the buckets it falls in, and where that order is not the bytes' — mixed case in MariaDB — most of
 * them). Each slice reads the whole table, comparing the key's bytes with one literal: MariaDB, 100k
 * rows, both halves 0.03 s more than index ranges.
 */
function keyOrderSlices(relation: ChecksumRelation, bucketing: PrefixBucketing, slices: number): ScanSlice[] {
  const middles = bucketing.bounds.length + 1;
  if (middles < 2 * slices) return [{}];
  const buckets = prefixBuckets(relation, bucketing);
  return cutAt(nullKeyCondition(relation), Array.from({ length: slices - 1 }, (_, i) => buckets.cut(Math.round(((i + 1) * middles) / slices))));
}

/** Slices `key < b1`, `b1 <= key < b2`, …, `key >= bn` (NULL keys in the first); bounds are SQL literals. */
function between(key: string, bounds: readonly string[]): ScanSlice[] {
  return cutAt(`${key} IS NULL`, bounds.map((bound) => [`${key} < ${bound}`, `${key} >= ${bound}`] as const));
}

/** Slices between ascending cuts, each a condition below it and one at or above it; rows with a NULL key (`nullKeys`) in the first. */
function cutAt(nullKeys: string, cuts: readonly (readonly [below: string, rest: string])[]): ScanSlice[] {
  const slices: ScanSlice[] = [{ condition: `(${nullKeys} OR ${cuts[0]![0]})` }];
  for (let i = 1; i < cuts.length; i++) slices.push({ condition: `${cuts[i - 1]![1]} AND ${cuts[i]![0]}` });
  slices.push({ condition: cuts[cuts.length - 1]![1] });
  return slices;
}

/** Up to SAMPLE_LOOKUPS of the sampled keys that the side holds, in its own key order (index lookups). */
async function sampleInEngineOrder(context: DiffContext, side: Side, relation: ChecksumRelation, key: string, sample: readonly Uint8Array[]): Promise<string[]> {
  if (sample.length === 0) return [];
  const compiler = relation.compiler;
  const step = Math.max(1, Math.floor(sample.length / SAMPLE_LOOKUPS));
  const literals = new Set<string>();
  for (let i = 0; i < sample.length; i += step) literals.add(compiler.stringLiteral(Buffer.from(sample[i]!).toString('utf8')));
  const filter = relation.filter ? ` AND (${relation.filter})` : '';
  const sql = `SELECT ${key} AS ${compiler.quoteIdentifier('pivot')} FROM ${relation.from} WHERE ${key} IN (${[...literals].join(', ')})${filter} ORDER BY ${key}`;
  const rows = await side.connection.query(sql, [], queryOptions(context));
  return rows.map((row) => (row as ResultRow).pivot).filter((value): value is string => typeof value === 'string');
}

/** The first key column's value at row `offset` in the engine's own key order (an index walk). */
async function keyAtRow(context: DiffContext, side: Side, relation: ChecksumRelation, key: string, offset: number): Promise<unknown> {
  const compiler = relation.compiler;
  const filter = relation.filter ? ` AND (${relation.filter})` : '';
  const sql = `SELECT ${key} AS ${compiler.quoteIdentifier('pivot')} FROM ${relation.from} WHERE ${key} IS NOT NULL${filter} ORDER BY ${key} ${compiler.limit(1)} OFFSET ${Math.max(0, Math.trunc(offset))}`;
  const [row] = await side.connection.query(sql, [], queryOptions(context));
  return (row as ResultRow | undefined)?.pivot;
}

/**
 * Several slices' summary streams (each ordered by bucket, ascending) merged into one, a bucket's
 * summaries from different slices added up; the NULL-key bucket, wherever an engine sorts it, last.
 * Reads every stream at once and holds one summary per stream, so memory stays flat.
 */
export async function* mergeSummaries(slices: readonly AsyncIterable<BucketSummary>[]): AsyncGenerator<BucketSummary> {
  const iterators = slices.map((slice) => slice[Symbol.asyncIterator]());
  const nulls = { rows: 0, checksums: [] as string[], seen: false };
  const pull = async (i: number): Promise<BucketSummary | undefined> => {
    for (;;) {
      const step = await iterators[i]!.next();
      if (step.done) return undefined;
      if (step.value.bucket !== null) return step.value;
      nulls.seen = true;
      nulls.rows += step.value.rows;
      nulls.checksums.push(step.value.checksum);
    }
  };
  const heads = await Promise.all(iterators.map((_, i) => pull(i)));
  for (;;) {
    let lowest: bigint | undefined;
    for (const head of heads) if (head && (lowest === undefined || (head.bucket as bigint) < lowest)) lowest = head.bucket as bigint;
    if (lowest === undefined) break;
    const same = heads.flatMap((head, i) => (head && head.bucket === lowest ? [i] : []));
    if (same.length === 1) {
      yield heads[same[0]!]!;
    } else {
      const parts = same.map((i) => heads[i]!);
      const merged: BucketSummary = { bucket: lowest, rows: parts.reduce((n, p) => n + p.rows, 0), checksum: combinedChecksum(parts.map((p) => p.checksum)) };
      const ranges = parts.flatMap((p) => p.ranges ?? []);
      if (ranges.length > 0) merged.ranges = ranges;
      yield merged;
    }
    const next = await Promise.all(same.map((i) => pull(i)));
    same.forEach((i, j) => (heads[i] = next[j]));
  }
  if (nulls.seen) yield { bucket: null, rows: nulls.rows, checksum: combinedChecksum(nulls.checksums) };
}

/**
 * One bucket's checksum from its slices' parts: sums of per-row md5 integers add up. An ordered row
 * hash (md5 hex) cannot be recombined: its parts are listed, which the other side's single scan never
 * equals, so the bucket is fetched and compared row by row (range slices are cut on bucket bounds,
 * so this does not happen there).
 */
function combinedChecksum(parts: readonly string[]): string {
  if (parts.every((part) => /^\d*$/.test(part))) return String(parts.reduce((sum, part) => sum + BigInt(part || '0'), 0n));
  return parts.join(',');
}

/**
 * A side's bucket summaries, ordered by bucket. One scan is read with `query`, not `stream`:
 * PostgreSQL runs no parallel plan for a cursor, and the result is bounded by MAX_BUCKETS small rows.
 * For a dialect that runs a query on one core, the scan is split into slices run at once
 * (slices.ts), each streamed and merged bucket by bucket, so their summaries are never all held.
 */
export async function* scanSummaries(context: DiffContext, side: Side, relation: ChecksumRelation, slices: ScanSlice[]): AsyncGenerator<BucketSummary> {
  const sqlOf = (slice: ScanSlice) => bucketScanSql(relation, slice.condition);
  if (slices.length === 1) {
    for (const row of await side.connection.query(sqlOf(slices[0]!), [], queryOptions(context))) yield uncutSummary(toSummary(row as ResultRow), relation, side.role);
    return;
  }
  for await (const summary of mergeSummaries(slices.map((slice) => streamedSummaries(context, side, [sqlOf(slice)])))) yield uncutSummary(summary, relation, side.role);
}

/**
 * A bucket's summary as compared: under the ordered row hash, a bucket holding more rows than its
 * joined texts are sure to fit in (`maxBucketRows`) may have been cut alike on both sides, so its
 * checksum is replaced by one the other side's never equals: it is fetched and compared row by row.
 */
export function uncutSummary(summary: BucketSummary, relation: Pick<ChecksumRelation, 'maxBucketRows'>, role: 'source' | 'target'): BucketSummary {
  if (relation.maxBucketRows === undefined || summary.rows <= relation.maxBucketRows) return summary;
  return { ...summary, checksum: `may be cut (${role})` };
}

/** The summaries of `statements` (each ordered by bucket, the later ones' buckets higher), streamed one query after the other. */
export async function* streamedSummaries(context: DiffContext, side: Side, statements: readonly string[]): AsyncGenerator<BucketSummary> {
  for (const sql of statements) {
    for await (const row of side.connection.stream(sql, [], queryOptions(context))) yield toSummary(row as ResultRow);
  }
}

/** The slices of a side's scan, for its dialect. */
export async function sideSlices(context: DiffContext, side: Side, relation: ChecksumRelation, options: Omit<SliceOptions, 'parallelScans'>): Promise<ScanSlice[]> {
  const hooks = await loadChecksumHooks(side.connection.dialect);
  return scanSlices(context, side, relation, { ...options, parallelScans: parallelScans(hooks, relation) });
}

/**
 * How many slices of a side's scan to run at once: the dialect's `parallelScans`, or under the ordered
 * row hash of ranges read in index order (sql.ts `inIndexOrder`) its `orderedParallelScans`
 * (PostgreSQL runs an ordered aggregate on one core; on this 2-core machine the split measured
 * neutral, 10M rows 17.1 s against 17.2 s, and it keeps a larger server's cores at work). Buckets
 * whose rows are sorted by their keys' bytes keep `parallelScans`: PostgreSQL's scan of key-order
 * buckets split in two measured slower (100k rows, both sides' scans 1.26 → 1.36 s).
 */
export function parallelScans(hooks: ChecksumHooks, relation: Pick<ChecksumRelation, 'orderedRows' | 'bucketing' | 'keys'>): number {
  return (relation.orderedRows && inIndexOrder(relation) ? hooks.orderedParallelScans : undefined) ?? hooks.parallelScans ?? 1;
}
