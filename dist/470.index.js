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
    textKeyOrder = {
        utf8: (text) => `convert_to(${text}, 'UTF8')`,
        bytes: (hex) => `decode('${hex}', 'hex')`,
        prefixCode: (bytes, skip) => `('x' || encode(substr(${bytes} || decode('00000000000000', 'hex'), ${skip + 1}, 7), 'hex'))::bit(56)::bigint`,
        tail: (text, characters) => `right(${text}, ${characters})`,
        // width_bucket with an array of thresholds binary-searches it (the array is a constant, built once).
        boundsReached: (value, bounds) => (bounds.length === 0 ? '0' : `width_bucket(${value}, ARRAY[${bounds.join(', ')}]::bigint[])`),
        sample: (fraction) => `random() < ${fraction}`,
        // Whole pages at random: 4.4 s → a fraction of it for 10M rows (random() reads every row).
        tableSample: (fraction) => `TABLESAMPLE SYSTEM (${(100 * fraction).toPrecision(6)})`,
        rowSample: (fraction) => `TABLESAMPLE BERNOULLI (${(100 * fraction).toPrecision(6)})`,
    };
}
const postgresCompiler = new PostgresCompiler();
//# sourceMappingURL=compiler.js.map

/***/ }),

/***/ 67632:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   DI: () => (/* binding */ canonicalTimestamp),
/* harmony export */   F3: () => (/* binding */ reportedValue),
/* harmony export */   GT: () => (/* binding */ canonicalLower),
/* harmony export */   N8: () => (/* binding */ canonicalFloat),
/* harmony export */   OP: () => (/* binding */ compareCodePoints),
/* harmony export */   RZ: () => (/* binding */ compareFloats),
/* harmony export */   dj: () => (/* binding */ canonicalJson),
/* harmony export */   ku: () => (/* binding */ plainNumber),
/* harmony export */   nK: () => (/* binding */ compareIntegers),
/* harmony export */   p4: () => (/* binding */ withinTolerance),
/* harmony export */   st: () => (/* binding */ canonicalDecimal),
/* harmony export */   xj: () => (/* binding */ canonicalBoolean)
/* harmony export */ });
/**
 * Shortest round-trip text of a float: `-0` is `0`, NaN is `NaN`, ±Infinity, never an exponent.
 * `single`: the value is first rounded to the nearest 4-byte float and rendered with the fewest
 * digits that give back that 4-byte float (PostgreSQL's `real` text), so REAL 0.1 reads `0.1`.
 */
function canonicalFloat(value, single = false) {
    if (value === null || value === undefined)
        return null;
    const text = String(value).trim();
    const lower = text.toLowerCase();
    if (lower === 'nan')
        return 'NaN';
    if (lower === 'infinity' || lower === 'inf' || lower === '+infinity')
        return 'Infinity';
    if (lower === '-infinity' || lower === '-inf')
        return '-Infinity';
    const number = typeof value === 'number' ? value : Number(text);
    if (Number.isNaN(number))
        return text; // not a number at all: keep it, it will show up as a difference
    if (number === 0)
        return '0';
    if (single)
        return shortestSingle(number);
    return plainNumber(String(number));
}
function shortestSingle(number) {
    const single = Math.fround(number);
    if (single === 0)
        return '0';
    if (!Number.isFinite(single))
        return single > 0 ? 'Infinity' : '-Infinity';
    for (let digits = 1; digits < 9; digits++) {
        const candidate = Number(single.toPrecision(digits));
        if (Math.fround(candidate) === single)
            return plainNumber(String(candidate));
    }
    return plainNumber(String(Number(single.toPrecision(9))));
}
/**
 * Lowercase as PostgreSQL's and MySQL's lower() do: each code point by its simple mapping, without
 * context. JavaScript's toLowerCase applies full and contextual rules ('İ' → 'i̇', a final 'Σ' → 'ς'),
 * which would make identical values differ from the other engines' lower().
 */
function canonicalLower(text) {
    if (/^[\x00-\x7f]*$/.test(text))
        return text.toLowerCase();
    let out = '';
    for (const ch of text)
        out += ch === '\u0130' ? 'i' : ch.toLowerCase();
    return out;
}
const TRUE_TEXTS = new Set(['t', 'true', 'y', 'yes', 'on']);
const FALSE_TEXTS = new Set(['f', 'false', 'n', 'no', 'off']);
/**
 * A boolean as `1`/`0` from a number (non-zero is true) or a text spelling (`t`, `true`, `yes`, `on`,
 * `1`, ... in any case, as PostgreSQL reads them); any other text is kept, so it shows as a difference.
 */
