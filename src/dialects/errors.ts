/**
 * Turning driver errors into our typed errors, the same way for every dialect: the driver's error
 * stays as `cause` (with its code and detail), the SQL is kept on QueryError (it never contains
 * secrets: values are bound or are the user's own filter text), and the message names the data
 * source, never its URL.
 */
import { connectionUrlProblem } from '../shared/connection-url.js';
import { CancelledError, ConnectionError, DatacompareError, QueryError, TimeoutError } from '../shared/errors.js';
import { redact } from '../shared/redact.js';
import { linkFailure, type TlsWords } from './link-errors.js';

export type ErrorCategory = 'connection' | 'missing-table' | 'missing-column' | 'syntax' | 'cancelled' | 'timeout' | 'read-only' | 'other';

export interface DriverErrorInfo {
  category: ErrorCategory;
  /** The driver's code (`42P01`, `ER_NO_SUCH_TABLE`, `ERR_SQLITE_ERROR`...). */
  code?: string;
}

export function driverMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}

/** Wraps a driver error raised while running `sql` on the data source `datasourceName`. */
export function wrapDriverError(
  error: unknown,
  info: DriverErrorInfo,
  context: {
    datasourceName: string;
    sql?: string;
    signal?: AbortSignal | undefined;
    statementTimeoutMs?: number | undefined;
    /** ConnectOptions.statementTimeoutHint: the caller's words for raising the statement limit. */
    statementTimeoutHint?: string | undefined;
    address?: string | undefined;
    tls?: TlsWords;
  },
): DatacompareError {
  if (error instanceof DatacompareError) return error;
  const message = redact(driverMessage(error));
  const code = info.code ? ` [${info.code}]` : '';
  const link = context.tls && !context.signal?.aborted ? linkFailure(error, context.tls) : undefined;
  if (link) {
    const at = context.address ? ` at ${context.address}` : '';
    return new ConnectionError(`The connection to data source "${context.datasourceName}"${at} failed: ${link.what} (${message}${code}).`, { cause: error, hint: link.hint });
  }
  if (info.category === 'timeout') {
    const limit = context.statementTimeoutMs ? ` (${formatSeconds(context.statementTimeoutMs)})` : '';
    return new TimeoutError(`A query on data source "${context.datasourceName}" ran longer than the query time limit${limit} and was stopped.`, {
      cause: error,
      hint: context.statementTimeoutHint ?? 'Raise query_timeout_seconds in the spec (or --query-timeout), or make the filter or query cheaper.',
    });
  }
  if (info.category === 'read-only') {
    const options: { cause: unknown; sql?: string; hint: string } = {
      cause: error,
      hint: 'A filter or query may only read: datacompare runs every statement read-only. Remove whatever writes (INSERT, UPDATE, DELETE, DDL, nextval, set_config…).',
    };
    if (context.sql !== undefined) options.sql = context.sql;
    return new QueryError(`A query on data source "${context.datasourceName}" tried to write, and was refused: ${message}${code}`, options);
  }
  if (info.category === 'cancelled' || context.signal?.aborted) {
    return new CancelledError(`The query on data source "${context.datasourceName}" was cancelled.`, { cause: error });
  }
  if (info.category === 'connection') {
    const at = context.address ? ` at ${context.address}` : '';
    return new ConnectionError(`Could not connect to data source "${context.datasourceName}"${at}: ${message}${code}`, {
      cause: error,
      hint: `Check that the database${at} is reachable from here and that the url of data source "${context.datasourceName}" in the spec (or its \${VAR}s: host, port, user, password) is right.`,
    });
  }
  const hints: Record<ErrorCategory, string | undefined> = {
    'missing-table': `Check the table name (schema.table) and that it exists in data source "${context.datasourceName}".`,
    'missing-column': 'Check the column names in the spec, the filter and the query.',
    syntax: 'Check the SQL of the filter or query in the spec.',
    connection: undefined,
    cancelled: undefined,
    timeout: undefined,
    'read-only': undefined,
    other: undefined,
  };
  const options: { cause: unknown; sql?: string; hint?: string } = { cause: error };
  if (context.sql !== undefined) options.sql = context.sql;
  const hint = hints[info.category];
  if (hint !== undefined) options.hint = hint;
  return new QueryError(`Data source "${context.datasourceName}" rejected a query: ${message}${code}`, options);
}

function formatSeconds(ms: number): string {
  return ms < 120_000 ? `${Number((ms / 1000).toFixed(1))} s` : `${Number((ms / 60_000).toFixed(1))} min`;
}

/**
 * `host:port` of a database URL, for messages (never its user or password); undefined when it is not
 * a URL, or not one that reads one way (its "host" may then be a piece of the password).
 */
export function addressOf(url: string, defaultPort: number): string | undefined {
  if (connectionUrlProblem(url)) return undefined;
  const parsed = new URL(url);
  if (!parsed.hostname) return undefined;
  return `${parsed.hostname}:${parsed.port || defaultPort}`;
}
