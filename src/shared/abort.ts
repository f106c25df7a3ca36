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
