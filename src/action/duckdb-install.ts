/**
 * DuckDB for the action, on demand. The bundle (dist/) never contains the native `@duckdb/node-api`
 * (~70 MB per platform); the first time a duckdb, csv or parquet data source is opened, this loader
 * finds it, in order:
 *   1. resolvable from the action itself (a checkout with node_modules, e.g. this repository's CI);
 *   2. in the workspace (the repository being checked already depends on it);
 *   3. in the runner's tool cache, `<RUNNER_TOOL_CACHE>/datacompare-duckdb/<version>/<platform>-<arch>`,
 *      installed by an earlier run (a `.complete` marker says the install finished);
 *   4. otherwise it is installed there with `npm install --prefix`, into a staging folder renamed
 *      into place when complete, so a cancelled install is never reused.
 * Specs without such data sources never trigger any of this.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  DUCKDB_PACKAGE, DUCKDB_VERSION, importDuckDBFrom, importInstalledDuckDB, setDuckDBModuleLoader, type DuckDBModule,
} from '../dialects/duckdb/module.js';
import { CancelledError, ConfigurationError } from '../shared/errors.js';
import type { Logger } from '../shared/logger.js';

const COMPLETE_MARKER = '.complete';
/** npm retries an unreachable registry for minutes; give up well before the job's own limit. */
const NPM_TIMEOUT_MS = 5 * 60_000;

export interface DuckDBInstallOptions {
  logger: Logger;
  env?: NodeJS.ProcessEnv;
  /** Stops a running npm install (the runner's cancel). */
  signal?: AbortSignal;
  /** The npm executable (default `npm`, `npm.cmd` on Windows). */
  npm?: string;
}

/** Where this platform's copy lives in the tool cache. */
export function duckdbCacheDir(env: NodeJS.ProcessEnv = process.env): string {
  const root = env.RUNNER_TOOL_CACHE || path.join(env.RUNNER_TEMP || tmpdir(), 'tool-cache');
  return path.join(root, 'datacompare-duckdb', DUCKDB_VERSION, `${process.platform}-${process.arch}`);
}

/** Makes every duckdb/csv/parquet connection of this process load DuckDB as described above. */
export function useDuckDBOnDemand(options: DuckDBInstallOptions): void {
  // One attempt per run, failure included: every comparison needing DuckDB gets the same answer
  // instead of each waiting for its own npm install against an unreachable registry.
  let attempt: Promise<DuckDBModule> | undefined;
  setDuckDBModuleLoader(() => (attempt ??= locateOrInstallDuckDB(options)));
}

export async function locateOrInstallDuckDB(options: DuckDBInstallOptions): Promise<DuckDBModule> {
  const { logger } = options;
  const env = options.env ?? process.env;
  try {
    const module = await importInstalledDuckDB();
    logger.debug(`DuckDB: using ${DUCKDB_PACKAGE} resolvable from the action.`);
    return module;
  } catch {
    // not next to the action: look further
  }
  const workspace = env.GITHUB_WORKSPACE;
  if (workspace && existsSync(path.join(workspace, 'node_modules', ...DUCKDB_PACKAGE.split('/'), 'package.json'))) {
    logger.info(`DuckDB: using ${DUCKDB_PACKAGE} from the workspace's node_modules.`);
    return importDuckDBFrom(workspace);
  }
  const dir = duckdbCacheDir(env);
  if (existsSync(path.join(dir, COMPLETE_MARKER))) {
    try {
      const module = await importDuckDBFrom(dir);
      logger.info(`DuckDB: using ${DUCKDB_PACKAGE}@${DUCKDB_VERSION} from the tool cache (${dir}).`);
      return module;
    } catch (error) {
      logger.warning(`DuckDB: the copy in the tool cache (${dir}) does not load (${(error as Error).message}); installing it again.`);
      rmSync(dir, { recursive: true, force: true });
    }
  }
  await install(dir, options);
  return importDuckDBFrom(dir);
}

