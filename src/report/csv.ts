/**
 * One CSV per comparison with every differing row the engine kept (RFC 4180: comma-separated,
 * CRLF line ends, fields quoted when needed). Cells are redacted, and a text cell starting with
 * = + - @ (or a tab or carriage return) is prefixed with `'` so a spreadsheet never runs it as a
 * formula; numbers written as text ("-12.50") are left alone. NULL is an empty field, an empty
 * string is `""`, the text NULL is NULL, and a column that did not change in a changed row is
 * `(unchanged)` (a text that reads so is written `'(unchanged)`): see docs/reports.md. Pure.
 */
import type { ComparisonResult, DiffDetails, DiffRow, ReportedValue } from '../engine/model.js';
import { cutRow } from '../engine/cut-values.js';
import { redact } from '../shared/redact.js';

const FORMULA_START = /^[=+\-@\t\r]/;
/** A source_/target_ field of a changed row whose column did not change. */
export const UNCHANGED_FIELD = '(unchanged)';
const PLAIN_NUMBER = /^[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$/;

function field(value: ReportedValue | undefined): string {
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string') return String(value);
  let text = redact(value);
  if ((FORMULA_START.test(text) && !PLAIN_NUMBER.test(text)) || text === UNCHANGED_FIELD) text = `'${text}`;
  return text === '' || /[",\r\n]/.test(text) || text.trim() !== text ? `"${text.replace(/"/g, '""')}"` : text;
}

function headerField(name: string): string {
  return field(name);
}

/** Columns in a stable, readable order: keys, `_diff_type`, then source_/target_ pairs per column, then anything else. */
export function csvColumns(c: ComparisonResult): string[] {
  const present = new Set<string>();
  for (const row of c.diff?.diff_rows ?? []) for (const name of Object.keys(row)) present.add(name);
  return csvColumnsOf(c.diff ?? {}, present);
}

/**
 * The columns for a diff's keys and compared columns and the fields its rows hold (`present`, gathered
 * a page at a time when the rows are streamed).
 */
export function csvColumnsOf(diff: Partial<Pick<DiffDetails, 'primary_key_columns' | 'mismatched_columns_mapping' | 'column_mapping'>>, present: ReadonlySet<string>): string[] {
  const keys = diff.primary_key_columns ?? [];
  const columns: string[] = [...keys, '_diff_type'];
  const compared = [...Object.keys(diff.mismatched_columns_mapping ?? {}), ...Object.keys(diff.column_mapping ?? {})];
  for (const name of present) {
    const match = /^(source|target)_(.+)$/.exec(name);
    if (match?.[2] !== undefined && !keys.includes(name) && !compared.includes(match[2])) compared.push(match[2]);
  }
  for (const name of compared) {
    if (keys.includes(name)) continue;
    for (const side of ['source', 'target']) {
      const field = `${side}_${name}`;
      if (present.has(field) && !columns.includes(field)) columns.push(field);
    }
  }
  for (const name of present) if (!columns.includes(name)) columns.push(name);
  return columns;
}

/** The header line (CRLF-terminated). */
export function csvHeader(columns: readonly string[]): string {
  return `${columns.map(headerField).join(',')}\r\n`;
}

/** One row's line (CRLF-terminated); a value longer than 64 Ki characters is cut first (engine/cut-values.ts). */
export function csvLine(row: DiffRow, columns: readonly string[], keys: readonly string[]): string {
  const bounded = cutRow(row, 0).row;
  const fields = columns.map((name) => {
    const unchanged = bounded._diff_type === 'changed' && !keys.includes(name) && /^(source|target)_./.test(name) && !(name in bounded);
    return unchanged ? UNCHANGED_FIELD : field(bounded[name]);
  });
  return `${fields.join(',')}\r\n`;
}

/** The comparison's differing rows as CSV text (a header line even when there are none). */
export function renderCsv(c: ComparisonResult): string {
  const columns = csvColumns(c);
  const keys = c.diff?.primary_key_columns ?? [];
  return csvHeader(columns) + (c.diff?.diff_rows ?? []).map((row) => csvLine(row, columns, keys)).join('');
}

/** Safe, unique file names (`orders.csv`, `orders-2.csv`) for the comparisons, in order. */
export function csvFileNames(names: readonly string[]): string[] {
  const used = new Set<string>();
  return names.map((name, index) => {
    let base = name
      .normalize('NFKD')
      .replace(/[^A-Za-z0-9._-]+/g, '-')
      .replace(/^[-.]+|[-.]+$/g, '')
      .slice(0, 80);
    if (base === '' || /^(con|prn|aux|nul|com\d|lpt\d)$/i.test(base)) base = `comparison-${index + 1}`;
    let candidate = base;
    for (let n = 2; used.has(candidate.toLowerCase()); n++) candidate = `${base}-${n}`;
    used.add(candidate.toLowerCase());
    return `${candidate}.csv`;
  });
}
