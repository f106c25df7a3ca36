/**
 * The terminal report of a run: per comparison a status line with counts, the reasons, the
 * mismatch count per column and why (its kinds of difference, accepted ones dimmed) and a few sample
 * rows (key: source → target); then one summary line.
 * Pure: colours only when asked (the CLI asks on a TTY), data values quoted so control characters
 * and trailing spaces are visible and cannot drive the terminal.
 */
import type { ComparisonResult, CutValue, DiffRow, ReportedValue, RunResult } from '../engine/model.js';
import { redact } from '../shared/redact.js';
import { truncate } from './escape.js';
import { acceptedRowsPhrase, columnWhy, reportedColumns } from './patterns.js';
import { renderView, valueDiff, valueView, type ValueView } from './value-diff.js';
import { count, countsOnly, cutValuesNote, cutValuesOf, differingRows, duration, matchPercent, plural, rowsNote, runSeconds, sideText, storedBytesLimit, type RowsHint } from './format.js';

export interface TextOptions {
  color: boolean;
  /** Sample rows shown per comparison (default 5). */
  maxDiffRows?: number;
  /** Also say how each comparison was executed (plan and rows each side sent); the CLI's --verbose. */
  showPlan?: boolean;
  /** Where the kept rows are and how to keep more, in the reader's terms (CLI flags or action inputs). */
  rows?: RowsHint;
}

const DEFAULT_SAMPLE_ROWS = 5;
const MAX_VALUE_CHARS = 60;

type Paint = (code: string, text: string) => string;

const STATUS_MARK = { match: '✔', mismatch: '✘', error: '!' } as const;
const STATUS_COLOR = { match: '32', mismatch: '31', error: '35' } as const;

export function renderText(run: RunResult, options: TextOptions): string {
  const paint: Paint = options.color ? (code, text) => `\u001b[${code}m${text}\u001b[0m` : (_code, text) => text;
  const samples = options.maxDiffRows ?? DEFAULT_SAMPLE_ROWS;
  const blocks = run.comparisons.map((c) => comparisonBlock(c, samples, paint, options.showPlan === true, options.rows ?? {}));
  return `${[...blocks, summaryLine(run, paint)].join('\n')}\n`;
}

/** One comparison's block as renderText prints it: the status line, then its details (the action groups each). */
export function renderComparisonText(c: ComparisonResult, options: TextOptions): { head: string; body: string } {
  const paint: Paint = options.color ? (code, text) => `\u001b[${code}m${text}\u001b[0m` : (_code, text) => text;
  const [head = '', ...body] = comparisonBlock(c, options.maxDiffRows ?? DEFAULT_SAMPLE_ROWS, paint, options.showPlan === true, options.rows ?? {}).split('\n');
  return { head, body: body.join('\n') };
}

/** The run's closing line ("ERROR: 2 comparisons — …"), as renderText ends. */
export function renderSummaryLine(run: RunResult, options: Pick<TextOptions, 'color'>): string {
  const paint: Paint = options.color ? (code, text) => `\u001b[${code}m${text}\u001b[0m` : (_code, text) => text;
  return summaryLine(run, paint).trimStart();
}

