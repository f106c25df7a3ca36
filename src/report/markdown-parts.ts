/**
 * The markdown pieces the job summary and the PR comment share: the status line, the status table,
 * and a comparison's details (reasons, per-column mismatches and why, examples per kind of difference,
 * sample rows, schema differences, chart).
 * Every data value passes through escape.ts. Pure.
 */
import type { ComparisonResult, CutValue, DiffRow, RunResult } from '../engine/model.js';
import { pieInit, PIE_COLORS } from './chart-theme.js';
import { cellValue, changedCell, codeSpan, htmlText, inlineText, MAX_VALUE_CHARS, mermaidLabel, nameText, safeUrl, sentenceText, UNCHANGED_CELL } from './escape.js';
import { whyCell, examplesSection } from './markdown-patterns.js';
import { acceptedRowsPhrase, hasPatterns, reportedColumns } from './patterns.js';
import { byImportance, count, countsOnly, cutValuesNote, cutValuesOf, differingRows, duration, errorKindLabel, matchPercent, NOT_COMPUTED, plural, rowsCompared, rowsNote, runSeconds, sideText, STATUS_ICON, statusLabel, storedBytesLimit, type RowsHint } from './format.js';

export interface DetailOptions {
  /** Sample rows shown per comparison (0 = none). */
  maxRows: number;
  /** Examples of kinds of difference shown per comparison, one kept row each (0 = none). */
  examples: number;
  /** Include a mermaid chart where it helps. */
  chart: boolean;
  /** Where the kept rows are and how to keep more (see rowsNote). */
  rows?: RowsHint;
  /** Show how long each comparison took (default true; the PR comment says no, to stay stable across reruns). */
  timings?: boolean;
}

const DIFF_TYPE_LABEL: Record<DiffRow['_diff_type'], string> = {
  changed: 'changed',
  only_in_source: 'only in source',
  only_in_target: 'only in target',
};

/** One sentence on the whole run, e.g. "❌ 2 of 3 comparisons differ, 💥 1 could not run." */
export function statusLine(run: RunResult, options: { timings?: boolean } = {}): string {
  const total = run.comparisons.length;
  const errors = run.comparisons.filter((c) => c.status === 'error').length;
  const mismatches = run.comparisons.filter((c) => c.status === 'mismatch').length;
  const tail = options.timings === false ? ` (${run.mode} mode)` : ` (${run.mode} mode, ${duration(runSeconds(run))})`;
  if (total === 0) return `⚪ No comparisons were run${tail}.`;
  if (errors === 0 && mismatches === 0) {
    const within = run.comparisons.filter((c) => c.within_thresholds).length;
    const accepting = run.comparisons.filter((c) => (c.stats?.accepted_rows ?? 0) > 0).length;
    const note = `${within > 0 ? `; ${within} differ within their thresholds` : ''}${accepting > 0 ? `; ${accepting} ${accepting === 1 ? 'has' : 'have'} accepted differences` : ''}`;
    return `${STATUS_ICON.match} **${total === 1 ? 'The comparison matches' : `All ${total} comparisons match`}**${note}${tail}.`;
  }
  const parts: string[] = [];
  if (mismatches > 0) parts.push(`${STATUS_ICON.mismatch} **${mismatches} of ${total} ${total === 1 ? 'comparison' : 'comparisons'} ${mismatches === 1 ? 'differs' : 'differ'}**`);
  if (errors > 0) parts.push(`${STATUS_ICON.error} **${errors} of ${total} could not run**`);
  return `${parts.join(', ')}${tail}.`;
}

function differingColumns(c: ComparisonResult, max = 4): string {
  const names = Object.entries(c.diff?.mismatched_columns_mapping ?? {})
    .filter(([, v]) => v.mismatch_count > 0)
    .map(([name]) => codeSpan(name, { table: true }));
  if (names.length === 0) return '';
  return names.length > max ? `${names.slice(0, max).join(', ')} +${names.length - max} more` : names.join(', ');
}

function jobLink(c: ComparisonResult): string {
  const service = c.service;
  if (!service) return '';
  const label = service.run_id !== undefined ? `run ${service.run_id}` : 'job';
  const url = safeUrl(service.url);
  return url ? `[${label}](${url})` : label;
}

/** Where a comparison's data came from: "legacy_pg · public.orders → warehouse · sales.orders". */
export function sidesLine(c: ComparisonResult): string {
  if (!c.sides) return '';
  return `${inlineText(sideText(c.sides.source), 120)} → ${inlineText(sideText(c.sides.target), 120)}`;
}

