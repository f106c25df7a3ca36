/**
 * Turning a failed API call into one sentence a user can act on: the endpoint, the HTTP status, the
 * service's own message (`message`, else `detail`, else FastAPI's validation issues) and a hint.
 * Never the API key: every text goes through `redact`. Also says whether the failure is worth a
 * retry (network errors, 408/429/5xx) and whether the request may have been carried out anyway
 * ("ambiguous": the connection broke, a gateway gave up, or our time limit fired).
 */
import { ServiceError } from '../shared/errors.js';
import { describeNetworkFailure, networkErrorCode, type NetworkFailureKind } from '../shared/network-failure.js';
import { redact } from '../shared/redact.js';

/** HTTP statuses that a retry may fix. */
export const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([408, 429, 500, 502, 503, 504]);
/** Statuses after which the request may have been carried out although it "failed". */
const AMBIGUOUS_STATUSES: ReadonlySet<number> = new Set([500, 502, 504]);

export type FailureKind = 'http' | 'network' | 'timeout' | 'invalid-response' | 'too-large';

/** A failed API call. `status` is undefined for network errors and timeouts. */
export class ApiCallError extends ServiceError {
  readonly endpoint: string;
  readonly failure: FailureKind;
  /** Milliseconds the server asked us to wait (Retry-After). */
  readonly retryAfterMs: number | undefined;
  /** The error body as the service sent it (parsed JSON or text), redacted. */
  readonly body: unknown;

  constructor(
    message: string,
    options: { endpoint: string; failure: FailureKind; status?: number; retryAfterMs?: number; body?: unknown; cause?: unknown; hint?: string },
  ) {
    super(message, {
      cause: options.cause,
      ...(options.hint !== undefined ? { hint: options.hint } : {}),
      ...(options.status !== undefined ? { status: options.status } : {}),
    });
    this.endpoint = options.endpoint;
    this.failure = options.failure;
    this.retryAfterMs = options.retryAfterMs;
    this.body = options.body;
  }

  /** Worth another try. */
  get retryable(): boolean {
    if (this.failure === 'network' || this.failure === 'timeout') return true;
    return this.failure === 'http' && this.status !== undefined && RETRYABLE_STATUSES.has(this.status);
  }

