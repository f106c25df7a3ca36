/**
 * One HTTP exchange with the Data Comparison Service: URL (with any path prefix), the two auth
 * headers, an Idempotency-Key on POSTs, the per-request time limit (headers and whole body) combined
 * with the caller's AbortSignal, the body read up to a size limit, the answer parsed with a zod
 * schema (errors turned into ApiCallError sentences), the retry policy for safe calls (network
 * errors and 408/429/5xx, full jitter, Retry-After), and the outage bound (outage.ts): after enough
 * failed requests in a row, over long enough, no request is sent any more.
 */
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { OutageBound, type OutageLimits } from './outage.js';
import { BodyTooLargeError, DEFAULT_MAX_BODY_BYTES, readBodyText, type BodyTally } from './response-body.js';
import { ApiCallError, httpError, invalidResponseError, networkError, timeoutError, tooLargeError, type ServiceAddress } from './service-error.js';
import { anySignal, sleep as realSleep, throwIfAborted } from '../shared/abort.js';
import { ConfigurationError } from '../shared/errors.js';
import type { Logger } from '../shared/logger.js';
import { addSecret } from '../shared/redact.js';
import { fullJitterDelay, parseRetryAfter, retry, type RetryDecision } from '../shared/retry.js';

export interface ApiClientOptions {
  /** Base URL, optionally with a path prefix: https://host/api/v1 */
  baseUrl: string;
  apiKey: string;
  workspaceId: string;
  logger: Logger;
  /** Per-request time limit, the whole body included. Default 30 s. */
  requestTimeoutMs?: number;
  /** The most bytes read from one answer (default 64 MiB); a larger answer is an error naming the limit. */
  maxBodyBytes?: number;
  /** When a service that keeps failing is given up on (default: 3 failed requests in a row over 90 s). */
  outage?: OutageLimits;
  /** Aborts every request and wait of this client (cancel, overall timeout). */
  signal?: AbortSignal;
  /** Attempts per safe call, the first included. Default 5. */
  maxAttempts?: number;
  /** Backoff base and cap (defaults 1 s / 30 s), randomness and clock: injectable for tests. */
  backoff?: { baseMs?: number; capMs?: number; random?: () => number };
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  fetch?: typeof fetch;
  /** Which setting gave `baseUrl`, for messages ("the api-url input", "DATACOMPARE_API_URL"). */
  urlSetting?: string;
  /** Which setting gave `workspaceId`, for messages ("the workspace-id input", "DATACOMPARE_WORKSPACE_ID"). */
  workspaceSetting?: string;
}

const WORKSPACE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type Method = 'GET' | 'POST';
export interface CallSpec<S extends z.ZodType> {
  method: Method;
  /** The endpoint as documented, for messages: `POST /comparisons/{comparison_id}/execute`. */
  endpoint: string;
  path: string;
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  schema: S;
  /** Reshapes the raw JSON before parsing (hosted-service variations). */
  prepare?: (body: unknown) => unknown;
  /** Same key on every retry of one logical POST. */
  idempotencyKey?: string;
  signal?: AbortSignal;
}

const USER_AGENT = 'datacompare (+https://github.com/datacompare/datacompare)';
/** Of an error answer, only this much is read (its first sentence is all a message shows). */
const ERROR_BODY_BYTES = 64 * 1024;

export class ServiceTransport {
  readonly baseUrl: string;
  readonly options: ApiClientOptions;
  readonly requestTimeoutMs: number;
  private readonly fetchImpl: typeof fetch;
  private readonly address: ServiceAddress;
  private readonly outage: OutageBound;
  /** The service's clock minus ours, from the Date header of its last answer. */
  private skewMs: number | undefined;

  constructor(options: ApiClientOptions) {
    let url: URL;
    try {
      url = new URL(options.baseUrl);
    } catch {
      throw new ConfigurationError(`The API URL "${options.baseUrl}" is not a valid URL.`, { hint: 'Use e.g. https://service.example.com/api/v1.' });
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new ConfigurationError(`The API URL "${options.baseUrl}" must start with https:// (or http://).`);
    }
    if (!options.apiKey) throw new ConfigurationError('An API key is required in api mode.', { hint: 'Set the api-key input (or DATACOMPARE_API_KEY).' });
    const workspaceSetting = options.workspaceSetting ?? 'the workspace-id input (or DATACOMPARE_WORKSPACE_ID)';
    if (!options.workspaceId) throw new ConfigurationError('A workspace id is required in api mode.', { hint: `Set ${workspaceSetting}.` });
    if (!WORKSPACE_ID.test(options.workspaceId)) {
      // never echoed: a key pasted into the wrong setting must not reach a log
      throw new ConfigurationError(`The workspace id (${options.workspaceId.length} characters) is not a UUID like 0f8c2d1e-3b4a-4c5d-8e6f-7a8b9c0d1e2f.`, {
        hint: `Set ${workspaceSetting} to the workspace's id as the service shows it (the API key goes in its own setting).`,
      });
    }
    addSecret(options.apiKey);
    this.baseUrl = url.href.replace(/\/+$/, '');
    this.options = options;
    this.fetchImpl = options.fetch ?? fetch;
    this.requestTimeoutMs = options.requestTimeoutMs ?? 30_000;
    this.address = { url: this.baseUrl, setting: options.urlSetting ?? 'the API URL setting' };
    this.outage = new OutageBound(this.address, options.outage);
  }

