import { afterEach, describe, expect, it } from 'vitest';
import type { RunResult } from '../../../src/engine/model.js';
import { bigResult, loadResult } from '../../fixtures/results/load.js';
import { renderGfm, tableRows } from '../../helpers/gfm.js';
import { renderComment, renderCommentWithStage } from '../../../src/report/markdown-comment.js';
import { renderSummary, renderSummaryWithStage } from '../../../src/report/markdown-summary.js';
import { renderText } from '../../../src/report/text.js';
import { runAnnotations } from '../../../src/report/annotations.js';
import { renderJson } from '../../../src/report/json.js';
import { Masker, maskRun } from '../../../src/sensitive/mask.js';
import { addSecret, clearSecrets } from '../../../src/shared/redact.js';

afterEach(() => clearSecrets());

/** Every kind of difference over seven columns, accepted kinds, and a comparison whose differences were all accepted. */
const run = loadResult('patterns');
const ROWS = { at: () => '`payments_migration.csv` in the `report-dir` folder', more: '`max_diff_rows` in the spec (or the `max-diff-rows` input)' };
const COMMENT = { commentKey: 'spec', headSha: 'abcdef1234567', maxDiffRows: 100, rows: ROWS };

describe('why values differ, in the job summary and the PR comment', () => {
  it('summary: looks like this', async () => {
    await expect(renderSummary(run, { maxDiffRows: 100, rows: ROWS })).toMatchFileSnapshot('__snapshots__/summary-patterns.md');
  });

  it('comment: looks like this', async () => {
    await expect(renderComment(run, COMMENT)).toMatchFileSnapshot('__snapshots__/comment-patterns.md');
  });

  it('api mode: says over how many of how many rows the kinds were found', async () => {
    const markdown = renderSummary(loadResult('patterns-api'), { maxDiffRows: 100 });
    await expect(markdown).toMatchFileSnapshot('__snapshots__/summary-patterns-api.md');
    expect(markdown).toContain('| `revenue` | 3,000 | 2 scaled ×100, 1 rounding (to 1 decimal) <sub>(from 3 of 3,000 rows)</sub> | 3,000 values differ |');
  });

  it('renders as GFM: a "why" column in the column table, accepted kinds marked, one example per kind in a table of its own', () => {
    const html = renderGfm(renderComment(run, COMMENT));
    const rows = tableRows(html);
    const columns = rows.filter((cells) => cells.length === 4);
    expect(columns[0]).toEqual(['Column', 'Rows that differ', 'Why', 'Details']);
    expect(columns.find((cells) => cells[0] === '<code>email</code>')).toEqual([
      '<code>email</code>',
      '13',
      '12 letter case, 1 truncated text<br><em>accepted:</em> 3 whitespace',
      '13 values differ',
    ]);
    // a column whose every difference was accepted: 0 rows differ, its accepted kinds stay visible
    expect(columns.find((cells) => cells[0] === '<code>at</code>')).toEqual(['<code>at</code>', '0', '<em>accepted:</em> 40 time precision', '']);
    const examples = rows.filter((cells) => cells.length === 5 && cells[3] !== 'Difference');
    expect(examples[0]).toEqual(['Column', 'Why', 'Rows', '🔑 <code>id</code>', 'Source → target']);
    // every kind of the fixture, 20 of 21 (the comment's cap), each column's most frequent first
    expect(examples).toHaveLength(21);
    expect(examples.map((cells) => cells[1])).toContain('rounding (to 2 decimals)');
    expect(examples.find((cells) => cells[1] === 'sign flipped')).toEqual(['<code>amount</code>', 'sign flipped', '23', '11', '99.90 → <mark><b>-</b></mark>99.90']);
    expect(examples.find((cells) => cells[1] === 'NULL vs empty')?.[4]).toBe('<em>NULL</em> → &quot;&quot;');
    expect(html).toContain('Examples of 20 of 21 kinds; the rest are counted in the column table and listed in the JSON results.');
    expect(html).not.toContain('shifted -03:00</td>');
  });

  it('says a match had accepted differences, on the status line and in its details', () => {
    const allAccepted: RunResult = { ...run, status: 'match', comparisons: run.comparisons.filter((c) => c.status === 'match') };
    const markdown = renderSummary(allAccepted, { maxDiffRows: 100 });
    expect(markdown).toContain('✅ **The comparison matches**; 1 has accepted differences (local mode, 6.0 s).');
    expect(markdown).toContain('<details><summary><b>events_copy</b>: ✅ 0 differing rows (0 changed, 0 only in source, 0 only in target); 40 rows differ only in accepted kinds</summary>');
  });

  it('shows a sensitive column\'s examples masked, never the values', () => {
    const masked = maskRun(run, () => ['email'], new Masker(Buffer.alloc(32, 7))).run;
    const outputs = [renderComment(masked, COMMENT), renderSummary(masked, { maxDiffRows: 100 }), renderText(masked, { color: false, maxDiffRows: 100 })];
    for (const output of outputs) {
      expect(output).not.toMatch(/ann\.lee|Ann\.Lee|bob\.stone|carol@|dave@/i);
      expect(output).toContain('12 letter case, 1 truncated text');
    }
    const examples = tableRows(renderGfm(outputs[0]!)).filter((cells) => cells.length === 5 && cells[0] === '<code>email</code>');
    expect(examples.map((cells) => cells[1])).toEqual(['letter case', 'truncated text']);
    for (const cells of examples) expect(cells[4]).toMatch(/^.*\*\*\*.* → .*\*\*\*.*$/);
  });

  it('escapes kinds and details from a service, which may send anything', () => {
    addSecret('hunter2-very-secret');
    const hostile = loadResult('patterns-api');
    const column = hostile.comparisons[0]!.diff!.mismatched_columns_mapping.revenue!;
    column.patterns = [
      { kind: '<script>alert(1)</script>', rows: 2, detail: '@someone #12 | x hunter2-very-secret', example: 0 },
      { kind: 'scale', rows: 1, detail: '\u001b[2J**bold** [x](http://evil.example)', example: 99 },
    ];
    const markdown = renderComment(hostile, COMMENT);
    expect(markdown).not.toContain('<script>');
    expect(markdown).not.toMatch(/@someone|#12(?!\d)|hunter2|http:\/\/evil|\*\*bold/);
    expect(markdown).toContain('\\<script\\>alert(1)\\</script\\> (@&#8203;someone #&#8203;12 \\| x \\*\\*\\*)');
    const columnRow = markdown.split('\n').find((line) => line.startsWith('| `revenue` | 3,000 |'));
    expect(columnRow?.split(' | ')).toHaveLength(4);
    const text = renderText(hostile, { color: false });
    expect(text).not.toContain('\u001b');
    expect(text).not.toContain('hunter2');
    expect(text).toContain('revenue — 2 <script>alert(1)</script> (@someone #12 | x ***), 1 scaled [2J**bold** [x](http://evil.example) (from 3 of 3,000 rows)');
  });
});

describe('why values differ, in the terminal and the annotations', () => {
  it('terminal: one line per column under the counts, accepted kinds dimmed', () => {
    const text = renderText(run, { color: false, maxDiffRows: 2 });
    expect(text).toMatchInlineSnapshot(`
      "✘ mismatch  payments_migration  · 93.2% match · 3,000 source rows, 3,000 target rows · 202 differing rows (200 changed, 1 only in source, 1 only in target) · 6 rows differ only in accepted kinds · 5.5 s
          legacy_pg · public.payments → warehouse · sales.payments
          200 rows have different values in 7 columns.
          1 row exists only in the source.
          1 row exists only in the target.
          columns: amount 85, shipped_at 26, email 13, paid 40, created_at 52, code 7, note 9
            amount — 31 rounding (to 2 decimals), 29 scaled ×100, 23 sign flipped, 2 other
            shipped_at — 9 shifted +01:00, 5 shifted +03:00, 4 shifted +04:00, 3 shifted -01:00, 2 shifted +05:00, +3 more (3 rows)
            email — 12 letter case, 1 truncated text; accepted: 3 whitespace
            paid — 40 boolean spelling
            created_at — 50 shifted +02:00, 2 shifted -05:30; accepted: 8 time precision
            code — 7 leading zeros
            note — 4 NULL vs empty, 3 encoding (mojibake), 2 NULL on one side
          id=3: amount 10.125 → 10.13
          id=8: amount 12.50 → 1250.00
          … Showing 2 of 202 differing rows. The comparison kept 25 of 202.
      ✔ match  events_copy  · 100.0% match · 500 source rows, 500 target rows · 40 rows differ only in accepted kinds · 900 ms
          40 rows differ only in accepted kinds (time_precision) and count as matched.
          at — accepted: 40 time precision

      MISMATCH: 2 comparisons — 1 matched, 1 differ, 0 failed (local mode, 6.0 s)
      "
    `);
    const color = renderText(run, { color: true, maxDiffRows: 0 });
    expect(color).toContain('email \u001b[2m—\u001b[0m 12 letter case, 1 truncated text; \u001b[2maccepted: 3 whitespace\u001b[0m');
  });

  it('annotation: a line per column saying why', () => {
    const [annotation] = runAnnotations(run, { specFile: '.github/data-comparisons.yml', failOn: 'mismatch' });
    expect(annotation?.message.split('\n').filter((line) => line.startsWith('Why '))).toEqual([
      'Why amount: 31 rounding (to 2 decimals), 29 scaled ×100, 23 sign flipped, 2 other.',
      'Why shipped_at: 9 shifted +01:00, 5 shifted +03:00, 4 shifted +04:00, 3 shifted -01:00, 2 shifted +05:00, +3 more (3 rows).',
      'Why email: 12 letter case, 1 truncated text; accepted: 3 whitespace.',
      'Why paid: 40 boolean spelling.',
      'Why created_at: 50 shifted +02:00, 2 shifted -05:30; accepted: 8 time precision.',
      'Why code: 7 leading zeros.',
      'Why note: 4 NULL vs empty, 3 encoding (mojibake), 2 NULL on one side.',
    ]);
  });
});

describe('results.json', () => {
  it('writes the kinds through, in the model\'s field order', () => {
    const parsed = JSON.parse(renderJson(run));
    const c = parsed.comparisons[0];
    expect(Object.keys(c.stats).slice(-2)).toEqual(['null_keys_target', 'accepted_rows']);
    expect(Object.keys(c.diff.mismatched_columns_mapping.email)).toEqual(['mismatch_count', 'details', 'patterns', 'accepted']);
    expect(c.diff.mismatched_columns_mapping.amount.patterns[1]).toEqual({ kind: 'scale', rows: 29, detail: '×100', example: 1 });
    expect(Object.keys(c.diff.mismatched_columns_mapping.amount.patterns[1])).toEqual(['kind', 'rows', 'detail', 'example']);
    const api = JSON.parse(renderJson(loadResult('patterns-api')));
    expect(api.comparisons[0].diff.mismatched_columns_mapping.revenue.patterns_from).toEqual({ rows: 3, of: 3000 });
  });
});

/** bigResult's comparisons with `kinds` kinds of difference in their column, each shown by one of the kept rows. */
function withPatterns(kinds: number): RunResult {
  const big = bigResult({ comparisons: 5, rows: 100, width: 300 });
  for (const c of big.comparisons) {
    c.diff!.mismatched_columns_mapping.payload!.patterns = Array.from({ length: kinds }, (_, i) => ({ kind: 'time_shift', rows: 1, detail: `+${String(i).padStart(4, '0')}`, ...(i < 100 ? { example: i } : {}) }));
  }
  return big;
}

describe('the size limits, with kinds of difference', () => {
  it('comment: cuts sample rows first, then examples, and never lists more than five kinds per column', () => {
    const many = withPatterns(1_000);
    const seen: string[] = [];
    for (let limit = 80_000; limit > 400; limit = Math.floor(limit * 0.9)) {
      const { markdown, stage } = renderCommentWithStage(many, { ...COMMENT, maxChars: limit });
      expect(markdown.length).toBeLessThanOrEqual(limit);
      if (seen.at(-1) !== stage.replace(/\d+/g, 'N')) seen.push(stage.replace(/\d+/g, 'N'));
    }
    expect(seen).toEqual(['N sample rows', 'no sample rows', 'no sample rows, N examples', 'no sample rows or examples', 'statistics only', 'one line']);
    const full = renderComment(many, COMMENT);
    expect(full.length).toBeLessThanOrEqual(65_536);
    expect(full).toContain('| `payload` | 100 | 1 shifted +0000, 1 shifted +0001, 1 shifted +0002, 1 shifted +0003, 1 shifted +0004, +995 more (995 rows) |');
    expect(full).toContain('Examples of 20 of 100 kinds');
  });

  it('summary: drops examples after sample rows, before the details', () => {
    const many = withPatterns(100);
    const stages = [400_000, 120_000, 90_000, 60_000, 2_000].map((budgetBytes) => renderSummaryWithStage(many, { maxDiffRows: 100, budgetBytes }).stage.replace(/\d+/g, 'N'));
    expect(stages).toEqual(['full', 'N sample rows', 'no sample rows', 'no sample rows or examples', 'status table only']);
  });
});
