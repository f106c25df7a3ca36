/**
 * What a MariaDB/MySQL query or filter reads, on the tree of the grammar mysql-guard.ts parses with
 * (node-sql-parser): every column reference resolved against the ranges it can see (read-scope.ts),
 * every `*` (behind DISTINCT, SQL_SMALL_RESULT, HIGH_PRIORITY or any other modifier: they are options
 * of the SELECT, the `*` is a column reference like any other) as every column of its tables, through
 * CTEs (their column lists included), derived tables, joins and UNIONs. A node of a kind this walker
 * does not know is unproven, not skipped; so is a name nothing explains. A double-quoted text is also
 * read as a column name, as it is under sql_mode ANSI_QUOTES (the service keeps the server's mode).
 */
import { identifierOf, parseMysql } from './mysql-guard.js';
import {
  derivedRange,
  filterScope,
  readColumn,
  readReference,
  readStar,
  Reads,
  requireTablesOnly,
  Scope,
  tableRange,
  Unproven,
  type ColumnRead,
  type FilterSubject,
  type KnownTable,
  type NameRules,
  type Range,
} from './read-scope.js';

type Node = Record<string, unknown>;

/** Names in any case: a column's always, a table's under lower_case_table_names 1 and 2 (counted so under 0 too: fail closed). */
const RULES: NameRules = { fold: (name) => name.toLowerCase(), rowValues: false, systemColumns: new Set() };

/** Expression kinds that read nothing themselves: their parts (if any) are walked. */
const WALKED = new Set([
  'binary_expr', 'unary_expr', 'function', 'cast', 'case', 'when', 'else', 'interval', 'expr_list', 'fulltext_search', 'collate', 'extract',
  'window', 'var', 'param', 'origin', 'default', 'datatype', 'number', 'bigint', 'single_quote_string', 'natural_string', 'hex_string',
  'full_hex_string', 'bit_string', 'bool', 'null', 'string', 'ESCAPE', 'ASC', 'DESC',
]);

/** The keys of a select node read in their own way; the rest are walked as expressions. */
const SELECT_PARTS = new Set(['with', 'type', 'options', 'distinct', 'columns', 'from', '_next', 'set_op', 'into', 'locking_read', 'parentheses']);

/**
 * A query (its reads and output names) or a filter (its reads) on a MariaDB parse tree; throws Unproven.
 * `defaultSchema`: the database a name qualified by it is also looked up without (a view's definition,
 * as MariaDB stores it, qualifies every table by its database).
 */
export async function mysqlReads(
  text: string,
  what: 'filter' | 'query',
  tables: readonly KnownTable[],
  subject?: FilterSubject,
  defaultSchema?: string,
): Promise<{ read: ColumnRead[]; outputs: string[]; tables: string[] }> {
  const select = await oneSelect(what === 'filter' ? `SELECT 1 FROM DUAL WHERE (${text})` : text);
  const reads = new Reads(tables, rulesFor(defaultSchema));
  if (what === 'query') {
    const outputs = selectNode(select, undefined, new Map(), reads);
    return { read: reads.list(), outputs, tables: reads.namedTables() };
  }
  expression(select.where, filterScope(subject, reads), reads);
  return { read: reads.list(), outputs: [], tables: reads.namedTables() };
}

/**
 * What each output column of a plain SELECT over catalog tables (a view's definition) is computed
 * from, in output order: its expression's reads alone, not its WHERE's or its joins'. Unproven for any
 * other shape (a UNION, WITH, a derived table in FROM, a `*`), whose outputs' sources this check does
 * not follow one by one.
 */
export async function mysqlOutputReads(text: string, tables: readonly KnownTable[], defaultSchema?: string): Promise<ColumnRead[][]> {
  const select = await oneSelect(text);
  if (select.with || select._next || !Array.isArray(select.columns)) throw new Unproven('it is not one plain SELECT');
  const rules = rulesFor(defaultSchema);
  const scope = new Scope(undefined, new Map());
  for (const item of fromItems(select.from)) fromItem(item, scope, new Reads(tables, rules));
  requireTablesOnly(scope.ranges);
  return (select.columns as Node[]).map((column) => {
    const value = column.expr as Node | undefined;
    if (value?.type === 'column_ref' && identifierOf(value.column) === '*') throw new Unproven('its select list holds a `*`');
    const reads = new Reads(tables, rules);
    expression(value, scope, reads);
    return reads.list();
  });
}

