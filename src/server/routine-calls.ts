/**
 * The functions a comparison's SQL reaches that the data source defines itself (PostgreSQL: outside
 * pg_catalog and information_schema, called, or reached through an operator, a cast or a domain's
 * check; MariaDB/MySQL: stored routines). What such a function's body reads no parse tree of the SQL
 * shows, and a call by a built-in's name may reach one (PostgreSQL picks an overload by the arguments'
 * types), so whether a name is one is judged on the database's own catalog, by name alone:
 *
 * - when a comparison is created or shown, against the functions its data source's last scan listed
 *   (sensitive-reads.ts: such SQL is unproven for a key without read:sensitive);
 * - when a job runs, on each database session before the job's first statement there, by asking the
 *   database itself (a function created since the scan): a job whose SQL calls one is recorded as
 *   unproven, so such keys see it fully masked. The job itself runs: it does not know its creator's scope.
 */
import { withName } from '../catalog/names.js';
import { catalogRoutine, type CatalogRoutine, type CatalogTable } from '../catalog/scan.js';
import { loadDialect } from '../dialects/registry.js';
import type { DatabaseSession, SessionGate } from '../dialects/types.js';
import type { SideDefinition } from '../engine/model.js';
import { checkUserSql } from '../sql/check-sql.js';
import type { ColumnRead } from '../sql/column-reads.js';
import { guardDialectOf } from '../sql/guard.js';
import { toDatacompareError } from '../shared/errors.js';

/** How long a session's question may take. */
const ASK_WITHIN_MS = 10_000;

/** The names one field of a comparison (`source_query`, `target_filter`…) may call a function by. */
export interface FieldCalls {
  field: string;
  calls: string[];
}

/**
 * The names a query or filter may call a function by (lower case; pg-guard.ts and mysql-guard.ts
 * `calls`): [] for SQL that is not parsed (SQLite's functions are its own and ours, DuckDB's SQL is
 * unproven as a whole) or that the SQL check refuses (it never runs).
 */
export async function callsOf(text: unknown, datasourceType: string, what: 'filter' | 'query'): Promise<string[]> {
  const dialect = guardDialectOf(datasourceType);
  if (typeof text !== 'string' || text.trim() === '' || (dialect !== 'postgres' && dialect !== 'mysql')) return [];
  const checked = await checkUserSql(text, dialect, what);
  return 'reads' in checked && checked.reads ? checked.reads.calls : [];
}

/**
 * Why what a query or filter (parsed: PostgreSQL, MariaDB/MySQL) reaches of the data source's own code
 * cannot be proven, against what its last scan listed: a name it calls, an operator, a type it casts to,
 * a column read whose type is cast implicitly by such code. Without that list (a scan from before scans
 * listed it, or cut short), nothing is proven. [] for SQL that is not parsed (SQLite says itself what it
 * reads; DuckDB's is unproven as a whole).
 */
export async function unprovenOwnCode(
  text: string,
  datasourceType: string,
  what: 'filter' | 'query',
  reads: readonly ColumnRead[] | undefined,
  facts: { catalog: readonly CatalogTable[]; routines: readonly CatalogRoutine[] | null | undefined },
): Promise<string[]> {
  const dialect = guardDialectOf(datasourceType);
  if (dialect !== 'postgres' && dialect !== 'mysql') return [];
  if (!facts.routines) {
    return ["what it runs of the database's own code cannot be proven: the data source's last scan did not list the functions the database defines itself (scan it again: POST /sources/{id}/scan, or Scan now on its page)"];
  }
  const calls = unprovenCalls(await callsOf(text, datasourceType, what), facts.routines);
  const casts = reads ? unprovenCastSources(reads, facts.catalog, facts.routines) : undefined;
  return [calls, casts].filter((why): why is string => why !== undefined);
}

/** Why a field's calls reach code the data source defines itself (of those `routines`), or undefined. */
export function unprovenCalls(calls: readonly string[], routines: readonly CatalogRoutine[]): string | undefined {
  for (const call of calls) {
    const found = routines.filter((routine) => routine.kind !== 'cast source' && routine.name.toLowerCase() === call);
    if (found.length > 0) return ownCode(call, found);
  }
  return undefined;
}

/** "it calls `lower`, a name the data source gives a function of its own (`public.lower`), …". */
function ownCode(call: string, routines: readonly CatalogRoutine[]): string {
  const named = routines.slice(0, 3).map((routine) => `\`${routine.schema}.${routine.name}\``);
  const more = routines.length > 3 ? ` and ${routines.length - 3} more` : '';
  const where = `${named.join(', ')}${more}`;
  switch (routines[0]!.kind) {
    case 'operator':
      return `it uses \`${call}\`, a name the data source gives an operator of its own (${where}), whose function this check cannot see; use only the database's built-in operators`;
    case 'type':
      return `it casts to \`${call}\`, a type of the data source's own (${where}) whose cast or check runs a function this check cannot see`;
    default:
      return `it calls \`${call}\`, a name the data source gives a function of its own (${where}), whose body this check cannot see; call only the database's built-in functions`;
  }
}

