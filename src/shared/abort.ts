/**
 * Small helpers around AbortSignal: an abortable sleep, a signal that combines a parent signal with a
 * time limit, and the error to throw when a signal fired. Every wait in the API client goes through
 * these, so a cancel (SIGINT/SIGTERM) or a timeout interrupts it at once.
 */

/** The reason of an aborted signal as an Error (AbortSignal.abort() gives a DOMException 'AbortError'). */
export function abortError(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  if (reason instanceof Error) return reason;
  const error = new Error(typeof reason === 'string' ? reason : 'The operation was aborted.');
  error.name = 'AbortError';
  return error;
}

/** Throws the signal's reason when it has fired. */
export function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw abortError(signal);
}

/** Resolves after `ms`, or rejects with the signal's reason as soon as it fires. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortError(signal));
      return;
    }
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(abortError(signal!));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, Math.max(0, ms));
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** A signal that fires when any given signal fires (undefined ones are skipped). */
export function anySignal(...signals: (AbortSignal | undefined)[]): AbortSignal {
  const present = signals.filter((s): s is AbortSignal => s !== undefined);
  if (present.length === 1) return present[0]!;
  return AbortSignal.any(present);
}

/** True when the error is an abort (ours or the platform's). */
export function isAbortError(error: unknown): boolean {
  return error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError');
}

/**
 * A signal that fires with `parent`, or when `abort` is called: when one of several queries run at
 * once fails, aborting stops the others on their servers instead of waiting for them to finish.
 */
export function linkedAbort(parent: AbortSignal | undefined): { signal: AbortSignal; abort(reason: unknown): void } {
  const controller = new AbortController();
  return { signal: anySignal(parent, controller.signal), abort: (reason) => controller.abort(reason) };
}

/**
 * Why a run or a comparison was stopped, as the reason of the AbortSignal that stops it: a signal the
 * process received (`cancelled`) or a time limit reached (`timeout`, naming the limit and where it was
 * set). Its name is the platform's ('AbortError' / 'TimeoutError'), so code that only asks "was it a
 * time limit?" keeps working.
 */
export class StopRequest extends Error {
  readonly kind: 'cancelled' | 'timeout';
  /** What stopped it, for "stopped: <why>": `SIGTERM`, `timeout_minutes: 1 (spec.yml:12)`... */
  readonly why: string;

  constructor(kind: 'cancelled' | 'timeout', why: string) {
    super(kind === 'timeout' ? `the time limit ${why} was reached` : `${why} was received`);
    this.kind = kind;
    this.why = why;
    this.name = kind === 'timeout' ? 'TimeoutError' : 'AbortError';
  }
}

/** The StopRequest a fired signal carries, if it carries one. */
export function stopRequestOf(signal: AbortSignal | undefined): StopRequest | undefined {
  return signal?.aborted && signal.reason instanceof StopRequest ? signal.reason : undefined;
}

/**
 * A signal that fires after `ms` with a timeout StopRequest naming the limit (`why`). The timer does
 * not keep the process alive; `clear()` stops it once the work is done.
 */
export function timeLimit(ms: number, why: string): { signal: AbortSignal; clear(): void } {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new StopRequest('timeout', why)), Math.max(0, ms));
  timer.unref?.();
  return { signal: controller.signal, clear: () => clearTimeout(timer) };
}

/** "1 min", "90 s", "1.5 min": a limit in the unit a user set it in. */
export function formatLimit(ms: number): string {
  if (ms < 60_000) return `${Number((ms / 1000).toFixed(1))} s`;
  const minutes = ms / 60_000;
  return `${Number(minutes.toFixed(2))} min`;
}

/**
 * Resolves with `work`, or rejects with the signal's reason as soon as it fires: whatever `work`
 * still waits on (a query that ignores its cancel, a stream stuck behind back-pressure) never holds
 * the caller. A rejection of `work` after that is swallowed.
 */
export function untilAborted<T>(work: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return work;
  work.catch(() => undefined);
  if (signal.aborted) return Promise.reject(abortError(signal));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(abortError(signal));
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error instanceof Error || !signal.aborted ? error : abortError(signal));
      },
    );
  });
}

/** `work`, or undefined once `ms` passed (for clean-ups that must not hold a stopping process). */
export async function within<T>(work: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ms);
    timer.unref?.();
  });
  try {
    return await Promise.race([work.catch(() => undefined), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
