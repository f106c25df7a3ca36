import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { outputValues } from '../../../src/action/outputs.js';
import { writeReportFiles } from '../../../src/action/report-files.js';
import { loadResult } from '../../fixtures/results/load.js';

describe('the report files', () => {
  it('are results.json, summary.md and one CSV per comparison that ran', async () => {
    const dir = path.join(mkdtempSync(path.join(tmpdir(), 'dc-reports-files-')), 'nested/report');
    const run = loadResult('error');
    const files = await writeReportFiles(run, { dir, fullSummary: '# all of it\n' });
    expect(readdirSync(dir).sort()).toEqual(['customers.csv', 'orders.csv', 'results.json', 'summary.md']);
    expect(files.json).toBe(path.join(dir, 'results.json'));
    expect(readFileSync(files.summary, 'utf8')).toBe('# all of it\n');
    expect(readFileSync(files.json, 'utf8')).not.toContain('s3cr3t-pa55');
    expect(files.csv.get('orders')).toBe(path.join(dir, 'orders.csv'));
  });
});

describe('the outputs', () => {
  it('name mismatched and failed comparisons apart, and list api run ids', () => {
    expect(outputValues(loadResult('error'), { json: '/r/results.json', summary: '/r/summary.md' })).toEqual({
      status: 'error',
      mismatched: ['orders'],
      failed: ['inventory'],
      reportJson: '/r/results.json',
      summaryMarkdown: '/r/summary.md',
      runIds: [],
    });
    expect(outputValues(loadResult('api'), {}).runIds).toEqual([4711, 4712]);
  });
});
