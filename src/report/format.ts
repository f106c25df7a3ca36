/** Number, duration and label formatting shared by the renderers; pure and locale-independent. */
import type { ComparisonResult, ComparisonStatus, CutValue, DiffDetails, RunResult, SideLabel } from '../engine/model.js';
import { MAX_KEPT_CHARS } from '../engine/cut-values.js';
import { advance } from '../shared/characters.js';
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
  // Rows left out for the service's bound on stored bytes: keeping more rows would not help.
  const bytes = c.diff?.diff_rows_max_bytes;
  const more = bytes ? `; ${storedBytesLimit(bytes)}` : hint.more ? `; set ${hint.more} above ${count(kept)} to keep more` : '';
  return `${head} ${where}${more}.${nowhere}`;
}

/** "the service stores at most 16 MiB of differing rows per job". */
export function storedBytesLimit(bytes: number): string {
  const size = bytes % (1024 * 1024) === 0 ? `${count(bytes / (1024 * 1024))} MiB` : `${count(bytes)} bytes`;
  return `the service stores at most ${size} of differing rows per job`;
}

/** A diff's cut values by row and field (a row's value kept only in part; engine/cut-values.ts). */
export function cutValuesOf(diff: Pick<DiffDetails, 'cut_values'> | undefined): (row: number, field: string) => CutValue | undefined {
  const byCell = new Map((diff?.cut_values ?? []).map((cut) => [`${cut.row}\u0000${cut.field}`, cut]));
  return (row, field) => byCell.get(`${row}\u0000${field}`);
}

/**
 * The sentence under sample rows holding values kept only in part (the first `shown` rows): which,
 * how long each whole value is and its SHA-256, so a reader can check a value of their own against
 * it ("Values longer than 65,536 characters are kept in part … `source_payload` where `id` = 7:
 * 30,000,000 characters, SHA-256 `9f86…`."). Backticks mark code; undefined when nothing was cut.
 */
export function cutValuesNote(c: ComparisonResult, shown: number, listed = 3): string | undefined {
  const cuts = (c.diff?.cut_values ?? []).filter((cut) => cut.row < shown);
  if (cuts.length === 0) return undefined;
  const keys = c.diff?.primary_key_columns ?? [];
  const where = (cut: CutValue): string => {
    const row = c.diff?.diff_rows[cut.row];
    const value = (k: string) => String(row?.[k] ?? 'NULL').replace(/`/g, "'");
    const key = keys.map((k) => `\`${k}\` = ${value(k).slice(0, advance(value(k), 0, 40))}`).join(', ');
    return `\`${cut.field}\`${key ? ` where ${key}` : ''}: ${plural(cut.length, 'character')}, SHA-256 \`${cut.sha256}\``;
  };
  const more = cuts.length > listed ? `; and ${count(cuts.length - listed)} more (all in the JSON results)` : '';
  return `Values longer than ${count(MAX_KEPT_CHARS)} characters are kept in part, around their first difference: ${cuts.slice(0, listed).map(where).join('; ')}${more}.`;
}
