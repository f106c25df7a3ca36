/** A comparison that could not run, as a result every report renders like any other. */
import type { ComparisonResult } from '../engine/model.js';
import { CancelledError, TimeoutError, toDatacompareError, type DatacompareError } from '../shared/errors.js';
import { redact } from '../shared/redact.js';

export function errorResult(name: string, error: DatacompareError): ComparisonResult {
  return {
    name,
    status: 'error',
    error: {
      kind: error.kind,
      message: redact(error.message),
      ...(error.hint !== undefined && { hint: redact(error.hint) }),
    },
  };
}

/**
 * What a thrown error means for one comparison: its own time limit firing is a timeout, the outer
 * signal firing is a cancel, anything else keeps its kind (unknown errors are our bugs).
 */
export function classifyFailure(error: unknown, context: { outer?: AbortSignal; timeoutMs?: number }): DatacompareError {
  if (context.outer?.aborted) return stoppedRun(context.outer, 'finished', error);
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  if (name === 'TimeoutError' && context.timeoutMs !== undefined && !(error instanceof TimeoutError)) {
    return new TimeoutError(`The comparison did not finish within ${limitText(context.timeoutMs)}.`, {
      cause: error,
      hint: 'raise `timeout_minutes` for this comparison, or compare fewer rows (filter, quick_comparison)',
    });
  }
  return toDatacompareError(error);
}

/**
 * Why the whole run stopped: its time limit (the action's `timeout-minutes`, an AbortSignal.timeout)
 * is a timeout; anything else (SIGINT, SIGTERM, a caller's abort) is a cancel.
 */
export function stoppedRun(outer: AbortSignal, when: 'started' | 'finished', cause?: unknown): DatacompareError {
  const reason: unknown = outer.reason;
  if (reason instanceof Error && reason.name === 'TimeoutError') {
    return new TimeoutError(`The run reached its time limit before this comparison ${when}.`, {
      cause: cause ?? reason,
      hint: 'raise the timeout-minutes input, or run fewer or smaller comparisons per step',
    });
  }
  return new CancelledError(`The run was cancelled before this comparison ${when}.`, { cause: cause ?? reason });
}

function limitText(ms: number): string {
  const seconds = ms / 1000;
  if (seconds < 60) return `${Number(seconds.toFixed(2))} seconds`;
  return `${Number((seconds / 60).toFixed(2))} minutes`;
}
