/**
 * api mode: the spec's comparisons run on the Data Comparison Service. Each comparison is created
 * with `create_only=true` and executed (or an existing `comparisonId` executed); with an agent run
 * id the batch goes through execute_multiple. Every running job is polled in ONE details call per
 * tick (intervals growing ×1.5 with jitter); a finished job's diff details are fetched and turned
 * into the same ComparisonResult local mode produces. On cancel (the signal) or the overall timeout
 * every unfinished job is terminated in parallel and reported as cancelled / timed out.
 */
import { ApiClient } from '../api/client.js';
import type { ExecuteMultipleBody, JobDetail } from '../api/contract.js';
import { buildCreateBody, DatasourceResolver, localOnlyOptionsWarning } from '../api/resolve.js';
import { errorResult, jobResult, servicePlan, type ServiceRef } from '../api/results.js';
import type { ComparisonDefinition, ComparisonResult, ProgressEvent } from '../engine/model.js';
import { anySignal, isAbortError, sleep } from '../shared/abort.js';
import { ServiceError, toDatacompareError, type ErrorKind } from '../shared/errors.js';
import type { Logger } from '../shared/logger.js';
import { redact } from '../shared/redact.js';
import { GrowingInterval } from '../shared/retry.js';
import { ApiCallError } from '../api/service-error.js';

export interface ApiSettings {
  url: string;
  /** Which setting gave `url`, for messages: "the api-url input", "DATACOMPARE_API_URL". */
  urlSetting?: string;
  key: string;
  workspaceId: string;
  agentRunId?: string;
  /** Overall time limit of the run (timeout-minutes). */
  timeoutMs: number;
}

export interface StartedJob {
  comparison: string;
  runId: number;
  taskId: string;
}

/** Knobs for tests (and very patient users); the defaults follow the service notes. */
export interface ApiTuning {
  /** First poll wait (default 2 s), growth (×1.5) and cap (30 s). */
  pollStartMs?: number;
  pollFactor?: number;
  pollCapMs?: number;
  /** Per-request time limit (default 30 s, never above the overall limit). */
  requestTimeoutMs?: number;
  /** Retry backoff base/cap (default 1 s / 30 s) and attempts (5). */
  backoffBaseMs?: number;
  backoffCapMs?: number;
  maxAttempts?: number;
  /** How long terminating the unfinished jobs may take on cancel/timeout (default 5 s). */
  terminateWithinMs?: number;
  /** Comparisons started at once (default 4). */
  startConcurrency?: number;
  /** The HTTP transport (tests emulating the hosted service). Default: Node's fetch. */
  fetch?: typeof fetch;
}

export interface ApiRunOptions {
  api: ApiSettings;
  logger: Logger;
  signal?: AbortSignal;
  onProgress?: (event: ProgressEvent) => void;
  /** Called with every job started so far, each time one starts (the action saves them for `post`). */
  onJobsStarted?: (jobs: StartedJob[]) => void;
  tuning?: ApiTuning;
}

interface Slot {
  definition: ComparisonDefinition;
  comparisonId?: string;
  runId?: number;
  taskId?: string;
  result?: ComparisonResult;
  /** Consecutive polls in which the service did not report this job. */
  missing?: number;
}

