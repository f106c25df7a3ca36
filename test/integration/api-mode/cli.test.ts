/** The CLI against a real `datacompare serve`: `run --mode api`, `sources`, `jobs`, `diff`. */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../../src/cli/main.js';
import type { RunResult } from '../../../src/engine/model.js';
import { startService, writeOrderDatabases, type Service } from './service-harness.js';

let service: Service;
let env: NodeJS.ProcessEnv;

function io(extraEnv: NodeJS.ProcessEnv = {}) {
  const out = { text: '' };
  const err = { text: '' };
  return {
    out,
    err,
    io: {
      stdout: { write: (t: string) => void (out.text += t), color: false },
      stderr: { write: (t: string) => void (err.text += t), color: false },
      env: { ...env, ...extraEnv },
      cwd: service.dir,
      signal: new AbortController().signal,
    },
  };
}

beforeAll(async () => {
  service = await startService();
  const files = writeOrderDatabases(service.dir);
  await service.addSource({ name: 'shop-sqlite', type: 'sqlite', path: files.source });
  await service.addSource({ name: 'replica-sqlite', type: 'sqlite', path: files.target });
  writeFileSync(
    path.join(service.dir, 'spec.yml'),
    `version: 1
datasources:
  shop: { type: sqlite, path: source.db, service: shop-sqlite }
  replica: { type: sqlite, path: target.db, service: replica-sqlite }
comparisons:
  - name: orders
    source: { datasource: shop, dataset: orders }
    target: { datasource: replica, dataset: orders }
    columns: [amount, status]
    primary_keys: [id]
`,
  );
  env = { DATACOMPARE_API_URL: service.url, DATACOMPARE_API_KEY: service.key, DATACOMPARE_WORKSPACE_ID: service.workspaceId };
});
afterAll(async () => {
  await service?.close();
});

