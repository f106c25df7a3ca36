/**
 * The chunk pass of the ordered row hash (range buckets whose key is both tables' primary key): each
 * database first hashes CHUNKS of many key ranges, one aggregate per chunk read through the key's
 * index in key order, with no GROUP BY. A grouped scan sorts every row by its range before hashing (a
 * filesort in MariaDB, 1M rows of the mixed-shape table: 3.6 s grouped against 1.7 s in chunks;
 * PostgreSQL 2.0 s against 1.8 s), where a chunk's rows come in key order from the index for free.
 * Only the chunks that differ are checksummed again in the planned ranges (refine.ts), whose
 * differing ranges are then fetched as usual.
 *
 * Changes spread over the table would make every chunk differ, and the second pass re-read them all:
 * one chunk in CHUNK_SAMPLE_EVERY, spread over the table, is hashed first, and when more than
 * MOST_SAMPLED_CHUNKS_DIFFER of those differ the pass gives up for the grouped scan (about an eighth
 * of a scan spent).
 */
import { loadChecksumHooks } from '../../dialects/registry.js';
import type { DiffContext } from '../diff-outcome.js';
import { InternalError } from '../../shared/errors.js';
import type { Side } from '../sides.js';
import { combineComparisons, compareBuckets, type BucketComparison, type BucketSummary } from './buckets.js';
import { differingShareAt, type ProbeResult } from './probe.js';
import { refineRanges } from './refine.js';
import { mergeSummaries, parallelScans, streamedSummaries } from './slices.js';
import { bucketScanSql, INTEGER_TEXT, orderingKeys, rowText, type ChecksumRelation } from './sql.js';
import { thousands } from '../../shared/thousands.js';

/** A chunk holds at most this many planned ranges (the planned width times this many keys). */
export const MAX_RANGES_PER_CHUNK = 128n;
/** Below this many ranges a chunk would save too little over the grouped scan: no chunk pass. */
export const MIN_RANGES_PER_CHUNK = 8n;
/** Chunks are made narrower, down to MIN_RANGES_PER_CHUNK ranges, until the table has this many. */
export const MIN_CHUNKS = 64n;
/** One chunk in this many is hashed first, to see whether changes are spread over most chunks. */
export const CHUNK_SAMPLE_EVERY = 8;
/** More than this share of the sampled chunks differing: the grouped scan instead. */
export const MOST_SAMPLED_CHUNKS_DIFFER = 0.25;
/**
 * Chunks per query (a slice's queries run one after the other): bounds the statement's size and its
 * planning, and MariaDB's memory, which keeps each GROUP_CONCAT's text until the statement ends.
 */
export const CHUNKS_PER_QUERY = 16;

/**
 * The probe says changes are spread (no chunk pass) only when its differing ranges form at least this
 * many runs: two or three may be as many clusters, which chunks handle well, and one block of changes
 * covering several neighbouring probed ranges is one run.
 */
export const SPREAD_PROBE_RUNS = 4;

type RangeRelation = ChecksumRelation & { bucketing: { kind: 'range'; lo: bigint; width: bigint } };

function ranged(relation: ChecksumRelation): RangeRelation {
  if (relation.bucketing.kind !== 'range') throw new InternalError('The chunk pass needs range buckets.');
  return relation as RangeRelation;
}

/**
 * A chunk's width in keys (a multiple of the planned ranges' width, so the ranges nest in chunks), or
 * undefined when chunks would not pay: the engines lack an aggregate fed in key order, or the table is
 * too small for MIN_CHUNKS chunks of MIN_RANGES_PER_CHUNK ranges. `limit` is the widest range an
 * engine's text aggregate can hold (ordered-rows.ts).
 */
export function chunkWidth(relations: readonly ChecksumRelation[], span: { lo: bigint; hi: bigint }, limit: bigint | undefined): bigint | undefined {
  const { lo, width } = ranged(relations[0]!).bucketing;
  if (relations.some((relation) => !relation.orderedRows || !relation.compiler.joinedMd5)) return undefined;
  const ranges = (span.hi - lo) / width + 1n;
  let perChunk = MAX_RANGES_PER_CHUNK;
  if (limit !== undefined && limit / width < perChunk) perChunk = limit / width;
  if (ranges / MIN_CHUNKS < perChunk) perChunk = ranges / MIN_CHUNKS;
  return perChunk >= MIN_RANGES_PER_CHUNK ? perChunk * width : undefined;
}

