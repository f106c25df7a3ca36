/**
 * PostgreSQL's filters and queries checked on the tree PostgreSQL's own parser builds (libpg-query,
 * WebAssembly, loaded on first use), not on the text: identifiers are what the server will see
 * (`U&"pg\005fread\005ffile"` is `pg_read_file`, `"PG_READ_FILE"` keeps its case), so no spelling
 * slips past. A query is exactly one SELECT (VALUES and set operations included) without INTO,
 * FOR UPDATE/SHARE or a data-modifying WITH; a filter is one expression; every function called is
 * checked by name here (families that read files, signal sessions, run SQL given as text, change
 * settings or sleep) and, with a connection, by `pg_proc` (volatile functions are refused but for a
 * few harmless ones). The functions it calls are returned for that check, and every name it may call
 * one by, for masking's (a function the data source defines itself is out of its sight).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SqlGuardProblem } from './guard.js';

/** What a filter or query calls, from its parse tree (for the volatility check; what it reads is column-reads.ts'). */
export interface SqlReads {
  /** Functions called (last part of the name, as the server resolves it), lower-cased. */
  functions: string[];
  /**
   * Every name by which the SQL may reach a function, lower-cased: the functions called (but those the
   * grammar itself names in pg_catalog: `EXTRACT`, `SUBSTRING … FROM`); with PostgreSQL also each name
   * after a first in `x.f` or `(x).f` (`f(x)` when `x` has no column `f`), the operators written or
   * implied (`BETWEEN` is `>=` and `<=`; `IN`, `CASE x WHEN`, `USING` compare with `=`) and the types
   * cast to (a cast, or a domain's check, may run a function). A superset: a name here that is a
   * column's, or the system's, reaches nothing else.
   */
  calls: string[];
}

export type PgCheck = { problem: SqlGuardProblem } | { reads: SqlReads };

type Node = Record<string, unknown>;
type ParseSync = (sql: string) => { stmts?: { stmt: Node }[] };

let loading: Promise<ParseSync> | undefined;

/**
 * libpg-query's parser, imported and instantiated on first use (the CLI does not pay for it otherwise).
 * Its Emscripten loader finds `libpg-query.wasm` beside `__dirname`: a CommonJS name that the action's
 * ES module bundle lacks, so it is lent (as a global, only while loading) the folder of this code,
 * where scripts/finish-dist.js puts the .wasm.
 */
export function postgresParser(): Promise<ParseSync> {
  loading ??= (async () => {
    const lent = globalThis as { __dirname?: string; __filename?: string };
    const had = '__dirname' in lent;
    if (!had) {
      lent.__dirname = path.dirname(fileURLToPath(import.meta.url));
      lent.__filename = path.join(lent.__dirname, 'libpg-query.js');
    }
    try {
      const module = await import('libpg-query');
      await module.loadModule();
      return module.parseSync as unknown as ParseSync;
    } finally {
      if (!had) {
        delete lent.__dirname;
        delete lent.__filename;
      }
    }
  })();
  return loading;
}

const WHY = 'a comparison only reads the data it compares';

/** Schemas of PostgreSQL's own functions: a call qualified by one never reaches a function a user defined. */
const SYSTEM_SCHEMAS = new Set(['pg_catalog', 'information_schema']);

/** Function names refused whatever their arguments: the family and why, for the message. */
const DENIED: { test: (name: string) => boolean; why: string }[] = [
  {
    test: (n) => /^pg_(read_file|read_binary_file|stat_file|ls_.*|file_.*|current_logfile)$/.test(n) || /^lo_/.test(n) || n === 'pg_logdir_ls',
    why: "reads the server's files or large objects",
  },
  { test: (n) => /^pg_(terminate_backend|cancel_backend|signal_backend|log_backend_memory_contexts|reload_conf|rotate_logfile|promote)$/.test(n), why: 'signals other sessions or the server' },
  {
    test: (n) => ['ts_stat', 'ts_rewrite', 'query_to_xml', 'query_to_xmlschema', 'query_to_xml_and_xmlschema', 'cursor_to_xml', 'cursor_to_xmlschema'].includes(n) || /^(table|schema|database)_to_xml/.test(n) || /^dblink/.test(n),
    why: 'runs SQL or reads a table named in a string, out of reach of this check',
  },
  { test: (n) => ['set_config', 'setseed', 'pg_notify', 'nextval', 'setval', 'pg_import_system_collations'].includes(n), why: 'changes the session or the database' },
  {
    test: (n) => /^pg_(create_|drop_|replication_|logical_|advisory|try_advisory|stat_reset|switch_wal|backup_|start_backup|stop_backup|wal_replay_|copy_|sync_replication)/.test(n),
    why: 'changes the server, its replication or its locks',
  },
  { test: (n) => /^pg_sleep/.test(n), why: 'holds a worker without reading anything' },
];

