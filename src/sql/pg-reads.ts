/**
 * What a PostgreSQL query or filter reads, on the parse tree PostgreSQL's own parser builds
 * (libpg-query): every column reference resolved against the ranges it can see (read-scope.ts), so
 * `to_jsonb(x)`, `x::text`, `email(x)`, `(x).email`, `ROW(x.*)`, `x.*` and `*` read every column of
 * `x`'s table, through CTEs, subqueries, joins (USING and NATURAL included) and set operations. FROM
 * items it does not follow (XMLTABLE, JSON_TABLE) and references nothing explains are unproven.
 */
import { postgresParser } from './pg-guard.js';
import {
  derivedRange,
  filterScope,
  lower,
  outputsOf,
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

const RULES: NameRules = {
  // the parse tree holds unquoted names folded already: `"Info"` is not `info`
  fold: (name) => name,
  rowValues: true,
  systemColumns: new Set(['ctid', 'xmin', 'xmax', 'cmin', 'cmax', 'tableoid']),
  defaultSchema: 'public',
};

/** Set-returning functions whose output columns are fixed (others: one column, named after the alias or the function). */
const FUNCTION_OUTPUTS: Record<string, string[]> = {
  json_each: ['key', 'value'],
  jsonb_each: ['key', 'value'],
  json_each_text: ['key', 'value'],
  jsonb_each_text: ['key', 'value'],
  json_array_elements: ['value'],
  jsonb_array_elements: ['value'],
  json_array_elements_text: ['value'],
  jsonb_array_elements_text: ['value'],
};

/** FROM items: met inside an expression, the tree is not what this walker knows. */
const FROM_ITEMS = new Set(['RangeVar', 'RangeSubselect', 'RangeFunction', 'JoinExpr', 'RangeTableSample', 'RangeTableFunc', 'JsonTable']);

/** The keys of a SelectStmt read in their own way; every other key is walked as expressions. */
const SELECT_PARTS = new Set(['withClause', 'op', 'all', 'larg', 'rarg', 'valuesLists', 'fromClause', 'targetList', 'limitOption']);

/** A query (its reads and output names) or a filter (its reads) on PostgreSQL's parse tree; throws Unproven. */
export async function postgresReads(text: string, what: 'filter' | 'query', tables: readonly KnownTable[], subject?: FilterSubject): Promise<{ read: ColumnRead[]; outputs: string[]; tables: string[] }> {
  const select = await oneSelect(what === 'filter' ? `SELECT 1 WHERE (${text})` : text);
  const reads = new Reads(tables, RULES);
  if (what === 'query') {
    const outputs = selectStatement(select, undefined, new Map(), reads);
    return { read: reads.list(), outputs, tables: reads.namedTables() };
  }
  expression(select.whereClause, filterScope(subject, reads), reads);
  return { read: reads.list(), outputs: [], tables: reads.namedTables() };
}

/**
 * What each output column of a plain SELECT over catalog tables (a view's body) is computed from, in
 * output order: its expression's reads alone, not its WHERE's or its joins'. Unproven for any other
 * shape (a set operation, VALUES, WITH, a subquery or a function in FROM, a `*`), whose outputs'
 * sources this check does not follow one by one.
 */
export async function postgresOutputReads(text: string, tables: readonly KnownTable[]): Promise<ColumnRead[][]> {
  const select = await oneSelect(text);
  if (select.withClause || (typeof select.op === 'string' && select.op !== 'SETOP_NONE') || Array.isArray(select.valuesLists)) {
    throw new Unproven('it is not one plain SELECT');
  }
  const scope = new Scope(undefined, new Map());
  for (const item of list(select.fromClause)) fromItem(item, scope, new Reads(tables, RULES));
  requireTablesOnly(scope.ranges);
  return list(select.targetList).map((target) => {
    const value = (target.ResTarget as Node).val as Node;
    if (starQualifier(value)) throw new Unproven('its select list holds a `*`');
    const reads = new Reads(tables, RULES);
    expression(value, scope, reads);
    return reads.list();
  });
}

/** The one SELECT statement of `sql` (a trailing `;` allowed), on PostgreSQL's parse tree; Unproven for anything else. */
async function oneSelect(sql: string): Promise<Node> {
  const parse = await postgresParser();
  let statements: { stmt: Node }[];
  try {
    statements = parse(sql.trim().replace(/;+\s*$/, '')).stmts ?? [];
  } catch (error) {
    throw new Unproven(`PostgreSQL's parser does not read it (${error instanceof Error ? error.message : String(error)})`);
  }
  const select = statements.length === 1 ? (statements[0]!.stmt.SelectStmt as Node | undefined) : undefined;
  if (!select) throw new Unproven('it is not one SELECT statement');
  return select;
}

/** A SELECT (with its CTEs, set operations, VALUES): its reads collected, its output names returned. */
function selectStatement(node: Node, parent: Scope | undefined, inherited: ReadonlyMap<string, readonly string[]>, reads: Reads): string[] {
  const ctes = withClause(node.withClause as Node | undefined, parent, inherited, reads);
  const scope = new Scope(parent, ctes);
  if (typeof node.op === 'string' && node.op !== 'SETOP_NONE') {
    scope.outputs = selectStatement(node.larg as Node, parent, ctes, reads);
    selectStatement(node.rarg as Node, parent, ctes, reads);
  } else if (Array.isArray(node.valuesLists)) {
    expression(node.valuesLists, scope, reads);
    const first = list((list(node.valuesLists)[0]?.List as Node | undefined)?.items);
    scope.outputs = first.map((_, i) => `column${i + 1}`);
  } else {
    for (const item of list(node.fromClause)) fromItem(item, scope, reads);
    for (const target of list(node.targetList)) {
      const result = target.ResTarget as Node;
      const value = result.val as Node;
      const star = starQualifier(value);
      if (star) {
        scope.outputs.push(...readStar(scope, star, reads));
      } else {
        expression(value, scope, reads);
        scope.outputs.push(reads.fold(typeof result.name === 'string' ? result.name : nameOf(value)));
      }
    }
  }
  for (const [key, value] of Object.entries(node)) if (!SELECT_PARTS.has(key)) expression(value, scope, reads);
  return scope.outputs;
}

/** The CTEs a SELECT adds to those it inherits, each walked (its reads count whether or not it is used). */
function withClause(clause: Node | undefined, parent: Scope | undefined, inherited: ReadonlyMap<string, readonly string[]>, reads: Reads): ReadonlyMap<string, readonly string[]> {
  const ctes = new Map(inherited);
  const node = (clause ?? {}) as Node;
  for (const item of list(node.ctes)) {
    const cte = item.CommonTableExpr as Node;
    const name = reads.fold(String(cte.ctename));
    const aliases = strings(cte.aliascolnames);
    const query = (cte.ctequery as Node | undefined)?.SelectStmt as Node | undefined;
    if (!query) throw new Unproven(`its WITH \`${name}\` is not a SELECT`);
    // A recursive CTE sees itself: its columns are its alias list, else its first part's outputs.
    if (node.recursive === true) {
      const first = typeof query.op === 'string' && query.op !== 'SETOP_NONE' ? selectStatement(query.larg as Node, parent, ctes, reads) : [];
      ctes.set(name, renamed(first, aliases, reads));
    }
    ctes.set(name, renamed(selectStatement(query, parent, ctes, reads), aliases, reads));
  }
  return ctes;
}

/** One FROM item: its ranges added to the scope (and returned, for a join's USING). */
function fromItem(item: Node, scope: Scope, reads: Reads): Range[] {
  const [kind, value] = Object.entries(item)[0] ?? ['nothing', {}];
  const node = value as Node;
  const alias = node.alias as Node | undefined;
  const aliasName = typeof alias?.aliasname === 'string' ? alias.aliasname : undefined;
  const columnAliases = strings(alias?.colnames);
  let ranges: Range[];
  switch (kind) {
    case 'RangeVar': {
      const written = [node.catalogname, node.schemaname, node.relname].filter((part): part is string => typeof part === 'string' && part !== '');
      const cte = written.length === 1 ? scope.ctes.get(reads.fold(written[0]!)) : undefined;
      if (cte) {
        ranges = [derivedRange(reads, aliasName ?? written[0], cte, columnAliases)];
      } else {
        if (written.length === 1 && /^pg_/i.test(written[0]!)) throw new Unproven(`it reads \`${written[0]}\`, which may be the system catalog's (pg_catalog comes first on the search path)`);
        ranges = reads.tablesNamed(written).map((table) => tableRange(reads, table, written, aliasName, columnAliases));
      }
      break;
    }
    case 'RangeSubselect': {
      const query = (node.subquery as Node | undefined)?.SelectStmt as Node | undefined;
      if (!query) throw new Unproven('a subquery in its FROM clause is not a SELECT');
      ranges = [derivedRange(reads, aliasName, selectStatement(query, scope, scope.ctes, reads), columnAliases)];
      break;
    }
    case 'RangeFunction': {
      // Its columns: a column definition list (`AS r(a int)`), else the function's known ones, else one named after the alias.
      const calls = list(node.functions).map((entry) => list((entry.List as Node | undefined)?.items));
      const defined = columnDefinitions(node.coldeflist);
      const outputs = calls.flatMap(([call, definitions]) => {
        expression(call, scope, reads);
        const name = lower(functionName(call));
        const own = columnDefinitions(definitions);
        return own.length > 0 ? own : (FUNCTION_OUTPUTS[name] ?? [calls.length === 1 ? (aliasName ?? name) : name]);
      });
      const columns = [...(defined.length > 0 ? defined : outputs), ...(node.ordinality === true ? ['ordinality'] : [])];
      ranges = [derivedRange(reads, aliasName ?? functionName(calls[0]?.[0]), columns, columnAliases)];
      break;
    }
    case 'JoinExpr':
      return join(node, scope, reads, aliasName);
    case 'RangeTableSample': {
      const sampled = fromItem(node.relation as Node, scope, reads);
      expression([node.args, node.repeatable], scope, reads);
      return sampled;
    }
    default:
      throw new Unproven(`its FROM clause holds ${kind === 'RangeTableFunc' ? 'XMLTABLE' : kind === 'JsonTable' ? 'JSON_TABLE' : `a ${kind}`}, whose reads this check does not follow`);
  }
  scope.ranges.push(...ranges);
  return ranges;
}

/** A join: both sides, the columns its USING (or NATURAL) compares on each side, its condition. */
function join(node: Node, scope: Scope, reads: Reads, alias: string | undefined): Range[] {
  const left = fromItem(node.larg as Node, scope, reads);
  const right = fromItem(node.rarg as Node, scope, reads);
  const natural = node.isNatural === true;
  const compared = natural ? left.flatMap(outputsOf).filter((name) => right.flatMap(outputsOf).includes(name)) : strings(node.usingClause);
  for (const column of compared) {
    const via = `\`${column}\` (compared by ${natural ? 'NATURAL JOIN' : 'JOIN … USING'})`;
    const found = [...left, ...right].map((range) => readColumn(range, column, reads, via));
    if (!found.some(Boolean)) throw new Unproven(`its JOIN … USING (${column}) names a column of neither side`);
  }
  expression(node.quals, scope, reads);
  if (alias === undefined) return [...left, ...right];
  const joined: Range = { kind: 'join', names: [[reads.fold(alias)]], inner: [...left, ...right] };
  scope.ranges.push(joined);
  return [joined];
}

/** Any expression: its column references resolved, its subqueries walked as SELECTs that see this scope. */
function expression(node: unknown, scope: Scope, reads: Reads): void {
  if (Array.isArray(node)) {
    for (const item of node) expression(item, scope, reads);
    return;
  }
  if (node === null || typeof node !== 'object') return;
  for (const [key, value] of Object.entries(node as Node)) {
    if (key === 'ColumnRef') columnReference(value as Node, scope, reads);
    else if (key === 'SelectStmt') selectStatement(value as Node, scope, scope.ctes, reads);
    else if (FROM_ITEMS.has(key)) throw new Unproven(`it holds a ${key} outside a FROM clause`);
    else expression(value, scope, reads);
  }
}

function columnReference(node: Node, scope: Scope, reads: Reads): void {
  const star = starQualifier({ ColumnRef: node });
  if (star) {
    readStar(scope, star, reads);
    return;
  }
  const parts = list(node.fields).map((field) => {
    const name = (field.String as { sval?: unknown } | undefined)?.sval;
    if (typeof name !== 'string') throw new Unproven('it holds a column reference of a kind this check does not read');
    return name;
  });
  readReference(scope, parts, reads);
}

/** `*` → [], `x.*` → ['x']; undefined when the value is not a star. */
function starQualifier(value: Node): string[] | undefined {
  const fields = list((value.ColumnRef as Node | undefined)?.fields);
  if (!fields.at(-1) || !('A_Star' in fields.at(-1)!)) return undefined;
  return strings(fields.slice(0, -1));
}

/** The name PostgreSQL gives an output column written without AS. */
function nameOf(value: Node): string {
  const [kind, inner] = Object.entries(value)[0] ?? ['', {}];
  const node = inner as Node;
  switch (kind) {
    case 'ColumnRef':
      return strings(node.fields).at(-1) ?? '?column?';
    case 'FuncCall':
      return functionName(value);
    case 'TypeCast': {
      const name = nameOf(node.arg as Node);
      return name !== '?column?' ? name : (strings((node.typeName as Node | undefined)?.names).at(-1) ?? name);
    }
    case 'A_Indirection':
      return strings(node.indirection).at(-1) ?? '?column?';
    case 'CaseExpr':
      return 'case';
    case 'CoalesceExpr':
      return 'coalesce';
    default:
      return '?column?';
  }
}

function renamed(outputs: readonly string[], aliases: readonly string[], reads: Reads): string[] {
  return aliases.length > 0 ? [...aliases, ...outputs.slice(aliases.length)].map((name) => reads.fold(name)) : [...outputs];
}

function columnDefinitions(definitions: unknown): string[] {
  return list(definitions).flatMap((definition) => {
    const name = (definition.ColumnDef as Node | undefined)?.colname;
    return typeof name === 'string' ? [name] : [];
  });
}

function functionName(call: unknown): string {
  return strings(((call as Node | undefined)?.FuncCall as Node | undefined)?.funcname).at(-1) ?? '?column?';
}

function list(value: unknown): Node[] {
  return Array.isArray(value) ? (value as Node[]) : [];
}

/** The texts of a list of `{ String: { sval } }` nodes. */
function strings(value: unknown): string[] {
  return list(value).flatMap((node) => {
    const text = (node.String as { sval?: unknown } | undefined)?.sval;
    return typeof text === 'string' ? [text] : [];
  });
}
