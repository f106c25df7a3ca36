/**
 * MySQL/MariaDB's catalog: information_schema.COLUMNS of the connection's database (all user databases
 * when the URL names none, their tables then qualified by the database name). Views are told apart by a
 * join to information_schema.VIEWS materialised once (the LIMIT keeps it from being merged): joining
 * COLUMNS to TABLES row by row took 64 s on 10,000 tables against 0.1 s for this. Names are matched and
 * ordered by their bytes (BINARY), as lower_case_table_names=0 keeps `T` and `t` apart: information_schema
 * compares them in any case, which would mark a table `t` a view beside a view `T` and interleave the two
 * tables' columns (the join still looks up by the case-insensitive key, then keeps the exact match).
 */
export const MYSQL_CATALOG_QUERY = `SELECT CASE WHEN c.TABLE_SCHEMA = DATABASE() THEN c.TABLE_NAME ELSE CONCAT(c.TABLE_SCHEMA, '.', c.TABLE_NAME) END AS dataset,
  CASE WHEN v.TABLE_NAME IS NULL THEN 'table' ELSE 'view' END AS table_kind,
  c.COLUMN_NAME AS column_name, c.COLUMN_TYPE AS data_type
FROM information_schema.COLUMNS c
LEFT JOIN (SELECT DISTINCT TABLE_SCHEMA, TABLE_NAME FROM information_schema.VIEWS LIMIT 18446744073709551615) v
  ON v.TABLE_SCHEMA = c.TABLE_SCHEMA AND v.TABLE_NAME = c.TABLE_NAME AND BINARY v.TABLE_SCHEMA = c.TABLE_SCHEMA AND BINARY v.TABLE_NAME = c.TABLE_NAME
WHERE c.TABLE_SCHEMA = COALESCE(DATABASE(), c.TABLE_SCHEMA)
  AND c.TABLE_SCHEMA NOT IN ('mysql', 'information_schema', 'performance_schema', 'sys')
ORDER BY BINARY c.TABLE_SCHEMA, BINARY c.TABLE_NAME, c.ORDINAL_POSITION`;

/**
 * The stored functions and procedures outside the server's own schemas (information_schema.ROUTINES
 * lists those the role may call or alter: a routine it cannot see, it cannot call).
 */
export function mysqlRoutinesQuery(names?: readonly string[]): { sql: string; params: unknown[] } {
  const named = names === undefined ? '' : names.length === 0 ? ' AND FALSE' : ` AND LOWER(ROUTINE_NAME) IN (${names.map(() => '?').join(', ')})`;
  return {
    sql: `SELECT DISTINCT ROUTINE_SCHEMA AS routine_schema, ROUTINE_NAME AS routine_name, 'function' AS routine_kind
FROM information_schema.ROUTINES
WHERE ROUTINE_SCHEMA NOT IN ('mysql', 'information_schema', 'performance_schema', 'sys')${named}
ORDER BY 1, 2`,
    params: names ? [...names] : [],
  };
}

/**
 * Each view's definition as MariaDB/MySQL stores it (every name qualified by its database, `*`
 * expanded): MariaDB records no column dependencies of a view (information_schema has no
 * VIEW_COLUMN_USAGE), so what a view reads is its definition, parsed. VIEW_DEFINITION is empty for a
 * role without SHOW VIEW on it. `default_schema`: the connection's database, which the catalog leaves
 * unwritten. Rows as POSTGRES_VIEWS_QUERY's, without the facts (`whole_row`, `refs`) it cannot give.
 */
export const MYSQL_VIEWS_QUERY = `SELECT CASE WHEN TABLE_SCHEMA = DATABASE() THEN TABLE_NAME ELSE CONCAT(TABLE_SCHEMA, '.', TABLE_NAME) END AS dataset,
  VIEW_DEFINITION AS definition, DATABASE() AS default_schema, NULL AS whole_row, NULL AS refs
FROM information_schema.VIEWS
WHERE TABLE_SCHEMA = COALESCE(DATABASE(), TABLE_SCHEMA)
  AND TABLE_SCHEMA NOT IN ('mysql', 'information_schema', 'performance_schema', 'sys')
ORDER BY TABLE_SCHEMA, TABLE_NAME`;
