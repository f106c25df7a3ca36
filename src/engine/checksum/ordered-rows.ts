/**
 * Whether a range-bucket scan uses the ordered row hash (sql.ts `orderedRows`: one md5 of a range's
 * row texts joined in key order, instead of one md5 per row summed), and the ranges it needs.
 */
import { loadChecksumHooks } from '../../dialects/registry.js';
import { queryOptions, type DiffContext } from '../diff-outcome.js';
import type { Side } from '../sides.js';
import { MAX_BUCKETS } from './buckets.js';
import { REFINE_SPLIT } from './refine.js';
import { maxRowTextBytes, withDigests } from './row-bound.js';
import type { Bucketing, ChecksumRelation } from './sql.js';

/** Below this many keys per range, the ordered row hash is not worth its narrower ranges. */
export const MIN_ORDERED_WIDTH = 16n;
/** The ordered row hash may narrow the planned ranges at most this many times (more summaries). */
export const MAX_ORDERED_NARROWING = 2n;

/**
 * The ordered row hash (sql.ts `orderedRows`) for range buckets: both engines need an ordered text
 * aggregate, and the ranges must be narrow enough that their rows cannot reach its cap, judged from
 * the declared types: MariaDB would cut a bucket's joined texts silently, PostgreSQL fail. Returns the
 * widest range allowed (undefined: no limit), or false when the ordered row hash cannot be used.
 */
async function orderedRowsWidth(context: DiffContext, sides: [Side, Side], relations: [ChecksumRelation, ChecksumRelation]): Promise<bigint | undefined | false> {
  if (relations.some((relation) => relation.bucketing.kind !== 'range' || !relation.compiler.orderedMd5 || !relation.compiler.md5Hex)) return false;
  const widths = await Promise.all(
    sides.map(async (side, i): Promise<bigint | undefined | false> => {
      const capQuery = (await loadChecksumHooks(side.connection.dialect)).orderedTextCapQuery;
      if (!capQuery) return undefined;
      const relation = relations[i]!;
      const rowBytes = maxRowTextBytes([...relation.keys, ...relation.values], side.connection.dialect);
      if (rowBytes === undefined) return false;
      // A server (or proxy) that will not say its cap gets the per-row sum.
      const [row] = await side.connection.query(capQuery, [], queryOptions(context)).catch((error: unknown) => {
        if (context.signal?.aborted) throw error;
        context.logger.debug(`no ordered row hash for ${side.label}: ${(error as Error).message}`);
        return [];
      });
      const cap = Number(row?.cap ?? 0);
      // A tenth kept back; each row adds its `;` separator.
      const width = BigInt(Math.floor((0.9 * cap) / (rowBytes + 1)));
      return width >= MIN_ORDERED_WIDTH ? width : false;
    }),
  );
  if (widths.includes(false)) return false;
  const limits = widths.filter((width): width is bigint => typeof width === 'bigint');
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
  const limit = await orderedRowsWidth(context, sides, digested);
  if (limit === false) return undefined;
  const width = narrowedTo(planned.width, limit);
  if (width * MAX_ORDERED_NARROWING < planned.width || (span.hi - span.lo) / width >= BigInt(MAX_BUCKETS)) return undefined;
  const bucketing: Bucketing = { ...planned, width };
  return { relations: [{ ...digested[0], bucketing, orderedRows: true }, { ...digested[1], bucketing, orderedRows: true }], limit };
}
