/**
 * The post step (runs after the job, even after a cancel). Local mode leaves nothing behind: every
 * database pool is closed by the main step. In api mode the main step saved, before sending each
 * execute, what identifies its job(s) (State.apiExecutes: Idempotency-Key, comparison id, agent run
 * id, service time), and the jobs it started (State.startedJobs). Here the service's job list is
 * searched for them and every one still running is terminated: a backstop for a main step killed
 * before it could terminate them. The post step never fails the job: problems are warnings.
 */
import * as core from './workflow-commands.js';
import { z } from 'zod';
import { terminateLeftoverJobs } from '../runner/api-mode.js';
import { toDatacompareError } from '../shared/errors.js';
import { redact } from '../shared/redact.js';
import { readInputs } from './inputs.js';
import { coreLogger } from './logger.js';
import { State } from './state.js';

const startedJobsSchema = z.array(z.object({ comparison: z.string(), runId: z.number().int(), taskId: z.string().min(1) }));
const executesSchema = z.array(
  z.object({
    comparisons: z.array(z.string()),
    idempotencyKey: z.string().min(1),
    sentAfter: z.string().optional(),
    comparisonId: z.string().optional(),
    ownComparison: z.boolean(),
    agentRunId: z.string().optional(),
  }),
);

export interface PostOptions {
  env?: NodeJS.ProcessEnv;
  /** Default core.getState. */
  getState?: (name: string) => string;
}

function readSaved<T>(raw: string, schema: z.ZodType<T>): T | undefined {
  if (!raw) return [] as T;
  try {
    const parsed = schema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

export async function runPost(options: PostOptions = {}): Promise<void> {
  const getState = options.getState ?? core.getState;
  const jobs = readSaved(getState(State.startedJobs), startedJobsSchema);
  const executes = readSaved(getState(State.apiExecutes), executesSchema);
  if (!jobs || !executes) {
    core.warning('datacompare: the saved list of service jobs is unreadable; nothing was terminated.');
    return;
  }
  if (jobs.length === 0 && executes.length === 0) {
    core.info('datacompare: nothing to clean up.');
    return;
  }
  try {
    const inputs = readInputs({ logger: coreLogger, ...(options.env ? { env: options.env } : {}) });
    if (!inputs.apiUrl || !inputs.apiKey || !inputs.workspaceId) {
      core.warning('datacompare: jobs were started on the service but api-url, api-key or workspace-id is missing now; nothing was terminated.');
      return;
    }
    const outcome = await terminateLeftoverJobs(jobs, { url: inputs.apiUrl, key: inputs.apiKey, workspaceId: inputs.workspaceId }, coreLogger, { executes });
    const { terminated, failed, finished, unprovable } = outcome;
    const found = terminated.length + failed.length + finished.length;
    core.info(
      `datacompare: of ${found} service job(s) started by the main step, ${finished.length} had finished, ${terminated.length} were terminated now` +
        (failed.length > 0 ? `, ${failed.length} could not be terminated` : '') +
        (unprovable.length > 0 ? `; job(s) ${unprovable.join(', ')} may be this run's but cannot be proven so and were left alone` : '') +
        '.',
    );
  } catch (error) {
    core.warning(redact(`datacompare: cleaning up the service jobs failed: ${toDatacompareError(error).message}`));
  }
}
