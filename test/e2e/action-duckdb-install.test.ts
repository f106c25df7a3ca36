/**
 * The bundled action's on-demand DuckDB: dist/ is copied away from this repository's node_modules
 * (as the runner checks out an action), so `@duckdb/node-api` is not resolvable; with an empty tool
 * cache the first run installs the pinned version from the real npm registry and compares a golden
 * CSV with a SQLite table; the second run reuses the cache without calling npm; with the registry
 * unreachable the comparison fails with a message saying what to do. Needs the npm registry.
 */
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DUCKDB_VERSION } from '../../src/dialects/duckdb/module.js';
import { csvText, SOURCE_ROWS, TARGET_ROWS, writeSqlite } from '../integration/engine/files-fixtures.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const NETWORK_ENV = /^(https?_proxy|no_proxy|node_extra_ca_certs|ssl_cert_file|ssl_cert_dir|npm_config_.*)$/i;

const SPEC = `version: 1
datasources:
  app:
    type: sqlite
    path: data/app.db
  golden:
    type: csv
    path: expected/orders.csv
    column_types: { amount: 'DECIMAL(14,4)' }
  golden_same:
    type: csv
    path: expected/orders-same.csv
comparisons:
  - name: orders
    source: { datasource: app, dataset: source_orders }
    target: { datasource: golden }
    primary_keys: [region, id]
  - name: orders-unchanged
    source: { datasource: app, dataset: source_orders }
    target: { datasource: golden_same }
    primary_keys: [region, id]
  - name: golden-eu
    source: { datasource: golden_same, query: "SELECT * FROM golden_same WHERE region = 'eu'" }
    target: { datasource: golden_same, query: "SELECT * FROM golden_same WHERE region = 'eu' ORDER BY id" }
    primary_keys: [region, id]
`;

/** Is the npm registry reachable from here? (`npm ping` with a short timeout.) */
async function registryReachable(): Promise<boolean> {
  const code = await new Promise<number | null>((resolve) => {
    const child = spawn('npm', ['ping', '--fetch-timeout=5000', '--fetch-retries=0'], { stdio: 'ignore' });
    child.on('error', () => resolve(1));
    child.on('close', resolve);
  });
  return code === 0;
}

const reachable = await registryReachable();
if (!reachable) console.warn('\n!!!!!!!!!! the npm registry is not reachable: the DuckDB install e2e tests are SKIPPED !!!!!!!!!!\n');

interface Run {
  code: number | null;
  log: string;
  outputs: Record<string, string>;
  summary: string;
}

