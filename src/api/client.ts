/**
 * The Data Comparison Service client: every endpoint of the API document, each answer parsed with
 * the shared zod contract (unknown fields kept) through ServiceTransport (auth headers, time limits,
 * AbortSignal). Safe calls (GETs, the details POST, terminate) retry on network errors and
 * 408/429/5xx with full-jitter backoff and Retry-After. Execute is never blindly retried: every attempt
 * carries the same Idempotency-Key, and after an ambiguous failure the job list is searched for a job
 * proven to be this request's first (execute-once.ts, recovery.ts), so a job is never started twice.
 */
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import {
  comparisonCreateResponseSchema,
  comparisonGetResponseSchema,
  diffDetailsResponseSchema,
  executeMultipleResponseSchema,
  executeResponseSchema,
  jobDetailsResponseSchema,
  jobListMetaSchema,
  jobListResponseSchema,
  MAX_DETAIL_IDS,
  MAX_PAGE_SIZE,
  sourcesResponseSchema,
  terminateResponseSchema,
  type ComparisonCreateBody,
  type Comparison,
  type DataSource,
  type DiffDetailsData,
  type ExecuteMultipleBody,
  type JobDetail,
  type JobListItem,
  type Page,
} from './contract.js';
import { executeOnce } from './execute-once.js';
import { StatusReader, taskIdOf, wrapBareList, wrapBarePage } from './normalize.js';
import { CLOCK_SLACK_MS, identifyBatch, identifySingle, UnprovableJobError, type ExecuteIdentity, type SentConfig } from './recovery.js';
import { invalidResponseError } from './service-error.js';
import { ServiceTransport, type ApiClientOptions } from './transport.js';

export type { ApiClientOptions } from './transport.js';

/** A started job: its id (run_id) and background task id (for terminate). */
export interface StartedRun {
  runId: number;
  taskId: string | undefined;
  /** True when the answer was lost and the run was found in the job list instead. */
  recovered?: boolean;
}

export interface JobListOptions {
  page?: number;
  size?: number;
  /** Comparison name search. */
  filter?: string;
  statuses?: string[];
  startTime?: Date;
  endTime?: Date;
  /** Ours (a service that does not know them ignores them): only the jobs of this execute / agent run. */
  idempotencyKey?: string;
  agentRunId?: string;
}

export class ApiClient {
  readonly baseUrl: string;
  readonly statuses: StatusReader;
  private readonly http: ServiceTransport;

  constructor(options: ApiClientOptions) {
    this.http = new ServiceTransport(options);
    this.baseUrl = this.http.baseUrl;
    this.statuses = new StatusReader(options.logger);
  }

  /** The same client bound to another signal (e.g. to terminate jobs after the run's own signal fired). */
  withSignal(signal: AbortSignal | undefined): ApiClient {
    const { signal: _previous, ...rest } = this.http.options;
    return new ApiClient({ ...rest, ...(signal ? { signal } : {}) });
  }

  // ───────────────────────────── endpoints ─────────────────────────────

  /** POST /comparisons?create_only=true: stores the comparison without running it. */
  async createComparison(body: ComparisonCreateBody, options: { signal?: AbortSignal } = {}): Promise<Comparison> {
    const answer = await this.http.safeCall({
      method: 'POST',
      endpoint: 'POST /comparisons',
      path: '/comparisons',
      query: { create_only: true },
      body,
      schema: comparisonCreateResponseSchema,
      idempotencyKey: randomUUID(),
      ...(options.signal ? { signal: options.signal } : {}),
    });
    return answer.data;
  }

  /**
   * GET /comparisons/{comparison_id}: a stored comparison as the service keeps it (the document lists
   * the operation without its shape; ours answers with the create response's comparison).
   */
  async getComparison(id: string, options: { signal?: AbortSignal } = {}): Promise<Comparison> {
    const answer = await this.http.safeCall({
      method: 'GET',
      endpoint: 'GET /comparisons/{comparison_id}',
      path: `/comparisons/${encodeURIComponent(id)}`,
      schema: comparisonGetResponseSchema,
      ...(options.signal ? { signal: options.signal } : {}),
    });
    return answer.data;
  }

