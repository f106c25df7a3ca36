/**
 * Failures of the link to a database server rather than of a query: TLS (an untrusted or mismatched
 * certificate, a server without TLS when TLS was asked for) and connections the server closed or
 * reset. They are connection errors, with a hint naming the URL setting that fixes them, never
 * "check the table".
 */

/** How one engine's URL spells its TLS settings, for hints. */
export interface TlsWords {
  /** `sslmode` / `ssl-mode` */
  mode: string;
  /** `sslrootcert` / `ssl-ca` */
  ca: string;
  /** encrypted, certificate not checked: `require` / `REQUIRED` */
  encryptOnly: string;
  /** certificate checked, host name not: `verify-ca` / `VERIFY_CA` */
  verifyCa: string;
}

export const POSTGRES_TLS_WORDS: TlsWords = { mode: 'sslmode', ca: 'sslrootcert', encryptOnly: 'require', verifyCa: 'verify-ca' };
export const MYSQL_TLS_WORDS: TlsWords = { mode: 'ssl-mode', ca: 'ssl-ca', encryptOnly: 'REQUIRED', verifyCa: 'VERIFY_CA' };

const UNTRUSTED = new Set([
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_UNTRUSTED',
  'CERT_SIGNATURE_FAILURE',
]);
const OUT_OF_DATE = new Set(['CERT_HAS_EXPIRED', 'CERT_NOT_YET_VALID']);
/** Node's (OpenSSL's) messages for the certificate errors, by the code they come with. */
const TLS_MESSAGES: [RegExp, string][] = [
  [/^self[- ]signed certificate in certificate chain/i, 'SELF_SIGNED_CERT_IN_CHAIN'],
  [/^self[- ]signed certificate/i, 'DEPTH_ZERO_SELF_SIGNED_CERT'],
  [/^unable to verify the first certificate/i, 'UNABLE_TO_VERIFY_LEAF_SIGNATURE'],
  [/^unable to get (local )?issuer certificate/i, 'UNABLE_TO_GET_ISSUER_CERT_LOCALLY'],
  [/^Hostname\/IP does not match certificate's altnames/i, 'ERR_TLS_CERT_ALTNAME_INVALID'],
  [/^certificate has expired/i, 'CERT_HAS_EXPIRED'],
  [/^certificate is not yet valid/i, 'CERT_NOT_YET_VALID'],
];

function tlsCodeOfMessage(message: string): string | undefined {
  return TLS_MESSAGES.find(([pattern]) => pattern.test(message))?.[1];
}

const LOST = new Set(['ECONNRESET', 'EPIPE', 'PROTOCOL_CONNECTION_LOST']);

export interface LinkFailure {
  /** What went wrong, in words, to put before the driver's own message. */
  what: string;
  hint: string;
}

/** The link failure `error` is, or undefined when it is something else (a query's error, say). */
export function linkFailure(error: unknown, words: TlsWords): LinkFailure | undefined {
  const message = error instanceof Error ? error.message : String(error);
  const given = String((error as { code?: unknown })?.code ?? '');
  // mysql2 replaces the TLS error's own code with its HANDSHAKE_SSL_ERROR: read it back from Node's message.
  const code = given === 'HANDSHAKE_SSL_ERROR' ? (tlsCodeOfMessage(message) ?? 'ERR_TLS_HANDSHAKE') : given;
  const tlsSettings = `${words.mode}=${words.encryptOnly} encrypts without checking the certificate`;
  if (UNTRUSTED.has(code)) {
    return {
      what: "the server's TLS certificate is not signed by a certificate authority this process trusts",
      hint: `Download your provider's CA certificate bundle and add ${words.ca}=/path/to/ca.pem to the url (or set NODE_EXTRA_CA_CERTS); ${tlsSettings}.`,
    };
  }
  if (code === 'ERR_TLS_CERT_ALTNAME_INVALID') {
    return {
      what: "the host name in the url is not one the server's TLS certificate names",
      hint: `Connect with the host name the certificate was issued for, or use ${words.mode}=${words.verifyCa} to check the certificate without the host name.`,
    };
  }
  if (OUT_OF_DATE.has(code)) {
    return { what: "the server's TLS certificate is out of date", hint: "Renew the server's certificate, or check this machine's clock." };
  }
  if (code === 'HANDSHAKE_NO_SSL_SUPPORT' || message === 'The server does not support SSL connections') {
    return {
      what: `the url asks for TLS (${words.mode}) and the server does not offer it`,
      hint: `Enable TLS on the server, or set ${words.mode} to a mode that allows plain text if the network is trusted.`,
    };
  }
  if (/SSL off|, no encryption$|requires? (a )?secure transport|--require[_-]secure[_-]transport/i.test(message)) {
    return { what: 'the server accepts this connection only over TLS', hint: `Add ${words.mode}=${words.encryptOnly} (or stricter) to the url.` };
  }
  if (/^ERR_SSL_|^ERR_TLS_/.test(code) || /error establishing an SSL connection/i.test(message)) {
    return { what: 'the TLS handshake with the server failed', hint: `Check the server's TLS setup and the url's ${words.mode}, ${words.ca} and client certificate settings.` };
  }
  if (LOST.has(code) || /Connection terminated unexpectedly|Connection lost|socket hang up/i.test(message)) {
    return {
      what: 'the server closed the connection',
      hint: 'Check that the host and port are those of the database (not another service) and its logs; a proxy, a connection limit or a TLS requirement can close connections.',
    };
  }
  return undefined;
}
