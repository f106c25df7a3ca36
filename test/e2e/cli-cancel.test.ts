/**
 * Stopping `datacompare run` (SIGTERM as `timeout`, cron or Kubernetes send it; SIGINT as Ctrl-C; a
 * comparison's own timeout_minutes) while a source stalls mid-stream: the process ends within the
 * grace period, prints and writes the partial report with the unfinished comparison marked
 * "stopped: <why>", and leaves no session of its own on either server.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseAvailable } from '../helpers/databases.js';
import { runUntilStopped, stallingSources } from './stops-fixtures.js';

const sources = stallingSources('stops_cli');
const { pgQuery: PG_QUERY, pgStallingQuery: PG_STALLING_QUERY, mariadbQuery: MARIADB_QUERY, mariadbStallingQuery: MARIADB_STALLING_QUERY } = sources;

const bin = path.resolve('bin/datacompare.js');
const dir = mkdtempSync(path.join(os.tmpdir(), 'dc-e2e-cancel-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const GRACE_SECONDS = 5;
const ready = (await databaseAvailable('postgres')) && (await databaseAvailable('mysql'));

function spec(name: string, comparisons: string[]): string {
  const file = `${name}.yml`;
  writeFileSync(
    path.join(dir, file),
    ['version: 1', 'datasources:', '  pg: { type: postgres, url: "${PG_URL}" }', '  maria: { type: mysql, url: "${MARIA_URL}" }', 'comparisons:', ...comparisons, ''].join('\n'),
  );
  return file;
}

const comparison = (name: string, source: string, target: string, extra = '') =>
  `  - { name: ${name}, strategy: stream, primary_keys: [id], source: { datasource: pg, query: "${source}" }, target: { datasource: maria, query: "${target}" }${extra} }`;

function env(application: string): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH ?? '',
    NO_COLOR: '1',
    PG_URL: sources.postgresUrl(application),
    MARIA_URL: sources.mariadbUrl(),
    DATACOMPARE_STOP_GRACE_SECONDS: String(GRACE_SECONDS),
    DATACOMPARE_PROGRESS_SECONDS: '1',
  };
}

describe.runIf(ready)('datacompare run stopped while a source stalls', () => {
  beforeAll(() => sources.create());
  afterAll(() => sources.drop());

  it('SIGTERM while PostgreSQL stalls: heartbeats, then the partial report printed and written, exit 2, no session left', async () => {
    const application = 'dc_e2e_stops_cli_term';
    const file = spec('term', [comparison('stalls', PG_STALLING_QUERY, MARIADB_QUERY)]);
    const stopped = await runUntilStopped(
      sources,
      { args: [bin, 'run', '--spec', file, '--json', 'term.json', '--markdown', 'term.md'], cwd: dir, env: env(application) },
      // A heartbeat line (no TTY): the comparison has run at least a second and is waiting on the stalled row.
      { ready: /stalls: still comparing \(streaming both sides ordered by key\): .* so far, [\d,]+ rows/, signal: 'SIGTERM', application },
    );
    expect(stopped.sessionsAtSignal.postgres).toBeGreaterThan(0);
    expect(stopped.code).toBe(2);
    expect(stopped.afterSignalMs).toBeLessThan((GRACE_SECONDS + 3) * 1000);
    expect(stopped.stderr).toContain('SIGTERM: stopping the running comparisons');
    expect(stopped.stderr).not.toContain('exiting now');
    expect(stopped.stdout).toMatch(/! error {2}stalls\n {4}pg · query → maria · query\n {4}cancelled error: stopped: SIGTERM received while comparing \(streaming both sides ordered by key\), after [\d.]+ (s|min)\./);
    const json = JSON.parse(readFileSync(path.join(dir, 'term.json'), 'utf8')) as { comparisons: { name: string; error?: { kind: string; message: string } }[] };
    expect(json.comparisons[0]?.error?.kind).toBe('cancelled');
    expect(json.comparisons[0]?.error?.message).toMatch(/^stopped: SIGTERM received/);
    expect(readFileSync(path.join(dir, 'term.md'), 'utf8')).toContain('stopped: SIGTERM received');
    expect(await sources.sessionsLeft(application)).toEqual({ postgres: 0, mariadb: 0 });
  });

  it('SIGINT while MariaDB stalls: the comparison that finished keeps its result, the other is stopped', async () => {
    const application = 'dc_e2e_stops_cli_int';
    const file = spec('int', [comparison('finishes', PG_QUERY, MARIADB_QUERY), comparison('stalls', PG_QUERY, MARIADB_STALLING_QUERY)]);
    const stopped = await runUntilStopped(
      sources,
      { args: [bin, 'run', '--spec', file, '--json', 'int.json'], cwd: dir, env: env(application) },
      { ready: /finishes: done in[\s\S]*stalls: still comparing/, signal: 'SIGINT', application },
    );
    expect(stopped.sessionsAtSignal.mariadb, stopped.stdout + stopped.stderr).toBeGreaterThan(0);
    expect(stopped.code).toBe(2);
    expect(stopped.afterSignalMs).toBeLessThan((GRACE_SECONDS + 3) * 1000);
    const json = JSON.parse(readFileSync(path.join(dir, 'int.json'), 'utf8')) as { comparisons: { name: string; status: string; error?: { message: string } }[] };
    expect(json.comparisons.map((c) => [c.name, c.status])).toEqual([
      ['finishes', 'match'],
      ['stalls', 'error'],
    ]);
    expect(json.comparisons[1]?.error?.message).toMatch(/^stopped: SIGINT received while comparing/);
    expect(await sources.sessionsLeft(application)).toEqual({ postgres: 0, mariadb: 0 });
  });

  it("a comparison's timeout_minutes is reported as a timeout naming the limit and its line in the spec", () => {
    const application = 'dc_e2e_stops_cli_limit';
    const file = spec('limit', [comparison('stalls', PG_STALLING_QUERY, MARIADB_QUERY, ', timeout_minutes: 0.05')]);
    const result = spawnSync(process.execPath, [bin, 'run', '--spec', file], { cwd: dir, env: env(application), encoding: 'utf8', timeout: 60_000 });
    expect(result.status).toBe(2);
    expect(result.stdout).toMatch(/timeout error: stopped: the time limit timeout_minutes: 0.05 \(limit.yml:6\) was reached while comparing/);
    expect(result.stdout).toContain('hint: Raise timeout_minutes');
  });

  it('the heartbeat of a checksum scan that takes long says how many rows of about how many are checksummed, from its first line', async () => {
    const application = 'dc_e2e_stops_cli_beat';
    const file = spec('beat', [
      `  - { name: slow-view, primary_keys: [id], source: { datasource: pg, dataset: ${sources.pgSlowView} }, target: { datasource: maria, query: "${MARIADB_QUERY}" } }`,
    ]);
    // The view answers its checksum scan only at its end, minutes later; MariaDB's answers in a moment. The
    // heartbeat counts what has arrived, whatever the merge of the two waits for: all of MariaDB's 60,000
    // rows, of both sides' 120,000.
    const stopped = await runUntilStopped(
      sources,
      { args: [bin, 'run', '--spec', file], cwd: dir, env: env(application) },
      { ready: /slow-view: still comparing \(checksumming both sides in key-hash buckets\): [\d.]+ s so far, 60,000 of about 120,000 rows\n/, signal: 'SIGTERM', application },
    );
    const heartbeats = stopped.stderr.split('\n').filter((line) => line.includes('slow-view: still comparing (checksumming'));
    expect(heartbeats[0]).toMatch(/^· slow-view: still comparing \(checksumming both sides in key-hash buckets\): [\d.]+ s so far, [\d,]+ of about 120,000 rows$/);
    expect(stopped.code).toBe(2);
    expect(await sources.sessionsLeft(application)).toEqual({ postgres: 0, mariadb: 0 });
  });

  it('checks --json and --markdown before anything runs', () => {
    const application = 'dc_e2e_stops_cli_paths';
    const file = spec('paths', [comparison('stalls', PG_STALLING_QUERY, MARIADB_QUERY)]);
    const result = spawnSync(process.execPath, [bin, 'run', '--spec', file, '--json', 'missing/dir/x.json'], { cwd: dir, env: env(application), encoding: 'utf8', timeout: 60_000 });
    expect(result.status).toBe(2);
    expect(result.stderr).toContain(`error: cannot write the --json file ${path.join(dir, 'missing/dir/x.json')}: the folder ${path.join(dir, 'missing/dir')} does not exist`);
    expect(result.stderr).not.toContain('connecting');
    expect(existsSync(path.join(dir, 'missing'))).toBe(false);
  });
});
