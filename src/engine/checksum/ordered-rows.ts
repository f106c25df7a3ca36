/**
 * Whether a bucket scan uses the ordered row hash (sql.ts `orderedRows`: one md5 of a bucket's row
 * texts joined in key order, instead of one md5 per row summed): ranges of the leading integer key,
 * and the ranges it needs; other ranges and key-order buckets, and the most rows a bucket may hold.
 */
import { loadChecksumHooks } from '../../dialects/registry.js';
import { queryOptions, type DiffContext } from '../diff-outcome.js';
import type { Side } from '../sides.js';
import { MAX_BUCKETS } from './buckets.js';
import { REFINE_SPLIT } from './refine.js';
import { maxRowTextBytes, withDigests } from './row-bound.js';
import { inIndexOrder, type Bucketing, type ChecksumRelation } from './sql.js';

/** Below this many keys per range, the ordered row hash is not worth its narrower ranges. */
export const MIN_ORDERED_WIDTH = 16n;
/** The ordered row hash may narrow the planned ranges at most this many times (more summaries). */
export const MAX_ORDERED_NARROWING = 2n;

/**
 * The ordered row hash (sql.ts `orderedRows`) for range or key-order buckets: both engines need an
 * ordered text aggregate, and a bucket must hold few enough rows that their texts cannot reach its
 * cap, judged from the declared types: MariaDB would cut a bucket's joined texts silently, PostgreSQL
 * fail. Returns the most rows a bucket may hold (a range's keys: its width; undefined: no limit), or
 * false when the ordered row hash cannot be used.
 */
async function orderedRowsLimit(context: DiffContext, sides: [Side, Side], relations: [ChecksumRelation, ChecksumRelation]): Promise<bigint | undefined | false> {
  const ordered = (relation: ChecksumRelation) => relation.bucketing.kind === 'range' || relation.bucketing.kind === 'prefix';
  if (relations.some((relation) => !ordered(relation) || !relation.compiler.orderedMd5 || !relation.compiler.md5Hex)) return false;
  const perSide = await Promise.all(
    sides.map(async (side, i): Promise<bigint | undefined | false> => {
      const { orderedTextCap: fixedCap } = await loadChecksumHooks(side.connection.dialect);
      const sessionCap = side.connection.textAggregateCap?.bind(side.connection);
      if (sessionCap === undefined && fixedCap === undefined) return undefined;
      const relation = relations[i]!;
      const rowBytes = maxRowTextBytes([...relation.keys, ...relation.values], side.connection.dialect);
      if (rowBytes === undefined) return false;
      // A server (or proxy) that will not say its cap gets the per-row sum.
      const cap =
        fixedCap ??
        (await sessionCap!(queryOptions(context)).catch((error: unknown) => {
          if (context.signal?.aborted) throw error;
          context.logger.debug(`no ordered row hash for ${side.label}: ${(error as Error).message}`);
          return 0;
        }));
      // A tenth kept back; each row adds its `;` separator.
      const rows = BigInt(Math.floor((0.9 * cap) / (rowBytes + 1)));
      return rows >= MIN_ORDERED_WIDTH ? rows : false;
    }),
  );
  if (perSide.includes(false)) return false;
  const limits = perSide.filter((limit): limit is bigint => typeof limit === 'bigint');
  return limits.length === 0 ? undefined : limits.reduce((a, b) => (b < a ? b : a));
}

/** The range width no wider than `limit`, on REFINE_SPLIT multiples as chooseBucketing makes them. */
function narrowedTo(width: bigint, limit: bigint | undefined): bigint {
  if (limit === undefined || width <= limit) return width;
  return limit >= 2n * REFINE_SPLIT ? (limit / REFINE_SPLIT) * REFINE_SPLIT : limit;
}

