/**
 * Whether the tables a job's SQL names still have the columns the data source's last scan listed.
 * What a query or filter reads is judged against that scan (sensitive-reads.ts), so a `*`, a whole row
 * (`to_jsonb(x)`, `x::text`, a filter's `b::text`), a NATURAL JOIN or a name an outer scope seems to
 * explain reaches a column added since the scan, which no check saw. So when a job runs, each database
 * session it opens is asked, before the job's first statement there, which columns those tables (and
 * views) have now: the dialect's own catalog query, narrowed to them. A column the scan did not list
 * makes the job's reads unproven, recorded once (jobs.unproven_reads): keys without `read:sensitive` see
 * the job fully masked. The job itself runs (it does not know its creator's scope), as for a function
 * made since the scan (routine-calls.ts). Parsed SQL only (PostgreSQL, MariaDB/MySQL): SQLite says
 * itself what a statement reads each time the service asks it, and DuckDB's SQL is unproven as a whole.
 */
import type { CatalogTable } from '../catalog/scan.js';
import { loadDialect } from '../dialects/registry.js';
import type { DatabaseSession, SessionGate } from '../dialects/types.js';
import type { SideDefinition } from '../engine/model.js';
import { toDatacompareError } from '../shared/errors.js';
import { readsOf } from './side-reads.js';

/** How long a session's question may take. */
const ASK_WITHIN_MS = 10_000;

/** A table (or view) a job's SQL names, with the columns the last scan listed for it. */
interface ScannedTable {
  name: string;
  columns: ReadonlySet<string>;
}

/**
 * The question each session of a side asks (undefined where there is nothing to ask): the tables the
 * SQL of every side on that side's data source names, as the last scan listed them, against what the
 * database lists now. A new column, or a question that cannot be asked, is given to `record` once.
 */
export async function columnsSinceScanQuestion(
  sides: { source: SideDefinition; target: SideDefinition },
  catalogOf: (datasourceId: string) => Promise<CatalogTable[] | undefined>,
  record: (why: string) => Promise<void>,
): Promise<(side: SideDefinition) => SessionGate | undefined> {
  // both sides' tables on a data source they share: a side may share its connection with the other
  const byDatasource = new Map<string, Map<string, ScannedTable>>();
  for (const side of [sides.source, sides.target]) {
    const tables = byDatasource.get(side.serviceDatasource) ?? new Map<string, ScannedTable>();
    for (const table of await scannedTablesOf(side, catalogOf)) tables.set(table.name, table);
    byDatasource.set(side.serviceDatasource, tables);
  }
  let recorded: Promise<void> | undefined;
  const once = (why: string): Promise<void> => (recorded ??= record(why));
  return (side) => {
    const tables = [...(byDatasource.get(side.serviceDatasource)?.values() ?? [])];
    if (tables.length === 0) return undefined;
    return async (session) => {
      if (recorded) return recorded;
      const why = await addedColumns(session, tables).catch(
        (error: unknown) => `whether the tables its SQL reads gained columns since the data source's last scan could not be asked (a ${toDatacompareError(error).kind} error)`,
      );
      if (why) await once(why);
    };
  };
}

/** The catalog tables a side's query and filter name, with the columns the last scan listed; [] when its SQL is not parsed or unproven (masked anyway). */
async function scannedTablesOf(side: SideDefinition, catalogOf: (datasourceId: string) => Promise<CatalogTable[] | undefined>): Promise<ScannedTable[]> {
  if (!side.query && !side.filter) return [];
  const catalog = await catalogOf(side.serviceDatasource);
  if (!catalog) return [];
  const sql = { ...(side.query ? { query: side.query } : { dataset: side.dataset }), ...(side.filter ? { filter: side.filter } : {}) };
  const reads = await readsOf({ datasourceType: side.connection?.type ?? '', catalog }, sql);
  const named = new Set([reads.query, reads.filter].flatMap((found) => (found && 'read' in found ? (found.tables ?? []) : [])));
  return catalog.filter((table) => named.has(table.name)).map((table) => ({ name: table.name, columns: new Set(table.columns.map((column) => column.name)) }));
}

/** Why the tables' columns now differ from the scan's (a column it did not list), or undefined. */
async function addedColumns(session: DatabaseSession, tables: readonly ScannedTable[]): Promise<string | undefined> {
  const dialect = await loadDialect(session.dialect);
  const placeholders = tables.map((_, i) => dialect.compiler.placeholder(i + 1)).join(', ');
  const sql = `SELECT live.dataset, live.column_name FROM (${dialect.catalogQuery}) live WHERE live.dataset IN (${placeholders})`;
  const rows = await session.query(
    sql,
    tables.map((table) => table.name),
    { signal: AbortSignal.timeout(ASK_WITHIN_MS) },
  );
  for (const table of tables) {
    // rows of exactly this name (MariaDB compares names in any case: `T`'s rows come with `t`'s)
    const added = rows.filter((row) => String(row.dataset) === table.name && !table.columns.has(String(row.column_name))).map((row) => `\`${String(row.column_name)}\``);
    if (added.length > 0) {
      return `\`${table.name}\`, which its SQL reads, has ${added.length === 1 ? 'a column' : 'columns'} the data source's last scan did not list (${added.slice(0, 5).join(', ')}${added.length > 5 ? '…' : ''}): what \`*\` or a whole row reads of ${added.length === 1 ? 'it' : 'them'} is not known (scan the data source again)`;
    }
  }
  return undefined;
}
