/**
 * The check every user-written filter and query passes before anything is sent: a filter is one
 * condition and a query one SELECT (or WITH … SELECT), with nothing that writes, reaches the server's
 * files, or steps out of the parentheses we wrap it in.
 *
 * It is a lexer of each dialect's own rules (string escapes, quoted identifiers, dollar quotes,
 * comments), not a grammar: it refuses what cannot be safe anywhere in a condition and lets every
 * expression through, so no legitimate filter is refused for using syntax a grammar did not know.
 * It is defence in depth: the guarantee is the connection (one statement per protocol message,
 * read-only sessions, SQLite's authorizer, DuckDB's locked file access).
 */

export type GuardDialect = 'postgres' | 'mysql' | 'sqlite' | 'duckdb';

export interface SqlGuardProblem {
  /** What is wrong, naming the offending text: "calls `pg_read_file()`, which reads the server's files". */
  message: string;
  hint: string;
}

type Token =
  | { kind: 'word'; text: string; upper: string; at: number }
  | { kind: 'quoted'; text: string; at: number }
  | { kind: 'string'; at: number }
  | { kind: 'symbol'; text: string; at: number };

/** Words that only a statement that writes, locks or escapes a SELECT would use. */
const WRITING_WORDS = new Set([
  'INSERT', 'UPDATE', 'DELETE', 'MERGE', 'UPSERT', 'INTO', 'COPY', 'ATTACH', 'DETACH', 'PRAGMA', 'GRANT', 'REVOKE',
  'DROP', 'CREATE', 'ALTER', 'CALL', 'EXECUTE', 'EXEC', 'LOCK', 'OUTFILE', 'DUMPFILE', 'INSTALL', 'VACUUM', 'REINDEX',
]);

/** Functions that write, read files, run SQL given as text, change settings or signal other sessions. */
const DENIED_FUNCTIONS: Record<GuardDialect, { names: Set<string>; prefixes: string[] }> = {
  postgres: {
    names: new Set(['set_config', 'pg_read_file', 'pg_read_binary_file', 'pg_stat_file', 'pg_terminate_backend', 'pg_cancel_backend',
      'pg_reload_conf', 'pg_rotate_logfile', 'pg_promote', 'pg_switch_wal', 'pg_notify', 'nextval', 'setval', 'pg_import_system_collations']),
    prefixes: ['pg_ls_', 'pg_file_', 'lo_', 'dblink', 'pg_create_', 'pg_drop_', 'pg_replication_', 'pg_logical_', 'pg_advisory_',
      'pg_try_advisory_', 'pg_stat_reset', 'query_to_xml', 'table_to_xml', 'cursor_to_xml', 'database_to_xml', 'schema_to_xml'],
  },
  mysql: {
    names: new Set(['load_file', 'get_lock', 'release_lock', 'release_all_locks', 'master_pos_wait', 'source_pos_wait', 'sys_exec', 'sys_eval', 'sleep', 'benchmark']),
    prefixes: [],
  },
  sqlite: {
    names: new Set(['load_extension', 'readfile', 'writefile', 'edit', 'fts3_tokenizer']),
    prefixes: [],
  },
  duckdb: {
    names: new Set(['glob', 'query', 'query_table', 'sniff_csv', 'parquet_scan', 'parquet_metadata', 'parquet_schema', 'parquet_file_metadata',
      'parquet_kv_metadata', 'delta_scan', 'sqlite_scan', 'sqlite_attach', 'st_read', 'getenv', 'load_extension']),
    prefixes: ['read_', 'iceberg_', 'postgres_', 'mysql_'],
  },
};

const WHY = 'a comparison only reads the data it compares';

/** `null` when `filter` is one safe condition for `dialect`, else the first problem. */
export function checkFilter(filter: string, dialect: GuardDialect): SqlGuardProblem | null {
  return checkTokens(filter, dialect, 'filter');
}

/** `null` when `query` is one safe SELECT (a trailing `;` allowed), else the first problem. */
export function checkQuery(query: string, dialect: GuardDialect): SqlGuardProblem | null {
  const text = query.trim().replace(/;+\s*$/, '');
  return checkTokens(text, dialect, 'query');
}

/** The dialect whose rules lex a data source's SQL (`mariadb` → mysql, files → DuckDB); null when none of ours. */
export function guardDialectOf(type: string): GuardDialect | null {
  switch (type) {
    case 'postgres':
    case 'postgresql':
      return 'postgres';
    case 'mysql':
    case 'mariadb':
      return 'mysql';
    case 'sqlite':
      return 'sqlite';
    case 'duckdb':
    case 'csv':
    case 'parquet':
      return 'duckdb';
    default:
      return null;
  }
}

