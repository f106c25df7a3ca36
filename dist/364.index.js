export const id = 364;
export const ids = [364];
export const modules = {

/***/ 30160:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   j: () => (/* binding */ postgresCompiler)
/* harmony export */ });
/* unused harmony export PostgresCompiler */
/* harmony import */ var _sql_compiler_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(57065);
/* harmony import */ var _sql_canonical_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(67632);
/* harmony import */ var _sql_collection_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(81776);
/** PostgreSQL SQL: `$n` placeholders, `::` casts, to_char for dates, `COLLATE "C"` for byte order. */



class PostgresCompiler extends _sql_compiler_js__WEBPACK_IMPORTED_MODULE_0__/* .BaseSqlCompiler */ .Jm {
    dialect = 'postgres';
    placeholder(index) {
        return `$${index}`;
    }
    /**
     * With `standard_conforming_strings = off` (a server's or role's legacy setting) a backslash in
     * '…' escapes the next character: a text with a backslash is written as E'…', whose escapes are
     * the same under either setting.
     */
    stringLiteral(text) {
        const quoted = text.replaceAll("'", "''");
        return text.includes('\\') ? `E'${quoted.replaceAll('\\', '\\\\')}'` : `'${quoted}'`;
    }
    integerText(expr) {
        return `(${expr})::text`;
    }
    /**
     * Free text keeps its column's collation through `::text`, and a nondeterministic one (ICU,
     * `deterministic = false`) says 'Ada' = 'ADA': canonical texts compare, join and group bytewise.
     */
    normalize(expr, column, options) {
        const text = super.normalize(expr, column, options);
        return column.family === 'text' || column.family === 'unknown' || column.family === 'list' || column.family === 'set' ? this.binaryText(text) : text;
    }
    /** md5 reads bytes: no collation needed. */
    hashText(expr, column, options) {
        return super.normalize(expr, column, options);
    }
    /**
     * Equality is identity for these types (numeric 1.0 = 1.00 differ only in scale, which trim_scale or
     * the declared scale removes; float 0 = -0 and NaN = NaN print alike canonically), and for text and
     * varchar under the deterministic, bytewise "C" collation; not for char(n) (padding), citext,
     * time with time zone (equal instants, different texts), json or unknown types.
     */
    sameValue(a, b, column) {
        // Arrays: equal arrays (same members, same order) give the same list, and the same set.
        if ((column.family === 'list' || column.family === 'set') && column.element) {
            const member = this.sameValue('dc_a', 'dc_b', column.element);
            if (member === undefined)
                return undefined;
            return member.includes('COLLATE') ? `${a} COLLATE "C" IS NOT DISTINCT FROM ${b} COLLATE "C"` : `${a} IS NOT DISTINCT FROM ${b}`;
        }
        const type = column.type.toLowerCase();
        if (column.family === 'text')
            return type === 'text' || type.startsWith('character varying') ? `${a} COLLATE "C" IS NOT DISTINCT FROM ${b} COLLATE "C"` : undefined;
        if (column.family === 'time' && type.includes('with time zone'))
            return undefined;
        return _sql_compiler_js__WEBPACK_IMPORTED_MODULE_0__/* .SAME_VALUE_FAMILIES */ ._3.has(column.family) || column.family === 'uuid' || column.family === 'bytes' ? `${a} IS NOT DISTINCT FROM ${b}` : undefined;
    }
    decimalText(expr, scale) {
        // round() to a scale at least the column's own only pads; trim_scale strips trailing zeros.
        return scale === undefined ? `trim_scale((${expr})::numeric)::text` : `round((${expr})::numeric, ${scale})::text`;
    }
    floatText(expr) {
        return `CASE WHEN (${expr}) = 0 THEN '0' ELSE (${expr})::text END`;
    }
    /** `real`'s text is the shortest that reads back as the same 4-byte float. */
    singleFloatText(expr) {
        return `CASE WHEN (${expr}) = 0 THEN '0' ELSE ((${expr})::real)::text END`;
    }
    booleanText(expr) {
        return `((${expr})::boolean)::int::text`;
    }
    // Years 1 to 9999 read YYYY-MM-DD: `::text` in the sessions' DateStyle ISO (connection.ts), a third
    // of to_char's cost. Past them, to_char: ±infinity (to_char's NULL would equal NULL) read 'infinity',
    // '-infinity'; a BC year reads like the AD one with a leading '-' (ISO's negative years, one off).
    dateText(expr) {
        return `CASE WHEN ${expr} BETWEEN DATE '0001-01-01' AND DATE '9999-12-31' THEN (${expr})::text WHEN NOT isfinite(${expr}) THEN (${expr})::text WHEN ${expr} < DATE '0001-01-01' THEN '-' || to_char(${expr}, 'YYYY-MM-DD') ELSE to_char(${expr}, 'YYYY-MM-DD') END`;
    }
    timestampText(expr, withTimeZone) {
        const value = withTimeZone ? `(${expr}) AT TIME ZONE 'UTC'` : expr;
        const text = `to_char(${value}, 'YYYY-MM-DD HH24:MI:SS.US')`;
        return `CASE WHEN NOT isfinite(${value}) THEN (${value})::text WHEN ${value} < TIMESTAMP '0001-01-01 00:00:00' THEN '-' || ${text} ELSE ${text} END`;
    }
    timeText(expr) {
        return `to_char((${expr})::time::interval, 'HH24:MI:SS.US')`;
    }
    textText(expr) {
        return `(${expr})::text`;
    }
    jsonText(expr) {
        return `(${expr})::jsonb::text`;
    }
    bytesText(expr) {
        return `encode(${expr}, 'hex')`;
    }
    /**
     * An array: its members unnested in order (a multidimensional array reads as the flat list of its
     * members), each as its token, aggregated in order (a list) or distinct in byte order (a set). A
     * subquery per row costs (200k rows: 2.4 s against 0.27 s to read the arrays' text), so text members
     * take a shortcut where it gives the same text: a list as `array_to_string` escaped as a whole (0.9 s;
     * members holding the separators \x01 or \x02 take the general path), a set paired with a declared
     * SET by testing each of its members (`@>`, 0.45 s; an array holding any other member, or NULL, takes
     * the general path).
     */
    collectionText(expr, column, options) {
        if (!column.element)
            return super.collectionText(expr, column, options);
        const member = this.memberOf(column, options);
        const token = this.memberToken(super.normalize('dc_u.e', member.column, member.options));
        const set = column.family === 'set';
        const aggregate = set ? `string_agg(DISTINCT dc_t.tok COLLATE "C", ',' ORDER BY dc_t.tok COLLATE "C")` : `string_agg(dc_t.tok, ',' ORDER BY dc_t.n)`;
        const members = `SELECT ${aggregate} FROM (SELECT ${token} AS tok, dc_u.n FROM unnest(${expr}) WITH ORDINALITY AS dc_u(e, n)) AS dc_t`;
        const general = `'[' || COALESCE((${members}), '') || ']'`;
        const textual = member.column.family === 'text' || member.column.family === 'unknown';
        // char(n) members print padded in array_to_string, unpadded as ::text: no list shortcut for them.
        const padded = /^(character|char|bpchar)\b(?! varying)/i.test(column.element.type);
        const shortcut = !textual ? undefined : set ? this.knownMembersText(expr, member.options, options.member?.known) : padded ? undefined : this.textListText(expr, member.options);
        return shortcut ? `CASE WHEN ${expr} IS NULL THEN NULL ${shortcut} ELSE ${general} END` : `CASE WHEN ${expr} IS NULL THEN NULL ELSE ${general} END`;
    }
    /** `WHEN …` branches giving a list of text members at once: the members joined by \x01 (NULL as \x02), escaped, the separators turned into token boundaries. */
    textListText(expr, options) {
        const joined = `array_to_string(${expr}, chr(1), chr(2))`;
        const text = options.caseSensitive ? joined : `lower(${joined})`;
        const escaped = `replace(replace(${text}, E'\\\\', E'\\\\\\\\'), '"', E'\\\\"')`;
        const tokens = `replace(replace('["' || ${escaped} || '"]', chr(1), '","'), '"' || chr(2) || '"', 'null')`;
        return `WHEN cardinality(${expr}) = 0 THEN '[]' WHEN array_to_string(${expr}, '', '') !~ ('[' || chr(1) || chr(2) || ']') THEN ${tokens}`;
    }
    /** A `WHEN …` branch giving a set whose members are all among `known` (a SET's): one test per token, in token order. */
    knownMembersText(expr, options, known) {
        if (!known || known.length === 0)
            return undefined;
        const spellings = new Map();
        for (const name of known) {
            const token = (0,_sql_collection_js__WEBPACK_IMPORTED_MODULE_2__/* .collectionToken */ .K9)(options.caseSensitive ? name : (0,_sql_canonical_js__WEBPACK_IMPORTED_MODULE_1__/* .canonicalLower */ .GT)(name));
            spellings.set(token, [...(spellings.get(token) ?? []), name]);
        }
        const array = (names) => `ARRAY[${names.map((n) => this.stringLiteral(n)).join(', ')}]::text[]`;
        const present = [...spellings.keys()].sort(_sql_canonical_js__WEBPACK_IMPORTED_MODULE_1__/* .compareCodePoints */ .OP).map((token) => `CASE WHEN (${expr})::text[] && ${array(spellings.get(token) ?? [])} THEN ${this.stringLiteral(token)} END`);
        return `WHEN (${expr})::text[] <@ ${array(known)} THEN '[' || concat_ws(',', ${present.join(', ')}) || ']'`;
    }
    binaryText(expr) {
        return expr.endsWith(' COLLATE "C"') ? expr : `(${expr}) COLLATE "C"`;
    }
    textToNumber(expr) {
        return `(${expr})::numeric`;
    }
    md5AsInteger(expr) {
        return `('x' || substr(md5(${expr}), 21))::bit(48)::bigint`;
    }
    /** string_agg fails past 1 GB rather than cutting the text. */
    orderedMd5(text, orderBy) {
        return `md5(string_agg(${text}, ';' ORDER BY ${orderBy}))`;
    }
    /** Fed by a subquery ordered by key (the chunk pass): an index scan in key order, no sort. */
    joinedMd5(text) {
        return `md5(string_agg(${text}, ';'))`;
    }
    md5Hex(text) {
        return `md5(${text})`;
    }
    /** A CTE read twice is materialised once, lazily, and its rows shared (PostgreSQL 12+: unless NOT MATERIALIZED; before: always). */
    sharesRepeatedCtes = true;
    textKeyOrder = {
        utf8: (text) => `convert_to(${text}, 'UTF8')`,
        bytes: (hex) => `decode('${hex}', 'hex')`,
        prefixCode: (bytes, skip) => `('x' || encode(substr(${bytes} || decode('00000000000000', 'hex'), ${skip + 1}, 7), 'hex'))::bit(56)::bigint`,
        tail: (text, characters) => `right(${text}, ${characters})`,
        // width_bucket with an array of thresholds binary-searches it (the array is a constant, built once).
        boundsReached: (value, bounds) => (bounds.length === 0 ? '0' : `width_bucket(${value}, ARRAY[${bounds.join(', ')}]::bigint[])`),
        // hashtextextended costs what random() does (1M rows: 47–69 ms against 68 ms; md5 took 1–1.5 s).
        sample: (fraction, keyText) => `(hashtextextended(${keyText}, ${_sql_compiler_js__WEBPACK_IMPORTED_MODULE_0__/* .SAMPLE_SEED */ .$J}) & 4294967295) < ${(0,_sql_compiler_js__WEBPACK_IMPORTED_MODULE_0__/* .sampleThreshold */ .Kd)(fraction)}`,
        // Whole pages at random: 4.4 s → a fraction of it for 10M rows (a condition reads every row).
        tableSample: (fraction) => `TABLESAMPLE SYSTEM (${(100 * fraction).toPrecision(6)}) REPEATABLE (${_sql_compiler_js__WEBPACK_IMPORTED_MODULE_0__/* .SAMPLE_SEED */ .$J})`,
        rowSample: (fraction) => `TABLESAMPLE BERNOULLI (${(100 * fraction).toPrecision(6)}) REPEATABLE (${_sql_compiler_js__WEBPACK_IMPORTED_MODULE_0__/* .SAMPLE_SEED */ .$J})`,
    };
}
const postgresCompiler = new PostgresCompiler();
//# sourceMappingURL=compiler.js.map