function rulesFor(defaultSchema: string | undefined): NameRules {
  return defaultSchema ? { ...RULES, defaultSchema: defaultSchema.toLowerCase() } : RULES;
}

/** The one SELECT statement of `sql` (a trailing `;` allowed), on the MariaDB grammar's tree; Unproven for anything else. */
async function oneSelect(sql: string): Promise<Node> {
  let tree: Node | Node[];
  try {
    tree = await parseMysql(sql.trim().replace(/;+\s*$/, ''));
  } catch {
    throw new Unproven('the MariaDB/MySQL grammar does not read it');
  }
  const statements = Array.isArray(tree) ? tree : [tree];
  const select = statements.length === 1 && statements[0]!.type === 'select' ? statements[0]! : undefined;
  if (!select) throw new Unproven('it is not one SELECT statement');
  return select;
}

/** A SELECT and the UNION arms after it: reads collected, the first arm's output names returned. */
function selectNode(node: Node, parent: Scope | undefined, inherited: ReadonlyMap<string, readonly string[]>, reads: Reads, unionOutputs?: string[]): string[] {
  const ctes = withClause(node.with, parent, inherited, reads);
  const scope = new Scope(parent, ctes);
  for (const item of fromItems(node.from)) fromItem(item, scope, reads);
  const columns = node.columns === '*' ? [{ expr: { type: 'column_ref', column: '*' } }] : node.columns;
  if (!Array.isArray(columns)) throw new Unproven('its select list is of a shape this check does not read');
  for (const column of columns as Node[]) {
    const value = column.expr as Node | undefined;
    if (value?.type === 'column_ref' && identifierOf(value.column) === '*') {
      scope.outputs.push(...readStar(scope, qualifierOf(value), reads));
    } else {
      expression(value, scope, reads);
      scope.outputs.push(reads.fold(identifierOf(column.as) || (value?.type === 'column_ref' ? identifierOf(value.column) : '?column?')));
    }
  }
  const outputs = unionOutputs ?? scope.outputs;
  // ORDER BY / GROUP BY / HAVING may name the UNION's or this SELECT's outputs.
  scope.outputs = [...scope.outputs, ...outputs];
  for (const [key, value] of Object.entries(node)) if (!SELECT_PARTS.has(key)) expression(value, scope, reads);
  if (node._next) selectNode(node._next as Node, parent, ctes, reads, outputs);
  return outputs;
}

/** The CTEs a SELECT adds, each walked (a recursive one sees itself, with its column list). */
function withClause(clause: unknown, parent: Scope | undefined, inherited: ReadonlyMap<string, readonly string[]>, reads: Reads): ReadonlyMap<string, readonly string[]> {
  const ctes = new Map(inherited);
  for (const cte of Array.isArray(clause) ? (clause as Node[]) : []) {
    const name = reads.fold(identifierOf(cte.name));
    const aliases = (Array.isArray(cte.columns) ? (cte.columns as Node[]) : []).map((column) => reads.fold(identifierOf(column.column ?? column)));
    const query = ((cte.stmt as Node | undefined)?.ast ?? cte.stmt) as Node | undefined;
    if (query?.type !== 'select') throw new Unproven(`its WITH \`${name}\` is not a SELECT`);
    if (cte.recursive === true || aliases.length > 0) ctes.set(name, aliases);
    const outputs = selectNode(query, parent, ctes, reads);
    ctes.set(name, aliases.length > 0 ? [...aliases, ...outputs.slice(aliases.length)] : outputs);
  }
  return ctes;
}

