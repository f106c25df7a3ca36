export const id = 544;
export const ids = [544];
export const modules = {

/***/ 57690:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   SD: () => (/* binding */ driverMessage),
/* harmony export */   Z3: () => (/* binding */ wrapDriverError),
/* harmony export */   ci: () => (/* binding */ addressOf)
/* harmony export */ });
/* harmony import */ var _shared_connection_url_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(53655);
/* harmony import */ var _shared_errors_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(80604);
/* harmony import */ var _shared_redact_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(23326);
/* harmony import */ var _link_errors_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(52933);
/**
 * Turning driver errors into our typed errors, the same way for every dialect: the driver's error
 * stays as `cause` (with its code and detail), the SQL is kept on QueryError (it never contains
 * secrets: values are bound or are the user's own filter text), and the message names the data
 * source, never its URL.
 */




function driverMessage(error) {
    if (error instanceof Error)
        return error.message;
    return String(error);
}
/** Wraps a driver error raised while running `sql` on the data source `datasourceName`. */
function wrapDriverError(error, info, context) {
    if (error instanceof _shared_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .DatacompareError */ .Ov)
        return error;
    const message = (0,_shared_redact_js__WEBPACK_IMPORTED_MODULE_2__/* .redact */ .E$)(driverMessage(error));
    const code = info.code ? ` [${info.code}]` : '';
    const link = context.tls && !context.signal?.aborted ? (0,_link_errors_js__WEBPACK_IMPORTED_MODULE_3__/* .linkFailure */ .RA)(error, context.tls) : undefined;
    if (link) {
        const at = context.address ? ` at ${context.address}` : '';
        return new _shared_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .ConnectionError */ .Rc(`The connection to data source "${context.datasourceName}"${at} failed: ${link.what} (${message}${code}).`, { cause: error, hint: link.hint });
    }
    if (info.category === 'timeout') {
        const limit = context.statementTimeoutMs ? ` (${formatSeconds(context.statementTimeoutMs)})` : '';
        return new _shared_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .TimeoutError */ .MU(`A query on data source "${context.datasourceName}" ran longer than the query time limit${limit} and was stopped.`, {
            cause: error,
            hint: 'Raise query_timeout_seconds in the spec (or --query-timeout), or make the filter or query cheaper.',
        });
    }
    if (info.category === 'read-only') {
        const options = {
            cause: error,
            hint: 'A filter or query may only read: datacompare runs every statement read-only. Remove whatever writes (INSERT, UPDATE, DELETE, DDL, nextval, set_config…).',
        };
        if (context.sql !== undefined)
            options.sql = context.sql;
        return new _shared_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .QueryError */ .lr(`A query on data source "${context.datasourceName}" tried to write, and was refused: ${message}${code}`, options);
    }
    if (info.category === 'cancelled' || context.signal?.aborted) {
        return new _shared_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .CancelledError */ .cc(`The query on data source "${context.datasourceName}" was cancelled.`, { cause: error });
    }
    if (info.category === 'connection') {
        const at = context.address ? ` at ${context.address}` : '';
        return new _shared_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .ConnectionError */ .Rc(`Could not connect to data source "${context.datasourceName}"${at}: ${message}${code}`, {
            cause: error,
            hint: `Check that the database${at} is reachable from here and that the url of data source "${context.datasourceName}" in the spec (or its \${VAR}s: host, port, user, password) is right.`,
        });
    }
    const hints = {
        'missing-table': `Check the table name (schema.table) and that it exists in data source "${context.datasourceName}".`,
        'missing-column': 'Check the column names in the spec, the filter and the query.',
        syntax: 'Check the SQL of the filter or query in the spec.',
        connection: undefined,
        cancelled: undefined,
        timeout: undefined,
        'read-only': undefined,
        other: undefined,
    };
    const options = { cause: error };
    if (context.sql !== undefined)
        options.sql = context.sql;
    const hint = hints[info.category];
    if (hint !== undefined)
        options.hint = hint;
    return new _shared_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .QueryError */ .lr(`Data source "${context.datasourceName}" rejected a query: ${message}${code}`, options);
}
function formatSeconds(ms) {
    return ms < 120_000 ? `${Number((ms / 1000).toFixed(1))} s` : `${Number((ms / 60_000).toFixed(1))} min`;
}
/**
 * `host:port` of a database URL, for messages (never its user or password); undefined when it is not
 * a URL, or not one that reads one way (its "host" may then be a piece of the password).
 */
