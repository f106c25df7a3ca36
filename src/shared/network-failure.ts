/**
 * A request that got no answer, named for what happened (the service's client, the GitHub client,
 * the webhook): refused, not resolved, reset, timed out, TLS. Node's fetch says only "fetch failed";
 * the reason is a `code` further down its causes.
 */

export type NetworkFailureKind = 'refused' | 'unresolved' | 'reset' | 'timed-out' | 'tls' | 'certificate' | 'other';

export interface NetworkFailure {
  kind: NetworkFailureKind;
  /** The system's or TLS library's code (`ECONNREFUSED`), else the innermost message. */
  code: string;
  /** In words, naming the host (and port) tried: "connection refused: nothing listens on 127.0.0.1:9". */
  what: string;
}

/** The first `code` along an error's causes (undici's `fetch failed` carries it there), else its innermost message. */
export function networkErrorCode(error: unknown): string {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current instanceof Error; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    if (current.cause === undefined) return current.message;
    current = current.cause;
  }
  return current instanceof Error ? current.message : String(current);
}

/** What a network failure's code means, for a request to `url`. */
export function describeNetworkFailure(code: string, url: URL | undefined): NetworkFailure {
  const host = url?.hostname ?? 'the host';
  const port = url ? url.port || (url.protocol === 'https:' ? '443' : '80') : '?';
  const named = (kind: NetworkFailureKind, what: string): NetworkFailure => ({ kind, code, what });
  if (code === 'ECONNREFUSED') return named('refused', `connection refused: nothing listens on ${host}:${port}`);
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return named('unresolved', `the host name ${host} does not resolve (${code})`);
  if (code === 'ECONNRESET' || code === 'EPIPE') return named('reset', `the connection to ${host}:${port} was reset (${code})`);
  if (code === 'UND_ERR_SOCKET') return named('reset', `the connection to ${host}:${port} closed before the answer came (${code})`);
  if (/TIMEDOUT|TIMEOUT/i.test(code)) return named('timed-out', `connecting to ${host}:${port} timed out (${code})`);
  if (/WRONG_VERSION_NUMBER|PACKET_LENGTH_TOO_LONG|EPROTO|record layer failure/i.test(code)) {
    return named('tls', `TLS to ${host}:${port} failed (${code}): TLS to a plain HTTP port?`);
  }
  if (/CERT|SELF_SIGNED|UNABLE_TO_VERIFY/i.test(code)) return named('certificate', `the TLS certificate of ${host} is not trusted (${code})`);
  return named('other', code);
}
