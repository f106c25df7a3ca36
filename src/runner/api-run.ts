/**
 * One api-mode run, step by step: `start` creates and executes every comparison (one by one, or as one
 * agent batch), `poll` asks for every running job in one details call per tick, `collect` turns a
 * finished job into its result with its diff details, and `cancel` terminates what an abort left
 * running. `runApiComparisons` (api-mode.ts) strings them together.
 */
import type { ApiClient } from '../api/client.js';
import type { ExecuteMultipleBody, JobDetail } from '../api/contract.js';
import type { ExecuteIdentity } from '../api/recovery.js';
import { buildCreateBody, DatasourceResolver } from '../api/resolve.js';
import type { Asked } from '../api/result-checks.js';
import { askedBySpec, askedByStored, errorResult, jobResult, servicePlan, type ServiceRef } from '../api/results.js';
import { ApiCallError, displayUrl } from '../api/service-error.js';
import type { ComparisonDefinition, ComparisonResult, ProgressEvent } from '../engine/model.js';
import { sleep } from '../shared/abort.js';
import { ServiceError, toDatacompareError, type ErrorKind } from '../shared/errors.js';
import type { Logger } from '../shared/logger.js';
import { redact } from '../shared/redact.js';
import { GrowingInterval } from '../shared/retry.js';
import { foreignJob, formatLimit, terminateUnfinished, type PendingExecute } from './api-cleanup.js';

import type { Slot } from './api-slot.js';

export type { PendingExecute } from './api-cleanup.js';
export type { Slot } from './api-slot.js';

export interface ApiSettings {
  url: string;
  /** Which setting gave `url`, for messages: "the api-url input", "DATACOMPARE_API_URL". */
  urlSetting?: string;
  /** Which setting gave `workspaceId`, for messages: "the workspace-id input", "DATACOMPARE_WORKSPACE_ID". */
  workspaceSetting?: string;
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
  /** Per-request time limit, headers and body (default 30 s, never above the overall limit). */
  requestTimeoutMs?: number;
  /** The most bytes read from one answer (default 64 MiB). */
  maxBodyBytes?: number;
  /** The service is given up on after this many failed requests in a row (default 3) over this long (default 90 s). */
  outageFailures?: number;
  outagePeriodMs?: number;
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
  /**
   * Called with every execute about to be sent (before it is), so a later step can find its job even
   * when this process is killed before the answer comes (the action saves them for `post`).
   */
  onExecutes?: (executes: PendingExecute[]) => void;
  tuning?: ApiTuning;
}


/** The most rows a create body asks for (buildCreateBody). */
const MAX_REQUESTED_ROWS = 10_000;

/** A job missing from this many consecutive details answers is given up on. */
const MISSING_TICKS = 5;


export class ApiRun {
  readonly slots: Slot[];
  private readonly started: StartedJob[] = [];
  private readonly executes: PendingExecute[] = [];
  private readonly resolver: DatasourceResolver;
  private readonly logger: Logger;

  constructor(
    definitions: readonly ComparisonDefinition[],
    private readonly options: ApiRunOptions,
    private readonly client: ApiClient,
    private readonly signal: AbortSignal,
  ) {
    this.slots = definitions.map((definition) => ({ definition }));
    this.resolver = new DatasourceResolver(client);
    this.logger = options.logger;
  }

  /** start: every comparison created (unless it exists) and executed; a failed start fails that comparison only. */
  async start(): Promise<void> {
    const { api, tuning = {} } = this.options;
    const single = api.agentRunId ? this.slots.filter((slot) => slot.definition.comparisonId !== undefined) : this.slots;
    const batch = api.agentRunId ? this.slots.filter((slot) => slot.definition.comparisonId === undefined) : [];
    await forEachLimited(single, tuning.startConcurrency ?? 4, (slot) => this.startOne(slot));
    if (batch.length > 0 && !this.signal.aborted) await this.startBatch(batch);
  }

  /** poll: until every started job has its result (finished, or given up on when the service forgets it). */
  async poll(): Promise<void> {
    const tuning = this.options.tuning ?? {};
    const interval = new GrowingInterval({
      startMs: tuning.pollStartMs ?? 2000,
      factor: tuning.pollFactor ?? 1.5,
      capMs: tuning.pollCapMs ?? 30_000,
    });
    for (;;) {
      await this.expire();
      const running = this.slots.filter((slot) => slot.result === undefined && slot.runId !== undefined);
      if (running.length === 0) return;
      const deadlines = running.flatMap((slot) => (slot.deadline === undefined ? [] : [slot.deadline - Date.now()]));
      await sleep(Math.max(0, Math.min(interval.next(), ...deadlines)), this.signal);
      let details: JobDetail[];
      try {
        details = await this.client.jobDetails(running.map((slot) => slot.runId!), { signal: this.signal });
      } catch (error) {
        if (this.signal.aborted) throw error;
        if (error instanceof ApiCallError && error.retryable) {
          this.logger.warning(`Polling the running jobs failed (${error.message}); trying again.`);
          continue;
        }
        throw error;
      }
      const byId = new Map(details.map((detail) => [detail.run_id, detail]));
      await Promise.all(running.map((slot) => this.track(slot, byId.get(slot.runId!))));
    }
  }

