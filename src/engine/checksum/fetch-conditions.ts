/**
 * Which rows of a side a fetch (or a probe, or a refining pass) reads: the conditions selecting the
 * rows of differing buckets, one per query. Range buckets on the key's first column become key
 * ranges read through its index, in key order query after query; prefix buckets, each side's key
 * ranges and then exactly the buckets; everything else, one scan filtered by the bucket expression.
 */
import { bucketExpression, prefixBuckets, rangeKey, rangeOnLeadingKey, type ChecksumRelation, type KeyRange } from './sql.js';
import type { PrefixBuckets } from './prefix.js';

/** Above this many key ranges, differing range buckets are fetched by one filtered scan instead. */
export const MAX_KEY_RANGES = 2000;
/**
 * Key ranges per fetch query. An engine re-checks each row it reads through a range against the
 * whole OR list (MariaDB took 5 s for 256K rows through 1,000 ranges: 20 µs a row), so a long list
 * is split into queries of this many ranges, read one after the other.
 */
export const RANGES_PER_QUERY = 50;
const KEYS_PER_QUERY = 50n * 256n;
const MAX_RANGES_PER_QUERY = 400;

/**
 * After the refining pass over a slow link, where each fetch query costs a round trip, narrow ranges
 * go more to a query: as many as hold about as many keys as RANGES_PER_QUERY ranges of 256, at most
 * MAX_RANGES_PER_QUERY (the spread scenario's 1,100 ranges of 16: 22 round trips → 3).
 */
export function rangesPerSlowQuery(width: bigint): number {
  return width >= 256n ? RANGES_PER_QUERY : Math.min(MAX_RANGES_PER_QUERY, Number(KEYS_PER_QUERY / (width > 0n ? width : 1n)));
}

/**
 * Conditions selecting the rows of the given buckets (ascending; never the NULL-key bucket), one per
 * fetch query. Range buckets give ascending, disjoint key ranges per condition, so the queries' rows,
 * each ordered by key, are in key order when read one after the other.
 */
export function bucketConditions(relation: ChecksumRelation, buckets: readonly bigint[], keyRanges?: ReadonlyMap<bigint, readonly KeyRange[]>, perQuery = RANGES_PER_QUERY): string[] {
  const bucketing = relation.bucketing;
  const filtered = () => [`${bucketExpression(relation)} IN (${buckets.join(', ')})`];
  if (bucketing.kind === 'prefix' && keyRanges) return prefixConditions(relation, prefixBuckets(relation, bucketing), buckets, keyRanges) ?? filtered();
  // Ranges of a later key column: no index reads them, and queries one after the other would not
  // give the rows in key order (the first column's); one scan filtered by bucket, a modulo a row.
  if (bucketing.kind !== 'range' || !rangeOnLeadingKey(bucketing)) return filtered();
  const key = rangeKey(relation).expr;
  // Adjacent buckets become one key range, so clustered differences cost one index range each.
  const ranges = runs(buckets, bucketing.width).map(([first, last]) => [first, last + bucketing.width - 1n] as const);
  // Thousands of ranges would burden the planners (PostgreSQL plans one index scan per range): filter a scan instead.
  if (ranges.length > MAX_KEY_RANGES) return filtered();
  const conditions: string[] = [];
  for (let i = 0; i < ranges.length; i += perQuery) {
    const batch = ranges.slice(i, i + perQuery);
    conditions.push(`(${batch.map(([a, b]) => keyBetween(key, String(a), String(b))).join(' OR ')})`);
  }
  return conditions;
}

/**
 * Prefix buckets: per query, the side's key ranges of a run of differing buckets (through the key's
 * index, in the side's collation) and exactly those buckets' integers (byte order). Buckets where
 * this side has no rows are skipped. Undefined (a filtered scan then) when there are too many ranges
 * for index lookups, or a bucket's range is missing.
 */
function prefixConditions(
  relation: ChecksumRelation,
  prefix: PrefixBuckets,
  buckets: readonly bigint[],
  keyRanges: ReadonlyMap<bigint, readonly KeyRange[]>,
): string[] | undefined {
  const key = relation.keys[0]?.expr;
  const own = buckets.filter((bucket) => keyRanges.has(bucket));
  const total = own.reduce((n, bucket) => n + (keyRanges.get(bucket)?.length ?? 0), 0);
  // A bucket of this side without its key range (never expected) is read by the filtered scan instead.
  if (!key || total > MAX_KEY_RANGES || own.some((bucket) => keyRanges.get(bucket)?.length === 0)) return undefined;
  const literal = (text: string) => relation.compiler.stringLiteral(text);
  const conditions: string[] = [];
  let batch: bigint[] = [];
  let ranges: KeyRange[] = [];
  const flush = () => {
    if (batch.length === 0) return;
    const byKey = ranges.map(([low, high]) => keyBetween(key, literal(low), literal(high)));
    const byBucket = runs(batch, 1n).map(([first, last]) => prefix.run(Number(first), Number(last)));
    conditions.push(`(${byKey.join(' OR ')}) AND (${byBucket.join(' OR ')})`);
    batch = [];
    ranges = [];
  };
  for (const bucket of own) {
    batch.push(bucket);
    ranges.push(...(keyRanges.get(bucket) ?? []));
    if (ranges.length >= RANGES_PER_QUERY) flush();
  }
  flush();
  return conditions;
}

/** Ascending buckets as runs of adjacent ones (`step` apart), [first, last]. */
function runs(buckets: readonly bigint[], step: bigint): [bigint, bigint][] {
  const out: [bigint, bigint][] = [];
  for (const bucket of buckets) {
    const last = out[out.length - 1];
    if (last && last[1] + step === bucket) last[1] = bucket;
    else out.push([bucket, bucket]);
  }
  return out;
}

/** The relation restricted to the rows of `buckets` (its own filter kept): what a probe or refining pass scans. */
export function withinBuckets(relation: ChecksumRelation, buckets: readonly bigint[]): ChecksumRelation {
  const within = bucketConditions(relation, buckets).map((condition) => `(${condition})`).join(' OR ');
  return { ...relation, filter: relation.filter ? `(${relation.filter}) AND (${within})` : within };
}

/** `key = low` or `key BETWEEN low AND high` (SQL literals or numbers). */
function keyBetween(key: string, low: string, high: string): string {
  return low === high ? `${key} = ${low}` : `${key} BETWEEN ${low} AND ${high}`;
}
