import { describe, expect, it } from 'vitest';
import { fullJitterDelay, GrowingInterval, parseRetryAfter, retry, type RetryDecision } from '../../../src/shared/retry.js';

/** A fake clock: sleeping records the wait and returns at once. */
function fakeSleep(): { waits: number[]; sleep: (ms: number, signal?: AbortSignal) => Promise<void> } {
  const waits: number[] = [];
  return {
    waits,
    sleep: async (ms, signal) => {
      if (signal?.aborted) throw signal.reason;
      waits.push(ms);
    },
  };
}

const always: (error: unknown) => RetryDecision = () => ({ retry: true, reason: 'flaky' });

describe('fullJitterDelay', () => {
  it('waits up to base·2ⁿ, uniformly, capped at 30 s', () => {
    const top = () => 0.999999;
    expect([0, 1, 2, 3, 4, 5, 6].map((n) => fullJitterDelay(n, { random: top }))).toEqual([
      999, 1999, 3999, 7999, 15_999, 29_999, 29_999,
    ]);
    expect(fullJitterDelay(3, { random: () => 0 })).toBe(0);
    expect(fullJitterDelay(2, { random: () => 0.5 })).toBe(2000);
  });

  it('takes a custom base and cap', () => {
    expect(fullJitterDelay(10, { baseMs: 10, capMs: 50, random: () => 0.5 })).toBe(25);
  });
});

describe('parseRetryAfter', () => {
  const now = Date.parse('2026-01-01T00:00:00Z');
  it('reads seconds', () => {
    expect(parseRetryAfter('3', now)).toBe(3000);
    expect(parseRetryAfter(' 1.5 ', now)).toBe(1500);
    expect(parseRetryAfter('0', now)).toBe(0);
  });
  it('reads an HTTP date relative to now, never negative', () => {
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:00:07 GMT', now)).toBe(7000);
    expect(parseRetryAfter('Wed, 31 Dec 2025 23:00:00 GMT', now)).toBe(0);
  });
  it('ignores what it cannot read', () => {
    expect(parseRetryAfter(null, now)).toBeUndefined();
    expect(parseRetryAfter('', now)).toBeUndefined();
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter('-5', now)).toBeUndefined();
  });
});

describe('retry', () => {
  it('returns the first success and waits with full jitter between attempts', async () => {
    const clock = fakeSleep();
    let calls = 0;
    const value = await retry(
      async () => {
        calls++;
        if (calls < 4) throw new Error(`fail ${calls}`);
        return 'ok';
      },
      { classify: always, sleep: clock.sleep, random: () => 0.5 },
    );
    expect(value).toBe('ok');
    expect(calls).toBe(4);
    expect(clock.waits).toEqual([500, 1000, 2000]);
  });

  it('honours Retry-After instead of the random wait', async () => {
    const clock = fakeSleep();
    let calls = 0;
    await retry(
      async () => {
        if (++calls === 1) throw new Error('429');
        return calls;
      },
      { classify: () => ({ retry: true, reason: '429', retryAfterMs: 4000 }), sleep: clock.sleep, random: () => 0 },
    );
    expect(clock.waits).toEqual([4000]);
  });

  it('gives up rather than wait for an unreasonably long Retry-After', async () => {
    const clock = fakeSleep();
    await expect(
      retry(
        async () => {
          throw new Error('come back tomorrow');
        },
        { classify: () => ({ retry: true, reason: '429', retryAfterMs: 86_400_000 }), sleep: clock.sleep },
      ),
    ).rejects.toThrow('come back tomorrow');
    expect(clock.waits).toEqual([]);
  });

  it('rethrows the last error after the attempts run out', async () => {
    const clock = fakeSleep();
    let calls = 0;
    await expect(
      retry(
        async () => {
          throw new Error(`fail ${++calls}`);
        },
        { classify: always, sleep: clock.sleep, maxAttempts: 3, random: () => 0 },
      ),
    ).rejects.toThrow('fail 3');
    expect(calls).toBe(3);
    expect(clock.waits).toHaveLength(2);
  });

  it('does not retry what classify calls final', async () => {
    let calls = 0;
    await expect(
      retry(
        async () => {
          calls++;
          throw new Error('400 bad request');
        },
        { classify: () => ({ retry: false }), sleep: fakeSleep().sleep },
      ),
    ).rejects.toThrow('400 bad request');
    expect(calls).toBe(1);
  });

  it('reports each retry', async () => {
    const seen: string[] = [];
    let calls = 0;
    await retry(
      async () => {
        if (++calls < 3) throw new Error('x');
      },
      {
        classify: always,
        sleep: fakeSleep().sleep,
        random: () => 0.25,
        onRetry: (info) => seen.push(`${info.attempt}:${info.delayMs}:${info.reason}`),
      },
    );
    expect(seen).toEqual(['1:250:flaky', '2:500:flaky']);
  });

  it('stops at once when the signal fires during a wait, with the signal reason', async () => {
    const controller = new AbortController();
    let calls = 0;
    const promise = retry(
      async () => {
        calls++;
        throw new Error('down');
      },
      {
        classify: always,
        signal: controller.signal,
        sleep: async (_ms, signal) => {
          controller.abort(new Error('cancelled by SIGINT'));
          if (signal?.aborted) throw signal.reason;
        },
      },
    );
    await expect(promise).rejects.toThrow('cancelled by SIGINT');
    expect(calls).toBe(1);
  });

  it('never starts when the signal has already fired', async () => {
    let calls = 0;
    await expect(
      retry(async () => ++calls, { classify: always, signal: AbortSignal.abort(new Error('too late')) }),
    ).rejects.toThrow('too late');
    expect(calls).toBe(0);
  });

  it('waits with the real clock by default, and a fired signal ends the wait at once', async () => {
    const controller = new AbortController();
    let calls = 0;
    await expect(
      retry(
        async () => {
          if (++calls === 1) setImmediate(() => controller.abort(new Error('stop'))); // fires while the 60 s wait runs
          throw new Error('down');
        },
        { classify: () => ({ retry: true, reason: 'x', retryAfterMs: 60_000 }), signal: controller.signal },
      ),
    ).rejects.toThrow('stop');
    expect(calls).toBe(1);
  });
});

describe('GrowingInterval', () => {
  it('starts at ~2 s, grows ×1.5 and caps at 30 s', () => {
    const interval = new GrowingInterval({ startMs: 2000, factor: 1.5, capMs: 30_000, random: () => 0.5 });
    const waits = Array.from({ length: 10 }, () => interval.next());
    expect(waits).toEqual([2000, 3000, 4500, 6750, 10_125, 15_188, 22_781, 30_000, 30_000, 30_000]);
  });

  it('jitters each wait within ±20 %', () => {
    const low = new GrowingInterval({ startMs: 2000, factor: 1.5, capMs: 30_000, random: () => 0 });
    const high = new GrowingInterval({ startMs: 2000, factor: 1.5, capMs: 30_000, random: () => 0.999999 });
    expect(low.next()).toBe(1600);
    expect(high.next()).toBe(2400);
  });
});