describe('datacompare against a service', () => {
  it('run --mode api reports the same as --mode local, and jobs/diff show the run', async () => {
    const api = io();
    expect(await runCli(['run', '--spec', 'spec.yml', '--mode', 'api', '--json', 'api.json'], api.io), api.err.text).toBe(1);
    const local = io();
    expect(await runCli(['run', '--spec', 'spec.yml', '--mode', 'local', '--json', 'local.json'], local.io)).toBe(1);
    const strip = (text: string) => text.replace(/\d+(\.\d+)? (ms|s)\b/g, 'T').replace(/job \d+/g, 'job N').replace(/\((api|local) mode/, '(MODE mode');
    expect(api.out.text).toContain('orders');
    expect(strip(api.out.text).split('\n').filter((l) => /rows|mismatch|differ/i.test(l) && !/plan|service|job/i.test(l))).toEqual(
      strip(local.out.text).split('\n').filter((l) => /rows|mismatch|differ/i.test(l) && !/plan|engine|join|stream|checksum/i.test(l)),
    );

    const report = (file: string) =>
      (JSON.parse(readFileSync(path.join(service.dir, file), 'utf8')) as RunResult).comparisons.map((c) => ({
        status: c.status,
        stats: c.stats,
        result: c.result && { ...c.result, time_taken: 0 },
        diff: c.diff,
      }));
    expect(report('api.json')).toEqual(report('local.json'));

    const jobs = io();
    expect(await runCli(['jobs', '--status', 'success'], jobs.io), jobs.err.text).toBe(0);
    expect(jobs.out.text).toMatch(/^JOB\s+STATUS\s+COMPARISON\s+SOURCE\s+TARGET\s+CREATED\s+TIME\s+MESSAGE\n\d+\s+SUCCESS\s+orders\s+shop-sqlite \/ orders\s+replica-sqlite \/ orders/);
    const jobId = /^(\d+)\s+SUCCESS/m.exec(jobs.out.text)![1]!;

    const diff = io();
    expect(await runCli(['diff', jobId], diff.io), diff.err.text).toBe(1);
    expect(diff.out.text).toContain(`Job ${jobId}  orders  SUCCESS · MISMATCH`);
    expect(diff.out.text).toMatch(/COLUMN\s+MISMATCHES\s+DETAILS\namount\s+1\s/);
    expect(diff.out.text).toMatch(/_DIFF_TYPE/);
    expect(diff.out.text).toMatch(/only_in_source/);
  });

  it('sources lists the workspace data sources', async () => {
    const sources = io();
    expect(await runCli(['sources'], sources.io), sources.err.text).toBe(0);
    expect(sources.out.text).toMatch(/^NAME\s+TYPE\s+STATUS\s+DATASETS\s+LAST SCANNED\s+ID\nreplica-sqlite\s+sqlite\s+connected\s+\d+\s+[\d-]+ [\d:]+ UTC\s+[0-9a-f-]{36}\nshop-sqlite\s+sqlite/);
    const filtered = io();
    expect(await runCli(['sources', '--filter', 'nothing-like-this'], filtered.io)).toBe(0);
    expect(filtered.out.text).toMatchInlineSnapshot(`
      "No data source name contains "nothing-like-this".
      "
    `);
  });

  it('run --mode api with a wrong key prints one error line for the run, not one per comparison', async () => {
    writeFileSync(
      path.join(service.dir, 'two.yml'),
      readFileSync(path.join(service.dir, 'spec.yml'), 'utf8') +
        `  - name: orders-again\n    source: { datasource: shop, dataset: orders }\n    target: { datasource: replica, dataset: orders }\n    columns: [amount]\n    primary_keys: [id]\n`,
    );
    const badKey = io({ DATACOMPARE_API_KEY: 'dck_not_a_real_key_43' });
    expect(await runCli(['run', '--spec', 'two.yml', '--mode', 'api'], badKey.io)).toBe(2);
    const text = badKey.out.text + badKey.err.text;
    expect(text.match(/HTTP 401/g)).toHaveLength(1);
    expect(badKey.err.text).toMatch(/^error: GET \/jobs\/comparison failed with HTTP 401 Unauthorized/m);
    expect(text).not.toContain('dck_not_a_real_key_43');
    const badWorkspace = io({ DATACOMPARE_WORKSPACE_ID: 'acme-prod' });
    expect(await runCli(['run', '--spec', 'two.yml', '--mode', 'api'], badWorkspace.io)).toBe(2);
    expect(badWorkspace.err.text).toContain("hint: Set DATACOMPARE_WORKSPACE_ID to the workspace's id as the service shows it");
  });

  it('says what is missing or wrong, never showing the key', async () => {
    const missing = io({ DATACOMPARE_API_URL: '' });
    expect(await runCli(['jobs'], missing.io)).toBe(2);
    expect(missing.err.text).toMatchInlineSnapshot(`
      "error: --api-url is required
        hint: pass --api-url or set DATACOMPARE_API_URL
      "
    `);
    const status = io();
    expect(await runCli(['jobs', '--status', 'done'], status.io)).toBe(2);
    expect(status.err.text).toMatchInlineSnapshot(`
      "error: --status "done" is not a job status
        hint: use PENDING, STARTED, SUCCESS, FAILURE, REVOKED (any case, comma-separated or repeated)
      "
    `);
    const badKey = io({ DATACOMPARE_API_KEY: 'dck_not_a_real_key_42' });
    expect(await runCli(['diff', '1'], badKey.io)).toBe(2);
    expect(badKey.err.text).toMatch(/^error: POST \/jobs\/comparison\/details failed with HTTP 401 Unauthorized from http:\/\/127\.0\.0\.1:\d+: .*\n {2}hint: Check the API key.*The address came from DATACOMPARE_API_URL/);
    expect(badKey.err.text).not.toContain('dck_not_a_real_key_42');
    const noJob = io();
    expect(await runCli(['diff', '999999'], noJob.io)).toBe(2);
    expect(noJob.err.text).toMatchInlineSnapshot(`
      "error: The service has no job 999999 in this workspace.
        hint: \`datacompare jobs\` lists the jobs
      "
    `);
  });
});