function comparisonCell(c: ComparisonResult, api: boolean): string {
  const under = [sidesLine(c), api ? jobLink(c) : ''].filter((part) => part !== '').join(' · ');
  return under ? `${nameText(c.name)}<br><sub>${under}</sub>` : nameText(c.name);
}

/**
 * The status table, at most 8 columns so a pull-request comment shows it whole: what was compared
 * (the two sides under the name), status, match percentage and counts; the plan and timings are in
 * the details. `limit` cuts it (most important comparisons first) only when a budget demands it.
 */
export function statusTable(run: RunResult, options: { limit?: number } = {}): string {
  const api = run.mode === 'api';
  const head = ['Comparison', 'Status', 'Match', 'Source rows', 'Target rows', 'Changed', 'Only in source / target', 'Columns that differ'];
  const align = ['---', '---', '--:', '--:', '--:', '--:', '--:', '---'];
  const ordered = options.limit === undefined ? run.comparisons : byImportance(run.comparisons).slice(0, options.limit);
  const rows = ordered.map((c) => {
    const s = c.stats;
    const known = s !== undefined && !countsOnly(c);
    return [
      comparisonCell(c, api),
      statusLabel(c),
      matchPercent(c),
      count(s?.source_rows),
      count(s?.target_rows),
      known ? count(s.mismatched_rows) : NOT_COMPUTED,
      known ? `${count(s.only_in_source)} / ${count(s.only_in_target)}` : NOT_COMPUTED,
      c.status === 'error' ? errorKindLabel(c.error?.kind ?? 'internal') : differingColumns(c),
    ];
  });
  const lines = [head, align, ...rows].map((cells) => `| ${cells.join(' | ')} |`);
  const hidden = run.comparisons.length - ordered.length;
  if (hidden > 0) lines.push('', `… and ${plural(hidden, 'more comparison')} (all in results.json).`);
  return lines.join('\n');
}

/** What was compared and how: sides, match share, plan (and time, unless `timings` is false). */
function comparedSection(c: ComparisonResult, timings: boolean): string {
  const lines: string[] = [];
  const sides = sidesLine(c);
  const compared = rowsCompared(c);
  const share = compared !== undefined && compared > 0 && c.status !== 'error' ? `${matchPercent(c)} match (${count(c.stats?.matched_rows)} of ${plural(compared, 'row')} compared by key)` : '';
  if (sides || share) lines.push(`**Compared:** ${[sides, share].filter((part) => part !== '').join(' · ')}`);
  const how: string[] = [];
  if (c.plan) how.push(`plan ${inlineText(c.plan.kind, 20)}: ${sentenceText(c.plan.reason, 300)}`);
  if (timings && c.result) how.push(`took ${duration(c.result.time_taken)}`);
  if (c.service) {
    const link = jobLink(c);
    if (link) how.push(link);
  }
  if (how.length > 0) lines.push(`<sub>${how.join(' · ')}</sub>`);
  return lines.join('<br>\n');
}

/** "9 differing rows (5 changed, 3 only in source, 1 only in target)"; "row counts only: 10 source rows, 9 target rows". */
export function differenceSummary(c: ComparisonResult): string {
  const s = c.stats;
  if (countsOnly(c)) return `row counts only: ${plural(s?.source_rows ?? 0, 'source row')}, ${plural(s?.target_rows ?? 0, 'target row')}`;
  const total = differingRows(c);
  const parts = s ? [`${count(s.mismatched_rows)} changed`, `${count(s.only_in_source)} only in source`, `${count(s.only_in_target)} only in target`] : [];
  return `${plural(total, 'differing row')}${parts.length ? ` (${parts.join(', ')})` : ''}`;
}

function summaryText(c: ComparisonResult): string {
  if (c.status === 'error') return `${STATUS_ICON.error} ${errorKindLabel(c.error?.kind ?? 'internal')}`;
  const schema = c.schema_diff && schemaDiffCount(c) > 0 ? `, ${plural(schemaDiffCount(c), 'schema difference')}` : '';
  const within = c.within_thresholds ? ' — within thresholds' : '';
  const accepted = acceptedRowsPhrase(c);
  return `${STATUS_ICON[c.status]} ${differenceSummary(c)}${schema}${accepted ? `; ${accepted}` : ''}${within}`;
}

function schemaDiffCount(c: ComparisonResult): number {
  const d = c.schema_diff;
  return d ? d.only_in_source.length + d.only_in_target.length + d.type_mismatches.length : 0;
}

