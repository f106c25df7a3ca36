/**
 * `datacompare serve` and `datacompare keys` through the CLI's own entry (runCli): the first key
 * printed at first start, keys created / listed / disabled / enabled / deleted on the same store,
 * taking effect on a running server at once.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../../../src/cli/main.js';
import { cliCapture, tempDir } from './harness.js';

async function until(check: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const dataDir = tempDir('cli');
const serve = cliCapture();
let serving: Promise<number> | undefined;

afterAll(async () => {
  serve.stop();
  await serving;
});

describe('datacompare serve + keys', () => {
  it('prints its URL and, at first start, a key and its workspace once', async () => {
    serving = runCli(['serve', '--port', '0', '--data-dir', dataDir, '--workers', '1'], serve.io);
    await until(() => serve.err().includes('DATACOMPARE_WORKSPACE_ID='), 'the server to start');
    expect(serve.err()).toMatch(/^datacompare serve: listening on http:\/\/127\.0\.0\.1:\d+ \(state: /);
    expect(serve.err()).toMatch(/DATACOMPARE_API_KEY=dck_[A-Za-z0-9_-]{43}\n/);
  });

  it('creates a key that works at once, and disabling / enabling / deleting it takes effect at once', async () => {
    const url = /listening on (\S+)/.exec(serve.err())![1]!;
    const workspace = /DATACOMPARE_WORKSPACE_ID=(\S+)/.exec(serve.err())![1]!;
    const call = async (key: string) =>
      (await fetch(`${url}/sources`, { headers: { Authorization: `Bearer ${key}`, 'Workspace-Id': workspace } })).status;

    const created = cliCapture();
    expect(await runCli(['keys', 'create', 'ci-reader', '--scope', 'read', '--expires', '30d', '--data-dir', dataDir], created.io)).toBe(0);
    const key = /^(dck_\S+)$/m.exec(created.out())![1]!;
    expect(created.out()).toContain(`workspace(s) ${workspace}`);
    expect(await call(key)).toBe(200);

    const listed = cliCapture();
    expect(await runCli(['keys', 'list', '--data-dir', dataDir], listed.io)).toBe(0);
    expect(listed.out()).toMatch(/^NAME\s+ID\s+SCOPES\s+WORKSPACES\s+STATE/);
    expect(listed.out()).toMatch(/ci-reader\s+\S+\s+read\s+\S+\s+enabled/);
    expect(listed.out()).not.toContain(key);

    expect(await runCli(['keys', 'disable', 'ci-reader', '--data-dir', dataDir], cliCapture().io)).toBe(0);
    expect(await call(key)).toBe(401);
    expect(await runCli(['keys', 'enable', 'ci-reader', '--data-dir', dataDir], cliCapture().io)).toBe(0);
    expect(await call(key)).toBe(200);
    expect(await runCli(['keys', 'delete', 'ci-reader', '--data-dir', dataDir], cliCapture().io)).toBe(0);
    expect(await call(key)).toBe(401);
  });

  it('explains a mistake', async () => {
    const wrong = cliCapture();
    expect(await runCli(['keys', 'create', 'x', '--scope', 'admin', '--data-dir', dataDir], wrong.io)).toBe(2);
    expect(wrong.err()).toMatchInlineSnapshot(`
      "error: --scope "admin" is not a scope
        hint: use one of read, write, read:datasource, read:job, write:job, write:comparison, read:sensitive
      "
    `);
    const none = cliCapture();
    expect(await runCli(['keys', 'disable', 'nobody', '--data-dir', dataDir], none.io)).toBe(2);
    expect(none.err()).toMatchInlineSnapshot(`
      "error: there is no key named "nobody"
        hint: see datacompare keys list
      "
    `);
  });

  it('stops on SIGTERM/SIGINT (the abort signal) with exit status 0', async () => {
    serve.stop();
    expect(await serving).toBe(0);
    expect(serve.err()).toContain('shutting down');
  });
});

describe('datacompare serve with a bad --database-url', () => {
  it('explains that the state database cannot be reached, without the password', async () => {
    const run = cliCapture();
    expect(await runCli(['serve', '--port', '0', '--data-dir', tempDir('bad-db'), '--database-url', 'postgres://u:Pa55word-x@127.0.0.1:1/none'], run.io)).toBe(2);
    expect(run.err()).toMatchInlineSnapshot(`
      "error: Cannot connect to the PostgreSQL database of the server's state: connect ECONNREFUSED 127.0.0.1:1
        hint: Check --database-url (or DATACOMPARE_DATABASE_URL) and that the database is running.
      "
    `);
  });
});
