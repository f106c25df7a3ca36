/**
 * Why each column's values differ, over every changed row a plan reads (the streaming merge, the
 * checksum plan's fetched buckets, every differing row of the join diff): each differing value pair
 * gets its kind (value-patterns.ts), counted per column. A pair of a kind the comparison accepts
 * (`accept`) counts as equal: a row whose every difference is accepted is a matched row (and an
 * accepted one), and its accepted pairs are reported apart from the column's mismatches.
 */
import type { CanonicalRow } from './diff-rows.js';
import type { PatternCount } from './model.js';
import type { ResolvedColumns } from './resolve.js';
import { classifyPair, PATTERN_KINDS, type PairPattern } from './value-patterns.js';
import { compareCodePoints } from '../sql/canonical.js';
import type { TypeFamily } from '../sql/types.js';

/** A column's pattern as one text: which column, which kind, which detail (the identity of an example slot). */
export function patternSlot(column: number, pattern: PairPattern): string {
  return `${column}\u0000${pattern.kind}\u0000${pattern.detail ?? ''}`;
}

/** What one changed row's differences come to. */
export interface RowPatterns {
  /** The differing columns whose difference counts (not of an accepted kind), in column order. */
  counted: number[];
  /** Their example slots (patternSlot), in the same order. */
  slots: string[];
}

interface Tallied {
  pattern: PairPattern;
  rows: number;
}

/** Per column, the kinds of its differences and how many rows each; accepted kinds apart. */
export class PatternTally {
  private readonly counted: Map<string, Tallied>[];
  private readonly accepted: Map<string, Tallied>[];
  private readonly families: { source: TypeFamily; target: TypeFamily }[];
  private readonly accept: ReadonlySet<string>;
  /** Changed rows whose every difference was of an accepted kind (counted as matched). */
  acceptedRows = 0;

  constructor(resolved: ResolvedColumns, accept: readonly string[] = []) {
    this.families = resolved.columns.map((pair) => ({ source: pair.sourceType.family, target: pair.targetType.family }));
    this.counted = resolved.columns.map(() => new Map());
    this.accepted = resolved.columns.map(() => new Map());
    this.accept = new Set(accept);
  }

  /**
   * One changed row, `differing` its differing columns: each pair's kind tallied; the columns whose
   * difference counts come back (none: every difference accepted, and the row counted as accepted).
   */
  changedRow(source: CanonicalRow, target: CanonicalRow, differing: readonly number[]): RowPatterns {
    const counted: number[] = [];
    const slots: string[] = [];
    for (const j of differing) {
      const pattern = classifyPair(source.values[j] ?? null, target.values[j] ?? null, this.families[j]!);
      const accepted = this.accept.has(pattern.kind);
      const slot = patternSlot(j, pattern);
      const tally = (accepted ? this.accepted : this.counted)[j]!;
      const entry = tally.get(slot);
      if (entry) entry.rows++;
      else tally.set(slot, { pattern, rows: 1 });
      if (!accepted) {
        counted.push(j);
        slots.push(slot);
      }
    }
    if (counted.length === 0 && differing.length > 0) this.acceptedRows++;
    return { counted, slots };
  }

  /** True when the comparison accepts some kinds (its rows accepted are then reported, 0 included). */
  get accepting(): boolean {
    return this.accept.size > 0;
  }

  /**
   * Column j's counted patterns (with the kept row showing each, from `examples`) and accepted ones:
   * most rows first, then in PATTERN_KINDS order, then by detail in code-point order.
   */
  column(j: number, examples: ReadonlyMap<string, number>): { patterns: PatternCount[]; accepted: PatternCount[] } {
    const list = (tally: Map<string, Tallied>, withExamples: boolean): PatternCount[] =>
      [...tally.entries()]
        .sort(([, x], [, y]) => y.rows - x.rows || PATTERN_KINDS.indexOf(x.pattern.kind) - PATTERN_KINDS.indexOf(y.pattern.kind) || compareCodePoints(x.pattern.detail ?? '', y.pattern.detail ?? ''))
        .map(([slot, { pattern, rows }]) => {
          const example = withExamples ? examples.get(slot) : undefined;
          return { kind: pattern.kind, rows, ...(pattern.detail !== undefined ? { detail: pattern.detail } : {}), ...(example !== undefined ? { example } : {}) };
        });
    return { patterns: list(this.counted[j]!, true), accepted: list(this.accepted[j]!, false) };
  }
}
