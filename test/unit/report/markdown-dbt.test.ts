import { describe, expect, it } from 'vitest';
import type { ComparisonResult, RunResult } from '../../../src/engine/model.js';
import { COMMENT_LIMIT_CHARS, renderComment } from '../../../src/report/markdown-comment.js';
import { columnShares, dbtSection, rowsChange } from '../../../src/report/markdown-dbt.js';

function model(i: number, differs: boolean): ComparisonResult {
  return {
    name: `model_number_${i}_with_a_rather_long_descriptive_name`,
    status: differs ? 'mismatch' : 'match',
    result: { diff_status: differs ? 'MISMATCH' : 'MATCH', diff_reasons: differs ? ['1 row has a different value in column amount.'] : [], time_taken: 0.1 },
    stats: { source_rows: 200, target_rows: differs ? 210 : 200, matched_rows: 190, mismatched_rows: differs ? 10 : 0, only_in_source: 0, only_in_target: differs ? 10 : 0, duplicate_keys_source: 0, duplicate_keys_target: 0, null_keys_source: 0, null_keys_target: 0 },
    diff: {
      primary_key_columns: ['id'],
      column_mapping: { id: 'id', amount: 'amount' },
      mismatched_columns_mapping: differs ? { amount: { mismatch_count: 10, details: '10 values differ' } } : {},
      diff_rows: [],
      diff_rows_total: differs ? 20 : 0,
      truncated: false,
    },
    plan: { kind: 'join', reason: 'same database', source: { rows_sent: 0, bytes_sent: 0 }, target: { rows_sent: 0, bytes_sent: 0 } },
    dbt: { unique_id: `model.shop.m${i}`, reason: i % 3 === 0 ? 'modified: body' : 'downstream of stg_orders', key_source: 'unique_test', downstream: i % 3 !== 0 },
  };
}

function run(models: ComparisonResult[]): RunResult {
  return {
    version: 1,
    status: 'mismatch',
    mode: 'local',
    started_at: '2026-01-01T00:00:00Z',
    finished_at: '2026-01-01T00:00:10Z',
    comparisons: models,
    dbt: {
      manifest: 'target/manifest.json',
      base_manifest: 'prod/manifest.json',
      select: 'modified+',
      added: Array.from({ length: 30 }, (_, i) => ({ unique_id: `model.shop.new${i}`, name: `new_${i}`, relation: `pr.new_${i}` })),
      removed: [{ unique_id: 'model.shop.old', name: 'old @team #12', relation: 'analytics.old' }],
      excluded: [],
    },
  };
}

describe('the dbt section of the reports', () => {
  it('puts mismatches first and says what moved, how rows changed and whether a downstream change propagated', () => {
    const section = dbtSection(run([model(1, false), model(2, true)]), { limit: 50 });
    const rows = section.split('\n').filter((l) => l.startsWith('| model'));
    expect(rows[0]).toContain('model_number_2');
    expect(rows[0]).toContain('| 200 → 210 (+10, +5.0%) | ❌ 10 changed, 0 removed, 10 added rows; moved: amount 4.8%; the change propagated |');
    expect(rows[1]).toContain('✅ the change did not reach it');
    expect(section).toContain('**New models (no production relation to compare):** new_0');
    expect(section).toContain('+10 more');
    expect(section).not.toContain('@team');
  });

  it('keeps the PR comment within GitHub\'s limit with 600 models', () => {
    const models = Array.from({ length: 600 }, (_, i) => model(i, i % 2 === 0));
    const body = renderComment(run(models), { commentKey: 'spec', headSha: 'c0ffee'.padEnd(40, '0'), maxDiffRows: 100 });
    expect(body.length).toBeLessThanOrEqual(COMMENT_LIMIT_CHARS);
    expect(body).toContain('#### dbt models (modified+): 600 models compared');
    expect(body).toMatch(/… and \d+ more models/);
  });

  it('computes the row delta and the per-column share of changed values', () => {
    const c = model(2, true);
    expect(rowsChange(c)).toBe('200 → 210 (+10, +5.0%)');
    expect(columnShares(c)).toBe('amount 4.8%');
  });
});
