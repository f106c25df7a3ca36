/**
 * DuckDB's catalog (a database file, or the view a CSV/Parquet data source is read through):
 * information_schema of the user schemas; names outside `main` are schema-qualified.
 */
export const DUCKDB_CATALOG_QUERY = `SELECT CASE WHEN c.table_schema = 'main' THEN c.table_name ELSE c.table_schema || '.' || c.table_name END AS dataset,
  CASE WHEN t.table_type = 'VIEW' THEN 'view' ELSE 'table' END AS table_kind,
  c.column_name, c.data_type
FROM information_schema.columns c
JOIN information_schema.tables t ON t.table_catalog = c.table_catalog AND t.table_schema = c.table_schema AND t.table_name = c.table_name
WHERE c.table_schema NOT IN ('information_schema', 'pg_catalog') AND c.table_catalog NOT IN ('system', 'temp')
ORDER BY c.table_schema, c.table_name, c.ordinal_position`;
