/**
 * The composition root of `datacompare serve`: store, server key, worker pool, the API's routes and
 * the web page on Hono (@hono/node-server). Also /healthz and /openapi.json (no key needed), JSON
 * request logs (no secrets: no headers, no query strings), an `/api/v1` alias of every API route, and
 * a graceful stop.
 */
import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import type { AddressInfo } from 'node:net';
import type { RunComparison } from '../engine/model.js';
import type { Logger } from '../shared/logger.js';
import { redact } from '../shared/redact.js';
import { createApiKey } from './api-keys.js';
import { EnvPolicy, HostPolicy } from './connection-policy.js';
import { resolveConnection, scanDatasource, type SourcePolicy } from './connections.js';
import { sessionGate, sourceRefusal } from './source-privileges.js';
import { readStoreIdentity } from './store-identity.js';
import { FileAccessPolicy } from './file-access.js';
import { JobService } from './jobs/job-service.js';
import { NameLookup } from './name-lookup.js';
import { WorkerPool } from './jobs/worker-pool.js';
import { openApiDocument } from './openapi.js';
import { AuthFailures, tokenBucket } from './rate-limit.js';
import { TrustedProxies } from './client-address.js';
import { WorkspaceSlots } from './workspace-slots.js';
import { apiApp, errorAnswer, INTERNAL_ERROR_BODY, json, type ApiEnv, type RequestLog } from './router.js';
import { comparisonRoutes } from './routes/comparisons.js';
import { jobRoutes } from './routes/jobs.js';
import { sourceRoutes } from './routes/sources.js';
import { webApp } from './web/app.js';
import { loadServerKey, SecretBox } from './secret-box.js';
import type { ServerServices } from './services.js';
import { openStore, type StoreLocation } from './storage/open.js';
import { DEFAULT_STREAM_COUNTS, StreamSlots, type StreamCounts } from './stream-slots.js';
import { DEFAULT_STREAM_LIMITS, type StreamLimits } from './streamed-response.js';
import type { DatasourceRecord, Store } from './storage/store.js';

export const SERVER_VERSION = '1.0.0';