/**
 * Why reading these columns cannot be proven, or undefined: a column whose type (or a table whose row
 * type) the data source casts implicitly with a function of its own (`cast source`), which runs, unseen,
 * wherever a value of it is passed where the cast's target is wanted (`lower(info)`).
 */
function unprovenCastSources(reads: readonly ColumnRead[], catalog: readonly CatalogTable[], routines: readonly CatalogRoutine[]): string | undefined {
  const sources = new Set(routines.filter((routine) => routine.kind === 'cast source').map((routine) => routine.name.toLowerCase()));
  if (sources.size === 0) return undefined;
  for (const read of reads) {
    const columns = withName(catalog, read.table).flatMap((table) => withName(table.columns, read.column));
    const typeName = columns.map((column) => baseTypeName(column.type)).find((name) => sources.has(name));
    if (typeName) {
      return `it reads \`${read.table}.${read.column}\`, of type \`${typeName}\`, which the data source casts implicitly with a function of its own that this check cannot see`;
    }
    const rowType = read.table.toLowerCase().split('.').at(-1)!;
    if (sources.has(rowType)) return `it reads \`${read.table}\`, whose row the data source casts implicitly with a function of its own that this check cannot see`;
  }
  return undefined;
}

/**
 * `public."Wrap"[]` → `wrap`: a type of the user's own as a cast's source is listed (its typname, as the
 * catalog scan's format_type writes it). A system type's SQL name (`integer` for int4) is not matched:
 * only a superuser can cast one with a function of its own.
 */
function baseTypeName(type: string): string {
  const bare = type.replace(/(\[\d*\])+$/, '').replace(/\(.*\)$/, '').trim();
  return (bare.split('.').at(-1) ?? bare).replace(/^"|"$/g, '').toLowerCase();
}

/** The calls of a comparison's query and filter on each side, as the job's definition holds them. */
export async function comparisonCalls(sides: { source: SideDefinition; target: SideDefinition }): Promise<FieldCalls[]> {
  const fields: FieldCalls[] = [];
  for (const role of ['source', 'target'] as const) {
    const side = sides[role];
    const type = side.connection?.type ?? '';
    for (const what of ['query', 'filter'] as const) {
      const calls = await callsOf(side[what], type, what);
      if (calls.length > 0) fields.push({ field: `${role}_${what}`, calls });
    }
  }
  return fields;
}

/**
 * The question a job asks each database session before its first statement there: does a name its
 * SQL calls belong to a function this database defines itself? (Every session is asked: each may have
 * reached another server than the last.) A yes, or a question that cannot be asked, is given to
 * `record` once (the job's reads are then unproven); the session is let through either way. Undefined
 * when the SQL calls nothing. Both sides' names are asked on either side's sessions: a side may share
 * its connection with the other, and a name found where it is not called only masks more.
 */
export function routineQuestion(fields: readonly FieldCalls[], record: (why: string) => Promise<void>): SessionGate | undefined {
  const names = [...new Set(fields.flatMap((field) => field.calls))];
  if (names.length === 0) return undefined;
  let recorded: Promise<void> | undefined;
  const once = (why: string): Promise<void> => (recorded ??= record(why));
  return async (session) => {
    if (recorded) return recorded;
    const found = await ownFunctions(session, names).catch(
      (error: unknown) => `whether the functions its SQL calls are the database's own could not be asked (a ${toDatacompareError(error).kind} error)`,
    );
    const why = found === undefined || typeof found === 'string' ? found : describe(fields, found);
    if (why) await once(why);
  };
}

/** The functions of these names the session's database defines itself. */
async function ownFunctions(session: DatabaseSession, names: readonly string[]): Promise<CatalogRoutine[] | undefined> {
  const dialect = await loadDialect(session.dialect);
  if (!dialect.routinesQuery) return undefined;
  const { sql, params } = dialect.routinesQuery(names);
  const routines = (await session.query(sql, params, { signal: AbortSignal.timeout(ASK_WITHIN_MS) })).map(catalogRoutine);
  return routines.length > 0 ? routines : undefined;
}

/** "source_query: it calls `customer_email`, a name the data source gives a function of its own (…)". */
function describe(fields: readonly FieldCalls[], routines: readonly CatalogRoutine[]): string {
  return fields
    .flatMap(({ field, calls }) => {
      const why = unprovenCalls(calls, routines);
      return why ? [`${field}: ${why}`] : [];
    })
    .join('; ');
}
