/**
 * The web page's forms go through the API's own routes: the same zod contract validates them, the same
 * handler vets and stores what they create (a form can do nothing the key could not do with curl), and
 * a validation error comes back as messages per field, to show next to the field.
 */
import { forbidden, HttpError, toValidationError, ValidationError } from '../http-errors.js';
import type { Route, RouteResult } from '../router.js';
import type { WebSession } from './session.js';

/** Messages by field path without the `body.` prefix (`name`, `configuration.source_filter`); `''` for the form as a whole. */
export type FieldErrors = Record<string, string>;

export type RouteOutcome = { ok: true; result: RouteResult } | { ok: false; status: number; message: string; errors: FieldErrors };

function errorsOf(error: ValidationError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const path = issue.loc.slice(1).join('.');
    errors[path] ??= issue.msg;
  }
  return errors;
}

function parse(route: Route, part: 'params' | 'query' | 'body', value: unknown): unknown {
  const schema = route[part];
  if (!schema) return value;
  const result = schema.safeParse(value, { reportInput: true });
  if (!result.success) throw toValidationError(part === 'params' ? 'path' : part, result.error);
  return result.data;
}

/** Runs the API route `method path` for the signed-in key, as the API would for the same key. */
export async function callRoute(
  routes: readonly Route[],
  request: { method: Route['method']; path: string; params?: Record<string, string>; query?: Record<string, unknown>; body?: unknown },
  session: WebSession,
): Promise<RouteOutcome> {
  const route = routes.find((r) => r.method === request.method && r.path === request.path);
  if (!route) throw new Error(`no API route ${request.method} ${request.path}`);
  if (!session.permissions.has(route.permission)) {
    throw forbidden(`Your API key lacks the scope ${route.permission} needed for this; sign in with a key that has it.`, 'insufficient_scope');
  }
  try {
    const result = await route.handle({
      params: parse(route, 'params', request.params ?? {}),
      query: parse(route, 'query', request.query ?? {}),
      body: parse(route, 'body', request.body),
      workspaceId: session.workspaceId,
      key: session.key,
      permissions: session.permissions,
    });
    return { ok: true, result };
  } catch (error) {
    if (error instanceof ValidationError) return { ok: false, status: 422, message: error.body().message ?? 'The form is invalid.', errors: errorsOf(error) };
    if (error instanceof HttpError && error.status !== 403 && error.status < 500) return { ok: false, status: error.status, message: error.message, errors: {} };
    throw error;
  }
}
