/**
 * Masking a comparison's values before any report sees them: counts and which columns differ stay,
 * values of sensitive columns become a shape and a short keyed hash (`j***@e***.com ·3fa2c1`,
 * `**** 4242 ·9b01de`), so a reviewer sees that something changed and that two cells of one side are
 * equal or not, but not the value. Equal values mask equally within one side of a run; NULL stays
 * NULL. The hash is keyed per run (HMAC), so a masked e-mail cannot be looked up in a dictionary, and
 * per side, so no masked value of one side can be matched to one of the other: where one side's values
 * are written by whoever reads the report (a query of guesses), equal tags across sides would confirm
 * a guess. (A changed row lists only the columns that differ, so nothing is lost within a row.)
 */
import { createHmac, randomBytes } from 'node:crypto';
import type { ComparisonResult, DiffRow, ReportedValue, RunResult } from '../engine/model.js';
import { detectSensitive, type Detection } from './detect.js';

/** `auto`: detected by name and values; a list: exactly those columns (source names); `none`: nothing masked. */
export type SensitivePolicy = 'auto' | 'none' | string[];

/** The side a masked value comes from: its tag is keyed for that side alone. */
export type MaskedSide = 'source' | 'target';

export class Masker {
  private readonly keys: Record<MaskedSide, Buffer>;
  constructor(key: Buffer = randomBytes(32)) {
    const derive = (side: MaskedSide) => createHmac('sha256', key).update(`datacompare mask ${side}`).digest();
    this.keys = { source: derive('source'), target: derive('target') };
  }

  private tag(text: string, side: MaskedSide): string {
    return createHmac('sha256', this.keys[side]).update(text).digest('hex').slice(0, 6);
  }

  /** One value of `side` masked: NULL stays NULL, the rest keeps a shape and a short hash keyed for that side. */
  value(value: ReportedValue, side: MaskedSide): ReportedValue {
    if (value === null) return null;
    const text = String(value);
    const tag = this.tag(text, side);
    const email = /^([^@\s])[^@\s]*@([^@\s.])[^@\s]*(\.[a-z]{2,})$/i.exec(text);
    if (email) return `${email[1]}***@${email[2]}***${email[3]} ·${tag}`;
    const digits = text.replace(/[\s-]/g, '');
    if (/^\d{12,19}$/.test(digits)) return `**** ${digits.slice(-4)} ·${tag}`;
    return `*** ·${tag}`;
  }
}

export interface SensitiveColumnOptions {
  /** Columns already known to be sensitive (a catalog's marks), by source name, with why. */
  marked?: ReadonlyMap<string, string>;
}

/**
 * The source columns of a comparison to mask, with why (for the log): by policy, the catalog's marks,
 * the names (and their neighbours) and the values at hand: one differing value is enough.
 */
export function sensitiveColumns(result: ComparisonResult, policy: SensitivePolicy, options: SensitiveColumnOptions = {}): Map<string, string> {
  const chosen = new Map<string, string>();
  if (policy === 'none' || !result.diff) return chosen;
  const columns = Object.keys(result.diff.column_mapping);
  if (Array.isArray(policy)) {
    const wanted = new Set(policy.map((c) => c.toLowerCase()));
    for (const column of columns) if (wanted.has(column.toLowerCase())) chosen.set(column, 'listed in `sensitive`');
    return chosen;
  }
  const neighbours = [...columns, ...Object.values(result.diff.column_mapping)];
  for (const column of columns) {
    const mark = options.marked?.get(column) ?? options.marked?.get(result.diff.column_mapping[column] ?? column);
    if (mark) {
      chosen.set(column, mark);
      continue;
    }
    const sample = result.diff.diff_rows.flatMap((row) => [row[column], row[`source_${column}`], row[`target_${column}`]]).filter((v) => v !== undefined);
    const found: Detection = detectSensitive(column, sample, { minValues: 1, neighbours: neighbours.filter((name) => name !== column) });
    if (found.sensitive) chosen.set(column, found.reason);
  }
  return chosen;
}

/** The comparison with the values of `columns` masked in its rows and its messages; counts unchanged. */
export function maskComparison(result: ComparisonResult, columns: ReadonlySet<string>, masker: Masker): ComparisonResult {
  if (columns.size === 0 || !result.diff) return result;
  const diff_rows = result.diff.diff_rows.map((row) => {
    const masked: Record<string, ReportedValue> = { ...row };
    // a key column's value is the row's side's (both sides', equal, in a changed row)
    const keySide: MaskedSide = row._diff_type === 'only_in_target' ? 'target' : 'source';
    for (const column of columns) {
      for (const [field, side] of [[column, keySide], [`source_${column}`, 'source'], [`target_${column}`, 'target']] as const) {
        if (field in masked) masked[field] = masker.value(masked[field] as ReportedValue, side);
      }
    }
    return masked as DiffRow;
  });
  const keyMasked = result.diff.primary_key_columns.some((k) => columns.has(k));
  // A masked value's whole length and SHA-256 would let a dictionary find it: its cut entry goes too.
  const maskedFields = new Set([...columns].flatMap((column) => [column, `source_${column}`, `target_${column}`]));
  const { cut_values, ...rest } = result.diff;
  const kept = cut_values?.filter((cut) => !maskedFields.has(cut.field));
  const masked: ComparisonResult = { ...result, diff: { ...rest, diff_rows, ...(kept && kept.length > 0 ? { cut_values: kept } : {}) } };
  if (keyMasked && result.result) {
    // "Key (email) = 'a@b.com' occurs twice": the value of a sensitive key is not repeated in a sentence.
    masked.result = { ...result.result, diff_reasons: result.result.diff_reasons.map((reason) => reason.replace(/^(Key \([^)]*\) = ).*?( occurs )/, '$1(masked)$2')) };
  }
  return masked;
}

/** Every comparison of the run masked by its policy (by comparison name; default auto). */
export function maskRun(run: RunResult, policyOf: (comparison: string) => SensitivePolicy, masker = new Masker()): { run: RunResult; masked: Map<string, Map<string, string>> } {
  const masked = new Map<string, Map<string, string>>();
  const comparisons = run.comparisons.map((c) => {
    const columns = sensitiveColumns(c, policyOf(c.name));
    if (columns.size > 0) masked.set(c.name, columns);
    return { ...maskComparison(c, new Set(columns.keys()), masker), ...(c.location ? { location: c.location } : {}) };
  });
  return { run: { ...run, comparisons }, masked };
}

/** Each comparison's policy from its definition (`sensitive:` in the spec; default auto). */
export function policiesOf(definitions: readonly { name: string; sensitive?: SensitivePolicy }[]): (comparison: string) => SensitivePolicy {
  const byName = new Map(definitions.map((d) => [d.name, d.sensitive ?? 'auto']));
  return (comparison) => byName.get(comparison) ?? 'auto';
}
