/** `datacompare serve`: the Data Comparison Service API on our engine (src/server/). */
import path from 'node:path';
import { ExitCode } from '../../shared/errors.js';
import { integerOption, listOption, stringOption } from '../args.js';
import type { CliCommand, OptionSpec, OptionValues, CliContext } from '../command.js';

export const storageOptions: Record<string, OptionSpec> = {
  'data-dir': { type: 'string', valueName: 'DIR', description: 'where the SQLite store and server.key live (default: $DATACOMPARE_DATA_DIR or ./.datacompare)' },
  'database-url': {
    type: 'string',
    valueName: 'URL',
    description: 'keep the state in PostgreSQL instead (several servers share the work; default: $DATACOMPARE_DATABASE_URL)',
  },
  'database-schema': { type: 'string', valueName: 'NAME', description: 'PostgreSQL schema of the state (default datacompare)' },
};

export function storageLocation(values: OptionValues, context: CliContext): { dataDir: string; databaseUrl?: string; databaseSchema?: string } {
  const dataDir = path.resolve(context.cwd, stringOption(values, 'data-dir') ?? context.env.DATACOMPARE_DATA_DIR ?? '.datacompare');
  const databaseUrl = stringOption(values, 'database-url') ?? context.env.DATACOMPARE_DATABASE_URL;
  const databaseSchema = stringOption(values, 'database-schema');
  return { dataDir, ...(databaseUrl ? { databaseUrl } : {}), ...(databaseSchema ? { databaseSchema } : {}) };
}

export const serveCommand: CliCommand = {
  name: 'serve',
  summary: 'run the Data Comparison Service API on this machine',
  usage: 'serve [--port N] [--host ADDR] [--data-dir DIR] [--database-url URL] [--workers N] [--allow-path DIR]…',
  options: {
    port: { type: 'string', valueName: 'N', default: '8080', description: 'port to listen on; 0 picks a free one' },
    host: { type: 'string', valueName: 'ADDR', default: '127.0.0.1', description: 'address to listen on' },
    workers: { type: 'string', valueName: 'N', default: '2', description: 'comparisons run at once by this process (0: API only)' },
    'job-timeout-minutes': { type: 'string', valueName: 'N', default: '120', description: 'fail a comparison running longer than this' },
    'allow-path': {
      type: 'string',
      valueName: 'DIR',
      multiple: true,
      description: 'a folder whose SQLite files may be data sources, besides DATA_DIR/sources',
    },
    'max-queue': { type: 'string', valueName: 'N', default: '1000', description: 'most waiting jobs; beyond it execute answers 503 with Retry-After' },
    'grace-seconds': { type: 'string', valueName: 'N', default: '30', description: 'on SIGTERM/SIGINT, how long running jobs may finish before they are requeued' },
    'secure-cookies': { type: 'boolean', default: false, description: "mark the web page's session cookie Secure (set it when the server is behind HTTPS)" },
    ...storageOptions,
  },
  details:
    'The first start on an empty store creates an API key with scope write and a workspace, and prints both once.\n' +
    'Environment: DATACOMPARE_SERVER_KEY (64 hex chars) encrypts stored connection URLs; every server sharing a PostgreSQL store needs the same one.\n' +
    'Request logs are JSON lines on stdout; messages go to stderr.',
  async run(values, context) {
    const location = storageLocation(values, context);
    // Loaded here: the server's modules (hono, pg) would slow the start of every other command.
    const { startServer } = await import('../../server/app.js');
    const server = await startServer({
      ...location,
      host: stringOption(values, 'host') ?? '127.0.0.1',
      port: integerOption(values, 'port', { min: 0, max: 65535 }) ?? 8080,
      workers: integerOption(values, 'workers', { min: 0, max: 64 }) ?? 2,
      maxQueue: integerOption(values, 'max-queue', { min: 1, max: 1_000_000 }) ?? 1000,
      jobTimeoutMs: (integerOption(values, 'job-timeout-minutes', { min: 1, max: 10_080 }) ?? 120) * 60_000,
      allowPaths: listOption(values, 'allow-path').map((dir) => path.resolve(context.cwd, dir)),
      secureCookies: values['secure-cookies'] === true,
      logger: context.logger,
      env: context.env,
    });
    context.stderr.write(`datacompare serve: listening on ${server.url} (state: ${location.databaseUrl ? 'PostgreSQL' : location.dataDir}); web page: ${server.url}/ui/\n`);
    if (server.firstKey) {
      context.stderr.write(
        `First start: created the API key "admin" (scope write). It is shown only this once; keep it secret:\n` +
          `  DATACOMPARE_API_KEY=${server.firstKey.key}\n  DATACOMPARE_WORKSPACE_ID=${server.firstKey.workspaceId}\n`,
      );
    }
    await new Promise<void>((resolve) => {
      if (context.signal.aborted) resolve();
      else context.signal.addEventListener('abort', () => resolve(), { once: true });
    });
    const grace = integerOption(values, 'grace-seconds', { min: 0, max: 3600 }) ?? 30;
    context.stderr.write(`datacompare serve: shutting down (running jobs have ${grace} s to finish)…\n`);
    await server.close(grace * 1000);
    return ExitCode.match;
  },
};