/** A job missing from this many consecutive details answers is given up on. */
const MISSING_TICKS = 5;

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
    apiKey: api.key,
    workspaceId: api.workspaceId,
    logger,
    signal,
    requestTimeoutMs: Math.min(tuning.requestTimeoutMs ?? 30_000, api.timeoutMs),
    ...(tuning.maxAttempts !== undefined ? { maxAttempts: tuning.maxAttempts } : {}),
    ...(tuning.fetch ? { fetch: tuning.fetch } : {}),
    backoff: {
      ...(tuning.backoffBaseMs !== undefined ? { baseMs: tuning.backoffBaseMs } : {}),
      ...(tuning.backoffCapMs !== undefined ? { capMs: tuning.backoffCapMs } : {}),
    },
  });
  const slots: Slot[] = definitions.map((definition) => ({ definition }));
  const started: StartedJob[] = [];
  const serviceOf = (slot: Slot): ServiceRef => ({
    ...(slot.comparisonId !== undefined ? { comparison_id: slot.comparisonId } : {}),
    ...(slot.runId !== undefined ? { run_id: slot.runId } : {}),
    ...(slot.taskId !== undefined ? { task_id: slot.taskId } : {}),
    ...(slot.runId !== undefined ? { url: `${client.baseUrl}/jobs/comparison/${slot.runId}/diff-details` } : {}),
  });
  const progress = (slot: Slot, phase: ProgressEvent['phase'], message?: string): void =>
    options.onProgress?.({ comparison: slot.definition.name, phase, ...(message !== undefined ? { message } : {}) });
  const fail = (slot: Slot, error: unknown): void => {
    const e = toDatacompareError(error);
    slot.result = errorResult(slot.definition, { kind: e.kind, message: redact(e.message), hint: e.hint }, serviceOf(slot));
    progress(slot, 'done', e.message);
  };
  const recordStart = (slot: Slot): void => {
    if (slot.runId === undefined) return;
    if (slot.taskId !== undefined) started.push({ comparison: slot.definition.name, runId: slot.runId, taskId: slot.taskId });
    options.onJobsStarted?.([...started]);
    progress(slot, 'comparing', `job ${slot.runId}`);
  };
  const resolver = new DatasourceResolver(client);
  const bodyOf = async (definition: ComparisonDefinition) => {
    const [sourceId, targetId] = await Promise.all([
      resolver.resolve(definition.source.serviceDatasource, signal),
      resolver.resolve(definition.target.serviceDatasource, signal),
    ]);
    return buildCreateBody(definition, sourceId, targetId);
  };

  try {
    const warning = localOnlyOptionsWarning(definitions);
    if (warning) logger.warning(warning);

    // ── start ──
    const single = api.agentRunId ? slots.filter((slot) => slot.definition.comparisonId !== undefined) : slots;
    const batch = api.agentRunId ? slots.filter((slot) => slot.definition.comparisonId === undefined) : [];
    await forEachLimited(single, tuning.startConcurrency ?? 4, async (slot) => {
      try {
        progress(slot, 'connecting');
        if (slot.definition.comparisonId !== undefined) {
          slot.comparisonId = slot.definition.comparisonId;
          const run = await client.execute({ id: slot.comparisonId, name: slot.definition.name }, { signal });
          Object.assign(slot, { runId: run.runId, taskId: run.taskId });
        } else {
          const comparison = await client.createComparison(await bodyOf(slot.definition), { signal });
          slot.comparisonId = comparison.id;
          const run = await client.execute({ id: comparison.id, name: comparison.name }, { knownRunIds: new Set(), signal });
          Object.assign(slot, { runId: run.runId, taskId: run.taskId });
        }
        recordStart(slot);
      } catch (error) {
        if (signal.aborted) return;
        fail(slot, error);
      }
    });
    if (batch.length > 0 && !signal.aborted) await startBatch(batch);

    // ── poll ──
    const interval = new GrowingInterval({
      startMs: tuning.pollStartMs ?? 2000,
      factor: tuning.pollFactor ?? 1.5,
      capMs: tuning.pollCapMs ?? 30_000,
    });
    for (;;) {
      const running = slots.filter((slot) => slot.result === undefined && slot.runId !== undefined);
      if (running.length === 0) break;
      await sleep(interval.next(), signal);
      let details: JobDetail[];
      try {
        details = await client.jobDetails(running.map((slot) => slot.runId!), { signal });
      } catch (error) {
        if (signal.aborted) throw error;
        if (error instanceof ApiCallError && error.retryable) {
          logger.warning(`Polling the running jobs failed (${error.message}); trying again.`);
          continue;
        }
        throw error;
      }
      const byId = new Map(details.map((detail) => [detail.run_id, detail]));
      await Promise.all(
        running.map(async (slot) => {
          const detail = byId.get(slot.runId!);
          if (!detail) {
            slot.missing = (slot.missing ?? 0) + 1;
            if (slot.missing >= MISSING_TICKS) {
              fail(slot, new ServiceError(`The service does not report job ${slot.runId} any more (missing from the job details ${MISSING_TICKS} times in a row).`, { hint: 'It may have been deleted on the service; run the comparison again.' }));
            }
            return;
          }
          slot.missing = 0;
          slot.taskId ??= detail.task_id ?? undefined;
          if (!client.statuses.isTerminal(detail.status)) return;
          let diff;
          // a quick comparison counts rows only: like local mode, it has no diff to fetch
          if (detail.status === 'SUCCESS' && !slot.definition.quickComparison) {
            progress(slot, 'fetching-diff');
            try {
              diff = await client.diffDetails(detail.run_id, { signal });
            } catch (error) {
              if (signal.aborted) throw error;
              logger.warning(`The diff details of "${slot.definition.name}" (job ${detail.run_id}) could not be read: ${redact(toDatacompareError(error).message)}`);
            }
          }
          slot.result = jobResult(slot.definition, detail, diff, serviceOf(slot));
          progress(slot, 'done');
        }),
      );
    }
  } catch (error) {
    if (!signal.aborted) {
      // an error that stops the whole run (e.g. polling rejected with 401): unfinished jobs keep running remotely
      await terminateUnfinished(slots, client, logger, tuning.terminateWithinMs ?? 5000);
      for (const slot of slots) if (!slot.result) fail(slot, error);
    } else if (!isAbortError(error) && !(error instanceof RunTimeout)) {
      logger.debug(`api mode stopped by ${String(error)}`);
    }
  } finally {
    clearTimeout(timer);
  }

  if (signal.aborted) {
    // the caller's signal may carry its own time limit (AbortSignal.timeout: reason TimeoutError)
    const outerReason: unknown = options.signal?.aborted ? options.signal.reason : undefined;
    const outerTimedOut = outerReason instanceof Error && outerReason.name === 'TimeoutError';
    const timedOut = outerTimedOut || (timeoutController.signal.aborted && !options.signal?.aborted);
    const terminated = await terminateUnfinished(slots, client, logger, tuning.terminateWithinMs ?? 5000);
    for (const slot of slots) {
      if (slot.result) continue;
      const remote = slot.runId === undefined ? '' : terminated.has(slot) ? `; job ${slot.runId} was terminated on the service` : `; job ${slot.runId} could not be terminated (task id unknown or the service did not answer)`;
      const kind: ErrorKind = timedOut ? 'timeout' : 'cancelled';
      const message = timedOut
        ? `The comparison did not finish within ${formatDuration(api.timeoutMs)} (timeout-minutes)${remote}.`
        : `The run was cancelled before the comparison finished${remote}.`;
      slot.result = errorResult(slot.definition, { kind, message }, serviceOf(slot));
      if (slot.runId !== undefined) slot.result.plan = servicePlan(slot.runId);
      progress(slot, 'done', message);
    }
  }
  return slots.map((slot) => slot.result!);

  async function startBatch(batchSlots: Slot[]): Promise<void> {
    const configs: ExecuteMultipleBody['comparison_agent_configs'] = [];
    const byConfigId = new Map<number, Slot>();
    for (const [index, slot] of batchSlots.entries()) {
      progress(slot, 'connecting');
      try {
        configs.push({ id: index + 1, configuration: await bodyOf(slot.definition) });
        byConfigId.set(index + 1, slot);
      } catch (error) {
        if (signal.aborted) return;
        fail(slot, error);
      }
    }
    if (configs.length === 0) return;
    try {
      const sentAt = new Date();
      const runs = await client.executeMultiple({ agent_run_id: api.agentRunId!, comparison_agent_configs: configs }, { signal });
      // execute_multiple answers job ids only: the details give comparison ids (and task ids on our
      // server); the job list gives the task ids the hosted service leaves out of the details.
      for (const [configId, run] of runs) Object.assign(byConfigId.get(configId)!, { runId: run.runId, taskId: run.taskId });
      let detailById = new Map<number, JobDetail>();
      let listed = new Map<number, string>();
      try {
        const details = await client.jobDetails([...runs.values()].map((run) => run.runId), { signal });
        detailById = new Map(details.map((detail) => [detail.run_id, detail]));
        const withoutTask = [...runs.values()].filter((run) => !run.taskId && !detailById.get(run.runId)?.task_id).map((run) => run.runId);
        if (withoutTask.length > 0) listed = await client.taskIdsOf(withoutTask, sentAt, signal);
      } catch (error) {
        if (signal.aborted) throw error;
        logger.warning(`The task ids of the agent run's jobs could not be read (${redact(toDatacompareError(error).message)}); they cannot be terminated if the run is cancelled.`);
      }
      for (const [configId, run] of runs) {
        const slot = byConfigId.get(configId)!;
        const detail = detailById.get(run.runId);
        Object.assign(slot, { taskId: run.taskId ?? detail?.task_id ?? listed.get(run.runId), comparisonId: detail?.comparison_id });
        recordStart(slot);
      }
    } catch (error) {
      if (signal.aborted) return;
      for (const slot of byConfigId.values()) if (!slot.result && slot.runId === undefined) fail(slot, error);
    }
  }
}

