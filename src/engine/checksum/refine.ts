/**
 * The refining pass of the checksum diff, for range buckets: only the differing ranges of a first
 * pass are checksummed again in narrower ranges nested in them (read through the key's index). Over a
 * slow link, when the differing ranges hold many rows, REFINE_SPLIT times narrower (the first widths
 * are multiples of REFINE_SPLIT), so the fetch reads the narrow differing ranges instead of the wide
 * ones; after the chunk pass (chunks.ts), its differing chunks in the planned ranges.
 */
import type { DiffContext } from '../diff-outcome.js';
import { addSides, compareBuckets, type BucketComparison } from './buckets.js';
import { scanSummaries } from './slices.js';
import { withinBuckets } from './fetch-conditions.js';
import type { Bucketing, ChecksumRelation } from './sql.js';

/** A refining pass splits each differing key range into this many. */
export const REFINE_SPLIT = 16n;

/**
 * The second pass for range buckets: only the rows of the differing ranges (through the key's index)
 * checksummed again in ranges `width` wide, nested inside the first pass's. Returns the narrower
 * ranges' comparison with the first pass's totals and matched rows carried over, and the relations
 * whose bucketing the fetch then uses.
 */
export async function refineRanges(
  context: DiffContext,
  relations: [ChecksumRelation, ChecksumRelation],
  coarse: BucketComparison,
  width: bigint,
  /** Told the rows of the differing ranges checksummed so far (compareBuckets). */
  onRows?: (rows: number) => void,
): Promise<{ buckets: BucketComparison; relations: [ChecksumRelation, ChecksumRelation] }> {
  const narrow = relations.map((relation) => {
    const bucketing: Bucketing = relation.bucketing.kind === 'range' ? { ...relation.bucketing, width } : { kind: 'range', lo: 0n, width };
    // Scanned: the rows of the differing wide ranges only; fetched: by the narrow ranges.
    return { scan: { ...withinBuckets(relation, coarse.differing), bucketing }, fetch: { ...relation, bucketing } };
  }) as [{ scan: ChecksumRelation; fetch: ChecksumRelation }, { scan: ChecksumRelation; fetch: ChecksumRelation }];
  const fine = await compareBuckets(scanSummaries(context, context.source, narrow[0].scan, [{}]), scanSummaries(context, context.target, narrow[1].scan, [{}]), onRows);
  return {
    relations: [narrow[0].fetch, narrow[1].fetch],
    buckets: {
      ...fine,
      matchedRows: coarse.matchedRows + fine.matchedRows,
      totals: coarse.totals,
      nullKeys: coarse.nullKeys,
      summaries: addSides(coarse.summaries, fine.summaries),
      bytes: addSides(coarse.bytes, fine.bytes),
    },
  };
}