/** Volatile functions that neither write nor reach outside the query (pg_proc marks them volatile). */
const HARMLESS_VOLATILE = new Set(['random', 'random_normal', 'clock_timestamp', 'timeofday', 'gen_random_uuid', 'uuidv4', 'uuidv7', 'uuid_generate_v4', 'uuid_generate_v1', 'uuid_generate_v1mc']);

/** A filter (one condition) or query (one SELECT) checked on PostgreSQL's parse tree. */
export async function checkPostgres(text: string, what: 'filter' | 'query'): Promise<PgCheck> {
  const parse = await postgresParser();
  const sql = what === 'filter' ? `SELECT 1 WHERE (${text})` : text.trim().replace(/;+\s*$/, '');
  let tree: { stmts?: { stmt: Node }[] };
  try {
    tree = parse(sql);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { problem: { message: `The ${what} is not valid PostgreSQL: ${message}.`, hint: `Fix the ${what}'s syntax (PostgreSQL's parser read it).` } };
  }
  const stmts = tree.stmts ?? [];
  if (stmts.length !== 1) {
    return { problem: { message: `The ${what} must be a single ${what === 'filter' ? 'condition' : 'statement'}; PostgreSQL reads ${stmts.length} statements in it.`, hint: 'Remove the `;` and whatever follows it.' } };
  }
  const stmt = stmts[0]!.stmt;
  const kind = Object.keys(stmt)[0] ?? 'nothing';
  if (kind !== 'SelectStmt') {
    return {
      problem: {
        message: `The ${what} must be one SELECT (or WITH … SELECT) statement; PostgreSQL reads ${/^[AEIOU]/.test(kind) ? 'an' : 'a'} ${statementName(kind)}.`,
        hint: 'Write a query that only reads: SELECT … FROM … (a comparison never runs other statements).',
      },
    };
  }
  const reads: SqlReads = { functions: [], calls: [] };
  const problem = walk(stmt, what, reads);
  if (problem) return { problem };
  return { reads: { functions: unique(reads.functions), calls: unique(reads.calls) } };
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
  for (const [key, value] of Object.entries(node as Node)) {
    const problem = visit(key, value, what, reads) ?? walk(value, what, reads);
    if (problem) return problem;
  }
  return null;
}

function visit(key: string, value: unknown, what: string, reads: SqlReads): SqlGuardProblem | null {
  const node = (value ?? {}) as Node;
  reads.calls.push(...callsOf(key, node));
  switch (key) {
    case 'InsertStmt':
    case 'UpdateStmt':
    case 'DeleteStmt':
    case 'MergeStmt':
      return writing(what, `a ${statementName(key)}`, 'a WITH clause that writes (INSERT/UPDATE/DELETE/MERGE … RETURNING) is a write');
    case 'SelectStmt':
      if (node.intoClause) return writing(what, 'SELECT … INTO', 'SELECT INTO creates a table');
      if (node.lockingClause) return writing(what, 'FOR UPDATE / FOR SHARE', 'a locking clause locks rows as if to write them');
      return null;
    case 'FuncCall': {
      const name = lastName(node.funcname);
      reads.functions.push(name);
      const denied = DENIED.find((family) => family.test(name));
      if (denied) {
        return {
          message: `The ${what} calls \`${name}()\`, which ${denied.why}: ${WHY}.`,
          hint: `Remove the call to ${name}() (functions are checked by the name PostgreSQL resolves, whatever the quoting or escapes).`,
        };
      }
      return null;
    }
    default:
      return null;
  }
}

