/**
 * The composition root of `datacompare serve`: store, server key, worker pool, routes, node:http.
 * Also /healthz and /openapi.json (no key needed), JSON request logs (no secrets: no headers, no
 * query strings), an `/api/v1` alias of every route, and a graceful stop.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RunComparison } from '../engine/model.js';
import type { Logger } from '../shared/logger.js';
import { redact } from '../shared/redact.js';
import { createApiKey } from './api-keys.js';
import { scanDatasource } from './connections.js';
import { FileAccessPolicy } from './file-access.js';
import { JobService } from './jobs/job-service.js';
import { WorkerPool } from './jobs/worker-pool.js';
import { openApiDocument } from './openapi.js';
import { tokenBucket } from './rate-limit.js';
import { Router, send } from './router.js';
import { comparisonRoutes } from './routes/comparisons.js';
import { jobRoutes } from './routes/jobs.js';
import { sourceRoutes } from './routes/sources.js';
import { loadServerKey, SecretBox } from './secret-box.js';
import type { ServerServices } from './services.js';
import { openStore, type StoreLocation } from './storage/open.js';
import type { Store } from './storage/store.js';

export const SERVER_VERSION = '0.1.0';

export interface ServerOptions extends StoreLocation {
  host?: string;
  /** 0 picks a free port. */
  port?: number;
  /** Worker slots in this process (default 2); 0 = API only. */
  workers?: number;
  /** Most PENDING jobs before execute answers 503 (default 1000). */
  maxQueue?: number;
  leaseMs?: number;
  pollMs?: number;
  maxRetries?: number;
  /** Body size limit (default 1 MiB). */
  maxBodyBytes?: number;
  rateLimit?: { burst: number; perSecond: number };
  defaultDiffRows?: number;
  maxDiffRows?: number;
  jobTimeoutMs?: number;
  /** Folders whose SQLite files may be data sources, besides `<dataDir>/sources`. */
  allowPaths?: string[];
  /** Scan a new data source's catalog when it is created (default true). */
  scanOnCreate?: boolean;
  /** Time limit of a scan on create (default 10 s); an on-demand scan takes its own (default 30 s). */
  scanTimeLimitMs?: number;
  runComparison?: RunComparison;
  logger: Logger;
  /** One JSON object per request and event; default: a JSON line on stdout. */
  log?: (entry: Record<string, unknown>) => void;
  env?: NodeJS.ProcessEnv;
}

export interface RunningServer {
  url: string;
  port: number;
  store: Store;
  pool: WorkerPool | null;
  /** Set on the first start of an empty store: the key (shown once) and its workspace. */
  firstKey?: { key: string; workspaceId: string };
  /** Stops taking requests and jobs; running jobs get `graceMs` to finish, then are requeued. */
  close(graceMs?: number): Promise<void>;
}

const PREFIX = /^\/api\/v1(?=\/)/;

export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const now = (): Date => new Date();
  const log = options.log ?? ((entry) => process.stdout.write(`${JSON.stringify(entry)}\n`));
  const store = await openStore(options);
  const box = new SecretBox(loadServerKey(options.dataDir, options.env));
  const files = new FileAccessPolicy(options.dataDir, options.allowPaths);
  let firstKey: RunningServer['firstKey'];
  if ((await store.countKeys()) === 0) {
    const workspaceId = randomUUID();
    const { key } = await createApiKey(store, { name: 'admin', scopes: ['write'], workspaces: [workspaceId] });
    firstKey = { key, workspaceId };
  }
  const runComparison = options.runComparison ?? (await import('../engine/index.js')).runComparison;
  const workers = options.workers ?? 2;
  const pool =
    workers > 0
      ? new WorkerPool({
          store,
          box,
          files,
          runComparison,
          logger: options.logger,
          concurrency: workers,
          leaseMs: options.leaseMs ?? 30_000,
          pollMs: options.pollMs ?? 1000,
          maxRetries: options.maxRetries ?? 1,
          limits: {
            defaultDiffRows: options.defaultDiffRows ?? 100,
            maxDiffRows: options.maxDiffRows ?? 1000,
            ...(options.jobTimeoutMs === undefined ? {} : { timeoutMs: options.jobTimeoutMs }),
          },
          exclusiveStore: !options.databaseUrl,
          ...(options.env ? { env: options.env } : {}),
        })
      : null;
  const jobs = new JobService(store, pool, options.maxQueue ?? 1000, now);
  const services: ServerServices = {
    store,
    jobs,
    box,
    files,
    logger: options.logger,
    now,
    scan: (source, timeLimitMs) =>
      options.scanOnCreate === false && timeLimitMs === undefined
        ? Promise.resolve(undefined)
        : scanDatasource(source, { box, files, logger: options.logger, now }, timeLimitMs ?? options.scanTimeLimitMs ?? 10_000, options.env),
  };
  const routes = [...comparisonRoutes(services), ...jobRoutes(services), ...sourceRoutes(services)];
  const router = new Router(routes, {
    store,
    rateLimiter: tokenBucket(options.rateLimit ?? { burst: 300, perSecond: 50 }),
    maxBodyBytes: options.maxBodyBytes ?? 1024 * 1024,
    now,
  });
  const openapi = openApiDocument(routes, SERVER_VERSION);

  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const pathname = url.pathname.replace(PREFIX, '');
    if (request.method === 'GET' && pathname === '/healthz') {
      send(response, 200, { status: 'ok', version: SERVER_VERSION, storage: options.databaseUrl ? 'postgres' : 'sqlite', running_jobs: pool?.runningCount ?? 0 });
      return;
    }
    if (request.method === 'GET' && pathname === '/openapi.json') {
      send(response, 200, openapi);
      return;
    }
    router.handle(request, response, pathname, url.searchParams).then(
      (entry) => log({ time: now().toISOString(), level: entry.status >= 500 ? 'error' : 'info', msg: 'request', ...entry, path: redact(pathname) }),
      (error: unknown) =>
        log({ time: now().toISOString(), level: 'error', msg: 'request failed', path: redact(pathname), error: redact(String(error instanceof Error ? error.stack : error)) }),
    );
  });
  server.keepAliveTimeout = 5000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 8080, options.host ?? '127.0.0.1', () => resolve());
  });
  await pool?.start();
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  let closing: Promise<void> | undefined;
  return {
    url: `http://${host}:${address.port}`,
    port: address.port,
    store,
    pool,
    ...(firstKey ? { firstKey } : {}),
    close(graceMs = 30_000) {
      closing ??= (async () => {
        const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
        server.closeIdleConnections();
        await pool?.stop(graceMs);
        server.closeAllConnections();
        await stopped;
        await store.close();
      })();
      return closing;
    },
  };
}
