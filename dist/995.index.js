export const id = 995;
export const ids = [995];
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
            hint: context.statementTimeoutHint ?? 'Raise query_timeout_seconds in the spec (or --query-timeout), or make the filter or query cheaper.',
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

/***/ 40265:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   b: () => (/* binding */ primaryKeyOf)
/* harmony export */ });
/** The primary key's columns in key order, from catalog rows holding `name` and `key_position` (NULL outside the key). */
function primaryKeyOf(rows) {
    return rows
        .filter((row) => row.key_position !== null && row.key_position !== undefined)
        .sort((a, b) => Number(a.key_position) - Number(b.key_position))
        .map((row) => String(row.name));
}
//# sourceMappingURL=primary-key.js.map

/***/ }),

/***/ 8460:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   T: () => (/* binding */ stopQuery)
/* harmony export */ });
/** Stopping an aborted query on a server whose cancel may come before the query has started. */
/** Sends `cancel` up to 3 times while the query has not `settled` (waiting 0.2 s, then 1 s, between tries). */
async function stopQuery(cancel, settled, isDone) {
    for (const waitMs of [200, 1000, 1000]) {
        if (isDone())
            return;
        await cancel();
        let timer;
        await Promise.race([settled, new Promise((resolve) => (timer = setTimeout(resolve, waitMs)))]);
        clearTimeout(timer);
    }
}
//# sourceMappingURL=stop-query.js.map

/***/ }),

/***/ 858:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   C: () => (/* binding */ readTlsFile)
/* harmony export */ });
/* unused harmony export TLS_FILE_LIMIT_BYTES */
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(73024);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(51455);
/* harmony import */ var _shared_errors_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(80604);
/**
 * Certificate and key files named in a connection URL (`sslrootcert`, `ssl-ca`…), read the safe way:
 * asynchronously (a FIFO or a slow disk never holds the event loop), only when they are regular files
 * (never /dev/zero or a pipe), and at most 1 MiB. Errors name the setting and the file, never a
 * secret.
 */



/** Far above any certificate bundle (Mozilla's whole root store is about 220 kB). */
const TLS_FILE_LIMIT_BYTES = 1024 * 1024;
async function readTlsFile(file, setting, datasourceName) {
    const where = `${setting}=${file} in the url of data source "${datasourceName}"`;
    let handle;
    try {
        // O_NONBLOCK: opening a FIFO without a writer returns at once instead of waiting for one.
        handle = await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_1__.open)(file, node_fs__WEBPACK_IMPORTED_MODULE_0__.constants.O_RDONLY | node_fs__WEBPACK_IMPORTED_MODULE_0__.constants.O_NONBLOCK);
    }
    catch (error) {
        const code = error.code ?? 'error';
        throw new _shared_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .ConfigurationError */ .j1(`Cannot read ${where} (${code}).`, {
            hint: `Point ${setting} at a PEM file that exists and that this process may read.`,
        });
    }
    try {
        const stat = await handle.stat();
        if (!stat.isFile()) {
            throw new _shared_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .ConfigurationError */ .j1(`${where} is not a regular file.`, { hint: `Point ${setting} at a PEM file.` });
        }
        if (stat.size > TLS_FILE_LIMIT_BYTES) {
            throw new _shared_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .ConfigurationError */ .j1(`${where} is ${stat.size} bytes, more than a certificate file can be (${TLS_FILE_LIMIT_BYTES} bytes at most).`, {
                hint: `Point ${setting} at the PEM certificate (or key) itself.`,
            });
        }
        return await handle.readFile();
    }
    finally {
        await handle.close();
    }
}
//# sourceMappingURL=tls-files.js.map

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
