/**
 * When to stop waiting for a service that gives no usable answer. Every request's outcome is told
 * here: an answer (any status the service chose, 2xx or a final 4xx) clears the count; a failure
 * (no connection, the time limit — headers and body — reached, 408/429/5xx, an answer too large or
 * unreadable) adds to it. Once `failures` requests in a row have failed AND `periodMs` have passed
 * since the first of them was sent, the next request is not sent: ServiceUnavailableError, which
 * names the service, the count, the time and the last failure. Both bounds, so neither a burst of
 * quick 503s nor one slow request ends a run, and no outage is waited out longer than `periodMs`
 * plus one request's time limit (or one retry wait).
 */
import type { ApiCallError, ServiceAddress } from './service-error.js';
import { displayUrl } from './service-error.js';
import { formatLimit } from '../shared/abort.js';
import { ServiceError } from '../shared/errors.js';
import { redact } from '../shared/redact.js';

export interface OutageLimits {
  /** Failed requests in a row (default 3). */
  failures?: number;
  /** Milliseconds since the first of them was sent (default 90 s). */
  periodMs?: number;
}

export const DEFAULT_OUTAGE_LIMITS = { failures: 3, periodMs: 90_000 } as const;

/** The service gave no usable answer for too long: the run stops waiting for it. */
export class ServiceUnavailableError extends ServiceError {}

export class OutageBound {
  private failures = 0;
  private since = 0;
  private last: ApiCallError | undefined;
  private readonly limits: Required<OutageLimits>;

  constructor(
    private readonly address: ServiceAddress,
    limits: OutageLimits = {},
    private readonly now: () => number = Date.now,
  ) {
    this.limits = { ...DEFAULT_OUTAGE_LIMITS, ...limits };
  }

  /** The service answered. */
  answered(): void {
    this.failures = 0;
    this.last = undefined;
  }

  /** A request sent at `sentAt` (ms) got no usable answer. */
  failed(sentAt: number, error: ApiCallError): void {
    if (this.failures === 0) this.since = sentAt;
    this.failures++;
    this.last = error;
  }

  /** Throws ServiceUnavailableError when both limits are reached (call before sending a request). */
  check(): void {
    if (!this.last || this.failures < this.limits.failures) return;
    const elapsed = this.now() - this.since;
    if (elapsed < this.limits.periodMs) return;
    throw new ServiceUnavailableError(
      redact(
        `The service at ${displayUrl(this.address.url)} gave no usable answer to ${this.failures} requests in a row over ${formatLimit(elapsed)} ` +
          `(the last: ${this.last.message.replace(/\.$/, '')}); datacompare stopped waiting for it.`,
      ),
      { cause: this.last, hint: `Check that the service is up and reachable from here (its address came from ${this.address.setting}), then run again.` },
    );
  }
}