/***/ }),

/***/ 31364:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  postgresDialect: () => (/* binding */ postgresDialect)
});

// EXTERNAL MODULE: ./build/src/sql/type-family.js
var type_family = __webpack_require__(96753);
;// CONCATENATED MODULE: ./build/src/dialects/postgres/type-names.js
/** PostgreSQL's own meanings of type names: `real` (`float4`) is a 4-byte float; `float` alone is a double. */
const POSTGRES_SINGLE_FLOAT = /^(real|float4)$/;
//# sourceMappingURL=type-names.js.map
;// CONCATENATED MODULE: ./build/src/dialects/postgres/catalog.js
/**
 * PostgreSQL's catalog as one query over pg_class/pg_attribute (information_schema.columns checks
 * privileges row by row and is ~10× slower on 10,000 tables): tables, partitioned tables, views,
 * materialized views and foreign tables outside the system schemas; partitions are left out (their
 * parent is the dataset). Names outside `public` are schema-qualified.
 */
const POSTGRES_CATALOG_QUERY = `SELECT CASE WHEN n.nspname = 'public' THEN c.relname ELSE n.nspname || '.' || c.relname END AS dataset,
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
function postgresRoutinesQuery(names) {
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
const CATALOG_NAME = (namespace, relation) => `CASE WHEN ${namespace}.nspname = 'public' THEN ${relation}.relname ELSE ${namespace}.nspname || '.' || ${relation}.relname END`;
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
const POSTGRES_VIEWS_QUERY = `WITH views AS (
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
//# sourceMappingURL=catalog.js.map
// EXTERNAL MODULE: ./build/src/dialects/postgres/compiler.js
var compiler = __webpack_require__(30160);
// EXTERNAL MODULE: ./node_modules/pg/esm/index.mjs
var esm = __webpack_require__(83849);
// EXTERNAL MODULE: ./build/src/dialects/errors.js
var errors = __webpack_require__(57690);
// EXTERNAL MODULE: ./build/src/shared/connection-url.js
var connection_url = __webpack_require__(53655);
// EXTERNAL MODULE: ./build/src/shared/errors.js
var shared_errors = __webpack_require__(80604);
// EXTERNAL MODULE: ./build/src/dialects/stop-query.js
var stop_query = __webpack_require__(8460);
// EXTERNAL MODULE: external "node:tls"
var external_node_tls_ = __webpack_require__(41692);
// EXTERNAL MODULE: ./build/src/shared/redact.js
var redact = __webpack_require__(23326);
// EXTERNAL MODULE: ./build/src/dialects/tls-files.js
var tls_files = __webpack_require__(858);
;// CONCATENATED MODULE: ./build/src/dialects/postgres/tls.js
/**
 * TLS for PostgreSQL with libpq's meanings, so the `?sslmode=…` that RDS, Cloud SQL, Azure and
 * Supabase document works as it does in psql:
 *
 * | sslmode      | encrypted                      | certificate checked | host name checked |
 * |--------------|--------------------------------|---------------------|-------------------|
 * | disable      | no                             | –                   | –                 |
 * | allow/prefer | when the server offers it      | no                  | no                |
 * | require      | yes                            | only with sslrootcert (then as verify-ca) | no |
 * | verify-ca    | yes                            | yes                 | no                |
 * | verify-full  | yes                            | yes                 | yes               |
 *
 * The default is `prefer` (libpq's), or PGSSLMODE. `sslrootcert` (or PGSSLROOTCERT) names the CA file;
 * without it the certificate is checked against Node's CA store (plus NODE_EXTRA_CA_CERTS);
 * `sslrootcert=system` asks for the operating system's store. `sslcert`/`sslkey` (with `sslpassword`)
 * present a client certificate; `sslcrl` a revocation list. Unix-socket hosts never use TLS.
 *
 * These parameters are taken out of the URL handed to node-pg: it would otherwise read the files
 * synchronously, treat `require` as `verify-full` (with a printed warning) and let its own parse win
 * over our options.
 */





const POSTGRES_SSL_MODES = ['disable', 'allow', 'prefer', 'require', 'verify-ca', 'verify-full'];
/** URL parameters this module owns (removed from the string node-pg parses). */
const TLS_PARAMETERS = ['sslmode', 'sslrootcert', 'sslcert', 'sslkey', 'sslpassword', 'sslcrl', 'ssl'];
/** True for a Unix-socket host (`?host=/var/run/postgresql`, or no host at all). */
function onUnixSocket(url) {
    const host = url.searchParams.get('host') ?? decodeURIComponent(url.hostname);
    return host === '' || host.startsWith('/');
}
function modeOf(url, env, datasourceName) {
    const given = url.searchParams.get('sslmode') ?? undefined;
    // node-pg's own spellings, for URLs written for it: ssl=true verifies, ssl=no-verify does not.
    const legacy = url.searchParams.get('ssl');
    const fromLegacy = legacy === null ? undefined : legacy === 'no-verify' ? 'require' : /^(true|1)$/i.test(legacy) ? 'verify-full' : /^(false|0)$/i.test(legacy) ? 'disable' : legacy;
    const mode = (given ?? fromLegacy ?? env.PGSSLMODE ?? 'prefer').toLowerCase();
    if (POSTGRES_SSL_MODES.includes(mode))
        return mode;
    throw new shared_errors/* ConfigurationError */.j1(`sslmode=${mode} in the url of data source "${datasourceName}" is not a PostgreSQL SSL mode.`, {
        hint: `Use one of ${POSTGRES_SSL_MODES.join(', ')} (libpq's meanings; require encrypts without checking the certificate, verify-full checks it and the host name).`,
    });
}
async function rootCertificates(file, datasourceName) {
    if (file === undefined)
        return undefined;
    // Node 22.15+; older Nodes use their bundled store, the closest they have.
    if (file === 'system')
        return typeof external_node_tls_.getCACertificates === 'function' ? external_node_tls_.getCACertificates('system') : undefined;
    return (0,tls_files/* readTlsFile */.C)(file, 'sslrootcert', datasourceName);
}
/** The TLS settings of a PostgreSQL URL; `env` supplies libpq's PGSSL* defaults. */
async function postgresTls(connectionString, datasourceName, env = process.env) {
    // One reading only (node-pg's own parse is looser): a URL a password breaks is refused, quoting none of it.
    const url = (0,connection_url/* readConnectionUrl */.K$)(connectionString, `the url of data source "${datasourceName}"`);
    // libpq reads an empty value as not given.
    const param = (name, envName) => url.searchParams.get(name) || env[envName] || undefined;
    const mode = onUnixSocket(url) ? 'disable' : modeOf(url, env, datasourceName);
    const rootcert = param('sslrootcert', 'PGSSLROOTCERT');
    const cert = param('sslcert', 'PGSSLCERT');
    const key = param('sslkey', 'PGSSLKEY');
    const password = url.searchParams.get('sslpassword') || undefined;
    const crl = param('sslcrl', 'PGSSLCRL');
    for (const name of TLS_PARAMETERS)
        url.searchParams.delete(name);
    const stripped = url.toString();
    if (mode === 'disable')
        return { connectionString: stripped, ssl: false, mode, plainFallback: false };
    if (password)
        (0,redact/* addSecret */.Ck)(password);
    const ssl = {};
    if (cert !== undefined)
        ssl.cert = await (0,tls_files/* readTlsFile */.C)(cert, 'sslcert', datasourceName);
    if (key !== undefined)
        ssl.key = await (0,tls_files/* readTlsFile */.C)(key, 'sslkey', datasourceName);
    if (password !== undefined)
        ssl.passphrase = password;
    if (crl !== undefined)
        ssl.crl = await (0,tls_files/* readTlsFile */.C)(crl, 'sslcrl', datasourceName);
    const ca = await rootCertificates(rootcert, datasourceName);
    if (ca !== undefined)
        ssl.ca = ca;
    // libpq: "if a root CA file exists, the behavior of sslmode=require will be the same as that of verify-ca".
    const checks = mode === 'verify-full' ? 'full' : mode === 'verify-ca' || (mode === 'require' && rootcert !== undefined) ? 'ca' : 'none';
    ssl.rejectUnauthorized = checks !== 'none';
    if (checks === 'ca')
        ssl.checkServerIdentity = () => undefined;
    return { connectionString: stripped, ssl, mode, plainFallback: mode === 'allow' || mode === 'prefer' };
}
/** node-pg's error when it asked for TLS and the server answered that it has none. */
function isNoTlsAnswer(error) {
    return error instanceof Error && error.message === 'The server does not support SSL connections';
}
//# sourceMappingURL=tls.js.map
// EXTERNAL MODULE: ./build/src/dialects/link-errors.js
var link_errors = __webpack_require__(52933);
// EXTERNAL MODULE: ./build/src/dialects/primary-key.js
var primary_key = __webpack_require__(40265);
;// CONCATENATED MODULE: ./build/src/dialects/postgres/session-client.js

/** The one byte a server without TLS answers the SSLRequest with. */
const NO_TLS = 0x4e; // 'N'
class SessionClient extends esm/* default.Client */.Ay.Client {
    dateStyle;
    constructor(config = {}) {
        const { plainWhenRefused, ...rest } = config;
        super(plainWhenRefused?.refused ? { ...rest, ssl: false } : rest);
        const connection = this.connection;
        connection.on('parameterStatus', (message) => {
            if (message.parameterName === 'DateStyle')
                this.dateStyle = message.parameterValue;
        });
        if (plainWhenRefused && !plainWhenRefused.refused && rest.ssl)
            goOnPlainWhenRefused(connection, plainWhenRefused);
    }
}
/**
 * node-pg's `connect` sends the SSLRequest and waits for the answer with one `once('data')` listener:
 * that listener is swapped for one that, on a lone "N", hands the same socket to the protocol parser
 * and lets the client send its startup message (what node-pg does after a TLS handshake, less the
 * handshake). Any other answer goes to node-pg's listener unchanged. Where the socket's listeners are
 * not laid out as expected (another node-pg), nothing is swapped and node-pg's own error stands (the
 * connection then falls back to a plain pool, connection.ts `fallBackToPlain`).
 */
function goOnPlainWhenRefused(connection, refusal) {
    const connect = connection.connect;
    connection.connect = function (port, host) {
        connect.call(this, port, host);
        if (!this.ssl || (this.sslNegotiation ?? 'postgres') !== 'postgres')
            return;
        const stream = this.stream;
        const listeners = stream.listeners('data');
        if (listeners.length !== 1)
            return;
        const answer = listeners[0];
        stream.removeListener('data', answer);
        stream.once('data', (buffer) => {
            if (buffer.length !== 1 || buffer[0] !== NO_TLS)
                return answer.call(stream, buffer);
            refusal.refused = true;
            this.attachListeners(stream);
            this.emit('sslconnect');
        });
    };
}
//# sourceMappingURL=session-client.js.map
;// CONCATENATED MODULE: ./build/src/dialects/postgres/fetch-cursor.js
/**
 * A query's rows read through a portal of the extended protocol (Parse/Bind/Describe/Execute n), in
 * batches bounded by bytes: a batch holds at most MAX_BATCH_BYTES of row data (its DataRow messages),
 * or one row larger than that. Two things keep it there:
 * - n, the rows an Execute asks for, follows the rows last read: 64 at first, then as many of the
 *   largest row just read as fit the bound (at most twice the last n, at most MAX_ROWS), so a
 *   table of 30 MB values is read a row a round trip and one of short rows thousands at a time;
 * - rows beyond the bound within one Execute (short rows followed by long ones) close the batch, and
 *   while a closed batch waits for the reader the socket is paused: the server waits on TCP, and no
 *   more than one batch waits in memory besides the one being read and the one being filled.
 * One Execute is asked ahead while the reader works through a batch (one round trip hidden per batch),
 * unless the last held a row over the bound: then the next is read only once the reader asks for it.
 * The whole read is one extended-protocol exchange, ended by one Sync, as pg-query-stream's was:
 * the same statement timeout, a cancel stops it, and node-pg's type parsers read the values.
 */

/** The most row data (bytes on the wire) one batch holds, unless it is a single larger row. */
const MAX_BATCH_BYTES = 4 * 1024 * 1024;
/**
 * The rows the first Execute asks for, before any row's size is known: one, then twice as many each
 * time while they fit the bound. A reader that stops after the first batch of huge values then leaves
 * one row to read and throw away, not 64.
 */
const FIRST_ROWS = 1;
/**
 * The most rows one Execute asks for, however short they are: pg-query-stream's 5,000. A row's objects
 * cost several times its bytes on the wire: 20,000 short rows a round trip took the streaming merge of
 * 1M rows from 228 to 329 MB resident, and 8.4 to 10.6 s.
 */
const MAX_ROWS = 5_000;
let portals = 0;
/**
 * A node-pg Submittable (client.query(cursor)): the client hands it the protocol messages of its
 * exchange, from RowDescription to ReadyForQuery. `next()` gives the batches in order.
 */
class FetchCursor {
    text;
    maxBytes;
    /** Read by node-pg's client, which gives it the client's type parsers (`_types`). */
    _result = new esm/* default.Result */.Ay.Result('', undefined);
    portal = `datacompare_fetch_${++portals}`;
    values;
    wire;
    phase = 'queued';
    failure;
    /** Batches closed (full, or their Execute ended) and not yet taken. */
    ready = [];
    filling = [];
    fillingBytes = 0;
    rowsToAsk = FIRST_ROWS;
    /** The largest row (bytes) of the Execute under way, and of the last one that ended. */
    largest = 0;
    lastLargest = 0;
    paused = false;
    /** Our Sync is sent: the one ReadyForQuery of this exchange is coming (a second would be taken for the next query's). */
    synced = false;
    wake;
    constructor(text, values, maxBytes) {
        this.text = text;
        this.maxBytes = maxBytes;
        this.values = [...values];
    }
    submit(connection) {
        const wire = connection;
        this.wire = wire;
        if (this.phase === 'closing')
            return this.end(); // stopped before it was sent
        wire.parse({ text: this.text });
        // node-pg's own conversion of parameters (dates, arrays, buffers…), as for any query
        wire.bind({ portal: this.portal, values: this.values, valueMapper: esm/* default */.Ay.utils.prepareValue });
        wire.describe({ type: 'P', name: this.portal });
        this.execute();
    }
    handleRowDescription(message) {
        this._result.addFields(message.fields);
    }
    handleDataRow(message) {
        if (this.phase === 'closing')
            return; // read after an early stop: dropped
        const bytes = message.length;
        if (this.filling.length > 0 && this.fillingBytes + bytes > this.maxBytes)
            this.closeBatch();
        this.filling.push(this._result.parseRow(message.fields));
        this.fillingBytes += bytes;
        this.largest = Math.max(this.largest, bytes);
        if (this.fillingBytes >= this.maxBytes)
            this.closeBatch();
        // A full batch waits for the reader: the server waits too (the rows of a chunk already received still come).
        if (this.ready.length > 0)
            this.pause();
        this.notify();
    }
    handlePortalSuspended() {
        if (this.phase === 'closing')
            return;
        this.closeBatch();
        this.phase = 'suspended';
        this.lastLargest = this.largest;
        this.largest = 0;
        this.rowsToAsk = Math.max(1, Math.min(MAX_ROWS, this.rowsToAsk * 2, Math.floor(this.maxBytes / Math.max(1, this.lastLargest))));
        this.executeAhead();
        this.notify();
    }
    handleCommandComplete() {
        if (this.phase !== 'closing') {
            this.closeBatch();
            this.phase = 'complete';
        }
        this.end();
    }
    handleEmptyQuery() {
        if (this.phase !== 'closing')
            this.phase = 'complete';
        this.end();
    }
    handleReadyForQuery() {
        this.phase = 'done';
        this.resume();
        this.notify();
    }
    /** A server error (the client then waits for the ReadyForQuery our Sync brings) or a dead socket. */
    handleError(error) {
        if (this.phase === 'done')
            return;
        this.failure ??= { error };
        this.phase = 'done';
        this.ready.length = 0;
        this.filling = [];
        this.resume();
        // The server skips what follows an error up to a Sync: ours, unless it is on its way already.
        if (!this.synced && this.wire?.stream.writable) {
            this.synced = true;
            this.wire.sync();
        }
        this.notify();
    }
    /** The next batch, or undefined once every row was read. */
    async next() {
        for (;;) {
            if (this.failure)
                throw this.failure.error;
            const batch = this.ready.shift();
            if (batch) {
                if (this.ready.length === 0)
                    this.resume();
                this.executeAhead();
                return batch;
            }
            if (this.phase === 'done' || this.phase === 'closing')
                return undefined;
            this.executeAhead(true);
            await new Promise((resolve) => (this.wake = resolve));
        }
    }
    /** Stops early: the rows still coming are dropped, the portal closed; resolves once the client is free. */
    close() {
        if (this.phase === 'done')
            return Promise.resolve();
        const closing = new Promise((resolve) => {
            const check = () => (this.phase === 'done' ? resolve() : void (this.wake = check));
            this.wake = check;
        });
        if (this.phase !== 'closing') {
            const sent = this.phase !== 'queued';
            this.phase = 'closing';
            this.ready.length = 0;
            this.filling = [];
            this.resume();
            // Close and Sync follow the Execute under way: its last rows are dropped as they come.
            if (sent)
                this.end();
        }
        return closing;
    }
    execute() {
        const wire = this.wire;
        wire.execute({ portal: this.portal, rows: this.rowsToAsk });
        wire.flush();
        this.phase = 'executing';
    }
    /**
     * The next Execute, once the last one ended and no batch waits: sent ahead while the reader works
     * through the last batch, unless that held a row over the bound: then only once the reader asks for
     * more (`asked`), so a row of 30 MB is never read while the one before it is still held.
     */
    executeAhead(asked = false) {
        if (this.phase !== 'suspended' || this.ready.length > 0)
            return;
        if (asked || this.lastLargest <= this.maxBytes)
            this.execute();
    }
    /** Closes the portal and ends the exchange (once). */
    end() {
        if (this.synced)
            return;
        this.synced = true;
        const wire = this.wire;
        wire.close({ type: 'P', name: this.portal });
        wire.sync();
    }
    closeBatch() {
        if (this.filling.length === 0)
            return;
        this.ready.push(this.filling);
        this.filling = [];
        this.fillingBytes = 0;
    }
    pause() {
        if (this.paused || !this.wire)
            return;
        this.paused = true;
        this.wire.stream.pause();
    }
    resume() {
        if (!this.paused || !this.wire)
            return;
        this.paused = false;
        this.wire.stream.resume();
    }
    notify() {
        const wake = this.wake;
        this.wake = undefined;
        wake?.();
    }
}
/**
 * The rows of `sql` on `client`, a batch at a time, each batch at most MAX_BATCH_BYTES of row data
 * or a single row. Stopping early (return, an error) closes the portal; the client is free once
 * the generator has ended.
 */
async function* fetchBatches(client, sql, params = [], options = {}) {
    const cursor = new FetchCursor(sql, params, options.maxBatchBytes ?? MAX_BATCH_BYTES);
    client.query(cursor);
    let finished = false;
    try {
        // The batch handed over is let go before the next is awaited: a row over the bound is never read
        // while the previous one is still held here.
        const stopped = () => {
            if (options.signal?.aborted)
                throw options.signal.reason;
        };
        let batch = await cursor.next();
        while (batch) {
            stopped();
            yield batch;
            batch = undefined;
            stopped();
            batch = await cursor.next();
        }
        finished = true;
    }
    finally {
        if (!finished)
            await cursor.close();
    }
}
//# sourceMappingURL=fetch-cursor.js.map
;// CONCATENATED MODULE: ./build/src/dialects/postgres/connection.js
/** A lazily created pg Pool with UTC sessions, streaming through a portal in batches bounded by bytes, and server-side cancellation. */













/**
 * Every session: UTC, floats with every digit, and two planner settings for a client that always reads
 * every row of a cursor: plan cursors for the whole result (the default 0.1 favours a full index scan
 * filtered row by row over a bitmap scan of a few key ranges: 20× slower for the checksum diff's fetch),
 * and no JIT (compiling a long OR list of key ranges took 15 s; our scans gained nothing measurable).
 */
const SESSION_SETTINGS = '-c TimeZone=UTC -c extra_float_digits=3 -c cursor_tuple_fraction=1 -c jit=off';
/**
 * Read-only by construction: sessions start read-only and with standard strings (backslashes in '…'
 * are plain characters, as the filter check lexes them), and every statement we send runs inside
 * `BEGIN READ ONLY … ROLLBACK`, so even a `set_config(…)` smuggled into a filter cannot make a later
 * statement writable: its effect is rolled back with the transaction.
 */
const READ_ONLY_SETTINGS = '-c default_transaction_read_only=on -c standard_conforming_strings=on';
function sessionOptions(statementTimeoutMs) {
    const timeout = statementTimeoutMs ? ` -c statement_timeout=${Math.max(1, Math.round(statementTimeoutMs))}` : '';
    return `${SESSION_SETTINGS} ${READ_ONLY_SETTINGS}${timeout}`;
}
/** Default time to wait for a connection (the server, TLS and authentication). */
const DEFAULT_CONNECT_TIMEOUT_MS = 30_000;
/**
 * node-pg's settings for `url`. An isolated connection (the service's) is built from the URL's parts
 * alone: no connection string (whose `sslrootcert`/`options`… node-pg would honour, reading files
 * synchronously), no PG* environment variable, no ~/.pgpass (the password is a function, so node-pg
 * never looks for one), TLS from the given text.
 */
function postgresClientConfig(url, network = {}) {
    const connectionTimeoutMillis = network.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS;
    if (!network.isolated)
        return { connectionString: url, connectionTimeoutMillis };
    const parsed = (0,connection_url/* readConnectionUrl */.K$)(url, 'the url of the data source');
    const decode = (text) => decodeURIComponent(text);
    const user = decode(parsed.username);
    const password = decode(parsed.password);
    return {
        host: parsed.hostname.replace(/^\[(.*)\]$/, '$1'),
        port: Number(parsed.port || 5432),
        user,
        database: decode(parsed.pathname.replace(/^\//, '')) || user,
        password: () => password,
        ssl: tlsOptions(network.isolated.tls),
        connectionTimeoutMillis,
    };
}
function tlsOptions(tls) {
    if (!tls)
        return false;
    return {
        rejectUnauthorized: tls.verify !== false,
        ...(tls.verify === 'ca' ? { checkServerIdentity: () => undefined } : {}),
        ...(tls.ca === undefined ? {} : { ca: tls.ca }),
        ...(tls.cert === undefined ? {} : { cert: tls.cert }),
        ...(tls.key === undefined ? {} : { key: tls.key }),
        ...(tls.servername === undefined ? {} : { servername: tls.servername }),
    };
}
/**
 * A query sent over the extended protocol (Parse/Bind/Execute) even without parameters: there
 * PostgreSQL refuses a text holding several statements, where the simple protocol would run them all.
 * (`queryMode` is node-pg's own option, missing from its type definitions.)
 */
function extended(text, values = []) {
    return { text, values: values, queryMode: 'extended' };
}
class PostgresConnection {
    url;
    options;
    network;
    dialect = 'postgres';
    compiler = compiler/* postgresCompiler */.j;
    pool;
    closed = false;
    /** Cancels under way: `close` waits for them, so a dropped query is stopped on the server too. */
    cancelling = new Set();
    /** The URL's TLS settings (libpq's sslmode & co.), read, files included, before the first connection; the service's isolated connections bring their own. */
    tls;
    resolvedTls;
    /** sslmode=prefer/allow: set once the server answered a session's TLS request with "no" (session-client.ts). */
    tlsRefusal = { refused: false };
    /** Pools left behind by a fall back to plain text, ended on close. */
    retired = [];
    /** Clients taken from the pool and not yet given back: what destroy() ends on the server. */
    active = new Set();
    /** Sessions `admitSession` let through (each is asked once, before its first statement). */
    admitted = new WeakSet();
    constructor(url, options, network = {}) {
        this.url = url;
        this.options = options;
        this.network = network;
    }
    getPool() {
        if (this.closed)
            throw new shared_errors/* ConnectionError */.Rc(`The connection to data source "${this.options.datasourceName}" is closed.`);
        if (!this.pool) {
            const pool = new esm/* default.Pool */.Ay.Pool({
                Client: SessionClient,
                ...this.clientConfig(),
                max: this.options.poolSize ?? 4,
                options: sessionOptions(this.options.statementTimeoutMs),
                application_name: 'datacompare',
            });
            // An idle client losing its server must not crash the process; the next query reports it.
            pool.on('error', (error) => this.options.logger.debug(`postgres pool error on "${this.options.datasourceName}": ${error.message}`));
            this.pool = pool;
        }
        return this.pool;
    }
    /** The settings every client of this data source is made with: the URL without its TLS parameters, and `ssl` from them. */
    clientConfig() {
        if (this.network.isolated)
            return postgresClientConfig(this.url, this.network);
        const tls = this.resolvedTls;
        if (!tls)
            throw new Error('postgres TLS settings used before they were read');
        return { ...postgresClientConfig(tls.connectionString, this.network), ssl: tls.ssl, ...(tls.plainFallback && { plainWhenRefused: this.tlsRefusal }) };
    }
    async readTls() {
        if (this.network.isolated)
            return;
        this.tls ??= postgresTls(this.url, this.options.datasourceName);
        this.resolvedTls ??= await this.tls;
    }
    /**
     * sslmode=prefer/allow and a server without TLS: from now on this data source speaks plain text
     * (libpq's fallback). The first caller to see it replaces the pool; true when a retry will be plain.
     */
    fallBackToPlain(pool) {
        const tls = this.resolvedTls;
        if (this.pool !== pool)
            return tls?.ssl === false;
        if (!tls?.plainFallback)
            return false;
        this.resolvedTls = { ...tls, ssl: false, plainFallback: false };
        this.pool = undefined;
        // Ended with the connection, not now: callers still queued on it must get their answer (pg-pool
        // never answers a connect queued on a pool that is ending) and then retry on the new one.
        this.retired.push(pool);
        return true;
    }
    /** `connecting`: the error came while getting a connection, so it is a connection error whatever its code (a timeout, the wrong protocol…). */
    wrap(error, sql, options, connecting = false) {
        const context = { datasourceName: this.options.datasourceName };
        if (sql !== undefined)
            context.sql = sql;
        if (options?.signal)
            context.signal = options.signal;
        const info = categorize(error);
        return (0,errors/* wrapDriverError */.Z3)(error, connecting && info.category !== 'cancelled' ? { ...info, category: 'connection' } : info, { ...context, statementTimeoutMs: this.options.statementTimeoutMs, statementTimeoutHint: this.options.statementTimeoutHint, address: (0,errors/* addressOf */.ci)(this.url, 5432), tls: link_errors/* POSTGRES_TLS_WORDS */.Ei });
    }
    /**
     * Runs `work` inside `BEGIN READ ONLY … ROLLBACK` on `client`. The statements in `work` go over the
     * extended protocol (one statement each: PostgreSQL refuses "multiple commands" there). When `work`
     * fails, the caller releases the client as broken, so no half-ended transaction returns to the pool.
     */
    async readOnly(client, work) {
        await client.query('BEGIN READ ONLY');
        try {
            return await work();
        }
        finally {
            await client.query('ROLLBACK');
        }
    }
    async acquire(options) {
        const client = await this.connectClient(options);
        if (this.closed) {
            // close() or destroy() ran while this client was connecting: given back as broken (the pool's end()
            // waits for every client it handed out), its socket torn down.
            client.release(true);
            destroySocket(client);
            throw new shared_errors/* ConnectionError */.Rc(`The connection to data source "${this.options.datasourceName}" is closed.`);
        }
        this.active.add(client);
        if (this.options.admitSession && !this.admitted.has(client)) {
            try {
                await this.options.admitSession(this.sessionOf(client));
            }
            catch (error) {
                // refused, or the question failed: the session goes, never back to the pool
                this.release(client, error);
                destroySocket(client);
                throw error;
            }
            this.admitted.add(client);
        }
        const style = client.dateStyle;
        if (style !== undefined && !style.startsWith('ISO')) {
            try {
                // Outside BEGIN … ROLLBACK: it lasts for the session. The output style only; the order stays.
                // The server reports the new style (parameterStatus), which the client records.
                await client.query('SET DateStyle = ISO');
            }
            catch (error) {
                this.release(client, error);
                throw this.wrap(error, undefined, options, true);
            }
        }
        return client;
    }
    /** One client as a session to ask (`admitSession`): its own questions, no transaction; an abort drops its socket. */
    sessionOf(client) {
        return {
            dialect: 'postgres',
            query: async (sql, params = [], options) => {
                const signal = options?.signal;
                const drop = () => destroySocket(client);
                try {
                    signal?.throwIfAborted();
                    signal?.addEventListener('abort', drop, { once: true });
                    return (await client.query(extended(sql, params))).rows;
                }
                catch (error) {
                    throw this.wrap(error, sql, options);
                }
                finally {
                    signal?.removeEventListener('abort', drop);
                }
            },
        };
    }
    /** Gives a client back to the pool (as broken when `error`): once only, and not after destroy(). */
    release(client, error) {
        if (!this.active.delete(client))
            return;
        client.release(error);
    }
    async connectClient(options) {
        options?.signal?.throwIfAborted();
        await this.readTls();
        const signal = options?.signal;
        const pool = this.getPool();
        const connecting = pool.connect();
        try {
            if (!signal)
                return await connecting;
            // An abort does not wait for a server that never answers: the late client is dropped when it comes.
            let stop;
            const aborted = new Promise((_, reject) => {
                stop = () => reject(signal.reason);
                signal.addEventListener('abort', stop, { once: true });
            });
            try {
                return await Promise.race([connecting, aborted]);
            }
            finally {
                signal.removeEventListener('abort', stop);
                if (signal.aborted) {
                    connecting.then((client) => client.release(true), () => undefined);
                    dropConnecting(this.pool);
                }
            }
        }
        catch (error) {
            // A TLS refusal, or a pool another caller retired while this waited on it: retry once plain.
            if (!signal?.aborted && (isNoTlsAnswer(error) || this.pool !== pool) && this.fallBackToPlain(pool))
                return this.connectClient(options);
            throw this.wrap(error, undefined, signal?.aborted ? options : { ...options, signal: undefined }, true);
        }
    }
    /** Cancels whatever the backend `pid` runs, from a connection outside the pool. */
    async cancel(pid) {
        const client = new SessionClient(this.clientConfig());
        try {
            await client.connect();
            await client.query('SELECT pg_cancel_backend($1)', [pid]);
        }
        catch (error) {
            this.options.logger.debug(`could not cancel the query on "${this.options.datasourceName}": ${error.message}`);
        }
        finally {
            await client.end().catch(() => undefined);
        }
    }
    onAbort(client, options) {
        const signal = options?.signal;
        if (!signal)
            return () => undefined;
        const pid = client.processID;
        let settle;
        const settled = new Promise((resolve) => (settle = resolve));
        let done = false;
        // Cancel on the server; a cancel that came before the query started is a no-op, so it is repeated
        // while the query still runs, and a query still waiting after that is dropped with its socket (a
        // server that stopped answering would otherwise hold it, and whoever waits for it, until the socket dies).
        const listener = () => {
            const stopping = (0,stop_query/* stopQuery */.T)(() => this.cancel(pid), settled, () => done).then(() => {
                if (done)
                    return;
                client.on('error', () => undefined); // the query fails with the abort; the dropped socket is no news
                client.connection?.stream?.destroy();
            });
            this.cancelling.add(stopping);
            void stopping.finally(() => this.cancelling.delete(stopping));
        };
        // Aborted already (the other side failed while this query was being sent): stop it all the same.
        if (signal.aborted)
            listener();
        else
            signal.addEventListener('abort', listener, { once: true });
        return () => {
            done = true;
            settle();
            signal.removeEventListener('abort', listener);
        };
    }
    async query(sql, params = [], options) {
        const client = await this.acquire(options);
        const detach = this.onAbort(client, options);
        let broken;
        try {
            const result = options?.catalog
                ? await client.query(extended(sql, params))
                : await this.readOnly(client, async () => {
                    // Only for this query: the transaction's end (ROLLBACK) resets it.
                    if (options?.preferMergeJoin)
                        await client.query('SET LOCAL enable_hashjoin = off');
                    return client.query(extended(sql, params));
                });
            if (options?.signal?.aborted)
                throw options.signal.reason;
            return result.rows;
        }
        catch (error) {
            broken = error;
            throw this.wrap(error, sql, options);
        }
        finally {
            detach();
            this.release(client, broken);
        }
    }
    async *stream(sql, params = [], options) {
        for await (const batch of this.streamBatches(sql, params, options))
            yield* batch;
    }
    async *streamBatches(sql, params = [], options) {
        const client = await this.acquire(options);
        const detach = this.onAbort(client, options);
        let failed;
        try {
            await client.query('BEGIN READ ONLY');
            // Only for this query: the transaction's end (ROLLBACK) resets them. A cursor is planned for its
            // first tenth unless told that every row will be read.
            if (options?.preferMergeJoin)
                await client.query('SET LOCAL enable_hashjoin = off');
            if (options?.wholeResult)
                await client.query('SET LOCAL cursor_tuple_fraction = 1');
            // A portal: Parse/Bind/Execute, the extended protocol (one statement), in batches of at most 4 MiB (fetch-cursor.ts).
            yield* fetchBatches(client, sql, params, options?.signal ? { signal: options.signal } : {});
        }
        catch (error) {
            failed = error;
            throw this.wrap(error, sql, options);
        }
        finally {
            detach();
            // The transaction ends (and with it any setting a query changed; the portal was closed when
            // fetchBatches ended); a failed one is not handed back to the pool: released as broken.
            if (!failed && this.active.has(client))
                await client.query('ROLLBACK').catch((error) => (failed = error));
            this.release(client, failed);
        }
    }
    /**
     * One query (a statement costs three round trips: BEGIN READ ONLY, it, ROLLBACK): each column, with
     * its place in the primary key, and whether the relation takes a sampling clause: a table or a
     * materialized view, or a partitioned table without foreign partitions (a foreign partition under
     * TABLESAMPLE is read whole, every row of it kept, and would crowd the sample); not a view.
     */
    async describeTable(table, options) {
        const columns = await this.query(
        // Positions count from 0; those from indnkeyatts on are INCLUDE columns, carried but not the key.
        `WITH rel AS (
         SELECT c.oid, c.relkind IN ('r', 'm') OR (c.relkind = 'p' AND NOT EXISTS (
           WITH RECURSIVE tree(relid) AS (SELECT c.oid UNION ALL SELECT h.inhrelid FROM pg_inherits h JOIN tree ON h.inhparent = tree.relid)
           SELECT 1 FROM tree JOIN pg_class f ON f.oid = tree.relid WHERE f.relkind = 'f')) AS samplable
         FROM pg_class c WHERE c.oid = to_regclass($1))
       SELECT a.attname AS name, format_type(a.atttypid, a.atttypmod) AS type,
              CASE WHEN array_position(i.indkey::int2[], a.attnum) < i.indnkeyatts THEN array_position(i.indkey::int2[], a.attnum) END AS key_position,
              rel.samplable
         FROM rel JOIN pg_attribute a ON a.attrelid = rel.oid
         LEFT JOIN pg_index i ON i.indrelid = a.attrelid AND i.indisprimary
        WHERE a.attnum > 0 AND NOT a.attisdropped
        ORDER BY a.attnum`, [this.compiler.quoteTable(table)], { ...options, catalog: true });
        return {
            columns: columns.map((row) => ({ ...(0,type_family/* columnTypeOf */.gy)(String(row.name), String(row.type), [], POSTGRES_SINGLE_FLOAT), declared: true })),
            primaryKey: (0,primary_key/* primaryKeyOf */.b)(columns),
            ...(columns.length > 0 && { samplable: columns[0].samplable === true }),
        };
    }
    async describeQuery(sql, options) {
        const client = await this.acquire(options);
        const probe = `SELECT * FROM (${sql}) AS q LIMIT 0`;
        let broken;
        try {
            const result = await this.readOnly(client, () => client.query(extended(probe)));
            const oids = result.fields.map((f) => f.dataTypeID);
            const mods = result.fields.map((f) => f.dataTypeModifier);
            const types = await this.readOnly(client, () => client.query(extended('SELECT format_type(t.oid, t.mod) AS type FROM unnest($1::oid[], $2::int[]) WITH ORDINALITY AS t(oid, mod, n) ORDER BY t.n', [oids, mods])));
            return {
                columns: result.fields.map((field, i) => (0,type_family/* columnTypeOf */.gy)(field.name, String(types.rows[i]?.type ?? 'unknown'), [], POSTGRES_SINGLE_FLOAT)),
                primaryKey: [],
            };
        }
        catch (error) {
            broken = error;
            throw this.wrap(error, probe, options);
        }
        finally {
            this.release(client, broken);
        }
    }
    async serverVersion(options) {
        const [row] = await this.query("SELECT 'PostgreSQL ' || current_setting('server_version') AS v", [], { ...options, catalog: true });
        return String(row?.v);
    }
    async keyOrder(table, column, options) {
        const [row] = await this.query(`SELECT s.correlation FROM pg_stats s
         JOIN pg_class c ON c.relname = s.tablename JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = s.schemaname
        WHERE c.oid = to_regclass($1) AND s.attname = $2 AND NOT s.inherited`, [this.compiler.quoteTable(table), column], { ...options, catalog: true });
        return row?.correlation === null || row?.correlation === undefined ? undefined : Number(row.correlation);
    }
    async close() {
        this.closed = true;
        const pool = this.pool;
        this.pool = undefined;
        // a connect still pending ends now, not at the connect timeout (the pool's end() would wait for it)
        for (const ending of [pool, ...this.retired])
            dropConnecting(ending);
        await Promise.allSettled([...this.cancelling]);
        await Promise.all([pool, ...this.retired.splice(0)].map((p) => p?.end().catch(() => undefined)));
    }
    /**
     * A stop: the backends of the clients in use are ended on the server (pg_terminate_backend, from a
     * connection outside the pool: a closed socket alone leaves a backend running until it next
     * writes), then every socket is torn down without waiting for the server.
     */
    async destroy() {
        this.closed = true;
        const pool = this.pool;
        this.pool = undefined;
        const clients = [...this.active];
        this.active.clear();
        for (const ending of [pool, ...this.retired])
            dropConnecting(ending);
        // A client taken from the pool has no 'error' listener: its backend ending ("terminating connection
        // due to administrator command") must not crash the process.
        for (const client of clients)
            client.on('error', () => undefined);
        const pids = clients.map((client) => client.processID).filter((pid) => Number.isInteger(pid));
        if (pids.length > 0)
            await this.terminate(pids);
        for (const client of clients)
            destroySocket(client);
        // Idle clients end politely (they run nothing); not awaited.
        for (const idle of [pool, ...this.retired.splice(0)])
            void idle?.end().catch(() => undefined);
    }
    async terminate(pids) {
        const client = new SessionClient({ ...this.clientConfig(), connectionTimeoutMillis: 2_000, query_timeout: 2_000, application_name: 'datacompare' });
        client.on('error', () => undefined);
        try {
            await client.connect();
            await client.query('SELECT pg_terminate_backend(pid) FROM unnest($1::int[]) AS pid', [pids]);
        }
        catch (error) {
            this.options.logger.debug(`could not end the queries on "${this.options.datasourceName}": ${error.message}`);
        }
        finally {
            destroySocket(client);
        }
    }
}
/**
 * Drops a pool's connections still being set up (a server that accepted and never answered would keep
 * them, and whoever waits for them, until the connect timeout). node-pg has no public way to abort a
 * pending connect: its pool's client list and a client's `_connecting` flag are read here.
 */
function dropConnecting(pool) {
    const clients = pool?._clients ?? [];
    for (const client of clients) {
        if (!client._connecting)
            continue;
        client.on('error', () => undefined);
        client.connection?.stream?.destroy();
    }
}
/** Tears down a client's socket at once (node-pg has no public way: end() waits for the server). */
function destroySocket(client) {
    // A client taken from the pool has no 'error' listener: its "terminated unexpectedly" must not crash the process.
    client.on('error', () => undefined);
    client.connection?.stream?.destroy();
}
function categorize(error) {
    const code = error?.code;
    const text = typeof code === 'string' ? code : undefined;
    const result = (category) => (text === undefined ? { category } : { category, code: text });
    if (!text)
        return result(error instanceof Error && error.name === 'AbortError' ? 'cancelled' : 'other');
    if (text === '42P01' || text === '3F000')
        return result('missing-table');
    if (text === '42703')
        return result('missing-column');
    if (text === '42601')
        return result('syntax');
    if (text === '25006')
        return result('read-only');
    if (text === '57014')
        return result(/statement timeout/i.test((0,errors/* driverMessage */.SD)(error)) ? 'timeout' : 'cancelled');
    if (/^(08|28|3D|53|57P)/.test(text) || /^E[A-Z]+$/.test(text))
        return result('connection');
    return result('other');
}
//# sourceMappingURL=connection.js.map
;// CONCATENATED MODULE: ./build/src/dialects/postgres/dialect.js
/**
 * PostgreSQL through `pg` (tested with PostgreSQL 15.20). A Pool per data source; sessions in UTC;
 * reads stream through a portal of the extended protocol in batches of at most 4 MiB (fetch-cursor.ts);
 * an aborted query is cancelled on the server with pg_cancel_backend from a separate connection.
 */





const postgresDialect = {
    name: 'postgres',
    compiler: compiler/* postgresCompiler */.j,
    typeOf: (name, typeName) => (0,type_family/* columnTypeOf */.gy)(name, typeName, [], POSTGRES_SINGLE_FLOAT),
    catalogQuery: POSTGRES_CATALOG_QUERY,
    routinesQuery: postgresRoutinesQuery,
    viewsQuery: POSTGRES_VIEWS_QUERY,
    connect(config, options) {
        if (config.type !== 'postgres')
            throw new TypeError(`postgres dialect given a ${config.type} connection`);
        return new PostgresConnection(config.url, options, config);
    },
};
//# sourceMappingURL=dialect.js.map

/***/ })

};
