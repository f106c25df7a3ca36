/**
 * PostgreSQL's catalog as one query over pg_class/pg_attribute (information_schema.columns checks
 * privileges row by row and is ~10× slower on 10,000 tables): tables, partitioned tables, views,
 * materialized views and foreign tables outside the system schemas; partitions are left out (their
 * parent is the dataset). Names outside `public` are schema-qualified.
 */
export const POSTGRES_CATALOG_QUERY = `SELECT CASE WHEN n.nspname = 'public' THEN c.relname ELSE n.nspname || '.' || c.relname END AS dataset,
  CASE WHEN c.relkind IN ('v', 'm') THEN 'view' ELSE 'table' END AS table_kind,
  a.attname AS column_name, pg_catalog.format_type(a.atttypid, a.atttypmod) AS data_type
FROM pg_catalog.pg_class c
JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
JOIN pg_catalog.pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
WHERE c.relkind IN ('r', 'p', 'v', 'm', 'f') AND NOT c.relispartition
  AND n.nspname <> 'information_schema' AND n.nspname NOT LIKE 'pg\\_%'
ORDER BY n.nspname, c.relname, a.attnum`;

/** PostgreSQL's own schemas: nothing there is a user's. */
const SYSTEM = "('pg_catalog', 'information_schema')";

/**
 * What a user's SQL may reach PostgreSQL code by, defined outside its own schemas (overloads once):
 * - `function`: every pg_proc entry (functions, aggregates, window functions, procedures), called by
 *   its name, or by the name of a built-in it overloads (PostgreSQL picks one by the arguments' types);
 * - `operator`: every operator, written or implied (`BETWEEN`, `IN`, `USING`), by its symbol;
 * - `type`: the target of a cast run by such a function, and a domain with a check: `::t` runs them;
 * - `cast source`: the source of an implicit cast to a system type run by such a function: a value of it
 *   (a column, a table's whole row) passed where the target is wanted (`lower(x)`) runs it without a
 *   word of the SQL naming it. (What wants a value of a type of the user's own is the user's own code,
 *   named in the SQL, so an implicit cast to such a type is not listed by its source.)
 */
export function postgresRoutinesQuery(names?: readonly string[]): { sql: string; params: unknown[] } {
  const castBy = `FROM pg_catalog.pg_cast c
  JOIN pg_catalog.pg_proc f ON f.oid = c.castfunc
  JOIN pg_catalog.pg_namespace fn ON fn.oid = f.pronamespace AND fn.nspname NOT IN ${SYSTEM}`;
  const all = `SELECT n.nspname AS routine_schema, p.proname AS routine_name, 'function' AS routine_kind
FROM pg_catalog.pg_proc p JOIN pg_catalog.pg_namespace n ON n.oid = p.pronamespace
WHERE n.nspname NOT IN ${SYSTEM}
UNION
SELECT n.nspname, o.oprname, 'operator'
FROM pg_catalog.pg_operator o JOIN pg_catalog.pg_namespace n ON n.oid = o.oprnamespace
WHERE n.nspname NOT IN ${SYSTEM}
UNION
SELECT n.nspname, t.typname, 'type' ${castBy}
  JOIN pg_catalog.pg_type t ON t.oid = c.casttarget JOIN pg_catalog.pg_namespace n ON n.oid = t.typnamespace
UNION
SELECT n.nspname, t.typname, 'type'
FROM pg_catalog.pg_type t JOIN pg_catalog.pg_namespace n ON n.oid = t.typnamespace
WHERE t.typtype = 'd' AND n.nspname NOT IN ${SYSTEM} AND EXISTS (SELECT 1 FROM pg_catalog.pg_constraint k WHERE k.contypid = t.oid)
UNION
SELECT n.nspname, t.typname, 'cast source' ${castBy}
  JOIN pg_catalog.pg_type t ON t.oid = c.castsource JOIN pg_catalog.pg_namespace n ON n.oid = t.typnamespace
  JOIN pg_catalog.pg_type target ON target.oid = c.casttarget
  JOIN pg_catalog.pg_namespace tn ON tn.oid = target.typnamespace AND tn.nspname IN ${SYSTEM}
WHERE c.castcontext = 'i'`;
  return {
    sql: `SELECT routine_schema, routine_name, routine_kind FROM (${all}) r${names ? ' WHERE lower(r.routine_name) = ANY($1::text[])' : ''}
ORDER BY 1, 2, 3`,
    params: names ? [[...names]] : [],
  };
}

/** A relation's name as the catalog query writes it (schema-qualified outside `public`). */
const CATALOG_NAME = (namespace: string, relation: string) => `CASE WHEN ${namespace}.nspname = 'public' THEN ${relation}.relname ELSE ${namespace}.nspname || '.' || ${relation}.relname END`;

