/**
 * TLS for PostgreSQL with libpq's meanings, so the `?sslmode=…` that RDS, Cloud SQL, Azure and
 * Supabase document works as it does in psql:
 *
 * | sslmode      | encrypted                      | certificate checked | host name checked |
 * |--------------|--------------------------------|---------------------|-------------------|
 * | disable      | no                             | –                   | –                 |
 * | allow/prefer | when the server offers it      | no                  | no                |
 * | require      | yes                            | only with sslrootcert (then as verify-ca) | no |
 * | verify-ca    | yes                            | yes                 | no                |
 * | verify-full  | yes                            | yes                 | yes               |
 *
 * The default is `prefer` (libpq's), or PGSSLMODE. `sslrootcert` (or PGSSLROOTCERT) names the CA file;
 * without it the certificate is checked against Node's CA store (plus NODE_EXTRA_CA_CERTS);
 * `sslrootcert=system` asks for the operating system's store. `sslcert`/`sslkey` (with `sslpassword`)
 * present a client certificate; `sslcrl` a revocation list. Unix-socket hosts never use TLS.
 *
 * These parameters are taken out of the URL handed to node-pg: it would otherwise read the files
 * synchronously, treat `require` as `verify-full` (with a printed warning) and let its own parse win
 * over our options.
 */
import tls from 'node:tls';
import { ConfigurationError } from '../../shared/errors.js';
import { readConnectionUrl } from '../../shared/connection-url.js';
import { addSecret } from '../../shared/redact.js';
import { readTlsFile } from '../tls-files.js';

export const POSTGRES_SSL_MODES = ['disable', 'allow', 'prefer', 'require', 'verify-ca', 'verify-full'] as const;
export type PostgresSslMode = (typeof POSTGRES_SSL_MODES)[number];

/** URL parameters this module owns (removed from the string node-pg parses). */
const TLS_PARAMETERS = ['sslmode', 'sslrootcert', 'sslcert', 'sslkey', 'sslpassword', 'sslcrl', 'ssl'] as const;

export interface PostgresTls {
  /** The URL without its TLS parameters. */
  connectionString: string;
  /** node-pg's `ssl` option: false for plain text. */
  ssl: false | tls.ConnectionOptions;
  mode: PostgresSslMode;
  /** allow/prefer: a server without TLS is spoken to in plain text, as libpq does. */
  plainFallback: boolean;
}

type Environment = Record<string, string | undefined>;

/** True for a Unix-socket host (`?host=/var/run/postgresql`, or no host at all). */
function onUnixSocket(url: URL): boolean {
  const host = url.searchParams.get('host') ?? decodeURIComponent(url.hostname);
  return host === '' || host.startsWith('/');
}

function modeOf(url: URL, env: Environment, datasourceName: string): PostgresSslMode {
  const given = url.searchParams.get('sslmode') ?? undefined;
  // node-pg's own spellings, for URLs written for it: ssl=true verifies, ssl=no-verify does not.
  const legacy = url.searchParams.get('ssl');
  const fromLegacy = legacy === null ? undefined : legacy === 'no-verify' ? 'require' : /^(true|1)$/i.test(legacy) ? 'verify-full' : /^(false|0)$/i.test(legacy) ? 'disable' : legacy;
  const mode = (given ?? fromLegacy ?? env.PGSSLMODE ?? 'prefer').toLowerCase();
  if ((POSTGRES_SSL_MODES as readonly string[]).includes(mode)) return mode as PostgresSslMode;
  throw new ConfigurationError(`sslmode=${mode} in the url of data source "${datasourceName}" is not a PostgreSQL SSL mode.`, {
    hint: `Use one of ${POSTGRES_SSL_MODES.join(', ')} (libpq's meanings; require encrypts without checking the certificate, verify-full checks it and the host name).`,
  });
}

async function rootCertificates(file: string | undefined, datasourceName: string): Promise<string[] | Buffer | undefined> {
  if (file === undefined) return undefined;
  // Node 22.15+; older Nodes use their bundled store, the closest they have.
  if (file === 'system') return typeof tls.getCACertificates === 'function' ? tls.getCACertificates('system') : undefined;
  return readTlsFile(file, 'sslrootcert', datasourceName);
}

/** The TLS settings of a PostgreSQL URL; `env` supplies libpq's PGSSL* defaults. */
export async function postgresTls(connectionString: string, datasourceName: string, env: Environment = process.env): Promise<PostgresTls> {
  // One reading only (node-pg's own parse is looser): a URL a password breaks is refused, quoting none of it.
  const url = readConnectionUrl(connectionString, `the url of data source "${datasourceName}"`);
  // libpq reads an empty value as not given.
  const param = (name: string, envName: string) => url.searchParams.get(name) || env[envName] || undefined;
  const mode = onUnixSocket(url) ? 'disable' : modeOf(url, env, datasourceName);
  const rootcert = param('sslrootcert', 'PGSSLROOTCERT');
  const cert = param('sslcert', 'PGSSLCERT');
  const key = param('sslkey', 'PGSSLKEY');
  const password = url.searchParams.get('sslpassword') || undefined;
  const crl = param('sslcrl', 'PGSSLCRL');
  for (const name of TLS_PARAMETERS) url.searchParams.delete(name);
  const stripped = url.toString();
  if (mode === 'disable') return { connectionString: stripped, ssl: false, mode, plainFallback: false };

  if (password) addSecret(password);
  const ssl: tls.ConnectionOptions = {};
  if (cert !== undefined) ssl.cert = await readTlsFile(cert, 'sslcert', datasourceName);
  if (key !== undefined) ssl.key = await readTlsFile(key, 'sslkey', datasourceName);
  if (password !== undefined) ssl.passphrase = password;
  if (crl !== undefined) ssl.crl = await readTlsFile(crl, 'sslcrl', datasourceName);
  const ca = await rootCertificates(rootcert, datasourceName);
  if (ca !== undefined) ssl.ca = ca;

  // libpq: "if a root CA file exists, the behavior of sslmode=require will be the same as that of verify-ca".
  const checks = mode === 'verify-full' ? 'full' : mode === 'verify-ca' || (mode === 'require' && rootcert !== undefined) ? 'ca' : 'none';
  ssl.rejectUnauthorized = checks !== 'none';
  if (checks === 'ca') ssl.checkServerIdentity = () => undefined;
  return { connectionString: stripped, ssl, mode, plainFallback: mode === 'allow' || mode === 'prefer' };
}

/** node-pg's error when it asked for TLS and the server answered that it has none. */
export function isNoTlsAnswer(error: unknown): boolean {
  return error instanceof Error && error.message === 'The server does not support SSL connections';
}
