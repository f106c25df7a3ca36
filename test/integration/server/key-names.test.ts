/**
 * Issue 43, finding 6: a key's name is unique within each workspace it may use, never across
 * workspaces, so creating a key tells nothing about other workspaces' keys: on the web page's
 * Settings › Tokens, with `datacompare keys`, and on a store made before names were per workspace.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../../src/cli/main.js';
import { databaseAvailable, TEST_DATABASE_URLS } from '../../helpers/databases.js';
import { cliCapture, startTestServer, tempDir, webSession, type TestServer } from './harness.js';

async function createOnTokensPage(t: TestServer, session: { cookie: string; csrf: string }, name: string): Promise<{ status: number; page: string }> {
  const answer = await fetch(`${t.url}/ui/settings/tokens`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: t.url, Cookie: session.cookie },
    body: new URLSearchParams({ _csrf: session.csrf, name, scope: 'read' }).toString(),
  });
  return { status: answer.status, page: await answer.text() };
}

const hasPostgres = await databaseAvailable('postgres');

describe('key names per workspace', () => {
  it("lets another workspace use a name on Settings › Tokens without a word about this workspace's key", async () => {
    const t = await startTestServer({ workers: 0 });
    try {
      const mine = await webSession(t.url, t.key, '/ui/settings/tokens');
      expect((await createOnTokensPage(t, mine, 'deploy')).status).toBe(201);

      const other = randomUUID();
      const theirs = await webSession(t.url, (await t.newKey(['write'], { workspaces: [other] })).key, '/ui/settings/tokens');
      const created = await createOnTokensPage(t, theirs, 'deploy');
      expect(created.status).toBe(201);
      expect(created.page).toContain('Key "deploy" was created.');
      expect(created.page).not.toContain('already exists');

      // within a workspace a name is still taken once
      const again = await createOnTokensPage(t, theirs, 'deploy');
      expect(again.status).toBe(422);
      expect(again.page).toContain('A key named &quot;deploy&quot; already exists in this workspace; pick another name.');
      expect((await t.server.store.keys.named('deploy')).map((key) => key.workspaces)).toEqual([[t.workspace], [other]]);
    } finally {
      await t.stop();
    }
  });

  it('datacompare keys: the same name in two workspaces, told apart by --workspace or the id', async () => {
    const dataDir = tempDir('key-names-cli');
    const [a, b] = [randomUUID(), randomUUID()];
    const create = async (workspace: string) => {
      const run = cliCapture();
      expect(await runCli(['keys', 'create', 'ci', '--scope', 'read', '--workspace', workspace, '--data-dir', dataDir], run.io), run.err()).toBe(0);
      return /^(dck_\S+)$/m.exec(run.out())![1]!;
    };
    const keyA = await create(a);
    const keyB = await create(b);
    const twice = cliCapture();
    expect(await runCli(['keys', 'create', 'ci', '--workspace', a, '--data-dir', dataDir], twice.io)).toBe(2);
    expect(twice.err()).toMatchInlineSnapshot(`
      "error: a key named "ci" already exists in this workspace
        hint: pick another name, or delete that key first
      "
    `);

    const ambiguous = cliCapture();
    expect(await runCli(['keys', 'disable', 'ci', '--data-dir', dataDir], ambiguous.io)).toBe(2);
    expect(ambiguous.err().replace(/[0-9a-f-]{36}/g, '<id>')).toMatchInlineSnapshot(`
      "error: 2 keys are named "ci" (ids <id>, <id>)
        hint: name the key by its ID, or add --workspace UUID to pick the workspace it belongs to
      "
    `);
    expect(await runCli(['keys', 'disable', 'ci', '--workspace', b, '--data-dir', dataDir], cliCapture().io)).toBe(0);

    const t = await startTestServer({ workers: 0, dataDir });
    try {
      expect((await t.request('GET', '/sources', { key: keyA, workspace: a })).status).toBe(200);
      expect((await t.request('GET', '/sources', { key: keyB, workspace: b })).status).toBe(401);
    } finally {
      await t.stop();
    }
  });

  type OldStore = { options: { databaseUrl?: string; databaseSchema?: string }; drop(): Promise<void> };
  /** Makes a store as it was before names were per workspace, holding `rows` (SQL inserts). */
  const stores: [string, (dataDir: string, rows: string) => Promise<OldStore>][] = [
    [
      'SQLite',
      async (dataDir, rows) => {
        const db = new DatabaseSync(path.join(dataDir, 'datacompare.db'));
        db.exec(`${OLD_API_KEYS}; ${rows}`);
        db.close();
        return { options: {}, drop: async () => {} };
      },
    ],
  ];
  if (hasPostgres) {
    stores.push([
      'PostgreSQL',
      async (_, rows) => {
        const schema = `dc_key_names_${randomUUID().slice(0, 8)}`;
        const sql = async (text: string) => {
          const client = new pg.Client({ connectionString: TEST_DATABASE_URLS.postgres });
          await client.connect();
          await client.query(text).finally(() => client.end());
        };
        await sql(`CREATE SCHEMA ${schema}; SET search_path = ${schema}; ${OLD_API_KEYS}; ${rows}`);
        return { options: { databaseUrl: TEST_DATABASE_URLS.postgres, databaseSchema: schema }, drop: () => sql(`DROP SCHEMA IF EXISTS ${schema} CASCADE`) };
      },
    ]);
  }

  it.each(stores)('%s: a store whose names were unique across workspaces keeps its keys and takes a name per workspace', async (_, make) => {
    const dataDir = tempDir('key-names-old');
    const [first, second] = [randomUUID(), randomUUID()];
    const key = `dck_${randomBytes(32).toString('base64url')}`;
    const hash = createHash('sha256').update(key).digest('hex');
    const old = await make(
      dataDir,
      `INSERT INTO api_keys VALUES ('${randomUUID()}', 'ci', '${key.slice(0, 12)}', '${hash}', '["write"]', '["${first}"]', 1, NULL, '2026-01-01T00:00:00.000Z', NULL)`,
    );
    const flags = ['--data-dir', dataDir, ...(old.options.databaseUrl ? ['--database-url', old.options.databaseUrl, '--database-schema', old.options.databaseSchema!] : [])];
    const t = await startTestServer({ workers: 0, dataDir, ...old.options });
    try {
      expect((await t.request('GET', '/sources', { key, workspace: first })).status).toBe(200);
      const elsewhere = cliCapture();
      expect(await runCli(['keys', 'create', 'ci', '--workspace', second, ...flags], elsewhere.io), elsewhere.err()).toBe(0);
      const taken = cliCapture();
      expect(await runCli(['keys', 'create', 'ci', '--workspace', first, ...flags], taken.io)).toBe(2);
      expect(taken.err()).toContain('a key named "ci" already exists in this workspace');
    } finally {
      await t.stop();
      await old.drop();
    }
  });
});

/** The api_keys table as stores made before names were per workspace have it (names unique across workspaces). */
const OLD_API_KEYS = `CREATE TABLE api_keys (
  id TEXT PRIMARY KEY, name TEXT NOT NULL UNIQUE, prefix TEXT NOT NULL, hash TEXT NOT NULL,
  scopes TEXT NOT NULL, workspaces TEXT NOT NULL, enabled INTEGER NOT NULL,
  expires_at TEXT, created_at TEXT NOT NULL, last_used_at TEXT)`;
