/**
 * The web page's renderers: every value from a database or a user is escaped wherever it lands
 * (text, attributes, titles), long values are cut, times read as people say them, and a status can
 * never choose its own CSS class.
 */
import { describe, expect, it } from 'vitest';
import { badge, changedValues, count, duration, relativeTime, sentence, timeTag, value } from '../../../../src/server/web/format.js';
import { signInPage } from '../../../../src/server/web/pages/sign-in.js';
import { sourcePage } from '../../../../src/server/web/pages/sources.js';
import type { Viewer } from '../../../../src/server/web/layout.js';

const NOW = new Date('2026-11-25T12:00:00Z');
const EVIL = `"><script>alert(1)</script><img src=x onerror=alert(2)>`;
const viewer: Viewer = { keyName: EVIL, scopes: ['read'], workspaceId: 'ws', workspaces: ['ws'], workspaceNames: { ws: EVIL }, csrf: 'token"<', canManageKeys: false };

describe('web page values', () => {
  it('cuts a changed long text around its first difference and highlights the differing characters, escaped', () => {
    const note = `${'Lorem ipsum <b>dolor</b> '.repeat(14)}sit amet end-3`;
    const shown = changedValues(note, `${note}!`);
    expect(String(shown.source)).toMatch(/^<span class="cell" title="Lorem ipsum &lt;b&gt;dolor.*">….*&lt;\/b&gt; sit amet end-3<\/span>$/);
    expect(String(shown.target)).toMatch(/sit amet end-3<mark>!<\/mark><\/span>$/);
    expect(String(changedValues('1500375.25', '1500375.75').target)).toBe('<span class="cell short">1500375.<mark>7</mark>5</span>');
    expect(String(changedValues(null, '').target)).toBe('<span class="cell short" title=""><span class="muted">"</span><span class="muted">"</span></span>');
    expect(String(value('NULL'))).toContain('<span class="muted">"</span>NULL<span class="muted">"</span>');
  });

  it('shows the code of a reason as code, everything escaped', () => {
    expect(String(sentence('3 rows differ in column `a<b>` and <i>'))).toBe('3 rows differ in column <code>a&lt;b&gt;</code> and &lt;i&gt;');
  });

  it('escapes text and attributes', () => {
    expect(String(value(EVIL))).toBe(
      '<span class="cell">&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(2)&gt;</span>',
    );
    expect(String(value(null))).toBe('<span class="null">NULL</span>');
    expect(String(value('abc'))).toBe('<span class="cell short">abc</span>');
  });

  it('cuts a long value and keeps at most 2,000 characters for the hover text', () => {
    const shown = String(value(`${'x'.repeat(9000)}<b>`));
    expect(shown).toContain('… <span class="muted">(9,003 characters)</span>');
    expect(shown.length).toBeLessThan(2400);
    expect(shown).not.toContain('<b>');
  });

  it('gives a status a class only from its fixed list', () => {
    expect(String(badge('SUCCESS'))).toBe('<span class="badge b-success">SUCCESS</span>');
    expect(String(badge('x" onmouseover="alert(1)'))).toBe('<span class="badge b-plain">x&quot; onmouseover=&quot;alert(1)</span>');
  });

  it('reads times and numbers as people say them', () => {
    expect(relativeTime('2026-11-25T11:59:58Z', NOW)).toBe('just now');
    expect(relativeTime('2026-11-25T11:59:18Z', NOW)).toBe('42 s ago');
    expect(relativeTime('2026-11-25T11:57:00Z', NOW)).toBe('3 min ago');
    expect(relativeTime('2026-11-25T07:00:00', NOW)).toBe('5 h ago');
    expect(relativeTime('2026-11-21T12:00:00Z', NOW)).toBe('4 days ago');
    expect(relativeTime('2026-01-02T00:00:00Z', NOW)).toBe('2026-01-02');
    expect(String(timeTag('2026-11-25T11:57:00Z', NOW))).toBe('<time datetime="2026-11-25T11:57:00Z" title="2026-11-25 11:57:00 UTC">3 min ago</time>');
    expect([count(1234567), duration(0.42), duration(12.4), duration(184)]).toEqual(['1,234,567', '0.4 s', '12 s', '3 min 4 s']);
  });
});

describe('web pages', () => {
  it('escape what a key name, a CSRF token or a redirect target could smuggle in', () => {
    const signIn = String(signInPage({ next: EVIL, problem: EVIL }));
    expect(signIn).not.toContain('<script>alert');
    expect(signIn).not.toMatch(/<img/);
    expect(signIn).not.toMatch(/<script(?! src=)/);
  });

  it('marks sensitive columns in a catalog with the reason, escaped', () => {
    const text = String(
      sourcePage({
        viewer,
        source: { id: 's', name: EVIL, type: 'sqlite', status: 'connected', database_version: 'SQLite 3', dataset_count: 1, scan: { status: 'complete', message: null, dataset_count: 1, column_count: 2, sensitive_column_count: 1, started_at: '2026-11-25T11:00:00Z', duration_ms: 12 } } as never,
        tables: [{ name: 'people', kind: 'table', sampled: true, columns: [{ name: 'email', type: 'TEXT', sensitive: { kind: 'email', confidence: 0.97, reason: EVIL } }, { name: 'id', type: 'INTEGER' }] }],
        sensitiveOnly: false,
        canScan: false,
        now: NOW,
      }),
    );
    expect(text).toContain('<span class="badge b-sensitive" title="&quot;&gt;&lt;script&gt;');
    expect(text).toContain('97%');
    expect(text).not.toContain('Scan now');
    expect(text).not.toMatch(/<script(?! src=)/);
    expect(text).not.toContain('value="token"<"');
  });
});
