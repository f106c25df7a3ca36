/**
 * A quick comparison counts rows only: its matched, changed and only-in counts were never computed
 * (the stats hold 0 for them). Every renderer must say so instead of reporting them as 0.
 */
import { describe, expect, it } from 'vitest';
import type { ComparisonResult, RunResult } from '../../../src/engine/model.js';
import { runAnnotations } from '../../../src/report/annotations.js';
import { renderSummary } from '../../../src/report/markdown-summary.js';
import { decideOutcome } from '../../../src/report/outcome.js';
import { renderText } from '../../../src/report/text.js';

function quick(name: string, sourceRows: number, targetRows: number): ComparisonResult {
  const differ = sourceRows !== targetRows;
  return {
    name,
    status: differ ? 'mismatch' : 'match',
    result: {
      diff_status: differ ? 'MISMATCH' : 'MATCH',
      diff_reasons: differ ? [`Row counts differ: the source (orders) has ${sourceRows} rows, the target (orders) has ${targetRows}.`] : [],
      time_taken: 0.2,
    },
    stats: {
      source_rows: sourceRows, target_rows: targetRows, matched_rows: 0, mismatched_rows: 0, only_in_source: 0, only_in_target: 0,
      duplicate_keys_source: 0, duplicate_keys_target: 0, null_keys_source: 0, null_keys_target: 0,
    },
    plan: { kind: 'quick', reason: 'quick_comparison is set: only the row counts are compared.', source: { rows_sent: 1, bytes_sent: 4 }, target: { rows_sent: 1, bytes_sent: 4 } },
  };
}

const run: RunResult = {
  version: 1,
  status: 'mismatch',
  mode: 'local',
  started_at: '2026-11-22T01:00:00Z',
  finished_at: '2026-11-22T01:00:01Z',
  comparisons: [
    { ...quick('orders', 1200, 1199), location: { file: '.github/data-comparisons.yml', line: 4, column: 5 } },
    { ...quick('customers', 50, 50), location: { file: '.github/data-comparisons.yml', line: 10, column: 5 } },
  ],
};

describe('quick comparisons in reports', () => {
  it('the status table shows the row counts and "–" (not 0) for counts that were not computed', () => {
    const table = renderSummary(run, { maxDiffRows: 10 }).split('\n').filter((line) => line.startsWith('| '));
    expect(table).toMatchInlineSnapshot(`
      [
        "| Comparison | Status | Match | Source rows | Target rows | Changed | Only in source / target | Columns that differ |",
        "| --- | --- | --: | --: | --: | --: | --: | --- |",
        "| orders | ❌ mismatch | – | 1,200 | 1,199 | – | – |  |",
        "| customers | ✅ match | – | 50 | 50 | – | – |  |",
      ]
    `);
  });

  it('the summary details say only the row counts were compared, and draw no chart', () => {
    const markdown = renderSummary(run, { maxDiffRows: 10 });
    expect(markdown).toContain('row counts only: 1,200 source rows, 1,199 target rows');
    expect(markdown).not.toContain('0 differing rows');
    expect(markdown).not.toContain('mermaid');
  });

  it('the terminal report says row counts only instead of 0 differing rows', () => {
    expect(renderText(run, { color: false })).toMatchInlineSnapshot(`
      "✘ mismatch  orders  · 1,200 source rows, 1,199 target rows · row counts only (values not compared) · 200 ms
          Row counts differ: the source (orders) has 1200 rows, the target (orders) has 1199.
      ✔ match  customers  · 50 source rows, 50 target rows · row counts only (values not compared) · 200 ms

      MISMATCH: 2 comparisons — 1 matched, 1 differ, 0 failed (local mode, 1.0 s)
      "
    `);
  });

  it('the annotation and the fail message name the row counts', () => {
    const [annotation] = runAnnotations(run, { specFile: '.github/data-comparisons.yml', failOn: 'mismatch' });
    expect(annotation?.message).toMatchInlineSnapshot(`
      "The data differs. Only the row counts were compared (quick_comparison).
      Row counts differ: the source (orders) has 1200 rows, the target (orders) has 1199."
    `);
    expect(decideOutcome(run, 'mismatch').message).toMatchInlineSnapshot(`"The data of comparison "orders" differs: its row counts differ (1,200 source rows, 1,199 target rows)."`);
  });
});