describe.runIf(reachable)('the bundled action installs DuckDB on demand', () => {
  let work: string;
  let actionDir: string;
  let repo: string;
  let toolCache: string;

  beforeAll(() => {
    if (!existsSync(path.join(ROOT, 'dist/index.js'))) throw new Error('dist/index.js is missing: run `npm run bundle` first.');
    work = mkdtempSync(path.join(tmpdir(), 'dc_files_action-'));
    // Like the runner's _actions/<owner>/<repo>/<ref>: the bundle alone, no node_modules above it.
    actionDir = path.join(work, '_actions', 'datacompare');
    cpSync(path.join(ROOT, 'dist'), path.join(actionDir, 'dist'), { recursive: true });
    cpSync(path.join(ROOT, 'action.yml'), path.join(actionDir, 'action.yml'));
    repo = path.join(work, 'repo');
    mkdirSync(path.join(repo, '.github'), { recursive: true });
    mkdirSync(path.join(repo, 'data'));
    mkdirSync(path.join(repo, 'expected'));
    writeFileSync(path.join(repo, '.github/data-comparisons.yml'), SPEC);
    writeSqlite(path.join(repo, 'data/app.db'));
    writeFileSync(path.join(repo, 'expected/orders.csv'), csvText(TARGET_ROWS));
    writeFileSync(path.join(repo, 'expected/orders-same.csv'), csvText(SOURCE_ROWS));
    toolCache = path.join(work, 'tool-cache');
    mkdirSync(toolCache);
  });
  afterAll(() => {
    if (work) rmSync(work, { recursive: true, force: true });
  });

  async function runAction(env: Record<string, string> = {}): Promise<Run> {
    const runnerDir = mkdtempSync(path.join(work, 'step-'));
    const files = { output: path.join(runnerDir, 'output'), summary: path.join(runnerDir, 'summary.md'), state: path.join(runnerDir, 'state') };
    for (const file of Object.values(files)) writeFileSync(file, '');
    const event = path.join(runnerDir, 'event.json');
    writeFileSync(event, JSON.stringify({ schedule: '17 3 * * *', repository: { full_name: 'acme/shop' } }));
    const action = parse(readFileSync(path.join(actionDir, 'action.yml'), 'utf8')) as { inputs: Record<string, { default?: string }> };
    const inputs = { ...Object.fromEntries(Object.entries(action.inputs).map(([name, input]) => [name, String(input.default ?? '')])), 'github-token': 'ghs_e2e0000' };
    const child = spawn(process.execPath, [path.join(actionDir, 'dist/index.js')], {
      cwd: repo,
      env: {
        // The runner's environment reaches npm: proxies, CA bundles and npm settings.
        ...Object.fromEntries(Object.entries(process.env).filter(([name]) => NETWORK_ENV.test(name))),
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        GITHUB_ACTIONS: 'true',
        GITHUB_OUTPUT: files.output,
        GITHUB_STEP_SUMMARY: files.summary,
        GITHUB_STATE: files.state,
        GITHUB_EVENT_PATH: event,
        GITHUB_EVENT_NAME: 'schedule',
        GITHUB_REPOSITORY: 'acme/shop',
        GITHUB_WORKSPACE: repo,
        GITHUB_API_URL: 'http://127.0.0.1:9',
        RUNNER_TEMP: runnerDir,
        RUNNER_TOOL_CACHE: toolCache,
        ...Object.fromEntries(Object.entries(inputs).map(([name, value]) => [`INPUT_${name.toUpperCase()}`, value])),
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: 280_000, // never outlive the test
    });
    let log = '';
    child.stdout.on('data', (chunk: Buffer) => (log += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (log += chunk.toString('utf8')));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    const outputs: Record<string, string> = {};
    const lines = readFileSync(files.output, 'utf8').split('\n');
    for (let i = 0; i < lines.length; i++) {
      const m = /^([^<=]+)<<(.+)$/.exec(lines[i] ?? '');
      if (!m?.[1] || !m[2]) continue;
      const value: string[] = [];
      for (i++; i < lines.length && lines[i] !== m[2]; i++) value.push(lines[i] ?? '');
      outputs[m[1]] = value.join('\n');
    }
    return { code, log, outputs, summary: readFileSync(files.summary, 'utf8') };
  }

  const cached = () => path.join(toolCache, 'datacompare-duckdb', DUCKDB_VERSION, `${process.platform}-${process.arch}`);

  it('installs the pinned @duckdb/node-api into an empty tool cache, then compares', async () => {
    const run = await runAction();
    expect(run.log).toContain(`DuckDB: a duckdb, csv or parquet data source needs @duckdb/node-api@${DUCKDB_VERSION}, which is not bundled`);
    expect(run.log).toMatch(/DuckDB: installed @duckdb\/node-api@\S+ in \d+\.\d s\./);
    expect(existsSync(path.join(cached(), '.complete'))).toBe(true);
    expect(existsSync(path.join(cached(), 'node_modules/@duckdb/node-api/package.json'))).toBe(true);
    // No half-installed staging folder is left behind.
    expect(readdirSync(path.dirname(cached())).filter((name) => name.includes('.partial-'))).toEqual([]);
    expect(run.outputs.status).toBe('mismatch');
    expect(run.outputs['mismatched-comparisons']).toBe('orders');
    expect(run.outputs['failed-comparisons'] ?? '').toBe('');
    expect(run.code).toBe(1);
    expect(run.summary).toContain('orders-unchanged');
  }, 300_000);

  it('reuses the tool cache on the next run without calling npm', async () => {
    const run = await runAction();
    expect(run.log).toContain(`DuckDB: using @duckdb/node-api@${DUCKDB_VERSION} from the tool cache (${cached()}).`);
    expect(run.log).not.toContain('installing it with npm');
    expect(run.outputs.status).toBe('mismatch');
    expect(run.outputs['mismatched-comparisons']).toBe('orders');
  }, 120_000);

  it('uses the copy in the workspace when the repository already depends on it', async () => {
    const emptyCache = mkdtempSync(path.join(work, 'unused-cache-'));
    mkdirSync(path.join(repo, 'node_modules'));
    symlinkSync(path.join(ROOT, 'node_modules/@duckdb'), path.join(repo, 'node_modules/@duckdb'), 'dir');
    try {
      const run = await runAction({ RUNNER_TOOL_CACHE: emptyCache });
      expect(run.log).toContain("DuckDB: using @duckdb/node-api from the workspace's node_modules.");
      expect(run.log).not.toContain('installing it with npm');
      expect(run.outputs['mismatched-comparisons']).toBe('orders');
      expect(readdirSync(emptyCache)).toEqual([]);
    } finally {
      rmSync(path.join(repo, 'node_modules'), { recursive: true, force: true });
    }
  }, 120_000);

  it('says what to do when npm cannot reach the registry', async () => {
    const emptyCache = mkdtempSync(path.join(work, 'empty-cache-'));
    const run = await runAction({
      RUNNER_TOOL_CACHE: emptyCache,
      npm_config_registry: 'http://127.0.0.1:9/',
      npm_config_fetch_retries: '0',
      npm_config_fetch_timeout: '2000',
      npm_config_cache: path.join(emptyCache, 'npm-cache'),
      npm_config_offline: 'false',
      npm_config_prefer_online: 'true',
    });
    expect(run.outputs.status).toBe('error');
    expect(run.outputs['failed-comparisons']).toBe('orders,orders-unchanged,golden-eu');
    // One attempt for the whole run: the third comparison does not call npm again.
    expect(run.log.split('installing it with npm').length - 1).toBe(1);
    expect(run.log).toContain(`Could not install DuckDB (@duckdb/node-api@${DUCKDB_VERSION}) with npm: ECONNREFUSED: request to http://127.0.0.1:9/`);
    expect(run.log).toContain('hint: Let the runner reach the npm registry (a proxy: set HTTPS_PROXY; a mirror: set npm_config_registry)');
    expect(run.summary).toContain('**What to do:** Let the runner reach the npm registry');
    expect(existsSync(path.join(emptyCache, 'datacompare-duckdb', DUCKDB_VERSION, `${process.platform}-${process.arch}`))).toBe(false);
  }, 120_000);
});

describe('the bundle', () => {
  it('contains no DuckDB native code: @duckdb/node-api is imported at run time', () => {
    const files = readdirSync(path.join(ROOT, 'dist'), { recursive: true }).map(String);
    expect(files.filter((file) => file.endsWith('.node'))).toEqual([]);
    for (const file of files.filter((name) => name.endsWith('.js'))) {
      const text = readFileSync(path.join(ROOT, 'dist', file), 'utf8');
      expect({ file, bindings: text.includes('duckdb_bind_') || text.includes('@duckdb/node-bindings') }).toEqual({ file, bindings: false });
    }
  });

  it('pins the same @duckdb/node-api version as package.json', () => {
    const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { optionalDependencies?: Record<string, string> };
    expect(pkg.optionalDependencies?.['@duckdb/node-api']).toBe(DUCKDB_VERSION);
  });
});
