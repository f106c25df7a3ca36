/**
 * The checksum diff (sides on different connections): push the work into the databases and move only
 * what differs.
 *
 * 1. Size: N buckets from the tables' row estimates (catalog statistics, no scan), ~256 rows each.
 * 2. One `GROUP BY bucket` scan per side, both at once: per bucket count + sum of md5-as-integer of
 *    the canonical row text (sql.ts). The two bucket-ordered results are merged as they stream in.
 *    With the ordered row hash and primary keys, chunks of many ranges are hashed first, and only the
 *    differing chunks range by range (chunks.ts).
 * 3. Buckets equal on both sides: all their rows match. The rows of the differing buckets are read
 *    (both sides at once, ordered by key) and diffed by the streaming merge itself, so stats, samples
 *    and per-column counts come out exactly as the streaming merge would give them.
 *
 * Falls back to the streaming merge (and says why in the plan) when it would not be cheaper or could
 * not be exact: keys that may repeat and do (a checksum cannot see a key duplicated equally on both
 * sides), or most rows in differing buckets. Tolerance and float/JSON columns never come here (the
 * planner sends them to the streaming merge: their equality is not a byte equality of SQL text).
 */
import { loadChecksumHooks } from '../../dialects/registry.js';
import { linkedAbort } from '../../shared/abort.js';
import { queryOptions, type DiffContext, type DiffOutcome } from '../diff-outcome.js';
import { runStreamMerge } from '../stream-merge.js';
import { dynamicTyping, type Side } from '../sides.js';
import { addSides, compareBuckets, ROWS_PER_BUCKET, rowsPerBucketFor, SMALL_TABLE_ROWS_PER_BUCKET, type BucketComparison } from './buckets.js';
import { bucketsInWords, chooseBucketing, PAGE_SAMPLE_ROWS, rememberKeyRange } from './bucketing.js';
import { checksumRelation, integerKeyColumns, integerKeyed } from './relation.js';
import { PROBE_BUCKETS, probeBuckets, probeRanges, widthForProbe, type ProbeResult } from './probe.js';
import { REFINE_SPLIT, refineRanges } from './refine.js';
import { MIN_ROWS_TO_SPLIT_HASH_SCAN, scanSummaries, sideSlices } from './slices.js';
import { orderedGroups, orderedRanges } from './ordered-rows.js';
import { chunkPlan, runChunkPass } from './chunks.js';
import { bucketConditions, MAX_KEY_RANGES, RANGES_PER_QUERY, rangesPerSlowQuery } from './fetch-conditions.js';
import { duplicateKeysSql, inIndexOrder, rangeOnLeadingKey, rowCountSql, type Bucketing, type ChecksumRelation } from './sql.js';
import { thousands } from '../../shared/thousands.js';

/** Below this many rows (the larger side), streaming both sides is as cheap as anything. */
export const SMALL_TABLE_ROWS = 50_000;
/**
 * The refining pass pays only where moving rows is dear: on a link whose round trip (`SELECT 1`) takes
 * at least this long. On a local or LAN link fetching the rows of the wide ranges is cheaper than
 * checksumming them again (measured, 1M rows, 128k rows in 1,000 differing ranges: fetched in 0.51 s,
 * refined then fetched in 0.84 s).
 */
export const SLOW_LINK_MS = 5;
/** When more than this share of the rows is in differing buckets, re-reading them costs more than streaming. */
export const MOST_ROWS_DIFFER = 0.5;

/** The checksum diff's outcome always says which plan finally ran, and why (`replanned`). */
export type ChecksumOutcome = DiffOutcome;

/** Thresholds (tests lower them to exercise the checksum path on small tables). */
export interface ChecksumTuning {
  smallTableRows: number;
  mostRowsDiffer: number;
  rowsPerBucket: number;
  /** Rows a bucket holds at least in a small table (buckets.ts `rowsPerBucketFor`); absent: `rowsPerBucket` at every size. */
  smallTableRowsPerBucket?: number;
  minRowsToSplitHashScan: number;
  /** When the differing range buckets hold more rows than this, they are checksummed again in narrower ranges before fetching. */
  refineAboveRows?: number;
  /** ...and only when the slower side's round trip takes at least this many milliseconds (SLOW_LINK_MS). */
  refineOnRoundTripMs?: number;
  /** Text keys of tables with at least this many rows are sampled by pages where the engine can (PAGE_SAMPLE_ROWS). */
  pageSampleRows?: number;
  /** false: range buckets sum one md5 per row even where the ordered row hash could be used (tests compare both). */
  orderedRows?: boolean;
  /** false: no chunk pass (chunks.ts) before the ranges are checksummed (tests compare both). */
  chunks?: boolean;
}