function comparisonBlock(c: ComparisonResult, samples: number, paint: Paint, showPlan: boolean, rows: RowsHint): string {
  const lines = [statusLine(c, paint)];
  const indent = (text: string) => `    ${text}`;
  if (c.sides) lines.push(indent(paint('2', `${clean(sideText(c.sides.source))} → ${clean(sideText(c.sides.target))}`)));
  if (showPlan && c.plan) {
    const sent = `${count(c.plan.source.rows_sent)} + ${count(c.plan.target.rows_sent)} rows sent`;
    lines.push(indent(paint('2', `plan: ${c.plan.kind} (${sent}): ${clean(c.plan.reason)}`)));
  }
  if (c.error) {
    lines.push(indent(`${c.error.kind} error: ${clean(c.error.message)}`));
    if (c.error.hint) lines.push(indent(paint('2', `hint: ${clean(c.error.hint)}`)));
  }
  for (const reason of c.result?.diff_reasons ?? []) lines.push(indent(clean(reason)));
  for (const note of c.notes ?? []) lines.push(indent(paint('2', `note: ${clean(note)}`)));
  const columns = Object.entries(c.diff?.mismatched_columns_mapping ?? {}).filter(([, m]) => m.mismatch_count > 0);
  if (columns.length > 0) {
    lines.push(indent(`columns: ${columns.map(([name, m]) => `${clean(name)} ${count(m.mismatch_count)}`).join(', ')}`));
  }
  // Under the columns line when there is one (a column whose differences were all accepted has none).
  for (const line of whyLines(c, paint)) lines.push(indent(columns.length > 0 ? `  ${line}` : line));
  const schema = c.schema_diff;
  if (schema) {
    for (const col of schema.only_in_source) lines.push(indent(`schema: column ${clean(col.name)} (${clean(col.type)}) only in source`));
    for (const col of schema.only_in_target) lines.push(indent(`schema: column ${clean(col.name)} (${clean(col.type)}) only in target`));
    for (const m of schema.type_mismatches) {
      lines.push(indent(`schema: ${clean(m.source_column)} is ${clean(m.source_type)} in source, ${clean(m.target_type)} in target`));
    }
  }
  if (c.diff && samples > 0) {
    const shown = c.diff.diff_rows.slice(0, samples);
    const cutOf = cutValuesOf(c.diff);
    shown.forEach((row, index) => lines.push(indent(sampleRow(row, c.diff?.primary_key_columns ?? [], paint, (field) => cutOf(index, field)))));
    if (shown.length < c.diff.diff_rows_total) lines.push(indent(paint('2', `… ${rowsNote(c, shown.length, rows).replace(/`/g, '')}`)));
    const cuts = cutValuesNote(c, shown.length);
    if (cuts) lines.push(indent(paint('2', `note: ${clean(cuts.replace(/`/g, ''))}`)));
  }
  for (const note of rowNotes(c)) lines.push(indent(note));
  return lines.join('\n');
}

function statusLine(c: ComparisonResult, paint: Paint): string {
  const status = c.status === 'match' && c.within_thresholds ? 'match (within thresholds)' : c.status;
  const head = `${paint(STATUS_COLOR[c.status], `${STATUS_MARK[c.status]} ${status}`)}  ${paint('1', clean(c.name))}`;
  const facts: string[] = [];
  const s = c.stats;
  if (s) {
    if (matchPercent(c) !== '–') facts.push(`${matchPercent(c)} match`);
    facts.push(`${count(s.source_rows)} source rows, ${count(s.target_rows)} target rows`);
    const differing = differingRows(c);
    if (countsOnly(c)) facts.push('row counts only (values not compared)');
    else if (differing > 0) {
      facts.push(`${plural(differing, 'differing row')} (${count(s.mismatched_rows)} changed, ${count(s.only_in_source)} only in source, ${count(s.only_in_target)} only in target)`);
    }
    const accepted = acceptedRowsPhrase(c);
    if (accepted) facts.push(accepted);
    const duplicates = s.duplicate_keys_source + s.duplicate_keys_target;
    if (duplicates > 0) facts.push(`${plural(duplicates, 'duplicate key')}`);
    const nullKeys = s.null_keys_source + s.null_keys_target;
    if (nullKeys > 0) facts.push(`${plural(nullKeys, 'NULL key')}`);
  }
  if (c.result) facts.push(duration(c.result.time_taken));
  return facts.length > 0 ? `${head}  ${paint('2', '·')} ${facts.join(` ${paint('2', '·')} `)}` : head;
}

/** Per column with kinds of difference: "amount — 31 rounding (to 2 decimals), 23 sign flipped; accepted: 12 time precision". */
function whyLines(c: ComparisonResult, paint: Paint): string[] {
  return reportedColumns(c.diff).flatMap(([name, m]) => {
    const why = columnWhy(m);
    const accepted = why.accepted ? paint('2', `accepted: ${clean(why.accepted)}`) : '';
    const parts = [why.counted ? clean(why.counted) : '', accepted].filter((part) => part !== '');
    if (parts.length === 0) return [];
    return [`${clean(name)} ${paint('2', '—')} ${parts.join('; ')}${why.from ? paint('2', ` (${clean(why.from)})`) : ''}`];
  });
}

function sampleRow(row: DiffRow, keyColumns: readonly string[], paint: Paint, cutOf: (field: string) => CutValue | undefined): string {
  const key = keyColumns.map((k) => `${clean(k)}=${value(row[k], cutOf(k))}`).join(', ');
  if (row._diff_type === 'only_in_source') return `${key}: ${paint('31', 'only in source')}`;
  if (row._diff_type === 'only_in_target') return `${key}: ${paint('32', 'only in target')}`;
  const changes = Object.keys(row)
    .filter((name) => name.startsWith('source_') && `target_${name.slice(7)}` in row)
    .map((name) => {
      const column = name.slice(7);
      return `${clean(column)} ${changedValues(row[name], row[`target_${column}`], paint, cutOf(name), cutOf(`target_${column}`))}`;
    });
  return `${key}: ${changes.join('; ')}`;
}

function summaryLine(run: RunResult, paint: Paint): string {
  const total = run.comparisons.length;
  const by = (status: string) => run.comparisons.filter((c) => c.status === status).length;
  const parts = [`${count(by('match'))} matched`, `${count(by('mismatch'))} differ`, `${count(by('error'))} failed`];
  const head = total === 1 ? '1 comparison' : `${count(total)} comparisons`;
  const color = STATUS_COLOR[run.status];
  return `\n${paint(color, paint('1', `${run.status.toUpperCase()}`))}: ${head} — ${parts.join(', ')} (${run.mode} mode, ${duration(runSeconds(run))})`;
}

const NUMBER = /^-?\d+(\.\d+)?(e[+-]?\d+)?$/i;

/** Text as inside a JSON string (control characters, quotes and C1 controls escaped), no quotes around. */
function jsonInner(text: string): string {
  return JSON.stringify(text)
    .slice(1, -1)
    .replace(/[\u0080-\u009f]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * `source → target`, each cut around the first difference (same cut on both sides); with colour the
 * differing characters are bold red (source) and bold green (target), the rest plain. A value kept
 * only in part is followed by its whole length.
 */
function changedValues(source: ReportedValue | undefined, target: ReportedValue | undefined, paint: Paint, sourceCut?: CutValue, targetCut?: CutValue): string {
  if (source === undefined || target === undefined || source === null || target === null) {
    return `${paint('31', value(source, sourceCut))} → ${paint('32', value(target, targetCut))}`;
  }
  const a = redact(String(source));
  const b = redact(String(target));
  const d = valueDiff(a, b, MAX_VALUE_CHARS, { ...(sourceCut ? { source: sourceCut } : {}), ...(targetCut ? { target: targetCut } : {}) });
  const side = (v: ReportedValue, text: string, view: ValueView, color: string, cut: CutValue | undefined): string => {
    const body = renderView(view, (p) => (p.changed ? paint(`1;${color}`, jsonInner(p.text)) : jsonInner(p.text)));
    return `${typeof v === 'string' && !NUMBER.test(text) ? `"${body}"` : body}${wholeLength(cut, paint)}`;
  };
  return `${side(source, a, d.source, '31', sourceCut)} → ${side(target, b, d.target, '32', targetCut)}`;
}

/** After a value kept only in part: its whole length, dimmed. */
function wholeLength(cut: CutValue | undefined, paint: Paint = (_code, text) => text): string {
  return cut ? paint('2', ` (${count(cut.length)} characters)`) : '';
}

/** A data value: text quoted (JSON escapes make control characters and spaces visible); numbers and NULL bare. */
function value(v: ReportedValue | undefined, cut?: CutValue): string {
  if (v === undefined) return '?';
  if (v === null) return 'NULL';
  if (typeof v === 'string') {
    if (cut) return `"${renderView(valueView(redact(v), MAX_VALUE_CHARS, cut), (p) => jsonInner(p.text))}"${wholeLength(cut)}`;
    const text = truncate(redact(v), MAX_VALUE_CHARS);
    // Decimals arrive as strings (no float rounding); show them as numbers.
    return NUMBER.test(text) ? text : `"${jsonInner(text)}"`;
  }
  return String(v);
}

/** A name or message: redacted, control characters (ANSI escapes) removed. */
function clean(text: string): string {
  return redact(text).replace(/\n/g, ' ').replace(/[\u0000-\u001f\u007f\u009b]/g, '');
}

/** api mode: differing rows that could not be fetched, or fewer kept than asked (one line each). */
export function rowNotes(c: ComparisonResult): string[] {
  const notes: string[] = [];
  if (c.diff_rows_unavailable) notes.push(`differing rows not fetched from the service: ${clean(c.diff_rows_unavailable)}`);
  if (c.diff_rows_capped) {
    const { kept, requested } = c.diff_rows_capped;
    const why = c.diff?.diff_rows_max_bytes ? `: ${storedBytesLimit(c.diff.diff_rows_max_bytes)}` : ' (its cap; datacompare serve --max-diff-rows raises it)';
    notes.push(`the service kept ${count(kept)} differing rows, fewer than max_diff_rows ${count(requested)} asks${why}`);
  }
  return notes;
}
