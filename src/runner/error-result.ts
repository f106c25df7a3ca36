/** A comparison that could not run, as a result every report renders like any other. */
import type { ComparisonResult } from '../engine/model.js';
import { CancelledError, TimeoutError, toDatacompareError, type DatacompareError } from '../shared/errors.js';
import { redact } from '../shared/redact.js';
import { StopRequest, stopRequestOf } from '../shared/abort.js';

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
  if (error instanceof StopRequest) return stopError(error, 'finished', error);
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
 * Why the whole run stopped: a StopRequest says it ("stopped: SIGTERM …", "stopped: the time limit
 * timeout-minutes: 30 (the action's input) …"); otherwise its time limit (an AbortSignal.timeout) is a
 * timeout and anything else (a caller's abort) a cancel.
 */
export function stoppedRun(outer: AbortSignal, when: 'started' | 'finished', cause?: unknown): DatacompareError {
  const reason: unknown = outer.reason;
  const request = stopRequestOf(outer);
  if (request) return stopError(request, when, cause);
  if (reason instanceof Error && reason.name === 'TimeoutError') {
    return new TimeoutError(`The run reached its time limit before this comparison ${when}.`, {
      cause: cause ?? reason,
      hint: 'raise the timeout-minutes input, or run fewer or smaller comparisons per step',
    });
  }
  return new CancelledError(`The run was cancelled before this comparison ${when}.`, { cause: cause ?? reason });
}

/** "stopped: <why> before this comparison started/finished." */
function stopError(request: StopRequest, when: 'started' | 'finished', cause: unknown): DatacompareError {
  if (request.kind === 'timeout') {
    return new TimeoutError(`stopped: the time limit ${request.why} was reached before this comparison ${when}.`, {
      cause: cause ?? request,
      hint: /timeout_minutes/.test(request.why) ? 'raise timeout_minutes, add a filter, or compare fewer columns' : 'raise that limit, or run fewer or smaller comparisons per run',
    });
  }
  return new CancelledError(`stopped: ${request.why} was received before this comparison ${when}.`, { cause: cause ?? request });
}

function limitText(ms: number): string {
  const seconds = ms / 1000;
  if (seconds < 60) return `${Number(seconds.toFixed(2))} seconds`;
  return `${Number((seconds / 60).toFixed(2))} minutes`;
}
