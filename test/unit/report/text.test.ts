import { describe, expect, it } from 'vitest';
import type { RunResult } from '../../../src/engine/model.js';
import { renderText } from '../../../src/report/text.js';
import { addSecret, clearSecrets } from '../../../src/shared/redact.js';

const stats = { duplicate_keys_source: 0, duplicate_keys_target: 0, null_keys_source: 0, null_keys_target: 0 };

const run: RunResult = {
  version: 1,
  status: 'error',
  mode: 'local',
  started_at: '2026-11-22T01:00:00.000Z',
  finished_at: '2026-11-22T01:00:03.400Z',
  comparisons: [
    {
      name: 'customers',
      status: 'match',
      result: { diff_status: 'MATCH', diff_reasons: [], time_taken: 0.42 },
      stats: { ...stats, source_rows: 1204, target_rows: 1204, matched_rows: 1204, mismatched_rows: 0, only_in_source: 0, only_in_target: 0 },
    },
    {
      name: 'orders',
      status: 'mismatch',
      result: { diff_status: 'MISMATCH', diff_reasons: ['2 rows have different values in column amount.', '1 row is only in the source.'], time_taken: 1.25 },
      stats: { ...stats, source_rows: 10, target_rows: 9, matched_rows: 7, mismatched_rows: 2, only_in_source: 1, only_in_target: 0, duplicate_keys_target: 1 },
      diff: {
        primary_key_columns: ['id'],
        column_mapping: { id: 'order_id', amount: 'total', note: 'note' },
        mismatched_columns_mapping: { amount: { mismatch_count: 2, details: '' }, note: { mismatch_count: 1, details: '' } },
        diff_rows: [
          { _diff_type: 'changed', id: 17, source_amount: '10.00', target_amount: '12.50', source_note: 'paid ', target_note: 'paid\u001b[2J' },
          { _diff_type: 'changed', id: 18, source_amount: '3.00', target_amount: null },
          { _diff_type: 'only_in_source', id: 21, amount: '9.99', note: null },
        ],
        diff_rows_total: 3,
        truncated: false,
      },
    },
    {
      name: 'refunds',
      status: 'match',
      within_thresholds: true,
      result: { diff_status: 'MISMATCH', diff_reasons: ['1 row is only in the target.'], time_taken: 65 },
      stats: { ...stats, source_rows: 100, target_rows: 101, matched_rows: 100, mismatched_rows: 0, only_in_source: 0, only_in_target: 1 },
    },
    {
      name: 'legacy',
      status: 'error',
      error: { kind: 'connection', message: 'cannot connect to mysql://app:hunter22@db:3306/shop', hint: 'check that the host is reachable from the runner' },
    },
  ],
};

describe('renderText', () => {
  it('prints each comparison with counts, reasons, columns and samples, then a summary line', () => {
    expect(renderText(run, { color: false, maxDiffRows: 2 })).toMatchInlineSnapshot(`
      "✔ match  customers  · 100.0% match · 1,204 source rows, 1,204 target rows · 420 ms
      ✘ mismatch  orders  · 70.0% match · 10 source rows, 9 target rows · 3 differing rows (2 changed, 1 only in source, 0 only in target) · 1 duplicate key · 1.3 s
          2 rows have different values in column amount.
          1 row is only in the source.
          columns: amount 2, note 1
          id=17: amount 10.00 → 12.50; note "paid " → "paid\\u001b[2J"
          id=18: amount 3.00 → NULL
          … Showing 2 of 3 differing rows.
      ✔ match (within thresholds)  refunds  · 99.0% match · 100 source rows, 101 target rows · 1 differing row (0 changed, 0 only in source, 1 only in target) · 1 min 5 s
          1 row is only in the target.
      ! error  legacy
          connection error: cannot connect to mysql://app:***@db:3306/shop
          hint: check that the host is reachable from the runner

      ERROR: 4 comparisons — 2 matched, 1 differ, 1 failed (local mode, 3.4 s)
      "
    `);
  });

  it('says how a comparison was executed when asked (--verbose)', () => {
    const planned: RunResult = {
      ...run,
      comparisons: [
        { ...run.comparisons[0]!, plan: { kind: 'join', reason: 'Both sides are on the same connection, so one outer-join query computes the diff inside the database.', source: { rows_sent: 0, bytes_sent: 0 }, target: { rows_sent: 0, bytes_sent: 0 } } },
      ],
    };
    expect(renderText(planned, { color: false, showPlan: true }).split('\n')[1]).toBe('    plan: join (0 + 0 rows sent): Both sides are on the same connection, so one outer-join query computes the diff inside the database.');
    expect(renderText(planned, { color: false })).not.toContain('plan:');
  });

  it('colours only when asked', () => {
    expect(renderText(run, { color: false })).not.toContain('\u001b[');
    expect(renderText(run, { color: true })).toContain('\u001b[31m✘ mismatch\u001b[0m');
  });

  it('never prints a secret or a terminal control sequence from the data', () => {
    clearSecrets();
    addSecret('s3cr3t-token');
    const leaky: RunResult = { ...run, comparisons: [{ name: 'x s3cr3t-token', status: 'error', error: { kind: 'query', message: 'bad \u001b]0;title\u0007 s3cr3t-token' } }] };
    const text = renderText(leaky, { color: false });
    expect(text).not.toContain('s3cr3t-token');
    expect(text).not.toContain('\u001b');
    expect(text).not.toContain('hunter22');
    clearSecrets();
  });

  it('says so when every comparison matched', () => {
    const ok: RunResult = { ...run, status: 'match', comparisons: [run.comparisons[0]!] };
    expect(renderText(ok, { color: false })).toMatchInlineSnapshot(`
      "✔ match  customers  · 100.0% match · 1,204 source rows, 1,204 target rows · 420 ms

      MATCH: 1 comparison — 1 matched, 0 differ, 0 failed (local mode, 3.4 s)
      "
    `);
  });
});
