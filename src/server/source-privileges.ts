/**
 * Facts the service asks a data source's database after connecting, on one connection, when the
 * source is created, scanned, and before every job (on the very settings the scan or job connects with):
 *
 * - Can its role read the service's own store? (PostgreSQL, with the store in PostgreSQL.) Asked
 *   whatever the URL says: another name, address, port or a proxy still lands in the same database, and
 *   refused even with `--allow-privileged-sources`. Before a job or scan, a question that cannot be
 *   asked refuses too (the work would connect unchecked); a new source that cannot be reached yet is kept.
 * - Can its role do more than read (src/catalog/privileges.ts)? Refused unless the operator started the
 *   service with `--allow-privileged-sources`: with such a role, any gap in the SQL check reaches the
 *   database server's files, programs or other sessions. A source that cannot be reached now is not
 *   refused for this (its scan says it is unreachable).
 */
import { describeFinding, privilegedRole } from '../catalog/privileges.js';
import { loadDialect } from '../dialects/registry.js';
import type { ConnectionConfig } from '../dialects/types.js';
import { toDatacompareError } from '../shared/errors.js';
import type { Logger } from '../shared/logger.js';
import { redactWith, secretsIn } from '../shared/redact.js';
import { couldNotConnect, resolveConnection, type SourcePolicy } from './connections.js';
import type { SecretBox } from './secret-box.js';
import { readsTheStore } from './store-identity.js';
import type { DatasourceRecord } from './storage/store.js';

/** How long the questions may take. */
const ASK_WITHIN_MS = 10_000;

export interface RefusalRules {
  /** Ask whether the role can do more than read (false: the operator allows privileged sources). */
  privileges: boolean;
  /** A store question that cannot be asked refuses (before a job or scan); false keeps the source (on create). */
  failClosed: boolean;
  /** The settings the work will connect with (pinned address included); resolved here when absent. */
  config?: ConnectionConfig;
}

/** The tenant's sentence for a source whose role can read the store (it names neither the store's URL nor its schema). */
export function storeRefusal(datasourceName: string): string {
  return `Data source "${datasourceName}" connects to the service's own store database as a role that can read the store's tables; the service never reads its own store for a tenant. Connect as a role that cannot read them, or to another database.`;
}

/** Why this data source may not be used (a sentence naming the role and the fix), or null. */
export async function sourceRefusal(source: DatasourceRecord, services: { box: SecretBox; sources: SourcePolicy; logger: Logger }, rules: RefusalRules): Promise<string | null> {
  const postgres = source.type === 'postgres' || source.type === 'postgresql';
  const askStore = postgres && services.sources.store !== undefined;
  if (!askStore && !(rules.privileges && (postgres || source.type === 'mysql' || source.type === 'mariadb'))) return null;
  let config = rules.config;
  try {
    config ??= (await resolveConnection(source, services.box, services.sources)).config;
  } catch (error) {
    // not connectable as stored (an unset variable, a host that no longer resolves): the work fails on the same reason
    services.logger.debug(`the checks of data source "${source.name}" could not run: ${toDatacompareError(error).kind}`);
    return null;
  }
  const secrets = 'url' in config ? secretsIn(config.url) : [];
  const dialect = await loadDialect(config.type);
  const connection = dialect.connect(config, { logger: services.logger, datasourceName: source.name, poolSize: 1, statementTimeoutMs: ASK_WITHIN_MS });
  try {
    const signal = AbortSignal.timeout(ASK_WITHIN_MS);
    if (askStore && (await readsTheStore(connection, services.sources.store!, signal))) {
      services.logger.warning(`Data source ${source.id} (workspace ${source.workspace_id}) was refused: its role can read the service's store.`);
      return storeRefusal(source.name);
    }
    const finding = rules.privileges ? await privilegedRole(connection, signal) : null;
    return finding ? `${describeFinding(source.name, finding)} The operator may allow such sources with \`datacompare serve --allow-privileged-sources\`.` : null;
  } catch (error) {
    const reason = redactWith(toDatacompareError(error).message, secrets);
    if (askStore && rules.failClosed) {
      services.logger.info(`Data source ${source.id} (workspace ${source.workspace_id}): whether its role reads the store could not be asked: ${reason}`);
      const generic = couldNotConnect(source.name);
      return `${generic.message} ${generic.hint}`;
    }
    services.logger.debug(`the checks of data source "${source.name}" could not run: ${reason}`);
    return null;
  } finally {
    await connection.close().catch(() => {});
  }
}
