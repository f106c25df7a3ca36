/**
 * Errors the server answers with, in FastAPI's shapes plus ours: `{detail, message, code}` (detail as
 * FastAPI would say it, message a sentence, code stable snake_case), and for validation FastAPI's
 * 422 `{detail: [{type, loc, msg, input}]}`. Never a stack trace, never a key.
 */
import type { z } from 'zod';
import type { ErrorBody, ValidationErrorBody } from '../api/contract.js';

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly detail: string,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }

  body(): ErrorBody {
    return { detail: this.detail, message: this.message, code: this.code };
  }
}

export class ValidationError extends Error {
  constructor(readonly issues: ValidationErrorBody['detail']) {
    super('validation failed');
  }

  body(): ValidationErrorBody {
    const first = this.issues[0];
    const where = first ? `${first.loc.join('.')}: ${first.msg}` : 'the request is invalid';
    const more = this.issues.length > 1 ? ` (and ${this.issues.length - 1} more problem(s))` : '';
    return { detail: this.issues, message: `The request is invalid: ${where}${more}.`, code: 'validation_error' };
  }
}

export const notAuthenticated = (message: string): HttpError =>
  new HttpError(401, 'not_authenticated', 'Not authenticated', message, { 'WWW-Authenticate': 'Bearer' });
export const forbidden = (message: string, code = 'forbidden'): HttpError => new HttpError(403, code, 'Forbidden', message);
export const notFound = (message: string, code = 'not_found'): HttpError => new HttpError(404, code, 'Not Found', message);
export const conflict = (message: string, code: string): HttpError => new HttpError(409, code, message, message);

function pydanticType(issue: z.core.$ZodIssue, input: unknown): string {
  switch (issue.code) {
    case 'invalid_type':
      if (input === undefined) return 'missing';
      return `${issue.expected}_type`;
    case 'too_big':
      return issue.origin === 'number' || issue.origin === 'int' ? 'less_than_equal' : 'too_long';
    case 'too_small':
      return issue.origin === 'number' || issue.origin === 'int' ? 'greater_than_equal' : 'too_short';
    case 'invalid_format':
      return issue.format === 'uuid' ? 'uuid_parsing' : 'string_pattern_mismatch';
    case 'invalid_value':
      return 'enum';
    case 'custom':
      return 'value_error';
    default:
      return issue.code;
  }
}

/**
 * What a 422 shows of the value it refuses: a number, boolean or a string up to 100 characters (longer
 * ones cut, marked with …); never a whole object or list (it may be the whole body), which is told by its kind.
 */
function echo(input: unknown): unknown {
  if (input === undefined || input === null) return null;
  if (typeof input === 'string') return input.length > 100 ? `${input.slice(0, 100)}…` : input;
  if (typeof input === 'number' || typeof input === 'boolean') return input;
  return Array.isArray(input) ? '[…]' : typeof input === 'object' ? '{…}' : null;
}

/** Zod issues → FastAPI's `detail` items, with `loc[0]` = body | query | path | header. */
export function toValidationError(where: 'body' | 'query' | 'path' | 'header', error: z.ZodError): ValidationError {
  return new ValidationError(
    error.issues.map((issue) => {
      const input = (issue as { input?: unknown }).input;
      return {
        type: pydanticType(issue, input),
        loc: [where, ...issue.path.map((part) => (typeof part === 'number' ? part : String(part)))],
        msg: issue.code === 'invalid_type' && input === undefined ? 'Field required' : issue.message,
        input: echo(input),
      };
    }),
  );
}
