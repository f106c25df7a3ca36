/**
 * What a statement reads, resolved the way the database resolves its names: each FROM item is a
 * range (a table of the data source's catalog, a derived table, a CTE, a function), and each
 * reference is tried in every way the database could read it: a column of any range it can see, a
 * relation's whole row (`x`, `x.*`, `to_jsonb(x)`, `email(x)`), a field of a composite column, a name
 * of the SELECT's own output. Every interpretation that reaches a table's column counts, so what the
 * database really reads is always among what is counted. A reference that no interpretation explains
 * is not guessed at: the analysis stops, naming it (`Unproven`).
 *
 * Names are compared as the dialect compares them (`NameRules.fold`): PostgreSQL's exactly, its parser
 * having folded the unquoted ones already (`"Info"` and `info` are two columns); MariaDB/MySQL's whatever
 * their case, every table and column matching in any case counted (fail closed).
 *
 * A derived table or a CTE reads nothing of its own when referred to: every column its definition
 * reads (its `*` as every column of its tables) was counted where it is defined. Only a catalog table
 * reached by a name, a `*` or a whole row adds reads.
 */

/** A table or view of the data source, as its catalog lists it. */
export interface KnownTable {
  /** As the catalog writes it: schema-qualified outside the default schema. */
  name: string;
  columns: readonly string[];
}

/** A column of a catalog table a statement reads, and how (`` `email` ``, `` the whole row `x` ``, `` `*` ``). */
export interface ColumnRead {
  table: string;
  column: string;
  via: string;
}

/** A table column an output column is a plain copy of (`table` as the catalog names it). */
export interface ColumnOrigin {
  table: string;
  column: string;
}

/**
 * Every column a statement reads, with its output names; or what could not be proven. `origins`,
 * where the engine itself says (SQLite): per output column, in order, the table column it is a plain
 * copy of, null for one computed otherwise. `tables`, where the SQL is parsed: every catalog table (or
 * view) it names, as the catalog names it, whether or not a column of it is read.
 */
export type ColumnReads = { read: ColumnRead[]; outputs: string[]; origins?: (ColumnOrigin | null)[]; tables?: string[] } | { unproven: string };

/** The relation a filter is placed on: the side's dataset (a catalog table) or the side's query (its output names). */
export type FilterSubject = { table: string } | { outputs: readonly string[] };

/**
 * The aliases the engine gives the relation it adds a filter to (`FROM … AS b WHERE (filter)` in
 * src/engine/sides.ts, `AS p` for a profile): a whole-row reference through them reads the subject;
 * through any other name it is unproven, never missed.
 */
export const FILTER_ALIASES = ['b', 'p'];

/** A reference or construct whose reads cannot be proven: the walkers throw it, the entry turns it into data. */
export class Unproven extends Error {}

export type Range =
  | { kind: 'table'; names: string[][]; table: KnownTable; renamed: ReadonlyMap<string, string>; outputs: readonly string[] }
  | { kind: 'derived'; names: string[][]; outputs: readonly string[] }
  | { kind: 'join'; names: string[][]; inner: readonly Range[] };

/** How a dialect's names resolve beyond plain columns. */
export interface NameRules {
  /**
   * A name as the dialect compares it: PostgreSQL's as it is (the parse tree holds unquoted names
   * folded to lower case, quoted ones as written); MariaDB/MySQL's in lower case (a column's name
   * matches in any case, a table's under lower_case_table_names 1 and 2: counting every match in any
   * case fails closed under 0 too).
   */
  fold: (name: string) => string;
  /** PostgreSQL: a relation's name is a value (its whole row), `x.f` may be `f(x)`, and `col.field` a composite's field. */
  rowValues: boolean;
  /** Columns every table has that hold no data of a user (PostgreSQL's `ctid`, `xmin`…). */
  systemColumns: ReadonlySet<string>;
  /** The schema the catalog leaves unwritten (`public`), if any. */
  defaultSchema?: string;
}

/** The names one SELECT can see: its FROM items, its CTEs, its output names, and the enclosing SELECT's. */
export class Scope {
  readonly ranges: Range[] = [];
  outputs: string[] = [];
  constructor(
    readonly parent: Scope | undefined,
    readonly ctes: ReadonlyMap<string, readonly string[]>,
  ) {}

