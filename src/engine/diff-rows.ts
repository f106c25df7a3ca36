/**
 * Turning canonical texts into the document's diff rows: key columns by their source names,
 * `_diff_type`, and `source_<col>`/`target_<col>` values that keep their meaning in JSON. A kept
 * row holds at most 64 Ki characters of a value (cut-values.ts), so the rows a comparison keeps
 * take memory by their number, never by the size of the values they differ in.
 */
import { compareCodePoints, compareFloats, compareIntegers, reportedValue } from '../sql/canonical.js';
import { cutRow, keyForSentence } from './cut-values.js';
import type { CutValue, DiffRow, DiffType, ReportedValue } from './model.js';
import type { ResolvedColumns } from './resolve.js';

export interface CanonicalRow {
  /** Canonical key texts. */
  keys: (string | null)[];
  /** Canonical compared values (what is compared). */
  values: (string | null)[];
  /** Values as shown (differs from `values` for text compared case-insensitively). */
  shown: (string | null)[];
}

/** A value as the driver gave it, as canonical text (canonical texts are strings; MySQL's binary ones come as Buffers). */
export function text(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (Buffer.isBuffer(value)) return value.toString('utf8');
  return String(value);
}

/** A duplicated key's values for its reason sentence (a long text key cut to a sentence's length). */
export function keyValues(resolved: ResolvedColumns, keys: readonly (string | null)[]): ReportedValue[] {
  return resolved.keys.map((pair, i) => keyForSentence(reportedValue(pair.family, keys[i] ?? null)));
}

/** Orders canonical key texts as the plans read them (integers and floats by value, text by code point). */
export type KeyComparator = (a: readonly (string | null)[], b: readonly (string | null)[]) => number;

export function keyComparator(resolved: ResolvedColumns): KeyComparator {
  const parts = resolved.keys.map((pair) => (pair.family === 'integer' ? compareIntegers : pair.family === 'float' ? compareFloats : compareCodePoints));
  return (a, b) => {
    for (let i = 0; i < parts.length; i++) {
      const order = parts[i]!(a[i] ?? '', b[i] ?? '');
      if (order !== 0) return order;
    }
    return 0;
  };
}

/** A row offered for keeping: its key, the row (its long values cut), what was cut, and the (column, pattern) slots it shows. */
interface Candidate {
  keys: readonly (string | null)[];
  row: DiffRow;
  cuts: Omit<CutValue, 'row'>[];
}

/**
 * The differing rows a comparison keeps (at most `max`), their long values cut. Samples that teach:
 * first one example of every (column, pattern) slot offered (the row with the smallest key showing
 * it), then the rows with the smallest keys; kept in key order. Rows may be offered in any order
 * (the join diff's arrive unordered): the result depends on the rows only, so every plan keeps the
 * same ones. Holds at most `max` rows plus one per slot.
 */
export class KeptRows {
  /** The `max` smallest keys offered so far: a max-heap on the key. */
  private readonly smallest: Candidate[] = [];
  private readonly examples = new Map<string, Candidate>();

  constructor(
    private readonly resolved: ResolvedColumns,
    private readonly max: number,
    private readonly compareKeys: KeyComparator,
  ) {}

  /** True when a row with this key showing these slots would be kept now (so a caller need not build it). */
  wants(keys: readonly (string | null)[], slots: readonly string[] = []): boolean {
    if (this.max <= 0) return false;
    const largest = this.smallest[0];
    if (this.smallest.length < this.max || (largest && this.compareKeys(keys, largest.keys) < 0)) return true;
    return slots.some((slot) => {
      const example = this.examples.get(slot);
      return !example || this.compareKeys(keys, example.keys) < 0;
    });
  }

  /** Offers a changed row (`differing`: its counted columns, `slots`: their patterns) or a row on one side only. */
  offer(type: DiffType, source: CanonicalRow | undefined, target: CanonicalRow | undefined, differing?: readonly number[], slots: readonly string[] = []): void {
    const keys = (source ?? target)?.keys ?? [];
    if (!this.wants(keys, slots)) return;
    const cut = cutRow(diffRow(this.resolved, type, source, target, differing), 0);
    const candidate: Candidate = { keys, row: cut.row, cuts: cut.cuts.map(({ row: _row, ...rest }) => rest) };
    if (this.smallest.length < this.max) this.push(candidate);
    else if (this.compareKeys(keys, this.smallest[0]!.keys) < 0) this.replaceLargest(candidate);
    for (const slot of slots) {
      const example = this.examples.get(slot);
      if (!example || this.compareKeys(keys, example.keys) < 0) this.examples.set(slot, candidate);
    }
  }

  /** The kept rows in key order, their cut values, and the index of each slot's example among them. */
  finish(): { rows: DiffRow[]; cuts: CutValue[]; examples: Map<string, number> } {
    const byKey = (x: Candidate, y: Candidate) => this.compareKeys(x.keys, y.keys);
    const chosen = new Set([...new Set(this.examples.values())].sort(byKey).slice(0, this.max));
    for (const candidate of [...this.smallest].sort(byKey)) {
      if (chosen.size >= this.max) break;
      chosen.add(candidate);
    }
    const ordered = [...chosen].sort(byKey);
    const index = new Map(ordered.map((candidate, i) => [candidate, i]));
    const examples = new Map<string, number>();
    for (const [slot, candidate] of this.examples) {
      const at = index.get(candidate);
      if (at !== undefined) examples.set(slot, at);
    }
    return { rows: ordered.map((c) => c.row), cuts: ordered.flatMap((c, i) => c.cuts.map((cut) => ({ row: i, ...cut }))), examples };
  }

  private push(candidate: Candidate): void {
    const heap = this.smallest;
    heap.push(candidate);
    for (let i = heap.length - 1; i > 0; ) {
      const parent = (i - 1) >> 1;
      if (this.compareKeys(heap[i]!.keys, heap[parent]!.keys) <= 0) break;
      [heap[i], heap[parent]] = [heap[parent]!, heap[i]!];
      i = parent;
    }
  }

  private replaceLargest(candidate: Candidate): void {
    const heap = this.smallest;
    heap[0] = candidate;
    for (let i = 0; ; ) {
      const [left, right] = [2 * i + 1, 2 * i + 2];
      let largest = i;
      if (left < heap.length && this.compareKeys(heap[left]!.keys, heap[largest]!.keys) > 0) largest = left;
      if (right < heap.length && this.compareKeys(heap[right]!.keys, heap[largest]!.keys) > 0) largest = right;
      if (largest === i) return;
      [heap[i], heap[largest]] = [heap[largest]!, heap[i]!];
      i = largest;
    }
  }
}

/** A changed row (`differing` = indexes of the differing columns) or a row on one side only, its values whole. */
export function diffRow(
  resolved: ResolvedColumns,
  type: DiffType,
  source: CanonicalRow | undefined,
  target: CanonicalRow | undefined,
  differing?: readonly number[],
): DiffRow {
  const row: DiffRow = { _diff_type: type };
  const keys = (source ?? target)?.keys ?? [];
  resolved.keys.forEach((pair, i) => {
    row[pair.source] = reportedValue(pair.family, keys[i] ?? null);
  });
  const columns = differing ?? resolved.columns.map((_, j) => j);
  for (const j of columns) {
    const pair = resolved.columns[j];
    if (!pair) continue;
    if (source) row[`source_${pair.source}`] = reportedValue(pair.family, source.shown[j] ?? null);
    if (target) row[`target_${pair.source}`] = reportedValue(pair.family, target.shown[j] ?? null);
  }
  return row;
}
