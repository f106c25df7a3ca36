/**
 * The action bundle run exactly as the runner runs it: `node dist/index.js` with INPUT_* (names
 * uppercased, hyphens kept), GITHUB_OUTPUT / GITHUB_STEP_SUMMARY / GITHUB_STATE files, and
 * GITHUB_WORKSPACE as the working directory.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it } from 'vitest';

const bundle = path.resolve('dist/index.js');
const workspaces: string[] = [];

function runAction(
  specText: string | undefined,
  inputs: Record<string, string>,
  extraEnv: Record<string, string> = {},
  prepare: (workspace: string) => void = () => {},
) {
  const workspace = mkdtempSync(path.join(os.tmpdir(), 'dc-e2e-action-'));
  workspaces.push(workspace);
  mkdirSync(path.join(workspace, '.github'));
  if (specText !== undefined) writeFileSync(path.join(workspace, '.github/data-comparisons.yml'), specText);
  const files = { GITHUB_OUTPUT: 'output', GITHUB_STEP_SUMMARY: 'summary', GITHUB_STATE: 'state' };
  for (const file of Object.values(files)) writeFileSync(path.join(workspace, file), '');
  prepare(workspace);
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    GITHUB_WORKSPACE: workspace,
    RUNNER_TEMP: workspace,
    GITHUB_EVENT_NAME: 'push',
    ...Object.fromEntries(Object.entries(files).map(([name, file]) => [name, path.join(workspace, file)])),
    ...Object.fromEntries(Object.entries(inputs).map(([name, value]) => [`INPUT_${name.toUpperCase()}`, value])),
    ...extraEnv,
  };
  const result = spawnSync(process.execPath, [bundle], { cwd: workspace, env, encoding: 'utf8', timeout: 60_000 });
  const read = (file: string) => readFileSync(path.join(workspace, file), 'utf8');
  return { status: result.status, stdout: result.stdout, stderr: result.stderr, summary: read('summary'), state: read('state'), output: read('output'), workspace };
}

afterEach(() => {
  for (const dir of workspaces.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the action bundle on a bad spec', () => {
  it('puts an error annotation at each problem\'s line, writes the summary and fails the step', () => {
    const spec = readFileSync('test/fixtures/specs/three-mistakes.yml', 'utf8');
    const result = runAction(spec, { spec: '.github/data-comparisons.yml', 'fail-on': 'mismatch', 'max-diff-rows': '100' });
    expect(result.status).toBe(1);
    const annotations = result.stdout.split('\n').filter((line) => line.startsWith('::error '));
    expect(annotations.map((line) => /file=([^,]+),line=(\d+)/.exec(line)?.slice(1))).toEqual([
      ['.github/data-comparisons.yml', '8'],
      ['.github/data-comparisons.yml', '10'],
      ['.github/data-comparisons.yml', '12'],
    ]);
    expect(annotations[0]).toContain('unknown datasource `warehose`');
    expect(annotations[1]).toContain('did you mean `primary_keys`?');
    expect(result.stdout).toContain('::error::.github/data-comparisons.yml has 3 problems (see the annotations and the job summary); nothing was run.');
    expect(result.summary).toContain('is invalid');
    expect(result.state).toMatch(/^isPost<<.*\ntrue\n/);
  });

  it('masks the api key at once and fails on a bad input with the input\'s name', () => {
    const result = runAction('version: 1\ncomparisons: []\n', { 'api-key': 'dcs_live_abcdef123456', 'fail-on': 'sometimes' }, { RUNNER_DEBUG: '1' });
    expect(result.status).toBe(1);
    expect(result.stdout).toContain('::add-mask::dcs_live_abcdef123456');
    const afterMask = result.stdout.slice(result.stdout.indexOf('::add-mask::') + 40);
    expect(afterMask).not.toContain('dcs_live_abcdef123456');
    expect(result.stdout).toContain('::error::input `fail-on` must be one of mismatch, error, never, not "sometimes"');
  });

  it('writes the job summary and the status output when it stops before comparing', () => {
    const spec = 'version: 1\ndatasources:\n  s: { type: service }\ncomparisons:\n  - { name: c, comparison_id: 3f2b9c1e-0000-4000-8000-000000000001 }\n';
    const result = runAction(spec, { mode: 'api', 'api-key': 'dcs_live_abcdef123456' });
    expect(result.status).toBe(1);
    expect(result.stdout).toContain('::error::mode api needs the input(s) api-url, workspace-id');
    expect(result.summary).toContain('Nothing was compared');
    expect(result.summary).toContain('mode api needs the input(s) api-url, workspace-id');
    expect(result.output).toMatch(/^status<<(.*)\nerror\n/m);
  });

  it('refuses a password that breaks its URL: the percent-encoding hint at its line, and no piece of it in any output or file', () => {
    const spec = 'version: 1\ndatasources:\n  shop: { type: mysql, url: "${SHOP_URL}" }\ncomparisons:\n  - { name: orders, source: { datasource: shop, dataset: orders }, target: { datasource: shop, dataset: orders_copy } }\n';
    for (const url of ['mysql://u:P@ssLongSecretPart/1@127.0.0.1:3306/shop', 'mysql://u:P#ssLongSecretPart@127.0.0.1:3306/shop', 'mysql://u:P%ssLongSecretPart@127.0.0.1:3306/shop']) {
      const result = runAction(spec, { spec: '.github/data-comparisons.yml', comment: 'never' }, { SHOP_URL: url });
      expect(result.status).toBe(1);
      const annotation = result.stdout.split('\n').find((line) => /^::error [^:]*file=\.github\/data-comparisons\.yml,line=3::/.test(line));
      // the workflow command's own escapes undone
      expect(annotation?.replaceAll('%0A', ' ').replaceAll('%25', '%')).toMatch(/datasources\.shop\.url: (cannot be split one way|holds a `#`|holds a `%`).*percent-encode the password and user: write each special character as `%` and its hex code \(`@` → `%40`/);
      expect(result.stdout).not.toMatch(/internal error|a bug in datacompare/);
      expect(result.summary).toContain('is invalid');
      // What the log shows (every line but the ::add-mask:: commands, which the runner consumes to hide
      // these very texts), stderr, and every file the step wrote: summary, GITHUB_OUTPUT, state, reports.
      const shown = result.stdout.split('\n').filter((line) => !line.startsWith('::add-mask::'));
      const written = readdirSync(result.workspace, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
      expect(written.length).toBeGreaterThan(3);
      for (const text of [...shown, result.stderr, ...written.map((entry) => readFileSync(path.join(entry.parentPath, entry.name), 'utf8'))]) {
        expect(text).not.toMatch(/LongSecret|P@ss/);
      }
    }
  });

  it('names a missing spec file', () => {
    const result = runAction(undefined, { spec: 'ci/missing.yml' });
    expect(result.status).toBe(1);
    expect(result.stdout).toContain('::error::spec file ci/missing.yml does not exist');
  });

  it('runs as the post step when the main step saved its state', () => {
    const workspace = mkdtempSync(path.join(os.tmpdir(), 'dc-e2e-post-'));
    workspaces.push(workspace);
    copyFileSync('test/fixtures/specs/valid.yml', path.join(workspace, 'spec.yml'));
    const result = spawnSync(process.execPath, [bundle], { cwd: workspace, env: { PATH: process.env.PATH ?? '', STATE_isPost: 'true' }, encoding: 'utf8' });
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('datacompare: nothing to clean up.');
  });
});

describe('the action bundle on a valid spec', () => {
  const spec = [
    'version: 1',
    'datasources:',
    '  shop: { type: sqlite, path: shop.db }',
    'comparisons:',
    '  - { name: orders, source: { datasource: shop, dataset: orders }, target: { datasource: shop, dataset: orders_copy } }',
    '',
  ].join('\n');

  function withDatabase(inputs: Record<string, string>) {
    // The workspace is created by runAction; the database must exist first, so build it in a template dir.
    const template = mkdtempSync(path.join(os.tmpdir(), 'dc-e2e-db-'));
    workspaces.push(template);
    const db = new DatabaseSync(path.join(template, 'shop.db'));
    db.exec(`create table orders (id integer primary key, amount numeric);
      create table orders_copy (id integer primary key, amount numeric);
      insert into orders values (1, 10), (2, 20);
      insert into orders_copy values (1, 10), (2, 21);`);
    db.close();
    return runAction(spec, inputs, {}, (workspace) => copyFileSync(path.join(template, 'shop.db'), path.join(workspace, 'shop.db')));
  }

  it('compares, sets the status output and fails the step on a mismatch', () => {
    const result = withDatabase({ spec: '.github/data-comparisons.yml', 'fail-on': 'mismatch', comment: 'never' });
    expect(result.status).toBe(1);
    expect(result.output).toMatch(/^status<<(.+)\nmismatch\n\1$/m);
    expect(result.stdout).toContain('id=2: amount 20 → 21');
    expect(result.stdout).toMatch(/::error::.*orders/);
  });

  it('passes with fail-on never', () => {
    const result = withDatabase({ spec: '.github/data-comparisons.yml', 'fail-on': 'never', comment: 'never' });
    expect(result.status).toBe(0);
    expect(result.stdout).not.toContain('::error::');
  });
});
