/**
 * The streaming merge: each side is read ordered by its canonical key and the two ordered streams
 * are merged in JavaScript, in bounded memory (a key group at a time, plus the samples).
 *
 * Order: string keys are ordered bytewise in SQL (`COLLATE "C"`, `CAST … AS BINARY`, SQLite's
 * BINARY) and compared here by code point, which is the same order; integer keys are ordered
 * numerically on both sides (every engine agrees on that, and it can use the key's index). Float
 * keys too: their texts differ between engines (`1e+20`, `1e20`), so they are finished by
 * canonicalFloat here and compared as numbers, which keeps the order the databases sent.
 * Duplicate and NULL keys are treated as in the join diff (see join-diff-sql.ts): a key occurring
 * more than once on either side is counted, reported and left out of the matching.
 */
import { canonicalFloat, canonicalJson, withinTolerance } from '../sql/canonical.js';
import { ConfigurationError, InternalError } from '../shared/errors.js';
import { linkedAbort } from '../shared/abort.js';
import type { ResultRow } from '../dialects/types.js';
import type { DiffRow } from './model.js';
import { DUPLICATE_EXAMPLES, type DiffContext, type DiffOutcome, type DuplicateKey } from './diff-outcome.js';
import { PatternTally } from './column-patterns.js';
import { KeptRows, keyComparator, keyValues, text, type CanonicalRow, type KeyComparator } from './diff-rows.js';
import { finishedInJs, type ResolvedColumns } from './resolve.js';
import { canonicalCollection, canonicalSetText, collectionOptions } from '../sql/collection.js';
import { selectItems, sideSelect } from './side-select.js';
import { unpack, type PackedColumns } from './packed-values.js';
import { columnRef, dynamicTyping, fromClause, withCondition, type Side } from './sides.js';

/** The ORDER BY a side is streamed in; exported so tests can pin it. */
export function streamSql(side: Side, resolved: ResolvedColumns, typing: { dynamicTyping: boolean }): string {
  const compiler = side.connection.compiler;
  const select = sideSelect(side, resolved, 'b', { pack: true, ...typing });
  const items = selectItems(select).map((item) => `${item.sql} AS ${compiler.quoteIdentifier(item.alias)}`);
  const order = resolved.keys.map((pair, i) => {
    if (pair.family === 'integer' || pair.family === 'float') return columnRef(side, 'b', side.role === 'source' ? pair.source : pair.target);
    return compiler.binaryText(select.keys[i]?.sql ?? 'NULL');
  });
  return `SELECT ${items.join(', ')} ${fromClause(side, 'b')} ORDER BY ${order.join(', ')}`;
}

/**
 * A row as read: the packed columns' values are filled in (`complete`) only when the row is reported
 * or its packed text differs from the other side's (see packed-values.ts).
 */
interface StreamRow extends CanonicalRow {
  /** The packed columns' text, or undefined when nothing is packed. */
  packed: string | undefined;
  /** True once the packed values are decoded into `values` and `shown` is filled in. */
  complete: boolean;
}

interface Group {
  row: StreamRow;
  count: number;
}

interface SideReader {
  rows: number;
  nullKeys: number;
  bytes: number;
  duplicates: number;
  examples: DuplicateKey[];
  /** The next group of rows with one key: at once when the buffered rows hold it, else a promise. */
  next(): Group | undefined | Promise<Group | undefined>;
  close(): Promise<void>;
}

/**
 * Parts of each side read one after the other instead of the whole side, as extra WHERE conditions:
 * each part's rows must all come before the next part's in key order (ascending, disjoint key ranges).
 */
export interface SideParts {
  source: readonly string[];
  target: readonly string[];
}

/** How the merge reports its progress: in which phase (with what message), and how many rows are expected in all. */
export interface MergeProgress {
  phase: 'comparing' | 'fetching-diff';
  message?: string;
  totalRows?: number;
}

