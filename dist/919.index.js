export const id = 919;
export const ids = [919];
export const modules = {

/***/ 57690:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   SD: () => (/* binding */ driverMessage),
/* harmony export */   Z3: () => (/* binding */ wrapDriverError),
/* harmony export */   ci: () => (/* binding */ addressOf)
/* harmony export */ });
/* harmony import */ var _shared_errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(80604);
/* harmony import */ var _shared_redact_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(23326);
/* harmony import */ var _link_errors_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(52933);
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
    if (error instanceof _shared_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .DatacompareError */ .Ov)
        return error;
    const message = (0,_shared_redact_js__WEBPACK_IMPORTED_MODULE_1__/* .redact */ .E$)(driverMessage(error));
    const code = info.code ? ` [${info.code}]` : '';
    const link = context.tls && !context.signal?.aborted ? (0,_link_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .linkFailure */ .RA)(error, context.tls) : undefined;
    if (link) {
        const at = context.address ? ` at ${context.address}` : '';
        return new _shared_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ConnectionError */ .Rc(`The connection to data source "${context.datasourceName}"${at} failed: ${link.what} (${message}${code}).`, { cause: error, hint: link.hint });
    }
    if (info.category === 'timeout') {
        const limit = context.statementTimeoutMs ? ` (${formatSeconds(context.statementTimeoutMs)})` : '';
        return new _shared_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .TimeoutError */ .MU(`A query on data source "${context.datasourceName}" ran longer than the query time limit${limit} and was stopped.`, {
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
        return new _shared_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .QueryError */ .lr(`A query on data source "${context.datasourceName}" tried to write, and was refused: ${message}${code}`, options);
    }
    if (info.category === 'cancelled' || context.signal?.aborted) {
        return new _shared_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .CancelledError */ .cc(`The query on data source "${context.datasourceName}" was cancelled.`, { cause: error });
    }
    if (info.category === 'connection') {
        const at = context.address ? ` at ${context.address}` : '';
        return new _shared_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ConnectionError */ .Rc(`Could not connect to data source "${context.datasourceName}"${at}: ${message}${code}`, {
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
    return new _shared_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .QueryError */ .lr(`Data source "${context.datasourceName}" rejected a query: ${message}${code}`, options);
}
function formatSeconds(ms) {
    return ms < 120_000 ? `${Number((ms / 1000).toFixed(1))} s` : `${Number((ms / 60_000).toFixed(1))} min`;
}
/** `host:port` of a database URL, for messages (never its user or password); undefined when it is not a URL. */
function addressOf(url, defaultPort) {
    try {
        const parsed = new URL(url);
        if (!parsed.hostname)
            return undefined;
        return `${parsed.hostname}:${parsed.port || defaultPort}`;
    }
    catch {
        return undefined;
    }
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

/***/ 41919:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  sqliteDialect: () => (/* binding */ sqliteDialect)
});

// EXTERNAL MODULE: ./build/src/sql/type-family.js
var type_family = __webpack_require__(96753);
;// CONCATENATED MODULE: ./build/src/dialects/sqlite/catalog.js
/** SQLite's catalog: sqlite_schema joined to pragma_table_info, SQLite's own tables left out. */
const SQLITE_CATALOG_QUERY = `SELECT m.name AS dataset, m.type AS table_kind, p.name AS column_name, p.type AS data_type
FROM sqlite_schema AS m JOIN pragma_table_info(m.name) AS p
WHERE m.type IN ('table', 'view') AND m.name NOT LIKE 'sqlite\\_%' ESCAPE '\\'
ORDER BY m.name, p.cid`;
//# sourceMappingURL=catalog.js.map
// EXTERNAL MODULE: ./build/src/sql/compiler.js
var compiler = __webpack_require__(57065);
;// CONCATENATED MODULE: ./build/src/dialects/sqlite/compiler.js
/**
 * SQLite SQL. SQLite has no date types, no md5 and an ASCII-only lower(): the SQLite connection
 * registers JavaScript functions (see functions.ts) that apply the same canonical rules as the SQL
 * of the other engines (src/sql/canonical.ts).
 */

class SqliteCompiler extends compiler/* BaseSqlCompiler */.Jm {
    dialect = 'sqlite';
    jsonCollections = true;
    integerText(expr) {
        return `CAST(${expr} AS TEXT)`;
    }
    decimalText(expr, scale) {
        return `dc_decimal(${expr}, ${scale ?? -1})`;
    }
    floatText(expr) {
        return `dc_float(${expr})`;
    }
    singleFloatText(expr) {
        return `dc_float32(${expr})`;
    }
    /**
     * SQLite has no boolean type: a BOOLEAN column holds 1/0, or the text a dump wrote ('t', 'true',
     * 'f'...), which SQLite's own truth test reads as false. dc_boolean reads each spelling.
     */
    booleanText(expr) {
        return `dc_boolean(${expr})`;
    }
    dateText(expr) {
        return `substr(dc_timestamp(${expr}), 1, 10)`;
    }
    timestampText(expr, _withTimeZone) {
        return `dc_timestamp(${expr})`;
    }
    timeText(expr) {
        return `dc_time(${expr})`;
    }
    textText(expr) {
        return `CAST(${expr} AS TEXT)`;
    }
    lowerText(expr) {
        return `dc_lower(${expr})`;
    }
    jsonText(expr) {
        return `dc_json(${expr})`;
    }
    /** SQLite has no collection type: a column paired with one holds a JSON array, read by dc_collection (collection.ts). */
    collectionText(expr, column, options) {
        const member = this.memberOf(column, options);
        const o = member.options;
        const args = [column.family === 'set' ? 1 : 0, this.stringLiteral(member.column.family), o.caseSensitive ? 1 : 0, o.scale ?? -1, o.precision ?? 6, o.singlePrecision ? 1 : 0];
        return `dc_collection(${expr}, ${args.join(', ')})`;
    }
    bytesText(expr) {
        // hex(NULL) is '' in SQLite: keep NULL apart from an empty blob.
        return `CASE WHEN ${expr} IS NULL THEN NULL ELSE lower(hex(${expr})) END`;
    }
    binaryText(expr) {
        return `(${expr}) COLLATE BINARY`;
    }
    textToNumber(expr) {
        return `CAST(${expr} AS REAL)`;
    }
    /** SQLite's arithmetic is binary floating point; dc_within compares the decimal texts exactly. */
    withinTolerance(a, b, tolerance) {
        return `dc_within(${a}, ${b}, ${this.stringLiteral(String(tolerance))}) = 1`;
    }
    charLength(expr) {
        return `length(${expr})`;
    }
    md5AsInteger(expr) {
        return `dc_md5_int(${expr})`;
    }
}
const sqliteCompiler = new SqliteCompiler();
//# sourceMappingURL=compiler.js.map
// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(73024);
// EXTERNAL MODULE: external "node:sqlite"
var external_node_sqlite_ = __webpack_require__(80099);
// EXTERNAL MODULE: ./build/src/dialects/errors.js
var errors = __webpack_require__(57690);
// EXTERNAL MODULE: ./build/src/shared/errors.js
var shared_errors = __webpack_require__(80604);
// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __webpack_require__(77598);
// EXTERNAL MODULE: ./build/src/sql/collection.js
var collection = __webpack_require__(81776);
// EXTERNAL MODULE: ./build/src/sql/canonical.js
var canonical = __webpack_require__(67632);
;// CONCATENATED MODULE: ./build/src/dialects/sqlite/functions.js
/** The JavaScript functions every SQLite connection registers, implementing the canonical rules. */



function registerCanonicalFunctions(db) {
    const options = { deterministic: true, varargs: false };
    db.function('dc_decimal', options, (value, scale) => value === null ? null : (0,canonical/* canonicalDecimal */.st)(toScalar(value), Number(scale) < 0 ? undefined : Number(scale)));
    db.function('dc_float', options, (value) => (value === null ? null : (0,canonical/* canonicalFloat */.N8)(toScalar(value))));
    db.function('dc_boolean', options, (value) => (value === null ? null : (0,canonical/* canonicalBoolean */.xj)(toScalar(value))));
    db.function('dc_float32', options, (value) => (value === null ? null : (0,canonical/* canonicalFloat */.N8)(toScalar(value), true)));
    db.function('dc_timestamp', options, (value) => (value === null ? null : (0,canonical/* canonicalTimestamp */.DI)(toScalar(value))));
    db.function('dc_time', options, (value) => {
        if (value === null)
            return null;
        const match = /^(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?$/.exec(String(toScalar(value)).trim());
        if (!match)
            return String(toScalar(value));
        return `${match[1]}:${match[2]}:${match[3] ?? '00'}.${(match[4] ?? '').slice(0, 6).padEnd(6, '0')}`;
    });
    db.function('dc_lower', options, (value) => (value === null ? null : (0,canonical/* canonicalLower */.GT)(String(toScalar(value)))));
    db.function('dc_json', options, (value) => (value === null ? null : (0,canonical/* canonicalJson */.dj)(toScalar(value))));
    db.function('dc_collection', { deterministic: true, varargs: true }, (value, ...args) => {
        if (value === null)
            return null;
        const [set, , caseSensitive, scale, precision, single] = args.map(Number);
        const options = { caseSensitive: caseSensitive === 1, precision, singlePrecision: single === 1, ...(Number(scale) >= 0 && { scale }) };
        return (0,collection/* canonicalCollection */.Ji)(toScalar(value), { set: set === 1, member: String(args[1]), options });
    });
    db.function('dc_within', options, (a, b, tolerance) => (0,canonical/* withinTolerance */.p4)(a === null ? null : String(toScalar(a)), b === null ? null : String(toScalar(b)), Number(tolerance)) ? 1 : 0);
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
const DESCRIBING_PRAGMAS = new Set(['table_info', 'table_xinfo', 'index_list', 'index_info', 'index_xinfo', 'foreign_key_list']);
const AUTHORIZATION_DENIED = /not authorized/i;
function authorizeReadsOnly(db) {
    // Node 22 has no setAuthorizer: the file is still opened read-only (ATTACHed ones too) with one statement
    // per query, so nothing is written; only the in-memory temp schema stays writable there.
    if (typeof db.setAuthorizer !== 'function')
        return;
    db.setAuthorizer((action, first) => {
        switch (action) {
            case external_node_sqlite_.constants.SQLITE_READ:
            case external_node_sqlite_.constants.SQLITE_SELECT:
            case external_node_sqlite_.constants.SQLITE_RECURSIVE:
                return external_node_sqlite_.constants.SQLITE_OK;
            case external_node_sqlite_.constants.SQLITE_FUNCTION:
                return DENIED_FUNCTIONS.has(String(first).toLowerCase()) ? external_node_sqlite_.constants.SQLITE_DENY : external_node_sqlite_.constants.SQLITE_OK;
            case external_node_sqlite_.constants.SQLITE_PRAGMA:
                return DESCRIBING_PRAGMAS.has(String(first).toLowerCase()) ? external_node_sqlite_.constants.SQLITE_OK : external_node_sqlite_.constants.SQLITE_DENY;
            default:
                return external_node_sqlite_.constants.SQLITE_DENY;
        }
    });
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
;// CONCATENATED MODULE: ./build/src/dialects/sqlite/connection.js
/** A lazily opened node:sqlite database with our canonical functions registered. */









class SqliteConnection {
    path;
    options;
    dialect = 'sqlite';
    compiler = sqliteCompiler;
    db;
    closed = false;
    constructor(path, options) {
        this.path = path;
        this.options = options;
    }
    open() {
        if (this.closed)
            throw new shared_errors/* ConnectionError */.Rc(`The connection to data source "${this.options.datasourceName}" is closed.`);
        if (!this.db) {
            try {
                // A file that does not exist is an error (a typo would otherwise compare two empty new databases).
                if (this.path !== ':memory:' && !(0,external_node_fs_.existsSync)(this.path)) {
                    throw new shared_errors/* ConnectionError */.Rc(`The SQLite database file of data source "${this.options.datasourceName}" does not exist: ${this.path}`, {
                        hint: 'Check `path:` in the spec; it is relative to the directory datacompare runs in.',
                    });
                }
                // Read-only: the file cannot be written, and the authorizer refuses all but reading.
                const db = new external_node_sqlite_.DatabaseSync(this.path, { enableForeignKeyConstraints: false, readOnly: true });
                registerCanonicalFunctions(db);
                authorizeReadsOnly(db);
                this.db = db;
            }
            catch (error) {
                throw (0,errors/* wrapDriverError */.Z3)(error, { category: 'connection', code: codeOf(error) }, { datasourceName: this.options.datasourceName });
            }
        }
        return this.db;
    }
    /** The underlying database, for tests and the demo that build data through the same connection. */
    database() {
        return this.open();
    }
    prepare(sql, options) {
        options?.signal?.throwIfAborted();
        try {
            const statement = this.open().prepare(sql);
            const rest = trailingStatement(sql, statement.sourceSQL);
            if (rest !== undefined) {
                throw new shared_errors/* QueryError */.lr(`Data source "${this.options.datasourceName}" was sent more than one statement; datacompare runs one statement at a time and refused it.`, {
                    sql,
                    hint: `Remove the ";" and what follows it (\`${rest.slice(0, 60)}\`): a filter is one condition and a query one SELECT.`,
                });
            }
            statement.setReadBigInts(false);
            return statement;
        }
        catch (error) {
            throw this.wrap(error, sql, options);
        }
    }
    wrap(error, sql, options, category = categoryOf(error)) {
        return (0,errors/* wrapDriverError */.Z3)(error, { category, code: codeOf(error) }, { datasourceName: this.options.datasourceName, sql, signal: options?.signal, statementTimeoutMs: this.options.statementTimeoutMs });
    }
    async query(sql, params = [], options) {
        const statement = this.prepare(sql, options);
        try {
            return statement.all(...params);
        }
        catch (error) {
            throw this.wrap(error, sql, options);
        }
    }
    async *stream(sql, params = [], options) {
        const statement = this.prepare(sql, options);
        // SQLite runs inside this process and cannot be interrupted mid-step: the time limit is checked between rows.
        const timeoutMs = this.options.statementTimeoutMs;
        const deadline = timeoutMs ? Date.now() + timeoutMs : Infinity;
        let iterator;
        try {
            iterator = statement.iterate(...params);
        }
        catch (error) {
            throw this.wrap(error, sql, options);
        }
        try {
            let count = 0;
            for (;;) {
                let next;
                try {
                    next = iterator.next();
                }
                catch (error) {
                    throw this.wrap(error, sql, options);
                }
                if (next.done)
                    return;
                yield next.value;
                // Let timers and the AbortSignal run now and then: SQLite itself is synchronous.
                if (++count % 5000 === 0)
                    await new Promise((resolve) => setImmediate(resolve));
                if (options?.signal?.aborted)
                    throw this.wrap(options.signal.reason, sql, options);
                if (count % 256 === 0 && Date.now() > deadline)
                    throw this.wrap(new Error('statement timeout'), sql, options, 'timeout');
            }
        }
        finally {
            iterator.return?.();
        }
    }
    async describeTable(table, options) {
        const parts = (0,compiler/* splitQualifiedName */.yU)(table);
        const name = parts.at(-1) ?? table;
        const schema = parts.length > 1 ? `${this.compiler.quoteIdentifier(parts[0] ?? 'main')}.` : '';
        const rows = await this.query(`PRAGMA ${schema}table_info(${this.compiler.stringLiteral(name)})`, [], options);
        const columns = rows.map((row) => (0,type_family/* columnTypeOf */.gy)(String(row.name), String(row.type ?? '')));
        const primaryKey = rows
            .filter((row) => Number(row.pk) > 0)
            .sort((a, b) => Number(a.pk) - Number(b.pk))
            .map((row) => String(row.name));
        return { columns, primaryKey };
    }
    async describeQuery(sql, options) {
        const statement = this.prepare(sql, options);
        const columns = statement.columns().map((column) => {
            const type = column.type ?? '';
            // An expression has no declared type: look at the first row's value.
            return (0,type_family/* columnTypeOf */.gy)(column.name, type);
        });
        if (columns.some((c) => c.family === 'unknown' && c.type === '')) {
            const first = this.prepare(`SELECT * FROM (${sql}) LIMIT 1`, options).get();
            for (const column of columns) {
                if (column.type !== '' || !first)
                    continue;
                const value = first[column.name];
                const guessed = typeof value === 'number' ? (Number.isInteger(value) ? 'integer' : 'real') : typeof value === 'bigint' ? 'integer' : value instanceof Uint8Array ? 'blob' : 'text';
                Object.assign(column, (0,type_family/* columnTypeOf */.gy)(column.name, guessed), { type: '' });
            }
        }
        return { columns, primaryKey: [] };
    }
    async serverVersion() {
        const [row] = await this.query('SELECT sqlite_version() AS v');
        return `SQLite ${String(row?.v)}`;
    }
    async close() {
        this.closed = true;
        const db = this.db;
        this.db = undefined;
        if (db?.isOpen)
            db.close();
    }
}
function codeOf(error) {
    const code = error?.code;
    return typeof code === 'string' ? code : undefined;
}
function categoryOf(error) {
    const message = error instanceof Error ? error.message : String(error);
    if (/no such table/i.test(message))
        return 'missing-table';
    if (/no such column/i.test(message))
        return 'missing-column';
    if (/syntax error|incomplete input/i.test(message))
        return 'syntax';
    if (/unable to open|not a database/i.test(message))
        return 'connection';
    if (AUTHORIZATION_DENIED.test(message) || /readonly database/i.test(message))
        return 'read-only';
    if (error instanceof Error && error.name === 'AbortError')
        return 'cancelled';
    return 'other';
}
//# sourceMappingURL=connection.js.map
;// CONCATENATED MODULE: ./build/src/dialects/sqlite/dialect.js
/**
 * SQLite through Node's built-in `node:sqlite` (no native addon): `path` is a file or `:memory:`.
 * One DatabaseSync per data source (SQLite has no server to pool against); reads stream with
 * `iterate()` and stop between rows when the AbortSignal fires.
 */




const sqliteDialect = {
    name: 'sqlite',
    compiler: sqliteCompiler,
    typeOf: (name, typeName) => (0,type_family/* columnTypeOf */.gy)(name, typeName),
    catalogQuery: SQLITE_CATALOG_QUERY,
    connect(config, options) {
        if (config.type !== 'sqlite')
            throw new TypeError(`sqlite dialect given a ${config.type} connection`);
        return new SqliteConnection(config.path, options);
    },
};
//# sourceMappingURL=dialect.js.map

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
