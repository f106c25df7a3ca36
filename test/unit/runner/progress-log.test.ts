import { describe, expect, it } from 'vitest';
import { ProgressLog } from '../../../src/runner/progress-log.js';

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
});
