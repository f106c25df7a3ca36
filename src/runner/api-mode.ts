/**
 * api mode: the spec's comparisons run on the Data Comparison Service. Each comparison is created
 * with `create_only=true` and executed (or an existing `comparisonId` executed); with an agent run
 * id the batch goes through execute_multiple. Every running job is polled in ONE details call per
 * tick (intervals growing ×1.5 with jitter); a finished job's diff details are fetched and turned
 * into the same ComparisonResult local mode produces. On cancel (the signal) or the overall timeout
 * every unfinished job is terminated in parallel and reported as cancelled / timed out.
 */
import { ApiClient } from '../api/client.js';
import { localOnlyOptionsWarning } from '../api/resolve.js';
import type { ComparisonDefinition, ComparisonResult } from '../engine/model.js';
import { anySignal, isAbortError } from '../shared/abort.js';
import { toDatacompareError } from '../shared/errors.js';
import type { Logger } from '../shared/logger.js';
import { redact } from '../shared/redact.js';
import { jobsOfExecute, type PendingExecute } from './api-cleanup.js';
import { ApiRun, type ApiRunOptions, type ApiSettings, type ApiTuning, type StartedJob } from './api-run.js';

export type { ApiRunOptions, ApiSettings, ApiTuning, PendingExecute, StartedJob } from './api-run.js';

class RunTimeout extends Error {
  override readonly name = 'TimeoutError';
}

export async function runApiComparisons(definitions: ComparisonDefinition[], options: ApiRunOptions): Promise<ComparisonResult[]> {
  const { api, logger, tuning = {} } = options;
  const timeoutController = new AbortController();
  const timer = setTimeout(
    () => timeoutController.abort(new RunTimeout(`the run did not finish within ${formatDuration(api.timeoutMs)}`)),
    api.timeoutMs,
  );
  const signal = anySignal(options.signal, timeoutController.signal);
  const client = new ApiClient({
    baseUrl: api.url,
    ...(api.urlSetting ? { urlSetting: api.urlSetting } : {}),
    ...(api.workspaceSetting ? { workspaceSetting: api.workspaceSetting } : {}),
    apiKey: api.key,
    workspaceId: api.workspaceId,
    logger,
    signal,
    requestTimeoutMs: Math.min(tuning.requestTimeoutMs ?? 30_000, api.timeoutMs),
    ...(tuning.maxBodyBytes !== undefined ? { maxBodyBytes: tuning.maxBodyBytes } : {}),
    outage: {
      ...(tuning.outageFailures !== undefined ? { failures: tuning.outageFailures } : {}),
      ...(tuning.outagePeriodMs !== undefined ? { periodMs: tuning.outagePeriodMs } : {}),
    },
    ...(tuning.maxAttempts !== undefined ? { maxAttempts: tuning.maxAttempts } : {}),
    ...(tuning.fetch ? { fetch: tuning.fetch } : {}),
    backoff: {
      ...(tuning.backoffBaseMs !== undefined ? { baseMs: tuning.backoffBaseMs } : {}),
      ...(tuning.backoffCapMs !== undefined ? { capMs: tuning.backoffCapMs } : {}),
    },
  });
  const run = new ApiRun(definitions, options, client, signal);
  let reached = false;
  try {
    const warning = localOnlyOptionsWarning(definitions);
    if (warning) logger.warning(warning);
    // one look at the job list checks the address, key and workspace for every comparison (and reads
    // the service's clock): a failure here is the run's, told once, not once per comparison
    await client.listJobs({ page: 1, size: 1 });
    reached = true;
    await run.start();
    if (!signal.aborted) await run.sweepFailedStarts();
    await run.poll();
  } catch (error) {
    if (!reached && !signal.aborted) throw error;
    if (!signal.aborted) await run.abandon(error);
    else if (!isAbortError(error) && !(error instanceof RunTimeout)) logger.debug(`api mode stopped by ${String(error)}`);
  } finally {
    clearTimeout(timer);
  }
  if (signal.aborted) {
    // the caller's signal may carry its own time limit (AbortSignal.timeout: reason TimeoutError)
    const outerReason: unknown = options.signal?.aborted ? options.signal.reason : undefined;
    const outerTimedOut = outerReason instanceof Error && outerReason.name === 'TimeoutError';
    const timedOut = outerTimedOut || (timeoutController.signal.aborted && !options.signal?.aborted);
    await run.cancel(timedOut, formatDuration(api.timeoutMs));
  }
  return run.results();
}

