import { afterEach, describe, expect, it } from 'vitest';
import { bigResult, loadResult } from '../../fixtures/results/load.js';
import { commentMarker, renderComment, renderCommentWithStage, reportedHeadSha } from '../../../src/report/markdown-comment.js';
import { addSecret, clearSecrets } from '../../../src/shared/redact.js';

afterEach(() => clearSecrets());

const base = {
  commentKey: '.github/data-comparisons.yml',
  headSha: '0123456789abcdef0123456789abcdef01234567',
  runUrl: 'https://github.com/acme/shop/actions/runs/42',
  maxDiffRows: 100,
};

describe('the PR comment', () => {
  it('looks like this for a mismatch', async () => {
    await expect(renderComment(loadResult('mismatch'), base)).toMatchFileSnapshot('__snapshots__/comment-mismatch.md');
  });

  it('looks like this for a match', async () => {
    await expect(renderComment(loadResult('match'), base)).toMatchFileSnapshot('__snapshots__/comment-match.md');
  });

  it('starts with the hidden key and head-SHA markers, which read back', () => {
    const body = renderComment(loadResult('match'), base);
    expect(body.startsWith(`${commentMarker(base.commentKey)}\n<!-- datacompare:head-sha=${base.headSha} -->\n`)).toBe(true);
    expect(reportedHeadSha(body)).toBe(base.headSha);
    expect(reportedHeadSha('a comment by someone else')).toBeUndefined();
  });

  it('encodes the key so it can never close the HTML comment or collide by prefix', () => {
    expect(commentMarker('a --> b')).toMatchInlineSnapshot(`"<!-- datacompare:comment-key=a%20-%2D%3E%20b -->"`);
    expect(commentMarker('nightly')).not.toBe(commentMarker('nightly-2'));
  });

  it('escapes hostile values and redacts secrets', () => {
    addSecret('hunter2-very-secret');
    const body = renderComment(loadResult('hostile'), base);
    expect(body).not.toContain('<script>');
    expect(body).not.toMatch(/@someone|@octo-team/);
    expect(body).not.toContain('hunter2-very-secret');
  });
});

describe('the PR comment size limit', () => {
  // 5 comparisons × 100 rows × two 300-char values: far over 65,536 characters in full
  const run = bigResult({ comparisons: 5, rows: 100, width: 300 });

  it('goes to fewer rows first', () => {
    const { markdown, stage } = renderCommentWithStage(run, base);
    // the most rows that fit: 47 per comparison
    expect(stage).toBe('47 sample rows');
    expect(markdown.length).toBeLessThanOrEqual(65_536);
    expect(markdown.length).toBeGreaterThan(60_000);
    expect(markdown).toContain("Shortened to fit GitHub's comment size limit (47 sample rows)");
  });

  it('then to statistics only, then to one line with a link, keeping the markers', () => {
    const stats = renderCommentWithStage(run, { ...base, maxChars: 2_000 });
    expect(stats.stage).toBe('statistics only');
    expect(stats.markdown).toContain('| table_0004 | ❌ mismatch |');
    const line = renderCommentWithStage(run, { ...base, maxChars: 500 });
    expect(line.stage).toBe('one line');
    expect(line.markdown.length).toBeLessThanOrEqual(500);
    expect(line.markdown).toMatchInlineSnapshot(`
      "<!-- datacompare:comment-key=.github/data-comparisons.yml -->
      <!-- datacompare:head-sha=0123456789abcdef0123456789abcdef01234567 -->
      ### datacompare: mismatch

      ❌ **5 of 5 comparisons differ** (local mode). See the [workflow run](https://github.com/acme/shop/actions/runs/42) for the report.
      "
    `);
  });
});