  /**
   * What identifies one logical execute: a fresh Idempotency-Key (sent on every attempt) and the
   * service's time before it is sent (its clock, from a Date header; one job-list call when no answer
   * has given it yet). Make it before sending, and keep it where a later step can find the job.
   */
  async newIdentity(signal?: AbortSignal): Promise<ExecuteIdentity> {
    if (!this.http.serviceNow()) {
      try {
        await this.listJobs({ page: 1, size: 1 }, signal);
      } catch (error) {
        if (signal?.aborted || this.http.options.signal?.aborted) throw error;
        this.http.options.logger.debug(`the service's clock could not be read from its job list: ${String(error)}`);
      }
    }
    const now = this.http.serviceNow();
    return { idempotencyKey: randomUUID(), sentAfter: now ? new Date(now.getTime() - CLOCK_SLACK_MS) : undefined };
  }

  /**
   * POST /comparisons/{id}/execute, one job at most (see execute-once.ts). A lost answer is recovered
   * only from a job proven to be this request's (identifySingle): its Idempotency-Key, or for a
   * comparison this run created (`ownComparison`), a new job of it. Otherwise UnprovableJobError.
   */
  async execute(
    comparison: { id: string; name: string },
    options: {
      identity?: ExecuteIdentity;
      ownComparison?: boolean;
      knownRunIds?: ReadonlySet<number>;
      signal?: AbortSignal;
      query?: Record<string, string | number | boolean | undefined>;
    } = {},
  ): Promise<StartedRun> {
    const identity = options.identity ?? (await this.newIdentity(options.signal));
    const endpoint = 'POST /comparisons/{comparison_id}/execute';
    const what = `"${comparison.name}" (comparison ${comparison.id})`;
    const { value, recovered } = await executeOnce(this.http, {
      endpoint,
      what,
      ...(options.signal ? { signal: options.signal } : {}),
      send: async () => {
        const answer = await this.http.call({
          method: 'POST',
          endpoint,
          path: `/comparisons/${encodeURIComponent(comparison.id)}/execute`,
          ...(options.query ? { query: options.query } : {}),
          schema: executeResponseSchema,
          idempotencyKey: identity.idempotencyKey,
          ...(options.signal ? { signal: options.signal } : {}),
        });
        return { runId: answer.run_id, taskId: taskIdOf(answer) } as StartedRun;
      },
      recover: async () => {
        const jobs = await this.jobsOf(identity, options.ownComparison ? { filter: comparison.name } : {}, options.signal);
        const found = identifySingle(jobs, identity, comparison.id, { ownComparison: options.ownComparison ?? false, ...(options.knownRunIds ? { known: options.knownRunIds } : {}) });
        if (found.kind === 'unprovable') throw new UnprovableJobError(endpoint, what, 'the answer was lost', found.candidates);
        return found.kind === 'found' ? ({ runId: found.job.job_id, taskId: found.job.task_id } as StartedRun) : undefined;
      },
    });
    return recovered ? { ...value, recovered } : value;
  }

  /**
   * POST /comparisons/execute_multiple for an agent run, one job per config at most: the same body and
   * Idempotency-Key on every attempt; a lost answer is recovered only from jobs proven to be this
   * request's (identifyBatch), else UnprovableJobError.
   */
  async executeMultiple(
    body: ExecuteMultipleBody,
    options: { identity?: ExecuteIdentity; signal?: AbortSignal } = {},
  ): Promise<Map<number, StartedRun>> {
    const identity = options.identity ?? (await this.newIdentity(options.signal));
    const endpoint = 'POST /comparisons/execute_multiple';
    const configs = body.comparison_agent_configs;
    const what = `agent run ${body.agent_run_id} (${configs.length} comparison(s))`;
    const sent: SentConfig[] = configs.map((config) => ({
      id: config.id,
      name: config.configuration.name,
      ...(datasetName(config.configuration.source_dataset_id, config.configuration.configuration.source_query) ?? {}),
      ...(datasetName(config.configuration.target_dataset_id, config.configuration.configuration.target_query, 'target') ?? {}),
    }));
    const { value, recovered } = await executeOnce(this.http, {
      endpoint,
      what,
      ...(options.signal ? { signal: options.signal } : {}),
      send: async () => {
        const answer = await this.http.call({
          method: 'POST',
          endpoint,
          path: '/comparisons/execute_multiple',
          body,
          schema: executeMultipleResponseSchema,
          idempotencyKey: identity.idempotencyKey,
          ...(options.signal ? { signal: options.signal } : {}),
        });
        const started = new Map<number, StartedRun>();
        for (const config of configs) {
          const runId = answer.mapped_run_ids[String(config.id)];
          if (runId === undefined) {
            throw invalidResponseError(endpoint, 200, `mapped_run_ids has no job for config id ${config.id} ("${config.configuration.name}")`);
          }
          started.set(config.id, { runId, taskId: undefined });
        }
        return started;
      },
      recover: async () => {
        const jobs = await this.jobsOf(identity, { agentRunId: body.agent_run_id }, options.signal);
        const found = identifyBatch(jobs, identity, body.agent_run_id, sent);
        if (found.kind === 'unprovable') throw new UnprovableJobError(endpoint, what, 'the answer was lost', found.candidates);
        if (found.kind === 'none') return undefined;
        return new Map([...found.jobs].map(([id, job]) => [id, { runId: job.job_id, taskId: job.task_id } as StartedRun]));
      },
    });
    if (recovered) for (const run of value.values()) run.recovered = true;
    return value;
  }

