/**
 * Creating and terminating jobs: the bounded queue, the snapshot of the comparison a job runs, and
 * terminate (PENDING → REVOKED at once; STARTED → REVOKED and its query aborted; a finished job stays
 * as it was). Admission is judged on what the store holds (counted in the transaction that inserts, see
 * Store.admitJobs): a workspace past its most (`--workspace-max-queue`) gets 429 `workspace_queue_full`;
 * once `--max-queue` jobs wait, a workspace already holding its fair share of the queue gets 429
 * `queue_full`, and one below it is still admitted. So a flood, by one workspace or by several, is
 * refused to the flooding workspaces alone. Both say when to retry.
 */
import { randomUUID } from 'node:crypto';
import type { ExecuteQuery } from '../../api/contract.js';
import { HttpError, notFound } from '../http-errors.js';
import type { ComparisonRecord, JobRecord, NewJob, QueueLimits, Store } from '../storage/store.js';
import type { WorkerPool } from './worker-pool.js';

export interface EnqueueOptions {
  priority?: boolean;
  agentRunId?: string;
  configId?: number;
  /** The Idempotency-Key of the execute request, kept on the job for clients whose answer was lost. */
  idempotencyKey?: string;
  execute?: Partial<ExecuteQuery>;
}

/** A comparison to run, and how. */
export interface JobRequest {
  comparison: ComparisonRecord;
  options?: EnqueueOptions;
}

export class JobService {
  constructor(
    private readonly store: Store,
    private readonly pool: WorkerPool | null,
    private readonly limits: QueueLimits,
    private readonly now: () => Date,
  ) {}

  /**
   * Queues one job per request, all or none, for comparisons of one workspace; `storeComparisons`: the
   * comparisons are new and are stored with their jobs (or not at all when the queue refuses them).
   */
  async enqueue(requests: readonly JobRequest[], storeComparisons = false): Promise<JobRecord[]> {
    const workspaceId = requests[0]?.comparison.workspace_id;
    if (workspaceId === undefined) return [];
    const jobs = await Promise.all(requests.map((request) => this.newJob(request.comparison, request.options ?? {})));
    const comparisons = storeComparisons ? requests.map((request) => request.comparison) : [];
    const admission = await this.store.admitJobs(workspaceId, jobs, this.limits, comparisons);
    if ('admitted' in admission) {
      this.pool?.wake();
      return admission.admitted;
    }
    if (admission.full === 'workspace') {
      const more = requests.length === 1 ? 'no more fits' : `${requests.length} more do not fit`;
      throw new HttpError(
        429,
        'workspace_queue_full',
        'Too Many Requests',
        `This workspace has ${admission.unfinished} unfinished job(s) and may have ${this.limits.maxPerWorkspace} in the queue, so ${more}; wait for some to finish or terminate them, then retry.`,
        { 'Retry-After': '10' },
      );
    }
    const { pending, waiting, share, workspaces } = admission;
    const more = requests.length === 1 ? 'no more fits' : `${requests.length} more do not fit`;
    throw new HttpError(
      429,
      'queue_full',
      'Too Many Requests',
      `The job queue is full (${pending} of ${this.limits.maxPending} jobs waiting) and this workspace has ${waiting} of them, its fair share being ${share} (the queue divided among ${workspaces} workspaces), so ${more}; retry when some have run.`,
      { 'Retry-After': '5' },
    );
  }

  /** One comparison's job (see enqueue). */
  async enqueueOne(comparison: ComparisonRecord, options: EnqueueOptions = {}, storeComparison = false): Promise<JobRecord> {
    return (await this.enqueue([{ comparison, options }], storeComparison))[0]!;
  }

  private async newJob(comparison: ComparisonRecord, options: EnqueueOptions): Promise<NewJob> {
    const [source, target] = await Promise.all([
      this.store.getDatasource(comparison.workspace_id, comparison.source_datasource_id),
      this.store.getDatasource(comparison.workspace_id, comparison.target_datasource_id),
    ]);
    const config = comparison.configuration;
    return {
      task_id: randomUUID(),
      workspace_id: comparison.workspace_id,
      comparison_id: comparison.id,
      comparison_name: comparison.name,
      snapshot: comparison,
      source_datasource_name: source?.name ?? null,
      target_datasource_name: target?.name ?? null,
      source_datasource_type: source?.type ?? null,
      target_datasource_type: target?.type ?? null,
      source_dataset_name: config.source_query ? 'query' : comparison.source_dataset_name,
      target_dataset_name: config.target_query ? 'query' : comparison.target_dataset_name,
      priority: options.priority ? 1 : 0,
      created_at: this.now().toISOString(),
      agent_run_id: options.agentRunId ?? null,
      config_id: options.configId ?? null,
      translation_iteration_no: options.execute?.translation_iteration_no ?? null,
      translation_run_id: options.execute?.translation_run_id ?? null,
      current_event_key: options.execute?.current_event_key ?? null,
      idempotency_key: options.idempotencyKey ?? null,
    };
  }

  /** Terminates the job with this task id in the workspace; 404 when there is none. */
  async terminate(workspaceId: string, taskId: string): Promise<{ job: JobRecord; terminated: boolean }> {
    const job = await this.store.jobByTaskId(workspaceId, taskId);
    if (!job) throw notFound(`There is no job with task id ${taskId} in this workspace.`, 'job_not_found');
    const terminated = await this.store.revokeJob(job.id, this.now().toISOString(), 'Terminated on request.');
    if (terminated) this.pool?.abort(job.id); // another server's worker sees REVOKED at its next heartbeat
    const after = (await this.store.jobById(job.id)) ?? job;
    return { job: after, terminated };
  }
}