  visible(): Range[] {
    return this.parent ? [...this.ranges, ...this.parent.visible()] : [...this.ranges];
  }
}

/** The reads collected over a whole statement. */
export class Reads {
  private readonly seen = new Map<string, ColumnRead>();
  private readonly named = new Set<string>();
  constructor(
    readonly tables: readonly KnownTable[],
    readonly rules: NameRules,
  ) {}

  /** A name as the dialect compares it. */
  fold(name: string): string {
    return this.rules.fold(name);
  }

  add(table: string, column: string, via: string): void {
    const key = `${table}\u0000${column}`;
    if (!this.seen.has(key)) this.seen.set(key, { table, column, via });
  }

  list(): ColumnRead[] {
    return [...this.seen.values()];
  }

  /** Every catalog table a relation name of the statement denoted (tablesNamed), read or not. */
  namedTables(): string[] {
    return [...this.named];
  }

  /** The catalog tables a relation name may denote (every schema's, when unqualified; in every case, where the dialect ignores it); Unproven when none. */
  tablesNamed(parts: readonly string[]): KnownTable[] {
    const wanted = parts.map((part) => this.fold(part));
    const table = wanted.at(-1)!;
    const schema = wanted.at(-2);
    const found = this.tables.filter((known) => {
      const name = this.fold(known.name);
      if (schema === undefined) return name === table || name.endsWith(`.${table}`);
      return name === `${schema}.${table}` || (schema === this.rules.defaultSchema && name === table);
    });
    if (found.length === 0) {
      throw new Unproven(`it reads \`${parts.join('.')}\`, a table the data source's catalog does not list (another database's, the system's, or one created since the last scan)`);
    }
    for (const known of found) this.named.add(known.name);
    return found;
  }
}

/** The scope of a filter: its subject under each alias the engine may give it. */
export function filterScope(subject: FilterSubject | undefined, reads: Reads): Scope {
  if (!subject) throw new Unproven('the relation it filters is not known (the side names neither a dataset nor a query)');
  const scope = new Scope(undefined, new Map());
  if ('table' in subject) {
    const written = subject.table.split('.');
    for (const table of reads.tablesNamed(written)) scope.ranges.push(...FILTER_ALIASES.map((alias) => tableRange(reads, table, written, alias, [])));
  } else {
    scope.ranges.push(...FILTER_ALIASES.map((alias) => derivedRange(reads, alias, subject.outputs)));
  }
  return scope;
}

export function lower(name: string): string {
  return name.toLowerCase();
}

/** A catalog table as a range: referred to by its alias, else by its name (bare or schema-qualified). */
export function tableRange(names: Pick<Reads, 'fold'>, table: KnownTable, written: readonly string[], alias: string | undefined, columnAliases: readonly string[]): Range {
  const fold = (name: string) => names.fold(name);
  const renamed = new Map<string, string>();
  columnAliases.forEach((name, i) => {
    const column = table.columns[i];
    if (column !== undefined) renamed.set(fold(name), column);
  });
  const outputs = table.columns.map((column, i) => fold(columnAliases[i] ?? column));
  return { kind: 'table', names: alias !== undefined ? [[fold(alias)]] : [written.slice(-1).map(fold), written.slice(-2).map(fold)], table, renamed, outputs };
}

/** A derived table, CTE or function as a range; `columnAliases` rename its outputs by position. */
export function derivedRange(names: Pick<Reads, 'fold'>, alias: string | undefined, outputs: readonly string[], columnAliases: readonly string[] = []): Range {
  const renamed = [...outputs.map((name, i) => columnAliases[i] ?? name), ...columnAliases.slice(outputs.length)];
  return { kind: 'derived', names: alias === undefined ? [] : [[names.fold(alias)]], outputs: renamed.map((name) => names.fold(name)) };
}

/** The output names a range gives `*` (as the dialect compares names). */
export function outputsOf(range: Range): string[] {
  switch (range.kind) {
    case 'table':
      return [...range.outputs];
    case 'derived':
      return [...range.outputs];
    case 'join':
      return range.inner.flatMap(outputsOf);
  }
}

/**
 * Throws Unproven unless every range is a catalog table (or a join of them): a derived table's, a
 * CTE's or a function's columns read nothing where they are referred to (their reads were counted
 * where they are defined), so what one output of it is computed from is not known.
 */
