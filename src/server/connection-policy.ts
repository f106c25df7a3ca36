/**
 * What a tenant's data source may connect to: the operator decides (`serve --allow-env`,
 * `--allow-host`, `--allow-path`), never the tenant. Judged by where a connection goes, not by how its
 * URL spells it.
 *
 * - `url_env` names only variables allowed for the workspace; the service's own (DATACOMPARE_*) never.
 * - A URL keeps only the parameters listed here; a file it names (TLS certificates, keys) must be in a
 *   folder the workspace may read, and is read here without blocking, at most 64 KiB. The URL reaches the
 *   driver without parameters and `isolated`: no environment defaults, no password file, no file reads.
 * - Every host is resolved here (host-addresses.ts: every IPv4 spelling, mapped IPv6, names with all
 *   their addresses) and the driver gets the first address checked, never the name: a second DNS answer
 *   cannot move the connection. TLS still verifies the name written.
 * - With `--allow-host`, the host must be a listed name or resolve only to listed addresses/networks.
 * - The service's own PostgreSQL store is never a data source: a URL whose addresses reach the store's
 *   machine (any address of this machine when the store is on it), on the store's port, database and
 *   role, is refused here; a role that can read the store's schema is refused after connecting
 *   (source-privileges.ts), whatever the URL.
 */
import type { ConnectionConfig, TlsSettings } from '../dialects/types.js';
import { ConfigurationError } from '../shared/errors.js';
import type { FileAccessPolicy } from './file-access.js';
import { AddressSet, numericAddress, parseNetwork, resolveHost, urlHost, type HostAddress } from './host-addresses.js';
import type { NameLookup } from './name-lookup.js';
import { namesTheStore, type StoreIdentity } from './store-identity.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** The service's own variables (store URL, server key, API key…) are never a data source. */
const OWN_VARIABLE = /^DATACOMPARE_/i;

/** `serve --allow-env NAME` (every workspace) or `--allow-env WS=NAME` (that workspace). */
export class EnvPolicy {
  private readonly everyone = new Set<string>();
  private readonly perWorkspace = new Map<string, Set<string>>();

  constructor(entries: readonly string[] = []) {
    for (const entry of entries) {
      const match = /^(?:([^=]+)=)?(.*)$/.exec(entry)!;
      const who = match[1];
      const name = match[2] ?? '';
      if (!ENV_NAME.test(name)) throw new ConfigurationError(`--allow-env ${entry}: "${name}" is not an environment variable name.`, { hint: 'Write --allow-env NAME or --allow-env <workspace id>=NAME.' });
      if (OWN_VARIABLE.test(name)) {
        throw new ConfigurationError(`--allow-env ${entry}: the service's own variables (DATACOMPARE_*) can never be data sources.`, { hint: 'Put the data source URL in a variable of another name.' });
      }
      if (who === undefined) this.everyone.add(name);
      else if (UUID.test(who)) {
        const set = this.perWorkspace.get(who.toLowerCase()) ?? new Set<string>();
        set.add(name);
        this.perWorkspace.set(who.toLowerCase(), set);
      } else throw new ConfigurationError(`--allow-env ${entry}: "${who}" is not a workspace id.`, { hint: 'Write --allow-env NAME or --allow-env <workspace id>=NAME.' });
    }
  }

  allows(name: string, workspaceId: string): boolean {
    if (OWN_VARIABLE.test(name)) return false;
    return this.everyone.has(name) || (this.perWorkspace.get(workspaceId.toLowerCase())?.has(name) ?? false);
  }

  /** The refusal for a name this workspace may not use. */
  refusal(name: string, datasourceName: string, workspaceId: string): ConfigurationError {
    return new ConfigurationError(`Data source "${datasourceName}" may not read the environment variable ${name}: the operator has not allowed it for this workspace.`, {
      hint: OWN_VARIABLE.test(name) ? "The service's own variables are never data sources." : `Start the service with --allow-env ${workspaceId.toLowerCase()}=${name}, or give the url.`,
    });
  }
}

