/**
 * Retry with full-jitter exponential backoff ("Exponential Backoff And Jitter", AWS architecture
 * blog): the n-th retry waits a uniformly random time in [0, min(cap, base·2ⁿ)]. A server's
 * `Retry-After` (seconds or an HTTP date) overrides the random wait. The caller decides which
 * failures are worth retrying (`classify`); the clock and the randomness are injectable so unit
 * tests never sleep for real.
 */
import { sleep as realSleep, throwIfAborted } from './abort.js';

export interface BackoffOptions {
  /** First retry waits up to this long. Default 1 s. */
  baseMs?: number;
  /** No wait is longer than this (unless Retry-After asks for more). Default 30 s. */
  capMs?: number;
  /** Uniform in [0, 1). Default Math.random. */
  random?: () => number;
}

export const DEFAULT_BACKOFF = { baseMs: 1000, capMs: 30_000 } as const;

/** The wait before retry number `retry` (0 = the first retry): full jitter. */
export function fullJitterDelay(retry: number, options: BackoffOptions = {}): number {
  const base = options.baseMs ?? DEFAULT_BACKOFF.baseMs;
  const cap = options.capMs ?? DEFAULT_BACKOFF.capMs;
  const random = options.random ?? Math.random;
  const ceiling = Math.min(cap, base * 2 ** Math.max(0, retry));
  return Math.floor(random() * ceiling);
}

/**
 * Milliseconds a `Retry-After` header asks to wait: a number of seconds (`120`, `1.5`) or an HTTP date
 * (`Wed, 21 Oct 2015 07:28:00 GMT`, relative to `nowMs`). undefined when absent or unreadable.
 */
export function parseRetryAfter(value: string | null | undefined, nowMs: number = Date.now()): number | undefined {
  if (value === null || value === undefined) return undefined;
  const text = value.trim();
  if (text === '') return undefined;
  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000);
  if (!/[a-z]/i.test(text)) return undefined; // an HTTP date names its weekday/month; "-5" is not one
  const date = Date.parse(text);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - nowMs);
}

/** What to do with a failure: give up, or retry (after Retry-After when the server said so). */
export type RetryDecision = { retry: false } | { retry: true; reason: string; retryAfterMs?: number };

export interface RetryAttemptInfo {
  /** 1-based number of the attempt that failed. */
  attempt: number;
  delayMs: number;
  reason: string;
  error: unknown;
}

export interface RetryOptions extends BackoffOptions {
  /** Attempts in all, the first included. Default 5. */
  maxAttempts?: number;
  /** A Retry-After longer than this makes us give up rather than wait. Default 2 min. */
  maxRetryAfterMs?: number;
  classify: (error: unknown) => RetryDecision;
  signal?: AbortSignal;
  /** Injectable for tests. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  now?: () => number;
  onRetry?: (info: RetryAttemptInfo) => void;
}

export const DEFAULT_MAX_ATTEMPTS = 5;

/**
 * Runs `operation` until it succeeds, `classify` says the failure is final, the attempts run out or
 * the signal fires. The last error is rethrown as is; an abort rejects with the signal's reason.
 */
export async function retry<T>(operation: (attempt: number) => Promise<T>, options: RetryOptions): Promise<T> {
  const maxAttempts = Math.max(1, options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS);
  const maxRetryAfter = options.maxRetryAfterMs ?? 120_000;
  const wait = options.sleep ?? realSleep;
  for (let attempt = 1; ; attempt++) {
    throwIfAborted(options.signal);
    try {
      return await operation(attempt);
    } catch (error) {
      throwIfAborted(options.signal);
      if (attempt >= maxAttempts) throw error;
      const decision = options.classify(error);
      if (!decision.retry) throw error;
      if (decision.retryAfterMs !== undefined && decision.retryAfterMs > maxRetryAfter) throw error;
      const delayMs = decision.retryAfterMs ?? fullJitterDelay(attempt - 1, options);
      options.onRetry?.({ attempt, delayMs, reason: decision.reason, error });
      await wait(delayMs, options.signal);
    }
  }
}

/**
 * Polling intervals that grow: start, ×factor each tick with ±jitter, capped. Used for job polling
 * (start ~2 s, ×1.5, cap ~30 s).
 */
export class GrowingInterval {
  private current: number;
  constructor(
    private readonly options: { startMs: number; factor: number; capMs: number; jitter?: number; random?: () => number },
  ) {
    this.current = options.startMs;
  }

  /** The next wait in milliseconds; each call grows the following one. */
  next(): number {
    const random = this.options.random ?? Math.random;
    const jitter = this.options.jitter ?? 0.2;
    const value = this.current * (1 - jitter + 2 * jitter * random());
    this.current = Math.min(this.options.capMs, this.current * this.options.factor);
    return Math.max(0, Math.min(this.options.capMs, Math.round(value)));
  }
}
