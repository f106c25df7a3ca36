/**
 * Turning a stored data source into a ConnectionConfig for the engine: decrypts the stored URL, or
 * reads an environment variable the operator allowed for the workspace, or takes the SQLite path of a
 * folder the workspace may read; network URLs are vetted (src/server/connection-policy.ts). The URL
 * and its password come back as the job's own secrets: callers redact with them (`redactWith`), so a
 * tenant's URL never joins the process-wide secret list.
 */
import type { ConnectionConfig } from '../engine/model.js';
import type { DatabaseSession, SessionGate } from '../dialects/types.js';
import { scanCatalog, type CatalogScan } from '../catalog/scan.js';
import { ConfigurationError, toDatacompareError } from '../shared/errors.js';
import { readConnectionUrl } from '../shared/connection-url.js';
import type { Logger } from '../shared/logger.js';
import { redactWith, secretsIn } from '../shared/redact.js';
import { vetNetworkUrl, type EnvPolicy, type HostPolicy } from './connection-policy.js';
import type { SecretBox } from './secret-box.js';
import type { FileAccessPolicy } from './file-access.js';
import type { NameLookup } from './name-lookup.js';
import type { StoreIdentity } from './store-identity.js';
import type { DatasourceRecord } from './storage/store.js';

/** What the operator allows data sources (built once in app.ts). */
export interface SourcePolicy {
  files: FileAccessPolicy;
  envs: EnvPolicy;
  hosts: HostPolicy;
  /** Connect timeout of every data source connection (and time limit of looking its host up). */
  connectTimeoutMs: number;
  /** How tenants' host names are looked up (name-lookup.ts; default: the system's files and DNS). */
  names?: NameLookup;
  /** The service's own PostgreSQL store, never a data source (store-identity.ts). */
  store?: StoreIdentity;
  /** Where `url_env` data sources read their URL. */
  env: NodeJS.ProcessEnv;
}

export interface ResolvedConnection {
  config: ConnectionConfig;
  /** The URL and its password: to redact from whatever this connection's work produces. */
  secrets: string[];
}

function sqlitePath(text: string): string {
  return text.replace(/^sqlite:(\/\/)?/i, '').replace(/^file:(\/\/)?/i, '');
}

/** The one text a tenant sees when a connection fails, whatever the reason (refused, timeout, wrong protocol, credentials). */
export function couldNotConnect(datasourceName: string): { message: string; hint: string } {
  return {
    message: `Could not connect to data source "${datasourceName}".`,
    hint: "Check the URL's host, port, user, password and TLS settings, and that the database accepts connections from the service; the service's operator sees the details in its log.",
  };
}

export async function resolveConnection(source: DatasourceRecord, box: SecretBox, policy: SourcePolicy): Promise<ResolvedConnection> {
  let location: string;
  if (source.connection_kind === 'path') {
    location = source.path ?? '';
  } else if (source.connection_kind === 'url_env') {
    const name = source.url_env ?? '';
    if (!policy.envs.allows(name, source.workspace_id)) throw policy.envs.refusal(name, source.name, source.workspace_id);
    const value = policy.env[name];
    if (!value) {
      throw new ConfigurationError(`The environment variable ${name} of data source "${source.name}" is not set on the server.`, {
        hint: `Start the server with ${name} set to the connection URL.`,
      });
    }
    location = value;
  } else {
    location = box.open(source.secret ?? '');
  }
  const secrets = source.connection_kind === 'path' ? [] : secretsIn(location);
  switch (source.type) {
    case 'sqlite':
      return { config: { type: 'sqlite', path: await policy.files.check(sqlitePath(location), source.name, source.workspace_id) }, secrets };
    case 'postgres':
    case 'mysql':
    case 'mariadb': {
      // One reading only, before any host is looked at: a host carved out of a broken password is never named or reached.
      readConnectionUrl(location, `the connection URL of data source "${source.name}"`);
      const context = {
        workspaceId: source.workspace_id,
        datasourceName: source.name,
        files: policy.files,
        hosts: policy.hosts,
        connectTimeoutMs: policy.connectTimeoutMs,
        ...(policy.names ? { names: policy.names } : {}),
        ...(policy.store ? { store: policy.store } : {}),
      };
      const config = await vetNetworkUrl(source.type === 'postgres' ? 'postgres' : 'mysql', location, context);
      return { config, secrets: [...secrets, ...secretsIn((config as { url: string }).url)] };
    }
    default:
      throw new ConfigurationError(`Data source "${source.name}" has the unknown type "${source.type}".`);
  }
}

/** A logger that hides `secrets` (and the registered ones) in every line. */
export function redactingLogger(logger: Logger, secrets: readonly string[]): Logger {
  return {
    debug: (message) => logger.debug(redactWith(message, secrets)),
    info: (message) => logger.info(redactWith(message, secrets)),
    warning: (message) => logger.warning(redactWith(message, secrets)),
    error: (message) => logger.error(redactWith(message, secrets)),
  };
}

/**
 * Scans a data source's catalog (src/catalog/scan.ts): its status, version and counts. A source whose
 * connection cannot even be resolved (an unset variable, a path outside the allowed folders) is a
 * failed scan with that reason; one that cannot be reached says only that (the reason goes to the log).
 * `admitSession` is asked on the scan's session before anything is read (source-privileges.ts: a role
 * that can read the service's store); its refusal is the failed scan's message.
 */
export async function scanDatasource(
  source: DatasourceRecord,
  services: { box: SecretBox; sources: SourcePolicy; logger: Logger; now: () => Date; admitSession?: SessionGate | undefined },
  timeLimitMs: number,
): Promise<CatalogScan> {
  const started = services.now();
  const failed = (message: string): CatalogScan => ({
    status: 'failed',
    message,
    tables: [],
    routines: null,
    datasetCount: 0,
    columnCount: 0,
    sensitiveColumnCount: 0,
    databaseVersion: null,
    startedAt: started.toISOString(),
    durationMs: services.now().getTime() - started.getTime(),
  });
  let resolved: ResolvedConnection;
  try {
    resolved = await resolveConnection(source, services.box, services.sources);
  } catch (error) {
    return failed(redactWith(toDatacompareError(error).message, []));
  }
  const gate = services.admitSession;
  let refused: ConfigurationError | undefined;
  const admitSession = gate && (async (session: DatabaseSession) => {
    try {
      await gate(session);
    } catch (error) {
      // the scan says only "failed"; a refusal is the tenant's to read
      if (error instanceof ConfigurationError) refused = error;
      throw error;
    }
  });
  const logger = redactingLogger(services.logger, resolved.secrets);
  const scan = await scanCatalog(resolved.config, { logger, datasourceName: source.name, timeLimitMs, now: services.now, ...(admitSession && { admitSession }) });
  if (refused) return failed(refused.message);
  // No version read: the connection itself failed or never answered. Tenants are told only that, as a job tells it.
  if (scan.databaseVersion === null && scan.status !== 'complete' && source.type !== 'sqlite') {
    logger.info(`Scan of data source ${source.id} (workspace ${source.workspace_id}) could not connect: ${scan.message ?? ''}`);
    const generic = couldNotConnect(source.name);
    return failed(`${generic.message} ${generic.hint}`);
  }
  return scan.message === null ? scan : { ...scan, message: redactWith(scan.message, resolved.secrets) };
}
