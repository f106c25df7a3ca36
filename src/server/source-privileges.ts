/**
 * What the service asks a data source's database before using it, on the very session it will use:
 *
 * - Can its role read the service's own store? (PostgreSQL, with the store in PostgreSQL.) Asked
 *   whatever the URL says: another name, address, port or a proxy still lands in the same database, and
 *   refused even with `--allow-privileged-sources`.
 * - Can its role do more than read (src/catalog/privileges.ts)? Refused unless the operator started the
 *   service with `--allow-privileged-sources`: with such a role, any gap in the SQL check reaches the
 *   database server's files, programs or other sessions.
 *
 * Jobs and scans ask every session they open, before anything of theirs is sent on it (the dialects'
 * `admitSession`): a pool opens several sessions, each a TCP connection of its own that an endpoint may
 * send to another server than the last, so an answer given on one session, or on a connection of the
 * check's own, proves nothing about the next. There a store question that cannot be asked refuses the
 * session (the work would read unchecked). A new data source is asked once, on a connection of its own,
 * so that its creation can answer 403; one that cannot be reached yet is kept (its scan says so, and
 * its jobs ask again).
 */
import { describeFinding, privilegedRole } from '../catalog/privileges.js';
import { loadDialect } from '../dialects/registry.js';
import type { SessionGate } from '../dialects/types.js';
import { ConfigurationError, ConnectionError, toDatacompareError } from '../shared/errors.js';
import type { Logger } from '../shared/logger.js';
import { redactWith } from '../shared/redact.js';
import { resolveConnection, type SourcePolicy } from './connections.js';
import type { SecretBox } from './secret-box.js';
import { readsTheStore } from './store-identity.js';
import type { DatasourceRecord } from './storage/store.js';

/** How long the questions may take. */
const ASK_WITHIN_MS = 10_000;

/** The API's codes of a refused data source (403). */
export type SourceRefusalCode = 'datasource_reads_store' | 'privileged_datasource';

/** A data source the service will not use: the sentence names the role and the fix; `code` is the API's. */
export class SourceRefusedError extends ConfigurationError {
  constructor(
    message: string,
    readonly code: SourceRefusalCode,
  ) {
    super(message);
  }
}

export interface SessionRules {
  /** Ask whether the role can do more than read (false: the operator allows privileged sources). */
  privileges: boolean;
  /** A store question that cannot be asked refuses the session (scans, jobs); false lets it through (a new source). */
  failClosed: boolean;
}

/** The tenant's sentence for a source whose role can read the store (it names neither the store's URL nor its schema). */
export function storeRefusal(datasourceName: string): string {
  return `Data source "${datasourceName}" connects to the service's own store database as a role that can read the store's tables; the service never reads its own store for a tenant. Connect as a role that cannot read them, or to another database.`;
}

/**
 * The questions for each session of `source` (ConnectOptions.admitSession), or undefined when there is
 * nothing to ask (a file database, a server without a PostgreSQL store that allows privileged roles).
 * Throws SourceRefusedError for a refused role; with `failClosed`, a ConnectionError when the store
 * question could not be asked (the caller tells the tenant "could not connect" and logs the reason).
 */
export function sessionGate(
  source: DatasourceRecord,
  services: { sources: SourcePolicy; logger: Logger },
  rules: SessionRules,
): SessionGate | undefined {
  const postgres = source.type === 'postgres' || source.type === 'postgresql';
  const store = postgres ? services.sources.store : undefined;
  const askPrivileges = rules.privileges && (postgres || source.type === 'mysql' || source.type === 'mariadb');
  if (!store && !askPrivileges) return undefined;
  return async (session) => {
    const signal = AbortSignal.timeout(ASK_WITHIN_MS);
    if (store) {
      let reads: boolean;
      try {
        reads = await readsTheStore(session, store, signal);
      } catch (error) {
        const reason = toDatacompareError(error).message;
        if (rules.failClosed) throw new ConnectionError(`Whether the role of data source "${source.name}" can read the service's store could not be asked: ${reason}`, { cause: error });
        services.logger.debug(`the checks of data source "${source.name}" could not run: ${reason}`);
        return;
      }
      if (reads) {
        services.logger.warning(`Data source ${source.id} (workspace ${source.workspace_id}) was refused: its role can read the service's store.`);
        throw new SourceRefusedError(storeRefusal(source.name), 'datasource_reads_store');
      }
    }
    if (!askPrivileges) return;
    const finding = await privilegedRole(session, signal).catch((error: unknown) => {
      // not refused for an unanswered question: what it guards is the SQL check's second line
      services.logger.debug(`the privileges of data source "${source.name}" could not be asked: ${toDatacompareError(error).message}`);
      return null;
    });
    if (finding) {
      throw new SourceRefusedError(`${describeFinding(source.name, finding)} The operator may allow such sources with \`datacompare serve --allow-privileged-sources\`.`, 'privileged_datasource');
    }
  };
}

/**
 * Why a new data source is refused, or null: asked on a connection of its own (one session). One that
 * cannot be reached now, or whose questions cannot be asked, is not refused here: every scan and job
 * asks again, on its own sessions, and refuses there.
 */
export async function sourceRefusal(
  source: DatasourceRecord,
  services: { box: SecretBox; sources: SourcePolicy; logger: Logger },
  rules: Pick<SessionRules, 'privileges'>,
): Promise<SourceRefusedError | null> {
  const admitSession = sessionGate(source, services, { ...rules, failClosed: false });
  if (!admitSession) return null;
  let resolved;
  try {
    resolved = await resolveConnection(source, services.box, services.sources);
  } catch (error) {
    // not connectable as stored (an unset variable, a host that no longer resolves): its scan and jobs say so
    services.logger.debug(`the checks of data source "${source.name}" could not run: ${toDatacompareError(error).kind}`);
    return null;
  }
  const dialect = await loadDialect(resolved.config.type);
  const connection = dialect.connect(resolved.config, { logger: services.logger, datasourceName: source.name, poolSize: 1, statementTimeoutMs: ASK_WITHIN_MS, admitSession });
  try {
    await connection.serverVersion({ signal: AbortSignal.timeout(ASK_WITHIN_MS) });
    return null;
  } catch (error) {
    if (error instanceof SourceRefusedError) return error;
    services.logger.debug(`the checks of data source "${source.name}" could not run: ${redactWith(toDatacompareError(error).message, resolved.secrets)}`);
    return null;
  } finally {
    await connection.close().catch(() => {});
  }
}