/** FROM items, a parenthesised join list `(a JOIN b ON …)` flattened into them. */
function fromItems(from: unknown): Node[] {
  if (from === null || from === undefined) return [];
  if (Array.isArray(from)) return (from as Node[]).flatMap((item) => (Array.isArray(item.expr) ? fromItems(item.expr) : [item]));
  const grouped = from as Node;
  if (Array.isArray(grouped.expr)) return [...fromItems(grouped.expr), ...fromItems(grouped.joins)];
  throw new Unproven('its FROM clause is of a shape this check does not read');
}

function fromItem(item: Node, scope: Scope, reads: Reads): void {
  const alias = typeof item.as === 'string' ? item.as : undefined;
  let ranges: Range[];
  if (item.type === 'dual') {
    ranges = [];
  } else if (typeof item.table === 'string' || (item.table && typeof item.table === 'object')) {
    const table = identifierOf(item.table);
    const written = [identifierOf(item.db), table].filter((part) => part !== '');
    const cte = written.length === 1 ? scope.ctes.get(reads.fold(table)) : undefined;
    ranges = cte ? [derivedRange(reads, alias ?? table, cte)] : reads.tablesNamed(written).map((known) => tableRange(reads, known, written, alias, []));
  } else {
    const query = ((item.expr as Node | undefined)?.ast ?? item.expr) as Node | undefined;
    if (query?.type !== 'select') throw new Unproven(`its FROM clause holds ${query?.type === 'values' ? 'a VALUES list' : 'an item'} whose columns this check does not follow`);
    // A derived table sees the ranges before it (LATERAL), as a superset of what the server lets it see.
    ranges = [derivedRange(reads, alias, selectNode(query, scope, scope.ctes, reads))];
  }
  const before = [...scope.ranges];
  scope.ranges.push(...ranges);
  for (const using of Array.isArray(item.using) ? (item.using as unknown[]) : []) {
    const column = identifierOf(using);
    const via = `\`${column}\` (compared by JOIN … USING)`;
    const found = [...before, ...ranges].map((range) => readColumn(range, column, reads, via));
    if (!found.some(Boolean)) throw new Unproven(`its JOIN … USING (${column}) names a column of neither side`);
  }
  expression(item.on, scope, reads);
}

function expression(node: unknown, scope: Scope, reads: Reads): void {
  if (Array.isArray(node)) {
    for (const item of node) expression(item, scope, reads);
    return;
  }
  if (node === null || typeof node !== 'object') return;
  const value = node as Node;
  if (value.ast) {
    selectNode(value.ast as Node, scope, scope.ctes, reads);
    return;
  }
  switch (value.type) {
    case 'select':
      selectNode(value, scope, scope.ctes, reads);
      return;
    case 'column_ref':
      columnReference(value, scope, reads);
      expression(value.collate, scope, reads);
      return;
    case 'aggr_func': {
      // COUNT(*) reads no column.
      const args = value.args as Node | undefined;
      expression((args?.expr as Node | undefined)?.type === 'star' ? { ...args, expr: null } : args, scope, reads);
      expression(value.over, scope, reads);
      return;
    }
    case 'double_quote_string':
      // Under ANSI_QUOTES it names a column: read it as one wherever one has that name.
      try {
        readReference(scope, [String(value.value)], reads);
      } catch (error) {
        if (!(error instanceof Unproven)) throw error;
      }
      return;
    default:
      if (typeof value.type === 'string' && !WALKED.has(value.type)) throw new Unproven(`it holds a \`${value.type}\` expression, whose reads this check does not follow`);
      for (const inner of Object.values(value)) expression(inner, scope, reads);
  }
}

function columnReference(node: Node, scope: Scope, reads: Reads): void {
  const column = identifierOf(node.column);
  if (column === '') throw new Unproven('it holds a column reference of a shape this check does not read');
  if (column === '*') {
    readStar(scope, qualifierOf(node), reads);
    return;
  }
  readReference(scope, [...qualifierOf(node), column], reads);
}

/** `db`.`t` of a column reference, as written. */
function qualifierOf(node: Node): string[] {
  return [identifierOf(node.db), identifierOf(node.table)].filter((part) => part !== '');
}
