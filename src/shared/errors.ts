/**
 * Typed errors. The split that matters to users: was it *their* mistake (a spec, an input, a
 * connection they configured, a query they wrote) or *ours* (a bug)? Every error that can reach a
 * user carries a message that names the thing and the fix. Messages are redacted where they are
 * printed (see redact.ts), never here, so a `cause` keeps the driver's original fields.
 */

/** What kind of failure this is; reports and exit codes depend on it, never on message text. */
export type ErrorKind =
  | 'configuration' // the spec file or an input is wrong: fix the spec
  | 'connection' // a data source could not be reached or refused the login
  | 'query' // a database rejected a query (bad table, column, filter...)
  | 'timeout' // the comparison did not finish within its time limit
  | 'cancelled' // the run was cancelled (SIGINT/SIGTERM, AbortSignal)
  | 'service' // the Data Comparison Service answered with an error or a failed job
  | 'internal'; // a bug in datacompare

export abstract class DatacompareError extends Error {
  abstract readonly kind: ErrorKind;
  /** A short hint telling the user what to do, shown after the message. */
  readonly hint: string | undefined;

  constructor(message: string, options: { cause?: unknown; hint?: string } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    this.hint = options.hint;
  }

  /** True when the user (spec, inputs, their databases) can fix it; false when it is our bug. */
  get isUserError(): boolean {
    return this.kind !== 'internal';
  }
}

/** The user's mistake in the spec file, the action inputs or the CLI arguments. */
export class ConfigurationError extends DatacompareError {
  readonly kind = 'configuration' as const;
}

/** One problem found in a spec file, located at file:line:column. */
export interface SpecProblem {
  /** Path inside the document, e.g. `comparisons[1].source.dataset`. */
  path: string;
  message: string;
  hint?: string;
  file: string;
  /** 1-based; 0 when the position is unknown. */
  line: number;
  column: number;
}

/** Every problem of a spec file at once; nothing was run. */
export class SpecError extends ConfigurationError {
  readonly problems: readonly SpecProblem[];

  constructor(problems: readonly SpecProblem[]) {
    const first = problems[0];
    const head = first ? `${first.file}:${first.line}:${first.column}  ${first.path}: ${first.message}` : 'invalid spec';
    super(problems.length > 1 ? `${head} (and ${problems.length - 1} more problem(s))` : head);
    this.problems = problems;
  }
}

export class ConnectionError extends DatacompareError {
  readonly kind = 'connection' as const;
}

/** A database rejected a query; `sql` is kept for debugging (never contains secrets). */
export class QueryError extends DatacompareError {
  readonly kind = 'query' as const;
  readonly sql: string | undefined;
  constructor(message: string, options: { cause?: unknown; hint?: string; sql?: string } = {}) {
    super(message, options);
    this.sql = options.sql;
  }
}

export class TimeoutError extends DatacompareError {
  readonly kind = 'timeout' as const;
}

export class CancelledError extends DatacompareError {
  readonly kind = 'cancelled' as const;
}

/** The Data Comparison Service answered with an error status or a failed job. */
export class ServiceError extends DatacompareError {
  readonly kind = 'service' as const;
  readonly status: number | undefined;
  constructor(message: string, options: { cause?: unknown; hint?: string; status?: number } = {}) {
    super(message, options);
    this.status = options.status;
  }
}

/** Our bug. */
export class InternalError extends DatacompareError {
  readonly kind = 'internal' as const;
}

/** Any thrown value as a DatacompareError; unknown errors become InternalError with the original as cause. */
export function toDatacompareError(error: unknown): DatacompareError {
  if (error instanceof DatacompareError) return error;
  if (error instanceof Error && error.name === 'AbortError') {
    return new CancelledError('The run was cancelled.', { cause: error });
  }
  const message = error instanceof Error ? error.message : String(error);
  return new InternalError(`Unexpected error: ${message}`, {
    cause: error,
    hint: 'This is a bug in datacompare; please report it with the debug log (ACTIONS_STEP_DEBUG=true or --verbose).',
  });
}

/** Exit status of the CLI and the action: 0 all matched, 1 a mismatch, 2 an error. */
export const ExitCode = { match: 0, mismatch: 1, error: 2 } as const;
export type ExitCode = (typeof ExitCode)[keyof typeof ExitCode];
