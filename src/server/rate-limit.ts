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