/** Per column: rows that differ, why (when the result says: kinds of difference, accepted ones), details. */
function columnTable(c: ComparisonResult): string {
  const mapping = c.diff?.column_mapping ?? {};
  const entries = reportedColumns(c.diff);
  if (entries.length === 0) return '';
  const why = hasPatterns(c);
  const rows = entries.map(([name, v]) => {
    const target = mapping[name];
    const column = target !== undefined && target !== name ? `${codeSpan(name, { table: true })} → ${codeSpan(target, { table: true })}` : codeSpan(name, { table: true });
    const cells = [column, count(v.mismatch_count), ...(why ? [whyCell(v)] : []), sentenceText(v.details, 300, { table: true })];
    return `| ${cells.join(' | ')} |`;
  });
  const head = why ? ['| Column | Rows that differ | Why | Details |', '|---|--:|---|---|'] : ['| Column | Rows that differ | Details |', '|---|--:|---|'];
  return ['**Columns that differ**', '', ...head, ...rows].join('\n');
}

/** Columns of the sample table: keys, then every compared column that appears in a row, differing ones first. */
function sampleColumns(c: ComparisonResult, rows: readonly DiffRow[]): { keys: string[]; columns: string[] } {
  const keys = c.diff?.primary_key_columns ?? [];
  const seen = new Set<string>();
  const add = (name: string): void => void seen.add(name);
  Object.keys(c.diff?.mismatched_columns_mapping ?? {}).forEach(add);
  const found = new Set<string>();
  for (const row of rows) {
    for (const field of Object.keys(row)) {
      if (field === '_diff_type' || keys.includes(field)) continue;
      const match = /^(source|target)_(.+)$/.exec(field);
      if (match?.[2] !== undefined) found.add(match[2]);
    }
  }
  const columns = [...seen].filter((name) => found.has(name));
  for (const name of found) if (!columns.includes(name)) columns.push(name);
  return { keys, columns };
}

function sampleCell(row: DiffRow, column: string, cutOf: (field: string) => CutValue | undefined): string {
  const hasSource = `source_${column}` in row;
  const hasTarget = `target_${column}` in row;
  const source = row[`source_${column}`];
  const target = row[`target_${column}`];
  const sourceCut = cutOf(`source_${column}`);
  const targetCut = cutOf(`target_${column}`);
  if (row._diff_type === 'changed' && hasSource && hasTarget) {
    return changedCell(source, target, MAX_VALUE_CHARS, { ...(sourceCut ? { source: sourceCut } : {}), ...(targetCut ? { target: targetCut } : {}) });
  }
  if (row._diff_type === 'changed' && !hasSource && !hasTarget) return UNCHANGED_CELL;
  if (hasSource) return cellValue(source, MAX_VALUE_CHARS, sourceCut);
  if (hasTarget) return cellValue(target, MAX_VALUE_CHARS, targetCut);
  return '';
}

function sampleTable(c: ComparisonResult, maxRows: number, hint: RowsHint = {}): string {
  const all = c.diff?.diff_rows ?? [];
  if (maxRows <= 0 || all.length === 0) return '';
  const rows = all.slice(0, maxRows);
  const { keys, columns } = sampleColumns(c, rows);
  const head = [...keys.map((k) => `🔑 ${codeSpan(k, { table: true })}`), 'Difference', ...columns.map((name) => codeSpan(name, { table: true }))];
  const lines = [`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`];
  const cutOf = cutValuesOf(c.diff);
  rows.forEach((row, index) => {
    const cut = (field: string) => cutOf(index, field);
    const cells = [...keys.map((k) => cellValue(row[k], MAX_VALUE_CHARS, cut(k))), DIFF_TYPE_LABEL[row._diff_type] ?? inlineText(String(row._diff_type)), ...columns.map((col) => sampleCell(row, col, cut))];
    lines.push(`| ${cells.join(' | ')} |`);
  });
  const note = sentenceText(rowsNote(c, rows.length, hint), 1_000);
  const cuts = cutValuesNote(c, rows.length);
  return ['**Sample rows** (source → target)', '', ...lines, '', note, ...(cuts ? ['', sentenceText(cuts, 2_000)] : [])].join('\n');
}

