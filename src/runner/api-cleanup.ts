/**
 * Leaving nothing running: the jobs of executes whose answer never came are looked up by what only
 * this run's request carried (recovery.ts), then every unfinished job is terminated. Also the check
 * that refuses a job that is not this run's (another comparison, another request's key).
 */
import type { ApiClient } from '../api/client.js';
import type { JobDetail, JobListItem } from '../api/contract.js';
import { identifyBatch, identifySingle, listsIdempotencyKeys, type ExecuteIdentity } from '../api/recovery.js';
import { sleep } from '../shared/abort.js';
import { toDatacompareError } from '../shared/errors.js';
import type { Logger } from '../shared/logger.js';
import { redact } from '../shared/redact.js';
import type { Slot } from './api-slot.js';

/** An execute as saved before it is sent: enough for a later step to find its job(s). */
export interface PendingExecute {
  /** The spec's names of the comparison(s) it starts. */
  comparisons: string[];
  idempotencyKey: string;
  /** ISO time on the service's clock before it was sent (less some slack). */
  sentAfter?: string;
  /** Single execute: the comparison executed. */
  comparisonId?: string;
  /** The comparison(s) were created by this run (ids known to no one else). */
  ownComparison: boolean;
  /** Batch: the agent run id sent. */
  agentRunId?: string;
}

export function identityOf(pending: Pick<PendingExecute, 'idempotencyKey' | 'sentAfter'>): ExecuteIdentity {
  return { idempotencyKey: pending.idempotencyKey, sentAfter: pending.sentAfter ? new Date(pending.sentAfter) : undefined };
}

/** "6 s", "1.5 min": a comparison's timeout_minutes in words. */
export function formatLimit(ms: number): string {
  return ms < 60_000 ? `${Number((ms / 1000).toFixed(1))} s` : `${Number((ms / 60_000).toFixed(1))} min`;
}

/** Why `detail` is not the job of `slot` (a sentence), or undefined when nothing says so. */
export function foreignJob(slot: Slot, detail: JobDetail): string | undefined {
  const name = slot.definition.name;
  const refused = `its result is refused for "${name}"`;
  if (slot.comparisonId !== undefined && detail.comparison_id !== slot.comparisonId) {
    return `The service reports job ${detail.run_id} as a run of comparison ${detail.comparison_id} ("${detail.comparison_name}"), not of comparison ${slot.comparisonId} that this run ${slot.ownComparison ? 'created' : 'named'}; ${refused}.`;
  }
  if (slot.configId !== undefined && detail.comparison_name !== name) {
    return `The service reports job ${detail.run_id} as a run of "${detail.comparison_name}", not of "${name}" that this run sent; ${refused}.`;
  }
  if (slot.identity && detail.idempotency_key && detail.idempotency_key !== slot.identity.idempotencyKey) {
    return `The service reports that job ${detail.run_id} was started by another request (another Idempotency-Key); ${refused}.`;
  }
  if (slot.configId !== undefined && detail.config_id != null && detail.config_id !== slot.configId) {
    return `The service reports job ${detail.run_id} as config ${detail.config_id} of its agent run, not config ${slot.configId}; ${refused}.`;
  }
  return undefined;
}

/**
 * The jobs one execute started, as far as they can be proven: `ours` (by its Idempotency-Key, or new
 * jobs of a comparison this run created), `unprovable` (jobs of the same comparison(s) since, that
 * may be another run's: never terminated).
 */
export async function jobsOfExecute(client: ApiClient, pending: PendingExecute): Promise<{ ours: JobListItem[]; unprovable: JobListItem[] }> {
  const identity = identityOf(pending);
  const narrow = pending.agentRunId
    ? { agentRunId: pending.agentRunId }
    : pending.ownComparison && pending.comparisons[0] !== undefined
      ? { filter: pending.comparisons[0] }
      : {};
  const jobs = await client.jobsOf(identity, narrow);
  if (pending.comparisonId !== undefined) {
    const found = identifySingle(jobs, identity, pending.comparisonId, { ownComparison: pending.ownComparison });
    if (found.kind === 'found') return { ours: [found.job], unprovable: [] };
    return { ours: [], unprovable: found.kind === 'unprovable' ? found.candidates : [] };
  }
  if (listsIdempotencyKeys(jobs)) return { ours: jobs.filter((job) => job.idempotency_key === identity.idempotencyKey), unprovable: [] };
  const configs = pending.comparisons.map((name, i) => ({ id: i + 1, name }));
  const found = identifyBatch(jobs, identity, pending.agentRunId ?? '', configs);
  return { ours: [], unprovable: found.kind === 'unprovable' ? found.candidates : [] };
}

/** Finds the jobs of unanswered executes among `slots` (one look; the caller looks again for late requests). */
async function findUnanswered(slots: Slot[], client: ApiClient, logger: Logger): Promise<void> {
  const byKey = new Map<string, Slot[]>();
  for (const slot of slots) {
    if (slot.result || slot.runId !== undefined || !slot.identity) continue;
    byKey.set(slot.identity.idempotencyKey, [...(byKey.get(slot.identity.idempotencyKey) ?? []), slot]);
  }
  for (const group of byKey.values()) {
    const first = group[0]!;
    const pending: PendingExecute = {
      comparisons: group.map((slot) => slot.definition.name),
      idempotencyKey: first.identity!.idempotencyKey,
      ...(first.identity!.sentAfter ? { sentAfter: first.identity!.sentAfter.toISOString() } : {}),
      ownComparison: first.ownComparison ?? first.configId !== undefined,
      ...(first.configId === undefined && first.comparisonId !== undefined ? { comparisonId: first.comparisonId } : {}),
      ...(first.agentRunId !== undefined ? { agentRunId: first.agentRunId } : {}),
    };
    try {
      const { ours, unprovable } = await jobsOfExecute(client, pending);
      for (const slot of group) {
        const job = first.configId === undefined ? ours[0] : ours.find((candidate) => candidate.config_id === slot.configId && candidate.comparison_name === slot.definition.name);
        if (job) Object.assign(slot, { runId: job.job_id, taskId: job.task_id });
      }
      if (unprovable.length > 0) {
        logger.warning(
          `The execute of ${pending.comparisons.map((n) => `"${n}"`).join(', ')} got no answer; job(s) ${unprovable.map((j) => j.job_id).join(', ')} of the same comparison(s) cannot be proven to be this run's and are left alone.`,
        );
      }
    } catch (error) {
      logger.debug(`looking for the jobs of an unanswered execute failed: ${String(error)}`);
    }
  }
}

/**
 * Terminates every unfinished job of `slots` in parallel within `withinMs` (unanswered executes looked
 * up first, and again for a while when `lateMs` is given: a request may land after the cancel).
 * Returns the slots whose job was terminated.
 */
export async function terminateUnfinished(slots: Slot[], client: ApiClient, logger: Logger, withinMs: number, lateMs = 0): Promise<Set<Slot>> {
  const done = new Set<Slot>();
  const started = Date.now();
  const deadline = AbortSignal.timeout(withinMs);
  // a fresh client: the run's own signal has fired
  const fresh = client.withSignal(deadline);
  const unanswered = (): Slot[] => slots.filter((slot) => !slot.result && slot.runId === undefined && slot.identity !== undefined);
  await findUnanswered(slots, fresh, logger);
  while (unanswered().length > 0 && Date.now() - started < lateMs && !deadline.aborted) {
    await sleep(Math.min(500, lateMs), deadline).catch(() => {});
    await findUnanswered(slots, fresh, logger);
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
