/** What every diff algorithm (join, stream, checksum) hands back, before reasons and status are added. */
import type { Logger } from '../shared/logger.js';
import type { ComparisonDefinition, ComparisonStats, CutValue, DiffRow, PatternCount, PlanInfo, ProgressEvent, ReportedValue } from './model.js';
import type { ResolvedColumns } from './resolve.js';
import type { Side } from './sides.js';

export interface DiffContext {
  definition: ComparisonDefinition;
  source: Side;
  target: Side;
  resolved: ResolvedColumns;
  logger: Logger;
  signal?: AbortSignal;
  /** A phase begins (with what it does), or advances (`work`: rows or key ranges done of the total). */
  progress: (phase: ProgressEvent['phase'], message?: string, work?: ProgressEvent['work']) => void;
}

/** A key value occurring more than once on one side. */
export interface DuplicateKey {
  key: ReportedValue[];
  count: number;
}

export interface DiffOutcome {
  stats: ComparisonStats;
  /** Per compared column (same order as `resolved.columns`): rows with matching keys whose values differ (accepted kinds not counted). */
  columnMismatches: number[];
  /**
   * Per compared column: the kinds of its differences over every changed row read (column-patterns.ts),
   * accepted ones apart; absent where a plan reads no changed row (quick comparisons).
   */
  columnPatterns?: { patterns: PatternCount[]; accepted: PatternCount[] }[];
  /** At most maxDiffRows differing rows, ordered by key. */
  samples: DiffRow[];
  /** The samples' values kept only in part (over 64 Ki characters), by sample index; absent or empty: none. */
  cuts?: CutValue[];
  /** A few duplicated keys per side (for the reasons); the total is in stats. */
  duplicates: { source: DuplicateKey[]; target: DuplicateKey[] };
  /** What each database sent us. */
  sent: { source: { rows_sent: number; bytes_sent: number }; target: { rows_sent: number; bytes_sent: number } };
  /** Set when the planned algorithm decided at run time to run another (or says more precisely why it ran). */
  replanned?: { kind: PlanInfo['kind']; reason: string };
  /** A sentence added to the plan's reason: how the planned algorithm chose to run. */
  detail?: string;
  /** Where the time went, in milliseconds per phase (PlanInfo.phases_ms). */
  phases?: Record<string, number>;
}

/** A query's options carrying the comparison's AbortSignal, when it has one. */
export const queryOptions = (context: Pick<DiffContext, 'signal'>): { signal?: AbortSignal } => (context.signal ? { signal: context.signal } : {});

/** How many duplicated keys per side are named in the reasons. */
export const DUPLICATE_EXAMPLES = 5;

/** Rough size of what a driver sent for some rows (the JSON length of their values). */
export function sizeOfRows(rows: readonly Record<string, unknown>[]): number {
  let bytes = 0;
  for (const row of rows) {
    for (const key in row) {
      const value = row[key];
      bytes += (value === null || value === undefined ? 0 : typeof value === 'string' ? value.length : String(value).length) + 1;
    }
  }
  return bytes;
}

/** One way to diff a comparison (join, checksum, streaming merge); the planner runs the first that applies. */
export interface DiffStrategy {
  kind: PlanInfo['kind'];
  /** The reason sentence when this strategy applies to the comparison, else undefined. */
  applies(context: DiffContext): string | undefined;
  run(context: DiffContext): Promise<DiffOutcome>;
}
