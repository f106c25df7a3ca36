import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { heartbeatFromEnv, ProgressLog, workText } from '../../../src/runner/progress-log.js';

describe('ProgressLog (logs without a terminal)', () => {
  it('writes a line per phase, a heartbeat at most once per period with elapsed time and work, and the end', () => {
    let now = 0;
    const lines: string[] = [];
    const log = new ProgressLog({ write: (line) => lines.push(line), heartbeatMs: 30_000, now: () => now });
    log.onProgress({ comparison: 'orders', phase: 'connecting' });
    log.onProgress({ comparison: 'orders', phase: 'comparing', message: 'checksumming both sides in 1,172 key ranges' });
    now = 10_000;
    log.onProgress({ comparison: 'orders', phase: 'comparing', work: { done: 120_000, total: 600_000, unit: 'rows' } });
    log.heartbeat();
    now = 31_000;
    log.heartbeat();
    log.heartbeat();
    now = 45_000;
    log.onProgress({ comparison: 'orders', phase: 'done' });
    log.stop();
    expect(lines).toEqual([
      'orders: connecting…',
      'orders: comparing (checksumming both sides in 1,172 key ranges)…',
      'orders: still comparing (checksumming both sides in 1,172 key ranges): 31.0 s so far, 120,000 of about 600,000 rows',
      'orders: done in 45.0 s',
    ]);
  });

  it('says when a comparison was stopped or failed', () => {
    const lines: string[] = [];
    const log = new ProgressLog({ write: (line) => lines.push(line), now: () => 0 });
    log.onProgress({ comparison: 'a', phase: 'connecting' });
    log.onProgress({ comparison: 'b', phase: 'connecting' });
    log.onProgress({ comparison: 'a', phase: 'done', message: 'stopped' });
    log.onProgress({ comparison: 'b', phase: 'done', message: 'failed' });
    log.onProgress({ comparison: 'b', phase: 'done' });
    log.stop();
    expect(lines.slice(2)).toEqual(['a: stopped after 0 ms', 'b: failed after 0 ms']);
  });

  describe('on the clock (a controllable one): no comparison goes longer than the period without a line', () => {
    beforeEach(() => {
      vi.useFakeTimers({ now: 0 });
    });
    afterEach(() => {
      vi.useRealTimers();
    });

    /** The lines written, each with the second it was written at. */
    function recorder(heartbeatMs?: number) {
      const lines: string[] = [];
      const log = new ProgressLog({ write: (line) => lines.push(`${Date.now() / 1000} s ${line}`), ...(heartbeatMs ? { heartbeatMs } : {}) });
      return { lines, log };
    }

    it('the first heartbeat of a phase comes one period after the phase began, whenever it began (not on a tick after it)', () => {
      const { lines, log } = recorder();
      vi.advanceTimersByTime(1_000);
      log.onProgress({ comparison: 'orders', phase: 'connecting' });
      vi.advanceTimersByTime(1_500);
      log.onProgress({ comparison: 'orders', phase: 'comparing', message: 'checksumming both sides in key ranges of 256', work: { done: 0, total: 4_000_000, unit: 'rows' } });
      vi.advanceTimersByTime(29_999);
      expect(lines).toHaveLength(2);
      vi.advanceTimersByTime(1);
      log.onProgress({ comparison: 'orders', phase: 'comparing', work: { done: 1_200_000, total: 4_000_000, unit: 'rows' } });
      vi.advanceTimersByTime(30_000);
      log.stop();
      expect(lines).toEqual([
        '1 s orders: connecting…',
        '2.5 s orders: comparing (checksumming both sides in key ranges of 256)…',
        '32.5 s orders: still comparing (checksumming both sides in key ranges of 256): 31.5 s so far, 0 of about 4,000,000 rows',
        '62.5 s orders: still comparing (checksumming both sides in key ranges of 256): 1 min 2 s so far, 1,200,000 of about 4,000,000 rows',
      ]);
    });

    it('each comparison is counted from its own last line: one starting later gets its heartbeat a period after its start', () => {
      const { lines, log } = recorder();
      log.onProgress({ comparison: 'a', phase: 'comparing' });
      vi.advanceTimersByTime(12_345);
      log.onProgress({ comparison: 'b', phase: 'counting' });
      vi.advanceTimersByTime(50_000);
      log.stop();
      expect(lines).toEqual([
        '0 s a: comparing…',
        '12.345 s b: counting…',
        '30 s a: still comparing: 30.0 s so far',
        '42.345 s b: still counting: 30.0 s so far',
        '60 s a: still comparing: 1 min 0 s so far',
      ]);
    });

    it('a shortened period (DATACOMPARE_PROGRESS_SECONDS) is kept the same way, and nothing is written after the run ends', () => {
      const { lines, log } = recorder(heartbeatFromEnv({ DATACOMPARE_PROGRESS_SECONDS: '2' }));
      vi.advanceTimersByTime(700);
      log.onProgress({ comparison: 'a', phase: 'fetching-diff', work: { done: 0, total: 40, unit: 'ranges' } });
      vi.advanceTimersByTime(4_000);
      log.onProgress({ comparison: 'a', phase: 'done' });
      vi.advanceTimersByTime(10_000);
      log.stop();
      expect(lines).toEqual(['0.7 s a: fetching-diff…', '2.7 s a: still fetching-diff: 2.0 s so far, 0 of about 40 key ranges', '4.7 s a: still fetching-diff: 4.0 s so far, 0 of about 40 key ranges', '4.7 s a: done in 4.0 s']);
      expect(vi.getTimerCount()).toBe(0);
    });
  });

  it('says a count past its estimated total without the total', () => {
    expect(workText({ done: 4_100_000, total: 3_994_892, unit: 'rows' })).toBe('4,100,000 rows');
    expect(workText({ done: 12, total: 40, unit: 'ranges' })).toBe('12 of about 40 key ranges');
  });
});
