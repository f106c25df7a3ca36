/**
 * The bundled action stopped as GitHub's runner stops a step (a cancelled run, the step's
 * timeout-minutes: SIGINT, then SIGTERM 7.5 s later): it publishes the partial report (job summary,
 * outputs, report files) with the unfinished comparisons marked "stopped: <why>", fails the step, ends
 * within the grace period and leaves no session of its own on PostgreSQL or MariaDB.
 */
import { existsSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseAvailable } from '../helpers/databases.js';
import { makeRepo, requireBundle, runAction } from './action-report-harness.js';
import { stallingSources } from './stops-fixtures.js';

const sources = stallingSources('stops_action');
const { pgQuery: PG_QUERY, pgStallingQuery: PG_STALLING_QUERY, mariadbQuery: MARIADB_QUERY, pgSlowView: PG_SLOW_VIEW } = sources;

const ready = (await databaseAvailable('postgres')) && (await databaseAvailable('mysql'));
const GRACE_SECONDS = 5;

function spec(comparisons: string[]): string {
  return ['version: 1', 'datasources:', '  pg: { type: postgres, url: "${PG_URL}" }', '  maria: { type: mysql, url: "${MARIA_URL}" }', 'comparisons:', ...comparisons, ''].join('\n');
}

/** Runs the action and sends `signal` once `when` shows in its log; the milliseconds from the signal to its exit. */
async function runAndStop(specText: string, application: string, when: RegExp, signal: NodeJS.Signals, inputs: Record<string, string> = {}) {
  const repo = makeRepo(specText);
  let signalledAt = 0;
  let sessionsAtSignal = { postgres: 0, mariadb: 0 };
  let log = '';
  const run = await runAction({
    repo,
    event: 'schedule',
    apiUrl: 'http://127.0.0.1:9',
    inputs: { mode: 'local', ...inputs },
    env: { PG_URL: sources.postgresUrl(application), MARIA_URL: sources.mariadbUrl(), DATACOMPARE_STOP_GRACE_SECONDS: String(GRACE_SECONDS), DATACOMPARE_PROGRESS_SECONDS: '1' },
    onChild: (child) =>
      child.stdout?.on('data', (chunk: Buffer) => {
        log += chunk.toString('utf8');
        if (signalledAt === 0 && when.test(log)) {
          signalledAt = -1;
          void sources.openSessions(application).then((sessions) => {
            sessionsAtSignal = sessions;
            signalledAt = Date.now();
            child.kill(signal);
          });
        }
      }),
  });
  const afterSignalMs = Date.now() - signalledAt;
  if (signalledAt <= 0) throw new Error(`${when} never showed:\n${run.stdout}\n${run.stderr}`);
  return { run, afterSignalMs, sessionsAtSignal };
}

describe.runIf(ready)('the action stopped by the runner while a source stalls', () => {
  beforeAll(async () => {
    requireBundle();
    await sources.create();
  });
  afterAll(() => sources.drop());

  it('SIGINT: the partial report is published, the step fails, no session is left', async () => {
    const application = 'dc_e2e_stops_action_int';
    const { run, afterSignalMs, sessionsAtSignal } = await runAndStop(
      spec([
        `  - { name: finishes, strategy: stream, primary_keys: [id], source: { datasource: pg, query: "${PG_QUERY}" }, target: { datasource: maria, query: "${MARIADB_QUERY}" } }`,
        `  - { name: stalls, strategy: stream, primary_keys: [id], source: { datasource: pg, query: "${PG_STALLING_QUERY}" }, target: { datasource: maria, query: "${MARIADB_QUERY}" } }`,
      ]),
      application,
      /datacompare: finishes: done in[\s\S]*datacompare: stalls: still comparing/,
      'SIGINT',
    );
    expect(sessionsAtSignal.postgres).toBeGreaterThan(0);
    expect(run.code).toBe(1);
    expect(afterSignalMs).toBeLessThan((GRACE_SECONDS + 3) * 1000);
    expect(run.stdout).toContain('::warning::datacompare: SIGINT received: stopping the running comparisons and publishing the partial report.');
    expect(run.stdout).toContain('::error::Stopped: SIGINT was received; 1 of 2 comparison(s) finished, the others are marked "stopped" in the job summary.');
    expect(run.stdout).not.toContain('exiting now');
    // One collapsed group per comparison in the log.
    expect(run.stdout).toMatch(/::group::✔ match {2}finishes .*\n {4}pg · query → maria · query\n {4}plan: stream/);
    expect(run.stdout).toMatch(/::group::! error {2}stalls\n {4}pg · query → maria · query\n {4}cancelled error: stopped: SIGINT received while comparing/);
    expect(run.summary).toContain('stopped: SIGINT received while comparing');
    expect(run.outputs.status).toBe('error');
    const results = run.outputs['report-json'] ?? '';
    expect(existsSync(results)).toBe(true);
    const json = JSON.parse(readFileSync(results, 'utf8')) as { comparisons: { name: string; status: string }[] };
    expect(json.comparisons.map((c) => [c.name, c.status])).toEqual([
      ['finishes', 'match'],
      ['stalls', 'error'],
    ]);
    expect(await sources.sessionsLeft(application)).toEqual({ postgres: 0, mariadb: 0 });
  });

  it('SIGTERM during a checksum scan of a slow PostgreSQL view against MariaDB (the issue\'s hang): the same', async () => {
    const application = 'dc_e2e_stops_action_term';
    const { run, afterSignalMs, sessionsAtSignal } = await runAndStop(
      spec([`  - { name: slow-view, primary_keys: [id], source: { datasource: pg, dataset: ${PG_SLOW_VIEW} }, target: { datasource: maria, query: "${MARIADB_QUERY}" } }`]),
      application,
      /datacompare: slow-view: still comparing \(checksumming/,
      'SIGTERM',
    );
    expect(sessionsAtSignal.postgres + sessionsAtSignal.mariadb).toBeGreaterThan(1);
    expect(run.code).toBe(1);
    expect(afterSignalMs).toBeLessThan((GRACE_SECONDS + 3) * 1000);
    expect(run.summary).toContain('stopped: SIGTERM received while comparing (checksumming');
    expect(run.outputs.status).toBe('error');
    expect(await sources.sessionsLeft(application)).toEqual({ postgres: 0, mariadb: 0 });
  });

  it('checks report-dir before anything runs', async () => {
    const application = 'dc_e2e_stops_action_dir';
    const repo = makeRepo(
      spec([`  - { name: stalls, strategy: stream, primary_keys: [id], source: { datasource: pg, query: "${PG_STALLING_QUERY}" }, target: { datasource: maria, query: "${MARIADB_QUERY}" } }`]),
    );
    const run = await runAction({
      repo,
      event: 'schedule',
      apiUrl: 'http://127.0.0.1:9',
      inputs: { mode: 'local', 'report-dir': '/dev/null/reports' },
      env: { PG_URL: sources.postgresUrl(application), MARIA_URL: sources.mariadbUrl() },
    });
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('::error::cannot write the report files to /dev/null/reports (the report-dir input)');
    expect(run.stdout).not.toContain('stalls: connecting');
    expect(run.outputs.status).toBe('error');
  });
});
