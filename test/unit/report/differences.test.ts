import { describe, expect, it } from 'vitest';
import { loadResult } from '../../fixtures/results/load.js';
import { renderGfm, tableRows } from '../../helpers/gfm.js';
import { renderComment } from '../../../src/report/markdown-comment.js';
import { renderSummary } from '../../../src/report/markdown-summary.js';
import { renderText } from '../../../src/report/text.js';
import { renderCsv } from '../../../src/report/csv.js';
import { rowsNote } from '../../../src/report/format.js';
import { actionRowsHint } from '../../../src/action/report-files.js';

/** The hard cases of a migration: a long note differing at its end, amounts, timestamps, NULL / '' / 'NULL' / unchanged. */
const run = loadResult('differences');
const ACTION_ROWS = actionRowsHint(() => 'orders_migration.csv');

describe('differences are visible in every output', () => {
  it('summary: looks like this', async () => {
    await expect(renderSummary(run, { maxDiffRows: 100, rows: ACTION_ROWS })).toMatchFileSnapshot('__snapshots__/summary-differences.md');
  });

  it('comment: looks like this', async () => {
    await expect(renderComment(run, { commentKey: 'spec', headSha: 'abcdef1234567', maxDiffRows: 100, rows: ACTION_ROWS })).toMatchFileSnapshot('__snapshots__/comment-differences.md');
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

/** RFC 4180 fields of one CSV text, each with whether it was quoted (so "" and an empty field differ). */
function parseCsv(text: string): { value: string; quoted: boolean }[][] {
  const rows: { value: string; quoted: boolean }[][] = [];
  let row: { value: string; quoted: boolean }[] = [];
  let i = 0;
  while (i < text.length) {
    let value = '';
    let quoted = false;
    if (text[i] === '"') {
      quoted = true;
      i++;
      for (;;) {
        if (text[i] === '"' && text[i + 1] === '"') {
          value += '"';
          i += 2;
        } else if (text[i] === '"') {
          i++;
          break;
        } else value += text[i++];
      }
    } else {
      while (i < text.length && text[i] !== ',' && text[i] !== '\r') value += text[i++];
    }
    row.push({ value, quoted });
    if (text[i] === ',') i++;
    else if (text[i] === '\r') {
      i += 2;
      rows.push(row);
      row = [];
    }
  }
  return rows;
}

describe('the CSV tells NULL, empty text, the text NULL and unchanged apart', () => {
  it('writes each its own way, and reads back apart', () => {
    const csv = renderCsv(run.comparisons[0]!);
    const [head, ...rows] = parseCsv(csv);
    const at = (id: string, column: string) => rows.find((r) => r[0]?.value === id)?.[head!.findIndex((h) => h.value === column)];
    expect(head!.map((h) => h.value)).toEqual(['id', '_diff_type', 'source_note', 'target_note', 'source_amount', 'target_amount', 'source_created_at', 'target_created_at']);
    expect(at('4', 'source_note')).toEqual({ value: '', quoted: false }); // NULL
    expect(at('4', 'target_note')).toEqual({ value: '', quoted: true }); // empty text
    expect(at('5', 'source_note')).toEqual({ value: 'NULL', quoted: false }); // the text NULL
    expect(at('4', 'source_amount')).toEqual({ value: '(unchanged)', quoted: false });
    expect(at('7', 'source_note')).toEqual({ value: 'unchanged', quoted: false }); // a text, not the marker
    expect(at('1', 'target_note')?.value.endsWith('end-3!')).toBe(true); // whole values, never cut
    expect(at('7', 'target_note')).toEqual({ value: '', quoted: false }); // only in source: no target row
    expect(renderCsv({ ...run.comparisons[0]!, diff: { ...run.comparisons[0]!.diff!, diff_rows: [{ id: 9, _diff_type: 'changed', source_note: '(unchanged)', target_note: 'x' }] } })).toContain("9,changed,'(unchanged),x");
  });
});

describe('truncation notes say where the rows are, how many, and how to keep more', () => {
  const big = (kept: number) => ({ ...run.comparisons[0]!, diff: { ...run.comparisons[0]!.diff!, diff_rows: Array.from({ length: kept }, (_, id) => ({ id, _diff_type: 'changed' as const, source_note: 'a', target_note: 'b' })), diff_rows_total: 300, truncated: true } });
  const cli = { at: () => 'out/big.csv (--csv)', more: '`max_diff_rows` in the spec (or `--max-diff-rows N`)', nowhere: '`--csv DIR` or `--json FILE` writes every kept row' };

  it('in the action: names the CSV in report-dir and the setting, never a CLI flag', () => {
    expect(rowsNote(big(100), 20, actionRowsHint(() => 'big.csv'))).toBe(
      'Showing 20 of 300 differing rows. 100 of 300 are in `big.csv` in the `report-dir` folder; set `max_diff_rows` in the spec (or the `max-diff-rows` input) above 100 to keep more.',
    );
    expect(rowsNote({ ...big(300), diff: { ...big(300).diff, truncated: false } }, 20, actionRowsHint(() => 'big.csv'))).toBe('Showing 20 of 300 differing rows. Every row is in `big.csv` in the `report-dir` folder.');
  });

  it('in the terminal: names CLI flags, in the summary, the comment and the log alike', () => {
    expect(rowsNote(big(100), 5, cli)).toBe('Showing 5 of 300 differing rows. 100 of 300 are in out/big.csv (--csv); set `max_diff_rows` in the spec (or `--max-diff-rows N`) above 100 to keep more.');
    expect(rowsNote(big(100), 5, { ...cli, at: () => undefined })).toBe(
      'Showing 5 of 300 differing rows. The comparison kept 100 of 300; set `max_diff_rows` in the spec (or `--max-diff-rows N`) above 100 to keep more. `--csv DIR` or `--json FILE` writes every kept row.',
    );
    const text = renderText({ ...run, comparisons: [big(100)] }, { color: false, maxDiffRows: 5, rows: cli });
    expect(text).toContain('    … Showing 5 of 300 differing rows. 100 of 300 are in out/big.csv (--csv); set max_diff_rows in the spec (or --max-diff-rows N) above 100 to keep more.');
    const summary = renderSummary({ ...run, comparisons: [big(100)] }, { maxDiffRows: 20, rows: actionRowsHint(() => 'big.csv') });
    const comment = renderComment({ ...run, comparisons: [big(100)] }, { commentKey: 'k', headSha: 'abcdef1', maxDiffRows: 20, rows: actionRowsHint(() => 'big.csv') });
    for (const markdown of [summary, comment]) expect(markdown).toContain('100 of 300 are in `big.csv` in the `report-dir` folder; set `max_diff_rows` in the spec (or the `max-diff-rows` input) above 100 to keep more.');
  });
});