  /** An error that stops the whole run (e.g. polling rejected with 401): unfinished jobs are terminated, then failed. */
  async abandon(error: unknown): Promise<void> {
    await terminateUnfinished(this.slots, this.client, this.logger, this.options.tuning?.terminateWithinMs ?? 5000);
    for (const slot of this.slots) if (!slot.result) this.fail(slot, error);
  }

  /** timeout_minutes: a job still running at its comparison's limit is terminated and reported as an error naming the limit. */
  private async expire(): Promise<void> {
    const now = Date.now();
    const due = this.slots.filter((slot) => !slot.result && slot.deadline !== undefined && slot.deadline <= now && slot.runId !== undefined);
    if (due.length === 0) return;
    const terminated = await terminateUnfinished(due, this.client, this.logger, this.options.tuning?.terminateWithinMs ?? 5000);
    for (const slot of due) {
      const remote = terminated.has(slot) ? `job ${slot.runId} was terminated on the service` : `job ${slot.runId} could not be terminated on the service`;
      const message = `The comparison did not finish within its time limit (${formatLimit(slot.definition.timeoutMs ?? 0)}, timeout_minutes); ${remote}.`;
      slot.result = errorResult(slot.definition, { kind: 'timeout', message, hint: 'Raise timeout_minutes, add a filter, or compare fewer columns.' }, this.serviceOf(slot));
      slot.result.plan = servicePlan(slot.runId);
      this.progress(slot, 'done', message);
    }
  }

  /**
   * After start: jobs that an execute which ended in an error started after all (a request that
   * landed late, or one whose job could not be proven ours but is of our own comparison) are
   * terminated, and the comparison's error says so.
   */
  async sweepFailedStarts(): Promise<void> {
    const failed = this.slots.filter((slot) => slot.result?.status === 'error' && slot.runId === undefined && slot.identity !== undefined);
    if (failed.length === 0) return;
    const pending = failed.map((slot) => ({ slot, result: slot.result! }));
    for (const slot of failed) slot.result = undefined;
    const terminated = await terminateUnfinished(failed, this.client, this.logger, this.options.tuning?.terminateWithinMs ?? 5000);
    for (const { slot, result } of pending) {
      slot.result = result;
      if (slot.runId !== undefined && result.error) {
        result.error.message += terminated.has(slot)
          ? ` Job ${slot.runId}, which this request started after all, was terminated.`
          : ` Job ${slot.runId}, which this request started after all, could not be terminated.`;
      }
    }
  }

  /** cancel: after an abort, every unfinished job terminated on the service and reported as cancelled or timed out. */
  async cancel(timedOut: boolean, limitText: string): Promise<void> {
    const withinMs = this.options.tuning?.terminateWithinMs ?? 5000;
    // an execute in flight at the cancel may still land: look for its job for a while
    const inFlight = this.slots.some((slot) => !slot.result && slot.runId === undefined && slot.identity !== undefined);
    const terminated = await terminateUnfinished(this.slots, this.client, this.logger, withinMs, inFlight ? Math.min(withinMs / 2, 2500) : 0);
    for (const slot of this.slots) {
      if (slot.result) continue;
      const remote = slot.runId === undefined ? '' : terminated.has(slot) ? `; job ${slot.runId} was terminated on the service` : `; job ${slot.runId} could not be terminated (task id unknown or the service did not answer)`;
      const kind: ErrorKind = timedOut ? 'timeout' : 'cancelled';
      const unanswered = slot.runId === undefined && slot.identity !== undefined ? '; its execute had no answer and no job of it was found on the service' : '';
      const message = timedOut
        ? `The comparison did not finish within ${limitText} (timeout-minutes)${remote}${unanswered}.`
        : `The run was cancelled before the comparison finished${remote}${unanswered}.`;
      slot.result = errorResult(slot.definition, { kind, message }, this.serviceOf(slot));
      if (slot.runId !== undefined) slot.result.plan = servicePlan(slot.runId);
      this.progress(slot, 'done', message);
    }
  }