/**
 * The relations the ordered row hash runs with (long fields digested, the planned ranges narrowed
 * where a range's texts could reach an engine's cap) and the widest range the cap allows (undefined:
 * no limit), or undefined when it cannot be used: the per-row sum then.
 * Narrower ranges only while their count stays near the planned one: each is a summary sent and
 * compared (10M rows in ranges of 48 instead of 256: 208k summaries a side, peak RSS 279 MB and no
 * faster than the per-row sum).
 */
export async function orderedRanges(
  context: DiffContext,
  sides: [Side, Side],
  relations: [ChecksumRelation, ChecksumRelation],
  span: { lo: bigint; hi: bigint },
): Promise<{ relations: [ChecksumRelation, ChecksumRelation]; limit: bigint | undefined } | undefined> {
  const planned = relations[0].bucketing;
  if (planned.kind !== 'range') return undefined;
  const digested = withDigests(relations);
  const limit = await orderedRowsLimit(context, sides, digested);
  if (limit === false) return undefined;
  const width = narrowedTo(planned.width, limit);
  if (width * MAX_ORDERED_NARROWING < planned.width || (span.hi - span.lo) / width >= BigInt(MAX_BUCKETS)) return undefined;
  const bucketing: Bucketing = { ...planned, width };
  return { relations: [{ ...digested[0], bucketing, orderedRows: true }, { ...digested[1], bucketing, orderedRows: true }], limit };
}

/** Buckets are hashed in key order only when one may hold at least this many times the rows aimed at. */
export const MIN_ORDERED_ROWS_SHARE = 16;
/**
 * Sorted buckets are hashed in key order only up to this many rows (the larger side's estimate): each
 * database sorts every row's whole text, which spills to its temporary files (MariaDB materializes
 * them too), where the per-row sum groups small integers. Measured faster at 100k and 1M rows; not
 * measured beyond, so larger tables keep the per-row sum they were measured with.
 */
export const MAX_SORTED_ORDERED_ROWS = 2_000_000;

/**
 * The relations that hash each bucket's rows sorted by their keys' canonical bytes (sql.ts
 * `orderingKeys`; long fields digested), with the most rows a bucket may hold (none: no limit):
 * key-order buckets, and ranges of a key column other than the leading one of an all-integer key
 * (those are ordered through the key's index: `orderedRanges`). Undefined when it cannot be used: the
 * per-row sum then. Not key-tail buckets: MariaDB's slices would have to compute every row's bucket
 * twice, and the whole measured no faster at 100k rows (2.20 → 2.17 s) and slower at 1M (18.7 → 21.8 s). Unlike a leading range's keys, a bucket's rows are not bounded in
 * advance: a bucket found holding more (`maxBucketRows`) may have been cut, and is fetched
 * whatever its checksum. One md5 per bucket instead of one per row: PostgreSQL, 100k rows keyed by
 * text, 1.24 → 0.81 s of CPU.
 */
export async function orderedGroups(
  context: DiffContext,
  sides: [Side, Side],
  relations: [ChecksumRelation, ChecksumRelation],
  sizes: { rows: number; rowsPerBucket: number },
): Promise<[ChecksumRelation, ChecksumRelation] | undefined> {
  const planned = relations[0];
  const grouped = planned.bucketing.kind === 'prefix' || (planned.bucketing.kind === 'range' && !inIndexOrder(planned));
  if (!grouped || sizes.rows > MAX_SORTED_ORDERED_ROWS || relations.some((relation) => !relation.compiler.textKeyOrder)) return undefined;
  const rowsPerBucket = sizes.rowsPerBucket;
  const digested = withDigests(relations);
  const limit = await orderedRowsLimit(context, sides, digested);
  if (limit === false || (limit !== undefined && limit < BigInt(Math.ceil(MIN_ORDERED_ROWS_SHARE * rowsPerBucket)))) return undefined;
  const maxBucketRows = limit === undefined ? undefined : Number(limit);
  return [
    { ...digested[0], orderedRows: true, maxBucketRows },
    { ...digested[1], orderedRows: true, maxBucketRows },
  ];
}