export const DEFAULT_TUNING: ChecksumTuning = {
  smallTableRows: SMALL_TABLE_ROWS,
  mostRowsDiffer: MOST_ROWS_DIFFER,
  rowsPerBucket: ROWS_PER_BUCKET,
  smallTableRowsPerBucket: SMALL_TABLE_ROWS_PER_BUCKET,
  minRowsToSplitHashScan: MIN_ROWS_TO_SPLIT_HASH_SCAN,
  refineAboveRows: 10_000,
  refineOnRoundTripMs: SLOW_LINK_MS,
};

/**
 * The slower side's round trip for a trivial query, in milliseconds: the fastest of three, since the
 * first may open a pooled connection (and PostgreSQL's wraps each query in a read-only transaction).
 */
async function roundTripMs(context: DiffContext, sides: [Side, Side]): Promise<number> {
  const time = async (side: Side) => {
    let fastest = Number.POSITIVE_INFINITY;
    for (let i = 0; i < 3; i++) {
      const started = performance.now();
      await side.connection.query('SELECT 1', [], queryOptions(context));
      fastest = Math.min(fastest, performance.now() - started);
    }
    return fastest;
  };
  const [source, target] = await Promise.all(sides.map(time));
  return Math.max(source ?? 0, target ?? 0);
}

/** The statistics' row count of a side's table, or its exact count(*) when there is no estimate. */
export async function estimateRows(context: DiffContext, side: Side, relation: ChecksumRelation): Promise<number> {
  if (side.definition.dataset && !side.definition.filter) {
    const hooks = await loadChecksumHooks(side.connection.dialect);
    const query = hooks.estimatedRowsQuery(side.definition.dataset);
    if (query) {
      // Statistics are a shortcut only: when they cannot be read, count.
      // The engine's own statistics query, the table's name a parameter.
      const rows = await side.connection.query(query.sql, query.params, { ...queryOptions(context), catalog: true }).catch((error: unknown) => {
        if (context.signal?.aborted) throw error;
        context.logger.debug(`no row estimate for ${side.label}: ${(error as Error).message}`);
        return [];
      });
      const estimate = Number(rows[0]?.estimate ?? Number.NaN);
      if (Number.isFinite(estimate) && estimate > 0) return estimate;
    }
  }
  // No estimate: this scan counts, and reads what would otherwise take scans of their own (a slow view,
  // a filter without an index): the key range of a single integer key (range buckets), and whether a
  // key not declared unique repeats (the duplicate-keys query then runs only when one does).
  const keyRange = integerKeyed(context.resolved) && !side.definition.query;
  const distinctKeys = context.resolved.keys.length === 1 && !keyIsDeclaredUnique(context, side);
  const [row] = await side.connection.query(rowCountSql(relation, { keyRange, distinctKeys }), [], queryOptions(context));
  if (keyRange) rememberKeyRange(side, row);
  if (distinctKeys && row?.nk !== undefined && row.nk !== null && Number(row.nk) === Number(row.dk)) keysKnownUnique.add(side);
  return Number(row?.n ?? 0);
}

/** Sides whose count scan found no repeated key (rowCountSql's `nk` = `dk`). */
const keysKnownUnique = new WeakSet<Side>();

/** True when the side's key is its declared primary key, so no canonical key can repeat. */
function keyIsDeclaredUnique(context: DiffContext, side: Side): boolean {
  const declared = side.schema.primaryKey.map((name) => name.toLowerCase());
  const keys = context.resolved.keys;
  if (declared.length === 0 || declared.length !== keys.length) return false;
  return keys.every((pair) => {
    const own = side.role === 'source' ? pair.sourceType : pair.targetType;
    // A key truncated to a lower precision (timestamps) could make two declared-unique keys equal.
    const truncated = own.precision !== undefined && pair.normalize.precision !== undefined && pair.normalize.precision < own.precision;
    return declared.includes(own.name.toLowerCase()) && !truncated;
  });
}

