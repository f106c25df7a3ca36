/**
 * The API's routes on Hono: routes declare method, path template, required permission and zod
 * schemas for path, query and body (from src/api/contract.ts); the pipeline authenticates, checks
 * the workspace and the scope, rate-limits, validates, runs the handler and answers JSON in
 * FastAPI's shapes. The same declarations produce /openapi.json.
 */
import { createHash } from 'node:crypto';
import { Hono, type Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { z } from 'zod';
import { requestHeadersSchema } from '../api/contract.js';
import { permissionsOf, type Permission } from './api-keys.js';
import { authenticate } from './authenticate.js';
import { clientIdentity, type TrustedProxies } from './client-address.js';
import { conflict, forbidden, HttpError, notAuthenticated, notFound, toValidationError, ValidationError } from './http-errors.js';
import type { AuthFailures, RateLimiter } from './rate-limit.js';
import type { ApiKeyRecord, Store } from './storage/store.js';

export interface RouteContext<P = unknown, Q = unknown, B = unknown> {
  params: P;
  query: Q;
  body: B;
  workspaceId: string;
  key: ApiKeyRecord;
  permissions: Set<Permission>;
  /** The request's Idempotency-Key (idempotent routes only). */
  idempotencyKey?: string;
}

export interface RouteResult {
  status?: number;
  body: unknown;
  headers?: Record<string, string>;
  /** Answers with a body written as the client reads it (see streamed-response.ts); `body` is then unused. */
  stream?: (c: Context) => Response;
}

export interface Route {
  method: 'GET' | 'POST' | 'DELETE';
  /** e.g. `/comparisons/{comparison_id}/execute` */
  path: string;
  summary: string;
  permission: Permission;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  response: z.ZodType;
  status: number;
  /** Honour an `Idempotency-Key` header: a repeat answers what the first request answered. */
  idempotent?: boolean;
  handle(context: RouteContext): Promise<RouteResult>;
}

/** Declares a route with its handler typed from its schemas. */
export function route<P extends z.ZodType = z.ZodUnknown, Q extends z.ZodType = z.ZodUnknown, B extends z.ZodType = z.ZodUnknown>(
  definition: Omit<Route, 'handle' | 'params' | 'query' | 'body'> & {
    params?: P;
    query?: Q;
    body?: B;
    handle(context: RouteContext<z.output<P>, z.output<Q>, z.output<B>>): Promise<RouteResult>;
  },
): Route {
  return definition as Route;
}

export interface RouterOptions {
  store: Store;
  rateLimiter: RateLimiter;
  /** Failed authentication per client address and per presented key. */
  authFailures: AuthFailures;
  /** The reverse proxies whose X-Forwarded-For names the client. */
  trustedProxies: TrustedProxies;
  maxBodyBytes: number;
  now: () => Date;
}

export interface RequestLog {
  method: string;
  route: string | null;
  status: number;
  duration_ms: number;
  key_id?: string;
  workspace_id?: string;
  code?: string;
}

/** What the API's handlers leave on the Hono context for the request log. */
export type ApiEnv = { Variables: { log: RequestLog } };

/** The body, up to `limit` bytes (413 beyond); undefined when empty. */
async function readBody(request: Request, limit: number): Promise<string | undefined> {
  const declared = Number(request.headers.get('content-length') ?? 0);
  if (declared > limit) throw tooLarge(limit);
  if (!request.body) return undefined;
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of request.body as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.length;
    if (size > limit) throw tooLarge(limit);
    chunks.push(chunk);
  }
  if (size === 0) return undefined;
  return Buffer.concat(chunks).toString('utf8');
}

function tooLarge(limit: number): HttpError {
  return new HttpError(413, 'request_too_large', 'Request Entity Too Large', `The request body is larger than the limit of ${limit} bytes.`);
}

function parseWith<T extends z.ZodType>(schema: T, value: unknown, where: 'body' | 'query' | 'path' | 'header'): z.output<T> {
  const result = schema.safeParse(value, { reportInput: true });
  if (!result.success) throw toValidationError(where, result.error);
  return result.data;
}