/**
 * The chunk width the pass runs with (chunkWidth), or undefined, with why in words for the plan's
 * reason when the probe (`probed`: its result at `width` keys a range) says changes are spread so
 * thinly that most chunks would differ: straight to the grouped scan then.
 */
export function chunkPlan(
  relations: readonly ChecksumRelation[],
  span: { lo: bigint; hi: bigint },
  limit: bigint | undefined,
  probed: { result: ProbeResult; width: bigint } | undefined,
): { width: bigint | undefined; skipped: string } {
  const width = chunkWidth(relations, span, limit);
  const share = width && probed && probed.result.clusters >= SPREAD_PROBE_RUNS ? differingShareAt(probed.result, probed.width, width) : undefined;
  if (!width || share === undefined || share <= MOST_SAMPLED_CHUNKS_DIFFER) return { width, skipped: '' };
  return { width: undefined, skipped: ` (by the probe, chunks of ${thousands(width)} keys would differ ${Math.round(100 * share)} % of the time, so every range was checksummed)` };
}

/**
 * One query for `chunks` (their lowest keys, ascending, `width` keys each): per chunk its lowest key as
 * `bucket` (text), `row_count` and `checksum`, the md5 of its row texts joined in key order, ordered
 * by chunk. Each chunk is one aggregate over a subquery reading its key range in key order.
 */
export function chunkScanSql(relation: ChecksumRelation, chunks: readonly bigint[], width: bigint): string {
  const compiler = relation.compiler;
  const q = compiler.quoteIdentifier.bind(compiler);
  const joined = compiler.joinedMd5?.bind(compiler);
  const key = relation.keys[0]?.expr;
  if (!joined || !key) throw new InternalError('The chunk pass needs an integer key and an aggregate of joined texts.');
  // A composite key: its rows in the order of all its (integer) columns, the primary key's order.
  const order = orderingKeys(relation).join(', ');
  const text = rowText(relation);
  const filter = relation.filter ? `(${relation.filter}) AND ` : '';
  const branches = chunks.map((low) => {
    const rows = `SELECT ${text} AS ${q('row_text')} FROM ${relation.from} WHERE ${filter}${key} BETWEEN ${low} AND ${low + width - 1n} ORDER BY ${order}`;
    return `SELECT ${low} AS ${q('bucket_id')}, count(*) AS ${q('row_count')}, ${joined(q('row_text'))} AS ${q('checksum')} FROM ${compiler.derivedTable(rows, 'dc_rows')}`;
  });
  return (
    `SELECT ${compiler.normalize(q('bucket_id'), INTEGER_TEXT, { caseSensitive: true })} AS ${q('bucket')}, ${q('row_count')}, ${q('checksum')}` +
    ` FROM ${compiler.derivedTable(branches.join(' UNION ALL '), 'dc_chunks')} ORDER BY ${q('bucket_id')}`
  );
}

/**
 * A side's summaries of `chunks`, ordered by chunk: the chunks split into the dialect's slices run at
 * once, each slice's in queries of CHUNKS_PER_QUERY run one after the other; with `outside`, also the
 * rows beyond the chunks' keys (written while the diff runs) in the grouped form. (A key just below
 * `lo` gets the first chunk's bucket there, `%` truncating towards zero, and is then counted but not
 * fetched, as in the grouped scan.)
 */
