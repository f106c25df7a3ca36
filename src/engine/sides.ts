/**
 * One side of a comparison made concrete: its connection, the SQL it reads from (a table or a
 * query, with the filter), its schema, and a label for messages ("legacy.orders in source_db").
 */
import { ConfigurationError, DatacompareError, QueryError } from '../shared/errors.js';
import type { ColumnType, DatabaseConnection, RelationSchema } from '../dialects/types.js';
import type { SideDefinition } from './model.js';
import { guardDialectOf, type SqlGuardProblem } from '../sql/guard.js';
import { checkUserSql } from '../sql/check-sql.js';
import { refusedVolatile } from '../sql/pg-guard.js';

export interface Side {
  role: 'source' | 'target';
  definition: SideDefinition;
  connection: DatabaseConnection;
  /** "table `legacy.orders` in data source `shop`" or "the query of data source `shop`". */
  label: string;
  /** Short name for sentences: the dataset name or "query". */
  shortName: string;
  schema: RelationSchema;
}

/** `FROM … AS alias [WHERE filter]` for this side: the table or the query as a derived table. */
/** True when either side is SQLite: any of its columns may hold any value, whatever the declared type. */
export function dynamicTyping(source: Side, target: Side): boolean {
  return source.connection.dialect === 'sqlite' || target.connection.dialect === 'sqlite';
}

export function fromClause(side: Side, alias: string): string {
  const compiler = side.connection.compiler;
  const relation = side.definition.query
    ? `(${stripSemicolon(side.definition.query)}) AS ${compiler.quoteIdentifier(alias)}`
    : `${compiler.quoteTable(side.definition.dataset ?? '')} AS ${compiler.quoteIdentifier(alias)}`;
  const filter = side.definition.filter ? ` WHERE (${side.definition.filter})` : '';
  return `FROM ${relation}${filter}`;
}

/** The side restricted to the rows meeting an extra WHERE condition, on top of its own filter. */
export function withCondition(side: Side, condition: string): Side {
  const filter = side.definition.filter ? `(${side.definition.filter}) AND ${condition}` : condition;
  return { ...side, definition: { ...side.definition, filter } };
}

/** A column of this side, qualified by the alias. */
export function columnRef(side: Side, alias: string, column: string): string {
  const compiler = side.connection.compiler;
  return `${compiler.quoteIdentifier(alias)}.${compiler.quoteIdentifier(column)}`;
}

export async function describeSide(
  role: 'source' | 'target',
  definition: SideDefinition,
  connection: DatabaseConnection,
  signal: AbortSignal | undefined,
): Promise<Side> {
  const where = `data source \`${definition.datasourceName}\``;
  const label = definition.query ? `the ${role} query (${where})` : `table \`${definition.dataset}\` in ${where}`;
  const shortName = definition.dataset ?? `${role} query`;
  if (!definition.query && !definition.dataset) {
    throw new ConfigurationError(`The ${role} names neither a dataset nor a query.`, { hint: `Set ${role}.dataset or ${role}.query.` });
  }
  await refuseUnsafeSql(role, definition, connection, signal);
  const options = signal ? { signal } : {};
  let schema: RelationSchema;
  try {
    schema = definition.query
      ? await connection.describeQuery(stripSemicolon(definition.query), options)
      : await connection.describeTable(definition.dataset ?? '', options);
  } catch (error) {
    throw withContext(error, `Could not read the ${role} ${definition.query ? 'query' : 'table'} (${label})`, definition.query ? `Check ${role}.query.` : undefined);
  }
  if (!definition.query && schema.columns.length === 0) {
    throw new QueryError(`The ${role} table \`${definition.dataset}\` does not exist in data source \`${definition.datasourceName}\`.`, {
      hint: `Check ${role}.dataset (write schema.table to name another schema) and that the spec's datasource points at the right database.`,
    });
  }
  if (definition.filter) await checkFilter(role, definition, connection, signal);
  return { role, definition, connection, label, shortName, schema };
}

/**
 * Before anything is sent: the filter is one condition and the query one SELECT, neither writing nor
 * reaching files (PostgreSQL's: on its parse tree, and the functions it calls against `pg_proc`).
 */
async function refuseUnsafeSql(role: string, definition: SideDefinition, connection: DatabaseConnection, signal: AbortSignal | undefined): Promise<void> {
  const dialect = guardDialectOf(connection.dialect);
  if (!dialect) return;
  const refuse = (what: string, problem: SqlGuardProblem | null) => {
    if (!problem) return;
    throw new ConfigurationError(`The ${role} ${what} was refused (data source \`${definition.datasourceName}\`): ${problem.message}`, {
      hint: `Fix ${role}.${what}: ${problem.hint}`,
    });
  };
  const options = signal ? { signal } : {};
  for (const what of ['query', 'filter'] as const) {
    const text = definition[what];
    if (!text) continue;
    const checked = await checkUserSql(text, dialect, what);
    if ('problem' in checked) refuse(what, checked.problem);
    else if (checked.reads && dialect === 'postgres') refuse(what, await refusedVolatile(checked.reads, what, (sql, params) => connection.query(sql, params, options)));
  }
}

/** Runs the filter once on no rows, so a bad filter is reported as such (showing the filter). */
async function checkFilter(role: string, definition: SideDefinition, connection: DatabaseConnection, signal: AbortSignal | undefined) {
  const side = { definition, connection } as Side;
  const sql = `SELECT 1 AS ok ${fromClause(side, 'b')} ${connection.compiler.limit(0)}`;
  try {
    await connection.query(sql, [], signal ? { signal } : {});
  } catch (error) {
    throw withContext(error, `The ${role} filter \`${definition.filter}\` is not valid SQL for data source \`${definition.datasourceName}\``, `Fix ${role}.filter (a WHERE condition without the WHERE keyword, in this database's SQL).`);
  }
}

function withContext(error: unknown, prefix: string, hint: string | undefined): unknown {
  if (!(error instanceof QueryError)) return error;
  const options: { cause: unknown; hint?: string; sql?: string } = { cause: error.cause ?? error };
  const combinedHint = hint ?? error.hint;
  if (combinedHint !== undefined) options.hint = combinedHint;
  if (error.sql !== undefined) options.sql = error.sql;
  return new QueryError(`${prefix}: ${error.message.replace(/^Data source "[^"]*" rejected a query: /, '')}`, options);
}

export function stripSemicolon(sql: string): string {
  return sql.trim().replace(/;+\s*$/, '');
}

export function isDatacompareError(error: unknown): error is DatacompareError {
  return error instanceof DatacompareError;
}

export type { ColumnType };