  /** The service's time now (our clock corrected by its last Date header); undefined before any answer. */
  serviceNow(): Date | undefined {
    return this.skewMs === undefined ? undefined : new Date(Date.now() + this.skewMs);
  }

  get maxAttempts(): number {
    return this.options.maxAttempts ?? 5;
  }

  /** The wait before the next attempt after `error` (Retry-After, else full jitter). */
  retryDelay(error: ApiCallError, attempt: number): number {
    return error.retryAfterMs ?? fullJitterDelay(attempt - 1, this.options.backoff);
  }

  /** An abortable pause (the injectable clock of tests). */
  pause(ms: number, signal?: AbortSignal): Promise<void> {
    return (this.options.sleep ?? realSleep)(ms, this.signalFor(signal));
  }

  signalFor(signal: AbortSignal | undefined): AbortSignal | undefined {
    return this.options.signal || signal ? anySignal(this.options.signal, signal) : undefined;
  }

  /** A call retried on network errors and 408/429/5xx, honouring Retry-After. */
  safeCall<S extends z.ZodType>(spec: CallSpec<S>, maxAttempts?: number): Promise<z.infer<S>> {
    const signal = this.signalFor(spec.signal);
    return retry(() => this.call(spec), {
      maxAttempts: maxAttempts ?? this.options.maxAttempts ?? 5,
      ...this.options.backoff,
      ...(this.options.sleep ? { sleep: this.options.sleep } : {}),
      ...(signal ? { signal } : {}),
      classify: (error): RetryDecision =>
        error instanceof ApiCallError && error.retryable
          ? { retry: true, reason: error.message, ...(error.retryAfterMs !== undefined ? { retryAfterMs: error.retryAfterMs } : {}) }
          : { retry: false },
      onRetry: (info) => this.options.logger.debug(`${spec.endpoint}: attempt ${info.attempt} failed (${info.reason}); retrying in ${info.delayMs} ms.`),
    });
  }

  /** One HTTP request: no retry. Not sent once the service is given up on (ServiceUnavailableError). */
  async call<S extends z.ZodType>(spec: CallSpec<S>): Promise<z.infer<S>> {
    const outer = this.signalFor(spec.signal);
    throwIfAborted(outer);
    this.outage.check();
    const sentAt = Date.now();
    try {
      const answer = await this.exchange(spec, outer);
      this.outage.answered();
      return answer;
    } catch (error) {
      if (error instanceof ApiCallError && !outer?.aborted) {
        if (error.retryable || error.failure === 'too-large' || error.failure === 'invalid-response') this.outage.failed(sentAt, error);
        else this.outage.answered();
      }
      throw error;
    }
  }

  private async exchange<S extends z.ZodType>(spec: CallSpec<S>, outer: AbortSignal | undefined): Promise<z.infer<S>> {
    const timeout = AbortSignal.timeout(this.requestTimeoutMs);
    const url = new URL(this.baseUrl + spec.path);
    for (const [key, value] of Object.entries(spec.query ?? {})) {
      if (value !== undefined) url.searchParams.set(key, String(value));
    }
    const headers: Record<string, string> = {
      authorization: `Bearer ${this.options.apiKey}`,
      'workspace-id': this.options.workspaceId,
      accept: 'application/json',
      'user-agent': USER_AGENT,
    };
    if (spec.body !== undefined) headers['content-type'] = 'application/json';
    if (spec.method === 'POST') headers['idempotency-key'] = spec.idempotencyKey ?? randomUUID();

    const limit = this.options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
    const tally: BodyTally = { headers: false, bytes: 0 };
    let response: Response;
    let text: string;
    try {
      response = await this.fetchImpl(url, {
        method: spec.method,
        headers,
        ...(spec.body !== undefined ? { body: JSON.stringify(spec.body) } : {}),
        signal: anySignal(outer, timeout),
        redirect: 'follow',
      });
      tally.headers = true;
      const date = Date.parse(response.headers.get('date') ?? '');
      if (!Number.isNaN(date)) this.skewMs = date - Date.now();
      text = response.ok ? await readBodyText(response, limit, 'fail', tally) : await readBodyText(response, ERROR_BODY_BYTES, 'cut', tally);
    } catch (error) {
      throwIfAborted(outer);
      if (error instanceof BodyTooLargeError) throw tooLargeError(spec.endpoint, error.limitBytes, this.address, error.declaredBytes);
      if (timeout.aborted) throw timeoutError(spec.endpoint, this.requestTimeoutMs, tally.headers ? tally.bytes : undefined);
      throw networkError(spec.endpoint, error, this.address);
    }
    let body: unknown = text;
    try {
      body = text === '' ? undefined : (JSON.parse(text) as unknown);
    } catch {
      // keep the text: error pages from proxies are HTML or plain text
    }
    if (!response.ok) {
      throw httpError(spec.endpoint, response.status, body, parseRetryAfter(response.headers.get('retry-after')), this.address);
    }
    if (typeof body !== 'object' || body === null) {
      throw invalidResponseError(spec.endpoint, response.status, text === '' ? 'the body is empty' : 'the body is not JSON', this.address);
    }
    const parsed = spec.schema.safeParse(spec.prepare ? spec.prepare(body) : body);
    if (!parsed.success) {
      const issues = parsed.error.issues
        .slice(0, 3)
        .map((issue) => `${issue.path.join('.') || '(body)'}: ${issue.message}`)
        .join('; ');
      throw invalidResponseError(spec.endpoint, response.status, issues, this.address);
    }
    return parsed.data as z.infer<S>;
  }
}