async function* chunkSummaries(
  context: DiffContext,
  side: Side,
  relation: RangeRelation,
  chunks: readonly bigint[],
  outside: { below: bigint; above: bigint } | undefined,
): AsyncGenerator<BucketSummary> {
  const slices = Math.max(1, Math.min(chunks.length, parallelScans(await loadChecksumHooks(side.connection.dialect), relation)));
  const per = Math.ceil(chunks.length / slices);
  const queries = Array.from({ length: slices }, (_, i) => chunks.slice(i * per, (i + 1) * per))
    .filter((part) => part.length > 0)
    .map((part) => {
      const statements: string[] = [];
      for (let i = 0; i < part.length; i += CHUNKS_PER_QUERY) statements.push(chunkScanSql(relation, part.slice(i, i + CHUNKS_PER_QUERY), relation.bucketing.width));
      return statements;
    });
  const key = relation.keys[0]!.expr;
  // Before the first chunk and after the last, in the same slices: no more connections than the grouped
  // scan takes (two sides on one server share a pool).
  if (outside) {
    if (queries.length === 0) queries.push([]);
    queries[0]!.unshift(bucketScanSql(relation, `${key} < ${outside.below}`));
    queries[queries.length - 1]!.push(bucketScanSql(relation, `${key} > ${outside.above}`));
  }
  // A slice's queries read ascending chunks: one after the other, their rows stay ordered.
  yield* mergeSummaries(queries.map((statements) => streamedSummaries(context, side, statements)));
}

export type ChunkPass =
  | { kind: 'done'; buckets: BucketComparison; relations: [ChecksumRelation, ChecksumRelation]; chunks: number; differingChunks: number }
  /** The sampled chunks mostly differ: `spent` is what their summaries cost. */
  | { kind: 'spread'; sampled: number; differing: number; spent: BucketComparison };

/**
 * The chunk pass over `relations` (ordered row hash, range buckets of the planned width) in chunks
 * `width` keys wide: the planned ranges' comparison (only the differing chunks' ranges checksummed
 * again) and the relations the fetch uses; or `spread` when the sampled chunks mostly differ.
 */
export async function runChunkPass(
  context: DiffContext,
  sides: [Side, Side],
  relations: [ChecksumRelation, ChecksumRelation],
  span: { lo: bigint; hi: bigint },
  width: bigint,
  /** Both sides' estimated rows: the total the progress counts towards. */
  expectedRows?: number,
): Promise<ChunkPass> {
  const planned = ranged(relations[0]).bucketing;
  const chunked = relations.map((relation) => ({ ...relation, bucketing: { kind: 'range' as const, lo: planned.lo, width } })) as [RangeRelation, RangeRelation];
  const count = Number((span.hi - planned.lo) / width) + 1;
  const ids = Array.from({ length: count }, (_, i) => planned.lo + BigInt(i) * width);
  const sampled = ids.filter((_, i) => i % CHUNK_SAMPLE_EVERY === CHUNK_SAMPLE_EVERY >> 1);
  const rest = ids.filter((_, i) => i % CHUNK_SAMPLE_EVERY !== CHUNK_SAMPLE_EVERY >> 1);
  let before = 0;
  const compare = async (chunks: readonly bigint[], outside?: { below: bigint; above: bigint }) => {
    const compared = await compareBuckets(chunkSummaries(context, sides[0], chunked[0], chunks, outside), chunkSummaries(context, sides[1], chunked[1], chunks, outside), (rows) =>
      context.progress('comparing', undefined, { done: before + rows, ...(expectedRows ? { total: expectedRows } : {}), unit: 'rows' }),
    );
    before += compared.totals.source + compared.totals.target;
    return compared;
  };
  const first = sampled.length > 0 ? await compare(sampled) : undefined;
  if (first && first.differing.length > 1 && first.differing.length > MOST_SAMPLED_CHUNKS_DIFFER * sampled.length) {
    return { kind: 'spread', sampled: sampled.length, differing: first.differing.length, spent: first };
  }
  const second = await compare(rest, { below: planned.lo, above: planned.lo + BigInt(count) * width - 1n });
  const chunks = first ? combineComparisons(first, second) : second;
  const differingChunks = chunks.differing.length;
  if (differingChunks === 0) {
    return { kind: 'done', buckets: chunks, relations: [relations[0], relations[1]], chunks: count, differingChunks };
  }
  const refined = await refineRanges(context, chunked, chunks, planned.width);
  return { kind: 'done', ...refined, chunks: count, differingChunks };
}
