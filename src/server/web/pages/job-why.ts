/**
 * The job page's "Why" cell: a column's kinds of difference with their counts (the reports' words,
 * report/patterns.ts), the accepted kinds apart, api mode's "from 12 of 17 rows", and, for each kind
 * whose example row the page has, a native <details> (opened by keyboard, no script) showing that row:
 * its key values and the column's source → target values, as the viewer may see them (the rows come
 * masked for a key without read:sensitive). Every value is escaped by hono/html. Pure.
 */
import { html } from 'hono/html';
import type { DiffDetailsData } from '../../../api/contract.js';
import type { ColumnMismatch, DiffRow, PatternCount } from '../../../engine/model.js';
import { columnWhy, patternCountPhrase } from '../../../report/patterns.js';
import { changedValues, value, type Html } from '../format.js';

/** Most example rows a job page reads (one per column and kind; a page of 200 rows stays quick). */
export const MAX_EXAMPLE_ROWS = 200;

/** The diff_rows indexes the columns' patterns name as examples, each once, in order, at most `limit`. */
export function exampleIndexes(diff: Pick<DiffDetailsData, 'mismatched_columns_mapping'>, limit: number = MAX_EXAMPLE_ROWS): number[] {
  const indexes = new Set<number>();
  for (const column of Object.values(diff.mismatched_columns_mapping)) {
    for (const pattern of [...(column.patterns ?? []), ...(column.accepted ?? [])]) {
      const index = pattern.example;
      if (index !== undefined && Number.isSafeInteger(index) && index >= 0) indexes.add(index);
    }
  }
  return [...indexes].sort((a, b) => a - b).slice(0, Math.max(0, limit));
}

/** What the cell needs besides the column: the rows read as examples (by index), the key columns, and the cut values. */
export interface WhyContext {
  examples: ReadonlyMap<number, DiffRow>;
  keys: readonly string[];
  cutValues?: DiffDetailsData['cut_values'];
}

/** The example row of `pattern` in `column`, when the page has it and it holds both of the column's values. */
function exampleRow(column: string, pattern: PatternCount, context: WhyContext): DiffRow | undefined {
  const row = pattern.example === undefined ? undefined : context.examples.get(pattern.example);
  if (!row || row._diff_type !== 'changed' || !(`source_${column}` in row) || !(`target_${column}` in row)) return undefined;
  return row;
}

/** One example: the row's key values, then the column's two values (the differing characters marked). */
function exampleView(column: string, index: number, row: DiffRow, context: WhyContext): Html {
  const cuts = new Map((context.cutValues ?? []).filter((cut) => cut.row === index).map((cut) => [cut.field, cut]));
  const shown = changedValues(row[`source_${column}`], row[`target_${column}`], cuts.get(`source_${column}`), cuts.get(`target_${column}`));
  return html`<dl class="example">
    ${context.keys.map((key) => html`<dt class="mono">${key} <span class="muted">(key)</span></dt><dd>${value(row[key], cuts.get(key))}</dd>`)}
    <dt class="mono">${column}</dt><dd class="changed">${shown.source}<span class="arrow" aria-label="changed to">→</span>${shown.target}</dd>
  </dl>`;
}

function kindItem(column: string, pattern: PatternCount, context: WhyContext): Html {
  const phrase = patternCountPhrase(pattern);
  const row = exampleRow(column, pattern, context);
  if (!row) return html`<li>${phrase}</li>`;
  return html`<li><details><summary>${phrase}</summary>${exampleView(column, pattern.example as number, row, context)}</details></li>`;
}

/**
 * The cell's content: "31 rounding (to 2 decimals)", "29 scaled ×100" (each openable when it has an
 * example), then "accepted:" and the accepted kinds, then "from 12 of 17 rows"; '' when the column
 * has no patterns.
 */
export function whyCell(column: string, mismatch: ColumnMismatch, context: WhyContext): Html {
  const counted = mismatch.patterns ?? [];
  const accepted = mismatch.accepted ?? [];
  if (counted.length === 0 && accepted.length === 0) return html``;
  const { from } = columnWhy(mismatch);
  return html`${counted.length > 0 ? html`<ul class="kinds">${counted.map((p) => kindItem(column, p, context))}</ul>` : ''}${
    accepted.length > 0 ? html`<div class="accepted"><span class="tag">accepted:</span><ul class="kinds">${accepted.map((p) => kindItem(column, p, context))}</ul></div>` : ''
  }${from ? html`<p class="muted small from">${from}</p>` : ''}`;
}
