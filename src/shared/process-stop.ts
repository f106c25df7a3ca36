/**
 * How a process running comparisons stops: the first SIGINT or SIGTERM (or the run's own time limit)
 * aborts the run's signal with a StopRequest saying why, so every running query is cancelled on its
 * server, every connection destroyed and the partial report published; and a hard exit after the
 * grace period guarantees the process ends even when something still holds it (native work that
 * holds even process.exit() is ended with the process: see exit-holds.ts).
 *
 * GitHub's runner cancels a step (a cancelled run, or the step's `timeout-minutes`) with SIGINT, then
 * SIGTERM 7.5 s later, then kills the process tree 2.5 s after that: the default grace (6 s) ends the
 * process before the SIGTERM.
 */
import { StopRequest, timeLimit } from './abort.js';
import { endProcess, type EndableProcess } from './exit-holds.js';

/** From the stop to the hard exit, by default. */
export const STOP_GRACE_MS = 6_000;
/** After a second signal, when it does not end the process at once ('hurry'). */
export const SECOND_SIGNAL_GRACE_MS = 1_500;

export interface ProcessStopOptions {
  /** Called once, when the stop begins (to print why). */
  onStop?: (request: StopRequest) => void;
  /**
   * Called just before the hard exit, with why ("still running 6 s after SIGTERM", "a second SIGINT")
   * and what native work still held the process after being told to let go: when any, the process
   * ends with SIGKILL (status 137) instead of `exitCode`.
   */
  onForcedExit?: (why: string, held: string[]) => void;
  /** Exit status of a hard exit. */
  exitCode: number;
  /**
   * From the stop to the hard exit (default STOP_GRACE_MS); read when the stop begins, so a command
   * with its own shutdown (serve) can lift it (Infinity: no hard exit).
   */
  graceMs?: number | (() => number);
  /** A second signal: 'exit' ends the process at once (Ctrl-C twice), 'hurry' shortens the grace. */
  secondSignal: 'exit' | 'hurry';
  /** Test seams. */
  process?: Pick<NodeJS.Process, 'on' | 'off'> & EndableProcess;
}

export interface ProcessStop {
  /** Fires on the first stop; its reason is the StopRequest. */
  readonly signal: AbortSignal;
  /** The whole run's time limit (once known): reaching it is a stop like a signal, with a timeout StopRequest naming `why`. */
  setLimit(ms: number, why: string): void;
  /** The run is over: no more hard exit, signal handlers removed. */
  dispose(): void;
}

/** The grace period: DATACOMPARE_STOP_GRACE_SECONDS (1–60) when set, else STOP_GRACE_MS. */
export function graceFromEnv(env: NodeJS.ProcessEnv): number {
  const seconds = Number(env.DATACOMPARE_STOP_GRACE_SECONDS);
  return Number.isFinite(seconds) && seconds >= 1 && seconds <= 60 ? seconds * 1000 : STOP_GRACE_MS;
}

export function stopOnSignals(options: ProcessStopOptions): ProcessStop {
  const proc = options.process ?? process;
  const controller = new AbortController();
  const grace = () => (typeof options.graceMs === 'function' ? options.graceMs() : (options.graceMs ?? STOP_GRACE_MS));
  let hardExit: NodeJS.Timeout | undefined;
  let hardExitAt = Number.POSITIVE_INFINITY;
  let disposed = false;

  // endProcess ends a process once: a later call (the run's own end, a second signal) is a no-op.
  const forceExit = (why: string) => {
    endProcess(options.exitCode, { process: proc, onEnd: (held) => options.onForcedExit?.(why, held) });
  };

  const exitWithin = (ms: number, why: string) => {
    const at = Date.now() + ms;
    if (!Number.isFinite(ms) || at >= hardExitAt) return;
    hardExitAt = at;
    clearTimeout(hardExit);
    hardExit = setTimeout(() => forceExit(why), ms);
    // Nothing else left: the process ends by itself, sooner.
    hardExit.unref?.();
  };

  const stop = (request: StopRequest) => {
    if (controller.signal.aborted || disposed) return;
    options.onStop?.(request);
    controller.abort(request);
    const ms = grace();
    exitWithin(ms, `still running ${Math.round(ms / 100) / 10} s after ${request.kind === 'timeout' ? `the time limit ${request.why}` : request.why}`);
  };

  let limit: ReturnType<typeof timeLimit> | undefined;

  const onSignal = (name: NodeJS.Signals) => {
    if (disposed) return;
    if (!controller.signal.aborted) {
      stop(new StopRequest('cancelled', name));
      return;
    }
    if (options.secondSignal === 'exit') {
      forceExit(`a second ${name}`);
    } else {
      exitWithin(SECOND_SIGNAL_GRACE_MS, `still running ${SECOND_SIGNAL_GRACE_MS / 1000} s after a second signal (${name})`);
    }
  };
  proc.on('SIGINT', onSignal).on('SIGTERM', onSignal);

  return {
    signal: controller.signal,
    setLimit: (ms, why) => {
      limit?.clear();
      const current = timeLimit(ms, why);
      current.signal.addEventListener('abort', () => stop(current.signal.reason as StopRequest), { once: true });
      limit = current;
    },
    dispose: () => {
      if (disposed) return;
      disposed = true;
      limit?.clear();
      // The hard exit stays armed once a stop began: publishing must not hold the process either.
      if (!controller.signal.aborted) clearTimeout(hardExit);
      proc.off('SIGINT', onSignal).off('SIGTERM', onSignal);
    },
  };
}
