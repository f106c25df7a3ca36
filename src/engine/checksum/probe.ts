/**
 * The probe before a range-bucket checksum scan: PROBE_BUCKETS buckets spread evenly over the key
 * range are checksummed first (through the key's index: a few thousand rows, one round trip a side).
 * When most of them differ, the changes are spread over most buckets, where a full checksum scan
 * would be wasted (every bucket would be fetched again): the caller streams both sides at once instead.
 * Clustered changes rarely touch a probed bucket, so the probe costs them one small query.
 */
import type { DiffContext } from '../diff-outcome.js';
import type { Side } from '../sides.js';
import { compareBuckets } from './buckets.js';
import { scanSummaries } from './slices.js';
import { bucketConditions, type ChecksumRelation } from './sql.js';

/** How many buckets the probe checksums. */
export const PROBE_BUCKETS = 16;

export interface ProbeResult {
  /** Buckets the probe compared (those with rows on either side). */
  probed: number;
  differing: number;
}

/** The start keys of PROBE_BUCKETS range buckets spread evenly over `count` buckets from `lo`. */
export function probeBuckets(lo: bigint, width: bigint, count: number): bigint[] {
  const step = count / PROBE_BUCKETS;
  return Array.from({ length: PROBE_BUCKETS }, (_, i) => lo + width * BigInt(Math.floor((i + 0.5) * step)));
}

/** Checksums the probe buckets on both sides (relations with range bucketing) and counts those that differ. */
export async function probeRanges(context: DiffContext, sides: [Side, Side], relations: [ChecksumRelation, ChecksumRelation], starts: bigint[]): Promise<ProbeResult> {
  const [source, target] = relations.map((relation) => {
    const within = bucketConditions(relation, starts).map((condition) => `(${condition})`).join(' OR ');
    return { ...relation, filter: relation.filter ? `(${relation.filter}) AND (${within})` : within };
  }) as [ChecksumRelation, ChecksumRelation];
  const compared = await compareBuckets(scanSummaries(context, sides[0], source, [{}]), scanSummaries(context, sides[1], target, [{}]));
  return { probed: Math.max(compared.summaries.source, compared.summaries.target), differing: compared.differing.length };
}