export async function runStreamMerge(context: DiffContext, parts?: SideParts, shown: MergeProgress = { phase: 'comparing', message: 'streaming both sides ordered by key' }): Promise<DiffOutcome> {
  const { resolved, definition } = context;
  // A known total is shown from the start: the first rows may take a while (a filtered scan finding the differing buckets).
  context.progress(shown.phase, shown.message, shown.totalRows ? { done: 0, total: shown.totalRows, unit: 'rows' } : undefined);
  const compareKeys = keyComparator(resolved);
  // A failure on one side stops the other side's query instead of waiting for it (closing waits for it).
  const failure = linkedAbort(context.signal);
  const local = { ...context, signal: failure.signal };
  // Which columns are packed, and how, is the same on both sides (it depends on the column pairs only).
  const typing = { dynamicTyping: dynamicTyping(context.source, context.target) };
  const packing = sideSelect(context.source, resolved, 'b', { pack: true, ...typing }).packed;
  const complete = rowCompleter(packing);
  const source = reader(local, context.source, compareKeys, parts?.source, { packing, typing });
  const target = reader(local, context.target, compareKeys, parts?.target, { packing, typing });
  const stats = { matched_rows: 0, mismatched_rows: 0, only_in_source: 0, only_in_target: 0 };
  const columnMismatches = resolved.columns.map(() => 0);
  const samples = new KeptRows(resolved, definition.maxDiffRows, compareKeys);
  const tally = new PatternTally(resolved, definition.accept);
  const keep = (type: DiffRow['_diff_type'], a: StreamRow | undefined, b: StreamRow | undefined) => {
    if (samples.wants((a ?? b)!.keys)) samples.offer(type, a && complete(a), b && complete(b));
  };
  // Rows read so far, reported each time a side waits for its next batch.
  const advanced = () => context.progress(shown.phase, undefined, { done: source.rows + target.rows, ...(shown.totalRows ? { total: shown.totalRows } : {}), unit: 'rows' });
  try {
    // Both sides' queries start at once (a side's query is sent when its first row is asked for).
    let [a, b] = await Promise.all([source.next(), target.next()]);
    while (a || b) {
      const order = !a ? 1 : !b ? -1 : compareKeys(a.row.keys, b.row.keys);
      if (order < 0 && a) {
        if (a.count === 1) {
          stats.only_in_source++;
          keep('only_in_source', a.row, undefined);
        }
        const next = source.next();
        if (next instanceof Promise) advanced();
        a = next instanceof Promise ? await next : next;
      } else if (order > 0 && b) {
        if (b.count === 1) {
          stats.only_in_target++;
          keep('only_in_target', undefined, b.row);
        }
        const next = target.next();
        if (next instanceof Promise) advanced();
        b = next instanceof Promise ? await next : next;
      } else if (a && b) {
        if (a.count === 1 && b.count === 1) {
          // Equal packed texts: only the columns not packed can differ (the packed values are left undecoded).
          const differing = a.row.packed === b.row.packed ? differingColumns(resolved, a.row, b.row) : differingColumns(resolved, complete(a.row), complete(b.row));
          if (differing.length === 0) stats.matched_rows++;
          else {
            const [full, other] = [complete(a.row), complete(b.row)];
            const { counted, slots } = tally.changedRow(full, other, differing);
            if (counted.length === 0) stats.matched_rows++;
            else {
              stats.mismatched_rows++;
              for (const j of counted) columnMismatches[j] = (columnMismatches[j] ?? 0) + 1;
              samples.offer('changed', full, other, counted, slots);
            }
          }
        }
        const [nextA, nextB] = [source.next(), target.next()];
        if (nextA instanceof Promise || nextB instanceof Promise) {
          advanced();
          [a, b] = await Promise.all([nextA, nextB]);
        } else [a, b] = [nextA, nextB];
      }
    }
  } catch (error) {
    failure.abort(error);
    throw error;
  } finally {
    await Promise.all([source.close(), target.close()]);
  }
  const kept = samples.finish();
  return {
    stats: {
      source_rows: source.rows,
      target_rows: target.rows,
      ...stats,
      duplicate_keys_source: source.duplicates,
      duplicate_keys_target: target.duplicates,
      null_keys_source: source.nullKeys,
      null_keys_target: target.nullKeys,
      ...(tally.accepting ? { accepted_rows: tally.acceptedRows } : {}),
    },
    columnMismatches,
    columnPatterns: resolved.columns.map((_, j) => tally.column(j, kept.examples)),
    samples: kept.rows,
    cuts: kept.cuts,
    duplicates: { source: source.examples, target: target.examples },
    sent: {
      source: { rows_sent: source.rows, bytes_sent: source.bytes },
      target: { rows_sent: target.rows, bytes_sent: target.bytes },
    },
  };
}

const NONE: readonly number[] = Object.freeze([]);

