/**
 * `datacompare serve` as a real process (src/entries/cli.ts): it prints its URL and first key, answers
 * over HTTP, and on SIGTERM stops gracefully with exit status 0. Secrets stay out of job failures.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import * as c from '../../../src/api/contract.js';
import { comparisonBody, startTestServer, tempDir, waitForJob } from './harness.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const cli = path.resolve(here, '../../../src/entries/cli.ts');

describe('datacompare serve as a process', () => {
  it('serves until SIGTERM, then exits 0', async () => {
    const child = spawn(process.execPath, ['--experimental-transform-types', '--no-warnings', '--import', './register-ts.mjs', cli, 'serve', '--port', '0', '--data-dir', tempDir('process')], {
      cwd: here,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    try {
      await new Promise<void>((resolve, reject) => {
        child.stderr.on('data', (chunk: Buffer) => {
          stderr += chunk.toString();
          if (stderr.includes('DATACOMPARE_WORKSPACE_ID=')) resolve();
        });
        void exited.then((code) => reject(new Error(`serve exited early (${code}): ${stderr}`)));
      });
      const url = /listening on (\S+)/.exec(stderr)![1]!;
      const key = /DATACOMPARE_API_KEY=(\S+)/.exec(stderr)![1]!;
      const workspace = /DATACOMPARE_WORKSPACE_ID=(\S+)/.exec(stderr)![1]!;
      const health = await fetch(`${url}/healthz`);
      expect(c.healthResponseSchema.parse(await health.json())).toMatchObject({ status: 'ok', storage: 'sqlite' });
      const jobs = await fetch(`${url}/jobs/comparison`, { headers: { Authorization: `Bearer ${key}`, 'Workspace-Id': workspace } });
      expect(jobs.status).toBe(200);
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(stderr).toContain('shutting down');
      const logged = stdout.trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
      expect(logged.find((line) => line.route === 'GET /jobs/comparison')).toMatchObject({ status: 200, workspace_id: workspace });
      expect(stdout).not.toContain(key);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });
});

describe('secrets', () => {
  it('keeps a data source password out of responses, job failures and logs', async () => {
    const t = await startTestServer({ workers: 1 });
    try {
      const password = 'Xy7-very-secret-pw';
      const source = await t.request('POST', '/sources', { body: { name: 'pg-bad', type: 'postgres', url: `postgres://someone:${password}@127.0.0.1:1/db` } });
      expect(source.status).toBe(201);
      const created = await t.request('POST', '/comparisons', { body: comparisonBody(source.json.data.id, source.json.data.id) });
      const job = await waitForJob(t, created.json.run_id);
      expect(job.status).toBe('FAILURE');
      expect(job.failure_reason).toBeTruthy();
      const everything = JSON.stringify([source.json, job, (await t.request('GET', '/jobs/comparison')).json, (await t.request('GET', '/sources?is_settings_page=true')).json, t.logs]);
      expect(everything).not.toContain(password);
    } finally {
      await t.stop();
    }
  });
});