/**
 * The lexical part alone (comments, unterminated text, `;`, parentheses that step out), without the
 * word list: for dialects whose SQL is then parsed (MariaDB/MySQL), so what the parser reads is what
 * the server runs (no comment, `/*! … *\/` included, hides text from one and not the other).
 */
export function checkLexical(text: string, dialect: GuardDialect, what: 'filter' | 'query'): SqlGuardProblem | null {
  return checkTokens(what === 'query' ? text.trim().replace(/;+\s*$/, '') : text, dialect, what, false);
}

function checkTokens(text: string, dialect: GuardDialect, what: 'filter' | 'query', words = true): SqlGuardProblem | null {
  const lexed = lex(text, dialect);
  if ('problem' in lexed) return lexed.problem;
  const tokens = lexed.tokens;
  if (tokens.length === 0) return { message: `The ${what} is empty.`, hint: `Write the ${what}, or remove it.` };
  if (what === 'query' && words) {
    const first = tokens.find((token) => !(token.kind === 'symbol' && token.text === '('));
    if (!first || first.kind !== 'word' || (first.upper !== 'SELECT' && first.upper !== 'WITH')) {
      const start = first?.kind === 'word' ? `\`${first.text}\`` : 'something else';
      return {
        message: `The query must be one SELECT (or WITH … SELECT) statement; it starts with ${start}.`,
        hint: 'Write a query that only reads: SELECT … FROM … (a comparison never runs other statements).',
      };
    }
  }
  let depth = 0;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] as Token;
    const next = tokens[i + 1];
    if (token.kind === 'symbol') {
      if (token.text === ';') {
        return {
          message: `The ${what} has a \`;\` (at character ${token.at + 1}): it must be a single ${what === 'filter' ? 'condition' : 'statement'}, and a second statement is never run.`,
          hint: 'Remove the `;` and whatever follows it.',
        };
      }
      if (token.text === '(') depth++;
      if (token.text === ')' && --depth < 0) {
        return {
          message: `The ${what} closes a parenthesis it never opened (at character ${token.at + 1}): it cannot step out of the parentheses it is placed in.`,
          hint: 'Balance the parentheses of the filter.',
        };
      }
      continue;
    }
    if (!words) continue;
    const calls = next?.kind === 'symbol' && next.text === '(';
    if (token.kind === 'word') {
      const previous = tokens[i - 1];
      if (WRITING_WORDS.has(token.upper)) return writing(what, token.text);
      if (token.upper === 'SHARE' && previous?.kind === 'word' && (previous.upper === 'FOR' || previous.upper === 'KEY')) return writing(what, `FOR ${token.text}`);
      if (token.upper === 'TRUNCATE' && !calls) return writing(what, token.text);
      if (dialect === 'duckdb' && (token.upper === 'FROM' || token.upper === 'JOIN') && next?.kind === 'string') {
        return {
          message: `The ${what} reads a file named in a string (\`${token.text} '…'\`): ${WHY}, from its data source.`,
          hint: 'Read from the data source\'s table or view instead of a file path.',
        };
      }
    }
    if (calls && (token.kind === 'word' || token.kind === 'quoted')) {
      const name = token.text.toLowerCase();
      const denied = DENIED_FUNCTIONS[dialect];
      if (denied.names.has(name) || denied.prefixes.some((prefix) => name.startsWith(prefix))) {
        return {
          message: `The ${what} calls \`${token.text}()\`, which can write, read the server's files or change the session: ${WHY}.`,
          hint: `Remove the call to ${token.text}().`,
        };
      }
    }
  }
  if (depth > 0) {
    return {
      message: `The ${what} leaves ${depth} parenthes${depth === 1 ? 'is' : 'es'} open.`,
      hint: 'Balance the parentheses.',
    };
  }
  return null;
}

function writing(what: string, word: string): SqlGuardProblem {
  return {
    message: `The ${what} uses \`${word}\`: ${WHY}, so a ${what} may not write, lock or copy rows.`,
    hint: `${what === 'filter' ? 'Write a condition that only reads (comparisons, functions, subqueries with SELECT)' : 'Write a plain SELECT'}; a column with that name is written quoted.`,
  };
}