/** 429 for a client or key with too many failed authentications. */
function tooManyFailures(waitSeconds: number): HttpError {
  return new HttpError(429, 'too_many_failures', 'Too Many Requests', `Too many failed authentications from this client or with this key; retry in ${waitSeconds} s.`, {
    'Retry-After': String(waitSeconds),
  });
}

/** Most levels of nesting in a JSON body (FastAPI's parser has a limit too; ours answers 422, not 500). */
export const MAX_JSON_DEPTH = 64;

/** True when `value` nests arrays/objects deeper than `limit` (iterative: no recursion on hostile input). */
export function nestedDeeper(value: unknown, limit: number): boolean {
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [item, depth] = stack.pop()!;
    if (item === null || typeof item !== 'object') continue;
    if (depth > limit) return true;
    for (const child of Object.values(item)) if (child !== null && typeof child === 'object') stack.push([child, depth + 1]);
  }
  return false;
}

function bearer(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1];
}

export function json(c: Context, status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return c.json(body as object, status as ContentfulStatusCode, headers);
}

/** An error as the API answers it (validation 422, our HttpErrors); undefined for a bug (a 500). */
export function errorAnswer(error: unknown): { status: number; body: unknown; code: string; headers?: Record<string, string> } | undefined {
  if (error instanceof ValidationError) return { status: 422, body: error.body(), code: 'validation_error' };
  if (error instanceof HttpError) return { status: error.status, body: error.body(), code: error.code, headers: error.headers };
  return undefined;
}

export const INTERNAL_ERROR_BODY = {
  detail: 'Internal Server Error',
  message: 'The server failed to handle the request; see its log.',
  code: 'internal_error',
};

/** `/comparisons/{comparison_id}` → `/comparisons/:comparison_id`. */
function honoPath(path: string): string {
  return path.replace(/\{([a-z_]+)\}/g, ':$1');
}

/**
 * The API as a Hono app: every route, a 405 for a known path with another method, a 404 in the
 * API's shape for an unknown one. Mounted at the root and under /api/v1 by app.ts.
 */
export function apiApp(routes: readonly Route[], options: RouterOptions): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>({ strict: false });
  for (const route of routes) {
    app.on(route.method, honoPath(route.path), async (c) => {
      const log = c.get('log');
      log.route = `${route.method} ${route.path}`;
      const result = await dispatch(route, c, options, log);
      if (result.stream) return result.stream(c);
      return json(c, result.status ?? 200, result.body, result.headers);
    });
  }
  for (const path of new Set(routes.map((route) => route.path))) {
    app.all(honoPath(path), (c) => {
      throw new HttpError(405, 'method_not_allowed', 'Method Not Allowed', `${c.req.method} is not allowed on ${new URL(c.req.url).pathname}.`);
    });
  }
  app.all('*', (c) => {
    throw notFound(`There is no endpoint ${c.req.method} ${new URL(c.req.url).pathname}.`, 'route_not_found');
  });
  return app;
}

