/**
 * `datacompare scan`: the catalog of a spec data source in a terminal table (or JSON), sensitive
 * columns named with their kind and never a value; a typo in the name gets a suggestion.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, type CliIo } from '../../../src/cli/main.js';
import { adminRun } from '../../helpers/admin.js';

function io(cwd: string) {
  const out = { stdout: '', stderr: '' };
  const value: CliIo = {
    stdout: { write: (t) => void (out.stdout += t), color: false },
    stderr: { write: (t) => void (out.stderr += t), color: false },
    env: {},
    cwd,
    signal: new AbortController().signal,
  };
  return { io: value, out };
}

async function project(): Promise<string> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dc-cli-scan-'));
  writeFileSync(path.join(dir, 'spec.yml'), 'version: 1\ndatasources:\n  crm: { type: sqlite, path: crm.db }\n  hosted: { type: service }\ncomparisons:\n  - { name: c, source: { datasource: crm, dataset: customers }, target: { datasource: crm, dataset: customers } }\n');
  await adminRun({ type: 'sqlite', path: path.join(dir, 'crm.db') }, [
    'CREATE TABLE customers (id INTEGER, email TEXT, contact TEXT, phone_verified INTEGER)',
    'CREATE TABLE orders (id INTEGER, total NUMERIC)',
    ...['a', 'b', 'c', 'd', 'e'].map((n) => `INSERT INTO customers VALUES (1, '${n}@example.com', '${n}.person@mail.example.org', 1)`),
  ]);
  return dir;
}

describe('datacompare scan', () => {
  it('prints every table with its sensitive columns, and no value', async () => {
    const dir = await project();
    const { io: cliIo, out } = io(dir);
    expect(await runCli(['scan', 'crm', '--spec', 'spec.yml'], cliIo)).toBe(0);
    expect(out.stdout.replace(/SQLite [\d.]+/, 'SQLite x').replace(/\(\d+\.\d s\)/, '(t s)')).toMatchInlineSnapshot(`
      "crm  SQLite x  2 tables and views, 6 columns, 2 sensitive  (t s)

      TABLE      KIND   COLUMNS  SENSITIVE
      customers  table  4        email (email), contact (email)
      orders     table  2
      "
    `);
    expect(out.stdout).not.toContain('@example');
  });

  it('lists only tables with sensitive columns, or JSON', async () => {
    const dir = await project();
    const sensitive = io(dir);
    await runCli(['scan', 'crm', '--spec', 'spec.yml', '--sensitive-only', '--sample-tables', '0'], sensitive.io);
    // no values sampled: `contact` beside `email` counts as a person's (its neighbours say so)
    expect(sensitive.out.stdout).toContain('customers  table  4        email (email), contact (person-name)\n');
    expect(sensitive.out.stdout).not.toContain('orders');
    const json = io(dir);
    await runCli(['scan', 'crm', '--spec', 'spec.yml', '--json'], json.io);
    expect(JSON.parse(json.out.stdout)).toMatchObject({ status: 'complete', datasetCount: 2, columnCount: 6, sensitiveColumnCount: 2 });
  });

  it('names the fix for a wrong or hosted data source', async () => {
    const dir = await project();
    const typo = io(dir);
    expect(await runCli(['scan', 'crn', '--spec', 'spec.yml'], typo.io)).toBe(2);
    expect(typo.out.stderr).toBe('error: spec.yml has no data source "crn"\n  hint: did you mean "crm"?\n');
    const hosted = io(dir);
    expect(await runCli(['scan', 'hosted', '--spec', 'spec.yml'], hosted.io)).toBe(2);
    expect(hosted.out.stderr).toContain('data source "hosted" is on the service (type: service)');
  });
});