export function requireTablesOnly(ranges: readonly Range[]): void {
  for (const range of ranges) {
    if (range.kind === 'join') requireTablesOnly(range.inner);
    else if (range.kind !== 'table') throw new Unproven('its FROM clause holds a subquery, a WITH query or a function, whose columns this check does not follow one by one');
  }
}

/** Every column of a range (its whole row). */
export function readWholeRow(range: Range, reads: Reads, via: string): void {
  if (range.kind === 'table') for (const column of range.table.columns) reads.add(range.table.name, column, via);
  if (range.kind === 'join') for (const inner of range.inner) readWholeRow(inner, reads, via);
}

/** Reads `name` as a column of `range` (every column it may denote); false when the range has no such column. */
export function readColumn(range: Range, name: string, reads: Reads, via: string): boolean {
  const wanted = reads.fold(name);
  switch (range.kind) {
    case 'table': {
      const renamed = range.renamed.get(wanted);
      const columns = renamed !== undefined ? [renamed] : range.table.columns.filter((column) => reads.fold(column) === wanted);
      for (const column of columns) reads.add(range.table.name, column, via);
      return columns.length > 0;
    }
    case 'derived':
      return range.outputs.includes(wanted);
    case 'join': {
      let found = false;
      for (const inner of range.inner) found = readColumn(inner, name, reads, via) || found;
      return found;
    }
  }
}

function named(range: Range, parts: readonly string[], reads: Reads): boolean {
  const wanted = parts.map((part) => reads.fold(part));
  return range.names.some((name) => name.length === wanted.length && name.every((part, i) => part === wanted[i]));
}

/**
 * `*` (every range of this SELECT) or `x.*` (the ranges named x): each read whole. Returns the
 * output names it gives.
 */
export function readStar(scope: Scope, qualifier: readonly string[], reads: Reads): string[] {
  const via = qualifier.length === 0 ? '`*`' : `\`${qualifier.join('.')}.*\``;
  const ranges = qualifier.length === 0 ? scope.ranges : scope.visible().filter((range) => named(range, qualifier, reads));
  if (qualifier.length > 0 && ranges.length === 0) throw new Unproven(`\`${qualifier.join('.')}.*\` names no table or alias it can see`);
  for (const range of ranges) readWholeRow(range, reads, via);
  return ranges.flatMap(outputsOf);
}

/**
 * A column reference (`email`, `c.email`, `crm.customers.email`, PostgreSQL's `x` or `x.email_of`)
 * read in every way the dialect could read it; Unproven when no way explains it.
 */
export function readReference(scope: Scope, parts: readonly string[], reads: Reads): void {
  const visible = scope.visible();
  const rules = reads.rules;
  const text = `\`${parts.join('.')}\``;
  let explained = false;
  // A column of any visible range (with PostgreSQL, any later parts are fields of a composite value).
  if (parts.length === 1 || rules.rowValues) {
    for (const range of visible) explained = readColumn(range, parts[0]!, reads, text) || explained;
  }
  // A range named by the first parts: its column, or (PostgreSQL) its whole row, or a function of it.
  for (let length = 1; length <= parts.length; length++) {
    for (const range of visible.filter((r) => named(r, parts.slice(0, length), reads))) {
      if (length === parts.length) {
        if (!rules.rowValues) continue;
        readWholeRow(range, reads, `the whole row ${text}`);
        explained = true;
      } else if (readColumn(range, parts[length]!, reads, text)) {
        explained = true;
      } else if (rules.rowValues && length === parts.length - 1) {
        // `x.f` with no column f is `f(x)`: a function of the whole row.
        readWholeRow(range, reads, `${text} (a function of the whole row)`);
        explained = true;
      }
    }
  }
  const last = reads.fold(parts.at(-1)!);
  if (parts.length === 1 && scope.outputs.includes(last)) explained = true;
  if (parts.length <= 2 && rules.systemColumns.has(last) && visible.some((range) => range.kind === 'table' && (parts.length === 1 || named(range, parts.slice(0, 1), reads)))) explained = true;
  if (!explained) {
    throw new Unproven(`${text} is neither a column the data source's catalog lists for the tables it reads nor a table or alias it can see (a column added since the last scan shows once the data source is scanned again)`);
  }
}
