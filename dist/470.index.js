export const id = 470;
export const ids = [470];
export const modules = {

/***/ 36470:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   postgresChecksumHooks: () => (/* binding */ postgresChecksumHooks)
/* harmony export */ });
/* harmony import */ var _compiler_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(30160);

const postgresChecksumHooks = {
    // PostgreSQL runs no parallel plan for an ordered aggregate (string_agg … ORDER BY): its key
    // ranges are scanned in two slices at once instead, as MariaDB's are.
    orderedParallelScans: 2,
    // string_agg fails past 1 GB; a quarter of that keeps a backend's memory for one range modest
    // (a constant: asking would cost a round trip, three inside BEGIN READ ONLY … ROLLBACK).
    orderedTextCap: 268_435_456,
    // reltuples is -1 until the table is first vacuumed/analyzed (PostgreSQL 14+): then no estimate.
    estimatedRowsQuery: (table) => ({
        sql: 'SELECT reltuples::bigint AS estimate FROM pg_class WHERE oid = to_regclass($1)',
        // Quoted part by part: to_regclass parses its argument, and rejects names with spaces or quotes unquoted.
        params: [_compiler_js__WEBPACK_IMPORTED_MODULE_0__/* .postgresCompiler */ .j.quoteTable(table)],
    }),
};
//# sourceMappingURL=checksum.js.map

/***/ }),

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

/***/ 81776:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Ji: () => (/* binding */ canonicalCollection),
/* harmony export */   K9: () => (/* binding */ collectionToken),
/* harmony export */   gb: () => (/* binding */ canonicalSetText),
/* harmony export */   pc: () => (/* binding */ collectionOptions)
/* harmony export */ });
/* unused harmony export collectionText */
/* harmony import */ var _canonical_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(67632);
/**
 * The canonical text of a collection (see `SqlCompiler.normalize`): `[` + one token per member,
 * joined by `,`, + `]`. A member's token is its canonical text in double quotes with `\` and `"`
 * escaped by a backslash (nothing else: every engine writes it with two REPLACEs), or `null`. A list
 * keeps its order; a set's tokens are distinct and sorted bytewise (code points), NULL stays NULL,
 * and `[]` (an empty collection) is neither NULL nor `""`.
 *
 * The SQL of each dialect builds it in the database (checksums compare hashes of it); this file
 * builds it in JavaScript from a JSON array (a JSON column, text read as a JSON array, SQLite) and
 * must give the same bytes.
 */