async function dispatch(route: Route, c: Context<ApiEnv>, options: RouterOptions, log: RequestLog): Promise<RouteResult> {
  // Authentication (the key checked first: a valid one is never refused for others' failures), then the
  // workspace, then the scope, then the rate limit.
  const now = options.now();
  const presented = bearer(c.req.header('authorization'));
  const check = await authenticate(options.store, presented, { client: clientIdentity(c, options.trustedProxies), failures: options.authFailures, now });
  if (!check.ok) {
    if (check.retryAfter > 0) throw tooManyFailures(check.retryAfter);
    const why = {
      missing: 'Send the API key as "Authorization: Bearer <key>".',
      unknown: 'The API key is not valid.',
      disabled: 'The API key is disabled; enable it or use another key.',
      expired: 'The API key has expired; create a new one.',
    }[check.reason];
    throw notAuthenticated(why);
  }
  const key = check.key;
  log.key_id = key.id;
  const headers = parseWith(requestHeadersSchema, Object.fromEntries(c.req.raw.headers), 'header');
  const workspaceId = headers['workspace-id'].toLowerCase();
  log.workspace_id = workspaceId;
  if (!key.workspaces.map((w) => w.toLowerCase()).includes(workspaceId)) {
    throw forbidden(`This API key does not belong to workspace ${workspaceId}.`, 'workspace_forbidden');
  }
  const permissions = permissionsOf(key.scopes);
  if (!permissions.has(route.permission)) {
    throw forbidden(`This API key lacks the scope ${route.permission} needed for ${route.method} ${route.path}.`, 'insufficient_scope');
  }
  const waitSeconds = options.rateLimiter.take(key.id);
  if (waitSeconds > 0) {
    throw new HttpError(429, 'rate_limited', 'Too Many Requests', `Too many requests with this API key; retry in ${waitSeconds} s.`, {
      'Retry-After': String(waitSeconds),
    });
  }
  void options.store.keys.touch(key.id, now.toISOString()).catch(() => {});

  const url = new URL(c.req.url);
  const rawParams = c.req.param() as Record<string, string>;
  const params = route.params ? parseWith(route.params, rawParams, 'path') : rawParams;
  const query = route.query ? parseWith(route.query, Object.fromEntries(url.searchParams), 'query') : {};
  let body: unknown;
  let text: string | undefined;
  if (route.body) {
    text = await readBody(c.req.raw, options.maxBodyBytes);
    if (text === undefined) {
      throw new ValidationError([{ type: 'missing', loc: ['body'], msg: 'Field required', input: null }]);
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (error) {
      // V8's message quotes the body: only the position is told
      const position = /position (\d+)/.exec((error as Error).message)?.[1];
      throw new ValidationError([{ type: 'json_invalid', loc: ['body', position === undefined ? 0 : Number(position)], msg: 'JSON decode error', input: {} }]);
    }
    if (nestedDeeper(parsed, MAX_JSON_DEPTH)) {
      throw new ValidationError([{ type: 'json_invalid', loc: ['body', 0], msg: `JSON nested deeper than ${MAX_JSON_DEPTH} levels`, input: {} }]);
    }
    body = parseWith(route.body, parsed, 'body');
  } else {
    await readBody(c.req.raw, options.maxBodyBytes); // drain (and cap) an unexpected body
  }
  const context = { params, query, body, workspaceId, key, permissions };
  const idemKey = c.req.header('idempotency-key');
  if (!route.idempotent || idemKey === undefined) return route.handle(context);
  if (idemKey.length === 0 || idemKey.length > 200) {
    throw new ValidationError([{ type: 'string_too_long', loc: ['header', 'idempotency-key'], msg: 'must be 1 to 200 characters', input: idemKey }]);
  }
  const pathname = url.pathname.replace(/^\/api\/v1(?=\/)/, '');
  return idempotently(route, { ...context, idempotencyKey: idemKey }, options, idemKey, `${c.req.method} ${pathname}?${url.searchParams.toString()}\n${text ?? ''}`);
}

async function idempotently(route: Route, context: RouteContext, options: RouterOptions, idemKey: string, request: string): Promise<RouteResult> {
  const { store } = options;
  const fingerprint = createHash('sha256').update(request).digest('hex');
  const { key, workspaceId } = context;
  if (!(await store.claimIdempotency(key.id, workspaceId, idemKey, fingerprint, options.now()))) {
    const earlier = await store.idempotencyRecord(key.id, workspaceId, idemKey);
    if (earlier && earlier.fingerprint !== fingerprint) {
      throw conflict('This Idempotency-Key was already used for a different request; use a new key.', 'idempotency_key_reused');
    }
    if (!earlier || earlier.status === null || earlier.body === null) {
      throw new HttpError(409, 'idempotency_in_progress', 'A request with this Idempotency-Key is still in progress; retry shortly.', 'A request with this Idempotency-Key is still in progress; retry shortly.', { 'Retry-After': '1' });
    }
    return { status: earlier.status, body: JSON.parse(earlier.body) as unknown, headers: { 'Idempotent-Replayed': 'true' } };
  }
  try {
    const result = await route.handle(context);
    await store.settleIdempotency(key.id, workspaceId, idemKey, { status: result.status ?? route.status, body: JSON.stringify(result.body) });
    return result;
  } catch (error) {
    await store.settleIdempotency(key.id, workspaceId, idemKey, undefined).catch(() => {});
    throw error;
  }
}