  /** Jobs created since the execute of `identity` was sent, narrowed by its key on services that filter by it. */
  async jobsOf(identity: ExecuteIdentity, narrow: { filter?: string; agentRunId?: string }, signal?: AbortSignal): Promise<JobListItem[]> {
    const since = identity.sentAfter ?? new Date(Date.now() - 5 * 60_000);
    return this.recentJobs(since, signal, narrow.filter, { idempotencyKey: identity.idempotencyKey, ...(narrow.agentRunId ? { agentRunId: narrow.agentRunId } : {}) });
  }

  /** POST /jobs/comparison/details for any number of job ids (batched by the service's limit). */
  async jobDetails(runIds: readonly number[], options: { signal?: AbortSignal } = {}): Promise<JobDetail[]> {
    const details: JobDetail[] = [];
    for (let start = 0; start < runIds.length; start += MAX_DETAIL_IDS) {
      const answer = await this.http.safeCall({
        method: 'POST',
        endpoint: 'POST /jobs/comparison/details',
        path: '/jobs/comparison/details',
        body: runIds.slice(start, start + MAX_DETAIL_IDS),
        schema: jobDetailsResponseSchema.extend({ meta: jobDetailsResponseSchema.shape.meta.optional() }),
        prepare: wrapBareList,
        idempotencyKey: randomUUID(),
        ...(options.signal ? { signal: options.signal } : {}),
      });
      details.push(...answer.data);
    }
    return details;
  }

  /** GET /jobs/comparison: one page. */
  async listJobs(options: JobListOptions = {}, signal?: AbortSignal): Promise<Page<JobListItem> & { meta?: z.infer<typeof jobListMetaSchema> }> {
    const answer = await this.http.safeCall({
      method: 'GET',
      endpoint: 'GET /jobs/comparison',
      path: '/jobs/comparison',
      query: {
        page: options.page,
        size: options.size,
        filter: options.filter,
        status_filters: options.statuses?.join(','),
        start_time: options.startTime?.toISOString(),
        end_time: options.endTime?.toISOString(),
        idempotency_key: options.idempotencyKey,
        agent_run_id: options.agentRunId,
      },
      schema: jobListResponseSchema.extend({ meta: jobListMetaSchema.partial().optional() }),
      prepare: wrapBarePage,
      ...(signal ? { signal } : {}),
    });
    return { ...answer.data, ...(answer.meta ? { meta: answer.meta as z.infer<typeof jobListMetaSchema> } : {}) };
  }

  /** GET /jobs/comparison/{job_id}/diff-details */
  async diffDetails(runId: number, options: { signal?: AbortSignal } = {}): Promise<DiffDetailsData> {
    const answer = await this.http.safeCall({
      method: 'GET',
      endpoint: 'GET /jobs/comparison/{job_id}/diff-details',
      path: `/jobs/comparison/${runId}/diff-details`,
      schema: diffDetailsResponseSchema.extend({ meta: diffDetailsResponseSchema.shape.meta.optional() }),
      ...(options.signal ? { signal: options.signal } : {}),
    });
    return answer.data;
  }