export interface ServerOptions extends StoreLocation {
  host?: string;
  /** 0 picks a free port. */
  port?: number;
  /** Worker slots in this process (default 2); 0 = API only. */
  workers?: number;
  /** The queue every workspace shares (default 1000): once this many jobs wait, a workspace is admitted only below its fair share of it (429 otherwise). */
  maxQueue?: number;
  /** Most unfinished (PENDING or STARTED) jobs of one workspace before its execute answers 429 (default: a quarter of maxQueue). */
  workspaceMaxQueue?: number;
  leaseMs?: number;
  pollMs?: number;
  maxRetries?: number;
  /** Body size limit (default 1 MiB). */
  maxBodyBytes?: number;
  rateLimit?: { burst: number; perSecond: number };
  /**
   * Failed authentications per client address and per key prefix: `burst` at once, then one per `everyMs`
   * (default 20, 3 s); past them a wrong key's answer (429) is held `holdMs` (default 1 s). A valid key is always accepted.
   */
  authFailures?: { burst: number; everyMs: number; holdMs?: number };
  /** Reverse proxies (addresses, CIDR) whose X-Forwarded-For names the client; default none (the header is ignored). */
  trustedProxies?: string[];
  defaultDiffRows?: number;
  maxDiffRows?: number;
  jobTimeoutMs?: number;
  /**
   * Folders whose files (SQLite, TLS certificates) data sources may open, besides `<dataDir>/sources/<workspace>`:
   * `DIR` (a subfolder per workspace: DIR/<workspace id>), `WS=DIR` (that workspace), `*=DIR` (every workspace).
   */
  allowPaths?: string[];
  /** Environment variables `url_env` may name: `NAME` (every workspace) or `WS=NAME`; default none. */
  allowEnv?: string[];
  /** Hosts, addresses and networks (CIDR) data sources may connect to; default any. */
  allowHosts?: string[];
  /** Connect timeout of data source connections, and time limit of looking a data source's host up (default 10 s). */
  connectTimeoutMs?: number;
  /** DNS servers (`address[:port]`) data sources' host names are asked of, instead of the system's. */
  nameServers?: string[];
  /** Host lookups of data sources at once in this process (default 16); more wait for a place within their time limit. */
  maxLookups?: number;
  /** Each statement's time limit on data sources (default 30 min). */
  statementTimeoutMs?: number;
  /** Most jobs of one workspace running at once in this process (default workers - 1, at least 1). */
  workspaceWorkers?: number;
  /** Mark the web page's session cookie Secure (behind HTTPS; default false: plain http on localhost). */
  secureCookies?: boolean;
  /** Accept data sources whose role is superuser or holds file/program/signal/write privileges (default false: refused). */
  allowPrivilegedSources?: boolean;
  /** Streamed responses (diff details, downloads): closed when the client takes no data for `idleMs` (default 30 s) or after `totalMs` (default 10 min). */
  streamLimits?: Partial<StreamLimits>;
  /** Streamed responses sent at once: `perKey` for one API key (default 4), `total` by this process (default 32); more answer 429. */
  streamCounts?: Partial<StreamCounts>;
  /** Scan a new data source's catalog when it is created (default true). */
  scanOnCreate?: boolean;
  /** Most data source creations, catalog scans and connection tests of one workspace at once in this process (default 2; each looks a host up and connects); more answer 429. */
  workspaceScans?: number;
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

const API_PREFIX = /^\/api\/v1(?=\/)/;

/** A workspace's most by default: a quarter of the queue (four flooding workspaces fill it; every other workspace still gets its fair share). */
export function defaultWorkspaceMaxQueue(maxQueue: number): number {
  return Math.max(1, Math.floor(maxQueue / 4));
}

export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const now = (): Date => new Date();
  const log = options.log ?? ((entry) => process.stdout.write(`${JSON.stringify(entry)}\n`));
  const trustedProxies = new TrustedProxies(options.trustedProxies); // a mistake in it is told before the store opens
  const store = await openStore(options);
  const box = new SecretBox(loadServerKey(options.dataDir, options.env));
  const files = new FileAccessPolicy(options.dataDir, options.allowPaths);
  const sources: SourcePolicy = {
    files,
    envs: new EnvPolicy(options.allowEnv),
    hosts: new HostPolicy(options.allowHosts),
    connectTimeoutMs: options.connectTimeoutMs ?? 10_000,
    names: new NameLookup({ ...(options.nameServers ? { servers: options.nameServers } : {}), ...(options.maxLookups === undefined ? {} : { maxConcurrent: options.maxLookups }) }),
    // The PostgreSQL store as facts (its addresses, database, cluster): no data source reaches it under another name.
    ...(options.databaseUrl ? { store: await readStoreIdentity(store.db, options.databaseUrl, options.databaseSchema ?? 'datacompare') } : {}),
    env: options.env ?? process.env,
  };
  let firstKey: RunningServer['firstKey'];
  if ((await store.keys.count()) === 0) {
    const workspaceId = randomUUID();
    const { key } = await createApiKey(store, { name: 'admin', scopes: ['write'], workspaces: [workspaceId] });
    firstKey = { key, workspaceId };
  }
  const runComparison = options.runComparison ?? (await import('../engine/index.js')).runComparison;
  const workers = options.workers ?? 2;
  const pool =
    workers > 0
      ? new WorkerPool({
          // Every session of a job is asked before the job's first statement there: a role granted more (or the store's schema) after its source was created is refused too.
          sessionGate: (source) => sessionGate(source, { sources, logger: options.logger }, { privileges: !options.allowPrivilegedSources, failClosed: true }),
          store,
          box,
          sources,
          runComparison,
          logger: options.logger,
          concurrency: workers,
          ...(options.workspaceWorkers === undefined ? {} : { perWorkspace: options.workspaceWorkers }),
          leaseMs: options.leaseMs ?? 30_000,
          pollMs: options.pollMs ?? 1000,
          maxRetries: options.maxRetries ?? 1,
          limits: {
            defaultDiffRows: options.defaultDiffRows ?? 100,
            maxDiffRows: options.maxDiffRows ?? 1000,
            ...(options.jobTimeoutMs === undefined ? {} : { timeoutMs: options.jobTimeoutMs }),
            ...(options.statementTimeoutMs === undefined ? {} : { statementTimeoutMs: options.statementTimeoutMs }),
          },
          exclusiveStore: !options.databaseUrl,
        })
      : null;
  const maxQueue = options.maxQueue ?? 1000;
  const jobs = new JobService(store, pool, { maxPending: maxQueue, maxPerWorkspace: options.workspaceMaxQueue ?? defaultWorkspaceMaxQueue(maxQueue) }, now);
  const connecting = new WorkspaceSlots(options.workspaceScans ?? 2);
  const services: ServerServices = {
    store,
    jobs,
    box,
    sources,
    logger: options.logger,
    now,
    streamLimits: { ...DEFAULT_STREAM_LIMITS, ...options.streamLimits },
    streams: new StreamSlots({ ...DEFAULT_STREAM_COUNTS, ...options.streamCounts }),
    // Vetting (a host lookup), scans and the privilege check reach the tenant's database: a few per workspace at once.
    connecting: (workspaceId, work) =>
      connecting.run(workspaceId, () => {
        const own = (source: DatasourceRecord): DatasourceRecord => {
          if (source.workspace_id.toLowerCase() !== workspaceId.toLowerCase()) throw new Error(`data source ${source.id} is not of workspace ${workspaceId}, whose place was taken`);
          return source;
        };
        return work({
          vet: async (source) => void (await resolveConnection(own(source), box, sources)),
          scan: (source, timeLimitMs) =>
            options.scanOnCreate === false && timeLimitMs === undefined
              ? Promise.resolve(undefined)
              : scanDatasource(
                  own(source),
                  { box, sources, logger: options.logger, now, admitSession: sessionGate(source, { sources, logger: options.logger }, { privileges: false, failClosed: true }) },
                  timeLimitMs ?? options.scanTimeLimitMs ?? 10_000,
                ),
          refusal: (source) => sourceRefusal(own(source), { box, sources, logger: options.logger }, { privileges: !options.allowPrivilegedSources }),
        });
      }),
  };
  const routes = [...comparisonRoutes(services), ...jobRoutes(services), ...sourceRoutes(services)];
  const openapi = openApiDocument(routes, SERVER_VERSION);
  // Shared by the API and the web page's sign-in: 20 failures at once, then one every 3 s, per client and per key prefix.
  const authFailures = new AuthFailures(options.authFailures ?? { burst: 20, everyMs: 3000 });
  const api = apiApp(routes, {
    store,
    authFailures,
    trustedProxies,
    rateLimiter: tokenBucket(options.rateLimit ?? { burst: 300, perSecond: 50 }),
    maxBodyBytes: options.maxBodyBytes ?? 1024 * 1024,
    now,
  });