/**
 * True when the key is the side's declared primary key with its columns in the same order: MariaDB
 * then keeps the rows in key order (its clustered index), and a range of the first column is read
 * through that index; the chunk pass needs both.
 */
function keyIsPrimaryKeyInOrder(context: DiffContext, side: Side): boolean {
  if (!keyIsDeclaredUnique(context, side)) return false;
  const own = context.resolved.keys.map((pair) => (side.role === 'source' ? pair.sourceType : pair.targetType).name.toLowerCase());
  return side.schema.primaryKey.every((name, i) => name.toLowerCase() === own[i]);
}

async function duplicateKeys(context: DiffContext, side: Side, relation: ChecksumRelation): Promise<number> {
  if (keyIsDeclaredUnique(context, side) || keysKnownUnique.has(side)) return 0;
  const rows = await side.connection.query(duplicateKeysSql(relation), [], queryOptions(context));
  return Number(rows[0]?.duplicate_keys ?? 0);
}

async function fallBack(context: DiffContext, reason: string, spent: BucketComparison | undefined, phases: Record<string, number> = {}): Promise<ChecksumOutcome> {
  context.logger.debug(`${context.definition.name}: ${reason}`);
  const started = performance.now();
  const outcome = await runStreamMerge(context);
  const streamed = { ...phases, stream: Math.round(performance.now() - started) };
  if (spent) {
    outcome.sent.source.rows_sent += spent.summaries.source;
    outcome.sent.source.bytes_sent += spent.bytes.source;
    outcome.sent.target.rows_sent += spent.summaries.target;
    outcome.sent.target.bytes_sent += spent.bytes.target;
  }
  return { ...outcome, replanned: { kind: 'stream', reason }, phases: streamed };
}

/** How the probe narrowed the planned ranges, in words (empty when it did not). */
function narrowedBy(probe: ProbeResult | undefined, planned: Bucketing, bucketing: Bucketing): string {
  if (!probe || bucketing.kind !== 'range' || planned.kind !== 'range' || bucketing.width >= planned.width) return '';
  return ` (a probe of ${probe.probed} ranges of ${thousands(planned.width)} found ${probe.differing} differing, so the ranges were narrowed to ${thousands(bucketing.width)})`;
}

/** The probe (probe.ts) for range buckets over enough buckets to be worth it; undefined when not run. */
async function probeFirst(context: DiffContext, sides: [Side, Side], relations: [ChecksumRelation, ChecksumRelation], span: { lo: bigint; hi: bigint }): Promise<ProbeResult | undefined> {
  const bucketing = relations[0].bucketing;
  if (bucketing.kind !== 'range') return undefined;
  const count = Number((span.hi - bucketing.lo) / bucketing.width) + 1;
  if (count < 4 * PROBE_BUCKETS) return undefined;
  const starts = probeBuckets(bucketing.lo, bucketing.width, count);
  context.progress('comparing', `checksumming ${starts.length} key ranges spread over the table first`);
  const probe = await probeRanges(context, sides, relations, starts);
  return probe.probed > 0 ? probe : undefined;
}