  /** POST /jobs/{task_id}/terminate (terminating twice is harmless, so it is retried like a GET). */
  async terminate(taskId: string, options: { signal?: AbortSignal; maxAttempts?: number } = {}): Promise<string> {
    const answer = await this.http.safeCall(
      {
        method: 'POST',
        endpoint: 'POST /jobs/{task_id}/terminate',
        path: `/jobs/${encodeURIComponent(taskId)}/terminate`,
        schema: terminateResponseSchema,
        idempotencyKey: randomUUID(),
        ...(options.signal ? { signal: options.signal } : {}),
      },
      options.maxAttempts,
    );
    return answer.message;
  }

  /** GET /sources: one page. */
  async listSources(
    options: { filter?: string; page?: number; size?: number; sortBy?: 'last_scanned' | 'name' | 'type'; sortOrder?: 'asc' | 'desc' } = {},
    signal?: AbortSignal,
  ): Promise<Page<DataSource>> {
    const answer = await this.http.safeCall({
      method: 'GET',
      endpoint: 'GET /sources',
      path: '/sources',
      query: { filter: options.filter, page: options.page, size: options.size, sort_by: options.sortBy, sort_order: options.sortOrder },
      schema: sourcesResponseSchema.extend({ message: sourcesResponseSchema.shape.message.optional(), meta: sourcesResponseSchema.shape.meta.optional() }),
      prepare: wrapBarePage,
      ...(signal ? { signal } : {}),
    });
    return answer.data;
  }

  /** Every data source whose name matches `filter` (all pages). */
  async allSources(filter?: string, signal?: AbortSignal): Promise<DataSource[]> {
    const all: DataSource[] = [];
    for (let page = 1; page <= 1000; page++) {
      const answer = await this.listSources({ ...(filter !== undefined ? { filter } : {}), page, size: MAX_PAGE_SIZE, sortBy: 'name', sortOrder: 'asc' }, signal);
      all.push(...answer.items);
      if (answer.items.length === 0 || page >= answer.pages) break;
    }
    return all;
  }

  // ───────────────────────────── job-list lookups ─────────────────────────────

  /** Job ids of a comparison's runs of the last 24 hours. */
  async runIdsOf(comparison: { id: string; name: string }, signal?: AbortSignal): Promise<Set<number>> {
    const jobs = await this.recentJobs(new Date(Date.now() - 24 * 60 * 60_000), signal, comparison.name);
    return new Set(jobs.filter((job) => job.comparison_id === comparison.id).map((job) => job.job_id));
  }

  /** Task ids of jobs (from the job list) for services whose job details do not carry them. */
  async taskIdsOf(runIds: readonly number[], since: Date, signal?: AbortSignal): Promise<Map<number, string>> {
    const wanted = new Set(runIds);
    const found = new Map<number, string>();
    if (wanted.size === 0) return found;
    for (const job of await this.recentJobs(new Date(since.getTime() - 5 * 60_000), signal)) {
      if (wanted.has(job.job_id) && job.task_id) found.set(job.job_id, job.task_id);
    }
    return found;
  }

  /** Jobs created since `since` (up to 10 pages of 100), optionally only comparisons whose name contains `filter`. */
  async recentJobs(since: Date, signal?: AbortSignal, filter?: string, ours: Pick<JobListOptions, 'idempotencyKey' | 'agentRunId'> = {}): Promise<JobListItem[]> {
    const jobs: JobListItem[] = [];
    for (let page = 1; page <= 10; page++) {
      const answer = await this.listJobs({ page, size: MAX_PAGE_SIZE, startTime: since, ...(filter !== undefined ? { filter } : {}), ...ours }, signal);
      jobs.push(...answer.items);
      if (answer.items.length === 0 || page >= answer.pages) break;
    }
    return jobs;
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The dataset name the job list will show for a side (not for a query, nor a dataset given by id). */
function datasetName(dataset: string | null | undefined, query: string | null | undefined, side: 'source' | 'target' = 'source'): Partial<SentConfig> | undefined {
  if (query || !dataset || UUID.test(dataset)) return undefined;
  return side === 'source' ? { sourceDataset: dataset } : { targetDataset: dataset };
}
