/**
 * The service's PostgreSQL store as facts, so that no data source reaches it under another spelling:
 *
 * - Where it is (the early, cheap rule, before connecting): the addresses its host resolves to and the
 *   one its own session reached (`inet_server_addr()`; none over a Unix socket), the ports, the database
 *   and the role. A store on this machine makes every address of this machine the store's.
 * - Which database it is (the fact that matters, after connecting): the cluster's system identifier and
 *   the database's oid. A data source connected there whose role can read the store's schema is refused,
 *   whatever address, port, proxy or name led there.
 */
import type { DatabaseSession } from '../dialects/types.js';
import { isThisMachine, resolveHost, type HostAddress } from './host-addresses.js';
import type { SqlDb } from './storage/sql-db.js';

export interface StoreIdentity {
  /** The addresses the store's host resolves to and the address its session reached. */
  addresses: HostAddress[];
  /** The store is on this machine (an address of it, or a Unix socket): any of its addresses is the store's. */
  local: boolean;
  /** The URL's port, the one the session reached and the one the server listens on. */
  ports: number[];
  database: string;
  /** The URL's user and the session's role. */
  roles: string[];
  /** The schema holding the store's tables. */
  schema: string;
  /** `pg_control_system().system_identifier`; null where the server does not tell (then the oid alone decides). */
  cluster: string | null;
  databaseOid: string;
}

/** The store's identity, asked on its own connection (`url` is the store's, never shown). */
export async function readStoreIdentity(db: SqlDb, url: string, schema: string): Promise<StoreIdentity> {
  const [session] = await db.all<{ database: string; role: string; address: string | null; port: number | null; listen_port: string; database_oid: string }>(
    `SELECT current_database() AS database, session_user AS role, host(inet_server_addr()) AS address, inet_server_port() AS port,
       current_setting('port') AS listen_port, (SELECT oid::text FROM pg_catalog.pg_database WHERE datname = current_database()) AS database_oid`,
  );
  const cluster = await clusterOf((sql) => db.all(sql));
  // what the URL says adds to the session's facts; a URL only the driver can read (a socket folder) adds nothing
  let parsed: URL | undefined;
  let urlRole = '';
  try {
    parsed = new URL(url);
    urlRole = decodeURIComponent(parsed.username);
  } catch {
    parsed = undefined;
  }
  const host = parsed && !parsed.searchParams.has('host') ? parsed.hostname : '';
  const fromUrl = host ? await resolveHost(host) : [];
  const reached = session!.address === null ? [] : await resolveHost(session!.address);
  const addresses = [...new Map([...fromUrl, ...reached].map((a) => [a.address, a])).values()];
  // no address reached: a Unix socket, on this machine
  const local = session!.address === null || (await Promise.all(addresses.map(isThisMachine))).some(Boolean);
  const ports = [Number(parsed?.port || 5432), session!.port ?? undefined, Number(session!.listen_port)].filter((port): port is number => Number.isInteger(port));
  return {
    addresses,
    local,
    ports: [...new Set(ports)],
    database: session!.database,
    roles: [...new Set([urlRole, session!.role].filter(Boolean))],
    schema,
    cluster,
    databaseOid: session!.database_oid,
  };
}

async function clusterOf(all: (sql: string) => Promise<Record<string, unknown>[]>): Promise<string | null> {
  try {
    const [row] = await all('SELECT system_identifier::text AS cluster FROM pg_catalog.pg_control_system()');
    return row?.cluster === undefined || row.cluster === null ? null : String(row.cluster);
  } catch {
    return null; // revoked, or a PostgreSQL-compatible server without it
  }
}

/** True when a URL naming these addresses, port, database and user is the store's own (before connecting). */
export async function namesTheStore(store: StoreIdentity, target: { addresses: readonly HostAddress[]; port: number; database: string; user: string }): Promise<boolean> {
  if (!store.ports.includes(target.port) || target.database !== store.database || !store.roles.includes(target.user)) return false;
  for (const address of target.addresses) {
    if (store.addresses.some((own) => own.address === address.address)) return true;
    if (store.local && (await isThisMachine(address))) return true;
  }
  return false;
}

/**
 * True when `connection` (a data source's session) is in the store's database and its role can read
 * a table or view of the store's schema. Errors (the question could not be asked) are the caller's.
 */
export async function readsTheStore(connection: DatabaseSession, store: StoreIdentity, signal?: AbortSignal): Promise<boolean> {
  const options = { ...(signal && { signal }), catalog: true };
  const [row] = await connection.query(
    `SELECT (SELECT oid::text FROM pg_catalog.pg_database WHERE datname = current_database()) AS database_oid,
       EXISTS (SELECT 1 FROM pg_catalog.pg_namespace n JOIN pg_catalog.pg_class c ON c.relnamespace = n.oid
         WHERE n.nspname = $1 AND c.relkind IN ('r', 'p', 'v', 'm', 'f')
           AND has_schema_privilege(n.oid, 'USAGE') AND has_any_column_privilege(c.oid, 'SELECT')) AS reads_schema`,
    [store.schema],
    options,
  );
  if (String(row?.database_oid) !== store.databaseOid) return false;
  const cluster = await clusterOf((sql) => connection.query(sql, [], options));
  // the same oid in another cluster is another database; unknown on either side: the oid decides
  if (cluster !== null && store.cluster !== null && cluster !== store.cluster) return false;
  return row?.reads_schema === true;
}
