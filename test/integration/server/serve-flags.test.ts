/**
 * The operator's connection flags of `datacompare serve`, through the CLI's own entry (runCli):
 * --allow-env per workspace, --allow-path per workspace, --allow-host, and refusal of the service's own variables.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../../src/cli/main.js';
import { sqliteOrders, tempDir } from './harness.js';

function capture(env: NodeJS.ProcessEnv = {}) {
  let err = '';
  const controller = new AbortController();
  return {
    io: {
      stdout: { write: () => undefined, color: false },
      stderr: { write: (text: string) => void (err += text), color: false },
      env,
      cwd: process.cwd(),
      signal: controller.signal,
    },
    err: () => err,
    abort: () => controller.abort(new Error('test stop')),
  };
}

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 300 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 50));
  if (!check()) throw new Error('the server did not start');
}

describe('datacompare serve: connection flags', () => {
  it('refuses to start when told to allow one of its own variables', async () => {
    const run = capture();
    const code = await runCli(['serve', '--port', '0', '--data-dir', tempDir('flags-own'), '--allow-env', 'DATACOMPARE_SERVER_KEY'], run.io);
    expect(code).not.toBe(0);
    expect(run.err()).toContain("--allow-env DATACOMPARE_SERVER_KEY: the service's own variables (DATACOMPARE_*) can never be data sources.");
  });

  it('applies --allow-env, --allow-path and --allow-host to the first workspace', async () => {
    const dataDir = tempDir('flags');
    const files = tempDir('flags-files');
    // the workspace id is known only after the first start: start once to learn it
    const first = capture();
    const starting = runCli(['serve', '--port', '0', '--data-dir', dataDir, '--workers', '0'], first.io);
    await until(() => first.err().includes('DATACOMPARE_WORKSPACE_ID='));
    const key = /DATACOMPARE_API_KEY=(\S+)/.exec(first.err())![1]!;
    const workspace = /DATACOMPARE_WORKSPACE_ID=(\S+)/.exec(first.err())![1]!;
    first.abort();
    await starting;

    const env = { FLAGS_TEST_URL: 'postgres://u@127.0.0.1:5432/db', FLAGS_OTHER_URL: 'postgres://u@127.0.0.1:5432/db' };
    const run = capture(env);
    const serving = runCli(
      ['serve', '--port', '0', '--data-dir', dataDir, '--workers', '0', '--allow-env', `${workspace}=FLAGS_TEST_URL`, '--allow-path', `${workspace}=${files}`, '--allow-host', '127.0.0.0/8'],
      run.io,
    );
    try {
      await until(() => /listening on (\S+)/.test(run.err()));
      expect(run.err()).not.toContain('data sources may connect to any host');
      const url = /listening on (\S+)/.exec(run.err())![1]!;
      const create = (body: Record<string, unknown>) =>
        fetch(`${url}/sources`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${key}`, 'Workspace-Id': workspace, 'Content-Type': 'application/json' },
          body: JSON.stringify(body),
        }).then(async (r) => ({ status: r.status, json: (await r.json()) as any }));
      expect((await create({ name: 'a', type: 'postgres', url_env: 'FLAGS_TEST_URL' })).status).toBe(201);
      expect((await create({ name: 'b', type: 'postgres', url_env: 'FLAGS_OTHER_URL' })).status).toBe(422);
      mkdirSync(files, { recursive: true });
      const file = sqliteOrders(path.join(files, 'o.db'), [[1, '1.00', 'x']]);
      expect((await create({ name: 'c', type: 'sqlite', path: file })).status).toBe(201);
      const far = await create({ name: 'd', type: 'postgres', url: 'postgres://u@192.0.2.7:5432/db' });
      expect(far.status).toBe(422);
      expect(far.json.detail[0].msg).toContain('names the host 192.0.2.7, which the operator has not allowed');
    } finally {
      run.abort();
      await serving;
    }
  });
});