/** The tokens of `text` by `dialect`'s lexical rules, or the first lexical problem (comments, unterminated text). */
function lex(text: string, dialect: GuardDialect): { tokens: Token[] } | { problem: SqlGuardProblem } {
  const tokens: Token[] = [];
  const backslashEscapes = dialect === 'mysql';
  let i = 0;
  const unterminated = (kind: string, at: number) => ({
    problem: { message: `The SQL has an unterminated ${kind} starting at character ${at + 1}.`, hint: `Close the ${kind}.` },
  });
  while (i < text.length) {
    const c = text[i] as string;
    const at = i;
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    if ((c === '-' && text[i + 1] === '-') || (c === '/' && text[i + 1] === '*') || (c === '#' && dialect === 'mysql')) {
      const executable = /^\/\*(M?!|\+)/.exec(text.slice(i));
      if (executable && dialect === 'mysql') {
        return {
          problem: {
            message: `The SQL has an executable comment (\`${executable[0]}\` at character ${at + 1}): MariaDB and MySQL run what such a comment holds, so it would hide SQL from every check.`,
            hint: 'Remove the comment and write its content as plain SQL.',
          },
        };
      }
      return {
        problem: {
          message: `The SQL has a comment (\`${c === '#' ? '#' : text.slice(i, i + 2)}\` at character ${at + 1}); a comment could hide the rest of the statement it is placed in.`,
          hint: 'Remove the comment.',
        },
      };
    }
    if (c === "'" || (c === '"' && dialect === 'mysql')) {
      const escaped = backslashEscapes || isEscapeStringPrefix(tokens, text, at, dialect);
      const end = closeQuote(text, i, c, escaped);
      if (end < 0) return unterminated('string', at);
      // The prefix word of E'…', N'…', X'…' is part of the literal.
      if (escaped && !backslashEscapes) tokens.pop();
      tokens.push({ kind: 'string', at });
      i = end;
      continue;
    }
    if (c === '"' || (c === '`' && (dialect === 'mysql' || dialect === 'sqlite')) || (c === '[' && dialect === 'sqlite')) {
      const closing = c === '[' ? ']' : c;
      const end = closeQuote(text, i, closing, false, c === '[');
      if (end < 0) return unterminated('quoted identifier', at);
      tokens.push({ kind: 'quoted', text: text.slice(i + 1, end - 1).replaceAll(closing + closing, closing), at });
      i = end;
      continue;
    }
    if (c === '$' && (dialect === 'postgres' || dialect === 'duckdb')) {
      const tag = /^\$([A-Za-z_][A-Za-z0-9_]*)?\$/.exec(text.slice(i));
      if (tag) {
        const close = text.indexOf(tag[0], i + tag[0].length);
        if (close < 0) return unterminated('dollar-quoted string', at);
        tokens.push({ kind: 'string', at });
        i = close + tag[0].length;
        continue;
      }
    }
    const word = /^[A-Za-z_\u0080-\uffff][A-Za-z0-9_$\u0080-\uffff]*/.exec(text.slice(i));
    if (word) {
      tokens.push({ kind: 'word', text: word[0], upper: word[0].toUpperCase(), at });
      i += word[0].length;
      continue;
    }
    const number = /^[0-9][0-9.eE]*/.exec(text.slice(i));
    if (number) {
      i += number[0].length;
      continue;
    }
    tokens.push({ kind: 'symbol', text: c, at });
    i++;
  }
  return { tokens };
}

/** PostgreSQL and DuckDB read backslash escapes only in E'…' strings (the word E right before the quote). */
function isEscapeStringPrefix(tokens: Token[], text: string, at: number, dialect: GuardDialect): boolean {
  if (dialect !== 'postgres' && dialect !== 'duckdb') return false;
  const last = tokens.at(-1);
  return last?.kind === 'word' && last.upper === 'E' && last.at + 1 === at && /[eE]/.test(text[at - 1] ?? '');
}

/**
 * The index just after the quote closing the one at `start` (a doubled quote stands for itself;
 * with `backslash`, a backslash escapes the next character), or -1 when it never closes.
 */
function closeQuote(text: string, start: number, quote: string, backslash: boolean, bracket = false): number {
  let i = start + 1;
  while (i < text.length) {
    const c = text[i];
    if (backslash && c === '\\') {
      i += 2;
      continue;
    }
    if (c === quote) {
      if (!bracket && text[i + 1] === quote) {
        i += 2;
        continue;
      }
      return i + 1;
    }
    i++;
  }
  return -1;
}
