/**
 * TLS for MySQL/MariaDB with the mysql client's meanings, so the `?ssl-mode=…` that RDS, Cloud SQL,
 * Azure and PlanetScale document works as it does in `mysql`:
 *
 * | ssl-mode        | encrypted                  | certificate checked | host name checked |
 * |-----------------|----------------------------|---------------------|-------------------|
 * | DISABLED        | no                         | –                   | –                 |
 * | PREFERRED       | when the server offers it  | no                  | no                |
 * | REQUIRED        | yes                        | no                  | no                |
 * | VERIFY_CA       | yes                        | yes                 | no                |
 * | VERIFY_IDENTITY | yes                        | yes                 | yes               |
 *
 * The default is PREFERRED, or VERIFY_CA when `ssl-ca` is given (as in the mysql client). `ssl-ca`
 * names the CA file (without it, Node's CA store plus NODE_EXTRA_CA_CERTS); `ssl-cert`/`ssl-key` a
 * client certificate. `_` may stand for `-` in the names, and libpq's spellings of the modes
 * (`require`, `verify-full`…) are understood. mysql2's own `ssl={…json…}` and `ssl=true` still work.
 * When TLS was asked for, the connection is never made in plain text.
 */
import { checkServerIdentity, TLSSocket, type SecureContextOptions } from 'node:tls';
import { readConnectionUrl } from '../../shared/connection-url.js';
import { ConfigurationError } from '../../shared/errors.js';
import { readTlsFile } from '../tls-files.js';

export const MYSQL_SSL_MODES = ['DISABLED', 'PREFERRED', 'REQUIRED', 'VERIFY_CA', 'VERIFY_IDENTITY'] as const;
export type MysqlSslMode = (typeof MYSQL_SSL_MODES)[number];

const ALIASES: Record<string, MysqlSslMode> = {
  DISABLE: 'DISABLED',
  PREFER: 'PREFERRED',
  REQUIRE: 'REQUIRED',
  VERIFY_FULL: 'VERIFY_IDENTITY',
};

/** mysql2's `ssl` option. */
export type MysqlSslOption = SecureContextOptions & { rejectUnauthorized?: boolean; verifyIdentity?: boolean };

export interface MysqlTls {
  /** The URL without its TLS parameters (mysql2 would warn about, and ignore, `ssl-mode`). */
  uri: string;
  /** The host the certificate must name (VERIFY_IDENTITY). */
  host: string;
  ssl: MysqlSslOption | undefined;
  mode: MysqlSslMode | 'custom';
  /** PREFERRED: a server without TLS is spoken to in plain text. */
  plainFallback: boolean;
}

/** The value of a parameter under any of its spellings (`ssl-mode`, `ssl_mode`, `sslmode`, `sslMode`), removed from the URL. */
function take(url: URL, name: string): string | undefined {
  const squashed = name.replace(/[-_]/g, '').toLowerCase();
  let value: string | undefined;
  for (const key of [...url.searchParams.keys()]) {
    if (key.replace(/[-_]/g, '').toLowerCase() !== squashed) continue;
    value = url.searchParams.get(key) || undefined;
    url.searchParams.delete(key);
  }
  return value;
}

function modeOf(given: string, datasourceName: string): MysqlSslMode {
  const upper = given.toUpperCase().replace(/-/g, '_');
  const mode = ALIASES[upper] ?? upper;
  if ((MYSQL_SSL_MODES as readonly string[]).includes(mode)) return mode as MysqlSslMode;
  throw new ConfigurationError(`ssl-mode=${given} in the url of data source "${datasourceName}" is not a MySQL SSL mode.`, {
    hint: `Use one of ${MYSQL_SSL_MODES.join(', ')} (REQUIRED encrypts without checking the certificate, VERIFY_IDENTITY checks it and the host name).`,
  });
}

/** mysql2's legacy `ssl` parameter: a JSON object (passed on as it is), true/false, or a mode. */
function legacy(value: string, datasourceName: string): { mode: MysqlSslMode } | { custom: MysqlSslOption } {
  if (/^(true|1)$/i.test(value)) return { mode: 'REQUIRED' };
  if (/^(false|0)$/i.test(value)) return { mode: 'DISABLED' };
  if (value.trim().startsWith('{')) {
    try {
      return { custom: JSON.parse(value) as MysqlSslOption };
    } catch {
      throw new ConfigurationError(`ssl=${value.slice(0, 40)}… in the url of data source "${datasourceName}" is not valid JSON.`, {
        hint: 'Use ssl-mode=REQUIRED (or VERIFY_CA / VERIFY_IDENTITY with ssl-ca=/path/to/ca.pem) instead.',
      });
    }
  }
  return { mode: modeOf(value, datasourceName) };
}

/** The TLS settings of a MySQL/MariaDB URL. */
export async function mysqlTls(uri: string, datasourceName: string): Promise<MysqlTls> {
  // One reading only (mysql2 parses it again): a URL a password breaks is refused, quoting none of it.
  const url = readConnectionUrl(uri, `the url of data source "${datasourceName}"`);
  const given = take(url, 'ssl-mode');
  const ca = take(url, 'ssl-ca');
  const cert = take(url, 'ssl-cert');
  const key = take(url, 'ssl-key');
  const old = url.searchParams.get('ssl') ?? undefined;
  url.searchParams.delete('ssl');
  const stripped = url.toString();
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const fromLegacy = old === undefined || given !== undefined ? undefined : legacy(old, datasourceName);
  if (fromLegacy && 'custom' in fromLegacy) return { uri: stripped, host, ssl: fromLegacy.custom, mode: 'custom', plainFallback: false };

  const mode = given !== undefined ? modeOf(given, datasourceName) : (fromLegacy?.mode ?? (ca !== undefined ? 'VERIFY_CA' : 'PREFERRED'));
  if (mode === 'DISABLED') return { uri: stripped, host, ssl: undefined, mode, plainFallback: false };
  const ssl: MysqlSslOption = { rejectUnauthorized: mode === 'VERIFY_CA' || mode === 'VERIFY_IDENTITY', verifyIdentity: mode === 'VERIFY_IDENTITY' };
  if (ca !== undefined) ssl.ca = await readTlsFile(ca, 'ssl-ca', datasourceName);
  if (cert !== undefined) ssl.cert = await readTlsFile(cert, 'ssl-cert', datasourceName);
  if (key !== undefined) ssl.key = await readTlsFile(key, 'ssl-key', datasourceName);
  return { uri: stripped, host, ssl, mode, plainFallback: mode === 'PREFERRED' };
}

/** mysql2's error when it asked for TLS and the server's greeting offers none. */
export function isNoTlsAnswer(error: unknown): boolean {
  return (error as { code?: unknown })?.code === 'HANDSHAKE_NO_SSL_SUPPORT';
}

/**
 * VERIFY_IDENTITY: the error when the server's certificate does not name the url's host. mysql2 checks
 * the name only for host names, not for IP addresses (it then passes no server name to TLS), so the
 * check is made here on every new connection's socket, for both.
 */
export function identityError(tls: MysqlTls, stream: unknown): Error | undefined {
  if (tls.mode !== 'VERIFY_IDENTITY' || !(stream instanceof TLSSocket)) return undefined;
  return checkServerIdentity(tls.host, stream.getPeerCertificate());
}
