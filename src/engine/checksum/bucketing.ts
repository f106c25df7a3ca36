/**
 * How the checksum diff puts rows into buckets (sql.ts `Bucketing`): range buckets for an integer key
 * column of two tables (from its span: a single key's or a leading column's read through the index),
 * key-order buckets for a single text key on engines that have them (from a sample of keys), key-hash
 * buckets otherwise.
 */
import { loadChecksumHooks } from '../../dialects/registry.js';
import type { ResultRow } from '../../dialects/types.js';
import { queryOptions, type DiffContext } from '../diff-outcome.js';
import type { Side } from '../sides.js';
import { chooseBucketCount, MAX_BUCKETS } from './buckets.js';
import { prefixBucketsFromSample, type PrefixBucketing } from './prefix.js';
import { tailColumn } from './tail.js';
import { integerKeyColumns, integerKeyed } from './relation.js';
import { REFINE_SPLIT } from './refine.js';
import { keyRangeSql, sampleKeysSql, type Bucketing, type ChecksumRelation, type Sampling } from './sql.js';
import { QueryError } from '../../shared/errors.js';
import { thousands } from '../../shared/thousands.js';

/** Key ranges read along with a side's row count (countAndKeyRangeSql): not read a second time. */
const knownRanges = new WeakMap<Side, { lo: bigint; hi: bigint } | undefined>();

/** Remembers the key range a side's count query read (`row` has `lo` and `hi`). */
export function rememberKeyRange(side: Side, row: Record<string, unknown> | undefined): void {
  knownRanges.set(side, rangeOf(row));
}

/** The side's smallest and largest key (through the key's index), as exact integers. */
async function keyRange(context: DiffContext, side: Side, relation: ChecksumRelation): Promise<{ lo: bigint; hi: bigint } | undefined> {
  if (knownRanges.has(side)) return knownRanges.get(side);
  const [row] = await side.connection.query(keyRangeSql(relation), [], queryOptions(context));
  return rangeOf(row);
}

function rangeOf(row: Record<string, unknown> | undefined, suffix = ''): { lo: bigint; hi: bigint } | undefined {
  const value = (v: unknown) => (v === null || v === undefined ? undefined : BigInt(Buffer.isBuffer(v) ? v.toString('utf8') : String(v)));
  const lo = value(row?.[`lo${suffix}`]);
  const hi = value(row?.[`hi${suffix}`]);
  return lo === undefined || hi === undefined ? undefined : { lo, hi };
}

type Span = { lo: bigint; hi: bigint };

/** Both sides' spans as one (the smallest lo, the largest hi), or undefined when neither side has a value. */
function joinedSpan(spans: readonly (Span | undefined)[]): Span | undefined {
  const known = spans.filter((r): r is Span => r !== undefined);
  if (known.length === 0) return undefined;
  return { lo: known.reduce((m, r) => (r.lo < m ? r.lo : m), known[0]!.lo), hi: known.reduce((m, r) => (r.hi > m ? r.hi : m), known[0]!.hi) };
}

/** The joined span of key columns `indexes` over both sides, one scan a side (one index read for the leading column alone). */
async function columnSpans(context: DiffContext, relations: [ChecksumRelation, ChecksumRelation], indexes: readonly number[]): Promise<Map<number, Span | undefined>> {
  const sides = [context.source, context.target];
  const rows = await Promise.all(relations.map(async (relation, i) => (await sides[i]!.connection.query(keyRangeSql(relation, indexes), [], queryOptions(context)))[0]));
  const suffix = (index: number) => (indexes.length === 1 ? '' : `_${index}`);
  return new Map(indexes.map((index) => [index, joinedSpan(rows.map((row) => rangeOf(row, suffix(index))))]));
}

/**
 * The key column of a composite key to cut range buckets on, with its span: the leading column when
 * it is an integer with at least `buckets` possible values (its index reads both its span and a
 * bucket's rows), else the integer column with the widest such span; undefined (hash buckets) when
 * none has that many. Values crowded in a part of a wide span only make some buckets fuller.
 */
async function compositeRangeColumn(context: DiffContext, relations: [ChecksumRelation, ChecksumRelation], buckets: bigint): Promise<{ index: number; span: Span } | undefined> {
  const candidates = integerKeyColumns(context.resolved);
  const wide = (span: Span | undefined): span is Span => span !== undefined && span.hi - span.lo + 1n >= buckets;
  if (candidates[0] === 0) {
    const leading = (await columnSpans(context, relations, [0])).get(0);
    if (wide(leading)) return { index: 0, span: leading };
  }
  const others = candidates.filter((index) => index > 0);
  if (others.length === 0) return undefined;
  const spans = await columnSpans(context, relations, others);
  let best: { index: number; span: Span } | undefined;
  for (const [index, span] of spans) if (wide(span) && (!best || span.hi - span.lo > best.span.hi - best.span.lo)) best = { index, span };
  return best;
}

