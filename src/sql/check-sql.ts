/**
 * The whole check of a user's filter or query before anything is sent: the lexer of every dialect
 * (guard.ts), then, for PostgreSQL, the parse tree (pg-guard.ts), which also says what the SQL reads.
 * SQLite's authorizer and DuckDB's locked file access check their own while compiling.
 */
import { checkFilter, checkQuery, type GuardDialect, type SqlGuardProblem } from './guard.js';
import { checkPostgres, type SqlReads } from './pg-guard.js';

export type { SqlReads };

/** `{ problem }` when refused, else what it reads (known for PostgreSQL only). */
export async function checkUserSql(text: string, dialect: GuardDialect, what: 'filter' | 'query'): Promise<{ problem: SqlGuardProblem } | { reads?: SqlReads }> {
  const lexed = what === 'filter' ? checkFilter(text, dialect) : checkQuery(text, dialect);
  if (lexed) return { problem: lexed };
  if (dialect !== 'postgres') return {};
  return checkPostgres(text, what);
}
