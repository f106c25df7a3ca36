// A `datacompare serve` in a child process (so a test can SIGKILL it mid-job): prints one JSON line
// {url, key, workspace} once listening. Usage: child-server.ts DATA_DIR [DATABASE_URL SCHEMA];
// CHILD_SERVER_OPTIONS (JSON) overrides options of startServer (workers, jobTimeoutMs, …).
import { tmpdir } from 'node:os';
import { startServer, type ServerOptions } from '../../../src/server/app.js';
import { silentLogger } from '../../../src/shared/logger.js';

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
process.stdout.write(`${JSON.stringify({ url: server.url, key: server.firstKey?.key, workspace: server.firstKey?.workspaceId })}\n`);