function addressOf(url, defaultPort) {
    if ((0,_shared_connection_url_js__WEBPACK_IMPORTED_MODULE_0__/* .connectionUrlProblem */ .R4)(url))
        return undefined;
    const parsed = new URL(url);
    if (!parsed.hostname)
        return undefined;
    return `${parsed.hostname}:${parsed.port || defaultPort}`;
}
//# sourceMappingURL=errors.js.map

/***/ }),

/***/ 52933:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Ei: () => (/* binding */ POSTGRES_TLS_WORDS),
/* harmony export */   RA: () => (/* binding */ linkFailure),
/* harmony export */   V_: () => (/* binding */ MYSQL_TLS_WORDS)
/* harmony export */ });
/**
 * Failures of the link to a database server rather than of a query: TLS (an untrusted or mismatched
 * certificate, a server without TLS when TLS was asked for) and connections the server closed or
 * reset. They are connection errors, with a hint naming the URL setting that fixes them, never
 * "check the table".
 */
const POSTGRES_TLS_WORDS = { mode: 'sslmode', ca: 'sslrootcert', encryptOnly: 'require', verifyCa: 'verify-ca' };
const MYSQL_TLS_WORDS = { mode: 'ssl-mode', ca: 'ssl-ca', encryptOnly: 'REQUIRED', verifyCa: 'VERIFY_CA' };
const UNTRUSTED = new Set([
    'SELF_SIGNED_CERT_IN_CHAIN',
    'DEPTH_ZERO_SELF_SIGNED_CERT',
    'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
    'UNABLE_TO_GET_ISSUER_CERT',
    'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
    'CERT_UNTRUSTED',
    'CERT_SIGNATURE_FAILURE',
]);
const OUT_OF_DATE = new Set(['CERT_HAS_EXPIRED', 'CERT_NOT_YET_VALID']);
/** Node's (OpenSSL's) messages for the certificate errors, by the code they come with. */
const TLS_MESSAGES = [
    [/^self[- ]signed certificate in certificate chain/i, 'SELF_SIGNED_CERT_IN_CHAIN'],
    [/^self[- ]signed certificate/i, 'DEPTH_ZERO_SELF_SIGNED_CERT'],
    [/^unable to verify the first certificate/i, 'UNABLE_TO_VERIFY_LEAF_SIGNATURE'],
    [/^unable to get (local )?issuer certificate/i, 'UNABLE_TO_GET_ISSUER_CERT_LOCALLY'],
    [/^Hostname\/IP does not match certificate's altnames/i, 'ERR_TLS_CERT_ALTNAME_INVALID'],
    [/^certificate has expired/i, 'CERT_HAS_EXPIRED'],
    [/^certificate is not yet valid/i, 'CERT_NOT_YET_VALID'],
];
function tlsCodeOfMessage(message) {
    return TLS_MESSAGES.find(([pattern]) => pattern.test(message))?.[1];
}
const LOST = new Set(['ECONNRESET', 'EPIPE', 'PROTOCOL_CONNECTION_LOST']);
/** The link failure `error` is, or undefined when it is something else (a query's error, say). */
function linkFailure(error, words) {
    const message = error instanceof Error ? error.message : String(error);
    const given = String(error?.code ?? '');
    // mysql2 replaces the TLS error's own code with its HANDSHAKE_SSL_ERROR: read it back from Node's message.
    const code = given === 'HANDSHAKE_SSL_ERROR' ? (tlsCodeOfMessage(message) ?? 'ERR_TLS_HANDSHAKE') : given;
    const tlsSettings = `${words.mode}=${words.encryptOnly} encrypts without checking the certificate`;
    if (UNTRUSTED.has(code)) {
        return {
            what: "the server's TLS certificate is not signed by a certificate authority this process trusts",
            hint: `Download your provider's CA certificate bundle and add ${words.ca}=/path/to/ca.pem to the url (or set NODE_EXTRA_CA_CERTS); ${tlsSettings}.`,
        };
    }
    if (code === 'ERR_TLS_CERT_ALTNAME_INVALID') {
        return {
            what: "the host name in the url is not one the server's TLS certificate names",
            hint: `Connect with the host name the certificate was issued for, or use ${words.mode}=${words.verifyCa} to check the certificate without the host name.`,
        };
    }
    if (OUT_OF_DATE.has(code)) {
        return { what: "the server's TLS certificate is out of date", hint: "Renew the server's certificate, or check this machine's clock." };
    }
    if (code === 'HANDSHAKE_NO_SSL_SUPPORT' || message === 'The server does not support SSL connections') {
        return {
            what: `the url asks for TLS (${words.mode}) and the server does not offer it`,
            hint: `Enable TLS on the server, or set ${words.mode} to a mode that allows plain text if the network is trusted.`,
        };
    }
    if (/SSL off|, no encryption$|requires? (a )?secure transport|--require[_-]secure[_-]transport/i.test(message)) {
        return { what: 'the server accepts this connection only over TLS', hint: `Add ${words.mode}=${words.encryptOnly} (or stricter) to the url.` };
    }
    if (/^ERR_SSL_|^ERR_TLS_/.test(code) || /error establishing an SSL connection/i.test(message)) {
        return { what: 'the TLS handshake with the server failed', hint: `Check the server's TLS setup and the url's ${words.mode}, ${words.ca} and client certificate settings.` };
    }
    if (LOST.has(code) || /Connection terminated unexpectedly|Connection lost|socket hang up/i.test(message)) {
        return {
            what: 'the server closed the connection',
            hint: 'Check that the host and port are those of the database (not another service) and its logs; a proxy, a connection limit or a TLS requirement can close connections.',
        };
    }
    return undefined;
}
//# sourceMappingURL=link-errors.js.map

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

/***/ }),

