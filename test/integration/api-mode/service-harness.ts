/**
 * A real `datacompare serve` on a free port (SQLite store in a temp dir, the real engine), its first
 * API key and workspace, SQLite data files with known differences, and a raw HTTP helper for test
 * setup and for checking what the server recorded (job list), bypassing the client under test.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { startServer, type RunningServer, type ServerOptions } from '../../../src/server/app.js';
import type { JobListItem } from '../../../src/api/contract.js';
import { silentLogger } from '../../../src/shared/logger.js';

export interface Service {
  server: RunningServer;
  url: string;
  key: string;
  workspaceId: string;
  dir: string;
  /** A raw JSON request to the server (not through the client under test). */
  request(method: string, pathname: string, body?: unknown): Promise<{ status: number; body: any }>;
  /** Registers a data source; returns its id. */
  addSource(body: Record<string, unknown>): Promise<string>;
  /** Every job of the workspace, as the server lists them. */
  allJobs(): Promise<JobListItem[]>;
  close(): Promise<void>;
}

export async function startService(options: Partial<ServerOptions> = {}): Promise<Service> {
  const dir = mkdtempSync(path.join(tmpdir(), 'dc-api-mode-'));
  const server = await startServer({ dataDir: path.join(dir, 'server'), port: 0, workers: 2, workspaceWorkers: 2, pollMs: 50, logger: silentLogger, log: () => {}, allowPaths: [`*=${tmpdir()}`], allowPrivilegedSources: true, ...options });
  if (!server.firstKey) throw new Error('the fresh server made no first key');
  const { key, workspaceId } = server.firstKey;
  const request = async (method: string, pathname: string, body?: unknown) => {
    const response = await fetch(server.url + pathname, {
      method,
      headers: { authorization: `Bearer ${key}`, 'workspace-id': workspaceId, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as any) : undefined };
  };
  return {
    server,
    url: server.url,
    key,
    workspaceId,
    dir,
    request,
    async addSource(body) {
      const answer = await request('POST', '/sources', body);
      if (answer.status !== 201) throw new Error(`POST /sources: ${answer.status} ${JSON.stringify(answer.body)}`);
      return answer.body.data.id as string;
    },
    async allJobs() {
      const jobs: JobListItem[] = [];
      for (let page = 1; ; page++) {
        const answer = await request('GET', `/jobs/comparison?size=100&page=${page}`);
        jobs.push(...answer.body.data.items);
        if (page >= answer.body.data.pages) return jobs;
      }
    },
    async close() {
      await server.close(1000);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Two SQLite files with an `orders` table. The target differs from the source in known ways:
 * order 3's amount, order 5 missing, order 21 extra, order 12's status only by case (shipped → SHIPPED),
 * and a `note` column only the target has.
 */
export function writeOrderDatabases(dir: string, rows = 20): { source: string; target: string } {
  mkdirSync(dir, { recursive: true });
  const source = path.join(dir, 'source.db');
  const target = path.join(dir, 'target.db');
  for (const [file, isTarget] of [
    [source, false],
    [target, true],
  ] as const) {
    const db = new DatabaseSync(file);
    db.exec('CREATE TABLE orders (id INTEGER PRIMARY KEY, amount NUMERIC NOT NULL, status TEXT NOT NULL)');
    db.exec('CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT NOT NULL)');
    const insert = db.prepare('INSERT INTO orders (id, amount, status) VALUES (?, ?, ?)');
    for (let id = 1; id <= rows; id++) {
      if (isTarget && id === 5) continue;
      const amount = isTarget && id === 3 ? '30.50' : `${id}.25`;
      const status = isTarget && id === 12 ? 'SHIPPED' : id % 2 === 0 ? 'shipped' : 'open';
      insert.run(id, amount, status);
    }
    if (isTarget) insert.run(rows + 1, '1.00', 'open');
    if (isTarget) db.exec('ALTER TABLE orders ADD COLUMN note TEXT'); // only a schema diff sees it
    const customer = db.prepare('INSERT INTO customers (id, name) VALUES (?, ?)');
    for (let id = 1; id <= 5; id++) customer.run(id, `customer ${id}`);
    db.close();
  }
  return { source, target };
}

export type OrdersService = Service & { files: { source: string; target: string } };

/** A service with the order databases of writeOrderDatabases registered as `shop-sqlite` and `replica-sqlite`. */
export async function startOrdersService(): Promise<OrdersService> {
  const service = await startService();
  const files = writeOrderDatabases(service.dir);
  await service.addSource({ name: 'shop-sqlite', type: 'sqlite', path: files.source });
  await service.addSource({ name: 'replica-sqlite', type: 'sqlite', path: files.target });
  return Object.assign(service, { files });
}

/** A spec on those databases (paths as given: absolute, or relative to the spec) with these comparisons (YAML list items). */
export function ordersSpec(paths: { source: string; target: string }, comparisons: string): string {
  return `version: 1
datasources:
  shop: { type: sqlite, path: ${paths.source}, service: shop-sqlite }
  replica: { type: sqlite, path: ${paths.target}, service: replica-sqlite }
comparisons:
${comparisons}`;
}

/** The comparison of the orders tables (amount and status, keyed by id), with any further settings (indented YAML lines). */
export function ordersComparison(extra = ''): string {
  return `  - name: orders
    source: { datasource: shop, dataset: orders }
    target: { datasource: replica, dataset: orders }
    columns: [amount, status]
    primary_keys: [id]
${extra}`;
}