  results(): ComparisonResult[] {
    return this.slots.map((slot) => slot.result!);
  }

  /** create: the service's create body of a comparison, its data sources resolved to ids. */
  private async createBody(definition: ComparisonDefinition) {
    const [sourceId, targetId] = await Promise.all([
      this.resolver.resolve(definition.source.serviceDatasource, this.signal),
      this.resolver.resolve(definition.target.serviceDatasource, this.signal),
    ]);
    return buildCreateBody(definition, sourceId, targetId);
  }

  private async startOne(slot: Slot): Promise<void> {
    const { client, signal } = this;
    try {
      this.progress(slot, 'connecting');
      let comparison: { id: string; name: string };
      if (slot.definition.comparisonId !== undefined) {
        comparison = { id: slot.definition.comparisonId, name: slot.definition.name };
        slot.asked = await this.storedAsks(comparison.id);
      } else {
        const created = await client.createComparison(await this.createBody(slot.definition), { signal });
        comparison = { id: created.id, name: created.name };
        slot.ownComparison = true;
      }
      slot.comparisonId = comparison.id;
      slot.identity = await client.newIdentity(signal);
      this.recordExecute({ comparisons: [slot.definition.name], comparisonId: comparison.id, ownComparison: slot.ownComparison ?? false }, slot.identity);
      this.startClock(slot);
      const run = await client.execute(comparison, { identity: slot.identity, ownComparison: slot.ownComparison ?? false, ...(slot.ownComparison ? { knownRunIds: new Set<number>() } : {}), signal });
      Object.assign(slot, { runId: run.runId, taskId: run.taskId });
      this.recordStart(slot);
    } catch (error) {
      if (signal.aborted) return;
      this.fail(slot, error);
    }
  }

  /**
   * What a stored comparison asks for, read before it is executed (GET /comparisons/{id}). A service
   * that cannot tell leaves it unknown, and a threshold then cannot pass on what may not be counted.
   */
  private async storedAsks(id: string): Promise<Asked> {
    try {
      return askedByStored(id, await this.client.getComparison(id, { signal: this.signal }));
    } catch (error) {
      if (this.signal.aborted) throw error;
      const why = redact(toDatacompareError(error).message).replace(/[.\s]+$/, '');
      this.logger.debug(`The configuration of stored comparison ${id} could not be read: ${why}`);
      return { kind: 'unknown', schemaDiffAsked: undefined, unknownWhy: `the stored comparison's configuration could not be read (${why})` };
    }
  }

