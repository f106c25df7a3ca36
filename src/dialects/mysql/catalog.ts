/**
 * MySQL/MariaDB's catalog: information_schema.COLUMNS of the connection's database (all user databases
 * when the URL names none, their tables then qualified by the database name). Views are told apart by a
 * join to information_schema.VIEWS materialised once (the LIMIT keeps it from being merged): joining
 * COLUMNS to TABLES row by row took 64 s on 10,000 tables against 0.1 s for this.
 */
export const MYSQL_CATALOG_QUERY = `SELECT CASE WHEN c.TABLE_SCHEMA = DATABASE() THEN c.TABLE_NAME ELSE CONCAT(c.TABLE_SCHEMA, '.', c.TABLE_NAME) END AS dataset,
  CASE WHEN v.TABLE_NAME IS NULL THEN 'table' ELSE 'view' END AS table_kind,
  c.COLUMN_NAME AS column_name, c.COLUMN_TYPE AS data_type
FROM information_schema.COLUMNS c
LEFT JOIN (SELECT DISTINCT TABLE_SCHEMA, TABLE_NAME FROM information_schema.VIEWS LIMIT 18446744073709551615) v
  ON v.TABLE_SCHEMA = c.TABLE_SCHEMA AND v.TABLE_NAME = c.TABLE_NAME
WHERE c.TABLE_SCHEMA = COALESCE(DATABASE(), c.TABLE_SCHEMA)
  AND c.TABLE_SCHEMA NOT IN ('mysql', 'information_schema', 'performance_schema', 'sys')
ORDER BY c.TABLE_SCHEMA, c.TABLE_NAME, c.ORDINAL_POSITION`;
