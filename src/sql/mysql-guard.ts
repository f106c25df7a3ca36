/**
 * MariaDB's and MySQL's filters and queries checked on a parse tree (node-sql-parser's MariaDB
 * grammar, else its MySQL one, loaded on first use), not on a list of words: a query is exactly one
 * SELECT (WITH and UNION included) without INTO (OUTFILE, DUMPFILE, variables), FOR UPDATE/SHARE or user-variable
 * assignments; a filter is one expression; every function called is checked by its name as the
 * server resolves it (backticks removed, case folded, schema dropped) against the families refused
 * for PostgreSQL: files, locks, waits, sleep, program execution, sequence changes.
 *
 * What the parser reads must be what the server runs. The lexical pass before this one (guard.ts)
 * refuses every comment, so `/*!50000 … *\/` (which MariaDB executes and a parser skips) never gets
 * here; and a quote escaped by a backslash (`'\''`) is refused, because with sql_mode
 * NO_BACKSLASH_ESCAPES the server ends the string there and the parser does not. SQL the parser
 * cannot read is refused, naming where it stopped, never let through.
 */
import type { SqlGuardProblem } from './guard.js';
import type { SqlReads } from './pg-guard.js';

export type MysqlCheck = { problem: SqlGuardProblem } | { reads: SqlReads };

type Node = Record<string, unknown>;
interface Parser {
  astify(sql: string, options: { database: string }): Node | Node[];
}

type Grammar = 'mariadb' | 'mysql';
const loading = new Map<Grammar, Promise<Parser>>();

/**
 * One grammar of node-sql-parser (its MariaDB or MySQL build alone, about 270 KB of CommonJS each),
 * imported on first use: the CLI pays nothing for it until a MariaDB/MySQL filter or query is checked.
 */
function parser(grammar: Grammar): Promise<Parser> {
  let made = loading.get(grammar);
  if (!made) {
    made = (async () => {
      const module = (grammar === 'mariadb' ? await import('node-sql-parser/build/mariadb.js') : await import('node-sql-parser/build/mysql.js')) as unknown as {
        Parser?: new () => Parser;
        default?: { Parser: new () => Parser };
      };
      const Made = module.Parser ?? module.default?.Parser;
      if (!Made) throw new Error(`node-sql-parser/build/${grammar}.js has no Parser export`);
      return new Made();
    })();
    loading.set(grammar, made);
  }
  return made;
}

/**
 * The tree of `sql` by the MariaDB grammar, else by the MySQL one (it reads a few things the MariaDB
 * one does not: a column named `status`, LOCK IN SHARE MODE); the MariaDB grammar's error when neither does.
 */
export async function parseMysql(sql: string): Promise<Node | Node[]> {
  try {
    return (await parser('mariadb')).astify(sql, { database: 'mariadb' });
  } catch (error) {
    try {
      return (await parser('mysql')).astify(sql, { database: 'mysql' });
    } catch {
      throw error;
    }
  }
}

const WHY = 'a comparison only reads the data it compares';

/** Function names refused whatever their arguments: the family and why, for the message. */
const DENIED: { test: (name: string) => boolean; why: string }[] = [
  { test: (n) => n === 'load_file', why: "reads the server's files" },
  { test: (n) => ['get_lock', 'release_lock', 'release_all_locks', 'is_free_lock', 'is_used_lock'].includes(n), why: 'takes or inspects locks shared with other sessions' },
  {
    test: (n) => ['master_pos_wait', 'source_pos_wait', 'master_gtid_wait', 'wait_for_executed_gtid_set', 'wait_until_sql_thread_after_gtids'].includes(n),
    why: 'waits on the server\'s replication',
  },
  { test: (n) => n === 'sleep' || n === 'benchmark', why: 'holds a worker without reading anything' },
  { test: (n) => /^(sys_exec|sys_eval|sys_get|sys_set|lib_mysqludf_)/.test(n), why: 'runs programs on the server (a user-defined function)' },
  { test: (n) => ['nextval', 'setval', 'lastval'].includes(n), why: 'changes or reads the state of a sequence' },
];

/** Statement kinds the parser may nest that are never a read. */
const WRITING_KINDS = new Set(['insert', 'replace', 'update', 'delete', 'create', 'drop', 'alter', 'truncate', 'rename', 'set', 'lock', 'unlock', 'grant', 'revoke', 'call', 'load_data', 'use', 'exec']);

