/** A token bucket per API key: `burst` requests at once, refilled at `perSecond`. In memory, per process. */
export interface RateLimiter {
  /** Takes one token; returns 0 when allowed, else the whole seconds to wait (Retry-After). */
  take(keyId: string): number;
}

export function tokenBucket(options: { burst: number; perSecond: number; now?: () => number }): RateLimiter {
  const now = options.now ?? (() => performance.now());
  const buckets = new Map<string, { tokens: number; at: number }>();
  return {
    take(keyId) {
      const t = now();
      const bucket = buckets.get(keyId) ?? { tokens: options.burst, at: t };
      bucket.tokens = Math.min(options.burst, bucket.tokens + ((t - bucket.at) / 1000) * options.perSecond);
      bucket.at = t;
      buckets.set(keyId, bucket);
      if (bucket.tokens >= 1) {
        bucket.tokens -= 1;
        return 0;
      }
      return Math.max(1, Math.ceil((1 - bucket.tokens) / options.perSecond));
    },
  };
}

/**
 * Failures counted per identity: the `burst`-th failure in a row and whatever follows are over the
 * limit until failures are forgotten, one per `everyMs`. Successes cost nothing. At most `maxTracked`
 * identities are remembered (the oldest are forgotten).
 */
export interface FailureThrottle {
  /** 0 when every one of `ids` is within its burst, else the whole seconds until all are (Retry-After). */
  wait(ids: readonly string[]): number;
  /** Records a failure for each of `ids`. */
  fail(ids: readonly string[]): void;
}

export function failureThrottle(options: { burst: number; everyMs: number; maxTracked?: number; now?: () => number }): FailureThrottle {
  const now = options.now ?? (() => performance.now());
  const max = options.maxTracked ?? 10_000;
  const debts = new Map<string, { count: number; at: number }>();
  const current = (id: string, t: number) => {
    const entry = debts.get(id);
    if (!entry) return 0;
    const count = Math.max(0, entry.count - (t - entry.at) / options.everyMs);
    if (count === 0) debts.delete(id);
    return count;
  };
  return {
    wait(ids) {
      const t = now();
      const worst = Math.max(0, ...ids.map((id) => current(id, t)));
      const over = worst - (options.burst - 1);
      return over <= 0 ? 0 : Math.max(1, Math.ceil((over * options.everyMs) / 1000));
    },
    fail(ids) {
      const t = now();
      for (const id of ids) {
        const count = current(id, t) + 1;
        debts.delete(id); // re-inserted last: the map's order is the forgetting order
        debts.set(id, { count, at: t });
        if (debts.size > max) debts.delete(debts.keys().next().value!);
      }
    },
  };
}

export interface AuthFailureOptions {
  /** Failures at once before an identity is over its limit (default 20). */
  burst: number;
  /** One failure forgotten per this long (default 3 s). */
  everyMs: number;
  /** How long the answer to a wrong key is held once its client or key is over the limit (default 1 s). */
  holdMs?: number;
  maxTracked?: number;
  now?: () => number;
}

/**
 * Failed authentications, counted per client address and per presented key prefix, each in a table of
 * its own (a flood of made-up prefixes cannot push a blocked address out of its table). Only failures
 * are counted and only failures are refused: the key is checked first, so a valid key is never refused
 * for what others sent from its address or in its name.
 */
export class AuthFailures {
  private readonly clients: FailureThrottle;
  private readonly keys: FailureThrottle;
  /** How long the answer to a wrong key is held once over the limit. */
  readonly holdMs: number;

  constructor(options: AuthFailureOptions) {
    this.clients = failureThrottle(options);
    this.keys = failureThrottle(options);
    this.holdMs = options.holdMs ?? 1000;
  }

  /** Records a failed authentication; 0 when client and key are within their burst, else the seconds to wait (Retry-After). */
  fail(client: string, keyPrefix: string | undefined): number {
    this.clients.fail([client]);
    if (keyPrefix !== undefined) this.keys.fail([keyPrefix]);
    return Math.max(this.clients.wait([client]), keyPrefix === undefined ? 0 : this.keys.wait([keyPrefix]));
  }
}
