/**
 * Creating and terminating jobs: the bounded queue (503 with Retry-After when full), the snapshot of
 * the comparison a job runs, and terminate (PENDING → REVOKED at once; STARTED → REVOKED and its
 * query aborted; a finished job stays as it was).
 */
import { randomUUID } from 'node:crypto';
import type { ExecuteQuery } from '../../api/contract.js';
import { HttpError, notFound } from '../http-errors.js';
import type { ComparisonRecord, JobRecord, Store } from '../storage/store.js';
import type { WorkerPool } from './worker-pool.js';

export interface EnqueueOptions {
  priority?: boolean;
  agentRunId?: string;
  configId?: number;
  /** The Idempotency-Key of the execute request, kept on the job for clients whose answer was lost. */
  idempotencyKey?: string;
  execute?: Partial<ExecuteQuery>;
}

export class JobService {
  constructor(
    private readonly store: Store,
    private readonly pool: WorkerPool | null,
    private readonly maxQueue: number,
    private readonly now: () => Date,
  ) {}

  /** 503 when `count` more jobs would overflow the queue. */
  async ensureRoom(count: number): Promise<void> {
    const pending = await this.store.pendingCount();
    if (pending + count > this.maxQueue) {
      throw new HttpError(
        503,
        'queue_full',
        'Service Unavailable',
        `The job queue is full (${pending} of ${this.maxQueue} jobs waiting); retry later.`,
        { 'Retry-After': '5' },
      );
    }
  }

  async enqueue(comparison: ComparisonRecord, options: EnqueueOptions = {}): Promise<JobRecord> {
    const [source, target] = await Promise.all([
      this.store.getDatasource(comparison.workspace_id, comparison.source_datasource_id),
      this.store.getDatasource(comparison.workspace_id, comparison.target_datasource_id),
    ]);
    const config = comparison.configuration;
    const job = await this.store.createJob({
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
    });
    this.pool?.wake();
    return job;
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