/** `serve --allow-host` (repeatable): host names, addresses and networks (CIDR) data sources may reach; none = any. */
export class HostPolicy {
  private readonly names = new Set<string>();
  private readonly networks = new AddressSet();
  readonly restricted: boolean;

  constructor(entries: readonly string[] = []) {
    for (const entry of entries) {
      // an address in any spelling is its canonical form (`127.1` is 127.0.0.1, `::ffff:10.0.0.0/104` is 10.0.0.0/8)
      const network = parseNetwork(entry);
      if (network) this.networks.add(network);
      else if (!entry.includes('/') && /^[A-Za-z0-9.-]+$/.test(entry)) this.names.add(entry.toLowerCase());
      else throw new ConfigurationError(`--allow-host ${entry} is not a host name, an address or a network.`, { hint: 'Write e.g. --allow-host db.internal, --allow-host 10.0.0.0/8, --allow-host 192.0.2.7.' });
    }
    this.restricted = entries.length > 0;
  }

  /** True when a host written `host`, resolved to `addresses`, may be reached: any without a list, else a listed name or only listed addresses. */
  allows(host: string, addresses: readonly HostAddress[]): boolean {
    if (!this.restricted || this.names.has(host.toLowerCase())) return true;
    return addresses.every((address) => this.networks.has(address));
  }
}

/** URL parameters a tenant may give, per engine; the file ones name a PEM file. */
const POSTGRES_PARAMETERS = { modes: ['sslmode', 'ssl'], files: { sslrootcert: 'ca', sslcert: 'cert', sslkey: 'key' } } as const;
const MYSQL_PARAMETERS = { modes: ['ssl-mode', 'ssl'], files: { 'ssl-ca': 'ca', 'ssl-cert': 'cert', 'ssl-key': 'key' } } as const;

export interface VetContext {
  workspaceId: string;
  datasourceName: string;
  files: FileAccessPolicy;
  hosts: HostPolicy;
  connectTimeoutMs: number;
  /** How names are looked up (default: the system's files and DNS); a lookup gets `connectTimeoutMs`. */
  names?: NameLookup;
  /** The service's own store, when it is PostgreSQL. */
  store?: StoreIdentity;
}

function invalid(datasourceName: string, why: string, hint: string): ConfigurationError {
  return new ConfigurationError(`The connection URL of data source "${datasourceName}" ${why}.`, { hint });
}

