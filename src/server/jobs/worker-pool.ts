/**
 * The workers: `concurrency` loops per server process, each claiming the next PENDING job from the
 * store (priority first, then oldest; atomically, so no job runs twice), running it on the engine
 * and recording SUCCESS or FAILURE. A running job renews its lease every leaseMs/3; a lease left
 * to expire means its worker died, and the reaper (any server) retries or fails the job. A job
 * REVOKED by terminate is aborted through its AbortSignal, which stops its database queries; its
 * slot is free only once the run has ended (its statements stopped, its connections closed: a SQLite
 * worker process killed and gone), so a terminated job never keeps running beside the next. A
 * workspace runs at most `perWorkspace` jobs at once in this process, so one tenant cannot hold every
 * worker. Every database session a job opens is asked about its role before the job's first statement
 * there (a role granted more since its source was created fails the job, unless the operator allows
 * privileged sources; one that can read the service's store always does), and whether a function the
 * job's SQL calls is one the database defines itself, or a table it names has a column the last scan
 * did not list (then the job is recorded as unproven: keys without read:sensitive see it fully masked). Failure texts are redacted with the job's own data source secrets; a failed connection is
 * told to the tenant as "could not connect" only (the reason goes to the log). Shutdown: stop claiming, let running jobs finish within the grace period, then abort the
 * rest and requeue each once its run has ended (waited for, bounded; a run that outlasts the wait keeps
 * its job STARTED, and the job's lease, no longer renewed, hands it to the reaper of a server later).
 */
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import type { ComparisonResult, RunComparison } from '../../engine/model.js';
import type { SessionGate } from '../../dialects/types.js';
import { DatacompareError } from '../../shared/errors.js';
import type { Logger } from '../../shared/logger.js';
import { within } from '../../shared/abort.js';
import { redact, redactWith } from '../../shared/redact.js';
import { couldNotConnect, redactingLogger, resolveConnection, type SourcePolicy } from '../connections.js';
import { columnsSinceScanQuestion } from '../columns-since-scan.js';
import { comparisonCalls, routineQuestion } from '../routine-calls.js';
import type { SecretBox } from '../secret-box.js';
import type { DatasourceRecord, JobRecord, Store } from '../storage/store.js';
import { toDefinition, type DefinitionLimits } from './definition.js';

export interface WorkerPoolOptions {
  store: Store;
  box: SecretBox;
  /** What data sources may connect to. */
  sources: SourcePolicy;
  /**
   * The gate of a data source's sessions (source-privileges.ts `sessionGate`), asked on every database
   * session a job opens before anything of the job is sent on it: it refuses a session whose role can
   * read the service's store, or can do more than read when the operator did not allow that. So a role
   * granted FILE, superuser or the store's schema after its source was created fails its next job, and
   * no session of a job (a pool opens several) reads before it was asked.
   */
  sessionGate?: (source: DatasourceRecord) => SessionGate | undefined;
  runComparison: RunComparison;
  logger: Logger;
  concurrency: number;
  /** Most jobs of one workspace running at once in this process (default: concurrency - 1, at least 1). */
  perWorkspace?: number;
  leaseMs: number;
  /** How often an idle worker looks for jobs queued by other processes. */
  pollMs: number;
  /** Retries of a job whose worker died, before it is marked FAILURE. */
  maxRetries: number;
  limits: DefinitionLimits;
  /** SQLite: one server per store, so STARTED jobs of an earlier process are dead at once. */
  exclusiveStore: boolean;
  now?: () => Date;
}

interface Running {
  controller: AbortController;
  workerId: string;
  workspaceId: string;
  done: Promise<void>;
}

const SHUTDOWN = 'shutdown';
const REVOKED = 'revoked';
/**
 * How long a shutdown waits for aborted runs to end. A run ends within the engine's DESTROY_WITHIN_MS
 * of its stop (a SQLite worker within milliseconds); this bounds only a run still connecting.
 */
const SHUTDOWN_DRAIN_MS = 15_000;