/** A filter (one condition) or query (one SELECT) checked on a MariaDB parse tree. */
export async function checkMysql(text: string, what: 'filter' | 'query'): Promise<MysqlCheck> {
  const escaped = escapedQuote(text);
  if (escaped >= 0) {
    return {
      problem: {
        message: `The ${what} escapes a quote with a backslash (at character ${escaped + 1}): under sql_mode NO_BACKSLASH_ESCAPES the server ends the string there, so the rest could run as SQL.`,
        hint: "Double the quote instead ('it''s', \"say \"\"hi\"\"\").",
      },
    };
  }
  const prefix = 'SELECT 1 FROM DUAL WHERE (';
  const sql = what === 'filter' ? `${prefix}${text})` : text.trim().replace(/;+\s*$/, '');
  let tree: Node | Node[];
  try {
    tree = await parseMysql(sql);
  } catch (error) {
    const offset = (error as { location?: { start?: { offset?: number } } }).location?.start?.offset;
    const at = typeof offset === 'number' ? Math.max(0, offset - (what === 'filter' ? prefix.length : 0)) : -1;
    const near = at >= 0 ? text.slice(at, at + 30).trim() : '';
    return {
      problem: {
        message: `The ${what} uses MariaDB/MySQL syntax the service's SQL check cannot parse${at >= 0 ? ` (at character ${at + 1}${near ? `: \`${near}\`` : ', the end'})` : ''}, and SQL it cannot read is not run.`,
        hint: `Write that part another way (a column named like a keyword in backticks, \`a <=> b\` as \`(a = b OR (a IS NULL AND b IS NULL))\`).`,
      },
    };
  }
  const statements = Array.isArray(tree) ? tree : [tree];
  if (statements.length !== 1) {
    return { problem: { message: `The ${what} must be a single ${what === 'filter' ? 'condition' : 'statement'}; it holds ${statements.length} statements.`, hint: 'Remove the `;` and whatever follows it.' } };
  }
  const statement = statements[0] as Node;
  if (statement.type !== 'select') {
    return {
      problem: {
        message: `The ${what} must be one SELECT (or WITH … SELECT) statement; it is ${/^[aeiou]/i.test(String(statement.type)) ? 'an' : 'a'} ${String(statement.type).toUpperCase()} statement.`,
        hint: 'Write a query that only reads: SELECT … FROM … (a comparison never runs other statements).',
      },
    };
  }
  const reads: SqlReads = { functions: [], calls: [] };
  const problem = walk(statement, what, reads);
  if (problem) return { problem };
  return { reads: { functions: unique(reads.functions), calls: unique(reads.calls) } };
}

/** The index of the first quote escaped by a backslash inside a '…' or "…" string, or -1. */
function escapedQuote(text: string): number {
  let quote: string | null = null;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quote === null) {
      if (c === "'" || c === '"') quote = c;
      else if (c === '`') {
        const end = text.indexOf('`', i + 1);
        if (end < 0) return -1;
        i = end;
      }
      continue;
    }
    if (c === '\\') {
      if (text[i + 1] === quote) return i;
      i++;
    } else if (c === quote) {
      if (text[i + 1] === quote) i++;
      else quote = null;
    }
  }
  return -1;
}

/** The first refused node of the tree, collecting what it reads on the way. */
function walk(node: unknown, what: string, reads: SqlReads): SqlGuardProblem | null {
  if (Array.isArray(node)) {
    for (const item of node) {
      const problem = walk(item, what, reads);
      if (problem) return problem;
    }
    return null;
  }
  if (node === null || typeof node !== 'object') return null;
  const problem = visit(node as Node, what, reads);
  if (problem) return problem;
  for (const value of Object.values(node as Node)) {
    const inner = walk(value, what, reads);
    if (inner) return inner;
  }
  return null;
}

function visit(node: Node, what: string, reads: SqlReads): SqlGuardProblem | null {
  const type = typeof node.type === 'string' ? node.type : '';
  if (WRITING_KINDS.has(type)) return writing(what, `a ${type.toUpperCase()} statement`, 'it is not a read');
  if (type === 'select') {
    const into = node.into as Node | null | undefined;
    if (into && (into.keyword || into.expr)) return writing(what, `SELECT … INTO${typeof into.keyword === 'string' && into.keyword !== 'var' ? ` ${into.keyword.toUpperCase()}` : ''}`, 'INTO writes a file or sets variables');
    if (node.locking_read) return writing(what, String(node.locking_read).toUpperCase(), 'a locking read locks rows as if to write them');
    return null;
  }
  if (type === 'assign') return writing(what, '`:=`', 'it sets a user variable of the session');
  if (type === 'function' || type === 'aggr_func') {
    const name = functionName(node.name);
    if (!name) return null;
    reads.functions.push(name);
    // and its qualifier: `pkg.f()` calls a function of a package (sql_mode ORACLE), listed by the package's name
    reads.calls.push(name, ...[qualifierOf(node.name)].filter((qualifier) => qualifier !== ''));
    const denied = DENIED.find((family) => family.test(name));
    if (denied) {
      return {
        message: `The ${what} calls \`${name}()\`, which ${denied.why}: ${WHY}.`,
        hint: `Remove the call to ${name}() (functions are checked by the name the server resolves, whatever the backticks or case).`,
      };
    }
    return null;
  }
  return null;
}

/** `LOAD_FILE`, `` `load_file` ``, `` `db`.`f` `` → `load_file`, `f`. */
function functionName(name: unknown): string {
  if (typeof name === 'string') return name.toLowerCase();
  const parts = (name as { name?: unknown } | null)?.name;
  if (!Array.isArray(parts)) return '';
  return identifierOf(parts.at(-1)).toLowerCase();
}

/** `` `db`.`f` `` → `db`; '' for an unqualified name. */
function qualifierOf(name: unknown): string {
  return identifierOf((name as { schema?: unknown } | null)?.schema).toLowerCase();
}

/** A name as the parser keeps it: a string, or `{ value }` / `{ expr: { value } }` when quoted. */
export function identifierOf(node: unknown): string {
  if (typeof node === 'string') return node;
  if (node && typeof node === 'object') {
    const { value, expr } = node as { value?: unknown; expr?: unknown };
    if (typeof value === 'string') return value;
    if (expr) return identifierOf(expr);
  }
  return '';
}

function writing(what: string, construct: string, why: string): SqlGuardProblem {
  return {
    message: `The ${what} uses ${construct}: ${why}, and ${WHY}.`,
    hint: `${what === 'filter' ? 'Write a condition that only reads' : 'Write a plain SELECT'}.`,
  };
}

function unique(list: string[]): string[] {
  return [...new Set(list)];
}