/** A's BETWEEN is `>=` and `<=` (NOT BETWEEN: `<` and `>`; SYMMETRIC: either way round). */
const BETWEEN_OPERATORS = ['>=', '<=', '<', '>'];

/**
 * The names by which one node of the tree may reach a function (SqlReads.calls): a call, an operator
 * written or implied, a type cast to, attribute notation. A name the grammar or the SQL qualifies with
 * a system schema reaches only the system's.
 */
function callsOf(key: string, node: Node): string[] {
  const own = (parts: unknown): string[] => {
    const written = names(parts);
    return written.length === 0 || SYSTEM_SCHEMAS.has(written.at(-2) ?? '') ? [] : [written.at(-1)!];
  };
  switch (key) {
    case 'FuncCall':
      return own(node.funcname);
    case 'ColumnRef': // `x.f`, `s.x.f`: f(x) when x has no column f
      return names(node.fields).slice(1);
    case 'A_Indirection': // `(x).f`
      return names(node.indirection);
    case 'A_Expr':
      return /BETWEEN/.test(String(node.kind)) ? BETWEEN_OPERATORS : own(node.name);
    case 'SubLink': // `x IN (SELECT …)` compares with `=`
      return /^(ANY|ALL)_SUBLINK$/.test(String(node.subLinkType)) ? (Array.isArray(node.operName) ? own(node.operName) : ['=']) : [];
    case 'SortBy':
      return own(node.useOp);
    case 'CaseExpr': // `CASE x WHEN v` compares with `=`
      return node.arg ? ['='] : [];
    case 'JoinExpr': // `USING (id)` and NATURAL compare with `=`
      return node.isNatural === true || Array.isArray(node.usingClause) ? ['='] : [];
    case 'typeName': // a cast, a column definition: its cast or domain check may run a function
      return own(node.names);
    case 'RangeTableSample':
      return own(node.method);
    default:
      return [];
  }
}

/**
 * With the data source's connection: functions of these names that `pg_proc` marks volatile (they may
 * write or reach outside the query: user functions are volatile unless declared otherwise) are refused,
 * but for a few harmless ones.
 */
export async function refusedVolatile(reads: SqlReads, what: string, query: (sql: string, params: unknown[]) => Promise<Record<string, unknown>[]>): Promise<SqlGuardProblem | null> {
  const names = reads.functions.filter((name) => !HARMLESS_VOLATILE.has(name));
  if (names.length === 0) return null;
  const rows = await query("SELECT DISTINCT p.proname AS name FROM pg_catalog.pg_proc p WHERE p.proname = ANY($1::text[]) AND p.provolatile = 'v' ORDER BY 1", [names]);
  const name = rows[0]?.name;
  if (typeof name !== 'string') return null;
  return {
    message: `The ${what} calls \`${name}()\`, which PostgreSQL marks VOLATILE (it may write or act outside the query): ${WHY}.`,
    hint: `Remove the call to ${name}(), or, if it is your function and only reads, declare it STABLE or IMMUTABLE (ALTER FUNCTION ${name} STABLE).`,
  };
}

function writing(what: string, construct: string, why: string): SqlGuardProblem {
  return {
    message: `The ${what} uses ${construct}: ${why}, and ${WHY}.`,
    hint: `${what === 'filter' ? 'Write a condition that only reads' : 'Write a plain SELECT'}.`,
  };
}

function statementName(kind: string): string {
  const words = kind.replace(/Stmt$/, '').replace(/([a-z])([A-Z])/g, '$1 $2').toUpperCase();
  return `${words} statement`;
}

function lastName(parts: unknown): string {
  return names(parts).at(-1) ?? '';
}

/** The lower-cased texts of a list's `String` nodes (a `*` or a subscript has none). */
function names(parts: unknown): string[] {
  const list = Array.isArray(parts) ? (parts as Node[]) : [];
  return list.map(stringOf).filter((name) => name !== '').map((name) => name.toLowerCase());
}

function stringOf(node: Node): string {
  const inner = node.String as { sval?: unknown } | undefined;
  return typeof inner?.sval === 'string' ? inner.sval : '';
}

function unique(list: string[]): string[] {
  return [...new Set(list)];
}