function canonicalBoolean(value) {
    if (value === null || value === undefined)
        return null;
    if (typeof value === 'number' || typeof value === 'bigint')
        return Number(value) === 0 ? '0' : '1';
    if (typeof value === 'boolean')
        return value ? '1' : '0';
    const text = String(value).trim().toLowerCase();
    if (TRUE_TEXTS.has(text))
        return '1';
    if (FALSE_TEXTS.has(text))
        return '0';
    if (text !== '' && !Number.isNaN(Number(text)))
        return Number(text) === 0 ? '0' : '1';
    return String(value);
}
/** A decimal's text without exponent: padded to `scale` fraction digits (never cut), else trailing zeros stripped. */
function canonicalDecimal(value, scale) {
    if (value === null || value === undefined)
        return null;
    let text = typeof value === 'bigint' ? value.toString() : plainNumber(String(value).trim());
    if (!/^[+-]?\d*(\.\d*)?$/.test(text))
        return text;
    let negative = text.startsWith('-');
    text = text.replace(/^[+-]/, '');
    let [whole = '', fraction = ''] = text.split('.');
    whole = whole.replace(/^0+(?=\d)/, '') || '0';
    // Pad to the scale, never cut: SQLite does not enforce a declared scale, and 19.994 is not 19.99.
    fraction = fraction.replace(/0+$/, '');
    if (scale !== undefined)
        fraction = fraction.padEnd(scale, '0');
    if (/^0*$/.test(whole) && /^0*$/.test(fraction))
        negative = false;
    return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}
/** `1.5e-7` → `0.00000015`, `1e+21` → `1000000000000000000000`; other texts unchanged. */
function plainNumber(text) {
    const match = /^([+-]?)(\d+)(?:\.(\d*))?e([+-]?\d+)$/i.exec(text);
    if (!match)
        return text;
    const [, sign = '', whole = '', fraction = '', exp = '0'] = match;
    const digits = whole + fraction;
    const point = whole.length + Number(exp);
    let out;
    if (point <= 0)
        out = `0.${'0'.repeat(-point)}${digits}`;
    else if (point >= digits.length)
        out = digits + '0'.repeat(point - digits.length);
    else
        out = `${digits.slice(0, point)}.${digits.slice(point)}`;
    out = out.replace(/^0+(?=\d)/, '');
    if (out.includes('.'))
        out = out.replace(/\.?0+$/, '');
    return sign === '-' ? `-${out}` : out;
}
/** JSON.rawJSON / JSON.parse's source text (Node ≥ 21; not in the ES2023 lib types). */
const RawJson = JSON;
/**
 * JSON with keys sorted (by code point), no insignificant whitespace, and numbers by value from
 * their source text (`1.0` and `1e0` read `1`; `12345678901234567891` keeps every digit, never a
 * double's 12345678901234567000); invalid JSON is returned as is.
 */
function canonicalJson(value) {
    if (value === null || value === undefined)
        return null;
    const text = typeof value === 'string' ? value : Buffer.isBuffer(value) ? value.toString('utf8') : JSON.stringify(value);
    const exactNumbers = (_key, parsed, context) => typeof parsed === 'number' && context.source !== undefined ? RawJson.rawJSON(canonicalDecimal(context.source) ?? context.source) : parsed;
    try {
        return JSON.stringify(sortKeys(JSON.parse(text, exactNumbers)));
    }
    catch {
        return text;
    }
}
function sortKeys(value) {
    if (Array.isArray(value))
        return value.map(sortKeys);
    if (value && typeof value === 'object' && !RawJson.isRawJSON(value)) {
        const out = {};
        for (const key of Object.keys(value).sort(compareCodePoints))
            out[key] = sortKeys(value[key]);
        return out;
    }
    return value;
}
/**
 * A timestamp (text as SQLite stores it: `YYYY-MM-DD[ T]HH:MM[:SS[.f…]][Z|±HH:MM]`, or unix seconds)
 * as `YYYY-MM-DD HH:MM:SS.ffffff`; offsets are converted to UTC. Unparseable text is returned as is.
 */