/** A member's token: `"text"` with `\` and `"` escaped, or `null`. */
function collectionToken(member) {
    return member === null ? 'null' : `"${member.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;
}
/** The collection text of tokens: in their order (a list), or distinct and sorted bytewise (a set). */
function collectionText(tokens, set) {
    const ordered = set ? [...new Set(tokens)].sort(_canonical_js__WEBPACK_IMPORTED_MODULE_0__/* .compareCodePoints */ .OP) : tokens;
    return `[${ordered.join(',')}]`;
}
/** The collection options of a pair compared as `family` with these normalisation options. */
function collectionOptions(family, options) {
    return { set: family === 'set', member: options.member?.family ?? 'text', options: options.member?.options ?? { caseSensitive: options.caseSensitive } };
}
/** JSON.rawJSON (Node ≥ 21; not in the ES2023 lib types). */
const RawJson = JSON;
/** A JSON number kept as written (no parameter property: the SQLite worker loads this file with type stripping in tests). */
class NumberText {
    text;
    constructor(text) {
        this.text = text;
    }
}
const keepNumberText = (_key, value, context) => (typeof value === 'number' ? new NumberText(context.source ?? String(value)) : value);
/**
 * The canonical collection text of a JSON array (text or bytes). A JSON value that is not an array
 * gives its canonical JSON text (never equal to a collection's), and text that is not JSON is
 * returned as is: both show up as differences.
 */
function canonicalCollection(value, options) {
    if (value === null || value === undefined)
        return null;
    const text = typeof value === 'string' ? value : Buffer.isBuffer(value) ? value.toString('utf8') : JSON.stringify(value);
    let parsed;
    try {
        parsed = JSON.parse(text, keepNumberText);
    }
    catch {
        return text;
    }
    if (!Array.isArray(parsed))
        return (0,_canonical_js__WEBPACK_IMPORTED_MODULE_0__/* .canonicalJson */ .dj)(text);
    return collectionText(parsed.map((member) => collectionToken(memberText(member, options))), options.set);
}
/**
 * The canonical collection text of a MySQL/MariaDB SET's own text (its members joined by commas,
 * which a member cannot contain; `''` is the empty set), for a SET whose members are not declared
 * (a query's column).
 */
function canonicalSetText(value, options) {
    if (value === null || value === undefined)
        return null;
    const text = Buffer.isBuffer(value) ? value.toString('utf8') : String(value);
    const members = text === '' ? [] : text.split(',');
    return collectionText(members.map((member) => collectionToken(memberText(member, options))), options.set);
}
function memberText(member, { member: family, options }) {
    if (member === null || member === undefined)
        return null;
    if (member instanceof NumberText) {
        if (family === 'integer' || family === 'decimal')
            return (0,_canonical_js__WEBPACK_IMPORTED_MODULE_0__/* .canonicalDecimal */ .st)(member.text, options.scale);
        if (family === 'float')
            return (0,_canonical_js__WEBPACK_IMPORTED_MODULE_0__/* .canonicalFloat */ .N8)(member.text, options.singlePrecision === true);
        if (family === 'boolean')
            return (0,_canonical_js__WEBPACK_IMPORTED_MODULE_0__/* .canonicalBoolean */ .xj)(member.text);
        return (0,_canonical_js__WEBPACK_IMPORTED_MODULE_0__/* .plainNumber */ .ku)(member.text);
    }
    if (typeof member === 'boolean')
        return family === 'boolean' ? (member ? '1' : '0') : String(member);
    if (typeof member !== 'string')
        return (0,_canonical_js__WEBPACK_IMPORTED_MODULE_0__/* .canonicalJson */ .dj)(JSON.stringify(member, (_key, v) => (v instanceof NumberText ? RawJson.rawJSON(v.text) : v)));
    switch (family) {
        case 'integer':
        case 'decimal':
            return (0,_canonical_js__WEBPACK_IMPORTED_MODULE_0__/* .canonicalDecimal */ .st)(member, options.scale);
        case 'float':
            return (0,_canonical_js__WEBPACK_IMPORTED_MODULE_0__/* .canonicalFloat */ .N8)(member, options.singlePrecision === true);
        case 'boolean':
            return (0,_canonical_js__WEBPACK_IMPORTED_MODULE_0__/* .canonicalBoolean */ .xj)(member);
        case 'date':
            return (0,_canonical_js__WEBPACK_IMPORTED_MODULE_0__/* .canonicalTimestamp */ .DI)(member)?.slice(0, 10) ?? member;
        case 'timestamp':
        case 'timestamptz':
            return truncated((0,_canonical_js__WEBPACK_IMPORTED_MODULE_0__/* .canonicalTimestamp */ .DI)(member), options.precision);
        case 'uuid':
            return member.toLowerCase();
        case 'text':
        case 'unknown':
            return options.caseSensitive ? member : (0,_canonical_js__WEBPACK_IMPORTED_MODULE_0__/* .canonicalLower */ .GT)(member);
        default:
            return member;
    }
}
function truncated(text, precision = 6) {
    if (text === null || !/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{6}$/.test(text))
        return text;
    const digits = Math.max(0, Math.min(6, Math.trunc(precision)));
    return `${text.slice(0, 20 + digits)}${'0'.repeat(6 - digits)}`;
}
//# sourceMappingURL=collection.js.map

/***/ })

};