/**
 * The post step's backstop: of the jobs a main step started, terminates those the service still
 * reports as unfinished (a job missing from the details is left alone: it does not exist). When the
 * details cannot be read, every job is terminated (terminating a finished job changes nothing).
 */
export async function terminateLeftoverJobs(
  jobs: readonly StartedJob[],
  api: Pick<ApiSettings, 'url' | 'urlSetting' | 'key' | 'workspaceId'>,
  logger: Logger,
  options: { withinMs?: number; tuning?: ApiTuning } = {},
): Promise<{ terminated: StartedJob[]; failed: StartedJob[]; finished: StartedJob[] }> {
  const outcome = { terminated: [] as StartedJob[], failed: [] as StartedJob[], finished: [] as StartedJob[] };
  if (jobs.length === 0) return outcome;
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
  });
  let open: StartedJob[] = [...jobs];
  try {
    const details = new Map((await client.jobDetails(jobs.map((job) => job.runId))).map((detail) => [detail.run_id, detail]));
    open = jobs.filter((job) => {
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

/** Terminates every unfinished job in parallel within `withinMs`; returns the slots whose job was terminated. */
async function terminateUnfinished(slots: Slot[], client: ApiClient, logger: Logger, withinMs: number): Promise<Set<Slot>> {
  const done = new Set<Slot>();
  const deadline = AbortSignal.timeout(withinMs);
  // a fresh client: the run's own signal has fired
  const fresh = client.withSignal(deadline);
  // comparisons we created whose execute answer never came: their run may exist all the same
  const unanswered = slots.filter((slot) => !slot.result && slot.runId === undefined && slot.comparisonId !== undefined && slot.definition.comparisonId === undefined);
  if (unanswered.length > 0) {
    try {
      const jobs = await fresh.recentJobs(new Date(Date.now() - 24 * 60 * 60_000));
      for (const slot of unanswered) {
        const job = jobs.find((candidate) => candidate.comparison_id === slot.comparisonId);
        if (job) Object.assign(slot, { runId: job.job_id, taskId: job.task_id });
      }
    } catch (error) {
      logger.debug(`looking for runs whose execute answer was lost failed: ${String(error)}`);
    }
  }
  const unknownTask = slots.filter((slot) => !slot.result && slot.runId !== undefined && slot.taskId === undefined);
  if (unknownTask.length > 0) {
    try {
      const found = await fresh.taskIdsOf(unknownTask.map((slot) => slot.runId!), new Date(Date.now() - 24 * 60 * 60_000));
      for (const slot of unknownTask) slot.taskId = found.get(slot.runId!);
    } catch (error) {
      logger.debug(`looking up task ids to terminate failed: ${String(error)}`);
    }
  }
  const open = slots.filter((slot) => !slot.result && slot.runId !== undefined && slot.taskId !== undefined);
  if (open.length === 0) return done;
  await Promise.all(
    open.map(async (slot) => {
      try {
        await fresh.terminate(slot.taskId!, { maxAttempts: 3 });
        done.add(slot);
        logger.info(`Terminated job ${slot.runId} ("${slot.definition.name}") on the service.`);
      } catch (error) {
        logger.warning(`Could not terminate job ${slot.runId} ("${slot.definition.name}", task ${slot.taskId}): ${redact(toDatacompareError(error).message)}`);
      }
    }),
  );
  return done;
}

async function forEachLimited<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await work(items[next++]!);
  });
  await Promise.all(workers);
}

function formatDuration(ms: number): string {
  if (ms % 60_000 === 0) return `${ms / 60_000} minute${ms === 60_000 ? '' : 's'}`;
  return `${Math.round(ms / 100) / 10} s`;
}