function canonicalTimestamp(value) {
    if (value === null || value === undefined)
        return null;
    if (typeof value === 'number' || typeof value === 'bigint') {
        // Whole microseconds first, so a time before 1970 (-0.5 s) or a fraction rounding up (.9999997) stays well-formed.
        const total = Math.round(Number(value) * 1e6);
        const seconds = Math.floor(total / 1e6);
        const iso = new Date(seconds * 1000).toISOString();
        return `${iso.slice(0, 10)} ${iso.slice(11, 19)}.${String(total - seconds * 1e6).padStart(6, '0')}`;
    }
    const text = String(value).trim();
    const match = /^(\d{4}-\d{2}-\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/i.exec(text);
    if (!match)
        return text;
    const [, date = '', hh = '00', mi = '00', ss = '00', frac = '', zone] = match;
    const micros = frac.slice(0, 6).padEnd(6, '0');
    if (!zone || /^z$/i.test(zone) || /^[+-]00:?(00)?$/.test(zone))
        return `${date} ${hh}:${mi}:${ss}.${micros}`;
    const sign = zone.startsWith('-') ? -1 : 1;
    const digits = zone.slice(1).replace(':', '');
    const offsetMinutes = sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2, 4) || '0'));
    const utc = Date.parse(`${date}T${hh}:${mi}:${ss}Z`) - offsetMinutes * 60_000;
    const iso = new Date(utc).toISOString();
    return `${iso.slice(0, 10)} ${iso.slice(11, 19)}.${micros}`;
}
/** Orders strings by Unicode code point, i.e. the byte order of their UTF-8 (what `COLLATE "C"`/BINARY do). */
function compareCodePoints(a, b) {
    const length = Math.min(a.length, b.length);
    for (let i = 0; i < length; i++) {
        const x = a.charCodeAt(i);
        const y = b.charCodeAt(i);
        if (x === y)
            continue;
        // Surrogates (U+D800–DFFF) stand for code points above U+FFFF: they sort after U+E000–FFFF.
        const xs = x >= 0xd800 && x <= 0xdfff;
        const ys = y >= 0xd800 && y <= 0xdfff;
        if (xs !== ys)
            return xs ? 1 : -1;
        return x < y ? -1 : 1;
    }
    return a.length - b.length;
}
/** Orders canonical float texts numerically (`-0` equals `0`; NaN after every number, equal to itself). */
function compareFloats(a, b) {
    const x = Number(a);
    const y = Number(b);
    if (Number.isNaN(x) || Number.isNaN(y))
        return Number.isNaN(x) ? (Number.isNaN(y) ? 0 : 1) : -1;
    return x < y ? -1 : x > y ? 1 : 0;
}
/** Orders canonical integer texts numerically. */
function compareIntegers(a, b) {
    if (a === b)
        return 0;
    const negativeA = a.charCodeAt(0) === 45;
    const negativeB = b.charCodeAt(0) === 45;
    // Canonical digits (no leading zero, no '+', no '-0'): a longer number is larger, else the text decides.
    // Anything else is ordered exactly through BigInt. (No BigInt per comparison: the merge compares every row.)
    if (!canonicalInteger(a, negativeA) || !canonicalInteger(b, negativeB)) {
        const x = BigInt(a);
        const y = BigInt(b);
        return x < y ? -1 : x > y ? 1 : 0;
    }
    if (negativeA !== negativeB)
        return negativeA ? -1 : 1;
    const order = a.length !== b.length ? (a.length < b.length ? -1 : 1) : a < b ? -1 : 1;
    return negativeA ? -order : order;
}
function canonicalInteger(text, negative) {
    const first = negative ? 1 : 0;
    const digit = text.charCodeAt(first);
    if (digit === 48)
        return text.length === 1; // '0' alone; '-0' and '007' take the exact path
    return digit > 48 && digit <= 57;
}
/**
 * A canonical text as a value that keeps its meaning in JSON: integers as numbers while exact (else
 * strings), decimals as strings, floats as numbers (NaN/Infinity as strings), booleans as booleans,
 * timestamps as ISO text (`2024-05-01T10:00:00.123456`, with `Z` for timestamptz).
 */
function reportedValue(family, text) {
    if (text === null || text === undefined)
        return null;
    const value = Buffer.isBuffer(text) ? text.toString('utf8') : String(text);
    switch (family) {
        case 'integer': {
            const n = Number(value);
            return Number.isSafeInteger(n) ? n : value;
        }
        case 'float': {
            const n = Number(value);
            return Number.isFinite(n) ? n : value;
        }
        case 'boolean':
            return value === '1' ? true : value === '0' ? false : value;
        case 'timestamp':
        case 'timestamptz':
            return /^\d{4}-\d{2}-\d{2} /.test(value) ? `${value.replace(' ', 'T')}${family === 'timestamptz' ? 'Z' : ''}` : value;
        default:
            return value;
    }
}
/**
 * |a - b| <= tolerance, computed exactly on canonical decimal texts (no binary float error:
 * 100.01 - 100.00 is 0.01, not 0.010000000000005). NULLs are never within tolerance of a value.
 */