/**
 * What each view and materialized view reads, as PostgreSQL recorded it when the view was made, from
 * its SELECT rule (pg_rewrite) and the rule's dependencies (pg_depend), never from its text alone:
 * - `relation`: each relation of the rule's range tables, wherever it sits (subqueries, CTEs, SubLinks
 *   included), read from the stored tree (`:relid`), so a system table with no dependency row shows too;
 * - `column`: each (relation, column) the rule reads by name;
 * - `function`, `operator`, `type`, `other`: every other object it depends on: the system's own are
 *   pinned and never recorded, so each is one a user defined;
 * - `whole_row`: whether the tree holds a whole-row reference (`x::text`, `to_jsonb(x)`), which
 *   PostgreSQL records as no column at all;
 * - `definition`: pg_get_viewdef, for the SQL check and for which output is computed from which column.
 */
export const POSTGRES_VIEWS_QUERY = `WITH views AS (
  SELECT v.oid, ${CATALOG_NAME('n', 'v')} AS dataset, r.oid AS rule, r.ev_action::text AS action
  FROM pg_catalog.pg_class v
  JOIN pg_catalog.pg_namespace n ON n.oid = v.relnamespace
  JOIN pg_catalog.pg_rewrite r ON r.ev_class = v.oid AND r.ev_type = '1'
  WHERE v.relkind IN ('v', 'm') AND n.nspname <> 'information_schema' AND n.nspname NOT LIKE 'pg\\_%'
)
SELECT views.dataset, pg_catalog.pg_get_viewdef(views.oid) AS definition, NULL AS default_schema,
  position(':varattno 0 ' IN views.action) > 0 AS whole_row,
  (SELECT COALESCE(json_agg(json_build_object('kind', ref.kind, 'schema', ref.schema, 'name', ref.name, 'column', ref.col, 'described', ref.described) ORDER BY ref.kind, ref.name, ref.col), '[]')
   FROM (
    SELECT DISTINCT 'relation' AS kind, rn.nspname::text AS schema, ${CATALOG_NAME('rn', 'rc')} AS name, NULL::text AS col, NULL::text AS described
    FROM regexp_matches(views.action, ':relid (\\d+)', 'g') AS m(relid)
    JOIN pg_catalog.pg_class rc ON rc.oid = m.relid[1]::oid
    JOIN pg_catalog.pg_namespace rn ON rn.oid = rc.relnamespace
    WHERE rc.oid <> views.oid
    UNION
    SELECT 'column', rn.nspname::text, ${CATALOG_NAME('rn', 'rc')}, a.attname::text, NULL
    FROM pg_catalog.pg_depend d
    JOIN pg_catalog.pg_class rc ON rc.oid = d.refobjid
    JOIN pg_catalog.pg_namespace rn ON rn.oid = rc.relnamespace
    JOIN pg_catalog.pg_attribute a ON a.attrelid = d.refobjid AND a.attnum = d.refobjsubid
    WHERE d.classid = 'pg_catalog.pg_rewrite'::regclass AND d.objid = views.rule
      AND d.refclassid = 'pg_catalog.pg_class'::regclass AND d.refobjsubid > 0 AND d.refobjid <> views.oid
    UNION
    SELECT CASE d.refclassid WHEN 'pg_catalog.pg_proc'::regclass THEN 'function' WHEN 'pg_catalog.pg_operator'::regclass THEN 'operator'
        WHEN 'pg_catalog.pg_type'::regclass THEN 'type' ELSE 'other' END,
      COALESCE(pn.nspname, opn.nspname, tn.nspname)::text, COALESCE(p.proname, o.oprname, t.typname)::text, NULL,
      pg_catalog.pg_describe_object(d.refclassid, d.refobjid, 0)
    FROM pg_catalog.pg_depend d
    LEFT JOIN pg_catalog.pg_proc p ON d.refclassid = 'pg_catalog.pg_proc'::regclass AND p.oid = d.refobjid
    LEFT JOIN pg_catalog.pg_namespace pn ON pn.oid = p.pronamespace
    LEFT JOIN pg_catalog.pg_operator o ON d.refclassid = 'pg_catalog.pg_operator'::regclass AND o.oid = d.refobjid
    LEFT JOIN pg_catalog.pg_namespace opn ON opn.oid = o.oprnamespace
    LEFT JOIN pg_catalog.pg_type t ON d.refclassid = 'pg_catalog.pg_type'::regclass AND t.oid = d.refobjid
    LEFT JOIN pg_catalog.pg_namespace tn ON tn.oid = t.typnamespace
    WHERE d.classid = 'pg_catalog.pg_rewrite'::regclass AND d.objid = views.rule AND d.refclassid <> 'pg_catalog.pg_class'::regclass
  ) ref) AS refs
FROM views
ORDER BY 1`;