/** The tail sample is drawn as for this many buckets at most (about twice as many keys). */
const TAIL_SAMPLE_BUCKETS = 1024;

/** Prefix buckets at most: their bounds are written into the scan's SQL (about 18 bytes each). */
export const MAX_PREFIX_BUCKETS = 1 << 16;

function textKeyed(context: DiffContext): boolean {
  const [key, ...rest] = context.resolved.keys;
  if (!key || rest.length > 0 || key.family !== 'text' || key.sourceType.family !== 'text' || key.targetType.family !== 'text') return false;
  return context.source.connection.compiler.textKeyOrder !== undefined && context.target.connection.compiler.textKeyOrder !== undefined;
}

/**
 * A sample of about twice as many canonical keys as `buckets` (`whole`: the text of every key column,
 * else the single key's), taken from a side whose engine parallelises a scan itself (PostgreSQL: its
 * sample costs a fraction of MariaDB's single-core scan), else from the source. Not drawn by chance
 * (sql.ts `sampleKeysSql`): the same table with the same row estimates gives the same sample, so the
 * same buckets and plan; an ANALYZE, or PostgreSQL rows rewritten in place, may change them (never
 * the result).
 */
async function sampleKeys(context: DiffContext, sides: [Side, ChecksumRelation, number][], buckets: number, pageSampleRows: number, whole: boolean): Promise<ResultRow[]> {
  const scansInParallel = await Promise.all(sides.map(async ([side]) => ((await loadChecksumHooks(side.connection.dialect)).parallelScans ?? 1) <= 1));
  const [side, relation, rows] = sides[scansInParallel.indexOf(true)] ?? sides[0]!;
  const fraction = Math.min(1, (2 * buckets) / Math.max(1, rows));
  const sql = (sampling: Sampling) => sampleKeysSql(relation, fraction, 4 * buckets, sampling, whole);
  const first = sql(rows >= pageSampleRows ? 'pages' : 'rows');
  const draw = (text: string) => side.connection.query(text, [], queryOptions(context));
  // A relation the catalog did not name as a view may still refuse a sampling clause (SQL error): its
  // rows are sampled by a condition instead. A time limit, a lost connection or a stop is not retried.
  const fallback = sql('condition');
  if (first === fallback) return await draw(first);
  return await draw(first).catch((error: unknown) => (error instanceof QueryError && !context.signal?.aborted ? draw(fallback) : Promise.reject(error)));
}

const bytesOf = (value: unknown) => (Buffer.isBuffer(value) ? value : Buffer.from(String(value), 'utf8'));

/**
 * The single key's canonical texts of a sample (prefix buckets, and the pivots of MariaDB's scan
 * slices), in byte order: a parallel scan returns the same sample in an order of its own timing.
 */
async function sampleKeyTexts(context: DiffContext, sides: [Side, ChecksumRelation, number][], buckets: number, pageSampleRows: number): Promise<Buffer[]> {
  return (await sampleKeys(context, sides, buckets, pageSampleRows, false)).map((row) => bytesOf(row.key_text)).sort(Buffer.compare);
}

/** Each key column's canonical text in a sample, per sampled row (key-tail buckets). */
async function sampleKeyColumns(context: DiffContext, sides: [Side, ChecksumRelation, number][], buckets: number, pageSampleRows: number): Promise<string[][]> {
  const width = context.resolved.keys.length;
  const rows = await sampleKeys(context, sides, buckets, pageSampleRows, true);
  return rows.map((row) => Array.from({ length: width }, (_, i) => bytesOf(row[`key_text_${i}`]).toString('utf8')));
}

/**
 * Prefix buckets (prefix.ts) from a sample of the single text key, undefined (other buckets then)
 * when the sample does not allow them. The sample also gives MariaDB's scan slices their pivots (slices.ts).
 */
async function prefixBucketing(
  context: DiffContext,
  sides: [Side, ChecksumRelation, number][],
  buckets: number,
  pageSampleRows: number,
): Promise<{ prefix: PrefixBucketing | undefined; sample: Buffer[] }> {
  const keys = await sampleKeyTexts(context, sides, buckets, pageSampleRows);
  return { prefix: prefixBucketsFromSample(keys, buckets), sample: keys };
}

/**
 * From this many rows a table's keys are sampled by pages where the engine can (PostgreSQL): reading
 * every row to draw a random share took 4.4 s at 10M rows. Smaller tables are sampled row by row
 * (PostgreSQL's TABLESAMPLE BERNOULLI, else a random condition), since the pages' clustered rows made
 * poorer buckets (100k rows: most rows in differing buckets, streamed).
 */
export const PAGE_SAMPLE_ROWS = 2_000_000;

