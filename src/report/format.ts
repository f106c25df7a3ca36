/** Number, duration and label formatting shared by the renderers; pure and locale-independent. */
import type { ComparisonResult, ComparisonStatus, RunResult, SideLabel } from '../engine/model.js';
import { thousands } from '../shared/thousands.js';

/** 1234567 → "1,234,567" (fixed en-US grouping, so snapshots do not depend on the machine). */
export function count(value: number | undefined): string {
  if (value === undefined || !Number.isFinite(value)) return '–';
  return thousands(value);
}

/** Seconds → "850 ms", "3.2 s", "2 min 5 s", "1 h 2 min". */
export function duration(seconds: number | undefined): string {
  if (seconds === undefined || !Number.isFinite(seconds) || seconds < 0) return '–';
  if (seconds < 1) return `${Math.round(seconds * 1000)} ms`;
  if (seconds < 60) return `${(Math.round(seconds * 10) / 10).toFixed(1)} s`;
  const total = Math.round(seconds);
  if (total < 3600) return `${Math.floor(total / 60)} min ${total % 60} s`;
  return `${Math.floor(total / 3600)} h ${Math.floor((total % 3600) / 60)} min`;
}

/** The run's wall-clock time in seconds, from its timestamps (undefined when unreadable). */
export function runSeconds(run: RunResult): number | undefined {
  const ms = Date.parse(run.finished_at) - Date.parse(run.started_at);
  return Number.isFinite(ms) && ms >= 0 ? ms / 1000 : undefined;
}

export const STATUS_ICON: Record<ComparisonStatus, string> = { match: '✅', mismatch: '❌', error: '💥' };

/** "✅ match", "✅ match (within thresholds)", "❌ mismatch", "💥 error". */
export function statusLabel(c: Pick<ComparisonResult, 'status' | 'within_thresholds'>): string {
  if (c.status === 'match' && c.within_thresholds) return '✅ match (within thresholds)';
  return `${STATUS_ICON[c.status]} ${c.status}`;
}

/**
 * True for a quick comparison (local mode): only the row counts were computed, so matched, changed
 * and only-in counts are unknown (the stats hold 0 for them) and are shown as "–", never as 0.
 */
export function countsOnly(c: Pick<ComparisonResult, 'plan'>): boolean {
  return c.plan?.kind === 'quick';
}

/** A row count that was not computed for a counts-only result: "–", as for any unknown count. */
export const NOT_COMPUTED = '–';

/** Differing rows in all: the engine's total, else the sum of the stats. */
export function differingRows(c: ComparisonResult): number {
  if (c.diff) return c.diff.diff_rows_total;
  const s = c.stats;
  return s ? s.mismatched_rows + s.only_in_source + s.only_in_target : 0;
}

/** "1 row" / "2 rows". */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${count(n)} ${n === 1 ? one : many}`;
}

/** Comparisons in report order of importance: errors, then mismatches (most differing rows first), then the rest. */
export function byImportance<T extends ComparisonResult>(comparisons: readonly T[]): T[] {
  const rank: Record<ComparisonStatus, number> = { error: 0, mismatch: 1, match: 2 };
  return comparisons
    .map((c, index) => ({ c, index }))
    .sort((a, b) => rank[a.c.status] - rank[b.c.status] || differingRows(b.c) - differingRows(a.c) || a.index - b.index)
    .map(({ c }) => c);
}

/** Human label of an error kind, e.g. "connection error". */
export function errorKindLabel(kind: string): string {
  return kind === 'internal' ? 'internal error (a datacompare bug)' : `${kind} error`;
}

/** Rows compared by key: matched + changed + only in source + only in target (undefined for counts only or no stats). */
export function rowsCompared(c: ComparisonResult): number | undefined {
  const s = c.stats;
  if (!s || countsOnly(c)) return undefined;
  return s.matched_rows + s.mismatched_rows + s.only_in_source + s.only_in_target;
}

/**
 * The match percentage, matched ÷ rows compared, one decimal ("85.0%"), rounded down so a single
 * differing row never reads 100.0%; "–" when unknown (an error, counts only, no rows).
 */
export function matchPercent(c: ComparisonResult): string {
  const compared = rowsCompared(c);
  if (compared === undefined || compared === 0 || c.status === 'error' || !c.stats) return '–';
  const percent = Math.floor((c.stats.matched_rows / compared) * 1000) / 10;
  return `${percent.toFixed(1)}%`;
}

/** One side as people name it: "warehouse · sales.orders", "warehouse · query". */
export function sideText(side: SideLabel): string {
  return `${side.datasource} · ${side.query ? 'query' : (side.dataset ?? '')}`;
}

/** Where a comparison's kept rows are and how to keep more, in the reader's terms (`code` in backticks). */
export interface RowsHint {
  /** Where every kept row of the comparison is, e.g. "`orders.csv` in the report directory (input `report-dir`)". */
  at?: (c: ComparisonResult) => string | undefined;
  /** The setting that keeps more rows, e.g. "`max_diff_rows` in the spec (or the `max-diff-rows` input)". */
  more?: string;
  /** Said when `at` names no place, e.g. "`--csv DIR` or `--json FILE` writes every kept row". */
  nowhere?: string;
}

/**
 * The sentence under a sample of `shown` rows: how many differ, how many were kept and where they
 * are, and what to set to keep more ("Showing 20 of 300 differing rows. 100 of 300 are in
 * `orders.csv` …; set `max_diff_rows` … above 100 to keep more."). Backticks mark code.
 */
export function rowsNote(c: ComparisonResult, shown: number, hint: RowsHint = {}): string {
  const kept = c.diff?.diff_rows.length ?? 0;
  const total = Math.max(c.diff?.diff_rows_total ?? kept, kept);
  const at = hint.at?.(c);
  if (shown >= total) return total === 1 ? 'The only differing row.' : `All ${count(total)} differing rows.`;
  const head = `Showing ${count(shown)} of ${plural(total, 'differing row')}.`;
  const nowhere = !at && hint.nowhere ? ` ${hint.nowhere.charAt(0).toUpperCase()}${hint.nowhere.slice(1)}.` : '';
  if (kept >= total) return at ? `${head} Every row is in ${at}.` : `${head}${nowhere}`;
  const where =
    shown >= kept
      ? `The comparison kept ${kept === 1 ? 'only this one' : `these ${count(kept)}`}${at ? ` (also in ${at})` : ''}`
      : at ? `${count(kept)} of ${count(total)} are in ${at}` : `The comparison kept ${count(kept)} of ${count(total)}`;
  return `${head} ${where}${hint.more ? `; set ${hint.more} above ${count(kept)} to keep more` : ''}.${nowhere}`;
}