/***/ 96753:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Qx: () => (/* binding */ commonFamily),
/* harmony export */   We: () => (/* binding */ isNumericFamily),
/* harmony export */   dg: () => (/* binding */ isCollectionFamily),
/* harmony export */   gy: () => (/* binding */ columnTypeOf)
/* harmony export */ });
const RULES = [
    [/^(bool|boolean)$/, 'boolean'],
    [/^(tinyint|smallint|mediumint|int|integer|bigint|int2|int4|int8|serial|bigserial|smallserial|year)\b/, 'integer'],
    [/^(numeric|decimal|dec|fixed|money|number)\b/, 'decimal'],
    [/^(real|float|float4|float8|double|double precision)\b/, 'float'],
    [/^(timestamptz|timestamp(\s*\(\d+\))?\s+with time zone)$/, 'timestamptz'],
    [/^(timestamp|datetime)\b/, 'timestamp'],
    [/^date$/, 'date'],
    [/^(time|timetz)\b/, 'time'],
    [/^uuid$/, 'uuid'],
    [/^(json|jsonb)$/, 'json'],
    [/^(bytea|blob|tinyblob|mediumblob|longblob|binary|varbinary)\b/, 'bytes'],
    [/^(text|tinytext|mediumtext|longtext|char|character|varchar|character varying|nchar|nvarchar|varchar2|clob|string|citext|name|bpchar|enum|set)\b/, 'text'],
];
/** The family of a type name (case-insensitive), with scale / fractional precision when declared. */
function columnTypeOf(name, typeName, overrides = [], 
/** Float type names that are 4-byte floats in this engine (PostgreSQL `real`, MySQL `float`; SQLite has none). */
singleFloat) {
    const type = typeName.trim();
    const lower = type.toLowerCase().replace(/\s+/g, ' ');
    // PostgreSQL `text[]`, `integer[][]`, DuckDB `VARCHAR[]`, `INTEGER[3]`: a list of the base type.
    const array = /^(.*?)((?:\s*\[\d*\])+)$/.exec(type);
    if (array?.[1] && !overrides.some(([pattern, family]) => family !== 'list' && pattern.test(lower))) {
        return { name, type, family: 'list', element: columnTypeOf(name, array[1], overrides, singleFloat) };
    }
    const set = /^set\s*\((.*)\)$/is.exec(type);
    if (set?.[1] !== undefined) {
        const members = setMembers(set[1]);
        if (members)
            return { name, type, family: 'set', members };
    }
    // A query's SET column (MySQL/MariaDB metadata say SET, not which members): read from its text.
    if (/^set$/i.test(type))
        return { name, type, family: 'set' };
    const family = [...overrides, ...RULES].find(([pattern]) => pattern.test(lower))?.[1] ?? 'unknown';
    const column = { name, type, family };
    const args = /\(\s*(\d+)\s*(?:,\s*(\d+)\s*)?\)/.exec(lower);
    if (family === 'decimal') {
        if (args?.[2] !== undefined)
            column.scale = Number(args[2]);
        else if (args?.[1] !== undefined)
            column.scale = 0; // numeric(p) has scale 0
    }
    else if ((family === 'timestamp' || family === 'timestamptz' || family === 'time') && args?.[1] !== undefined) {
        column.precision = Number(args[1]);
    }
    else if (family === 'float' && singleFloat?.test(lower)) {
        column.singlePrecision = true;
    }
    return column;
}
/** The members of a SET's declaration (`'a','it''s'` → a, it's); undefined when it does not read as one. */
function setMembers(list) {
    const members = [];
    const pattern = /\s*'((?:[^'\\]|''|\\.)*)'\s*(,|$)/gy;
    let match;
    while ((match = pattern.exec(list)) !== null) {
        members.push((match[1] ?? '').replaceAll("''", "'").replace(/\\(.)/g, '$1'));
        if (match[2] === '')
            return pattern.lastIndex >= list.length ? members : undefined;
    }
    return undefined;
}
/** True for the families of collections (`list`, `set`). */
function isCollectionFamily(family) {
    return family === 'list' || family === 'set';
}
/**
 * The family two paired columns are compared as: equal families stay; integer with decimal is
 * decimal; integer or decimal with float is float; timestamp with timestamptz is timestamp (both read
 * as UTC wall time); a SET with a list or JSON is a set, a list with JSON a list. Anything else is a type difference, compared as text.
 */
function commonFamily(a, b) {
    if (a === b)
        return a;
    const pair = new Set([a, b]);
    const has = (x, y) => pair.has(x) && pair.has(y);
    if (has('integer', 'decimal'))
        return 'decimal';
    if (has('integer', 'float') || has('decimal', 'float'))
        return 'float';
    if (has('timestamp', 'timestamptz'))
        return 'timestamp';
    if (has('integer', 'boolean'))
        return 'boolean';
    if (has('text', 'uuid'))
        return 'uuid';
    if (has('text', 'json'))
        return 'json';
    // A SET is unordered: paired with a list (or a JSON array) it compares as a set. A SET against
    // text compares as its own text (members joined by commas in declaration order).
    if (has('set', 'list') || has('set', 'json'))
        return 'set';
    if (has('list', 'json'))
        return 'list';
    if (has('set', 'text'))
        return 'text';
    return undefined;
}
/** Families whose values are numbers (tolerance applies). */
function isNumericFamily(family) {
    return family === 'integer' || family === 'decimal' || family === 'float';
}
//# sourceMappingURL=type-family.js.map

/***/ })

};