/** Decodes a row's packed values into `values` and fills in `shown`, once; returns the row. */
function rowCompleter(packing: PackedColumns | undefined): (row: StreamRow) => StreamRow {
  return (row) => {
    if (row.complete) return row;
    if (packing && row.packed !== undefined) unpack(row.packed, packing, row.values);
    if (row.shown !== row.values) for (let j = 0; j < row.shown.length; j++) if (row.shown[j] === undefined) row.shown[j] = row.values[j] ?? null;
    row.complete = true;
    return row;
  };
}

/**
 * The indexes of the columns whose values differ (a shared empty array for equal rows: nothing
 * allocated). Values not decoded (undefined on both sides: equal packed texts) are equal.
 */
function differingColumns(resolved: ResolvedColumns, a: CanonicalRow, b: CanonicalRow): readonly number[] {
  let out: number[] | undefined;
  const columns = resolved.columns;
  for (let j = 0; j < columns.length; j++) {
    const x = a.values[j] ?? null;
    const y = b.values[j] ?? null;
    if (x === y) continue;
    const tolerance = columns[j]!.tolerance;
    if (x !== null && y !== null && tolerance !== undefined && withinTolerance(x, y, tolerance)) continue;
    (out ??= []).push(j);
  }
  return out ?? NONE;
}

/** The side's rows ordered by key, in the driver's batches: one query, or one per part, read one after the other. */
async function* sideBatches(context: DiffContext, side: Side, parts: readonly string[] | undefined, typing: { dynamicTyping: boolean }): AsyncGenerator<ResultRow[]> {
  const options = context.signal ? { signal: context.signal } : {};
  const { connection } = side;
  for (const part of parts ?? [undefined]) {
    const sql = streamSql(part === undefined ? side : withCondition(side, part), context.resolved, typing);
    if (connection.streamBatches) {
      yield* connection.streamBatches(sql, [], options);
      continue;
    }
    let batch: ResultRow[] = [];
    for await (const row of connection.stream(sql, [], options)) {
      batch.push(row);
      if (batch.length === 1000) {
        yield batch;
        batch = [];
      }
    }
    if (batch.length > 0) yield batch;
  }
}

/** The buffer is empty and the side's query has more rows: wait for the next batch. */
const NEED_MORE = Symbol('need more rows');

