/**
 * Turning a stored data source into a ConnectionConfig for the engine: decrypts the stored URL, or
 * reads the named environment variable of the server, or takes the SQLite path. Every URL is
 * registered with `addSecret` the moment it is known, so no log or failure message can carry it.
 */
import type { ConnectionConfig } from '../engine/model.js';
import { loadDialect } from '../dialects/registry.js';
import { ConfigurationError } from '../shared/errors.js';
import type { Logger } from '../shared/logger.js';
import { addSecret } from '../shared/redact.js';
import type { SecretBox } from './secret-box.js';
import type { FileAccessPolicy } from './file-access.js';
import type { DatasourceRecord } from './storage/store.js';

function sqlitePath(text: string): string {
  return text.replace(/^sqlite:(\/\/)?/i, '').replace(/^file:(\/\/)?/i, '');
}

export function resolveConnection(source: DatasourceRecord, box: SecretBox, files: FileAccessPolicy, env: NodeJS.ProcessEnv = process.env): ConnectionConfig {
  let location: string;
  if (source.connection_kind === 'path') {
    location = source.path ?? '';
  } else if (source.connection_kind === 'url_env') {
    const name = source.url_env ?? '';
    const value = env[name];
    if (!value) {
      throw new ConfigurationError(`The environment variable ${name} of data source "${source.name}" is not set on the server.`, {
        hint: `Start the server with ${name} set to the connection URL.`,
      });
    }
    location = value;
  } else {
    location = box.open(source.secret ?? '');
  }
  addSecret(location);
  switch (source.type) {
    case 'sqlite':
      return { type: 'sqlite', path: files.check(sqlitePath(location), source.name) };
    case 'postgres':
      return { type: 'postgres', url: location };
    case 'mysql':
    case 'mariadb':
      return { type: 'mysql', url: location };
    default:
      throw new ConfigurationError(`Data source "${source.name}" has the unknown type "${source.type}".`);
  }
}

/** Connects once and asks for the server version: a data source's `status` and `database_version`. */
export async function probeConnection(
  source: DatasourceRecord,
  box: SecretBox,
  files: FileAccessPolicy,
  logger: Logger,
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ status: 'connected' | 'unreachable'; version: string | null }> {
  try {
    const config = resolveConnection(source, box, files, env);
    const dialect = await loadDialect(config.type);
    const connection = dialect.connect(config, { logger, datasourceName: source.name, poolSize: 1 });
    try {
      const signal = AbortSignal.timeout(10_000);
      return { status: 'connected', version: await connection.serverVersion({ signal }) };
    } finally {
      await connection.close().catch(() => {});
    }
  } catch {
    return { status: 'unreachable', version: null };
  }
}