  const app = new Hono<ApiEnv>({ strict: false });
  // One JSON log line per request: method, route, status, time, key and workspace ids (never headers or query strings).
  app.use('*', async (c, next) => {
    const started = performance.now();
    const entry: RequestLog = { method: c.req.method, route: null, status: 500, duration_ms: 0 };
    c.set('log', entry);
    await next();
    entry.status = c.res.status;
    entry.duration_ms = Math.round((performance.now() - started) * 10) / 10;
    const path = redact(new URL(c.req.url).pathname.replace(API_PREFIX, ''));
    if (path !== '/healthz') log({ time: now().toISOString(), level: entry.status >= 500 ? 'error' : 'info', msg: 'request', ...entry, path });
  });
  app.onError((error, c) => {
    const entry = c.get('log');
    const answer = errorAnswer(error);
    if (answer) {
      if (entry) entry.code = answer.code;
      return json(c, answer.status, answer.body, answer.headers);
    }
    if (entry) entry.code = 'internal_error';
    const path = redact(new URL(c.req.url).pathname);
    log({ time: now().toISOString(), level: 'error', msg: 'request failed', path, error: redact(String(error instanceof Error ? error.stack : error)) });
    return json(c, 500, INTERNAL_ERROR_BODY);
  });
  app.get('/healthz', (c) => c.json({ status: 'ok', version: SERVER_VERSION, storage: options.databaseUrl ? 'postgres' : 'sqlite', running_jobs: pool?.runningCount ?? 0 }));
  app.get('/openapi.json', (c) => c.json(openapi));
  app.route('/', webApp({ services, openapi, secureCookies: options.secureCookies ?? false, authFailures, trustedProxies }));
  app.route('/api/v1', api);
  app.route('/', api);

  const server = await new Promise<Server>((resolve, reject) => {
    const started = serve({ fetch: app.fetch, port: options.port ?? 8080, hostname: options.host ?? '127.0.0.1' }, () => resolve(started as Server));
    (started as Server).once('error', reject);
  });
  server.keepAliveTimeout = 5000;
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