  /** The agent run's comparisons in one execute_multiple call. */
  private async startBatch(batchSlots: Slot[]): Promise<void> {
    const { client, signal, logger } = this;
    const configs: ExecuteMultipleBody['comparison_agent_configs'] = [];
    const byConfigId = new Map<number, Slot>();
    for (const [index, slot] of batchSlots.entries()) {
      this.progress(slot, 'connecting');
      try {
        configs.push({ id: index + 1, configuration: await this.createBody(slot.definition) });
        byConfigId.set(index + 1, slot);
      } catch (error) {
        if (signal.aborted) return;
        this.fail(slot, error);
      }
    }
    if (configs.length === 0) return;
    try {
      const agentRunId = this.options.api.agentRunId!;
      const identity = await client.newIdentity(signal);
      for (const [configId, slot] of byConfigId) Object.assign(slot, { identity, configId, agentRunId });
      this.recordExecute({ comparisons: [...byConfigId.values()].map((slot) => slot.definition.name), agentRunId, ownComparison: true }, identity);
      for (const slot of byConfigId.values()) this.startClock(slot);
      const sentAt = identity.sentAfter ?? new Date();
      const runs = await client.executeMultiple({ agent_run_id: agentRunId, comparison_agent_configs: configs }, { identity, signal });
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
        Object.assign(slot, { taskId: run.taskId ?? detail?.task_id ?? listed.get(run.runId) });
        // the comparison id the batch made, taken only from a job that shows this config's name (and key, config id)
        if (detail && !foreignJob(slot, detail)) slot.comparisonId = detail.comparison_id;
        this.recordStart(slot);
      }
    } catch (error) {
      if (signal.aborted) return;
      for (const slot of byConfigId.values()) if (!slot.result && slot.runId === undefined) this.fail(slot, error);
    }
  }

  /** One running job's latest detail: missing, still running, or finished (then collected). */
  private async track(slot: Slot, detail: JobDetail | undefined): Promise<void> {
    if (!detail) {
      slot.missing = (slot.missing ?? 0) + 1;
      if (slot.missing >= MISSING_TICKS) {
        this.fail(slot, new ServiceError(`The service does not report job ${slot.runId} any more (missing from the job details ${MISSING_TICKS} times in a row).`, { hint: 'It may have been deleted on the service; run the comparison again.' }));
      }
      return;
    }
    slot.missing = 0;
    const foreign = foreignJob(slot, detail);
    if (foreign) {
      // not this run's job: its result is refused, and it is left alone (it may be another run's)
      slot.runId = undefined;
      slot.taskId = undefined;
      this.fail(slot, new ServiceError(foreign, { hint: 'Run the comparison again; if it repeats, the service hands out job ids of other comparisons (e.g. a restored store).' }));
      return;
    }
    slot.taskId ??= detail.task_id ?? undefined;
    if (this.client.statuses.isTerminal(detail.status)) await this.collect(slot, detail);
  }

  /** collect: a finished job's result, with its diff details (a quick comparison counts rows only: no diff). */
  private async collect(slot: Slot, detail: JobDetail): Promise<void> {
    let diff;
    let unavailable: string | undefined;
    const asked = slot.asked ?? askedBySpec(slot.definition);
    if (detail.status === 'SUCCESS' && asked.kind !== 'quick') {
      this.progress(slot, 'fetching-diff');
      try {
        diff = await this.client.diffDetails(detail.run_id, { signal: this.signal });
      } catch (error) {
        if (this.signal.aborted) throw error;
        unavailable = redact(toDatacompareError(error).message);
        this.logger.warning(`The differing rows of "${slot.definition.name}" (job ${detail.run_id}) could not be read: ${unavailable}`);
      }
    }
    slot.result = jobResult(slot.definition, detail, diff, this.serviceOf(slot), { serviceAt: displayUrl(this.client.baseUrl), asked });
    const differing = slot.result.result?.diff_status === 'MISMATCH';
    if (unavailable !== undefined && differing) slot.result.diff_rows_unavailable = unavailable;
    const kept = slot.result.diff?.diff_rows.length ?? 0;
    const requested = Math.min(slot.definition.maxDiffRows, MAX_REQUESTED_ROWS);
    // (a stored comparison's own max_diff_rows is not the spec's: no claim about it)
    if (slot.definition.comparisonId === undefined && slot.result.diff && kept < Math.min(requested, slot.result.diff.diff_rows_total)) slot.result.diff_rows_capped = { requested, kept };
    this.progress(slot, 'done');
  }

  private serviceOf(slot: Slot): ServiceRef {
    return {
      ...(slot.comparisonId !== undefined ? { comparison_id: slot.comparisonId } : {}),
      ...(slot.runId !== undefined ? { run_id: slot.runId } : {}),
      ...(slot.taskId !== undefined ? { task_id: slot.taskId } : {}),
      ...(slot.runId !== undefined ? { url: `${this.client.baseUrl}/jobs/comparison/${slot.runId}/diff-details` } : {}),
    };
  }

  private progress(slot: Slot, phase: ProgressEvent['phase'], message?: string): void {
    this.options.onProgress?.({ comparison: slot.definition.name, phase, ...(message !== undefined ? { message } : {}) });
  }

  private fail(slot: Slot, error: unknown): void {
    const e = toDatacompareError(error);
    slot.result = errorResult(slot.definition, { kind: e.kind, message: redact(e.message), hint: e.hint }, this.serviceOf(slot));
    this.progress(slot, 'done', e.message);
  }

  /** Saves an execute about to be sent (onExecutes), so it can be found if this process dies. */
  private recordExecute(what: Omit<PendingExecute, 'idempotencyKey' | 'sentAfter'>, identity: ExecuteIdentity): void {
    this.executes.push({ ...what, idempotencyKey: identity.idempotencyKey, ...(identity.sentAfter ? { sentAfter: identity.sentAfter.toISOString() } : {}) });
    this.options.onExecutes?.([...this.executes]);
  }

  private startClock(slot: Slot): void {
    if (slot.definition.timeoutMs !== undefined) slot.deadline = Date.now() + slot.definition.timeoutMs;
  }

  private recordStart(slot: Slot): void {
    if (slot.runId === undefined) return;
    if (slot.taskId !== undefined) this.started.push({ comparison: slot.definition.name, runId: slot.runId, taskId: slot.taskId });
    this.options.onJobsStarted?.([...this.started]);
    this.progress(slot, 'comparing', `job ${slot.runId}`);
  }
}

async function forEachLimited<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await work(items[next++]!);
  });
  await Promise.all(workers);
}
