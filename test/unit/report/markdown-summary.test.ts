import { afterEach, describe, expect, it } from 'vitest';
import { bigResult, loadResult, type ResultFixture } from '../../fixtures/results/load.js';
import { byteLength, renderSummary, renderSummaryWithStage } from '../../../src/report/markdown-summary.js';
import { addSecret, clearSecrets } from '../../../src/shared/redact.js';

afterEach(() => clearSecrets());

describe('the job summary', () => {
  for (const name of ['match', 'mismatch', 'error', 'api', 'hostile'] as ResultFixture[]) {
    it(`looks like this for the "${name}" run`, async () => {
      addSecret('hunter2-very-secret');
      const markdown = renderSummary(loadResult(name), { maxDiffRows: 100, rows: { at: (c) => `${c.name}.csv`, more: '`max_diff_rows`' } });
      await expect(markdown).toMatchFileSnapshot(`__snapshots__/summary-${name}.md`);
    });
  }

  it('never lets a hostile value through unescaped', () => {
    addSecret('hunter2-very-secret');
    const markdown = renderSummary(loadResult('hostile'), { maxDiffRows: 100 });
    expect(markdown).not.toContain('<script>');
    expect(markdown).not.toContain('@someone');
    expect(markdown).not.toContain('@octo-team');
    expect(markdown).not.toMatch(/#12(?!\d)/);
    expect(markdown).not.toContain('hunter2-very-secret');
    expect(markdown).not.toMatch(/a \| b/);
    // every table row keeps its cell count: no pipe from the data splits a cell
    const rows = markdown.split('\n').filter((l) => l.startsWith('| 1 |') || l.startsWith('| 2 |'));
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(row.split(' | ')).toHaveLength(3);
  });

  it('redacts a connection URL password quoted in an error message', () => {
    const markdown = renderSummary(loadResult('error'), { maxDiffRows: 100 });
    expect(markdown).not.toContain('s3cr3t-pa55');
    expect(markdown).toContain('postgres:/&#8203;/app:\\*\\*\\*@&#8203;db.internal');
  });

  it('shows at most max-diff-rows sample rows and says where the rest are', () => {
    const markdown = renderSummary(loadResult('mismatch'), { maxDiffRows: 1, rows: { at: () => 'orders.csv' } });
    expect(markdown).toContain('Showing 1 of 4 differing rows. Every row is in orders.csv.');
    expect(markdown).not.toContain('| 5 | changed');
  });
});

describe('the job summary size budget', () => {
  it('keeps a small run whole', () => {
    expect(renderSummaryWithStage(loadResult('mismatch'), { maxDiffRows: 100 }).stage).toBe('full');
  });

  it('shrinks detail in stages and keeps the status table when the full report would exceed 1 MiB', () => {
    // 40 comparisons × 100 rows × two 400-char values ≈ 3.3 MB in full
    const run = bigResult({ comparisons: 40, rows: 100, width: 400 });
    const full = renderSummaryWithStage(run, { maxDiffRows: 100, budgetBytes: Number.MAX_SAFE_INTEGER });
    expect(byteLength(full.markdown)).toBeGreaterThan(1_048_576);
    const { markdown, stage } = renderSummaryWithStage(run, { maxDiffRows: 100 });
    expect(byteLength(markdown)).toBeLessThanOrEqual(1_000_000);
    // the most sample rows that fit, found by binary search: 89 of 100
    expect(stage).toBe('89 sample rows');
    expect(markdown).toContain('Showing 89 of 100 differing rows');
    expect(markdown).toContain('| table_0039 | ❌ mismatch |');
    expect(markdown).toContain("shortened to fit GitHub's 1 MiB job-summary limit (89 sample rows)");
    expect(byteLength(markdown)).toBeGreaterThan(900_000); // it uses the budget, not a fixed small stage
  });

  it('drops the sample rows before the column tables', () => {
    const run = bigResult({ comparisons: 40, rows: 100, width: 400 });
    const { markdown, stage } = renderSummaryWithStage(run, { maxDiffRows: 100, budgetBytes: 28_000 });
    expect(stage).toBe('no sample rows');
    expect(byteLength(markdown)).toBeLessThanOrEqual(28_000);
    expect(markdown).toContain('**Columns that differ**');
    expect(markdown).not.toContain('**Sample rows**');
  });

  it('drops the details, never the status table, when even rowless details are too big', () => {
    const run = bigResult({ comparisons: 300, rows: 3, width: 10 });
    const { markdown, stage } = renderSummaryWithStage(run, { maxDiffRows: 100, budgetBytes: 80_000 });
    expect(stage).toBe('status table only');
    expect(byteLength(markdown)).toBeLessThanOrEqual(80_000);
    expect(markdown).not.toContain('<details');
    expect(markdown.match(/^\| table_\d{4} \|/gm)).toHaveLength(300);
  });

  it('cuts the status table to the most important comparisons only as the very last resort', () => {
    const run = bigResult({ comparisons: 300, rows: 3, width: 10 });
    const { markdown, stage } = renderSummaryWithStage(run, { maxDiffRows: 100, budgetBytes: 20_000 });
    expect(stage).toBe('first 100 comparisons');
    expect(markdown).toContain('… and 200 more comparisons (all in results.json).');
  });
});