/** Range buckets only for keys within ±2^62: beyond, `key - lo` could overflow a 64-bit integer. */
const RANGE_KEY_LIMIT = 2n ** 62n;

/**
 * Range buckets for an integer key column when both sides are tables (see `compositeRangeColumn`);
 * prefix buckets for a single text key on engines that have them; key-tail buckets where a sample's
 * tails spread; hash buckets otherwise. About `rowsPerBucket` rows (ranges: keys) per bucket each
 * way (buckets.ts `rowsPerBucketFor`: fewer in a small table).
 */
export async function chooseBucketing(
  context: DiffContext,
  relations: [ChecksumRelation, ChecksumRelation],
  rowCounts: [number, number],
  rowsPerBucket: number,
  pageSampleRows: number,
): Promise<{ bucketing: Bucketing; span?: { lo: bigint; hi: bigint }; sample?: Buffer[] }> {
  const rows = Math.max(...rowCounts);
  const hashed = chooseBucketCount(rows, rowsPerBucket);
  const hash = { bucketing: { kind: 'hash', buckets: hashed } as Bucketing };
  const { source, target } = context;
  const sides: [Side, ChecksumRelation, number][] = [
    [source, relations[0], rowCounts[0]],
    [target, relations[1], rowCounts[1]],
  ];
  // Key-tail buckets where a sample shows a key column's tails tell the keys apart, else key-hash buckets.
  const tailOrHash = async (sample?: Buffer[]): Promise<{ bucketing: Bucketing }> => {
    const tables = !source.definition.query && !target.definition.query;
    if (!tables || !source.connection.compiler.textKeyOrder || !target.connection.compiler.textKeyOrder) return hash;
    // A few thousand keys tell whether tails spread, whatever the bucket count.
    const keys = sample ? sample.map((key) => [key.toString('utf8')]) : await sampleKeyColumns(context, sides, Math.min(hashed, TAIL_SAMPLE_BUCKETS), pageSampleRows);
    const keyIndex = tailColumn(keys);
    return keyIndex === undefined ? hash : { bucketing: { kind: 'tail', buckets: hashed, keyIndex } };
  };
  if (textKeyed(context)) {
    const buckets = Math.min(MAX_PREFIX_BUCKETS, Math.max(1, Math.ceil(rows / rowsPerBucket)));
    const { prefix, sample } = await prefixBucketing(context, sides, buckets, pageSampleRows);
    return prefix ? { bucketing: prefix, sample } : { ...(await tailOrHash(sample)), sample };
  }
  if (source.definition.query || target.definition.query) return hash;
  const buckets = BigInt(Math.min(MAX_BUCKETS, Math.max(1, Math.ceil(rows / rowsPerBucket))));
  let column: { index: number; span: Span | undefined } | undefined;
  if (integerKeyed(context.resolved)) column = { index: 0, span: joinedSpan(await Promise.all([keyRange(context, source, relations[0]), keyRange(context, target, relations[1])])) };
  else if (context.resolved.keys.length > 1) column = await compositeRangeColumn(context, relations, buckets);
  const joined = column?.span;
  if (!column || !joined) return tailOrHash();
  const { lo, hi } = joined;
  // `key - lo` and the range bounds must stay exact 64-bit integers on every engine.
  if (lo < -RANGE_KEY_LIMIT || hi > RANGE_KEY_LIMIT) return hash;
  const span = hi - lo + 1n;
  let width = (span + buckets - 1n) / buckets;
  // A multiple of REFINE_SPLIT, so a refining pass's narrower buckets nest exactly inside these.
  if (width >= 2n * REFINE_SPLIT) width = ((width + REFINE_SPLIT - 1n) / REFINE_SPLIT) * REFINE_SPLIT;
  const bucketing: Bucketing = { kind: 'range', lo, width: width < 1n ? 1n : width };
  if (context.resolved.keys.length > 1) bucketing.keyIndex = column.index;
  return { bucketing, span: { lo, hi } };
}

/** The buckets, in words, for the plan's reason (`keyNames`: the key columns, for a composite key's ranges). */
export function bucketsInWords(bucketing: Bucketing, keyNames: readonly string[] = []): string {
  if (bucketing.kind === 'hash') return 'key-hash buckets';
  if (bucketing.kind === 'tail') {
    const name = keyNames.length > 1 ? keyNames[bucketing.keyIndex] : undefined;
    return `key-tail buckets (by the last characters of ${name === undefined ? 'the key' : `key column \`${name}\``})`;
  }
  if (bucketing.kind === 'range') {
    const width = thousands(bucketing.width);
    const name = bucketing.keyIndex === undefined ? undefined : keyNames[bucketing.keyIndex];
    return name === undefined ? `key ranges of ${width}` : `ranges of ${width} values of key column \`${name}\``;
  }
  return `key-order buckets (by the keys' bytes${bucketing.shared ? ' after their shared prefix' : ''})`;
}
