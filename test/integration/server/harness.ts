/**
 * Starts `datacompare serve` in-process on a free port with a fresh data directory, creates API keys
 * and sends real HTTP requests. SQLite databases to compare are real files made with node:sqlite.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { ApiKeyScope } from '../../../src/api/contract.js';
import { createApiKey } from '../../../src/server/api-keys.js';
import { startServer, type RunningServer, type ServerOptions } from '../../../src/server/app.js';
import { silentLogger } from '../../../src/shared/logger.js';

export interface HttpAnswer {
  status: number;
  headers: Headers;
  json: any;
  text: string;
}

export interface TestServer {
  server: RunningServer;
  url: string;
  dataDir: string;
  workspace: string;
  /** A `write` key of `workspace`. */
  key: string;
  logs: Record<string, unknown>[];
  newKey(scopes: ApiKeyScope[], options?: { workspaces?: string[]; expiresAt?: string; name?: string }): Promise<{ key: string; id: string }>;
  request(method: string, route: string, options?: { key?: string | null; workspace?: string | null; body?: unknown; rawBody?: string; headers?: Record<string, string> }): Promise<HttpAnswer>;
  stop(): Promise<void>;
}

const made: string[] = [];
process.once('exit', () => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

/** A fresh temporary directory, removed when the test process exits. */
export function tempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), `dc-server-${prefix}-`));
  made.push(dir);
  return dir;
}

export async function startTestServer(options: Partial<ServerOptions> = {}): Promise<TestServer> {
  const dataDir = options.dataDir ?? tempDir('data');
  const logs: Record<string, unknown>[] = [];
  const server = await startServer({
    port: 0,
    logger: silentLogger,
    log: (entry) => logs.push(entry),
    leaseMs: 3000,
    pollMs: 200,
    // The SQLite files the tests compare live in the system's temporary folder.
    allowPaths: [`*=${os.tmpdir()}`],
    // The test databases' roles are superusers; tests of the refusal turn this off.
    allowPrivilegedSources: true,
    ...options,
    dataDir,
  });
  const workspace = randomUUID();
  let counter = 0;
  const newKey: TestServer['newKey'] = async (scopes, keyOptions = {}) => {
    const { key, record } = await createApiKey(server.store, {
      name: keyOptions.name ?? `key-${++counter}-${randomUUID().slice(0, 6)}`,
      scopes,
      workspaces: keyOptions.workspaces ?? [workspace],
      expiresAt: keyOptions.expiresAt ?? null,
    });
    return { key, id: record.id };
  };
  const { key } = await newKey(['write']);
  const request: TestServer['request'] = async (method, route, requestOptions = {}) => {
    const headers: Record<string, string> = { ...requestOptions.headers };
    const useKey = requestOptions.key === undefined ? key : requestOptions.key;
    if (useKey !== null) headers.Authorization = `Bearer ${useKey}`;
    const useWorkspace = requestOptions.workspace === undefined ? workspace : requestOptions.workspace;
    if (useWorkspace !== null) headers['Workspace-Id'] = useWorkspace;
    let body: string | undefined = requestOptions.rawBody;
    if (requestOptions.body !== undefined) body = JSON.stringify(requestOptions.body);
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const response = await fetch(`${server.url}${route}`, { method, headers, ...(body === undefined ? {} : { body }) });
    const text = await response.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: response.status, headers: response.headers, json, text };
  };
  return {
    server,
    url: server.url,
    dataDir,
    workspace,
    key,
    logs,
    newKey,
    request,
    async stop() {
      await server.close(2000);
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A real SQLite database file with an `orders` table (id, amount, status). */
export function sqliteOrders(file: string, rows: [number, string, string][]): string {
  const db = new DatabaseSync(file);
  db.exec('DROP TABLE IF EXISTS orders; CREATE TABLE orders (id INTEGER PRIMARY KEY, amount NUMERIC(10,2), status TEXT)');
  const insert = db.prepare('INSERT INTO orders (id, amount, status) VALUES (?, ?, ?)');
  for (const row of rows) insert.run(...row);
  db.close();
  return file;
}

/** Polls job details until the job reaches one of `statuses`. */
export async function waitForJob(t: TestServer, runId: number, statuses: string[] = ['SUCCESS', 'FAILURE', 'REVOKED'], timeoutMs = 30_000): Promise<any> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const answer = await t.request('POST', '/jobs/comparison/details', { body: [runId] });
    const job = answer.json?.data?.[0];
    if (job && statuses.includes(job.status)) return job;
    if (Date.now() > deadline) throw new Error(`job ${runId} did not reach ${statuses.join('/')} (last: ${JSON.stringify(job)})`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export function comparisonBody(sourceId: string, targetId: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: 'orders',
    source_datasource_id: sourceId,
    target_datasource_id: targetId,
    source_dataset_id: 'orders',
    target_dataset_id: 'orders',
    configuration: {
      source_columns: ['amount', 'status'],
      target_columns: ['amount', 'status'],
      primary_keys_source: ['id'],
      primary_keys_target: ['id'],
    },
    ...overrides,
  };
}

/** The CLI's IO for runCli, capturing what it prints; `stop()` fires its signal (ends `serve`). */
export function cliCapture(env: NodeJS.ProcessEnv = {}) {
  let out = '';
  let err = '';
  const controller = new AbortController();
  return {
    io: {
      stdout: { write: (text: string) => void (out += text), color: false },
      stderr: { write: (text: string) => void (err += text), color: false },
      env,
      cwd: process.cwd(),
      signal: controller.signal,
    },
    out: () => out,
    err: () => err,
    stop: () => controller.abort(new Error('test stop')),
  };
}

/** Signs in to the web page with `key`: the session's cookie, and its CSRF token as `page` carries it. */
export async function webSession(url: string, key: string, page = '/ui/jobs'): Promise<{ cookie: string; csrf: string }> {
  const signIn = await fetch(`${url}/ui/sign-in`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: url },
    body: new URLSearchParams({ key }).toString(),
    redirect: 'manual',
  });
  const cookie = /dc_session=[^;]+/.exec(signIn.headers.get('set-cookie') ?? '')?.[0];
  if (!cookie) throw new Error(`signing in answered ${signIn.status}, without a session`);
  const html = await (await fetch(`${url}${page}`, { headers: { Cookie: cookie } })).text();
  const csrf = /name="_csrf" value="([^"]+)"/.exec(html)?.[1];
  if (!csrf) throw new Error(`${page} carries no CSRF token`);
  return { cookie, csrf };
}
