/**
 * The functions a comparison's SQL calls that the data source defines itself (PostgreSQL: outside
 * pg_catalog and information_schema; MariaDB/MySQL: stored routines). What such a function's body
 * reads no parse tree of the SQL shows, and a call by a built-in's name may reach one (PostgreSQL
 * picks an overload by the arguments' types), so whether a name is one is judged on the database's
 * own catalog, by name alone:
 *
 * - when a comparison is created or shown, against the functions its data source's last scan listed
 *   (sensitive-reads.ts: such SQL is unproven for a key without read:sensitive);
 * - when a job runs, on each database session before the job's first statement there, by asking the
 *   database itself (a function created since the scan): a job whose SQL calls one is recorded as
 *   unproven, so such keys see it fully masked. The job itself runs: it does not know its creator's scope.
 */
import type { CatalogRoutine } from '../catalog/scan.js';
import { loadDialect } from '../dialects/registry.js';
import type { DatabaseSession, SessionGate } from '../dialects/types.js';
import type { SideDefinition } from '../engine/model.js';
import { checkUserSql } from '../sql/check-sql.js';
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
 * Why a field's calls cannot be proven against the functions its data source's last scan listed, or
 * undefined when none of its names is one of them. `routines` null or undefined: not listed, so any
 * call is unproven.
 */
export function unprovenCalls(calls: readonly string[], routines: readonly CatalogRoutine[] | null | undefined): string | undefined {
  if (calls.length === 0) return undefined;
  if (!routines) {
    return "what it calls cannot be proven: the data source's last scan did not list the functions the database defines itself (scan it again: POST /sources/{id}/scan, or Scan now on its page)";
  }
  for (const call of calls) {
    const found = routines.filter((routine) => routine.name.toLowerCase() === call);
    if (found.length > 0) return ownFunction(call, found);
  }
  return undefined;
}

/** "it calls `lower`, a name the data source gives a function of its own (`public.lower`), …". */
function ownFunction(call: string, routines: readonly CatalogRoutine[]): string {
  const named = routines.slice(0, 3).map((routine) => `\`${routine.schema}.${routine.name}\``);
  const more = routines.length > 3 ? ` and ${routines.length - 3} more` : '';
  return `it calls \`${call}\`, a name the data source gives a function of its own (${named.join(', ')}${more}), whose body this check cannot see; call only the database's built-in functions`;
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
    if (found === undefined) return;
    await once(typeof found === 'string' ? found : describe(fields, found));
  };
}

/** The functions of these names the session's database defines itself. */
async function ownFunctions(session: DatabaseSession, names: readonly string[]): Promise<CatalogRoutine[] | undefined> {
  const dialect = await loadDialect(session.dialect);
  if (!dialect.routinesQuery) return undefined;
  const { sql, params } = dialect.routinesQuery(names);
  const rows = await session.query(sql, params, { signal: AbortSignal.timeout(ASK_WITHIN_MS) });
  const routines = rows.map((row) => ({ schema: String(row.routine_schema), name: String(row.routine_name) }));
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
