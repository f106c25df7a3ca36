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
 * Failed authentication, counted per client address and per presented key: the `burst`-th failure in a
 * row and whatever follows are refused until failures are forgotten, one per `everyMs`; a blocked client is answered 429 before its key is even looked up.
 * Successes cost nothing. At most `maxTracked` identities are remembered (the oldest are forgotten).
 */
export interface FailureThrottle {
  /** 0 when `ids` may try, else the whole seconds to wait (Retry-After). */
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
