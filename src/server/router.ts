/**
 * A small router on node:http: routes declare method, path template, required permission and zod
 * schemas for path, query and body (from src/api/contract.ts); the pipeline authenticates, checks
 * the workspace and the scope, rate-limits, validates, runs the handler and answers JSON. The same
 * declarations produce /openapi.json.
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { z } from 'zod';
import { requestHeadersSchema } from '../api/contract.js';
import { permissionsOf, verifyApiKey, type Permission } from './api-keys.js';
import { conflict, forbidden, HttpError, notAuthenticated, notFound, toValidationError, ValidationError } from './http-errors.js';
import type { RateLimiter } from './rate-limit.js';
import type { ApiKeyRecord, Store } from './storage/store.js';

export interface RouteContext<P = unknown, Q = unknown, B = unknown> {
  params: P;
  query: Q;
  body: B;
  workspaceId: string;
  key: ApiKeyRecord;
  permissions: Set<Permission>;
}

export interface RouteResult {
  status?: number;
  body: unknown;
  headers?: Record<string, string>;
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

interface CompiledRoute {
  route: Route;
  pattern: RegExp;
  names: string[];
}

export interface RouterOptions {
  store: Store;
  rateLimiter: RateLimiter;
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

function compile(route: Route): CompiledRoute {
  const names: string[] = [];
  const source = route.path.replace(/\{([a-z_]+)\}/g, (_, name: string) => {
    names.push(name);
    return '([^/]+)';
  });
  return { route, pattern: new RegExp(`^${source}/?$`), names };
}

/** The body, up to `limit` bytes (413 beyond); undefined when empty. */
async function readBody(request: IncomingMessage, limit: number): Promise<string | undefined> {
  const declared = Number(request.headers['content-length'] ?? 0);
  if (declared > limit) throw tooLarge(limit);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
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

function bearer(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1];
}

export function send(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  response.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text), ...headers });
  response.end(text);
}

export class Router {
  private readonly compiled: CompiledRoute[];

  constructor(
    readonly routes: readonly Route[],
    private readonly options: RouterOptions,
  ) {
    this.compiled = routes.map(compile);
  }

  /** Handles one API request; returns what to log. */
  async handle(request: IncomingMessage, response: ServerResponse, pathname: string, search: URLSearchParams): Promise<RequestLog> {
    const started = performance.now();
    const log: RequestLog = { method: request.method ?? 'GET', route: null, status: 500, duration_ms: 0 };
    try {
      const result = await this.dispatch(request, pathname, search, log);
      log.status = result.status ?? 200;
      send(response, log.status, result.body, result.headers);
    } catch (error) {
      if (error instanceof ValidationError) {
        log.status = 422;
        log.code = 'validation_error';
        send(response, 422, error.body());
      } else if (error instanceof HttpError) {
        log.status = error.status;
        log.code = error.code;
        send(response, error.status, error.body(), error.headers);
      } else {
        log.status = 500;
        log.code = 'internal_error';
        send(response, 500, {
          detail: 'Internal Server Error',
          message: 'The server failed to handle the request; see its log.',
          code: 'internal_error',
        });
        throw error;
      }
    } finally {
      log.duration_ms = Math.round((performance.now() - started) * 10) / 10;
    }
    return log;
  }

  private async dispatch(request: IncomingMessage, pathname: string, search: URLSearchParams, log: RequestLog): Promise<RouteResult> {
    let matched: { compiled: CompiledRoute; match: RegExpExecArray } | undefined;
    let pathMatched = false;
    for (const compiled of this.compiled) {
      const match = compiled.pattern.exec(pathname);
      if (!match) continue;
      pathMatched = true;
      if (compiled.route.method === request.method) {
        matched = { compiled, match };
        break;
      }
    }
    if (!matched) {
      if (pathMatched) throw new HttpError(405, 'method_not_allowed', 'Method Not Allowed', `${request.method} is not allowed on ${pathname}.`);
      throw notFound(`There is no endpoint ${request.method} ${pathname}.`, 'route_not_found');
    }
    const { route } = matched.compiled;
    log.route = `${route.method} ${route.path}`;

    // Authentication, then the workspace, then the scope, then the rate limit.
    const now = this.options.now();
    const check = await verifyApiKey(this.options.store, bearer(request.headers.authorization), now);
    if (!check.ok) {
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
    const headers = parseWith(requestHeadersSchema, request.headers, 'header');
    const workspaceId = headers['workspace-id'].toLowerCase();
    log.workspace_id = workspaceId;
    if (!key.workspaces.map((w) => w.toLowerCase()).includes(workspaceId)) {
      throw forbidden(`This API key does not belong to workspace ${workspaceId}.`, 'workspace_forbidden');
    }
    const permissions = permissionsOf(key.scopes);
    if (!permissions.has(route.permission)) {
      throw forbidden(`This API key lacks the scope ${route.permission} needed for ${route.method} ${route.path}.`, 'insufficient_scope');
    }
    const waitSeconds = this.options.rateLimiter.take(key.id);
    if (waitSeconds > 0) {
      throw new HttpError(429, 'rate_limited', 'Too Many Requests', `Too many requests with this API key; retry in ${waitSeconds} s.`, {
        'Retry-After': String(waitSeconds),
      });
    }
    void this.options.store.touchKey(key.id, now.toISOString()).catch(() => {});

    const rawParams: Record<string, string> = {};
    matched.compiled.names.forEach((name, index) => {
      rawParams[name] = decodeURIComponent(matched.match[index + 1] ?? '');
    });
    const params = route.params ? parseWith(route.params, rawParams, 'path') : rawParams;
    const query = route.query ? parseWith(route.query, Object.fromEntries(search), 'query') : {};
    let body: unknown;
    let text: string | undefined;
    if (route.body) {
      text = await readBody(request, this.options.maxBodyBytes);
      if (text === undefined) {
        throw new ValidationError([{ type: 'missing', loc: ['body'], msg: 'Field required', input: null }]);
      }
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch (error) {
        throw new ValidationError([
          { type: 'json_invalid', loc: ['body', 0], msg: `JSON decode error: ${(error as Error).message}`, input: {} },
        ]);
      }
      body = parseWith(route.body, parsed, 'body');
    } else {
      await readBody(request, this.options.maxBodyBytes); // drain (and cap) an unexpected body
    }
    const context = { params, query, body, workspaceId, key, permissions };
    const idemKey = request.headers['idempotency-key'];
    if (!route.idempotent || typeof idemKey !== 'string') return route.handle(context);
    if (idemKey.length === 0 || idemKey.length > 200) {
      throw new ValidationError([{ type: 'string_too_long', loc: ['header', 'idempotency-key'], msg: 'must be 1 to 200 characters', input: idemKey }]);
    }
    return this.idempotently(route, context, idemKey, `${request.method} ${pathname}?${search.toString()}\n${text ?? ''}`);
  }

  private async idempotently(route: Route, context: RouteContext, idemKey: string, request: string): Promise<RouteResult> {
    const { store } = this.options;
    const fingerprint = createHash('sha256').update(request).digest('hex');
    const { key, workspaceId } = context;
    if (!(await store.claimIdempotency(key.id, workspaceId, idemKey, fingerprint, this.options.now()))) {
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
}
