/**
 * `datacompare run` as a process on a value of 200,000,000 characters: the comparison reads and
 * compares it whole, the reports keep 64 Ki characters of it and say how long it is and its SHA-256,
 * and every report file is written (it used to crash with "Invalid array length … a bug").
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const bin = path.resolve('bin/datacompare.js');
const LENGTH = 200_000_000;
let dir: string;

/** The SHA-256 of `count` times 'x', hashed a mebibyte at a time. */
function sha256OfXs(count: number): string {
  const hash = createHash('sha256');
  const slice = 'x'.repeat(1 << 20);
  for (let left = count; left > 0; left -= slice.length) hash.update(left >= slice.length ? slice : slice.slice(0, left));
  return hash.digest('hex');
}

beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'dc-e2e-huge-'));
  const db = new DatabaseSync(path.join(dir, 'big.db'));
  db.exec(`create table a (id integer primary key, v text); insert into a values (1, null), (2, 'paid');
           create table b (id integer primary key, v text); insert into b values (1, 'short'), (2, 'open');`);
  db.close();
  writeFileSync(
    path.join(dir, 'spec.yml'),
    [
      'version: 1',
      'datasources:',
      '  s: { type: sqlite, path: big.db }',
      'comparisons:',
      '  - name: huge',
      // SQLite builds the 200M-character value itself: nothing that big is written to disk.
      `    source: { datasource: s, query: "SELECT id, CASE WHEN id = 1 THEN printf('%.*c', ${LENGTH}, 'x') ELSE v END AS v FROM a" }`,
      '    target: { datasource: s, query: "SELECT id, v FROM b" }',
      '    primary_keys: [id]',
      '    case_sensitive: true',
      '',
    ].join('\n'),
  );
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a 200,000,000-character value', () => {
  it('is compared whole, reported in part with its length and SHA-256, and every report file is written', { timeout: 180_000 }, () => {
    const result = spawnSync(process.execPath, [bin, 'run', '--spec', 'spec.yml', '--json', 'out.json', '--markdown', 'out.md', '--csv', 'rows'], {
      cwd: dir,
      encoding: 'utf8',
      env: { PATH: process.env.PATH ?? '', NO_COLOR: '1' },
      timeout: 170_000,
    });
    expect(result.stderr).not.toContain('bug in datacompare');
    expect(result.status).toBe(1);
    const sha256 = sha256OfXs(LENGTH);
    const lines = result.stdout.split('\n').filter((line) => /^\s+id=|note: Values/.test(line));
    expect(lines.map((line) => line.replace(sha256, '<sha256>'))).toMatchInlineSnapshot(`
      [
        "    id=1: v "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…" (200,000,000 characters) → "short"",
        "    id=2: v "paid" → "open"",
        "    note: Values longer than 65,536 characters are kept in part, around their first difference: source_v where id = 1: 200,000,000 characters, SHA-256 <sha256>.",
      ]
    `);

    const run = JSON.parse(readFileSync(path.join(dir, 'out.json'), 'utf8'));
    const diff = run.comparisons[0].diff;
    expect(diff.diff_rows_total).toBe(2);
    expect(diff.diff_rows[0].source_v).toBe('x'.repeat(65_536));
    expect(diff.diff_rows[1]).toEqual({ _diff_type: 'changed', id: 2, source_v: 'paid', target_v: 'open' });
    expect(diff.cut_values).toEqual([{ row: 0, field: 'source_v', length: LENGTH, start: 0, sha256 }]);
    expect(statSync(path.join(dir, 'out.json')).size).toBeLessThan(100_000);

    const markdown = readFileSync(path.join(dir, 'out.md'), 'utf8');
    expect(markdown).toContain('<sub>200,000,000 characters</sub> → short');
    expect(markdown).toContain(`SHA-256 \`${sha256}\``);
    const csv = readFileSync(path.join(dir, 'rows', 'huge.csv'), 'utf8').split('\r\n');
    expect(csv[0]).toBe('id,_diff_type,source_v,target_v');
    expect(csv[1]).toBe(`1,changed,${'x'.repeat(65_536)},short`);
  });
});
