/**
 * Why a column's values differ, in words every renderer shares: each kind of difference
 * (engine/value-patterns.ts) has a human name ("rounding (to 2 decimals)", "scaled ×100", "sign
 * flipped"), a column's kinds read as one phrase with their counts ("31 rounding (to 2 decimals), 29
 * scaled ×100, 23 sign flipped"), accepted kinds apart, and api mode's "(from 100 of 3,000 rows)".
 * Which kept row shows each kind is picked here too. Plain text, unescaped: each renderer escapes it
 * for its medium (markdown, terminal). Pure.
 */
import type { ColumnMismatch, ComparisonResult, DiffDetails, PatternCount, PatternKind } from '../engine/model.js';
import { count, plural } from './format.js';

/** Each kind's name when it has no detail, and how its detail reads when it has one. */
const KIND_WORDS: Record<PatternKind, { name: string; detail?: (detail: string) => string }> = {
  null_vs_empty: { name: 'NULL vs empty' },
  null: { name: 'NULL on one side' },
  case: { name: 'letter case' },
  whitespace: { name: 'whitespace' },
  leading_zeros: { name: 'leading zeros' },
  encoding: { name: 'encoding (mojibake)' },
  truncated_text: { name: 'truncated text' },
  sign: { name: 'sign flipped' },
  scale: { name: 'scaled', detail: (d) => `scaled ${d}` },
  rounding: { name: 'rounding', detail: (d) => `rounding (${d})` },
  time_shift: { name: 'time shift', detail: (d) => `shifted ${d}` },
  time_precision: { name: 'time precision' },
  boolean_spelling: { name: 'boolean spelling' },
  other: { name: 'other' },
};

/** A detail longer than this (only a hostile or broken service sends one) is cut. */
const MAX_DETAIL_CHARS = 40;

/** How many patterns of one column a phrase lists before "+N more (M rows)", unless told. */
export const PATTERNS_LISTED = 5;

/** A kind in words: "rounding (to 2 decimals)", "scaled ×100"; a kind this version does not know, as sent ("new kind (x)"). */
export function patternName(pattern: Pick<PatternCount, 'kind' | 'detail'>): string {
  const words = Object.hasOwn(KIND_WORDS, pattern.kind) ? KIND_WORDS[pattern.kind as PatternKind] : undefined;
  const detail = pattern.detail === undefined || pattern.detail === '' ? undefined : Array.from(pattern.detail).slice(0, MAX_DETAIL_CHARS).join('');
  if (!words) return `${pattern.kind.replace(/_/g, ' ')}${detail === undefined ? '' : ` (${detail})`}`;
  if (detail === undefined) return words.name;
  return words.detail ? words.detail(detail) : `${words.name} (${detail})`;
}

/** One pattern with its count: "31 rounding (to 2 decimals)". */
export function patternCountPhrase(pattern: Pick<PatternCount, 'kind' | 'rows' | 'detail'>): string {
  return `${count(pattern.rows)} ${patternName(pattern)}`;
}

/** "31 rounding (to 2 decimals), 29 scaled ×100, +3 more (7 rows)": at most `limit` patterns named. */
export function patternsPhrase(patterns: readonly PatternCount[], limit: number = PATTERNS_LISTED): string {
  const shown = patterns.slice(0, Math.max(1, limit)).map(patternCountPhrase);
  const rest = patterns.slice(Math.max(1, limit));
  if (rest.length > 0) shown.push(`+${count(rest.length)} more (${plural(rest.reduce((sum, p) => sum + p.rows, 0), 'row')})`);
  return shown.join(', ');
}

/** One column's why in parts: its counted patterns, its accepted ones, and over how many rows they were found. */
export interface ColumnWhy {
  /** "31 rounding (to 2 decimals), 23 sign flipped"; '' when the column has no patterns. */
  counted: string;
  /** "12 time precision"; '' when nothing was accepted. */
  accepted: string;
  /** "from 100 of 3,000 rows" (api mode, computed from the kept rows); '' when over every row. */
  from: string;
}

