/** The drift history, what counts as news, and the tracking issue's body within GitHub's size. */
import { describe, expect, it } from 'vitest';
import type { ComparisonResult, RunResult } from '../../../src/engine/model.js';
import {
  appendRun, driftChanges, driftingSince, HISTORY_LIMIT, ISSUE_BODY_LIMIT, parseHistory, renderIssueBody, runEntries, type DriftEntry, type DriftHistory,
} from '../../../src/report/drift.js';

function run(at: string, comparisons: Array<[string, ComparisonResult['status'], number]>): RunResult {
  return {
    version: 1,
    status: comparisons.some(([, s]) => s === 'error') ? 'error' : comparisons.some(([, s]) => s === 'mismatch') ? 'mismatch' : 'match',
    mode: 'local',
    started_at: at,
    finished_at: at,
    comparisons: comparisons.map(([name, status, differing]) => ({
      name,
      status,
      ...(status === 'error'
        ? { error: { kind: 'connection' as const, message: 'down' } }
        : { stats: { source_rows: 10, target_rows: 10, matched_rows: 10 - differing, mismatched_rows: differing, only_in_source: 0, only_in_target: 0, duplicate_keys_source: 0, duplicate_keys_target: 0, null_keys_source: 0, null_keys_target: 0 } }),
    })),
  };
}

function after(history: DriftHistory, r: RunResult) {
  const entries = runEntries(r, 'https://github.com/acme/shop/actions/runs/1');
  return { changes: driftChanges(history, entries, r).map((c) => `${c.kind}:${c.comparison}`), history: appendRun(history, entries) };
}

describe('drift changes', () => {
  it('are news only when a comparison starts, worsens, recovers or fails', () => {
    let h = parseHistory(undefined);
    let step = after(h, run('2026-11-01T03:00:00Z', [['orders', 'mismatch', 2], ['users', 'match', 0]]));
    expect(step.changes).toEqual(['started:orders']);
    h = step.history;
    step = after(h, run('2026-11-02T03:00:00Z', [['orders', 'mismatch', 2], ['users', 'match', 0]]));
    expect(step.changes).toEqual([]);
    h = step.history;
    step = after(h, run('2026-11-03T03:00:00Z', [['orders', 'mismatch', 1], ['users', 'error', 0]]));
    expect(step.changes).toEqual(['failed:users']); // fewer differing rows is no news
    h = step.history;
    step = after(h, run('2026-11-04T03:00:00Z', [['orders', 'mismatch', 5], ['users', 'error', 0]]));
    expect(step.changes).toEqual(['worse:orders']);
    h = step.history;
    step = after(h, run('2026-11-05T03:00:00Z', [['orders', 'match', 0], ['users', 'match', 0]]));
    expect(step.changes).toEqual(['recovered:orders', 'recovered:users']);
    expect(driftingSince(h.comparisons.orders ?? [])).toBe('2026-11-01T03:00:00Z');
    expect(driftingSince(step.history.comparisons.orders ?? [])).toBeUndefined();
  });

  it('keep the last 50 runs per comparison, read back from the body they are written in', () => {
    let h = parseHistory('');
    for (let day = 0; day < 60; day++) h = after(h, run(new Date(Date.UTC(2026, 0, 1 + day)).toISOString(), [['orders', 'mismatch', day]])).history;
    expect(h.comparisons.orders).toHaveLength(HISTORY_LIMIT);
    expect(h.comparisons.orders?.[0]?.differing).toBe(10);
    const body = renderIssueBody({ key: 'spec.yml', history: h, open: true });
    expect(parseHistory(body)).toEqual(h);
    expect(parseHistory('<!-- datacompare-drift-history: not*base64 -->')).toEqual({ version: 1, comparisons: {} });
  });

  it('stay within 65,536 characters with hundreds of comparisons, and escape hostile names', () => {
    const entry: DriftEntry = { at: '2026-11-01T03:00:00Z', run: 'https://github.com/acme/shop/actions/runs/1', status: 'mismatch', differing: 123456, onlyInSource: 1, onlyInTarget: 2 };
    const comparisons: Record<string, DriftEntry[]> = {};
    for (let i = 0; i < 400; i++) comparisons[`table_${i}_@team <img src=x onerror=alert(1)>`] = Array.from({ length: HISTORY_LIMIT }, () => entry);
    const body = renderIssueBody({ key: 'nightly', history: { version: 1, comparisons }, open: true });
    expect(body.length).toBeLessThanOrEqual(ISSUE_BODY_LIMIT);
    expect(body).not.toMatch(/@team|(?<!\\)<img/);
    expect(body).toContain('<!-- datacompare-drift: nightly -->');
  });
});
