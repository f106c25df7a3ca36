/**
 * What the action publishes when it stops before comparing (a bad spec, a bad input, a missing
 * setting): annotations, the job summary and the outputs. Kept apart from publish.ts so that a bad
 * spec fails without loading the run's renderers and the GitHub client (issue #30).
 */
import path from 'node:path';
import type { DatacompareError, SpecError } from '../shared/errors.js';
import type { Logger } from '../shared/logger.js';
import { redact } from '../shared/redact.js';
import { specErrorAnnotations } from '../report/annotations.js';
import { renderFailureSummary } from '../report/markdown-failure.js';
import { renderSpecErrorSummary } from '../report/markdown-spec-error.js';
import { emitAnnotations } from './annotations.js';
import type { ActionInputs } from './inputs.js';
import { setOutputs } from './outputs.js';
import * as core from './workflow-commands.js';

export function describeError(error: unknown): string {
  return redact(error instanceof Error ? error.message : String(error));
}

/** Appends to the job summary; a missing GITHUB_STEP_SUMMARY (outside Actions) is a warning, not a failure. */
export async function writeJobSummary(markdown: string, logger: Logger): Promise<void> {
  try {
    await core.appendSummary(markdown);
  } catch (error) {
    logger.warning(`Could not write the job summary: ${describeError(error)}`);
  }
}

/** Where a spec error is reported: the spec path relative to the repository root, else the input as given. */
export interface SpecErrorTarget {
  inputs: Pick<ActionInputs, 'spec'>;
  logger: Logger;
  specFile: string;
}

export async function publishSpecError(error: SpecError, options: SpecErrorTarget): Promise<void> {
  const specFile = options.specFile || path.normalize(options.inputs.spec);
  emitAnnotations(specErrorAnnotations(error, { specFile }));
  await writeJobSummary(renderSpecErrorSummary(error, specFile), options.logger);
  setOutputs({ status: 'error', mismatched: [], failed: [], runIds: [] });
}

/** A run that stopped before comparing (bad input, missing spec, api settings): the summary says why; `status` is error. */
export async function publishFailure(error: DatacompareError, logger: Logger): Promise<void> {
  await writeJobSummary(renderFailureSummary(error), logger);
  setOutputs({ status: 'error', mismatched: [], failed: [], runIds: [] });
}
