/**
 * The report files in `report-dir`: results.json (the run), summary.md (the whole job summary, with
 * no size budget) and one CSV per comparison with every differing row the engine kept.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ComparisonResult, RunResult } from '../engine/model.js';
import type { RowsHint } from '../report/format.js';
import { csvFileNames, renderCsv } from '../report/csv.js';
import { renderJson } from '../report/json.js';

export interface ReportFiles {
  dir: string;
  json: string;
  summary: string;
  /** Comparison name → CSV path. */
  csv: Map<string, string>;
}

/** Where the action puts a comparison's rows and which setting keeps more, in action users' terms. */
export function actionRowsHint(csvOf: (c: ComparisonResult) => string | undefined): RowsHint {
  return {
    at: (c) => {
      const csv = csvOf(c);
      return csv ? `\`${csv}\` in the \`report-dir\` folder` : undefined;
    },
    more: '`max_diff_rows` in the spec (or the `max-diff-rows` input)',
  };
}

/** The CSV file name of each comparison, by position (for "every row is in …" hints). */
export function plannedCsvNames(run: RunResult): string[] {
  return csvFileNames(run.comparisons.map((c) => c.name));
}

export async function writeReportFiles(run: RunResult, options: { dir: string; fullSummary: string }): Promise<ReportFiles> {
  const dir = path.resolve(options.dir);
  await mkdir(dir, { recursive: true });
  const json = path.join(dir, 'results.json');
  const summary = path.join(dir, 'summary.md');
  await writeFile(json, renderJson(run), 'utf8');
  await writeFile(summary, options.fullSummary, 'utf8');
  const csv = new Map<string, string>();
  const names = plannedCsvNames(run);
  for (const [index, comparison] of run.comparisons.entries()) {
    const name = names[index];
    if (name === undefined || comparison.status === 'error') continue;
    const file = path.join(dir, name);
    await writeFile(file, renderCsv(comparison), 'utf8');
    csv.set(comparison.name, file);
  }
  return { dir, json, summary, csv };
}
