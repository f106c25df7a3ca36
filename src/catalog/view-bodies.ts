/**
 * What each view of a data source reads, resolved by the catalog scan so that reading a view counts
 * as reading what is under it (view-reads.ts), never as reading the view's columns by their names:
 *
 * - PostgreSQL: the database's own facts about the view's SELECT rule (POSTGRES_VIEWS_QUERY): every
 *   relation of its range tables, every column it depends on, whether it reads a whole row (then
 *   every column of those relations), and every function, operator or type of the user's own it
 *   depends on (whose body no definition shows: the view is then unproven). Its definition is only
 *   put to the SQL check (a built-in that runs SQL given as text records no dependency) and read for
 *   which view column is computed from which column, checked against the facts;
 * - MariaDB/MySQL, which records no column dependencies of a view: its stored definition (every name
 *   qualified, `*` expanded), through the SQL check and the parse-tree analysis of a user's query;
 * - SQLite: what SQLite's authorizer hears while compiling `SELECT * FROM view`, and each output's
 *   column origin (a plain copy of one table column; any other column computed from every read).
 *
 * What cannot be resolved is recorded as unproven, with why; a view left without a body (an engine
 * that cannot say, a listing that failed) is unproven where it is read.
 */
import type { ConnectionConfig, DatabaseConnection, Dialect } from '../dialects/types.js';
import { checkUserSql } from '../sql/check-sql.js';
import { columnsRead, outputsRead, type KnownTable } from '../sql/column-reads.js';
import { guardDialectOf } from '../sql/guard.js';
import type { Logger } from '../shared/logger.js';
import { toDatacompareError } from '../shared/errors.js';
import type { BodyColumn, CatalogRoutine, CatalogTable, ViewBody } from './types.js';

/** A row of the dialect's `viewsQuery`. */
interface ViewRow {
  dataset: string;
  definition: string | null;
  default_schema: string | null;
  whole_row: boolean | null;
  refs: ViewRef[] | null;
}

/** One dependency fact of a view's rule (PostgreSQL). */
interface ViewRef {
  kind: 'relation' | 'column' | 'function' | 'operator' | 'type' | 'other';
  schema: string | null;
  name: string;
  column: string | null;
  /** pg_describe_object's words for it (`function public.customer_email(integer)`). */
  described: string | null;
}

/**
 * Gives each view of `tables` its body. A listing that fails leaves the bodies out (those views are
 * then unproven where read); a stop (the time limit, a cancel) ends the scan as any other read does.
 */
export async function readViewBodies(
  connection: DatabaseConnection,
  dialect: Dialect,
  config: ConnectionConfig,
  tables: readonly CatalogTable[],
  routines: readonly CatalogRoutine[] | null,
  context: { logger: Logger; signal: AbortSignal },
): Promise<void> {
  const views = new Map(tables.filter((table) => table.kind === 'view').map((view) => [view.name, view]));
  if (views.size === 0) return;
  const known = indexOf(tables);
  if (dialect.viewsQuery) {
    let rows: ViewRow[];
    try {
      rows = (await connection.query(dialect.viewsQuery, [], { signal: context.signal, catalog: true })) as unknown as ViewRow[];
    } catch (error) {
      if (context.signal.aborted || toDatacompareError(error).kind === 'timeout') throw error;
      context.logger.debug(`what the views read could not be listed: ${toDatacompareError(error).message}`);
      return;
    }
    for (const row of rows) {
      const view = views.get(String(row.dataset));
      if (view) view.body = await bodyFromRow(row, view, dialect, known, routines);
    }
  } else if (dialect.columnsRead) {
    for (const view of views.values()) {
      context.signal.throwIfAborted();
      const told = (await dialect.columnsRead(config, { query: `SELECT * FROM ${dialect.compiler.quoteTable(view.name)}` })).query;
      if (!told) continue;
      if ('unproven' in told) {
        view.body = told;
        continue;
      }
      // each column a plain copy of one table column (SQLite's column origin), or computed from any it reads
      const reads = unique(told.read.filter((read) => read.table !== view.name));
      const origins = told.origins?.length === view.columns.length ? told.origins : undefined;
      view.body = { reads, lineage: origins ? origins.map((origin) => (origin ? [origin] : reads)) : null };
    }
  }
}

/** The catalog's tables for the analysis, by exact name and by bare name (lower case). */
interface KnownIndex {
  byName: Map<string, KnownTable>;
  byBareName: Map<string, KnownTable[]>;
}

function indexOf(tables: readonly CatalogTable[]): KnownIndex {
  const index: KnownIndex = { byName: new Map(), byBareName: new Map() };
  for (const table of tables) {
    const known = { name: table.name, columns: table.columns.map((column) => column.name) };
    index.byName.set(table.name, known);
    const bare = table.name.toLowerCase().split('.').at(-1)!;
    index.byBareName.set(bare, [...(index.byBareName.get(bare) ?? []), known]);
  }
  return index;
}

/**
 * The tables a definition may name: those whose bare name is one of its words (the analysis looks
 * each name up among them, and a table left out makes the view unproven, never lets a read through).
 */
