/**
 * Stopping a comparison whose DuckDB side is in one long statement: a query on a DuckDB database
 * file (its first chunk needs the whole sorted result, which would take hours) against a CSV file
 * (also read by DuckDB). SIGTERM to the CLI and SIGINT to the bundled action (dist/index.js, as the
 * runner runs it) interrupt the statement: the process ends well within the grace period, with the
 * partial report printed and written and the comparison marked stopped. (A DuckDB connection closed
 * under its running statement used to deadlock the statement's thread, and process.exit() with it:
 * the process never ended.)
 */
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeRepo, requireBundle } from './action-report-harness.js';
import { processGone, runActionAndSignal, runAndSignal } from './stops-fixtures.js';

let duckdbInstalled = true;
try {
  await import('@duckdb/node-api');
} catch {
  duckdbInstalled = false;
  console.warn('\n!!!!!!!!!! @duckdb/node-api is not installed: the DuckDB stop e2e tests are SKIPPED !!!!!!!!!!\n');
}

const bin = path.resolve('bin/datacompare.js');
const dir = mkdtempSync(path.join(os.tmpdir(), 'dc-e2e-duckdb-stop-'));
const GRACE_SECONDS = 5;

/** 20,000 ids; v costs id × 20,000 additions, so the sorted result (the stream's first chunk) takes hours. */
async function makeFiles(into: string): Promise<void> {
  const { DuckDBInstance } = await import('@duckdb/node-api');
  const instance = await DuckDBInstance.create(path.join(into, 'warehouse.duckdb'));
  const connection = await instance.connect();
  await connection.run('CREATE TABLE t AS SELECT range AS id FROM range(1, 20001)');
  connection.closeSync();
  instance.closeSync();
  writeFileSync(path.join(into, 'golden.csv'), 'id,v\n1,0\n2,1\n');
}

const SLOW_QUERY = 'SELECT id, (SELECT sum(b.range) FROM range(id * 20000) b) AS v FROM t';

function spec(): string {
  return [
    'version: 1',
    'datasources:',
    '  warehouse: { type: duckdb, path: warehouse.duckdb }',
    '  golden: { type: csv, path: golden.csv }',
    'comparisons:',
    `  - { name: slow, strategy: stream, primary_keys: [id], source: { datasource: warehouse, query: "${SLOW_QUERY}" }, target: { datasource: golden } }`,
    '',
  ].join('\n');
}

const env = { PATH: process.env.PATH ?? '', NO_COLOR: '1', DATACOMPARE_STOP_GRACE_SECONDS: String(GRACE_SECONDS), DATACOMPARE_PROGRESS_SECONDS: '1' };
/** A heartbeat: the stream has waited a second on DuckDB's first chunk. */
const STALLED = /slow: still comparing \(streaming both sides ordered by key\)/;

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.runIf(duckdbInstalled)('a DuckDB comparison stopped in one long statement', () => {
  beforeAll(() => makeFiles(dir));

  it('CLI, SIGTERM: exit 2 before the grace period ends, the partial report printed and written, the process gone', async () => {
    writeFileSync(path.join(dir, 'term.yml'), spec());
    const run = await runAndSignal({ args: [bin, 'run', '--spec', 'term.yml', '--json', 'term.json'], cwd: dir, env }, { ready: STALLED, signal: 'SIGTERM' });
    expect(run.code, run.output).toBe(2);
    // Interrupted, not ended by the hard exit.
    expect(run.afterSignalMs).toBeLessThan(GRACE_SECONDS * 1000);
    expect(run.output).not.toContain('exiting now');
    expect(run.stdout).toMatch(/! error {2}slow\n {4}warehouse · query → golden · golden\n {4}cancelled error: stopped: SIGTERM received while comparing \(streaming both sides ordered by key\), after [\d.]+ s\./);
    const json = JSON.parse(readFileSync(path.join(dir, 'term.json'), 'utf8')) as { comparisons: { status: string; error?: { kind: string; message: string } }[] };
    expect(json.comparisons[0]?.status).toBe('error');
    expect(json.comparisons[0]?.error?.kind).toBe('cancelled');
    expect(json.comparisons[0]?.error?.message).toMatch(/^stopped: SIGTERM received/);
    expect(processGone(run.pid)).toBe(true);
  });

  it('the bundled action, SIGINT: the partial report published, the step failed, before the grace period ends', async () => {
    requireBundle();
    const repo = makeRepo(spec());
    copyFileSync(path.join(dir, 'warehouse.duckdb'), path.join(repo.dir, 'warehouse.duckdb'));
    copyFileSync(path.join(dir, 'golden.csv'), path.join(repo.dir, 'golden.csv'));
    const { run, afterSignalMs, signalled, pid } = await runActionAndSignal(repo, { ready: STALLED, signal: 'SIGINT', graceSeconds: GRACE_SECONDS });
    const reportJson = run.outputs['report-json'] ?? '';
    const report = existsSync(reportJson) ? (JSON.parse(readFileSync(reportJson, 'utf8')) as { comparisons: { status: string }[] }) : undefined;
    rmSync(repo.dir, { recursive: true, force: true });
    rmSync(repo.runnerTemp, { recursive: true, force: true });
    expect(signalled, run.stdout + run.stderr).toBe(true);
    expect(run.code, run.stdout + run.stderr).toBe(1);
    expect(afterSignalMs).toBeLessThan(GRACE_SECONDS * 1000);
    expect(run.stdout).not.toContain('exiting now');
    expect(run.stdout).toContain('::error::Stopped: SIGINT was received; 0 of 1 comparison(s) finished');
    expect(run.summary).toContain('stopped: SIGINT received while comparing (streaming both sides ordered by key)');
    expect(run.outputs.status).toBe('error');
    expect(report?.comparisons.map((c) => c.status)).toEqual(['error']);
    expect(processGone(pid)).toBe(true);
  });
});