/** A tenant's PostgreSQL or MySQL URL → the isolated connection the driver gets, or a ConfigurationError naming what is refused. */
export async function vetNetworkUrl(type: 'postgres' | 'mysql', url: string, context: VetContext): Promise<ConnectionConfig> {
  const { datasourceName } = context;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw invalid(datasourceName, 'is not a URL', type === 'postgres' ? 'Write postgres://user:password@host:5432/database.' : 'Write mysql://user:password@host:3306/database.');
  }
  const schemes = type === 'postgres' ? ['postgres:', 'postgresql:'] : ['mysql:', 'mariadb:'];
  if (!schemes.includes(parsed.protocol)) throw invalid(datasourceName, `must start with ${schemes.map((s) => `${s}//`).join(' or ')}`, 'Check the type and the URL.');
  const host = parsed.hostname.replace(/^\[(.*)\]$/, '$1');
  if (!host || !/^[A-Za-z0-9.:-]+$/.test(host)) {
    throw invalid(datasourceName, 'must name one host (a name or an address; no socket path, no list of hosts)', 'Write the database server as host:port in the URL.');
  }
  if (!parsed.username) throw invalid(datasourceName, 'must name the user', 'Write user:password@ before the host.');
  const allowed = type === 'postgres' ? POSTGRES_PARAMETERS : MYSQL_PARAMETERS;
  const names = [...allowed.modes, ...Object.keys(allowed.files)];
  const tlsFiles: Partial<Record<'ca' | 'cert' | 'key', string>> = {};
  const fileRoles: Record<string, 'ca' | 'cert' | 'key'> = allowed.files;
  let mode: string | undefined;
  for (const [name, value] of parsed.searchParams) {
    const lower = name.toLowerCase();
    if ((allowed.modes as readonly string[]).includes(lower)) mode = `${lower}=${value.toLowerCase()}`;
    else if (Object.hasOwn(fileRoles, lower)) {
      const role = fileRoles[lower]!;
      tlsFiles[role] = await context.files.readSmall(value, datasourceName, context.workspaceId, `${name} file`);
    } else {
      throw invalid(datasourceName, `has the parameter "${name}", which the service does not accept`, `Remove it; the service accepts only ${names.join(', ')}.`);
    }
  }
  const tls = tlsSettings(type, mode, tlsFiles, datasourceName);
  const port = Number(parsed.port || (type === 'postgres' ? 5432 : 3306));
  let user: string;
  let database: string;
  try {
    user = decodeURIComponent(parsed.username);
    database = decodeURIComponent(parsed.pathname.slice(1)) || user;
  } catch {
    throw invalid(datasourceName, 'has a user or database name whose percent-encoding is broken', 'Percent-encode the special characters of the user and database names (`@` → `%40`, `%` → `%25`).');
  }
  const addresses = await resolveHost(host, context.connectTimeoutMs, context.names);
  if (addresses.length === 0) {
    throw invalid(datasourceName, `names the host ${host}, which the service cannot resolve to an address`, 'Check the host name, or give the address.');
  }
  if (context.store && type === 'postgres' && (await namesTheStore(context.store, { addresses, port, database, user }))) {
    throw invalid(datasourceName, "reaches the service's own store: the same server, port, database and role as the store, whatever its host is called", 'Give data sources a database, or at least a role, of their own.');
  }
  if (!context.hosts.allows(host, addresses)) {
    throw invalid(datasourceName, `names the host ${host}, which the operator has not allowed`, 'Ask the operator to add it with serve --allow-host, or use an allowed host.');
  }
  // Reached at the address checked; TLS verifies the name as written (an address written any way is verified as the address).
  const [connectTo] = addresses as [HostAddress, ...HostAddress[]];
  const clean = new URL(parsed.href);
  clean.search = '';
  clean.hash = '';
  clean.port = String(port);
  clean.hostname = urlHost(connectTo);
  const pinned = tls && numericAddress(host) === undefined ? { ...tls, servername: host } : tls;
  return { type, url: clean.href, connectTimeoutMs: context.connectTimeoutMs, isolated: { tls: pinned } };
}

/** `sslmode` (libpq's meanings) or MySQL's `ssl-mode`, and the files given, as TLS settings (null: plain). */
function tlsSettings(type: 'postgres' | 'mysql', mode: string | undefined, files: Partial<Record<'ca' | 'cert' | 'key', string>>, datasourceName: string): TlsSettings | null {
  const given = Object.keys(files).length > 0;
  const verifyCa = files.ca !== undefined ? ('ca' as const) : false;
  const value = mode?.split('=')[1];
  const table: Record<string, TlsSettings | null> =
    type === 'postgres'
      ? { disable: null, allow: null, prefer: { verify: verifyCa }, require: { verify: verifyCa }, 'no-verify': { verify: false }, 'verify-ca': { verify: 'ca' }, 'verify-full': { verify: true }, true: { verify: true }, false: null, '1': { verify: true }, '0': null }
      : { disabled: null, preferred: { verify: verifyCa }, required: { verify: verifyCa }, verify_ca: { verify: 'ca' }, verify_identity: { verify: true }, true: { verify: true }, false: null, '1': { verify: true }, '0': null };
  if (value !== undefined && !(value in table)) {
    throw invalid(datasourceName, `has ${mode}, which is not one of ${Object.keys(table).join(', ')}`, 'Fix the TLS mode.');
  }
  const chosen = value === undefined ? (given ? { verify: verifyCa } : null) : table[value]!;
  if (chosen === null) {
    if (given) throw invalid(datasourceName, 'names TLS files but turns TLS off', 'Remove the files or the mode.');
    return null;
  }
  return { ...chosen, ...files };
}
