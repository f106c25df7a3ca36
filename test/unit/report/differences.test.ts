import { describe, expect, it } from 'vitest';
import { loadResult } from '../../fixtures/results/load.js';
import { renderGfm, tableRows } from '../../helpers/gfm.js';
import { renderComment } from '../../../src/report/markdown-comment.js';
import { renderSummary } from '../../../src/report/markdown-summary.js';
import { renderText } from '../../../src/report/text.js';

/** The hard cases of a migration: a long note differing at its end, amounts, timestamps, NULL / '' / 'NULL' / unchanged. */
const run = loadResult('differences');

describe('differences are visible in every output', () => {
  it('summary: looks like this', async () => {
    await expect(renderSummary(run, { maxDiffRows: 100, fullRowsHint: () => 'every row is in orders_migration.csv' })).toMatchFileSnapshot('__snapshots__/summary-differences.md');
  });

  it('comment: looks like this', async () => {
    await expect(renderComment(run, { commentKey: 'spec', headSha: 'abcdef1234567', maxDiffRows: 100 })).toMatchFileSnapshot('__snapshots__/comment-differences.md');
  });

  it('summary rendered as GFM: the differing characters are highlighted and every value is told apart', () => {
    const html = renderGfm(renderSummary(run, { maxDiffRows: 100 }));
    const rows = tableRows(html).filter((cells) => /^\d$/.test(cells[0] ?? ''));
    expect(rows).toHaveLength(7);
    for (const cells of rows) expect(cells).toHaveLength(5);
    const byId = new Map(rows.map((cells) => [cells[0], cells.slice(2)]));
    expect(byId.get('1')?.[0]).toMatch(/sit amet end-3 → ….*sit amet end-3<mark><b>!<\/b><\/mark>$/);
    expect(byId.get('2')?.[1]).toBe('1500375.<mark><b>2</b></mark>5 → 1500375.<mark><b>7</b></mark>5');
    expect(byId.get('2')?.[2]).toBe('2026-03-01 09:00:00.<mark><b>7</b></mark>00000 → 2026-03-01 09:00:00.<mark><b>0</b></mark>00000');
    expect(byId.get('4')?.[0]).toBe('<em>NULL</em> → &quot;&quot;');
    expect(byId.get('5')?.[0]).toBe('&quot;NULL&quot; → <em>NULL</em>');
    expect(byId.get('4')?.[1]).toBe('<em>unchanged</em>');
    expect(byId.get('7')?.[0]).toBe('&quot;unchanged&quot;');
  });

  it('terminal: the same cut, and in colour the differing characters stand out', () => {
    const plain = renderText(run, { color: false, maxDiffRows: 10 });
    expect(plain).toContain('id=1: note "…esse cillum dolore eu fugiat nulla pariatur sit amet end-3" → "…esse cillum dolore eu fugiat nulla pariatur sit amet end-3!"');
    expect(plain).toContain('id=4: note NULL → ""');
    expect(plain).toContain('id=5: note "NULL" → NULL');
    const color = renderText(run, { color: true, maxDiffRows: 10 });
    expect(color).toContain('amount 1500375.\u001b[1;31m2\u001b[0m5 → 1500375.\u001b[1;32m7\u001b[0m5');
    expect(color).toContain('end-3\u001b[1;32m!\u001b[0m"');
  });
});
