export const id = 49;
export const ids = [49];
export const modules = {

/***/ 93049:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   mysqlChecksumHooks: () => (/* binding */ mysqlChecksumHooks)
/* harmony export */ });
/* harmony import */ var _sql_compiler_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(57065);
/**
 * MySQL/MariaDB's checksum-diff hooks: InnoDB's row estimate of a table (information_schema, no
 * scan) and two key-range slices per checksum scan (one query runs on one core). Where GROUP_CONCAT
 * would cut a bucket's row texts, the connection says (`textAggregateCap`).
 */

const mysqlChecksumHooks = {
    parallelScans: 2,
    estimatedRowsQuery: (table) => {
        const parts = (0,_sql_compiler_js__WEBPACK_IMPORTED_MODULE_0__/* .splitQualifiedName */ .yU)(table);
        const name = parts[parts.length - 1] ?? table;
        const schema = parts.length > 1 ? parts[parts.length - 2] : undefined;
        return {
            sql: 'SELECT table_rows AS estimate FROM information_schema.tables WHERE table_schema = COALESCE(?, DATABASE()) AND table_name = ?',
            params: [schema ?? null, name],
        };
    },
};
//# sourceMappingURL=checksum.js.map

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
