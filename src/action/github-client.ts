/**
 * The one GitHub API client of a run (PR comment, check runs, drift issue), with what every call
 * needs and octokit does not give:
 * - a time limit per request (30 s, DATACOMPARE_GITHUB_TIMEOUT_SECONDS), headers and body alike: an
 *   API that accepts and never answers used to hold each attempt for undici's 5 minutes;
 * - retries with full-jitter backoff (3 attempts, Retry-After honoured) only where a repeat is safe:
 *   any request that surely did not reach GitHub (name not resolved, connection refused, 429), and a
 *   read or a request marked `idempotent` after one that may have (timeout, reset, 5xx). A create is
 *   never repeated blindly: `createOnce` looks for what it would have made first;
 * - a failure named for what it is (`GitHubApiError`): "the host name … does not resolve (ENOTFOUND)",
 *   "no answer within 30 s", "HTTP 404 Not Found, with an empty body", never octokit's "HTTP 500"
 *   for a network error or its empty message;
 * - once GitHub could not be reached, or did not answer, after every attempt, the run's later calls
 *   fail at once with that reason instead of waiting again: the step ends within about three time limits.
 * Created explicitly from the token, never at import time.
 */
import { STATUS_CODES } from 'node:http';
import type * as github from '@actions/github';
import type { Logger } from '../shared/logger.js';
import { describeNetworkFailure, networkErrorCode, type NetworkFailureKind } from '../shared/network-failure.js';
import { redact } from '../shared/redact.js';
import { fullJitterDelay, parseRetryAfter, retry, type RetryDecision } from '../shared/retry.js';
import { sleep } from '../shared/abort.js';

export type Octokit = ReturnType<typeof github.getOctokit>;

/** A GitHub API request gets no more than this long, its answer's body included. */
export const GITHUB_TIMEOUT_MS = 30_000;
/** Attempts of a request that may be repeated, the first included. */
export const GITHUB_ATTEMPTS = 3;

/** The time limit per request: DATACOMPARE_GITHUB_TIMEOUT_SECONDS (1–300), else GITHUB_TIMEOUT_MS. */
export function githubTimeoutFromEnv(env: NodeJS.ProcessEnv): number {
  const seconds = Number(env.DATACOMPARE_GITHUB_TIMEOUT_SECONDS);
  return Number.isFinite(seconds) && seconds >= 1 && seconds <= 300 ? seconds * 1000 : GITHUB_TIMEOUT_MS;
}

/** How a call to GitHub failed: GitHub answered with an error status, no answer came (and why), or it was not sent (GitHub had not answered before). */
export type GitHubFailure = 'http' | 'no-answer' | 'not-sent' | NetworkFailureKind;

/** A failed call to GitHub. Never fails the run: each publisher turns it into a warning (it never reaches the action's single catch). */
export class GitHubApiError extends Error {
  override readonly name = 'GitHubApiError';
  /** GitHub's HTTP status; undefined when GitHub did not answer. */
  readonly status: number | undefined;
  readonly failure: GitHubFailure;
  /** The Retry-After of GitHub's answer (429, 503), when it sent one. */
  readonly retryAfterMs: number | undefined;

  constructor(message: string, options: { failure: GitHubFailure; status?: number; retryAfterMs?: number; cause?: unknown }) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.failure = options.failure;
    this.status = options.status;
    this.retryAfterMs = options.retryAfterMs;
  }

  /** The request may have been carried out though it failed: the connection broke or our limit fired after it was sent, or GitHub failed mid-way. */
  get mayHaveLanded(): boolean {
    return ['no-answer', 'reset', 'timed-out', 'other'].includes(this.failure) || (this.status !== undefined && this.status >= 500);
  }

  /** It surely never reached GitHub, or GitHub turned it away before doing it. */
  get neverLanded(): boolean {
    return this.failure === 'unresolved' || this.failure === 'refused' || this.status === 429;
  }
}

export interface GitHubClientOptions {
  token: string;
  logger: Logger;
  env?: NodeJS.ProcessEnv;
  /** Default githubTimeoutFromEnv(env). */
  timeoutMs?: number;
  /** Backoff before the first retry at most (full jitter, doubling); tests use a few ms. Default 1 s. */
  retryBaseMs?: number;
}

/** Failures after which GitHub counts as unreachable for the rest of the run. */
const UNREACHABLE: ReadonlySet<GitHubFailure> = new Set<GitHubFailure>(['no-answer', 'unresolved', 'refused', 'timed-out', 'tls', 'certificate']);

interface RequestShape {
  method?: string;
  url?: string;
  request?: { signal?: AbortSignal; idempotent?: boolean };
}

