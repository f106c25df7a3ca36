/**
 * Which job in the service's job list is the one an execute started when its answer was lost. Only
 * proof counts: the job's Idempotency-Key (our service keeps it on the job), else — for a comparison
 * this run created, whose id nobody else knows — the comparison id, each time with the creation time
 * on the service's clock. A job that merely has the same comparison name, or an agent run's config
 * id seen on a service that does not show the key, is a candidate, never proof: the execute is then
 * an error that says so (UnprovableJobError), never a verdict from a job that may be another run's.
 */
import type { JobListItem } from './contract.js';
import { parseServiceTimestamp } from './normalize.js';
import { ServiceError } from '../shared/errors.js';

/** What one logical execute sent, to recognise its job(s) in the job list. */
export interface ExecuteIdentity {
  /** The Idempotency-Key sent on every attempt. */
  idempotencyKey: string;
  /** Service time (from its Date header) just before the first attempt, less some slack; undefined when unknown. */
  sentAfter: Date | undefined;
}

/** Slack for the Date header's one-second resolution and the request's way to the service. */
export const CLOCK_SLACK_MS = 3000;

/** True when the service keeps the Idempotency-Key on its jobs (our server; not the hosted one). */
export function listsIdempotencyKeys(jobs: readonly JobListItem[]): boolean {
  return jobs.some((job) => Object.hasOwn(job, 'idempotency_key'));
}

function createdAfter(job: JobListItem, sentAfter: Date | undefined): boolean {
  if (!sentAfter) return true;
  const created = parseServiceTimestamp(job.created_at);
  return created === undefined || created.getTime() >= sentAfter.getTime();
}

export type Identified = { kind: 'found'; job: JobListItem } | { kind: 'none' } | { kind: 'unprovable'; candidates: JobListItem[] };

/**
 * The job of a single execute of comparison `comparisonId`. `ownComparison`: this run created the
 * comparison (its id is known to no one else), so a new job of it is ours even without the key.
 */
export function identifySingle(
  jobs: readonly JobListItem[],
  identity: ExecuteIdentity,
  comparisonId: string,
  options: { ownComparison: boolean; known?: ReadonlySet<number> },
): Identified {
  const candidates = jobs.filter(
    (job) => job.comparison_id === comparisonId && !options.known?.has(job.job_id) && createdAfter(job, identity.sentAfter),
  );
  if (listsIdempotencyKeys(jobs)) {
    const mine = candidates.filter((job) => job.idempotency_key === identity.idempotencyKey);
    if (mine.length === 1) return { kind: 'found', job: mine[0]! };
    return mine.length === 0 ? { kind: 'none' } : { kind: 'unprovable', candidates: mine };
  }
  if (candidates.length === 0) return { kind: 'none' };
  if (options.ownComparison) return { kind: 'found', job: [...candidates].sort((a, b) => a.job_id - b.job_id)[0]! };
  return { kind: 'unprovable', candidates };
}

/** A batch config as sent: its id and what the job list shows of it. */
export interface SentConfig {
  id: number;
  name: string;
  sourceDataset?: string | undefined;
  targetDataset?: string | undefined;
}

/**
 * The jobs of an execute_multiple. With the key on the jobs: each config's job is the one with our
 * key and its config id (all or none, since the service creates them in one request). Without it:
 * any job created since with a config's name (and dataset names) makes the batch unprovable.
 */
export function identifyBatch(
  jobs: readonly JobListItem[],
  identity: ExecuteIdentity,
  agentRunId: string,
  configs: readonly SentConfig[],
): { kind: 'found'; jobs: Map<number, JobListItem> } | { kind: 'none' } | { kind: 'unprovable'; candidates: JobListItem[] } {
  const recent = jobs.filter((job) => createdAfter(job, identity.sentAfter));
  if (listsIdempotencyKeys(jobs)) {
    const found = new Map<number, JobListItem>();
    for (const config of configs) {
      const mine = recent.filter((job) => job.idempotency_key === identity.idempotencyKey && job.config_id === config.id && job.comparison_name === config.name);
      if (mine.length === 1) found.set(config.id, mine[0]!);
    }
    return found.size === configs.length ? { kind: 'found', jobs: found } : { kind: 'none' };
  }
  const candidates = recent.filter((job) =>
    configs.some(
      (config) =>
        job.comparison_name === config.name &&
        (job.agent_run_id == null || job.agent_run_id === agentRunId) &&
        (config.sourceDataset === undefined || job.source_dataset_name == null || job.source_dataset_name === config.sourceDataset) &&
        (config.targetDataset === undefined || job.target_dataset_name == null || job.target_dataset_name === config.targetDataset),
    ),
  );
  return candidates.length === 0 ? { kind: 'none' } : { kind: 'unprovable', candidates };
}

/** An execute whose answer was lost and whose job cannot be told apart from other runs' jobs. */
export class UnprovableJobError extends ServiceError {
  readonly candidates: readonly number[];
  constructor(endpoint: string, what: string, cause: string, candidates: readonly JobListItem[]) {
    const ids = candidates.map((job) => job.job_id).sort((a, b) => a - b);
    super(
      `${endpoint} for ${what} got no answer (${cause}). The job list shows job(s) ${ids.join(', ')} started since for the same comparison, ` +
        'but the service does not show which request started them, so none can be proven to be this run\'s; no verdict is reported.',
      { hint: 'Run it again. Give each CI run its own comparison names (or its own agent-run-id) so runs cannot be mixed up.' },
    );
    this.candidates = ids;
  }
}
