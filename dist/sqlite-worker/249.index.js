export const id = 249;
export const ids = [249];
export const modules = {

/***/ 249:
/***/ ((__unused_webpack___webpack_module__, __unused_webpack___webpack_exports__, __webpack_require__) => {


// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(24);
// EXTERNAL MODULE: external "node:sqlite"
var external_node_sqlite_ = __webpack_require__(99);
// EXTERNAL MODULE: external "node:worker_threads"
var external_node_worker_threads_ = __webpack_require__(919);
;// CONCATENATED MODULE: ./build/src/dialects/sqlite/orphan-watch.js
/**
 * A SQLite worker process lives only while its parent wants it. The parent stops a statement by
 * killing the process (node:sqlite has no interrupt), so the process itself never acts on a stop:
 * SIGINT and SIGTERM are ignored (a Ctrl-C in the terminal reaches the whole process group, systemd
 * signals the whole cgroup: the parent decides, and a job in its grace period keeps its statement).
 * A parent that is gone ends it: its IPC channel closes (idle: the process exits), and a watchdog
 * thread, which runs while the main thread is held in one native step, kills the process once its
 * parent is no longer the one that started it (a parent killed with SIGKILL leaves no one to do it).
 */

/** How often the watchdog looks at the parent: an orphan stops within this. */
const ORPHAN_CHECK_MS = 200;
/** The watchdog, evaluated in a thread of its own (no file to bundle): its workerData is the parent's pid. */
const WATCHDOG = `
const { workerData } = require('node:worker_threads');
setInterval(() => {
  if (process.ppid !== workerData.parent) process.kill(process.pid, 'SIGKILL');
}, workerData.everyMs);
`;
function endWhenOrphaned() {
    process.on('SIGINT', () => { });
    process.on('SIGTERM', () => { });
    process.on('disconnect', () => process.exit(0));
    const watchdog = new external_node_worker_threads_.Worker(WATCHDOG, { eval: true, workerData: { parent: process.ppid, everyMs: ORPHAN_CHECK_MS } });
    // The process ends when its work does (the channel closed); the watchdog never holds it.
    watchdog.unref();
}
//# sourceMappingURL=orphan-watch.js.map
// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __webpack_require__(598);
;// CONCATENATED MODULE: ./build/src/sql/canonical.js
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
;// CONCATENATED MODULE: ./build/src/sql/collection.js
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
    const ordered = set ? [...new Set(tokens)].sort(compareCodePoints) : tokens;
    return `[${ordered.join(',')}]`;
}
/** The collection options of a pair compared as `family` with these normalisation options. */
function collectionOptions(family, options) {
    return { set: family === 'set', member: options.member?.family ?? 'text', options: options.member?.options ?? { caseSensitive: options.caseSensitive } };
}
/** JSON.rawJSON (Node ≥ 21; not in the ES2023 lib types). */
const collection_RawJson = JSON;
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
        return canonicalJson(text);
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
            return canonicalDecimal(member.text, options.scale);
        if (family === 'float')
            return canonicalFloat(member.text, options.singlePrecision === true);
        if (family === 'boolean')
            return canonicalBoolean(member.text);
        return plainNumber(member.text);
    }
    if (typeof member === 'boolean')
        return family === 'boolean' ? (member ? '1' : '0') : String(member);
    if (typeof member !== 'string')
        return canonicalJson(JSON.stringify(member, (_key, v) => (v instanceof NumberText ? collection_RawJson.rawJSON(v.text) : v)));
    switch (family) {
        case 'integer':
        case 'decimal':
            return canonicalDecimal(member, options.scale);
        case 'float':
            return canonicalFloat(member, options.singlePrecision === true);
        case 'boolean':
            return canonicalBoolean(member);
        case 'date':
            return canonicalTimestamp(member)?.slice(0, 10) ?? member;
        case 'timestamp':
        case 'timestamptz':
            return truncated(canonicalTimestamp(member), options.precision);
        case 'uuid':
            return member.toLowerCase();
        case 'text':
        case 'unknown':
            return options.caseSensitive ? member : canonicalLower(member);
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
;// CONCATENATED MODULE: ./build/src/dialects/sqlite/functions.js
/** The JavaScript functions every SQLite connection registers, implementing the canonical rules. */



function registerCanonicalFunctions(db) {
    const options = { deterministic: true, varargs: false };
    db.function('dc_decimal', options, (value, scale) => value === null ? null : canonicalDecimal(toScalar(value), Number(scale) < 0 ? undefined : Number(scale)));
    db.function('dc_float', options, (value) => (value === null ? null : canonicalFloat(toScalar(value))));
    db.function('dc_boolean', options, (value) => (value === null ? null : canonicalBoolean(toScalar(value))));
    db.function('dc_float32', options, (value) => (value === null ? null : canonicalFloat(toScalar(value), true)));
    db.function('dc_timestamp', options, (value) => (value === null ? null : canonicalTimestamp(toScalar(value))));
    db.function('dc_time', options, (value) => {
        if (value === null)
            return null;
        const match = /^(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?$/.exec(String(toScalar(value)).trim());
        if (!match)
            return String(toScalar(value));
        return `${match[1]}:${match[2]}:${match[3] ?? '00'}.${(match[4] ?? '').slice(0, 6).padEnd(6, '0')}`;
    });
    db.function('dc_lower', options, (value) => (value === null ? null : canonicalLower(String(toScalar(value)))));
    db.function('dc_json', options, (value) => (value === null ? null : canonicalJson(toScalar(value))));
    db.function('dc_collection', { deterministic: true, varargs: true }, (value, ...args) => {
        if (value === null)
            return null;
        const [set, , caseSensitive, scale, precision, single] = args.map(Number);
        const options = { caseSensitive: caseSensitive === 1, precision, singlePrecision: single === 1, ...(Number(scale) >= 0 && { scale }) };
        return canonicalCollection(toScalar(value), { set: set === 1, member: String(args[1]), options });
    });
    db.function('dc_within', options, (a, b, tolerance) => withinTolerance(a === null ? null : String(toScalar(a)), b === null ? null : String(toScalar(b)), Number(tolerance)) ? 1 : 0);
    db.function('dc_md5_int', options, (value) => {
        if (value === null)
            return null;
        const hex = (0,external_node_crypto_.createHash)('md5').update(typeof value === 'string' ? value : Buffer.from(value)).digest('hex');
        return BigInt(`0x${hex.slice(20)}`) & ((1n << 48n) - 1n);
    });
}
function toScalar(value) {
    if (value instanceof Uint8Array)
        return Buffer.from(value).toString('utf8');
    return value;
}
//# sourceMappingURL=functions.js.map
;// CONCATENATED MODULE: ./build/src/dialects/sqlite/read-only.js
/**
 * SQLite's part of "a comparison only reads": the file is opened read-only, and an authorizer lets a
 * statement do nothing but read tables, call functions other than the few that reach the file system,
 * recurse, and ask the PRAGMAs that describe a table. Everything else (writes to the temp schema,
 * ATTACH, DETACH, other PRAGMAs, transactions) is denied while the statement is compiled.
 */

/** Functions that read or write files or load code (the CLI shell's, fts3's tokenizer pointer, extensions). */
const DENIED_FUNCTIONS = new Set(['load_extension', 'readfile', 'writefile', 'edit', 'fts3_tokenizer', 'zipfile', 'sqlar_compress', 'sqlar_uncompress']);
/** The PRAGMAs that describe a table without changing anything. */
const DESCRIBING_PRAGMAS = new Set(['table_info', 'table_list', 'table_xinfo', 'index_list', 'index_info', 'index_xinfo', 'foreign_key_list']);
const AUTHORIZATION_DENIED = /not authorized/i;
/**
 * Installs the authorizer; `onRead` also hears every column read (views expanded to their tables).
 * False where node:sqlite has no authorizer.
 */
function authorizeReadsOnly(db, onRead) {
    // Node 22 has no setAuthorizer: the file is still opened read-only (ATTACHed ones too) with one statement
    // per query, so nothing is written; only the in-memory temp schema stays writable there.
    if (typeof db.setAuthorizer !== 'function')
        return false;
    db.setAuthorizer((action, first, second, database) => {
        switch (action) {
            case external_node_sqlite_.constants.SQLITE_READ:
                onRead?.(String(first), String(second ?? ''), database);
                return external_node_sqlite_.constants.SQLITE_OK;
            case external_node_sqlite_.constants.SQLITE_SELECT:
            case external_node_sqlite_.constants.SQLITE_RECURSIVE:
                return external_node_sqlite_.constants.SQLITE_OK;
            case external_node_sqlite_.constants.SQLITE_FUNCTION:
                // SQLite names the function in the second argument (the first is NULL).
                return DENIED_FUNCTIONS.has(String(second).toLowerCase()) ? external_node_sqlite_.constants.SQLITE_DENY : external_node_sqlite_.constants.SQLITE_OK;
            case external_node_sqlite_.constants.SQLITE_PRAGMA:
                return DESCRIBING_PRAGMAS.has(String(first).toLowerCase()) ? external_node_sqlite_.constants.SQLITE_OK : external_node_sqlite_.constants.SQLITE_DENY;
            default:
                return external_node_sqlite_.constants.SQLITE_DENY;
        }
    });
    return true;
}
/**
 * node:sqlite compiles only the first statement of a text and silently ignores the rest; `sourceSQL`
 * is that first statement. Anything after it but white space and semicolons is a second statement.
 */
function trailingStatement(sql, sourceSQL) {
    const start = sql.indexOf(sourceSQL);
    const rest = start < 0 ? '' : sql.slice(start + sourceSQL.length);
    const trimmed = rest.replace(/^[\s;]+/, '');
    return trimmed.length > 0 ? trimmed : undefined;
}
//# sourceMappingURL=read-only.js.map
;// CONCATENATED MODULE: ./build/src/dialects/bounded-batches.js
/** The most row data one batch holds (and a paused driver buffers), unless it is a single larger row. */
const MAX_BATCH_BYTES = 4 * 1024 * 1024;
/**
 * The most rows one batch holds (and a paused driver buffers), however short: a row's objects cost
 * several times its bytes, and 4 MiB of short rows are 70,000 of them (mysql2's stream held 5,000).
 */
const MAX_BATCH_ROWS = 5_000;
/** What a value costs in a batch, about: a text its characters, binary data its bytes, anything else 8. */
function valueBytes(value) {
    if (typeof value === 'string')
        return value.length;
    if (value instanceof Uint8Array)
        return value.byteLength;
    return 8;
}
/** A row's bytes, about (valueBytes of each value). */
function rowBytes(row) {
    let bytes = 0;
    for (const value of Array.isArray(row) ? row : Object.values(row))
        bytes += valueBytes(value);
    return bytes;
}
/**
 * The rows of `events` in batches of at most `maxBytes` (or one row) and MAX_BATCH_ROWS; `flow` paused
 * while more than `maxBytes` or MAX_BATCH_ROWS wait.
 */
async function* boundedBatches(events, flow, maxBytes = MAX_BATCH_BYTES) {
    const rows = [];
    const sizes = [];
    let waiting = 0;
    let paused = false;
    let ended = false;
    let stopped = false;
    let failure;
    let wake;
    const notify = () => {
        const resume = wake;
        wake = undefined;
        resume?.();
    };
    events.on('result', (row) => {
        if (stopped)
            return; // the reader stopped early: the connection is dropped
        const bytes = rowBytes(row);
        rows.push(row);
        sizes.push(bytes);
        waiting += bytes;
        if ((waiting > maxBytes || rows.length > MAX_BATCH_ROWS) && !paused) {
            paused = true;
            flow.pause();
        }
        notify();
    });
    events.on('end', () => {
        ended = true;
        notify();
    });
    // Kept after the reader stopped: an error then (the connection dropped) must not be thrown at no one.
    events.on('error', (error) => {
        failure ??= { error };
        notify();
    });
    try {
        for (;;) {
            if (failure)
                throw failure.error;
            if (rows.length > 0) {
                let count = 0;
                let bytes = 0;
                while (count < rows.length && count < MAX_BATCH_ROWS && (count === 0 || bytes + sizes[count] <= maxBytes))
                    bytes += sizes[count++];
                const batch = rows.splice(0, count);
                sizes.splice(0, count);
                waiting -= bytes;
                if (paused && waiting <= maxBytes && rows.length <= MAX_BATCH_ROWS) {
                    paused = false;
                    flow.resume();
                }
                yield batch;
                continue;
            }
            if (ended)
                return;
            await new Promise((resolve) => (wake = resolve));
        }
    }
    finally {
        stopped = true;
        rows.length = 0;
        if (paused)
            flow.resume();
    }
}
//# sourceMappingURL=bounded-batches.js.map
;// CONCATENATED MODULE: ./build/src/dialects/sqlite/worker-main.js
/**
 * The worker process's side of a SQLite connection (see worker-protocol.ts): opens the file
 * read-only with the canonical functions and the read-only authorizer, and answers one request at
 * a time over the IPC channel. Streams keep their iterator between `next` requests. The process
 * lives only as long as its parent wants it (see orphan-watch.ts): signals are its parent's to
 * act on, and a parent that is gone ends it.
 */






let db;
/** `held`: a row read that did not fit the last batch (the first of the next). */
const iterators = new Map();
class TrailingStatement extends Error {
    rest;
    constructor(rest) {
        super('more than one statement');
        this.rest = rest;
    }
}
function database() {
    if (!db)
        throw new Error('the SQLite database is not open');
    return db;
}
function prepare(sql) {
    const statement = database().prepare(sql);
    const rest = trailingStatement(sql, statement.sourceSQL);
    if (rest !== undefined)
        throw new TrailingStatement(rest);
    statement.setReadBigInts(false);
    return statement;
}
function nextBatch(id, iterator) {
    const entry = iterators.get(iterator);
    if (!entry)
        return { id, ok: true, rows: [], done: true };
    // At most `batch` rows and MAX_BATCH_BYTES of them (or one larger row): each is copied into the reply.
    const rows = [];
    let bytes = 0;
    while (rows.length < entry.batch && bytes < MAX_BATCH_BYTES) {
        let held = entry.held;
        entry.held = undefined;
        if (!held) {
            const next = entry.iterator.next();
            if (next.done) {
                iterators.delete(iterator);
                return { id, ok: true, rows, done: true };
            }
            held = { row: next.value, bytes: rowBytes(next.value) };
        }
        if (rows.length > 0 && bytes + held.bytes > MAX_BATCH_BYTES) {
            entry.held = held;
            break;
        }
        rows.push(held.row);
        bytes += held.bytes;
    }
    return { id, ok: true, rows, done: false };
}
function handle(request) {
    switch (request.op) {
        case 'open': {
            // A file that does not exist is an error (a typo would otherwise compare two empty new databases).
            if (request.path !== ':memory:' && !(0,external_node_fs_.existsSync)(request.path))
                return { id: request.id, ok: false, error: { message: 'no such file', missingFile: true } };
            // Read-only: the file cannot be written, and the authorizer refuses all but reading.
            const opened = new external_node_sqlite_.DatabaseSync(request.path, { enableForeignKeyConstraints: false, readOnly: true });
            registerCanonicalFunctions(opened);
            authorizeReadsOnly(opened);
            db = opened;
            return { id: request.id, ok: true };
        }
        case 'all':
            return { id: request.id, ok: true, rows: prepare(request.sql).all(...request.params) };
        case 'get':
            return { id: request.id, ok: true, row: prepare(request.sql).get(...request.params) };
        case 'columns':
            return { id: request.id, ok: true, columns: prepare(request.sql).columns().map((c) => ({ name: c.name, type: c.type ?? null })) };
        case 'iterate':
            iterators.set(request.id, { iterator: prepare(request.sql).iterate(...request.params), batch: request.batch });
            return nextBatch(request.id, request.id);
        case 'next':
            return nextBatch(request.id, request.iterator);
        case 'return':
            iterators.get(request.iterator)?.iterator.return?.();
            iterators.delete(request.iterator);
            return { id: request.id, ok: true };
    }
}
function plain(error) {
    if (error instanceof TrailingStatement)
        return { message: error.message, trailing: error.rest };
    const fields = error;
    return {
        message: error instanceof Error ? error.message : String(error),
        ...(typeof fields.name === 'string' ? { name: fields.name } : {}),
        ...(typeof fields.code === 'string' ? { code: fields.code } : {}),
        ...(typeof fields.errcode === 'number' ? { errcode: fields.errcode } : {}),
        ...(typeof fields.errstr === 'string' ? { errstr: fields.errstr } : {}),
    };
}
if (!process.send)
    throw new Error('the SQLite worker runs as a child process with an IPC channel (child_process.fork)');
const send = process.send.bind(process);
endWhenOrphaned();
process.on('message', (request) => {
    let reply;
    try {
        reply = handle(request);
    }
    catch (error) {
        if (request.op === 'iterate')
            iterators.delete(request.id);
        if (request.op === 'next')
            iterators.delete(request.iterator);
        reply = { id: request.id, ok: false, error: plain(error) };
    }
    // A channel closed under the reply means the parent is gone: 'disconnect' ends the process.
    send(reply, undefined, undefined, () => undefined);
});
//# sourceMappingURL=worker-main.js.map

/***/ })

};