export function columnWhy(column: ColumnMismatch, limit: number = PATTERNS_LISTED): ColumnWhy {
  const from = column.patterns_from;
  return {
    counted: column.patterns && column.patterns.length > 0 ? patternsPhrase(column.patterns, limit) : '',
    accepted: column.accepted && column.accepted.length > 0 ? patternsPhrase(column.accepted, limit) : '',
    from: from ? `from ${count(from.rows)} of ${plural(from.of, 'row')}` : '',
  };
}

/** The whole why on one line: "31 rounding (to 2 decimals), 23 sign flipped; accepted: 12 time precision (from 100 of 3,000 rows)". */
export function columnWhyLine(column: ColumnMismatch, limit: number = PATTERNS_LISTED): string {
  const why = columnWhy(column, limit);
  const parts = [why.counted, why.accepted ? `accepted: ${why.accepted}` : ''].filter((part) => part !== '');
  if (parts.length === 0) return '';
  return `${parts.join('; ')}${why.from ? ` (${why.from})` : ''}`;
}

/** The columns a report lists: those with differences that count, and those whose differences were all accepted. */
export function reportedColumns(diff: Pick<DiffDetails, 'mismatched_columns_mapping'> | undefined): [string, ColumnMismatch][] {
  return Object.entries(diff?.mismatched_columns_mapping ?? {}).filter(([, m]) => m.mismatch_count > 0 || (m.accepted?.length ?? 0) > 0);
}

/** Whether any column of a comparison says why it differs. */
export function hasPatterns(c: Pick<ComparisonResult, 'diff'>): boolean {
  return Object.values(c.diff?.mismatched_columns_mapping ?? {}).some((m) => (m.patterns?.length ?? 0) > 0 || (m.accepted?.length ?? 0) > 0);
}

/** "40 rows differ only in accepted kinds"; '' when no row was accepted. */
export function acceptedRowsPhrase(c: Pick<ComparisonResult, 'stats'>): string {
  const rows = c.stats?.accepted_rows ?? 0;
  return rows > 0 ? `${plural(rows, 'row')} ${rows === 1 ? 'differs' : 'differ'} only in accepted kinds` : '';
}

/** One pattern of one column with the kept row that shows it. */
export interface PatternExample {
  column: string;
  pattern: PatternCount;
  accepted: boolean;
  /** Index in diff_rows. */
  row: number;
}

/**
 * Every pattern with a usable example (a kept, changed row holding both values of the column), and
 * the first `limit` of them: each column's most frequent pattern first, then each column's second,
 * and so on (so a short list still covers every column), accepted patterns after the counted ones;
 * the picked ones come back in column order, most rows first.
 */
export function patternExamples(diff: DiffDetails | undefined, limit: number): { picked: PatternExample[]; available: number } {
  if (!diff) return { picked: [], available: 0 };
  const usable = (column: string, pattern: PatternCount): boolean => {
    const index = pattern.example;
    if (index === undefined || !Number.isInteger(index) || index < 0 || index >= diff.diff_rows.length) return false;
    const row = diff.diff_rows[index];
    return row?._diff_type === 'changed' && `source_${column}` in row && `target_${column}` in row;
  };
  const columns = Object.entries(diff.mismatched_columns_mapping);
  const perColumn = columns.map(([column, m], order) => ({
    order,
    examples: [
      ...(m.patterns ?? []).map((pattern) => ({ column, pattern, accepted: false })),
      ...(m.accepted ?? []).map((pattern) => ({ column, pattern, accepted: true })),
    ]
      .filter((e) => usable(column, e.pattern))
      .map((e, rank) => ({ ...e, row: e.pattern.example as number, rank, order })),
  }));
  const all = perColumn.flatMap((c) => c.examples);
  const byRank = [...all].sort((a, b) => Number(a.accepted) - Number(b.accepted) || a.rank - b.rank || a.order - b.order);
  const picked = byRank
    .slice(0, Math.max(0, limit))
    .sort((a, b) => a.order - b.order || a.rank - b.rank)
    .map(({ column, pattern, accepted, row }) => ({ column, pattern, accepted, row }));
  return { picked, available: all.length };
}

/** The most examples any of the comparisons has to show, up to `cap` (0: no comparison has one). */
export function mostExamples(comparisons: readonly Pick<ComparisonResult, 'diff'>[], cap: number): number {
  return Math.min(cap, Math.max(0, ...comparisons.map((c) => patternExamples(c.diff, 0).available)));
}
