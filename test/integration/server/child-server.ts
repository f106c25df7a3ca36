// A `datacompare serve` in a child process (so a test can SIGKILL it mid-job, or measure its memory):
// prints one JSON line {url, key, readKey, workspace} once listening (`key` writes, `readKey` only reads).
// Usage: child-server.ts DATA_DIR [DATABASE_URL SCHEMA]; CHILD_SERVER_OPTIONS (JSON) overrides options of
// startServer (workers, jobTimeoutMs, …). With CHILD_SERVER_WATCH_RECORDING=1 it also prints, as a job's
// end is about to be recorded, {recording: job id, status, childProcesses: the pids of its running child
// processes at that moment} (what still runs when SUCCESS or FAILURE is written).
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { createApiKey } from '../../../src/server/api-keys.js';
import { startServer, type ServerOptions } from '../../../src/server/app.js';
import { silentLogger } from '../../../src/shared/logger.js';
import { childrenOf } from '../../helpers/processes.js';

const [dataDir, databaseUrl, databaseSchema] = process.argv.slice(2);
const server = await startServer({
  dataDir: dataDir!,
  ...(databaseUrl ? { databaseUrl, databaseSchema: databaseSchema ?? 'datacompare' } : {}),
  port: 0,
  workers: 1,
  leaseMs: 2000,
  pollMs: 100,
  logger: silentLogger,
  log: () => {},
  allowPaths: [`*=${tmpdir()}`],
  allowPrivilegedSources: true,
  ...(JSON.parse(process.env.CHILD_SERVER_OPTIONS ?? '{}') as Partial<ServerOptions>),
});
if (process.env.CHILD_SERVER_WATCH_RECORDING === '1') {
  const store = server.store;
  const finishJob = store.finishJob.bind(store);
  store.finishJob = async (jobId, workerId, outcome) => {
    process.stdout.write(`${JSON.stringify({ recording: jobId, status: outcome.status, childProcesses: childrenOf(process.pid) })}\n`);
    return finishJob(jobId, workerId, outcome);
  };
}
// A store already holding keys (a restart on the same data) prints only the URL.
const workspace = server.firstKey?.workspaceId;
const reader = workspace ? await createApiKey(server.store, { name: `reader-${randomUUID().slice(0, 8)}`, scopes: ['read'], workspaces: [workspace], expiresAt: null }) : undefined;
process.stdout.write(`${JSON.stringify({ url: server.url, key: server.firstKey?.key, readKey: reader?.key, workspace })}\n`);
