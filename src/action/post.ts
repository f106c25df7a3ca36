/**
 * The post step (runs after the job, even after a cancel). Local mode leaves nothing behind: every
 * database pool is closed by the main step. In api mode, when the main step was killed before it
 * could terminate its jobs, the jobs it saved in the state (State.startedJobs) that the service
 * still reports as running are terminated here. The post step never fails the job: problems are
 * warnings.
 */
import * as core from '@actions/core';
import { z } from 'zod';
import { terminateLeftoverJobs } from '../runner/api-mode.js';
import { toDatacompareError } from '../shared/errors.js';
import { redact } from '../shared/redact.js';
import { readInputs } from './inputs.js';
import { coreLogger } from './logger.js';
import { State } from './state.js';

const startedJobsSchema = z.array(z.object({ comparison: z.string(), runId: z.number().int(), taskId: z.string().min(1) }));

export interface PostOptions {
  env?: NodeJS.ProcessEnv;
  /** Default core.getState. */
  getState?: (name: string) => string;
}

export async function runPost(options: PostOptions = {}): Promise<void> {
  const raw = (options.getState ?? core.getState)(State.startedJobs);
  if (!raw) {
    core.info('datacompare: nothing to clean up.');
    return;
  }
  try {
    const parsed = startedJobsSchema.safeParse(JSON.parse(raw));
    if (!parsed.success) {
      core.warning('datacompare: the saved list of service jobs is unreadable; nothing was terminated.');
      return;
    }
    const inputs = readInputs({ logger: coreLogger, ...(options.env ? { env: options.env } : {}) });
    if (!inputs.apiUrl || !inputs.apiKey || !inputs.workspaceId) {
      core.warning('datacompare: jobs were started on the service but api-url, api-key or workspace-id is missing now; nothing was terminated.');
      return;
    }
    const outcome = await terminateLeftoverJobs(parsed.data, { url: inputs.apiUrl, key: inputs.apiKey, workspaceId: inputs.workspaceId }, coreLogger);
    const { terminated, failed, finished } = outcome;
    core.info(
      `datacompare: of ${parsed.data.length} service job(s) started by the main step, ${finished.length} had finished, ${terminated.length} were terminated now` +
        (failed.length > 0 ? `, ${failed.length} could not be terminated.` : '.'),
    );
  } catch (error) {
    core.warning(redact(`datacompare: cleaning up the service jobs failed: ${toDatacompareError(error).message}`));
  }
}