export class WorkerPool {
  readonly processId = `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private readonly running = new Map<number, Running>();
  private readonly loops: Promise<void>[] = [];
  private stopping = false;
  private wakers: (() => void)[] = [];
  private reaper: NodeJS.Timeout | undefined;
  private readonly now: () => Date;
  private readonly perWorkspace: number;
  /** Claims one at a time, so two loops cannot both take a workspace's last free place. */
  private claiming: Promise<unknown> = Promise.resolve();

  constructor(private readonly options: WorkerPoolOptions) {
    this.now = options.now ?? (() => new Date());
    this.perWorkspace = Math.max(1, Math.min(options.concurrency, options.perWorkspace ?? options.concurrency - 1));
  }

  async start(): Promise<void> {
    const { store, maxRetries, exclusiveStore } = this.options;
    const reaped = await store.reapExpired(this.now().toISOString(), maxRetries, exclusiveStore ? { ignoreLeaseExceptPrefix: this.processId } : {});
    if (reaped > 0) this.options.logger.warning(`Recovered ${reaped} job(s) left STARTED by a server that stopped.`);
    this.reaper = setInterval(() => {
      store.reapExpired(this.now().toISOString(), maxRetries).then(
        (count) => count > 0 && this.wake(),
        (error: unknown) => this.options.logger.warning(`Reaping expired jobs failed: ${redact(String(error))}`),
      );
    }, Math.max(250, Math.floor(this.options.leaseMs / 2)));
    this.reaper.unref();
    for (let slot = 0; slot < this.options.concurrency; slot++) this.loops.push(this.loop(`${this.processId}:${slot}`));
  }

  /** New work was queued: idle workers look at once. */
  wake(): void {
    const wakers = this.wakers;
    this.wakers = [];
    for (const wake of wakers) wake();
  }

  /** Aborts a job running in this process (after terminate marked it REVOKED); false if not here. */
  abort(jobId: number): boolean {
    const running = this.running.get(jobId);
    if (!running) return false;
    running.controller.abort(REVOKED);
    return true;
  }

  get runningCount(): number {
    return this.running.size;
  }

  /** Stops claiming; waits up to graceMs for running jobs, then aborts them and requeues each once its run has ended. */
  async stop(graceMs: number): Promise<void> {
    this.stopping = true;
    clearInterval(this.reaper);
    this.wake();
    const all = (): Promise<unknown> => Promise.all([...this.running.values()].map((r) => r.done));
    let timer: NodeJS.Timeout | undefined;
    const graceOver = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), graceMs)));
    const outcome = await Promise.race([all().then(() => 'done' as const), graceOver]);
    clearTimeout(timer);
    if (outcome === 'timeout') {
      for (const running of this.running.values()) running.controller.abort(SHUTDOWN);
    }
    // Each loop ends once its run has (aborted: its statements stopped, its connections closed).
    await within(Promise.all(this.loops), SHUTDOWN_DRAIN_MS);
  }

  private idle(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        this.wakers = this.wakers.filter((waker) => waker !== done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wakers.push(done);
    });
  }

  private async loop(workerId: string): Promise<void> {
    while (!this.stopping) {
      let job: JobRecord | undefined;
      try {
        job = await this.claim(workerId);
      } catch (error) {
        this.options.logger.error(`Claiming a job failed: ${redact(String(error))}`);
      }
      if (!job) {
        await this.idle(this.options.pollMs);
        continue;
      }
      const controller = this.running.get(job.id)?.controller ?? new AbortController();
      let finished!: () => void;
      const done = new Promise<void>((resolve) => (finished = resolve));
      this.running.set(job.id, { controller, workerId, workspaceId: job.workspace_id, done });
      try {
        await this.run(job, workerId, controller);
      } catch (error) {
        this.options.logger.error(`Job ${job.id} could not be recorded: ${redact(String(error))}`);
      } finally {
        this.running.delete(job.id);
        finished();
      }
    }
  }

  /** The next job of a workspace below its limit; registered as running before the next claim starts. */
  private claim(workerId: string): Promise<JobRecord | undefined> {
    const claimed = this.claiming.then(async () => {
      const counts = new Map<string, number>();
      for (const running of this.running.values()) counts.set(running.workspaceId, (counts.get(running.workspaceId) ?? 0) + 1);
      const full = [...counts].filter(([, count]) => count >= this.perWorkspace).map(([workspace]) => workspace);
      const now = this.now();
      const job = await this.options.store.claimNext(workerId, now.toISOString(), new Date(now.getTime() + this.options.leaseMs).toISOString(), full);
      // Held as running at once (the loop replaces this entry), so the next claim counts it.
      if (job) this.running.set(job.id, { controller: new AbortController(), workerId, workspaceId: job.workspace_id, done: Promise.resolve() });
      return job;
    });
    this.claiming = claimed.catch(() => undefined);
    return claimed;
  }

  private async run(job: JobRecord, workerId: string, controller: AbortController): Promise<void> {
    const { store, leaseMs } = this.options;
    const startedAt = performance.now();
    const heartbeat = setInterval(() => {
      store.heartbeat(job.id, workerId, new Date(this.now().getTime() + leaseMs).toISOString()).then(
        (status) => {
          if (status !== 'STARTED') controller.abort(REVOKED); // terminated (maybe by another server) or taken over
        },
        () => {},
      );
    }, Math.max(100, Math.floor(leaseMs / 3)));
    let result: ComparisonResult | undefined;
    let failure: string | undefined;
    const secrets: string[] = [];
    const work = this.execute(job, controller.signal, secrets);
    // Settles when the run has ended; after a stop, once its statements stopped and its connections closed.
    const ended = work.then(() => undefined, () => undefined);
    try {
      result = await untilAborted(work, controller.signal);
    } catch (error) {
      const hint = error instanceof DatacompareError ? error.hint : undefined;
      failure = redactWith([error instanceof Error ? error.message : String(error), hint].filter(Boolean).join(' '), secrets);
    }
    if (controller.signal.aborted) {
      // The run must really have stopped (its statements ended, its connections closed, a SQLite worker
      // process gone) before anything else may run this job: until then the job keeps its lease (the
      // heartbeat goes on) and this loop's slot. Only then is it requeued on shutdown, so no server
      // sharing the store can claim it while the old run still reads. REVOKED: terminate recorded the end.
      await ended;
      clearInterval(heartbeat);
      if (controller.signal.reason === SHUTDOWN && (await store.requeueJob(job.id, workerId))) {
        this.options.logger.info(`Job ${job.id} was requeued: the server is shutting down.`);
      }
      return;
    }
    clearInterval(heartbeat);
    const timeTaken = Math.round((performance.now() - startedAt) / 10) / 100;
    const doneAt = this.now().toISOString();
    if (result && result.status !== 'error' && result.result) {
      const summary = result.result;
      await store.finishJob(job.id, workerId, {
        status: 'SUCCESS',
        date_done: doneAt,
        time_taken: timeTaken,
        message: summary.diff_status === 'MATCH' ? 'The datasets match.' : `The datasets differ: ${summary.diff_reasons.join(' ')}`,
        failure_reason: null,
        comparison_result_id: randomUUID(),
        result: {
          diff_status: summary.diff_status,
          diff_reasons: summary.diff_reasons,
          time_taken: summary.time_taken,
          ...(result.stats ? { stats: result.stats } : {}),
          ...(result.schema_diff ? { schema_diff: result.schema_diff } : {}),
          diff_rows_total: result.diff?.diff_rows_total ?? 0,
        },
        diff: result.diff ? { ...result.diff } : null,
      });
      return;
    }
    let reason = failure ?? (result?.error ? redactWith([result.error.message, result.error.hint].filter(Boolean).join(' '), secrets) : 'The comparison returned no result.');
    if (result?.error?.kind === 'connection') {
      this.options.logger.info(`Job ${job.id} (workspace ${job.workspace_id}) could not connect: ${reason}`);
      const side = /data source "([^"]*)"/.exec(result.error.message)?.[1] ?? 'of this comparison';
      const generic = couldNotConnect(side);
      reason = redactWith(`${generic.message} ${generic.hint}`, secrets);
    }
    await store.finishJob(job.id, workerId, {
      status: 'FAILURE',
      date_done: doneAt,
      time_taken: timeTaken,
      message: reason,
      failure_reason: reason,
      comparison_result_id: null,
      result: null,
      diff: null,
    });
  }

  private async execute(job: JobRecord, signal: AbortSignal, secrets: string[]): Promise<ComparisonResult> {
    const { store, box, sources: policy } = this.options;
    const snapshot = job.snapshot;
    const [source, target] = await Promise.all([
      store.getDatasource(job.workspace_id, snapshot.source_datasource_id),
      store.getDatasource(job.workspace_id, snapshot.target_datasource_id),
    ]);
    if (!source || !target) throw new Error('A data source of this comparison no longer exists.');
    const [from, to] = await Promise.all([resolveConnection(source, box, policy), resolveConnection(target, box, policy)]);
    secrets.push(...from.secrets, ...to.secrets);
    const definition = toDefinition(snapshot, { source, target }, { source: from.config, target: to.config }, this.options.limits);
    const gate = this.options.sessionGate;
    const unproven = async (why: string) => {
      this.options.logger.info(`Job ${job.id} (workspace ${job.workspace_id}) is shown fully masked to keys without read:sensitive: ${why}`);
      await store.markUnprovenReads(job.id, why);
    };
    // and whether a function its SQL calls is one the database defines itself (made since the last scan),
    // and whether a table its SQL names has columns the last scan did not list
    const question = routineQuestion(await comparisonCalls(definition), unproven);
    const columnsQuestion = await columnsSinceScanQuestion(definition, (id) => store.catalogs.tables(id), unproven);
    return this.options.runComparison(definition, {
      logger: redactingLogger(this.options.logger, secrets),
      signal,
      // each session of each side (on the address resolved and checked above), before the job's first statement there
      sessionGate: (side) => bothGates(bothGates(gate?.(side.serviceDatasource === target.id ? target : source), question), columnsQuestion(side)),
    });
  }
}

/** A gate asking `first`, then `second` (either may be absent). */
function bothGates(first: SessionGate | undefined, second: SessionGate | undefined): SessionGate | undefined {
  if (!first || !second) return first ?? second;
  return async (session) => {
    await first(session);
    await second(session);
  };
}

/** `work`, or the abort's reason as soon as `signal` aborts (the work then ends on its own, unobserved). */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) {
    work.catch(() => undefined);
    return Promise.reject(signal.reason as Error);
  }
  let stop!: () => void;
  const aborted = new Promise<never>((_, reject) => {
    stop = () => reject(signal.reason as Error);
    signal.addEventListener('abort', stop, { once: true });
  });
  work.catch(() => undefined);
  return Promise.race([work, aborted]).finally(() => signal.removeEventListener('abort', stop));
}
