import { afterEach, describe, expect, it } from 'vitest';
import { cellValue, codeSpan, htmlText, inlineText, plainText, safeUrl, sentenceText, truncate } from '../../../src/report/escape.js';
import { renderGfm, tableRows } from '../../helpers/gfm.js';
import { addSecret, clearSecrets } from '../../../src/shared/redact.js';

afterEach(() => clearSecrets());

describe('inlineText', () => {
  it('escapes only what markdown would read, with backslashes, so the raw text stays readable', () => {
    expect(inlineText('a | b `c` *d* _e_ [f](g) <script>&amp; ~h~ \\ $x$ created_at')).toMatchInlineSnapshot(
      `"a \\| b \\\`c\\\` \\*d\\* \\_e\\_ \\[f\\](g) \\<script\\>\\&amp; \\~h\\~ \\\\ \\$x\\$ created_at"`,
    );
  });

  it('renders every hostile text literally through a real GFM renderer, in a list item and in a table cell', () => {
    const texts = ['a | b `c` *d* _e_ [f](g) <script>&amp; ~h~ \\ $x$', 'created_at', '_x_', '__init__', '**bold**', '- item', '# head', '1. one', '2) two', '+ x', 'a_b_c', '<img src=x onerror=alert(1)>', '&lt; &#35;', '![i](x)', '[x]: /y', '```', '<!-- c -->'];
    const html = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
    for (const text of texts) {
      // (a #ref's zero-width space aside)
      expect(renderGfm(`- ${inlineText(text)}`).replace(/\u200b/g, '')).toBe(`<ul>\n<li>${html(text)}</li>\n</ul>`);
      expect(tableRows(renderGfm(`| a | b |\n|---|---|\n| ${inlineText(text)} | x |`).replace(/\u200b/g, ''))[1]).toEqual([html(text), 'x']);
    }
  });

  it('makes names code spans with a longer fence when they hold backticks, a pipe escaped only in tables', () => {
    expect(codeSpan('created_at')).toBe('`created_at`');
    expect(codeSpan('a`b')).toBe('``a`b``');
    expect(codeSpan('`x`')).toBe('`` `x` ``');
    expect(codeSpan('a|b', { table: true })).toBe('`a\\|b`');
    expect(renderGfm(`- ${codeSpan('a``b <i> @someone #1')}`)).toBe('<ul>\n<li><code>a``b &lt;i&gt; @someone #1</code></li>\n</ul>');
    expect(tableRows(renderGfm(`| a |\n|---|\n| ${codeSpan('x|y', { table: true })} |`))[1]).toEqual(['<code>x|y</code>']);
  });

  it('keeps the code of a sentence as code and escapes the rest', () => {
    expect(sentenceText('3 rows have different values in column `created_at` (*not* <b>)')).toBe('3 rows have different values in column `created_at` (\\*not\\* \\<b\\>)');
    expect(renderGfm(sentenceText('column `a_b` and `c'))).toBe('<p>column <code>a_b</code> and `c</p>');
  });

  it('breaks @mentions and #refs with a zero-width space, and leaves a lone @ or # alone', () => {
    expect(inlineText('ping @someone and @org/team about #12 and owner/repo#3; a @ b # c')).toMatchInlineSnapshot(
      `"ping @&#8203;someone and @&#8203;org/team about #&#8203;12 and owner/repo#&#8203;3; a @ b # c"`,
    );
  });

  it('escapes text inside raw HTML (a <summary>) as entities', () => {
    expect(htmlText('<b>a & "b"</b> @x #1')).toBe('&lt;b&gt;a &amp; &quot;b&quot;&lt;/b&gt; @&#8203;x #&#8203;1');
  });

  it('shows newlines, carriage returns and tabs, and drops other control characters', () => {
    expect(inlineText('one\ntwo\r\nthree\tfour\u0007')).toMatchInlineSnapshot(`"one↵two␍↵three⇥four"`);
  });

  it('prevents autolinks from data', () => {
    expect(inlineText('see https://evil.example or www.evil.example')).toMatchInlineSnapshot(
      `"see https:/&#8203;/evil.example or www&#8203;.evil.example"`,
    );
  });

  it('cuts long text with an ellipsis, counting characters not UTF-16 units', () => {
    expect(inlineText('abcdefghij', 5)).toBe('abcd…');
    expect(truncate('😀😀😀😀', 3)).toBe('😀😀…');
  });

  it('redacts registered secrets before cutting, so no prefix of a secret survives', () => {
    addSecret('hunter2-very-secret');
    expect(inlineText('password is hunter2-very-secret!', 22)).toBe('password is \\*\\*\\*!');
    expect(inlineText('x'.repeat(5) + 'hunter2-very-secret', 12)).toBe('xxxxx\\*\\*\\*');
  });
});

describe('cellValue', () => {
  it('keeps NULL, the text "NULL", an empty string and padded text apart', () => {
    expect([null, 'NULL', '', ' a ', 'a', 3, true].map((v) => cellValue(v))).toMatchInlineSnapshot(`
      [
        "*NULL*",
        ""NULL"",
        """",
        "" a "",
        "a",
        "3",
        "true",
      ]
    `);
  });
});

describe('safeUrl', () => {
  it('accepts http(s) only and strips credentials', () => {
    expect(safeUrl('javascript:alert(1)')).toBeUndefined();
    expect(safeUrl('https://user:pw@example.com/a(b)')).toBe('https://example.com/a%28b%29');
  });
});

describe('plainText', () => {
  it('redacts URL passwords and flattens newlines', () => {
    expect(plainText('postgres://app:s3cr3t@db/x\nfailed', 100)).toBe('postgres://app:***@db/x ↵ failed');
  });
});

describe('redaction of long values', () => {
  it('masks a URL password after a long run of letters or a digit (the pattern has a bounded scheme)', () => {
    expect(plainText(`${'a'.repeat(200_000)}postgresql+psycopg2://user:pw2@host 1postgres://u:pw1@h`, 300_000)).toBe(
      `${'a'.repeat(200_000)}postgresql+psycopg2://user:***@host 1postgres://u:***@h`,
    );
  });
});
