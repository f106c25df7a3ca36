/** SQLite's catalog: sqlite_schema joined to pragma_table_info, SQLite's own tables left out. */
export const SQLITE_CATALOG_QUERY = `SELECT m.name AS dataset, m.type AS table_kind, p.name AS column_name, p.type AS data_type
FROM sqlite_schema AS m JOIN pragma_table_info(m.name) AS p
WHERE m.type IN ('table', 'view') AND m.name NOT LIKE 'sqlite\\_%' ESCAPE '\\'
ORDER BY m.name, p.cid`;
