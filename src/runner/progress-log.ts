/**
 * Progress for logs that are not a terminal (CI logs, pipes): one line when a comparison enters a
 * phase, one when it ends, and in between a heartbeat per comparison saying how long it has run and
 * how far its phase got (rows or key ranges done of the total, when known). No comparison goes
 * longer than the period (30 s) without a line: the timer is set for the moment the earliest one
 * falls due, counted from its last line (its start, its phase's start, its last heartbeat), not
 * polled on a grid that could add up to a tick of delay. The CLI writes these lines to stderr, the
 * action to the step's log.
 */
import type { ProgressEvent } from '../engine/model.js';
import { count, duration } from '../report/format.js';

/** At most one heartbeat line per comparison this often. */
export const HEARTBEAT_MS = 30_000;

interface Running {
  started: number;
  phase: ProgressEvent['phase'];
  message?: string;
  work?: ProgressEvent['work'];
  /** When a line about it was last written. */
  written: number;
}

export interface ProgressLogOptions {
  /** Writes one line (no newline at its end). */
  write: (line: string) => void;
  /** Default HEARTBEAT_MS; DATACOMPARE_PROGRESS_SECONDS sets it for the CLI and the action. */
  heartbeatMs?: number;
  now?: () => number;
}

/** The heartbeat period from DATACOMPARE_PROGRESS_SECONDS (1–3600), else HEARTBEAT_MS. */
export function heartbeatFromEnv(env: NodeJS.ProcessEnv): number {
  const seconds = Number(env.DATACOMPARE_PROGRESS_SECONDS);
  return Number.isFinite(seconds) && seconds >= 1 && seconds <= 3600 ? seconds * 1000 : HEARTBEAT_MS;
}

/** "120,000 of about 300,000 rows", "12 of 40 key ranges" (a total the count has passed, an estimate, is left out). */
export function workText(work: NonNullable<ProgressEvent['work']>): string {
  const unit = work.unit === 'ranges' ? 'key ranges' : 'rows';
  return work.total && work.total >= work.done ? `${count(work.done)} of about ${count(work.total)} ${unit}` : `${count(work.done)} ${unit}`;
}

export class ProgressLog {
  private readonly running = new Map<string, Running>();
  private timer: NodeJS.Timeout | undefined;
  private readonly heartbeatMs: number;
  private readonly now: () => number;

  constructor(private readonly options: ProgressLogOptions) {
    this.heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS;
    this.now = options.now ?? Date.now;
  }

  readonly onProgress = (event: ProgressEvent): void => {
    const now = this.now();
    let state = this.running.get(event.comparison);
    if (event.phase === 'done') {
      if (!state) return;
      this.running.delete(event.comparison);
      const took = duration((now - state.started) / 1000);
      const ended = event.message === 'stopped' ? 'stopped after' : event.message === 'failed' ? 'failed after' : 'done in';
      this.options.write(`${event.comparison}: ${ended} ${took}`);
      this.schedule();
      return;
    }
    if (!state) {
      state = { started: now, phase: event.phase, written: now };
      this.running.set(event.comparison, state);
    } else if (state.phase === event.phase && (event.message === undefined || event.message === state.message)) {
      if (event.work) state.work = event.work;
      return;
    }
    state.phase = event.phase;
    if (event.message !== undefined) state.message = event.message;
    else delete state.message;
    if (event.work) state.work = event.work;
    else delete state.work;
    state.written = now;
    this.options.write(`${event.comparison}: ${event.phase}${event.message ? ` (${event.message})` : ''}…`);
    this.schedule();
  };

  /** A line for each comparison nothing was written about for a heartbeat period. */
  heartbeat(): void {
    const now = this.now();
    for (const [name, state] of this.running) {
      if (now - state.written < this.heartbeatMs) continue;
      state.written = now;
      const work = state.work ? `, ${workText(state.work)}` : '';
      this.options.write(`${name}: still ${state.phase}${state.message ? ` (${state.message})` : ''}: ${duration((now - state.started) / 1000)} so far${work}`);
    }
    this.schedule();
  }

  /** The run is over: no more heartbeats. */
  stop(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.running.clear();
  }

  /** Sets the timer for the moment the earliest running comparison is a period past its last line (none when none runs). */
  private schedule(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    let due = Number.POSITIVE_INFINITY;
    for (const state of this.running.values()) due = Math.min(due, state.written + this.heartbeatMs);
    if (due === Number.POSITIVE_INFINITY) return;
    this.timer = setTimeout(() => this.heartbeat(), Math.max(0, due - this.now()));
    // The run's own work keeps the process alive; the heartbeat never does.
    this.timer.unref?.();
  }
}
