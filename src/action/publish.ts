/**
 * Publishes a finished run where people look: the job summary, annotations, the sticky PR comment,
 * report files and the step outputs; returns the fail-policy decision for the action's single catch.
 * First version: the job summary only; the rest lands with issue 4.
 */
import * as core from '@actions/core';
import type { RunResult } from '../engine/model.js';
import type { SpecError } from '../shared/errors.js';
import type { Logger } from '../shared/logger.js';
import { redact } from '../shared/redact.js';
import type { ActionInputs } from './inputs.js';

export interface PublishOptions {
  inputs: ActionInputs;
  logger: Logger;
  /** The spec path relative to the repository root, for annotations. */
  specFile: string;
}

export async function publishRun(run: RunResult, options: PublishOptions): Promise<{ failed: boolean; message: string }> {
  const lines = [`## datacompare: ${run.status}`, '', ...run.comparisons.map((c) => `- ${c.name}: ${c.status}`)];
  await core.summary.addRaw(redact(lines.join('\n'))).write();
  const failed = options.inputs.failOn === 'never' ? false : options.inputs.failOn === 'error' ? run.status === 'error' : run.status !== 'match';
  return { failed, message: failed ? `datacompare: ${run.status}` : '' };
}

export async function publishSpecError(error: SpecError, options: PublishOptions): Promise<void> {
  for (const problem of error.problems) {
    core.error(redact(`${problem.path}: ${problem.message}`), { file: problem.file || options.specFile, startLine: problem.line || 1 });
  }
  await core.summary.addRaw(redact(`## datacompare: the spec is invalid\n\n${error.message}`)).write();
}