/** Reads one side as groups of rows with equal keys; NULL keys are counted and skipped. */
function reader(
  context: DiffContext,
  side: Side,
  compareKeys: KeyComparator,
  parts: readonly string[] | undefined,
  { packing, typing }: { packing: PackedColumns | undefined; typing: { dynamicTyping: boolean } },
): SideReader {
  const { resolved } = context;
  const iterator = sideBatches(context, side, parts, typing)[Symbol.asyncIterator]();
  const postNormalize = resolved.columns.map((pair) => {
    if (pair.family === 'float') return (value: string) => canonicalFloat(value, pair.normalize.singlePrecision === true);
    if (pair.family === 'json') return canonicalJson;
    if (!finishedInJs(pair, side.role, side.connection.compiler)) return undefined;
    const options = collectionOptions(pair.family, pair.normalize);
    const own = side.role === 'source' ? pair.sourceType : pair.targetType;
    return own.family === 'set' ? (value: string) => canonicalSetText(value, options) : (value: string) => canonicalCollection(value, options);
  });
  // Per row only loops over precomputed names and functions: no closures, no property names built.
  const valueNames = resolved.columns.map((_, j) => `v${j}`);
  const shownNames = resolved.columns.map((_, j) => `w${j}`);
  const keyNames = resolved.keys.map((_, i) => `k${i}`);
  const keyFamilies = resolved.keys.map((pair) => pair.family);
  const floatKeysSingle = resolved.keys.map((pair) => pair.normalize.singlePrecision === true);
  const hasShown = resolved.columns.some((pair) => !pair.normalize.caseSensitive);
  const packedColumns = new Set(packing?.columns);
  const readNames = valueNames.map((name, j) => (packedColumns.has(j) ? undefined : name));
  const toRow = (r: ResultRow): StreamRow => {
    const values: (string | null)[] = new Array(valueNames.length);
    for (let j = 0; j < readNames.length; j++) {
      const name = readNames[j];
      if (name === undefined) continue;
      const value = text(r[name]);
      const post = postNormalize[j];
      values[j] = post && value !== null ? post(value) : value;
    }
    const keys: (string | null)[] = new Array(keyNames.length);
    for (let i = 0; i < keyNames.length; i++) {
      const key = text(r[keyNames[i]!]);
      const family = keyFamilies[i];
      if (key === null) keys[i] = null;
      else if (family === 'float') keys[i] = canonicalFloat(key, floatKeysSingle[i]!);
      else if (family === 'integer' && !INTEGER_TEXT.test(key)) {
        const pair = resolved.keys[i]!;
        throw notAnInteger(side, side.role === 'source' ? pair.source : pair.target, key);
      } else keys[i] = key;
    }
    const packed = packing ? (text(r.p) ?? '') : undefined;
    // Shown values not selected (undefined) are the compared ones, filled in when the row is completed.
    const shown = hasShown ? shownNames.map((name) => (r[name] !== undefined ? text(r[name]) : undefined)) : values;
    return { keys, values, shown: shown as (string | null)[], packed, complete: packed === undefined && !hasShown };
  };
  const sizeOf = (row: StreamRow) => {
    let bytes = row.packed === undefined ? 0 : row.packed.length + 1;
    for (const value of row.keys) bytes += value === null ? 1 : value.length + 1;
    for (const value of row.values) if (value !== undefined) bytes += value === null ? 1 : value.length + 1;
    return bytes;
  };
  const hasNullKey = (row: StreamRow) => {
    for (const key of row.keys) if (key === null) return true;
    return false;
  };
  let buffer: ResultRow[] = [];
  let at = 0;
  let done = false;
  let previous: StreamRow | undefined;
  /** The group being read: its first row and how many rows share its key so far. */
  let group: Group | undefined;

  /** The next non-NULL-key row from the buffer (converted and checked), undefined at the end, or NEED_MORE. */
  const pull = (): StreamRow | undefined | typeof NEED_MORE => {
    for (;;) {
      if (at >= buffer.length) return done ? undefined : NEED_MORE;
      const raw = buffer[at++]!;
      state.rows++;
      const row = toRow(raw);
      state.bytes += sizeOf(row);
      if (hasNullKey(row)) {
        state.nullKeys++;
        continue;
      }
      if (previous && compareKeys(previous.keys, row.keys) > 0) {
        throw new InternalError(
          `The ${side.role} rows did not arrive in key order (${JSON.stringify(previous.keys)} before ${JSON.stringify(row.keys)}); the streaming merge cannot continue.`,
        );
      }
      previous = row;
      return row;
    }
  };

  const finish = (finished: Group): Group => {
    if (finished.count > 1) {
      state.duplicates++;
      if (state.examples.length < DUPLICATE_EXAMPLES) state.examples.push({ key: keyValues(resolved, finished.row.keys), count: finished.count });
    }
    return finished;
  };

  /** The next whole group from what is buffered, or NEED_MORE (nothing is lost: the group in progress is kept). */
  const step = (): Group | undefined | typeof NEED_MORE => {
    for (;;) {
      const row = pull();
      if (row === NEED_MORE) return NEED_MORE;
      if (row === undefined) {
        const last = group;
        group = undefined;
        return last && finish(last);
      }
      if (!group) {
        group = { row, count: 1 };
        continue;
      }
      if (compareKeys(group.row.keys, row.keys) === 0) {
        group.count++;
        continue;
      }
      const complete = group;
      group = { row, count: 1 };
      return finish(complete);
    }
  };

  const refill = async (): Promise<void> => {
    buffer = []; // the batch read is let go before the next one arrives
    const next = await iterator.next();
    if (next.done) done = true;
    else {
      buffer = next.value;
      at = 0;
    }
  };

  const state: SideReader = {
    rows: 0,
    nullKeys: 0,
    bytes: 0,
    duplicates: 0,
    examples: [],
    next() {
      const ready = step();
      if (ready !== NEED_MORE) return ready;
      return (async () => {
        for (;;) {
          await refill();
          const group = step();
          if (group !== NEED_MORE) return group;
        }
      })();
    },
    async close() {
      await iterator.return?.(undefined);
    },
  };
  return state;
}

const INTEGER_TEXT = /^-?\d+$/;

/** SQLite keeps any value in any column: an INTEGER key may hold '2.5' or 'abc', which cannot be ordered as an integer. */
function notAnInteger(side: Side, column: string, key: string): ConfigurationError {
  return new ConfigurationError(
    `Key column \`${column}\` of ${side.label} holds ${JSON.stringify(key.length > 40 ? `${key.slice(0, 40)}…` : key)}, which is not an integer although the column is declared as one.`,
    { hint: `Fix the value, or compare the key as text: make the ${side.role} a query selecting CAST(${column} AS TEXT) AS ${column}.` },
  );
}
