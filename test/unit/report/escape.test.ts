import { afterEach, describe, expect, it } from 'vitest';
import { cellValue, inlineText, plainText, safeUrl, truncate } from '../../../src/report/escape.js';
import { addSecret, clearSecrets } from '../../../src/shared/redact.js';

afterEach(() => clearSecrets());

describe('inlineText', () => {
  it('turns markdown and HTML punctuation into entities', () => {
    expect(inlineText('a | b `c` *d* _e_ [f](g) <script>&amp; ~h~ \\ $x$')).toMatchInlineSnapshot(
      `"a &#124; b &#96;c&#96; &#42;d&#42; &#95;e&#95; &#91;f&#93;(g) &lt;script&gt;&amp;amp; &#126;h&#126; &#92; &#36;x&#36;"`,
    );
  });

  it('breaks @mentions and #refs with a zero-width space, and leaves a lone @ or # alone', () => {
    expect(inlineText('ping @someone and @org/team about #12 and owner/repo#3; a @ b # c')).toMatchInlineSnapshot(
      `"ping @&#8203;someone and @&#8203;org/team about #&#8203;12 and owner/repo#&#8203;3; a @ b &#35; c"`,
    );
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
    expect(inlineText('password is hunter2-very-secret!', 22)).toBe('password is &#42;&#42;&#42;!');
    expect(inlineText('x'.repeat(5) + 'hunter2-very-secret', 12)).toBe('xxxxx&#42;&#42;&#42;');
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
