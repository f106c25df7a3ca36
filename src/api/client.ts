/**
 * The Data Comparison Service client: every endpoint of the API document, each answer parsed with
 * the shared zod contract (unknown fields kept) through ServiceTransport (auth headers, time limits,
 * AbortSignal). Safe calls (GETs, the details POST, terminate) retry on network errors and
 * 408/429/5xx with full-jitter backoff and Retry-After. Execute is never blindly retried: after an ambiguous failure
 * the job list is searched for the run first (see `execute`), so a job is never started twice.
 */
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import {
  comparisonCreateResponseSchema,
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
import { parseServiceTimestamp, StatusReader, taskIdOf, wrapBareList, wrapBarePage } from './normalize.js';
import { ApiCallError, invalidResponseError } from './service-error.js';
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
   * POST /comparisons/{id}/execute, at most once. After an ambiguous failure (connection lost, 500,
   * 502, 504, no answer in time) the job list is searched for a run of this comparison that is not
   * in `knownRunIds` and was created after we sent the request; only when there is none is execute
   * sent again. Pass `knownRunIds` (the comparison's runs before this call; empty for a comparison
   * just created); when absent they are listed first.
   */
  async execute(
    comparison: { id: string; name: string },
    options: { knownRunIds?: ReadonlySet<number>; signal?: AbortSignal; query?: Record<string, string | number | boolean | undefined> } = {},
  ): Promise<StartedRun> {
    const known = options.knownRunIds ?? (await this.runIdsOf(comparison, options.signal));
    const idempotencyKey = randomUUID();
    const endpoint = 'POST /comparisons/{comparison_id}/execute';
    const maxAttempts = this.http.maxAttempts;
    for (let attempt = 1; ; attempt++) {
      const sentAt = new Date();
      try {
        const answer = await this.http.call({
          method: 'POST',
          endpoint,
          path: `/comparisons/${encodeURIComponent(comparison.id)}/execute`,
          ...(options.query ? { query: options.query } : {}),
          schema: executeResponseSchema,
          idempotencyKey,
          ...(options.signal ? { signal: options.signal } : {}),
        });
        return { runId: answer.run_id, taskId: taskIdOf(answer) };
      } catch (error) {
        if (!(error instanceof ApiCallError) || !error.retryable || attempt >= maxAttempts) throw error;
                // wait first: a request still on its way (a slow proxy) lands before we look for it
        await this.http.pause(this.http.retryDelay(error, attempt), options.signal);
        if (error.ambiguous) {
          let found = await this.findNewRun(comparison, known, sentAt, options.signal);
          if (!found && error.failure === 'timeout') {
            // a slow service may still be working on the request: look once more after a pause
            await this.http.pause(Math.min(5000, Math.max(200, this.http.requestTimeoutMs / 3)), options.signal);
            found = await this.findNewRun(comparison, known, sentAt, options.signal);
          }
          if (found) {
            this.http.options.logger.warning(
              `${endpoint} for "${comparison.name}" got no clear answer (${error.message}); the run was found in the job list (job ${found.job_id}) and is not started again.`,
            );
            return { runId: found.job_id, taskId: found.task_id, recovered: true };
          }
        }
        this.http.options.logger.debug(`${endpoint} for "${comparison.name}": ${error.message} Sending it again.`);
      }
    }
  }

  /**
   * POST /comparisons/execute_multiple for an agent run. After an ambiguous failure the job list is
   * searched by comparison name; configs whose run shows up are not sent again.
   */
  async executeMultiple(body: ExecuteMultipleBody, options: { signal?: AbortSignal } = {}): Promise<Map<number, StartedRun>> {
    const endpoint = 'POST /comparisons/execute_multiple';
    const started = new Map<number, StartedRun>();
    let pending = body.comparison_agent_configs;
    const known = new Set((await this.recentJobs(new Date(Date.now() - 60 * 60_000), options.signal)).map((job) => job.job_id));
    const maxAttempts = this.http.maxAttempts;
    for (let attempt = 1; pending.length > 0; attempt++) {
      const sentAt = new Date();
      try {
        const answer = await this.http.call({
          method: 'POST',
          endpoint,
          path: '/comparisons/execute_multiple',
          body: { ...body, comparison_agent_configs: pending },
          schema: executeMultipleResponseSchema,
          idempotencyKey: randomUUID(),
          ...(options.signal ? { signal: options.signal } : {}),
        });
        for (const config of pending) {
          const runId = answer.mapped_run_ids[String(config.id)];
          if (runId === undefined) {
            throw invalidResponseError(endpoint, 200, `mapped_run_ids has no job for config id ${config.id} ("${config.configuration.name}")`);
          }
          started.set(config.id, { runId, taskId: undefined });
        }
        return started;
      } catch (error) {
        if (!(error instanceof ApiCallError) || !error.retryable || attempt >= maxAttempts) throw error;
                await this.http.pause(this.http.retryDelay(error, attempt), options.signal);
        if (error.ambiguous) {
          const jobs = (await this.recentJobs(new Date(sentAt.getTime() - 5 * 60_000), options.signal)).filter((job) => !known.has(job.job_id));
          const still: typeof pending = [];
          for (const config of pending) {
            const job = jobs
              .filter((candidate) => candidate.comparison_name === config.configuration.name)
              .sort((a, b) => a.job_id - b.job_id)[0];
            if (job) {
              started.set(config.id, { runId: job.job_id, taskId: job.task_id, recovered: true });
              known.add(job.job_id);
            } else still.push(config);
          }
          if (still.length < pending.length) {
            this.http.options.logger.warning(
              `${endpoint} got no clear answer (${error.message}); ${pending.length - still.length} run(s) were found in the job list and are not started again.`,
            );
          }
          pending = still;
          if (pending.length === 0) return started;
        }
      }
    }
    return started;
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

  private async findNewRun(
    comparison: { id: string; name: string },
    known: ReadonlySet<number>,
    sentAt: Date,
    signal?: AbortSignal,
  ): Promise<JobListItem | undefined> {
    // 5 minutes of slack for a service clock behind ours; the known ids rule out older runs anyway.
    const jobs = await this.recentJobs(new Date(sentAt.getTime() - 5 * 60_000), signal, comparison.name);
    return jobs
      .filter((job) => job.comparison_id === comparison.id && !known.has(job.job_id))
      .filter((job) => {
        const created = parseServiceTimestamp(job.created_at);
        return created === undefined || created.getTime() >= sentAt.getTime() - 5 * 60_000;
      })
      .sort((a, b) => a.job_id - b.job_id)[0];
  }

  /** Jobs created since `since` (up to 10 pages of 100), optionally only comparisons whose name contains `filter`. */
  async recentJobs(since: Date, signal?: AbortSignal, filter?: string): Promise<JobListItem[]> {
    const jobs: JobListItem[] = [];
    for (let page = 1; page <= 10; page++) {
      const answer = await this.listJobs({ page, size: MAX_PAGE_SIZE, startTime: since, ...(filter !== undefined ? { filter } : {}) }, signal);
      jobs.push(...answer.items);
      if (answer.items.length === 0 || page >= answer.pages) break;
    }
    return jobs;
  }
}
