/**
 * Turning canonical texts into the document's diff rows: key columns by their source names,
 * `_diff_type`, and `source_<col>`/`target_<col>` values that keep their meaning in JSON. A kept
 * row holds at most 64 Ki characters of a value (cut-values.ts), so the rows a comparison keeps
 * take memory by their number, never by the size of the values they differ in.
 */
import { reportedValue } from '../sql/canonical.js';
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

/** The differing rows a comparison keeps (at most `max`), their long values cut, and what was cut. */
export class KeptRows {
  readonly rows: DiffRow[] = [];
  readonly cuts: CutValue[] = [];

  constructor(
    private readonly resolved: ResolvedColumns,
    private readonly max = Number.POSITIVE_INFINITY,
  ) {}

  get full(): boolean {
    return this.rows.length >= this.max;
  }

  /** Keeps the row unless `max` rows are kept already. */
  keep(type: DiffType, source: CanonicalRow | undefined, target: CanonicalRow | undefined, differing?: readonly number[]): void {
    if (this.full) return;
    const { row, cuts } = cutRow(diffRow(this.resolved, type, source, target, differing), this.rows.length);
    this.rows.push(row);
    this.cuts.push(...cuts);
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