/**
 * The post step's backstop: the jobs a main step started (`jobs`), and those of the executes it sent
 * (`executes`, saved before sending: found by their Idempotency-Key, or as new jobs of a comparison
 * the run created), are terminated when the service still reports them unfinished. Jobs that cannot
 * be proven to be the run's are left alone and counted as `unprovable`. When the details cannot be
 * read, every known job is terminated (terminating a finished job changes nothing).
 */
export async function terminateLeftoverJobs(
  jobs: readonly StartedJob[],
  api: Pick<ApiSettings, 'url' | 'urlSetting' | 'key' | 'workspaceId'>,
  logger: Logger,
  options: { withinMs?: number; tuning?: ApiTuning; executes?: readonly PendingExecute[] } = {},
): Promise<{ terminated: StartedJob[]; failed: StartedJob[]; finished: StartedJob[]; unprovable: number[] }> {
  const outcome = { terminated: [] as StartedJob[], failed: [] as StartedJob[], finished: [] as StartedJob[], unprovable: [] as number[] };
  const executes = options.executes ?? [];
  if (jobs.length === 0 && executes.length === 0) return outcome;
  const signal = AbortSignal.timeout(options.withinMs ?? 20_000);
  const client = new ApiClient({
    baseUrl: api.url,
    ...(api.urlSetting ? { urlSetting: api.urlSetting } : {}),
    apiKey: api.key,
    workspaceId: api.workspaceId,
    logger,
    signal,
    requestTimeoutMs: options.tuning?.requestTimeoutMs ?? 10_000,
    maxAttempts: options.tuning?.maxAttempts ?? 3,
    ...(options.tuning?.fetch ? { fetch: options.tuning.fetch } : {}),
  });
  const all = new Map(jobs.map((job) => [job.runId, job]));
  for (const pending of executes) {
    try {
      const { ours, unprovable } = await jobsOfExecute(client, pending);
      for (const job of ours) {
        if (!all.has(job.job_id)) all.set(job.job_id, { comparison: job.comparison_name, runId: job.job_id, taskId: job.task_id });
      }
      outcome.unprovable.push(...unprovable.map((job) => job.job_id));
    } catch (error) {
      logger.warning(`Could not look for the jobs of the execute of ${pending.comparisons.map((n) => `"${n}"`).join(', ')} (${redact(toDatacompareError(error).message)}).`);
    }
  }
  const known = [...all.values()];
  let open: StartedJob[] = known;
  try {
    const details = new Map((await client.jobDetails(known.map((job) => job.runId))).map((detail) => [detail.run_id, detail]));
    open = known.filter((job) => {
      const detail = details.get(job.runId);
      if (detail && !client.statuses.isTerminal(detail.status)) return true;
      outcome.finished.push(job);
      return false;
    });
  } catch (error) {
    logger.warning(`Could not read the state of the jobs the main step started (${redact(toDatacompareError(error).message)}); terminating all of them.`);
  }
  await Promise.all(
    open.map(async (job) => {
      try {
        await client.terminate(job.taskId);
        outcome.terminated.push(job);
        logger.info(`Terminated job ${job.runId} ("${job.comparison}"), which the main step left running on the service.`);
      } catch (error) {
        outcome.failed.push(job);
        logger.warning(`Could not terminate job ${job.runId} ("${job.comparison}", task ${job.taskId}): ${redact(toDatacompareError(error).message)}`);
      }
    }),
  );
  return outcome;
}

function formatDuration(ms: number): string {
  if (ms % 60_000 === 0) return `${ms / 60_000} minute${ms === 60_000 ? '' : 's'}`;
  return `${Math.round(ms / 100) / 10} s`;
}
