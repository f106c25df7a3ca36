/**
 * Stopping a comparison of a 1M-row table in one SQLite file (the default every new user starts
 * with; the same-file join runs as one long statement in the SQLite worker process): SIGTERM to the
 * CLI, SIGINT to the bundled action (dist/index.js, as the runner runs it) and a comparison's
 * timeout_minutes each end the process within the grace period with the partial report written.
 * A user's own query held in one native step for ever (node:sqlite has no interrupt) stops the same
 * way: its worker process is killed, so the run ends cleanly (CLI status 2, the action's step failed
 * with its partial report), where a worker thread held the process until it killed itself (137).
 */
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeRepo, requireBundle } from './action-report-harness.js';
import { isRunning } from '../helpers/processes.js';
import { processGone, runActionAndSignal, runAndSignal } from './stops-fixtures.js';

const bin = path.resolve('bin/datacompare.js');
const dir = mkdtempSync(path.join(os.tmpdir(), 'dc-e2e-sqlite-stop-'));
const GRACE_SECONDS = 2;

/** One table of 1M rows, compared with itself: no row differs, so no canonical function (JavaScript) runs during the join. */
function makeDatabase(file: string): void {
  const db = new DatabaseSync(file);
  db.exec(`PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF;
    CREATE TABLE a (id INTEGER PRIMARY KEY, v TEXT, n INTEGER);
    INSERT INTO a WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < 1000000) SELECT i, 'v' || i, i * 3 FROM c;`);
  db.close();
}

/** A filter that costs SQLite ~10 µs a row (native, no JavaScript): the join through the key index then runs as one statement of about 20 s. */
const FILTER = 'length(hex(zeroblob(4000))) > 0';

function spec(extra = ''): string {
  const side = `{ datasource: local, dataset: a, filter: "${FILTER}" }`;
  return ['version: 1', 'datasources:', '  local: { type: sqlite, path: big.db }', 'comparisons:', `  - { name: big, primary_keys: [id], source: ${side}, target: ${side}${extra} }`, ''].join('\n');
}

const env = { PATH: process.env.PATH ?? '', NO_COLOR: '1', DATACOMPARE_STOP_GRACE_SECONDS: String(GRACE_SECONDS), DATACOMPARE_PROGRESS_SECONDS: '1' };

