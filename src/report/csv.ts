/**
 * One CSV per comparison with every differing row the engine kept (RFC 4180: comma-separated,
 * CRLF line ends, fields quoted when needed). Cells are redacted, and a text cell starting with
 * = + - @ (or a tab or carriage return) is prefixed with `'` so a spreadsheet never runs it as a
 * formula; numbers written as text ("-12.50") are left alone. NULL is an empty field, an empty
 * string is `""`, the text NULL is NULL, and a column that did not change in a changed row is
 * `(unchanged)` (a text that reads so is written `'(unchanged)`): see docs/reports.md. Pure.
 */
import type { ComparisonResult, DiffRow, ReportedValue } from '../engine/model.js';
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
  const rows: readonly DiffRow[] = c.diff?.diff_rows ?? [];
  const keys = c.diff?.primary_key_columns ?? [];
  const present = new Set<string>();
  for (const row of rows) for (const name of Object.keys(row)) present.add(name);
  const columns: string[] = [...keys, '_diff_type'];
  const compared = [...Object.keys(c.diff?.mismatched_columns_mapping ?? {}), ...Object.keys(c.diff?.column_mapping ?? {})];
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

/** The comparison's differing rows as CSV text (a header line even when there are none). */
export function renderCsv(c: ComparisonResult): string {
  const columns = csvColumns(c);
  const lines = [columns.map(headerField).join(',')];
  const keys = c.diff?.primary_key_columns ?? [];
  const sided = columns.map((name) => !keys.includes(name) && /^(source|target)_./.test(name));
  for (const row of c.diff?.diff_rows ?? []) {
    const unchanged = (name: string, index: number) => row._diff_type === 'changed' && sided[index] === true && !(name in row);
    lines.push(columns.map((name, index) => (unchanged(name, index) ? UNCHANGED_FIELD : field(row[name]))).join(','));
  }
  return lines.join('\r\n') + '\r\n';
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