function withinTolerance(a, b, tolerance) {
    if (a === null || b === null)
        return a === b;
    const x = exactDecimal(a);
    const y = exactDecimal(b);
    const t = exactDecimal(plainNumber(String(tolerance)));
    if (!x || !y || !t)
        return Math.abs(Number(a) - Number(b)) <= tolerance;
    const scale = Math.max(x.scale, y.scale, t.scale);
    const up = (d) => d.digits * 10n ** BigInt(scale - d.scale);
    const diff = up(x) - up(y);
    return (diff < 0n ? -diff : diff) <= up(t);
}
function exactDecimal(text) {
    const plain = plainNumber(text.trim());
    const match = /^([+-]?)(\d*)(?:\.(\d*))?$/.exec(plain);
    if (!match || (match[2] === '' && !match[3]))
        return undefined;
    const fraction = match[3] ?? '';
    const digits = BigInt(`${match[1] === '-' ? '-' : ''}${match[2] || '0'}${fraction}`);
    return { digits, scale: fraction.length };
}
//# sourceMappingURL=canonical.js.map

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

/***/ }),

/***/ 57065:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Jm: () => (/* binding */ BaseSqlCompiler),
/* harmony export */   _3: () => (/* binding */ SAME_VALUE_FAMILIES),
/* harmony export */   yU: () => (/* binding */ splitQualifiedName)
/* harmony export */ });
/* harmony import */ var _canonical_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(67632);
/**
 * The base SQL compiler: ANSI defaults for every hook of `SqlCompiler`; each dialect overrides only
 * what differs. `normalize` dispatches by type family to one small hook per family, and applies the
 * rules that are the same everywhere (timestamp truncation to a common precision, padding to 6).
 */

