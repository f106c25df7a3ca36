/**
 * One logical execute (single or batch) → at most one job: every attempt carries the same
 * Idempotency-Key and the same body, so a service that keeps keys answers a resend with the first
 * answer. After an answer that may have been lost (connection broken, 500/502/504, our time limit),
 * the job list is searched for the job(s) this very request made before anything is sent again; a
 * 409 "still in progress" means the first attempt is being carried out: wait and look again.
 */
import { UnprovableJobError } from './recovery.js';
import { ApiCallError } from './service-error.js';
import type { ServiceTransport } from './transport.js';

/** How often a 409 "still in progress" is waited out before giving up. */
const MAX_IN_PROGRESS_WAITS = 60;

/** A 409 answer saying a request with this Idempotency-Key is still being carried out. */
export function isInProgress(error: unknown): boolean {
  if (!(error instanceof ApiCallError) || error.status !== 409) return false;
  const body = error.body as { code?: unknown; detail?: unknown; message?: unknown } | undefined;
  if (body && typeof body === 'object' && body.code === 'idempotency_in_progress') return true;
  return /in progress/i.test(String(body && typeof body === 'object' ? (body.message ?? body.detail ?? '') : (body ?? '')));
}

export interface ExecuteOnceSpec<T> {
  endpoint: string;
  /** For messages: `"orders" (comparison 1b2c…)`. */
  what: string;
  send: () => Promise<T>;
  /** Looks for the job(s) of this request; undefined when there are none (yet). May throw UnprovableJobError. */
  recover: () => Promise<T | undefined>;
  signal?: AbortSignal;
}

export async function executeOnce<T>(http: ServiceTransport, spec: ExecuteOnceSpec<T>): Promise<{ value: T; recovered: boolean }> {
  const { logger } = http.options;
  let inProgressWaits = 0;
  for (let attempt = 1; ; ) {
    try {
      return { value: await spec.send(), recovered: false };
    } catch (error) {
      if (!(error instanceof ApiCallError)) throw error;
      if (isInProgress(error)) {
        if (++inProgressWaits > MAX_IN_PROGRESS_WAITS) throw error;
        logger.debug(`${spec.endpoint} for ${spec.what}: the first attempt is still in progress on the service; waiting, then looking again.`);
        await http.pause(error.retryAfterMs ?? 1000, spec.signal);
        const found = await spec.recover();
        if (found) return { value: found, recovered: true };
        continue;
      }
      if (!error.retryable) throw error;
      // wait first: a request still on its way (a slow proxy) lands before we look for it
      await http.pause(http.retryDelay(error, attempt), spec.signal);
      if (!error.ambiguous) {
        // a 429/503 normally means the service did not act; a gateway may have answered after it did, so
        // look once: a job proven ours is taken, anything less means sending again (same key)
        const found = await spec.recover().catch((lookup: unknown) => {
          if (spec.signal?.aborted || (lookup instanceof Error && lookup.name === 'AbortError')) throw lookup;
          if (!(lookup instanceof UnprovableJobError)) logger.debug(`${spec.endpoint}: the job list could not be read (${String(lookup)}); sending again.`);
          return undefined;
        });
        if (found) return { value: found, recovered: true };
      } else {
        let found = await spec.recover();
        if (!found && error.failure === 'timeout') {
          // a slow service may still be working on the request: look once more after a pause
          await http.pause(Math.min(5000, Math.max(200, http.requestTimeoutMs / 3)), spec.signal);
          found = await spec.recover();
        }
        if (found) {
          logger.warning(`${spec.endpoint} for ${spec.what} got no clear answer (${error.message}); its job was found in the job list and is not started again.`);
          return { value: found, recovered: true };
        }
      }
      if (attempt >= http.maxAttempts) throw error;
      attempt++;
      logger.debug(`${spec.endpoint} for ${spec.what}: ${error.message} Sending it again with the same Idempotency-Key.`);
    }
  }
}
