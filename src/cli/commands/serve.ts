/** `datacompare serve`: the Data Comparison Service API on our engine (src/server/). */
import path from 'node:path';
import { ConfigurationError, ExitCode } from '../../shared/errors.js';
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
  usage:
    'serve [--port N] [--host ADDR] [--data-dir DIR] [--database-url URL] [--workers N] [--allow-path [WS=]DIR]… [--allow-env [WS=]NAME]… [--allow-host HOST|CIDR]… [--trusted-proxy ADDR|CIDR]…',
  options: {
    port: { type: 'string', valueName: 'N', default: '8080', description: 'port to listen on; 0 picks a free one' },
    host: { type: 'string', valueName: 'ADDR', default: '127.0.0.1', description: 'address to listen on' },
    workers: { type: 'string', valueName: 'N', default: '2', description: 'comparisons run at once by this process (0: API only)' },
    'job-timeout-minutes': { type: 'string', valueName: 'N', default: '120', description: 'fail a comparison running longer than this' },
    'workspace-workers': { type: 'string', valueName: 'N', description: 'most comparisons of one workspace run at once (default: workers - 1, at least 1)' },
    'allow-path': {
      type: 'string',
      valueName: '[WS=]DIR',
      multiple: true,
      description: 'files data sources may open: DIR/<workspace id>/ for each workspace, WS=DIR for one, "*=DIR" for all (besides DATA_DIR/sources/<workspace id>)',
    },
    'max-diff-rows': { type: 'string', valueName: 'N', default: '1000', description: 'most differing rows a job keeps, whatever a comparison asks (max_diff_rows)' },
    'allow-env': {
      type: 'string',
      valueName: '[WS=]NAME',
      multiple: true,
      description: 'an environment variable data sources may name as url_env: in every workspace, or in workspace WS only (default: none)',
    },
    'allow-host': {
      type: 'string',
      valueName: 'HOST|CIDR',
      multiple: true,
      description: 'a host name, address or network data sources may connect to (default: any)',
    },
    'connect-timeout-seconds': { type: 'string', valueName: 'N', default: '10', description: 'give up connecting to a data source after this long (1-300)' },
    'statement-timeout-seconds': { type: 'string', valueName: 'N', default: '1800', description: "stop any statement on a data source running longer (1-86400)" },
    'max-queue': {
      type: 'string',
      valueName: 'N',
      default: '1000',
      description: 'the queue all workspaces share: once N jobs wait, a workspace is admitted only below its fair share (N divided among the workspaces), else 429 with Retry-After',
    },
    'workspace-max-queue': {
      type: 'string',
      valueName: 'N',
      description: "most unfinished jobs of one workspace; beyond it that workspace's execute answers 429 with Retry-After (default: a quarter of --max-queue)",
    },
    'workspace-scans': {
      type: 'string',
      valueName: 'N',
      default: '2',
      description: 'most data source creations, catalog scans and connection tests of one workspace at once; beyond it they answer 429 with Retry-After',
    },
    'max-streams': {
      type: 'string',
      valueName: 'N',
      default: '32',
      description: 'most diff details and downloads this process sends at once; beyond it they answer 429 with Retry-After',
    },
    'key-max-streams': {
      type: 'string',
      valueName: 'N',
      default: '4',
      description: 'most diff details and downloads sent at once to one API key; beyond it they answer 429 with Retry-After',
    },
    'trusted-proxy': {
      type: 'string',
      valueName: 'ADDR|CIDR',
      multiple: true,
      description: 'a reverse proxy whose X-Forwarded-For names the client, for counting failed sign-ins per client (default: none, the header is ignored)',
    },
    'grace-seconds': { type: 'string', valueName: 'N', default: '30', description: 'on SIGTERM/SIGINT, how long running jobs may finish before they are requeued' },
    'allow-privileged-sources': { type: 'boolean', default: false, description: 'accept data sources whose role is superuser or may read files, run programs, signal sessions or write (refused by default)' },
    'secure-cookies': { type: 'boolean', default: false, description: "mark the web page's session cookie Secure (set it when the server is behind HTTPS)" },
    ...storageOptions,
  },
  details:
    'The first start on an empty store creates an API key with scope write and a workspace, and prints both once.\n' +
    'Environment: DATACOMPARE_SERVER_KEY (64 hex chars) encrypts stored connection URLs; every server sharing a PostgreSQL store needs the same one.\n' +
    'Request logs are JSON lines on stdout; messages go to stderr.',
  async run(values, context) {
    const location = storageLocation(values, context);
    const maxQueue = integerOption(values, 'max-queue', { min: 1, max: 1_000_000 }) ?? 1000;
    const workspaceMaxQueue = integerOption(values, 'workspace-max-queue', { min: 1, max: 1_000_000 });
    if (workspaceMaxQueue !== undefined && workspaceMaxQueue > maxQueue) {
      throw new ConfigurationError(`--workspace-max-queue ${workspaceMaxQueue} is more than --max-queue ${maxQueue}`, {
        hint: "a workspace's share cannot exceed the whole queue: lower --workspace-max-queue or raise --max-queue",
      });
    }
    // Loaded here: the server's modules (hono, pg) would slow the start of every other command.
    const { startServer } = await import('../../server/app.js');
    const server = await startServer({
      ...location,
      host: stringOption(values, 'host') ?? '127.0.0.1',
      port: integerOption(values, 'port', { min: 0, max: 65535 }) ?? 8080,
      workers: integerOption(values, 'workers', { min: 0, max: 64 }) ?? 2,
      maxQueue,
      ...(workspaceMaxQueue === undefined ? {} : { workspaceMaxQueue }),
      workspaceScans: integerOption(values, 'workspace-scans', { min: 1, max: 64 }) ?? 2,
      streamCounts: { total: integerOption(values, 'max-streams', { min: 1, max: 10_000 }) ?? 32, perKey: integerOption(values, 'key-max-streams', { min: 1, max: 10_000 }) ?? 4 },
      trustedProxies: listOption(values, 'trusted-proxy'),
      maxDiffRows: integerOption(values, 'max-diff-rows', { min: 1, max: 1_000_000 }) ?? 1000,
      jobTimeoutMs: (integerOption(values, 'job-timeout-minutes', { min: 1, max: 10_080 }) ?? 120) * 60_000,
      allowPaths: listOption(values, 'allow-path').map((entry) => {
        const match = /^([^=/\\]*=)(.+)$/.exec(entry);
        return match ? `${match[1]}${path.resolve(context.cwd, match[2]!)}` : path.resolve(context.cwd, entry);
      }),
      allowEnv: listOption(values, 'allow-env'),
      allowHosts: listOption(values, 'allow-host'),
      connectTimeoutMs: (integerOption(values, 'connect-timeout-seconds', { min: 1, max: 300 }) ?? 10) * 1000,
      statementTimeoutMs: (integerOption(values, 'statement-timeout-seconds', { min: 1, max: 86_400 }) ?? 1800) * 1000,
      ...(values['workspace-workers'] === undefined ? {} : { workspaceWorkers: integerOption(values, 'workspace-workers', { min: 1, max: 64 })! }),
      secureCookies: values['secure-cookies'] === true,
      allowPrivilegedSources: values['allow-privileged-sources'] === true,
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
    if (listOption(values, 'allow-host').length === 0) {
      context.stderr.write('datacompare serve: data sources may connect to any host; limit them with --allow-host when tenants are not trusted.\n');
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