async function install(dir: string, options: DuckDBInstallOptions): Promise<void> {
  const { logger } = options;
  const staging = `${dir}.partial-${process.pid}-${Date.now()}`;
  const spec = `${DUCKDB_PACKAGE}@${DUCKDB_VERSION}`;
  logger.info(
    `DuckDB: a duckdb, csv or parquet data source needs ${spec}, which is not bundled (about 70 MB): installing it with npm into the tool cache (${dir}); later runs on this runner reuse it.`,
  );
  const started = performance.now();
  mkdirSync(staging, { recursive: true });
  try {
    writeFileSync(path.join(staging, 'package.json'), `${JSON.stringify({ name: 'datacompare-duckdb', private: true }, null, 2)}\n`);
    await runNpm(['install', '--prefix', staging, '--no-audit', '--no-fund', '--no-package-lock', '--loglevel=error', spec], options);
    writeFileSync(path.join(staging, COMPLETE_MARKER), `${spec}\n`);
    try {
      renameSync(staging, dir);
    } catch (error) {
      // Another job on this runner finished first: use its copy.
      if (!existsSync(path.join(dir, COMPLETE_MARKER))) throw error;
    }
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
  logger.info(`DuckDB: installed ${spec} in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
}

function runNpm(args: string[], options: DuckDBInstallOptions): Promise<void> {
  const windows = process.platform === 'win32';
  const npm = options.npm ?? (windows ? 'npm.cmd' : 'npm');
  const manual = `npm install --prefix "${duckdbCacheDir(options.env ?? process.env)}" ${DUCKDB_PACKAGE}@${DUCKDB_VERSION}`;
  const hint =
    `Let the runner reach the npm registry (a proxy: set HTTPS_PROXY; a mirror: set npm_config_registry), or install it in an earlier step: ` +
    `\`npm install --no-save ${DUCKDB_PACKAGE}@${DUCKDB_VERSION}\` in the workspace (or \`${manual}\`).`;
  return new Promise((resolve, reject) => {
    const child = spawn(npm, args, {
      env: { ...(options.env ?? process.env), npm_config_update_notifier: 'false' },
      stdio: ['ignore', 'pipe', 'pipe'],
      shell: windows,
      timeout: NPM_TIMEOUT_MS,
      ...(options.signal ? { signal: options.signal } : {}),
    });
    let output = '';
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString('utf8')).slice(-4000);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('error', (error: NodeJS.ErrnoException) => {
      if (options.signal?.aborted) return reject(new CancelledError('The DuckDB install was cancelled.', { cause: error }));
      const what = error.code === 'ENOENT' ? `npm was not found (${npm} is not on PATH)` : `npm could not be started: ${error.message}`;
      reject(new ConfigurationError(`Could not install DuckDB (${DUCKDB_PACKAGE}@${DUCKDB_VERSION}): ${what}.`, { cause: error, hint }));
    });
    const finish = (code: number | null, signal: NodeJS.Signals | null) => {
      if (code === 0) return resolve();
      if (options.signal?.aborted) return reject(new CancelledError('The DuckDB install was cancelled.'));
      const tail = npmFailure(output);
      const reason =
        signal === 'SIGTERM'
          ? `npm did not finish within ${NPM_TIMEOUT_MS / 60_000} minutes${tail ? ` (${tail})` : ''}`
          : tail || `npm exited with code ${code}`;
      reject(new ConfigurationError(`Could not install DuckDB (${DUCKDB_PACKAGE}@${DUCKDB_VERSION}) with npm: ${reason}`, { hint }));
    };
    // 'close' waits for stdout/stderr to end, which a leftover grandchild of npm could keep open:
    // settle on 'exit' too, shortly after, with whatever output arrived.
    let settled = false;
    const settle = (code: number | null, signal: NodeJS.Signals | null) => {
      if (settled) return;
      settled = true;
      child.stdout.destroy();
      child.stderr.destroy();
      finish(code, signal);
    };
    child.on('close', settle);
    child.on('exit', (code, signal) => setTimeout(() => settle(code, signal), 500));
  });
}

/** npm's error in one line: its code and the line that explains it (`ECONNREFUSED: request to … failed, reason: …`). */
export function npmFailure(output: string): string {
  const lines = output
    .split('\n')
    .filter((line) => !/^npm (warn|notice)/i.test(line))
    .map((line) => line.replace(/^npm (error|ERR!)\s?/i, '').trim())
    .filter((line) => line !== '');
  const code = lines.find((line) => /^code \S+$/.test(line))?.slice(5);
  const noise = /^(code|syscall|errno|at |[{}]|A complete log|If you are behind|Log files were not written)/i;
  const detail =
    lines.find((line) => /request to|reason:|E404|404 Not Found|EACCES|ENOSPC|EPERM/i.test(line) && !noise.test(line)) ??
    lines.find((line) => !noise.test(line) && !/^[a-z]+: /.test(line));
  return [code, detail?.replace(/^[A-Za-z]*Error: /, '')].filter((part): part is string => part !== undefined).join(': ');
}
