/**
 * Turning a stored data source into a ConnectionConfig for the engine: decrypts the stored URL, or
 * reads the named environment variable of the server, or takes the SQLite path. Every URL is
 * registered with `addSecret` the moment it is known, so no log or failure message can carry it.
 */
import type { ConnectionConfig } from '../engine/model.js';
import { scanCatalog, type CatalogScan } from '../catalog/scan.js';
import { ConfigurationError, toDatacompareError } from '../shared/errors.js';
import type { Logger } from '../shared/logger.js';
import { addSecret, redact } from '../shared/redact.js';
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

/**
 * Scans a data source's catalog (src/catalog/scan.ts): its status, version and counts. A source whose
 * connection cannot even be resolved (an unset variable, a path outside the allowed folders) is a
 * failed scan with that reason.
 */
export async function scanDatasource(
  source: DatasourceRecord,
  services: { box: SecretBox; files: FileAccessPolicy; logger: Logger; now: () => Date },
  timeLimitMs: number,
  env: NodeJS.ProcessEnv = process.env,
): Promise<CatalogScan> {
  const started = services.now();
  let config: ConnectionConfig;
  try {
    config = resolveConnection(source, services.box, services.files, env);
  } catch (error) {
    const message = redact(toDatacompareError(error).message);
    return { status: 'failed', message, tables: [], datasetCount: 0, columnCount: 0, sensitiveColumnCount: 0, databaseVersion: null, startedAt: started.toISOString(), durationMs: 0 };
  }
  const scan = await scanCatalog(config, { logger: services.logger, datasourceName: source.name, timeLimitMs, now: services.now });
  return scan.message === null ? scan : { ...scan, message: redact(scan.message) };
}
