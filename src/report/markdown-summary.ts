/**
 * The job summary: a status line, the status table and per-comparison details, kept under GitHub's
 * 1 MiB step-summary limit (over it the runner drops the whole summary). Detail shrinks first: as
 * many sample rows as fit (binary search), then no rows, then no examples of kinds of difference, then no
 * details; the status table always stays (cut only if a run had thousands of comparisons). The full
 * report is always in the report files. Pure.
 */
import type { RunResult } from '../engine/model.js';
import type { RowsHint } from './format.js';
import { redact } from '../shared/redact.js';
import { largestFitting } from './budget.js';
import { allDetails, statusLine, statusTable } from './markdown-parts.js';
import { dbtSection } from './markdown-dbt.js';
import { mostExamples } from './patterns.js';

/** What we allow ourselves: GitHub drops a step summary over 1 MiB; leave room for other steps' text. */
export const SUMMARY_BUDGET_BYTES = 1_000_000;

/** Examples of kinds of difference per comparison, one kept row each: every kind, within reason. */
export const SUMMARY_EXAMPLES = 100;

export interface SummaryOptions {
  maxDiffRows: number;
  /** Size limit in UTF-8 bytes (default SUMMARY_BUDGET_BYTES). */
  budgetBytes?: number;
  /** Where the kept rows of a comparison are and how to keep more (see rowsNote). */
  rows?: RowsHint;
}

/** One way of rendering, from the richest to the leanest. */
interface Stage {
  name: string;
  rows: number;
  examples: number;
  details: boolean;
  chart: boolean;
  tableLimit?: number;
}

/** The stages after "full" and "as many sample rows as fit". */
function leanStages(run: RunResult): Stage[] {
  const examples = mostExamples(run.comparisons, SUMMARY_EXAMPLES);
  return [
    { name: 'no sample rows', rows: 0, examples, details: true, chart: false },
    ...(examples > 0 ? [{ name: 'no sample rows or examples', rows: 0, examples: 0, details: true, chart: false }] : []),
    { name: 'status table only', rows: 0, examples: 0, details: false, chart: false },
    ...[1000, 100, 10].filter((n) => n < run.comparisons.length).map((n) => ({ name: `first ${n} comparisons`, rows: 0, examples: 0, details: false, chart: false, tableLimit: n })),
  ];
}

export function byteLength(text: string): number {
  return Buffer.byteLength(text, 'utf8');
}

function render(run: RunResult, stage: Stage, options: SummaryOptions, shortened: boolean): string {
  const parts = [`## datacompare: ${run.status}`, '', statusLine(run), ''];
  const dbt = dbtSection(run, { limit: stage.tableLimit ?? 1000 });
  if (dbt) parts.push(dbt, '');
  parts.push(statusTable(run, stage.tableLimit === undefined ? {} : { limit: stage.tableLimit }));
  if (stage.details) {
    const details = allDetails(run, { maxRows: stage.rows, examples: stage.examples, chart: stage.chart, ...(options.rows ? { rows: options.rows } : {}) });
    if (details) parts.push('', details);
  }
  if (shortened) {
    parts.push(
      '',
      `> [!NOTE]\n> This summary was shortened to fit GitHub's 1 MiB job-summary limit (${stage.name}). The full report is in results.json, summary.md and one CSV per comparison in the report directory (input \`report-dir\`).`,
    );
  }
  return redact(parts.join('\n')) + '\n';
}

/** The job summary markdown and the stage it fit at. */
export function renderSummaryWithStage(run: RunResult, options: SummaryOptions): { markdown: string; stage: string } {
  const budget = options.budgetBytes ?? SUMMARY_BUDGET_BYTES;
  const fitting = (stage: Stage, shortened: boolean): string | undefined => {
    const markdown = render(run, stage, options, shortened);
    return byteLength(markdown) <= budget ? markdown : undefined;
  };
  const examples = SUMMARY_EXAMPLES;
  const full = fitting({ name: 'full', rows: options.maxDiffRows, examples, details: true, chart: true }, false);
  if (full !== undefined) return { markdown: full, stage: 'full' };
  // As many sample rows per comparison as fit.
  const fewer = largestFitting(1, options.maxDiffRows - 1, (rows) => fitting({ name: `${rows} sample rows`, rows, examples, details: true, chart: true }, true));
  if (fewer) return { markdown: fewer.text, stage: `${fewer.n} sample rows` };
  const stages = leanStages(run);
  let last = '';
  for (const stage of stages) {
    last = render(run, stage, options, true);
    if (byteLength(last) <= budget) return { markdown: last, stage: stage.name };
  }
  return { markdown: last, stage: stages.at(-1)?.name ?? 'full' };
}

/** The job summary markdown (always under the budget unless a run has more than ~2,000 comparisons of 100-char names). */
export function renderSummary(run: RunResult, options: SummaryOptions): string {
  return renderSummaryWithStage(run, options).markdown;
}
