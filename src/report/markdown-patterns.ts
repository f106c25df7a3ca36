/**
 * Why values differ, in markdown (the job summary and the PR comment): a column's kinds of difference
 * with their counts for the "Why" cell of the column table, and a table of examples, one kept row per
 * (column, kind) with its two values cut and highlighted as the sample rows are. Every text from the
 * result passes through escape.ts; values come from the kept rows as the report got them (masked where
 * the run masked them). Pure.
 */
import type { ColumnMismatch, ComparisonResult } from '../engine/model.js';
import { cellValue, changedCell, codeSpan, inlineText } from './escape.js';
import { count, cutValuesOf, plural } from './format.js';
import { columnWhy, patternExamples, patternName, PATTERNS_LISTED } from './patterns.js';

/** Each side of an example is cut to this many characters around its first difference. */
export const EXAMPLE_VALUE_CHARS = 60;

/** The "Why" cell of a column: counted kinds, accepted ones after `<br>`, and api mode's "(from 100 of 3,000 rows)". */
export function whyCell(column: ColumnMismatch, limit: number = PATTERNS_LISTED): string {
  const why = columnWhy(column, limit);
  const parts = [why.counted ? inlineText(why.counted, 2_000) : '', why.accepted ? `*accepted:* ${inlineText(why.accepted, 2_000)}` : ''].filter((part) => part !== '');
  if (parts.length === 0) return '';
  return `${parts.join('<br>')}${why.from ? ` <sub>(${inlineText(why.from, 100)})</sub>` : ''}`;
}

/**
 * "Why, by example": at most `limit` examples, one per (column, kind), each the kept row's key and its
 * two values in that column; a note when there were more. '' when there is nothing to show.
 */
export function examplesSection(c: ComparisonResult, limit: number): string {
  const diff = c.diff;
  if (!diff || limit <= 0) return '';
  const { picked, available } = patternExamples(diff, limit);
  if (picked.length === 0) return '';
  const keys = diff.primary_key_columns;
  const cutOf = cutValuesOf(diff);
  const keyHead = keys.length > 0 ? `🔑 ${keys.map((k) => codeSpan(k, { table: true })).join(', ')}` : 'Row';
  const lines = ['| Column | Why | Rows | ' + keyHead + ' | Source → target |', '|---|---|--:|---|---|'];
  for (const example of picked) {
    const row = diff.diff_rows[example.row];
    if (!row) continue;
    const key = keys.length > 0 ? keys.map((k) => cellValue(row[k], 40, cutOf(example.row, k))).join(', ') : count(example.row + 1);
    const source = `source_${example.column}`;
    const target = `target_${example.column}`;
    const sourceCut = cutOf(example.row, source);
    const targetCut = cutOf(example.row, target);
    const values = changedCell(row[source], row[target], EXAMPLE_VALUE_CHARS, { ...(sourceCut ? { source: sourceCut } : {}), ...(targetCut ? { target: targetCut } : {}) });
    const why = `${inlineText(patternName(example.pattern), 100)}${example.accepted ? ' *(accepted)*' : ''}`;
    lines.push(`| ${codeSpan(example.column, { table: true })} | ${why} | ${count(example.pattern.rows)} | ${key} | ${values} |`);
  }
  const note = picked.length < available ? `\n\nExamples of ${count(picked.length)} of ${plural(available, 'kind')}; the rest are counted in the column table and listed in the JSON results.` : '';
  return `**Why, by example** (one kept row per kind of difference, source → target)\n\n${lines.join('\n')}${note}`;
}