function schemaSection(c: ComparisonResult): string {
  const d = c.schema_diff;
  if (!d || schemaDiffCount(c) === 0) return '';
  const lines = [
    ...d.only_in_source.map((col) => `- Only in source: ${codeSpan(col.name)} (${codeSpan(col.type, { max: 80 })})`),
    ...d.only_in_target.map((col) => `- Only in target: ${codeSpan(col.name)} (${codeSpan(col.type, { max: 80 })})`),
    ...d.type_mismatches.map(
      (m) => `- Type differs: ${codeSpan(m.source_column)} ${codeSpan(m.source_type, { max: 80 })} → ${codeSpan(m.target_column)} ${codeSpan(m.target_type, { max: 80 })}`,
    ),
  ];
  return ['**Schema differences**', '', ...lines].join('\n');
}

function chart(c: ComparisonResult): string {
  const s = c.stats;
  if (!s || c.status !== 'mismatch' || countsOnly(c)) return '';
  const differing = s.mismatched_rows + s.only_in_source + s.only_in_target;
  const rows = Math.max(s.source_rows, s.target_rows, 1);
  // A pie only says something when the differences are a visible slice of the rows.
  if (differing === 0 || differing / rows < 0.01) return '';
  const slices: [string, number, string][] = [
    ['Matched', s.matched_rows, PIE_COLORS.matched],
    ['Changed', s.mismatched_rows, PIE_COLORS.changed],
    ['Only in source', s.only_in_source, PIE_COLORS.onlyInSource],
    ['Only in target', s.only_in_target, PIE_COLORS.onlyInTarget],
  ];
  const shown = slices.filter(([, n]) => n > 0);
  const body = shown.map(([label, n]) => `    "${label}" : ${n}`);
  return ['```mermaid', pieInit(shown.map(([, , color]) => color)), `pie showData title ${mermaidLabel(c.name)}`, ...body, '```'].join('\n');
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function errorSection(c: ComparisonResult): string {
  if (!c.error) return '';
  const lines = [`**${capitalise(errorKindLabel(c.error.kind))}:** ${sentenceText(c.error.message, 2_000)}`];
  if (c.error.hint) lines.push('', `**What to do:** ${sentenceText(c.error.hint, 1_000)}`);
  return lines.join('\n');
}

function reasonsSection(c: ComparisonResult): string {
  const reasons = [...(c.result?.diff_reasons ?? []), ...(c.notes ?? []).map((note) => `Note: ${note}`)];
  if (reasons.length === 0) return '';
  return reasons.map((r) => `- ${sentenceText(r, 500)}`).join('\n');
}

/** api mode: differing rows the service could not give, or fewer than max_diff_rows asks (one short line each). */
function rowNotesSection(c: ComparisonResult): string {
  const notes: string[] = [];
  if (c.diff_rows_unavailable) notes.push(`⚠️ The differing rows could not be fetched from the service: ${inlineText(c.diff_rows_unavailable, 300)}`);
  if (c.diff_rows_capped) {
    const { kept, requested } = c.diff_rows_capped;
    const why = c.diff?.diff_rows_max_bytes ? `${storedBytesLimit(c.diff.diff_rows_max_bytes)}` : 'its own cap (`datacompare serve --max-diff-rows` raises it)';
    notes.push(`⚠️ The service kept ${count(kept)} differing rows, fewer than max_diff_rows (${count(requested)}): ${why}.`);
  }
  return notes.join('\n\n');
}

/** Whether a comparison has anything to show beyond its table row. */
export function hasDetails(c: ComparisonResult): boolean {
  return c.status !== 'match' || c.within_thresholds === true || schemaDiffCount(c) > 0 || (c.notes?.length ?? 0) > 0 || (c.stats?.accepted_rows ?? 0) > 0 || hasPatterns(c);
}

/** A `<details>` block for one comparison. */
export function comparisonDetails(c: ComparisonResult, options: DetailOptions): string {
  const sections = [
    comparedSection(c, options.timings !== false),
    errorSection(c),
    reasonsSection(c),
    columnTable(c),
    examplesSection(c, options.examples),
    sampleTable(c, options.maxRows, options.rows),
    rowNotesSection(c),
    schemaSection(c),
    options.chart ? chart(c) : '',
  ].filter((s) => s !== '');
  const open = c.status === 'error' ? ' open' : '';
  return [`<details${open}><summary><b>${htmlText(c.name)}</b>: ${summaryText(c)}</summary>`, '', ...sections.flatMap((s) => [s, '']), '</details>'].join('\n');
}

/** The details of every comparison that has some, most important first. */
export function allDetails(run: RunResult, options: DetailOptions): string {
  return byImportance(run.comparisons)
    .filter(hasDetails)
    .map((c) => comparisonDetails(c, options))
    .join('\n\n');
}
