/** The step outputs (see action.yml): status, the comparisons that differ or could not run, report paths, api run ids. */
import * as core from './workflow-commands.js';
import type { ComparisonStatus, RunResult } from '../engine/model.js';

export const Output = {
  status: 'status',
  mismatchedComparisons: 'mismatched-comparisons',
  failedComparisons: 'failed-comparisons',
  reportJson: 'report-json',
  runIds: 'run-ids',
  summaryMarkdown: 'summary-markdown',
} as const;

export interface OutputValues {
  status: ComparisonStatus;
  mismatched: string[];
  failed: string[];
  reportJson?: string;
  summaryMarkdown?: string;
  runIds: number[];
}

/** What the outputs say about a run: `failed-comparisons` are those that could not run (status error). */
export function outputValues(run: RunResult, files: { json?: string; summary?: string }): OutputValues {
  return {
    status: run.status,
    mismatched: run.comparisons.filter((c) => c.status === 'mismatch').map((c) => c.name),
    failed: run.comparisons.filter((c) => c.status === 'error').map((c) => c.name),
    ...(files.json ? { reportJson: files.json } : {}),
    ...(files.summary ? { summaryMarkdown: files.summary } : {}),
    runIds: run.comparisons.flatMap((c) => (c.service?.run_id === undefined ? [] : [c.service.run_id])),
  };
}

export function setOutputs(values: OutputValues): void {
  core.setOutput(Output.status, values.status);
  core.setOutput(Output.mismatchedComparisons, values.mismatched.join(','));
  core.setOutput(Output.failedComparisons, values.failed.join(','));
  core.setOutput(Output.reportJson, values.reportJson ?? '');
  core.setOutput(Output.summaryMarkdown, values.summaryMarkdown ?? '');
  core.setOutput(Output.runIds, JSON.stringify(values.runIds));
}
