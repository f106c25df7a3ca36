/**
 * The probe's arithmetic: which ranges it checksums, and how the share of them that differs sizes the
 * ranges of the scan that follows.
 */
import { describe, expect, it } from 'vitest';
import { MAX_BUCKETS } from '../../../src/engine/checksum/buckets.js';
import { differingShareAt, MAX_PROBE_BUCKETS, PROBE_BUCKETS, probeBuckets, probeCount, runsOf, TARGET_DIFFERING_SHARE, widthForProbe } from '../../../src/engine/checksum/probe.js';

const span = { lo: 1n, hi: 1_000_000n };

describe('probeBuckets', () => {
  it('spreads its ranges evenly over the table, each on a range start', () => {
    const starts = probeBuckets(1n, 272n, 3677);
    expect(starts).toHaveLength(PROBE_BUCKETS);
    expect(starts[0]).toBe(1n + 272n * 57n);
    for (const start of starts) expect((start - 1n) % 272n).toBe(0n);
    for (let i = 1; i < starts.length; i++) expect(starts[i]! - starts[i - 1]!).toBeGreaterThanOrEqual(272n * 114n);
    expect(starts.at(-1)! <= 1n + 272n * 3676n).toBe(true);
  });

  it('probes one range in 128 of a larger table, between 32 and 512 of them', () => {
    expect(probeCount(3677)).toBe(PROBE_BUCKETS);
    // 10M rows in ranges of 256: 39,063 ranges, 305 probed (0.8 % of the rows).
    expect(probeCount(39_063)).toBe(305);
    expect(probeCount(10_000_000)).toBe(MAX_PROBE_BUCKETS);
    const starts = probeBuckets(1n, 256n, 39_063);
    expect(new Set(starts).size).toBe(305);
    for (let i = 1; i < starts.length; i++) expect(starts[i]! - starts[i - 1]!).toBeGreaterThanOrEqual(256n * 127n);
    expect(starts.at(-1)! <= 1n + 256n * 39_062n).toBe(true);
  });
});

describe('runsOf', () => {
  it('gives the runs of differing probed ranges that neighbour in the probe order: one block of changes is one run', () => {
    const starts = [10n, 20n, 30n, 40n, 50n, 60n];
    expect(runsOf(starts, [])).toEqual([]);
    expect(runsOf(starts, [20n, 30n, 40n])).toEqual([3]);
    expect(runsOf(starts, [10n, 30n, 50n])).toEqual([1, 1, 1]);
    expect(runsOf(starts, [10n, 20n, 40n, 60n])).toEqual([2, 1, 1]);
  });
});

describe('widthForProbe', () => {
  it('keeps the width for one block of changes (one run of neighbours), or a block and a change elsewhere', () => {
    expect(widthForProbe(272n, span, { probed: 305, differing: 40, clusters: 1, scattered: 1 })).toBe(272n);
    // 20 neighbouring ranges and one more: 21 of 305 (6.9 %) would narrow; counted as 2 places (0.7 %), not.
    expect(widthForProbe(272n, span, { probed: 305, differing: 21, clusters: 2, scattered: 2 })).toBe(272n);
  });

  it('keeps the width when none or one probed range differs (one may be a cluster)', () => {
    expect(widthForProbe(272n, span, { probed: 32, differing: 0, clusters: 0, scattered: 0 })).toBe(272n);
    expect(widthForProbe(272n, span, { probed: 32, differing: 1, clusters: 1, scattered: 1 })).toBe(272n);
  });

  it('narrows so that about the target share of ranges would differ: 8 of 32 at 272 keys gives 48', () => {
    // density d from 1 − (1 − d)^272 = 0.25; w' = 272 · ln(0.95) / ln(0.75) = 48.5, floored to 48 (a multiple of 16)
    const width = widthForProbe(272n, span, { probed: 32, differing: 8, clusters: 8, scattered: 8 });
    expect(width).toBe(48n);
    const density = 1 - Math.pow(0.75, 1 / 272);
    expect(1 - Math.pow(1 - density, Number(width))).toBeLessThan(2 * TARGET_DIFFERING_SHARE);
  });

  it('never makes more than MAX_BUCKETS ranges over the span, and never widens', () => {
    const huge = { lo: 0n, hi: 100_000_000n };
    expect(widthForProbe(1024n, huge, { probed: 32, differing: 31, clusters: 31, scattered: 31 })).toBe(huge.hi / BigInt(MAX_BUCKETS) + 1n);
    expect(widthForProbe(4n, span, { probed: 32, differing: 2, clusters: 2, scattered: 2 })).toBeLessThanOrEqual(4n);
  });

  it('gives widths under 32 as they are (no rounding to the refining step)', () => {
    expect(widthForProbe(64n, span, { probed: 32, differing: 6, clusters: 6, scattered: 6 })).toBe(15n);
  });
});

describe('differingShareAt', () => {
  it('scales the probed share to wider ranges: 1 − (1 − f)^(width / probed width)', () => {
    expect(differingShareAt({ probed: 32, differing: 8, clusters: 8, scattered: 8 }, 256n, 256n)).toBeCloseTo(0.25, 10);
    expect(differingShareAt({ probed: 32, differing: 8, clusters: 8, scattered: 8 }, 256n, 512n)).toBeCloseTo(1 - 0.75 ** 2, 10);
    expect(differingShareAt({ probed: 32, differing: 2, clusters: 2, scattered: 2 }, 64n, 64n * 128n)).toBeGreaterThan(0.99);
  });

  it('counts a long run of neighbouring probed ranges once, and says nothing of one run alone', () => {
    expect(differingShareAt({ probed: 305, differing: 12, clusters: 1, scattered: 1 }, 256n, 256n)).toBeUndefined();
    expect(differingShareAt({ probed: 305, differing: 12, clusters: 3, scattered: 3 }, 256n, 256n)).toBeCloseTo(3 / 305, 10);
  });

  it('says nothing when fewer than two probed ranges differ (one may be a cluster)', () => {
    expect(differingShareAt({ probed: 32, differing: 1, clusters: 1, scattered: 1 }, 256n, 26_368n)).toBeUndefined();
    expect(differingShareAt({ probed: 32, differing: 0, clusters: 0, scattered: 0 }, 256n, 26_368n)).toBeUndefined();
  });
});