export async function runChecksumDiff(context: DiffContext, tuning: ChecksumTuning = DEFAULT_TUNING): Promise<ChecksumOutcome> {
  const { source, target, resolved } = context;
  const unsized: Bucketing = { kind: 'hash', buckets: 1 };
  const typing = dynamicTyping(source, target);
  let sourceRelation = checksumRelation(source, resolved, unsized, typing);
  let targetRelation = checksumRelation(target, resolved, unsized, typing);

  const keyNames = resolved.keys.map((key) => key.source);
  const phases: Record<string, number> = {};
  let mark = performance.now();
  const lap = (phase: string) => {
    const now = performance.now();
    phases[phase] = Math.round((phases[phase] ?? 0) + now - mark);
    mark = now;
  };
  context.progress('counting', 'estimating the row counts (catalog statistics, or count(*) where there are none)');
  const [sourceRows, targetRows] = await Promise.all([estimateRows(context, source, sourceRelation), estimateRows(context, target, targetRelation)]);
  const rows = Math.max(sourceRows, targetRows);
  lap('estimate');
  if (rows < tuning.smallTableRows) {
    return fallBack(context, `The sides are on different connections and small (about ${thousands(rows)} rows), so both are streamed ordered by key and merged: cheaper than checksums.`, undefined, phases);
  }
  // From here both sides' queries run at once; a failure on one stops the other's instead of waiting for it.
  const failure = linkedAbort(context.signal);
  const local = { ...context, signal: failure.signal };
  // The first error is the one reported: the others are the queries it stopped.
  let firstError: { error: unknown } | undefined;
  const fail = (error: unknown) => {
    firstError ??= { error };
    failure.abort(error);
  };
  const options = (rows: number, span?: { lo: bigint; hi: bigint }, sample?: Buffer[]) => ({ span, rows, sample, minRowsToSplitHashScan: tuning.minRowsToSplitHashScan });
  const first = await (async () => {
    const rowsPerBucket = rowsPerBucketFor(rows, tuning.rowsPerBucket, tuning.smallTableRowsPerBucket);
    const chosen = await chooseBucketing(local, [sourceRelation, targetRelation], [sourceRows, targetRows], rowsPerBucket, tuning.pageSampleRows ?? PAGE_SAMPLE_ROWS);
    const span = chosen.span;
    sourceRelation = { ...sourceRelation, bucketing: chosen.bucketing };
    targetRelation = { ...targetRelation, bucketing: chosen.bucketing };
    // The ordered row hash orders a range's rows by the key, alike on every engine only when it is all integers.
    const inKeyOrder = rangeOnLeadingKey(chosen.bucketing) && integerKeyColumns(resolved).length === resolved.keys.length;
    const orderedHash = tuning.orderedRows === false || !span || !inKeyOrder ? undefined : await orderedRanges(local, [source, target], [sourceRelation, targetRelation], span);
    if (orderedHash) {
      [sourceRelation, targetRelation] = orderedHash.relations;
      chosen.bucketing = sourceRelation.bucketing;
    }
    // Other buckets sort their rows by the keys' bytes, alike on every engine.
    const grouped = orderedHash || tuning.orderedRows === false ? undefined : await orderedGroups(local, [source, target], [sourceRelation, targetRelation], { rows, rowsPerBucket });
    if (grouped) [sourceRelation, targetRelation] = grouped;
    // Probed ranges are read through the key's index: ranges of a later key column would cost a scan each.
    const probe = rangeOnLeadingKey(chosen.bucketing) && span && tuning.mostRowsDiffer < 1 ? await probeFirst(local, [source, target], [sourceRelation, targetRelation], span) : undefined;
    if (probe) lap('probe');
    if (probe && probe.differing > tuning.mostRowsDiffer * probe.probed) return { probe };
    // The probe's share of differing ranges sizes the ranges, so that few of them differ.
    const bucketing = probe && span && chosen.bucketing.kind === 'range' ? { ...chosen.bucketing, width: widthForProbe(chosen.bucketing.width, span, probe) } : chosen.bucketing;
    sourceRelation = { ...sourceRelation, bucketing };
    targetRelation = { ...targetRelation, bucketing };
    // The chunk pass reads each chunk through the key's index in key order: both keys must be the tables' primary keys.
    const probed = probe && chosen.bucketing.kind === 'range' ? { result: probe, width: chosen.bucketing.width } : undefined;
    const plan =
      orderedHash && span && tuning.chunks !== false && keyIsPrimaryKeyInOrder(local, source) && keyIsPrimaryKeyInOrder(local, target)
        ? chunkPlan([sourceRelation, targetRelation], span, orderedHash.limit, probed)
        : { width: undefined, skipped: '' };
    const chunkKeys = plan.width;
    let spread = plan.skipped;
    let chunkSample: BucketComparison | undefined;
    if (chunkKeys && span) {
      lap('buckets');
      context.progress('comparing', `checksumming both sides in chunks of ${thousands(chunkKeys)} keys`, { done: 0, total: sourceRows + targetRows, unit: 'rows' });
      const pass = await runChunkPass(local, [source, target], [sourceRelation, targetRelation], span, chunkKeys, sourceRows + targetRows);
      if (pass.kind === 'done') {
        [sourceRelation, targetRelation] = pass.relations;
        lap('checksum_scan');
        const again = pass.differingChunks === 0 ? '' : `, then the ${thousands(pass.differingChunks)} differing chunks again in ${bucketsInWords(bucketing, keyNames)}`;
        return {
          how: `chunks of ${thousands(chunkKeys)} keys (each chunk's rows hashed as one text, read in key order through the key's index)${narrowedBy(probe, chosen.bucketing, bucketing)}${again}`,
          scanned: pass.chunks,
          buckets: pass.buckets,
          sourceDuplicates: 0,
          targetDuplicates: 0,
        };
      }
      lap('chunk_sample');
      chunkSample = pass.spent;
      spread = ` (${pass.differing} of the ${pass.sampled} chunks of ${thousands(chunkKeys)} keys hashed first differed, so the changes are spread and every range was checksummed)`;
    }
    const [sourceSlices, targetSlices] = await Promise.all([
      sideSlices(local, source, sourceRelation, options(sourceRows, span, chosen.sample)),
      sideSlices(local, target, targetRelation, options(targetRows, span, chosen.sample)),
    ]);
    lap('buckets');
    const narrowed = narrowedBy(probe, chosen.bucketing, bucketing);
    context.progress('comparing', `checksumming both sides in ${bucketsInWords(bucketing, keyNames)}`, { done: 0, total: sourceRows + targetRows, unit: 'rows' });
    const [scannedBuckets, sourceDuplicates, targetDuplicates] = await Promise.all([
      compareBuckets(scanSummaries(local, source, sourceRelation, sourceSlices), scanSummaries(local, target, targetRelation, targetSlices), (done) =>
        context.progress('comparing', undefined, { done, total: sourceRows + targetRows, unit: 'rows' }),
      ),
      duplicateKeys(local, source, sourceRelation),
      duplicateKeys(local, target, targetRelation),
    ]);
    lap('checksum_scan');
    // The sampled chunks' summaries were sent too (their rows are all in the grouped scan's ranges).
    const buckets = chunkSample ? { ...scannedBuckets, summaries: addSides(scannedBuckets.summaries, chunkSample.summaries), bytes: addSides(scannedBuckets.bytes, chunkSample.bytes) } : scannedBuckets;
    // What the scan's SQL did (sql.ts `orderingKeys`): ranges read in index order, or rows sorted by the keys' bytes.
    const ordered = !sourceRelation.orderedRows ? '' : inIndexOrder(sourceRelation) ? ", each range's rows hashed as one text in key order" : ", each bucket's rows hashed as one text in the order of the keys' bytes";
    const scanned = Math.max(scannedBuckets.summaries.source, scannedBuckets.summaries.target);
    return { how: `${bucketsInWords(bucketing, keyNames)}${narrowed}${ordered}${spread}`, scanned, buckets, sourceDuplicates, targetDuplicates };
  })().catch(async (error: unknown) => {
    fail(error);
    throw firstError?.error ?? error;
  });
  if (first.probe) {
    const { probed, differing } = first.probe;
    return fallBack(
      context,
      `The checksums of ${probed} key ranges spread over the table differ in ${differing}, so the changes are spread over most rows: both sides are streamed ordered by key and merged instead of checksummed.`,
      undefined,
      phases,
    );
  }
  const { how, sourceDuplicates, targetDuplicates } = first;
  let buckets = first.buckets;
  if (sourceDuplicates + targetDuplicates > 0) {
    return fallBack(context, `The key (${resolved.keys.map((k) => k.source).join(', ')}) repeats (${sourceDuplicates} duplicated in the source, ${targetDuplicates} in the target), which checksums cannot see exactly, so both sides are streamed ordered by key and merged.`, buckets, phases);
  }
  const differingRows = buckets.differingRows.source + buckets.differingRows.target;
  if (differingRows > tuning.mostRowsDiffer * (buckets.totals.source + buckets.totals.target)) {
    return fallBack(context, `The checksums differ in ${thousands(buckets.differing.length)} of ${thousands(first.scanned)} buckets holding most rows, so both sides are streamed ordered by key and merged instead of fetching them.`, buckets, phases);
  }

  const scanned = first.scanned;
  let refined = '';
  const coarseBucketing = sourceRelation.bucketing;
  // Only through the key's index (with more ranges the second pass would scan the whole table again),
  // and only where moving rows costs more than checksumming them again: a slow link.
  const worthRefining =
    coarseBucketing.kind === 'range' &&
    rangeOnLeadingKey(coarseBucketing) &&
    buckets.differing.length <= MAX_KEY_RANGES &&
    coarseBucketing.width >= 2n * REFINE_SPLIT &&
    differingRows > (tuning.refineAboveRows ?? Number.POSITIVE_INFINITY);
  const link = worthRefining ? await roundTripMs(local, [source, target]) : 0;
  if (worthRefining && link >= (tuning.refineOnRoundTripMs ?? SLOW_LINK_MS)) {
    context.progress('comparing', `checksumming the ${buckets.differing.length} differing key ranges again in ranges ${REFINE_SPLIT} times narrower`, { done: 0, total: differingRows, unit: 'rows' });
    const coarse = buckets;
    const narrow = await refineRanges(local, [sourceRelation, targetRelation], coarse, coarseBucketing.width / REFINE_SPLIT, (done) =>
      context.progress('comparing', undefined, { done, total: differingRows, unit: 'rows' }),
    );
    [sourceRelation, targetRelation] = narrow.relations;
    buckets = narrow.buckets;
    refined = `; the link answers in ${link.toFixed(0)} ms, so the ${thousands((coarse.differingRows.source + coarse.differingRows.target))} rows of its ${thousands(coarse.differing.length)} differing ranges were checksummed again in ranges of ${thousands((coarseBucketing.width / REFINE_SPLIT))}`;
    lap('refine_scan');
  }
  const reason =
    `The sides are on different connections, so each database checksummed its rows in ${thousands(scanned)} ${how}${refined}` +
    (buckets.differing.length === 0
      ? '; all buckets are equal.'
      : `; only the ${thousands((buckets.differingRows.source + buckets.differingRows.target))} rows of the ${thousands(buckets.differing.length)} differing buckets were fetched and merged.`);
  let outcome: DiffOutcome;
  if (buckets.differing.length === 0) {
    outcome = {
      stats: {
        source_rows: 0,
        target_rows: 0,
        matched_rows: 0,
        mismatched_rows: 0,
        only_in_source: 0,
        only_in_target: 0,
        duplicate_keys_source: 0,
        duplicate_keys_target: 0,
        null_keys_source: 0,
        null_keys_target: 0,
      },
      columnMismatches: resolved.columns.map(() => 0),
      samples: [],
      duplicates: { source: [], target: [] },
      sent: { source: { rows_sent: 0, bytes_sent: 0 }, target: { rows_sent: 0, bytes_sent: 0 } },
    };
  } else {
    context.progress('fetching-diff', `fetching the rows of ${buckets.differing.length} differing buckets`);
    // Over a slow link (refined ranges) each query is a round trip: narrow ranges go more to a query.
    const perQuery = refined && sourceRelation.bucketing.kind === 'range' ? rangesPerSlowQuery(sourceRelation.bucketing.width) : RANGES_PER_QUERY;
    outcome = await runStreamMerge(
      context,
      {
        source: bucketConditions(sourceRelation, buckets.differing, buckets.keyRanges.source, perQuery),
        target: bucketConditions(targetRelation, buckets.differing, buckets.keyRanges.target, perQuery),
      },
      { phase: 'fetching-diff', totalRows: buckets.differingRows.source + buckets.differingRows.target },
    );
  }
  lap('fetch_diff');
  // The fetched rows are exactly the non-NULL-key rows of the differing buckets; add everything else.
  const stats = outcome.stats;
  stats.source_rows = buckets.totals.source;
  stats.target_rows = buckets.totals.target;
  stats.matched_rows += buckets.matchedRows;
  stats.null_keys_source = buckets.nullKeys.source;
  stats.null_keys_target = buckets.nullKeys.target;
  outcome.sent.source.rows_sent += buckets.summaries.source;
  outcome.sent.source.bytes_sent += buckets.bytes.source;
  outcome.sent.target.rows_sent += buckets.summaries.target;
  outcome.sent.target.bytes_sent += buckets.bytes.target;
  return { ...outcome, replanned: { kind: 'checksum', reason }, phases };
}
