/**
 * Why a service job's values differ, per column, in the shape local mode reports
 * (`mismatched_columns_mapping[<column>].patterns`): the service's own patterns when it sends them
 * (ours does, computed over every differing row), else computed here from the differing rows it sent,
 * each changed value pair classified by the engine's rules (engine/value-patterns.ts), with
 * `patterns_from` saying over how many of the column's differing rows when that is not all of them.
 * Pure.
 */
import type { ColumnMismatch, PatternCount } from '../engine/model.js';
import { classifyPair, PATTERN_KINDS, type PairPattern } from '../engine/value-patterns.js';
import type { DiffDetailsData } from './contract.js';
import { pairFamilies, valueText } from './value-families.js';

type ServicePatterns = NonNullable<DiffDetailsData['mismatched_columns_mapping'][string]['patterns']>;

/** Most rows first; ties in PATTERN_KINDS order (a kind this version does not know after them), then by detail (code points). */
export function sortPatterns(patterns: readonly PatternCount[]): PatternCount[] {
  const rank = (kind: string) => {
    const at = (PATTERN_KINDS as readonly string[]).indexOf(kind);
    return at < 0 ? PATTERN_KINDS.length : at;
  };
  const byDetail = (x: PatternCount, y: PatternCount) => ((x.detail ?? '') < (y.detail ?? '') ? -1 : (x.detail ?? '') > (y.detail ?? '') ? 1 : 0);
  return [...patterns].sort((x, y) => y.rows - x.rows || rank(x.kind) - rank(y.kind) || byDetail(x, y));
}

/**
 * A service's pattern counts as the reports read them: the fields we know, most rows first, and an
 * `example` only when it is the index of a row the service sent (a service may keep fewer rows than
 * it counted, e.g. under its byte bound).
 */
export function keptPatterns(patterns: ServicePatterns, rowCount: number): PatternCount[] {
  return sortPatterns(
    patterns.map(({ kind, rows, detail, example }) => ({
      kind,
      rows,
      ...(detail !== undefined ? { detail } : {}),
      ...(typeof example === 'number' && Number.isSafeInteger(example) && example >= 0 && example < rowCount ? { example } : {}),
    })),
  );
}

/**
 * A value masked for a viewer without `read:sensitive` (sensitive/mask.ts: `*** ·3fa2c1`,
 * `j***@e***.com ·3fa2c1`, `**** 4242 ·3fa2c1`): its kind cannot be told, so its pair is not classified.
 */
const MASKED = /^(?:\*\*\*|[^@\s]\*\*\*@[^@\s]\*\*\*\.[a-z]{2,}|\*\*\*\* \d{4}) ·[0-9a-f]{6}$/i;

export interface RowPatternOptions {
  /** The comparison's case_sensitive: when false, a pair equal but for letter case was not counted by the service. */
  caseSensitive: boolean;
}

/**
 * One column's patterns from the changed rows the service sent: every pair it shows differing,
 * classified, except values it cut (`cut_values`) or masked, whose kind cannot be told. undefined when
 * no pair could be classified, or when the rows show more differing values than the column's
 * mismatch_count (then they do not say what the service counted, and no pattern is claimed).
 */
export function patternsFromRows(data: DiffDetailsData, column: string, options: RowPatternOptions): Pick<ColumnMismatch, 'patterns' | 'patterns_from'> | undefined {
  const of = data.mismatched_columns_mapping[column]?.mismatch_count ?? 0;
  if (of <= 0) return undefined;
  const sourceField = `source_${column}`;
  const targetField = `target_${column}`;
  const cut = new Set((data.cut_values ?? []).map((value) => `${value.row}\u0000${value.field}`));
  const comparedAs = data.compared_as?.[column];
  const foldsCase = comparedAs !== undefined ? comparedAs.endsWith(', case-insensitive') : !options.caseSensitive;
  const counts = new Map<string, PatternCount>();
  let classified = 0;
  data.diff_rows.forEach((row, index) => {
    if ((row._diff_type ?? 'changed') !== 'changed' || !(sourceField in row) || !(targetField in row)) return;
    const source = row[sourceField];
    const target = row[targetField];
    if (JSON.stringify(source) === JSON.stringify(target)) return; // a row listing every column: not a difference
    if (foldsCase && typeof source === 'string' && typeof target === 'string' && source.toLowerCase() === target.toLowerCase()) return;
    if (cut.has(`${index}\u0000${sourceField}`) || cut.has(`${index}\u0000${targetField}`)) return;
    if ([source, target].some((value) => typeof value === 'string' && MASKED.test(value))) return;
    const pattern: PairPattern = classifyPair(valueText(source), valueText(target), pairFamilies(source, target, comparedAs));
    classified++;
    const slot = `${pattern.kind}\u0000${pattern.detail ?? ''}`;
    const count = counts.get(slot);
    if (count) count.rows++;
    else counts.set(slot, { kind: pattern.kind, rows: 1, ...(pattern.detail !== undefined ? { detail: pattern.detail } : {}), example: index });
  });
  if (classified === 0 || classified > of) return undefined;
  return { patterns: sortPatterns([...counts.values()]), ...(classified < of ? { patterns_from: { rows: classified, of } } : {}) };
}
