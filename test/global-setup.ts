/**
 * Runs once before the suite. The suite must run on Node 24 (the action's runtime), and the e2e
 * tests run the built CLI (build/) and the action bundle (dist/) as processes: rebuild them when a
 * file under src/ (or package.json) is newer than the output, so they always test the current code.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { createRunDatabases } from './helpers/run-databases.js';

const root = path.resolve(import.meta.dirname, '..');

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

function outputMtime(file: string): number {
  const full = path.join(root, file);
  return existsSync(full) ? statSync(full).mtimeMs : 0;
}

/** Runs an npm script with the current (Node 24) node first on PATH. */
function npmRun(script: string): void {
  const binDir = path.dirname(process.execPath);
  console.log(`[global-setup] src/ changed: npm run ${script}`);
  try {
    execFileSync('npm', ['run', '--silent', script], {
      cwd: root,
      stdio: ['ignore', 'inherit', 'inherit'],
      env: { ...process.env, PATH: `${binDir}${path.delimiter}${process.env.PATH ?? ''}` },
    });
  } catch (error) {
    // tsc still emits on type errors; `npm run typecheck` is where those fail. Only a missing output is fatal.
    console.warn(`[global-setup] npm run ${script} reported errors: ${(error as Error).message.split('\n')[0]}`);
  }
}

/**
 * True unless the run is filtered to files outside test/e2e (e.g. `vitest run test/unit/spec`), so
 * iterating on unit tests never pays for (or races on) a rebuild of dist/.
 */
function selectsE2e(args: string[]): boolean {
  const filters = args.filter((arg, i) => !arg.startsWith('-') && !(i === 0 && (arg === 'run' || arg === 'watch')) && !args[i - 1]?.match(/^--(config|root|project|reporter)$/));
  return filters.length === 0 || filters.some((filter) => /e2e|^test\/?$/.test(filter));
}

export default async function setup(): Promise<() => Promise<void>> {
  const major = Number(process.versions.node.split('.')[0]);
  if (major < 24) throw new Error(`The test suite must run on Node 24 (got ${process.versions.node}); use \`npm test\`.`);

  // One id per run: the databases and roles the tests make carry it (test/helpers/run-databases.ts).
  const runId = (process.env.DATACOMPARE_TEST_RUN_ID ??= randomBytes(4).toString('hex'));
  const dropRunDatabases = await createRunDatabases(runId, {
    postgres: process.env.DATACOMPARE_TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
    mysql: process.env.DATACOMPARE_TEST_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306/test',
  });
  if (selectsE2e(process.argv.slice(2))) rebuild();
  return dropRunDatabases;
}

/** build/ and dist/ refreshed from src/ when stale, so the e2e tests run the current code. */
function rebuild(): void {
  const sources = Math.max(newestMtime(path.join(root, 'src')), statSync(path.join(root, 'package.json')).mtimeMs);
  // tsc emits even with type errors elsewhere in the tree (typecheck is where those fail), so the
  // bundle is refreshed from whatever was emitted rather than left stale.
  const stale = { build: sources > outputMtime('build/src/entries/cli.js'), dist: sources > outputMtime('dist/index.js') };
  if (stale.build || stale.dist) npmRun('build');
  if (stale.dist) npmRun('bundle:ncc');
  for (const output of ['build/src/entries/cli.js', 'build/cli/cli.js', 'dist/index.js']) {
    if (!existsSync(path.join(root, output))) throw new Error(`[global-setup] ${output} is missing after the build; run npm run bundle and read its errors.`);
  }
}