function namedIn(definition: string, known: KnownIndex): KnownTable[] {
  const words = new Set(definition.toLowerCase().match(/[\p{L}\p{N}_$]+/gu) ?? []);
  return [...words].flatMap((word) => known.byBareName.get(word) ?? []);
}

async function bodyFromRow(row: ViewRow, view: CatalogTable, dialect: Dialect, known: KnownIndex, routines: readonly CatalogRoutine[] | null): Promise<ViewBody> {
  const guard = guardDialectOf(dialect.name);
  const definition = typeof row.definition === 'string' ? row.definition.trim() : '';
  if (!definition) return { unproven: 'its definition is hidden from the role the data source connects as (MariaDB shows it to a role with SHOW VIEW on it)' };
  if (guard !== 'postgres' && guard !== 'mysql') return { unproven: `the service does not analyse a \`${dialect.name}\` view's definition` };
  const checked = await checkUserSql(definition, guard, 'query');
  if ('problem' in checked) return { unproven: `the SQL check refuses its definition (${checked.problem.message.replace(/\.$/, '')})` };
  const defaultSchema = row.default_schema ?? undefined;
  const named = namedIn(definition, known);
  let reads: BodyColumn[];
  if (row.refs !== null) {
    const own = ownCode(row.refs, routines);
    if (own) return { unproven: own };
    const facts = readsFromFacts(row.refs, row.whole_row === true, known.byName);
    if ('unproven' in facts) return facts;
    reads = facts.reads;
  } else {
    const calls = checked.reads?.calls ?? [];
    if (routines === null && calls.length > 0) return { unproven: "which functions it calls are the data source's own is not known: the scan did not list them" };
    const called = (routines ?? []).find((routine) => routine.kind === 'function' && calls.includes(routine.name.toLowerCase()));
    if (called) return { unproven: `it calls \`${called.schema}.${called.name}\`, a function of the data source's own, whose body this check cannot see` };
    const parsed = await columnsRead(definition, guard, 'query', named, undefined, defaultSchema);
    if ('unproven' in parsed) return { unproven: `what its definition reads cannot be proven: ${parsed.unproven}` };
    reads = unique(parsed.read);
  }
  return { reads, lineage: await lineageOf(definition, guard, view, named, reads, defaultSchema) };
}

/** Why the code of the user's own a view's rule depends on makes it unproven, or undefined. */
function ownCode(refs: readonly ViewRef[], routines: readonly CatalogRoutine[] | null): string | undefined {
  for (const ref of refs) {
    if (ref.kind === 'relation' || ref.kind === 'column') continue;
    // A type of the user's own runs code only through a cast or a domain's check (the scan lists those).
    if (ref.kind === 'type' && routines !== null && !routines.some((routine) => routine.kind === 'type' && routine.schema === ref.schema && routine.name === ref.name)) continue;
    return `it depends on ${ref.described ?? `\`${ref.name}\``}, code of the data source's own whose reads this check cannot see`;
  }
  return undefined;
}

/** The columns a view's rule reads, from PostgreSQL's facts: every relation must be one the catalog lists. */
function readsFromFacts(refs: readonly ViewRef[], wholeRow: boolean, byName: ReadonlyMap<string, KnownTable>): { reads: BodyColumn[] } | { unproven: string } {
  const reads: BodyColumn[] = [];
  for (const ref of refs) {
    if (ref.kind !== 'relation' && ref.kind !== 'column') continue;
    const table = byName.get(ref.name);
    if (!table) return { unproven: `it reads \`${ref.name}\`, which the data source's catalog does not list (the system's, or a schema the scan leaves out)` };
    if (ref.kind === 'column' && ref.column !== null) reads.push({ table: table.name, column: ref.column });
    // A whole row is recorded as no column: every column of every relation it reads counts.
    if (ref.kind === 'relation' && wholeRow) reads.push(...table.columns.map((column) => ({ table: table.name, column })));
  }
  return { reads: unique(reads) };
}

/**
 * Which columns each column of the view is computed from, by its definition, one list per view column
 * in order; null where the definition is not a plain SELECT over tables, where its outputs are not the
 * view's columns, or where it names a column the body's reads (the database's facts) do not hold.
 */
async function lineageOf(
  definition: string,
  guard: 'postgres' | 'mysql',
  view: CatalogTable,
  known: readonly KnownTable[],
  reads: readonly BodyColumn[],
  defaultSchema: string | undefined,
): Promise<BodyColumn[][] | null> {
  const outputs = await outputsRead(definition, guard, known, defaultSchema);
  if ('unproven' in outputs || outputs.length !== view.columns.length) return null;
  const held = new Set(reads.map(key));
  const lineage = outputs.map((columns) => unique(columns));
  return lineage.every((columns) => columns.every((column) => held.has(key(column)))) ? lineage : null;
}

function unique(columns: readonly BodyColumn[]): BodyColumn[] {
  const seen = new Map<string, BodyColumn>();
  for (const { table, column } of columns) if (!seen.has(key({ table, column }))) seen.set(key({ table, column }), { table, column });
  return [...seen.values()];
}

/** A column by its exact names (the catalog's, as every read carries them): `T.v` is not `t.v`. */
function key(column: BodyColumn): string {
  return `${column.table}\u0000${column.column}`;
}