beforeAll(() => makeDatabase(path.join(dir, 'big.db')));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a SQLite comparison stopped while its join runs', () => {
  it('CLI, SIGTERM: exit 2 within the grace period, the partial report printed and written, the process gone', async () => {
    writeFileSync(path.join(dir, 'term.yml'), spec());
    const child = spawn(process.execPath, [bin, 'run', '--spec', 'term.yml', '--json', 'term.json'], { cwd: dir, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    let signalledAt = 0;
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      // A heartbeat: the join has run a second and is still running.
      if (signalledAt === 0 && /big: still comparing \(running the join diff in the database\)/.test(output)) {
        signalledAt = Date.now();
        child.kill('SIGTERM');
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    const afterSignalMs = Date.now() - signalledAt;
    expect(signalledAt, output).toBeGreaterThan(0);
    expect(code).toBe(2);
    expect(afterSignalMs).toBeLessThan((GRACE_SECONDS + 3) * 1000);
    expect(output).not.toContain('exiting now');
    expect(output).toMatch(/cancelled error: stopped: SIGTERM received while comparing \(running the join diff in the database\), after [\d.]+ s\./);
    const json = JSON.parse(readFileSync(path.join(dir, 'term.json'), 'utf8')) as { comparisons: { status: string; error?: { kind: string; message: string } }[] };
    expect(json.comparisons[0]?.status).toBe('error');
    expect(json.comparisons[0]?.error?.kind).toBe('cancelled');
    expect(json.comparisons[0]?.error?.message).toMatch(/^stopped: SIGTERM received/);
    expect(processGone(child.pid)).toBe(true);
  });

  it("CLI, the comparison's timeout_minutes: reported as a timeout naming the limit and its line", () => {
    writeFileSync(path.join(dir, 'limit.yml'), spec(', timeout_minutes: 0.01'));
    // The statement runs ~20 s: ended by the limit (0.6 s), the process is gone long before 8 s (else killed: status null).
    const result = spawnSync(process.execPath, [bin, 'run', '--spec', 'limit.yml'], { cwd: dir, env, encoding: 'utf8', timeout: 8_000 });
    expect(result.status).toBe(2);
    expect(result.stdout + result.stderr).not.toContain('exiting now');
    expect(result.stdout).toMatch(/timeout error: stopped: the time limit timeout_minutes: 0.01 \(limit.yml:5\) was reached while comparing \(running the join diff/);
  });

  it('the bundled action, SIGINT: the partial report published, the step failed, within the grace period', async () => {
    requireBundle();
    const repo = makeRepo(spec());
    copyFileSync(path.join(dir, 'big.db'), path.join(repo.dir, 'big.db'));
    const { run, afterSignalMs, signalled, pid } = await runActionAndSignal(repo, { ready: /datacompare: big: still comparing \(running the join diff/, signal: 'SIGINT', graceSeconds: GRACE_SECONDS });
    rmSync(repo.dir, { recursive: true, force: true });
    expect(signalled, run.stdout + run.stderr).toBe(true);
    expect(run.code).toBe(1);
    expect(afterSignalMs).toBeLessThan((GRACE_SECONDS + 3) * 1000);
    expect(run.stdout).not.toContain('exiting now');
    expect(run.summary).toContain('stopped: SIGINT received while comparing (running the join diff in the database)');
    expect(run.outputs.status).toBe('error');
    expect(existsSync(run.outputs['report-json'] ?? '')).toBe(true);
    expect(processGone(pid)).toBe(true);
  });
});

/**
 * A user's query that never ends, in one native step of SQLite's C code (introspection reads its
 * first row, the aggregate over an endless recursion): no row, no function of ours, ever.
 */
const NATIVE_STEP_QUERY = 'WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c) SELECT max(i) AS id, 1 AS v FROM c';

function nativeStepSpec(): string {
  return [
    'version: 1',
    'datasources:',
    '  local: { type: sqlite, path: big.db }',
    'comparisons:',
    `  - { name: endless, strategy: stream, primary_keys: [id], source: { datasource: local, query: "${NATIVE_STEP_QUERY}" }, target: { datasource: local, dataset: a } }`,
    '',
  ].join('\n');
}

/** Introspection reads the query's first row (its column types): the endless step runs from there on (signalled a second later). */
const ENDLESS_STEP_RUNNING = /endless: introspecting/;

describe("a SQLite comparison stopped while a user's query is in one native step", () => {
  it("CLI, SIGTERM: the query's worker process killed, the partial report printed and written, exit 2 within the grace period", async () => {
    writeFileSync(path.join(dir, 'native.yml'), nativeStepSpec());
    const run = await runAndSignal({ args: [bin, 'run', '--spec', 'native.yml', '--json', 'native.json'], cwd: dir, env }, { ready: ENDLESS_STEP_RUNNING, signal: 'SIGTERM', afterMs: 1000 });
    expect(run.endSignal, run.output).toBeNull();
    expect(run.code).toBe(2);
    expect(run.afterSignalMs).toBeLessThan((GRACE_SECONDS + 3) * 1000);
    expect(run.output).not.toMatch(/did not stop|SIGKILL|exiting now/);
    expect(run.output).toContain('cancelled error: stopped: SIGTERM received while introspecting');
    expect(run.childrenAtSignal).toHaveLength(1);
    expect(run.childrenAtSignal.filter(isRunning)).toEqual([]);
    const json = JSON.parse(readFileSync(path.join(dir, 'native.json'), 'utf8')) as { comparisons: { status: string; error?: { kind: string; message: string } }[] };
    expect(json.comparisons[0]?.error?.kind).toBe('cancelled');
    expect(json.comparisons[0]?.error?.message).toMatch(/^stopped: SIGTERM received/);
    expect(processGone(run.pid)).toBe(true);
  });

  it("the bundled action, SIGINT: the query's worker process killed, the partial report published, the step failed within the grace period", async () => {
    requireBundle();
    const repo = makeRepo(nativeStepSpec());
    copyFileSync(path.join(dir, 'big.db'), path.join(repo.dir, 'big.db'));
    const { run, afterSignalMs, signalled, endSignal, pid, childrenAtSignal } = await runActionAndSignal(repo, { ready: ENDLESS_STEP_RUNNING, signal: 'SIGINT', graceSeconds: GRACE_SECONDS, afterMs: 1000 });
    const reportJson = run.outputs['report-json'] ?? '';
    const written = existsSync(reportJson);
    rmSync(repo.dir, { recursive: true, force: true });
    rmSync(repo.runnerTemp, { recursive: true, force: true });
    expect(signalled, run.stdout + run.stderr).toBe(true);
    expect(endSignal).toBeNull();
    expect(run.code).toBe(1);
    expect(afterSignalMs).toBeLessThan((GRACE_SECONDS + 3) * 1000);
    expect(run.stdout).not.toMatch(/did not stop|SIGKILL|exiting now/);
    expect(run.summary).toContain('stopped: SIGINT received while introspecting');
    expect(run.outputs.status).toBe('error');
    expect(written).toBe(true);
    expect(childrenAtSignal).toHaveLength(1);
    expect(childrenAtSignal.filter(isRunning)).toEqual([]);
    expect(processGone(pid)).toBe(true);
  });
});
