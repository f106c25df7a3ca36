/**
 * What `datacompare run` (the CLI as a process) hides of a connection URL, and what it must leave
 * alone: the password of a well-formed URL, in any spelling, never reaches the terminal or a report
 * file, while the words it is made of (`pass:word` → "pass", "word") stay readable everywhere; a
 * value naming a password parameter (`sslpassword=…`) is hidden, and `passed=` is not.
 * PostgreSQL trusts 127.0.0.1 here, so any password connects.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminRun } from '../helpers/admin.js';
import { databaseAvailable, runScoped, TEST_DATABASE_URLS } from '../helpers/databases.js';

const bin = path.resolve('bin/datacompare.js');
const SCHEMA = runScoped('dc_cli_redaction');
let dir: string;

/** The run's PostgreSQL URL with this password written into it as is (no percent-encoding). */
function withPassword(password: string): string {
  const url = new URL(TEST_DATABASE_URLS.postgres);
  return `postgres://${url.username}:${password}@${url.host}${url.pathname}`;
}

function cli(args: string[], env: Record<string, string>) {
  const result = spawnSync(process.execPath, [bin, ...args], { cwd: dir, encoding: 'utf8', env: { PATH: process.env.PATH ?? '', NO_COLOR: '1', ...env }, timeout: 60_000 });
  return { status: result.status, output: result.stdout + result.stderr };
}

describe.runIf(await databaseAvailable('postgres'))('datacompare run hides the password, not the words it is made of', () => {
  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'dc-e2e-cli-redaction-'));
    await adminRun({ type: 'postgres', url: TEST_DATABASE_URLS.postgres }, [
      `CREATE SCHEMA ${SCHEMA}`,
      `CREATE TABLE ${SCHEMA}.notes (id int PRIMARY KEY, v text)`,
      `CREATE TABLE ${SCHEMA}.notes_copy (id int PRIMARY KEY, v text)`,
      `INSERT INTO ${SCHEMA}.notes VALUES (1, 'password reset'), (2, 'word count'), (3, 'pass / passed=3'), (4, 'pass:word'), (5, 'host=db sslpassword=Hunter2Phrase')`,
      `INSERT INTO ${SCHEMA}.notes_copy VALUES (1, 'password reset!'), (2, 'word count!'), (3, 'pass / passed=3!'), (4, 'pass:word!'), (5, 'host=db2 sslpassword=Hunter2Phrase')`,
    ]);
    writeFileSync(
      path.join(dir, 'spec.yml'),
      [
        'version: 1',
        'datasources:',
        '  warehouse: { type: postgres, url: "${WAREHOUSE_URL}", allow_privileged: true }',
        'comparisons:',
        `  - { name: notes, source: { datasource: warehouse, dataset: ${SCHEMA}.notes }, target: { datasource: warehouse, dataset: ${SCHEMA}.notes_copy }, columns: [v], primary_keys: [id] }`,
        '',
      ].join('\n'),
    );
  });
  afterAll(async () => {
    await adminRun({ type: 'postgres', url: TEST_DATABASE_URLS.postgres }, [`DROP SCHEMA IF EXISTS ${SCHEMA} CASCADE`]);
    rmSync(dir, { recursive: true, force: true });
  });

  it('a password holding a colon: hidden in every report, its halves readable in all of them', () => {
    const { status, output } = cli(['run', '--spec', 'spec.yml', '--json', 'out.json', '--markdown', 'out.md', '--csv', 'csv'], { WAREHOUSE_URL: withPassword('pass:word') });
    expect(status, output).toBe(1);
    const reports = [output, readFileSync(path.join(dir, 'out.json'), 'utf8'), readFileSync(path.join(dir, 'out.md'), 'utf8'), readFileSync(path.join(dir, 'csv', 'notes.csv'), 'utf8')];
    for (const text of reports) {
      // the password, raw or percent-encoded, is never shown: the value equal to it is masked
      expect(text).not.toMatch(/pass:word|pass%3Aword/i);
      // the words it is made of are data, shown as they are
      for (const word of ['password reset', 'word count', 'pass / passed=3']) expect(text).toContain(word);
      // a password parameter in a value is hidden, whatever precedes its name
      expect(text).not.toContain('Hunter2Phrase');
      expect(text).toContain('sslpassword=***');
    }
    expect(output).toContain(`id=4: v "***" → "***!"`);
  });
});
