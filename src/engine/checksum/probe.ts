/**
 * The probe before a range-bucket checksum scan: probeCount buckets spread evenly over the key
 * range are checksummed first (through the key's index: a few thousand rows, one query a side).
 * When most of them differ, the changes are spread over most buckets, where a full checksum scan
 * would be wasted (every bucket would be fetched again): the caller streams both sides at once instead.
 * Otherwise the share that differs sizes the ranges of the scan (widthForProbe): changes spread thinly
 * over the table get ranges narrow enough that only about TARGET_DIFFERING_SHARE of them differ, so
 * the fetch reads a few rows around each change instead of whole wide ranges. Clustered changes rarely
 * touch a probed bucket, so the probe costs them one small query and changes nothing.
 */
import type { DiffContext } from '../diff-outcome.js';
import type { Side } from '../sides.js';
import { compareBuckets, MAX_BUCKETS } from './buckets.js';
import { scanSummaries } from './slices.js';
import { withinBuckets } from './fetch-conditions.js';
import type { ChecksumRelation } from './sql.js';

/** How many buckets the probe checksums at least. */
export const PROBE_BUCKETS = 32;
/**
 * Larger tables get one probed range in PROBE_EVERY, up to MAX_PROBE_BUCKETS: at 10M rows (39,063
 * ranges of 256), 1,100 changes one in about 9,000 keys touch about 1 of 32 probed ranges (too few to
 * tell) but about 8 of 305, for 0.8 % of the rows, which spares the chunk pass's sample (an eighth of
 * a scan). Probed ranges lie closer then: one block of changed keys may cover several (`clusters`).
 */
export const PROBE_EVERY = 128;
export const MAX_PROBE_BUCKETS = 512;

/** How many of `count` ranges the probe checksums. */
export function probeCount(count: number): number {
  return Math.max(PROBE_BUCKETS, Math.min(MAX_PROBE_BUCKETS, Math.floor(count / PROBE_EVERY)));
}
/** The share of ranges that should differ after the probe sized them. */
export const TARGET_DIFFERING_SHARE = 0.05;
/** Narrowed widths are multiples of this (the refining pass's split), when at least twice it. */
const WIDTH_STEP = 16n;

export interface ProbeResult {
  /** Buckets the probe compared (those with rows on either side). */
  probed: number;
  differing: number;
  /** Runs of differing ranges neighbouring in the probe's order: one block of changes covering several probed ranges is one. */
  clusters: number;
  /** The differing ranges with each run of LONG_RUN or more counted once: what spread changes account for. */
  scattered: number;
}

/** A run of this many neighbouring differing probed ranges is a block of changes, not changes spread thinly (those rarely hit three neighbours). */
export const LONG_RUN = 3;

/** The start keys of probeCount(count) range buckets spread evenly over `count` buckets from `lo`. */
export function probeBuckets(lo: bigint, width: bigint, count: number): bigint[] {
  const probes = probeCount(count);
  const step = count / probes;
  return Array.from({ length: probes }, (_, i) => lo + width * BigInt(Math.floor((i + 0.5) * step)));
}

/** Checksums the probe buckets on both sides (relations with range bucketing) and counts those that differ. */
export async function probeRanges(context: DiffContext, sides: [Side, Side], relations: [ChecksumRelation, ChecksumRelation], starts: bigint[]): Promise<ProbeResult> {
  // One query a side: over a link each query costs round trips (in queries of 50 ranges the 305 ranges of
  // 10M rows took 1.6 s through a 20 ms link, against 0.39 s for 32 in one), where on loopback MariaDB's
  // re-check of every row against the whole list of ranges costs 0.26 s against 0.18 s in queries of 50.
  const [source, target] = relations.map((relation) => withinBuckets(relation, starts)) as [ChecksumRelation, ChecksumRelation];
  const compared = await compareBuckets(scanSummaries(context, sides[0], source, [{}]), scanSummaries(context, sides[1], target, [{}]));
  const runs = runsOf(starts, compared.differing);
  return {
    probed: Math.max(compared.summaries.source, compared.summaries.target),
    differing: compared.differing.length,
    clusters: runs.length,
    scattered: runs.reduce((n, run) => n + (run >= LONG_RUN ? 1 : run), 0),
  };
}

/** The lengths of the runs of neighbouring probed ranges (`starts`, ascending) that the differing ones (ascending) form. */
export function runsOf(starts: readonly bigint[], differing: readonly bigint[]): number[] {
  const index = new Map(starts.map((start, i) => [start, i]));
  const runs: number[] = [];
  let previous = -2;
  for (const bucket of differing) {
    const i = index.get(bucket) ?? -2;
    if (i < 0 || i !== previous + 1) runs.push(1);
    else runs[runs.length - 1]!++;
    previous = i;
  }
  return runs;
}

/**
 * The share of ranges `width` keys wide expected to differ, from the share f the probe saw at
 * `probedWidth`: 1 − (1 − f)^(width / probedWidth), f counting a long run of neighbours once (`scattered`).
 * Undefined when the differing probed ranges form fewer than two runs (one may be a cluster's, which
 * says nothing of the rest).
 */
export function differingShareAt(probe: ProbeResult, probedWidth: bigint, width: bigint): number | undefined {
  if (probe.clusters < 2 || probe.probed === 0) return undefined;
  const share = Math.min(probe.scattered / probe.probed, 0.99);
  return 1 - (1 - share) ** (Number(width) / Number(probedWidth));
}

/**
 * The range width at which about TARGET_DIFFERING_SHARE of the ranges would differ, from the share f the
 * probe saw at `width`: with changes at density d per key, a range of w keys differs with probability
 * 1 − (1 − d)^w, so w' = w · ln(1 − target) / ln(1 − f), f from `scattered`. Unchanged when the
 * differing probed ranges form fewer than two runs (one may be a cluster's); never more than
 * MAX_BUCKETS ranges over the span, never wider than `width`.
 */
export function widthForProbe(width: bigint, span: { lo: bigint; hi: bigint }, probe: ProbeResult): bigint {
  if (probe.clusters < 2 || probe.probed === 0) return width;
  const share = Math.min(probe.scattered / probe.probed, 0.99);
  if (share <= TARGET_DIFFERING_SHARE) return width;
  let narrow = BigInt(Math.max(1, Math.floor((Number(width) * Math.log(1 - TARGET_DIFFERING_SHARE)) / Math.log(1 - share))));
  if (narrow >= 2n * WIDTH_STEP) narrow = ((narrow + WIDTH_STEP - 1n) / WIDTH_STEP) * WIDTH_STEP;
  const fewest = (span.hi - span.lo) / BigInt(MAX_BUCKETS) + 1n;
  if (narrow < fewest) narrow = fewest;
  return narrow < width ? narrow : width;
}
