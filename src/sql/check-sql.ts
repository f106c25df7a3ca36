/**
 * The whole check of a user's filter or query before anything is sent. PostgreSQL: the lexer of
 * guard.ts, then PostgreSQL's own parse tree (pg-guard.ts). MariaDB/MySQL: the lexical pass alone
 * (comments, `;`, parentheses), then a MariaDB parse tree (mysql-guard.ts), no list of words. Both
 * parsed dialects also name the functions the SQL calls (what it reads is column-reads.ts's concern).
 * SQLite's authorizer and DuckDB's locked file access check their own while compiling, after the
 * word-level lexer.
 */
import { checkFilter, checkLexical, checkQuery, type GuardDialect, type SqlGuardProblem } from './guard.js';
import { checkMysql } from './mysql-guard.js';
import { checkPostgres, type SqlReads } from './pg-guard.js';

export type { SqlReads };

/** `{ problem }` when refused, else the functions it calls (known for PostgreSQL and MariaDB/MySQL). */
export async function checkUserSql(text: string, dialect: GuardDialect, what: 'filter' | 'query'): Promise<{ problem: SqlGuardProblem } | { reads?: SqlReads }> {
  if (dialect === 'mysql') {
    const lexical = checkLexical(text, dialect, what);
    return lexical ? { problem: lexical } : checkMysql(text, what);
  }
  const lexed = what === 'filter' ? checkFilter(text, dialect) : checkQuery(text, dialect);
  if (lexed) return { problem: lexed };
  if (dialect !== 'postgres') return {};
  return checkPostgres(text, what);
}