/** An octokit for the GitHub API the runner names (GITHUB_API_URL read now), every request guarded as above. */
export async function createGitHubClient(options: GitHubClientOptions): Promise<Octokit> {
  const env = options.env ?? process.env;
  const { getOctokit } = await import('@actions/github');
  const octokit = getOctokit(options.token, { baseUrl: env.GITHUB_API_URL || 'https://api.github.com' });
  const timeoutMs = options.timeoutMs ?? githubTimeoutFromEnv(env);
  let unreachable: GitHubApiError | undefined;

  octokit.hook.wrap('request', async (send, requestOptions) => {
    const shape = requestOptions as RequestShape;
    const { method, url } = octokit.request.endpoint.parse(requestOptions as Parameters<typeof octokit.request.endpoint.parse>[0]);
    const target = new URL(url);
    const what = `${method} ${target.pathname}`;
    if (unreachable) {
      throw new GitHubApiError(`${what} was not sent: an earlier request of this run failed (${unreachable.message})`, { failure: 'not-sent', cause: unreachable });
    }
    const repeatable = method === 'GET' || method === 'HEAD' || shape.request?.idempotent === true;
    const given = shape.request;
    const attempt = async () => {
      const limit = AbortSignal.timeout(timeoutMs);
      // The options are the ones the hook chain was bound to: set on them, not on a copy (a copy is not passed on).
      shape.request = { ...given, signal: limit };
      try {
        const response = await send(requestOptions);
        // octokit reads the body after the headers; a body cut by our limit reads as empty, not as an answer.
        if (limit.aborted) throw limit.reason;
        return response;
      } catch (error) {
        throw gitHubError(error, { what, target, timeoutMs, timedOut: limit.aborted });
      }
    };
    try {
      return await retry(attempt, {
        maxAttempts: GITHUB_ATTEMPTS,
        baseMs: options.retryBaseMs ?? 1000,
        classify: (error) => retryDecision(error, repeatable),
        onRetry: (info) => options.logger.debug(`GitHub API: ${redact(String((info.error as Error).message))}; attempt ${info.attempt + 1} of ${GITHUB_ATTEMPTS} in ${info.delayMs} ms`),
      });
    } catch (error) {
      // Not reached, or no answer, after every attempt: the run's later calls would wait the same way (a connection that broke once says less).
      if (error instanceof GitHubApiError && UNREACHABLE.has(error.failure)) unreachable = error;
      throw error;
    }
  });
  return octokit;
}

function retryDecision(error: unknown, repeatable: boolean): RetryDecision {
  if (!(error instanceof GitHubApiError)) return { retry: false };
  const transient = error.neverLanded || error.mayHaveLanded;
  if (!transient || (!error.neverLanded && !repeatable)) return { retry: false };
  return { retry: true, reason: error.message, ...(error.retryAfterMs !== undefined ? { retryAfterMs: error.retryAfterMs } : {}) };
}

/** octokit's error (or fetch's) as a GitHubApiError naming what happened. */
function gitHubError(error: unknown, request: { what: string; target: URL; timeoutMs: number; timedOut: boolean }): GitHubApiError {
  if (error instanceof GitHubApiError) return error;
  const host = request.target.host;
  if (request.timedOut) {
    return new GitHubApiError(`no answer from ${host} within ${Math.round(request.timeoutMs / 1000)} s (${request.what})`, { failure: 'no-answer', cause: error });
  }
  const response = (error as { response?: { status?: number; headers?: Record<string, string | undefined>; data?: unknown } }).response;
  const status = response?.status;
  if (typeof status === 'number') {
    const said = redact((error as Error).message ?? '').trim();
    const named = STATUS_CODES[status] ? ` ${STATUS_CODES[status]}` : '';
    const retryAfterMs = parseRetryAfter(response?.headers?.['retry-after']);
    const body = said === '' ? ', with an empty body' : `: ${said}`;
    return new GitHubApiError(`GitHub answered HTTP ${status}${named}${body} (${request.what})`, { failure: 'http', status, ...(retryAfterMs !== undefined ? { retryAfterMs } : {}), cause: error });
  }
  const failure = describeNetworkFailure(networkErrorCode(error), request.target);
  return new GitHubApiError(`${failure.what} (${request.what})`, { failure: failure.kind, cause: error });
}

/** GitHub's HTTP status of a failed call, when GitHub answered. */
export function statusOf(error: unknown): number | undefined {
  return error instanceof GitHubApiError ? error.status : undefined;
}

/** A failure's text for a warning, redacted. */
export function describeGitHubFailure(error: unknown): string {
  return redact(error instanceof Error ? error.message : String(error));
}

/**
 * A create (POST: the client repeats it on its own only when it surely never landed) made safe to
 * repeat once after a failure that may have reached GitHub: after a short wait, `find` looks for what
 * it would have made, and only when nothing is found is it sent again.
 */
export async function createOnce<T>(create: () => Promise<T>, find: () => Promise<T | undefined>, options: { retryBaseMs?: number } = {}): Promise<T> {
  try {
    return await create();
  } catch (error) {
    if (!(error instanceof GitHubApiError) || !error.mayHaveLanded) throw error;
    await sleep(error.retryAfterMs ?? fullJitterDelay(0, { baseMs: options.retryBaseMs ?? 1000 }));
    const found = await find();
    return found !== undefined ? found : await create();
  }
}