  /** The service may have carried the request out although we got no good answer. */
  get ambiguous(): boolean {
    if (this.failure === 'network' || this.failure === 'timeout') return true;
    return this.failure === 'http' && this.status !== undefined && AMBIGUOUS_STATUSES.has(this.status);
  }
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  408: 'Request Timeout',
  409: 'Conflict',
  413: 'Payload Too Large',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

/** What the service said, from the usual error bodies: `message`, `detail` (text or FastAPI issues). */
export function serviceMessage(body: unknown): string | undefined {
  if (typeof body === 'string') {
    const text = body.trim();
    return text === '' ? undefined : text.length > 300 ? `${text.slice(0, 300)}…` : text;
  }
  if (body === null || typeof body !== 'object') return undefined;
  const record = body as Record<string, unknown>;
  if (typeof record.message === 'string' && record.message.trim() !== '') return record.message.trim();
  if (typeof record.detail === 'string' && record.detail.trim() !== '') return record.detail.trim();
  if (Array.isArray(record.detail)) {
    const issues = record.detail
      .map((issue: unknown) => {
        if (issue === null || typeof issue !== 'object') return undefined;
        const { loc, msg } = issue as { loc?: unknown; msg?: unknown };
        const where = Array.isArray(loc) ? loc.map(String).join('.') : '';
        return typeof msg === 'string' ? (where ? `${where}: ${msg}` : msg) : undefined;
      })
      .filter((text): text is string => text !== undefined);
    if (issues.length > 0) return issues.slice(0, 5).join('; ') + (issues.length > 5 ? ` (and ${issues.length - 5} more)` : '');
  }
  return undefined;
}

function hintFor(status: number | undefined, failure: FailureKind): string | undefined {
  if (status === 401 || status === 403) {
    return 'Check the API key (is it enabled and unexpired?), its scope (read or write) and the Workspace-Id.';
  }
  if (status === 404) return 'Check the API URL (including any path prefix such as /api/v1) and the id in the request.';
  if (status === 422 || status === 400) return 'The service rejected the request; check the comparison settings named above.';
  if (status === 429) return 'The service is rate limiting; retries waited as it asked. Try again later or run fewer comparisons at once.';
  if (failure === 'network') return 'Check the API URL and that the service is reachable from this runner.';
  if (failure === 'timeout') return 'The service did not answer in time; it may be overloaded. Raise timeout-minutes or try again.';
  if (status !== undefined && status >= 500) return 'The service failed; try again later.';
  return undefined;
}

function sentence(text: string): string {
  const trimmed = text.trim();
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

/** The error for an HTTP error answer (an authentication or routing failure names the service's address). */
export function httpError(endpoint: string, status: number, body: unknown, retryAfterMs?: number, address?: ServiceAddress): ApiCallError {
  const said = serviceMessage(body);
  const statusText = STATUS_TEXT[status] ? ` ${STATUS_TEXT[status]}` : '';
  const named = address && (status === 401 || status === 403 || status === 404);
  const where = named ? ` from ${displayUrl(address.url)}` : '';
  const baseHint = hintFor(status, 'http');
  const hint = named && baseHint ? `${baseHint} The address came from ${address.setting}.` : baseHint;
  const message = redact(sentence(`${endpoint} failed with HTTP ${status}${statusText}${where}${said ? `: ${said}` : ''}`));
  return new ApiCallError(message, {
    endpoint,
    failure: 'http',
    status,
    body: redactDeep(body),
    ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
    ...(hint !== undefined ? { hint } : {}),
  });
}

/** Where the service is, for messages: its URL without credentials or query, and the setting that named it. */
export interface ServiceAddress {
  url: string;
  /** "the api-url input", "DATACOMPARE_API_URL", "--api-url". */
  setting: string;
}

/** A URL as it may be shown: no user, password, query or fragment. */
export function displayUrl(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.username = '';
    parsed.password = '';
    parsed.search = '';
    parsed.hash = '';
    return parsed.href.replace(/\/+$/, '');
  } catch {
    return '(not a URL)';
  }
}

/** What to check after each kind of network failure (its words: shared/network-failure.ts). */
const NETWORK_CHECKS: Record<NetworkFailureKind, string> = {
  refused: 'that the service runs and the port is right',
  unresolved: 'the host name, and the runner\'s DNS',
  reset: 'proxies or firewalls between this runner and the service',
  'timed-out': 'that the service is reachable from this runner (firewall, proxy: HTTPS_PROXY / NO_PROXY)',
  tls: 'the scheme: use http:// when the service does not speak TLS on that port',
  certificate: 'the certificate; a private CA goes in NODE_EXTRA_CA_CERTS',
  other: 'that the service is reachable from this runner',
};

/** The error for a request that got no answer (connection refused/reset, DNS, TLS), naming the address tried. */
export function networkError(endpoint: string, cause: unknown, address?: ServiceAddress): ApiCallError {
  const code = networkErrorCode(cause);
  let parsed: URL | undefined;
  try {
    parsed = address ? new URL(address.url) : undefined;
  } catch {
    parsed = undefined;
  }
  const { kind, what } = describeNetworkFailure(code, parsed);
  const check = NETWORK_CHECKS[kind];
  const where = address ? ` at ${displayUrl(address.url)}` : '';
  const hint = address ? `Check ${address.setting} (${displayUrl(address.url)}): ${check}.` : hintFor(undefined, 'network')!;
  return new ApiCallError(redact(`${endpoint} failed: the service${where} could not be reached (${what}).`), {
    endpoint,
    failure: 'network',
    cause,
    hint: redact(hint),
  });
}

/**
 * The error for a request whose answer did not come, or did not finish, within the per-request time
 * limit (which covers the body: `receivedBytes` when its headers had come).
 */
export function timeoutError(endpoint: string, timeoutMs: number, receivedBytes?: number): ApiCallError {
  const limit = `${Math.round(timeoutMs / 1000)} s`;
  const what = receivedBytes === undefined ? `no answer within ${limit}` : `the answer did not finish within ${limit} (${receivedBytes} bytes of its body came)`;
  return new ApiCallError(`${endpoint} failed: ${what}.`, {
    endpoint,
    failure: 'timeout',
    hint: hintFor(undefined, 'timeout')!,
  });
}

/** The error for an answer larger than the most datacompare reads from one answer. */
export function tooLargeError(endpoint: string, limitBytes: number, address: ServiceAddress, declaredBytes?: number): ApiCallError {
  const limit = limitBytes % 1048576 === 0 ? `${limitBytes / 1048576} MiB` : `${limitBytes} bytes`;
  const declared = declaredBytes === undefined ? '' : ` (its Content-Length says ${declaredBytes} bytes)`;
  return new ApiCallError(redact(`${endpoint} failed: the service at ${displayUrl(address.url)} answered with more than ${limit}${declared}, the most datacompare reads from one answer.`), {
    endpoint,
    failure: 'too-large',
    hint: 'A comparison result is rarely that large: a differing row may hold a huge value. Compare fewer or narrower columns, lower max_diff_rows, or ask the service\'s operator to cap stored values.',
  });
}

/** The error for a 2xx answer we cannot read (not JSON, or not the documented shape). */
export function invalidResponseError(endpoint: string, status: number, problem: string, address?: ServiceAddress): ApiCallError {
  const from = address ? ` from ${displayUrl(address.url)}` : '';
  return new ApiCallError(redact(sentence(`${endpoint} answered HTTP ${status}${from} with a response datacompare cannot read: ${problem}`)), {
    endpoint,
    failure: 'invalid-response',
    status,
    hint: 'Check that the API URL points at a Data Comparison Service (including any path prefix such as /api/v1).',
  });
}

function redactDeep(value: unknown): unknown {
  if (value === undefined) return undefined;
  try {
    return JSON.parse(redact(JSON.stringify(value))) as unknown;
  } catch {
    return undefined;
  }
}