/** Families whose equality is identity on PostgreSQL and MariaDB for two columns of one declared type (`sameValue`). */
const SAME_VALUE_FAMILIES = new Set(['integer', 'decimal', 'float', 'boolean', 'date', 'time', 'timestamp', 'timestamptz']);
class BaseSqlCompiler {
    supportsFullOuterJoin = true;
    quoteIdentifier(name) {
        return `"${name.replaceAll('"', '""')}"`;
    }
    quoteTable(name) {
        return splitQualifiedName(name)
            .map((part) => this.quoteIdentifier(part))
            .join('.');
    }
    placeholder(_index) {
        return '?';
    }
    /** A text literal read the same way whatever the session's escaping mode (see the dialects' overrides). */
    stringLiteral(text) {
        return `'${text.replaceAll("'", "''")}'`;
    }
    hashText(expr, column, options) {
        return this.normalize(expr, column, options);
    }
    normalize(expr, column, options) {
        switch (column.family) {
            case 'integer':
                return this.integerText(expr);
            case 'decimal':
                return this.decimalText(expr, options.scale);
            case 'float':
                return options.singlePrecision ? this.singleFloatText(expr) : this.floatText(expr);
            case 'boolean':
                return this.booleanText(expr);
            case 'date':
                return this.dateText(expr);
            case 'timestamp':
            case 'timestamptz':
                return this.truncateFraction(this.timestampText(expr, column.family === 'timestamptz'), 19, options.precision);
            case 'time':
                return this.truncateFraction(this.timeText(expr), 8, options.precision);
            case 'text':
                return options.caseSensitive ? this.textText(expr) : this.lowerText(this.textText(expr));
            case 'uuid':
                return this.lowerText(this.textText(expr));
            case 'json':
                return this.jsonText(expr);
            case 'bytes':
                return this.bytesText(expr);
            case 'list':
            case 'set':
                return this.collectionText(expr, column, options);
            case 'unknown':
                return options.caseSensitive ? this.textText(expr) : this.lowerText(this.textText(expr));
        }
    }
    /** `…SS.ffffff` (6 digits) → keep `precision` digits, pad back to 6 with zeros (truncation, never rounding). */
    truncateFraction(text6, secondsLength, precision = 6) {
        const digits = Math.max(0, Math.min(6, Math.trunc(precision)));
        if (digits === 6)
            return text6;
        return this.concat([`substr(${text6}, 1, ${secondsLength + 1 + digits})`, this.stringLiteral('0'.repeat(6 - digits))]);
    }
    // ── per-family hooks: each returns canonical text (NULL for NULL) ──
    integerText(expr) {
        return `CAST(${expr} AS VARCHAR(40))`;
    }
    /**
     * A float rounded to a 4-byte float, as text unique per 4-byte value (`canonicalFloat(text, true)`
     * finishes it where two engines meet). Default: the engine's own float text.
     */
    singleFloatText(expr) {
        return this.floatText(expr);
    }
    booleanText(expr) {
        return `CASE WHEN ${expr} IS NULL THEN NULL WHEN ${expr} THEN '1' ELSE '0' END`;
    }
    textText(expr) {
        return `CAST(${expr} AS VARCHAR)`;
    }
    lowerText(expr) {
        return `lower(${expr})`;
    }
    /**
     * A collection's canonical text (see src/sql/collection.ts). Here: a column that is no collection
     * of this engine (JSON, or text holding a JSON array) as its JSON text or text, which JavaScript
     * finishes with `canonicalCollection` (`jsonCollections` false). Dialects override it for their
     * own collection types (`column.element`, `column.members`).
     */
    collectionText(expr, column, _options) {
        return column.stored === 'json' ? this.jsonText(expr) : this.textText(expr);
    }
    /** The column type and options a collection's members are normalised with. */
    memberOf(column, options) {
        const element = column.element ?? { name: column.name, type: 'text', family: 'text' };
        return {
            column: { ...element, family: options.member?.family ?? element.family },
            options: options.member?.options ?? { caseSensitive: options.caseSensitive },
        };
    }
    /** A member's token (`collectionToken`): NULL → `null`, else `"` + the text with `\` and `"` escaped + `"`. */
    memberToken(member) {
        const escaped = `replace(replace(${member}, ${this.stringLiteral('\\')}, ${this.stringLiteral('\\\\')}), '"', ${this.stringLiteral('\\"')})`;
        return `CASE WHEN ${member} IS NULL THEN 'null' ELSE ${this.concat([`'"'`, escaped, `'"'`])} END`;
    }
    // ── comparison and composition ──
    binaryText(expr) {
        return expr;
    }
    sameValue(_a, _b, _column) {
        return undefined;
    }
    isDistinct(a, b) {
        return `(${a}) IS DISTINCT FROM (${b})`;
    }
    textToNumber(expr) {
        return `CAST(${expr} AS NUMERIC)`;
    }
    withinTolerance(a, b, tolerance) {
        return `ABS(${this.textToNumber(a)} - ${this.textToNumber(b)}) <= ${(0,_canonical_js__WEBPACK_IMPORTED_MODULE_0__/* .plainNumber */ .ku)(String(tolerance))}`;
    }
    charLength(expr) {
        return `char_length(${expr})`;
    }
    byteLength(expr) {
        return `octet_length(${expr})`;
    }
    concat(parts) {
        return parts.length === 1 ? (parts[0] ?? "''") : `(${parts.join(' || ')})`;
    }
    rowText(parts) {
        const pieces = parts.map((part) => `CASE WHEN ${part} IS NULL THEN '-' ELSE ${this.concat([this.integerText(this.byteLength(part)), "':'", part])} END`);
        return this.concat(pieces.flatMap((piece, i) => (i === 0 ? [piece] : ["'|'", piece])));
    }
    limit(n) {
        return `LIMIT ${Math.max(0, Math.trunc(n))}`;
    }
    derivedTable(sql, alias) {
        return `(${sql}) AS ${this.quoteIdentifier(alias)}`;
    }
}
/**
 * `schema.table` → ['schema', 'table']; a part may be quoted with "…" or `…` to contain dots.
 * `a.b.c` (catalog.schema.table) keeps three parts.
 */
function splitQualifiedName(name) {
    const parts = [];
    let current = '';
    let quote;
    for (let i = 0; i < name.length; i++) {
        const ch = name[i];
        if (quote) {
            if (ch === quote && name[i + 1] === quote) {
                current += ch;
                i++;
            }
            else if (ch === quote)
                quote = undefined;
            else
                current += ch;
        }
        else if (ch === '"' || ch === '`')
            quote = ch;
        else if (ch === '.') {
            parts.push(current);
            current = '';
        }
        else
            current += ch;
    }
    parts.push(current);
    return parts.map((p) => p.trim());
}
//# sourceMappingURL=compiler.js.map

/***/ })

};
