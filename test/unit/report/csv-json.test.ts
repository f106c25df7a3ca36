import { afterEach, describe, expect, it } from 'vitest';
import { loadResult } from '../../fixtures/results/load.js';
import { csvFileNames, renderCsv } from '../../../src/report/csv.js';
import { renderJson } from '../../../src/report/json.js';
import { addSecret, clearSecrets } from '../../../src/shared/redact.js';

afterEach(() => clearSecrets());

describe('the CSV of a comparison', () => {
  it('has keys, the kind of difference and source/target pairs, NULL empty and "" for an empty string', () => {
    const orders = loadResult('mismatch').comparisons[1]!;
    expect(renderCsv(orders)).toMatchInlineSnapshot(`
      "id,_diff_type,source_amount,target_amount,source_status,target_status
      3,changed,10.00,15.00,paid,refunded
      5,changed,7.50,7.25,(unchanged),(unchanged)
      9,only_in_source,1.00,,new,
      11,only_in_target,,,,""
      "
    `);
    expect(renderCsv(orders)).toContain('\r\n');
  });

  it('quotes per RFC 4180, defuses formulas but not negative numbers, and redacts', () => {
    addSecret('hunter2-very-secret');
    const c = loadResult('hostile').comparisons[0]!;
    c.diff!.diff_rows.push({ id: 5, _diff_type: 'changed', source_body: '-12.50', target_body: '@SUM(A1)' });
    expect(renderCsv(c).replace(/\r\n/g, '⏎\n')).toMatchInlineSnapshot(`
      "id,_diff_type,source_body,target_body⏎
      1,changed,"hi @someone, fixes #12",a | b \`code\` **bold** [x](http://evil.example)⏎
      2,changed,<script>alert(1)</script>,"line one
      line two"⏎
      3,changed,"'=HYPERLINK(""http://evil"")",password is ***⏎
      4,changed,NULL,⏎
      5,changed,-12.50,'@SUM(A1)⏎
      "
    `);
  });

  it('gets a safe, unique file name', () => {
    expect(csvFileNames(['orders', 'Orders', '../../etc/passwd', 'a b/c', '', 'CON'])).toEqual([
      'orders.csv',
      'Orders-2.csv',
      'etc-passwd.csv',
      'a-b-c.csv',
      'comparison-5.csv',
      'comparison-6.csv',
    ]);
  });
});

describe('results.json', () => {
  it('looks like this for the mismatch run', async () => {
    await expect(renderJson(loadResult('mismatch'))).toMatchFileSnapshot('__snapshots__/results-mismatch.json');
  });

  it('is the run with keys in the model order, whatever order they came in, and redacted', () => {
    const run = loadResult('error');
    const shuffled = JSON.parse(JSON.stringify(run, Object.keys(run).reverse())) as typeof run;
    const text = renderJson({ ...shuffled, comparisons: run.comparisons.map((c) => Object.fromEntries(Object.entries(c).reverse())) as typeof run.comparisons });
    expect(text).toBe(renderJson(run));
    expect(text).not.toContain('s3cr3t-pa55');
    expect(Object.keys(JSON.parse(text))).toEqual(['version', 'status', 'mode', 'started_at', 'finished_at', 'comparisons']);
    expect(Object.keys(JSON.parse(text).comparisons[1])).toEqual(['name', 'status', 'location', 'result', 'stats', 'plan', 'diff']);
  });

  it('keeps the engine column order inside diff rows', () => {
    const parsed = JSON.parse(renderJson(loadResult('mismatch')));
    expect(Object.keys(parsed.comparisons[1].diff.diff_rows[0])).toEqual(['id', '_diff_type', 'source_amount', 'target_amount', 'source_status', 'target_status']);
  });
});
