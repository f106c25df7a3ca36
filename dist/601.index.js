export const id = 601;
export const ids = [601];
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

/***/ 40145:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   U: () => (/* binding */ sqliteCompiler)
/* harmony export */ });
/* unused harmony export SqliteCompiler */
/* harmony import */ var _sql_compiler_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(57065);
/**
 * SQLite SQL. SQLite has no date types, no md5 and an ASCII-only lower(): the SQLite connection
 * registers JavaScript functions (see functions.ts) that apply the same canonical rules as the SQL
 * of the other engines (src/sql/canonical.ts).
 */

class SqliteCompiler extends _sql_compiler_js__WEBPACK_IMPORTED_MODULE_0__/* .BaseSqlCompiler */ .Jm {
    dialect = 'sqlite';
    jsonCollections = true;
    /**
     * SQLite has FULL OUTER JOIN (3.39), but it neither flattens nor indexes a subquery on its right
     * side: the join scans the whole right side once per left row (20,000 rows: 37 s). The join diff
     * writes it as LEFT JOIN + UNION ALL + anti-join, whose subqueries SQLite flattens, so each row
     * is found through the right table's primary key (or the sides are grouped, see join-diff-sql.ts).
     */
    supportsFullOuterJoin = false;
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
    /**
     * The same storage class and the same value (bytes, for text and blobs) is the same stored value,
     * so the canonical texts, deterministic functions of it, are equal: the canonical functions
     * (JavaScript, the costly part) then run only for the rows that differ.
     */
    sameValue(a, b, _column) {
        return `(typeof(${a}) = typeof(${b}) AND ${a} IS ${b} COLLATE BINARY)`;
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

/***/ }),

/***/ 20601:
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
// EXTERNAL MODULE: ./build/src/dialects/sqlite/compiler.js
var compiler = __webpack_require__(40145);
// EXTERNAL MODULE: ./build/src/dialects/errors.js
var errors = __webpack_require__(57690);
// EXTERNAL MODULE: ./build/src/sql/compiler.js
var sql_compiler = __webpack_require__(57065);
// EXTERNAL MODULE: ./build/src/shared/errors.js
var shared_errors = __webpack_require__(80604);
// EXTERNAL MODULE: ./build/src/dialects/sqlite/read-only.js
var read_only = __webpack_require__(17999);
// EXTERNAL MODULE: external "node:child_process"
var external_node_child_process_ = __webpack_require__(31421);
;// CONCATENATED MODULE: ./build/src/dialects/sqlite/worker-process.js
/**
 * The SQLite worker processes: one per open SQLite connection, started with child_process.fork
 * (worker.ts; rows come back structured-cloned over the IPC channel), ended with SIGKILL.
 * node:sqlite has no interrupt and no progress handler, and a worker thread cannot be stopped inside
 * one long native step (an endless WITH RECURSIVE, a big sort): it ran on at 100 % of a core, and
 * held even process.exit(), until the step returned. A process is ended by the kernel wherever it
 * is: a stop takes milliseconds, and `ended` says when the process is gone (reaped). When this
 * process exits, every worker still running is killed; when it dies without exiting (SIGKILL), each
 * worker notices its parent is gone and ends itself (orphan-watch.ts).
 */

/** Every worker process not yet ended. */
const running = new Set();
process.on('exit', () => {
    for (const child of running)
        child.kill('SIGKILL');
});
/**
 * The worker's entry: the compiled `worker.js`, or from the TypeScript sources (tests) `worker.ts`.
 * ncc turns the `new URL('./worker.js', import.meta.url)` into the path of dist/worker.js (a string).
 */
function entry() {
    if (import.meta.url.endsWith('.ts')) {
        const source = './worker.ts';
        return new URL(source, import.meta.url);
    }
    return __webpack_require__.ab + "worker.js";
}
function startWorkerProcess() {
    const child = (0,external_node_child_process_.fork)(entry(), [], {
        // Structured clone: BigInt, Uint8Array and nested values as a worker thread's postMessage sent them.
        serialization: 'advanced',
        // Not the parent's flags (an --inspect port, --import hooks); Node 22 calls node:sqlite experimental.
        execArgv: ['--disable-warning=ExperimentalWarning'],
        // It never writes to stdout (the report may be there); a crash of Node itself shows on stderr.
        stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    running.add(child);
    const ended = new Promise((resolve) => {
        const gone = () => {
            running.delete(child);
            resolve();
        };
        child.once('exit', gone);
        // Not started at all (no 'exit' follows).
        child.once('error', () => child.pid === undefined && gone());
    });
    let killed = false;
    return {
        child,
        ended,
        kill: () => {
            if (killed || child.exitCode !== null || child.signalCode !== null)
                return;
            killed = true;
            // Held until it is gone (milliseconds), so whoever awaits `ended` sees it.
            child.ref();
            child.kill('SIGKILL');
        },
        hold: (held) => {
            if (killed)
                return;
            if (held) {
                child.ref();
                child.channel?.ref();
            }
            else {
                child.unref();
                child.channel?.unref();
            }
        },
    };
}
//# sourceMappingURL=worker-process.js.map
;// CONCATENATED MODULE: ./build/src/dialects/sqlite/connection.js
/**
 * A lazily opened SQLite database in a worker process (worker-process.ts, worker-main.ts):
 * node:sqlite is synchronous, so on the main thread a long query would block the event loop (the
 * service's HTTP server, timers, signals) until it finished. Here every statement runs in the
 * worker, rows come back in batches, and aborting, a time limit or close() kills the worker: the
 * statement stops with it, even inside one long native step, and close() settles once it is gone.
 */







/** Rows per message of a stream. */
const STREAM_BATCH = 2000;
class SqliteConnection {
    dialect = 'sqlite';
    compiler = compiler/* sqliteCompiler */.U;
    path;
    options;
    worker;
    /** Every worker this connection started that has not ended yet (a killed one is gone within milliseconds). */
    ending = new Set();
    opened;
    pending = new Map();
    nextId = 1;
    closed = false;
    constructor(path, options) {
        this.path = path;
        this.options = options;
    }
    /** Sends one request to the worker (started and the file opened on first use). */
    async send(request, sql, options) {
        options?.signal?.throwIfAborted();
        if (this.closed)
            throw new shared_errors/* ConnectionError */.Rc(`The connection to data source "${this.options.datasourceName}" is closed.`);
        const worker = this.start();
        await this.opened;
        return this.request(worker, request, sql, options);
    }
    start() {
        if (this.worker)
            return this.worker;
        const worker = startWorkerProcess();
        const name = this.options.datasourceName;
        worker.hold(false);
        this.ending.add(worker.ended);
        void worker.ended.then(() => this.ending.delete(worker.ended));
        worker.child.on('error', (error) => this.stop(worker, new shared_errors/* ConnectionError */.Rc(`The SQLite worker process of data source "${name}" failed: ${error.message}`, { cause: error })));
        worker.child.once('exit', (code, signal) => {
            this.stop(worker, new shared_errors/* ConnectionError */.Rc(`The SQLite worker process of data source "${name}" ended unexpectedly (${signal ?? `exit status ${code}`}).`));
        });
        worker.child.on('message', (reply) => {
            const waiting = this.pending.get(reply.id);
            if (!waiting)
                return;
            this.pending.delete(reply.id);
            if (reply.ok)
                waiting.resolve(reply);
            else
                waiting.reject(reply.error);
        });
        this.worker = worker;
        this.opened = this.request(worker, { op: 'open', path: this.path }, undefined).then(() => undefined, (error) => {
            if (error?.missingFile) {
                throw new shared_errors/* ConnectionError */.Rc(`The SQLite database file of data source "${name}" does not exist: ${this.path}`, {
                    hint: 'Check `path:` in the spec; it is relative to the directory datacompare runs in.',
                });
            }
            throw (0,errors/* wrapDriverError */.Z3)(toError(error), { category: 'connection', code: error?.code }, { datasourceName: name });
        });
        this.opened.catch(() => undefined);
        return worker;
    }
    /**
     * Kills the worker and fails what waits on it, at once: the event loop never waits for SQLite,
     * and the statement ends wherever it is (node:sqlite has no interrupt; a process is ended by the
     * kernel, even inside one long native step). The next query starts a new worker.
     */
    stop(worker, reason) {
        worker.kill();
        if (this.worker !== worker)
            return;
        this.worker = undefined;
        this.opened = undefined;
        for (const waiting of this.pending.values())
            waiting.reject(reason);
        this.pending.clear();
    }
    /** `deadline`: when the statement's time limit ends (a stream's later batches share the first's). */
    request(worker, request, sql, options, deadline = this.deadline(sql)) {
        const id = this.nextId++;
        const signal = options?.signal;
        const timeoutMs = deadline === undefined ? undefined : Math.max(1, deadline - Date.now());
        // The worker keeps this process alive only while something waits on it.
        if (this.pending.size === 0)
            worker.hold(true);
        return new Promise((resolve, reject) => {
            let timer;
            const onAbort = () => this.stop(worker, signal?.reason ?? new Error('aborted'));
            const done = () => {
                if (timer)
                    clearTimeout(timer);
                signal?.removeEventListener('abort', onAbort);
                if (this.pending.size === 0)
                    worker.hold(false);
            };
            this.pending.set(id, {
                resolve: (reply) => (done(), resolve(reply)),
                reject: (error) => (done(), reject(error)),
            });
            signal?.addEventListener('abort', onAbort, { once: true });
            if (timeoutMs)
                timer = setTimeout(() => this.stop(worker, new TimeoutSignal()), timeoutMs);
            // A worker that cannot be reached (its channel closed) is stopped: what waits on it fails.
            worker.child.send({ ...request, id }, (error) => {
                if (error)
                    this.stop(worker, new shared_errors/* ConnectionError */.Rc(`The SQLite worker process of data source "${this.options.datasourceName}" could not be reached: ${error.message}`, { cause: error }));
            });
        }).catch((error) => {
            if (sql === undefined)
                throw error;
            throw this.wrap(error, sql, options);
        });
    }
    deadline(sql) {
        const timeoutMs = this.options.statementTimeoutMs;
        return sql === undefined || !timeoutMs ? undefined : Date.now() + timeoutMs;
    }
    wrap(error, sql, options) {
        const plain = error;
        if (plain?.trailing !== undefined) {
            return new shared_errors/* QueryError */.lr(`Data source "${this.options.datasourceName}" was sent more than one statement; datacompare runs one statement at a time and refused it.`, {
                sql,
                hint: `Remove the ";" and what follows it (\`${plain.trailing.slice(0, 60)}\`): a filter is one condition and a query one SELECT.`,
            });
        }
        const driverError = error instanceof Error ? error : toError(plain);
        const category = error instanceof TimeoutSignal ? 'timeout' : categoryOf(driverError);
        return (0,errors/* wrapDriverError */.Z3)(driverError, { category, code: codeOf(driverError) }, { datasourceName: this.options.datasourceName, sql, signal: options?.signal, statementTimeoutMs: this.options.statementTimeoutMs, statementTimeoutHint: this.options.statementTimeoutHint });
    }
    async query(sql, params = [], options) {
        const reply = await this.send({ op: 'all', sql, params: [...params] }, sql, options);
        return (reply.rows ?? []);
    }
    async *streamBatches(sql, params = [], options) {
        const deadline = this.deadline(sql);
        let reply = await this.send({ op: 'iterate', sql, params: [...params], batch: STREAM_BATCH }, sql, options);
        const iterator = reply.id;
        const worker = this.worker;
        try {
            for (;;) {
                if ((reply.rows?.length ?? 0) > 0)
                    yield reply.rows;
                if (reply.done)
                    return;
                if (!worker || this.worker !== worker)
                    throw new shared_errors/* ConnectionError */.Rc(`The connection to data source "${this.options.datasourceName}" is closed.`);
                reply = await this.request(worker, { op: 'next', iterator }, sql, options, deadline);
            }
        }
        finally {
            // Left early (a break, an error): the worker drops the iterator, which ends the statement.
            if (!reply.done && worker && this.worker === worker)
                worker.child.send({ op: 'return', id: 0, iterator }, () => undefined);
        }
    }
    async *stream(sql, params = [], options) {
        for await (const batch of this.streamBatches(sql, params, options))
            yield* batch;
    }
    async describeTable(table, options) {
        const parts = (0,sql_compiler/* splitQualifiedName */.yU)(table);
        const name = parts.at(-1) ?? table;
        const schema = parts.length > 1 ? `${this.compiler.quoteIdentifier(parts[0] ?? 'main')}.` : '';
        const rows = await this.query(`PRAGMA ${schema}table_info(${this.compiler.stringLiteral(name)})`, [], options);
        const columns = rows.map((row) => (0,type_family/* columnTypeOf */.gy)(String(row.name), String(row.type ?? '')));
        const primaryKey = rows
            .filter((row) => Number(row.pk) > 0)
            .sort((a, b) => Number(a.pk) - Number(b.pk))
            .map((row) => String(row.name));
        const nullable = primaryKey.length > 0 && (await this.primaryKeyNullable(schema, name, rows, options));
        return { columns, primaryKey, ...(nullable ? { primaryKeyNullable: true } : {}) };
    }
    /**
     * SQLite's PRIMARY KEY accepts NULL (more than once) unless it is the rowid (INTEGER PRIMARY KEY),
     * the table is WITHOUT ROWID, or every key column is NOT NULL. A rowid alias has no index of its
     * own (origin 'pk'); `INTEGER PRIMARY KEY DESC` does, and is not the rowid. A one-column key
     * holding no NULL (looked up through its index) is unique too.
     */
    async primaryKeyNullable(schema, name, columns, options) {
        if (columns.every((row) => Number(row.pk) === 0 || Number(row.notnull) === 1))
            return false;
        const [table] = await this.query(`PRAGMA ${schema}table_list(${this.compiler.stringLiteral(name)})`, [], options);
        if (Number(table?.wr) === 1)
            return false;
        const indexes = await this.query(`PRAGMA ${schema}index_list(${this.compiler.stringLiteral(name)})`, [], options);
        const keyColumns = columns.filter((row) => Number(row.pk) > 0);
        const rowid = keyColumns.length === 1 && String(keyColumns[0]?.type).toUpperCase() === 'INTEGER' && !indexes.some((index) => index.origin === 'pk');
        if (rowid)
            return false;
        // `id INT PRIMARY KEY` (not the rowid): no NULL now is as good as NOT NULL; the key's index answers at once.
        if (keyColumns.length !== 1)
            return true;
        const key = this.compiler.quoteIdentifier(String(keyColumns[0]?.name));
        const [found] = await this.query(`SELECT EXISTS (SELECT 1 FROM ${schema}${this.compiler.quoteIdentifier(name)} WHERE ${key} IS NULL) AS n`, [], options);
        return Number(found?.n) === 1;
    }
    async describeQuery(sql, options) {
        const reply = await this.send({ op: 'columns', sql }, sql, options);
        // An expression has no declared type: look at the first row's value.
        const columns = (reply.columns ?? []).map((column) => (0,type_family/* columnTypeOf */.gy)(column.name, column.type ?? ''));
        if (columns.some((c) => c.family === 'unknown' && c.type === '')) {
            const firstSql = `SELECT * FROM (${sql}) LIMIT 1`;
            const first = (await this.send({ op: 'get', sql: firstSql, params: [] }, firstSql, options)).row;
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
    /** Kills the worker: a running statement stops at once; settles once every worker of this connection is gone. */
    async close() {
        this.closed = true;
        if (this.worker)
            this.stop(this.worker, new shared_errors/* ConnectionError */.Rc(`The connection to data source "${this.options.datasourceName}" is closed.`));
        await Promise.all(this.ending);
    }
    /**
     * A stop: the same as close(), which already tears down at once (the worker is killed, every
     * waiting query and stream fails). Declared so the engine's stop path names SQLite explicitly.
     */
    async destroy() {
        await this.close();
    }
}
/** The reason a query's time limit gives when it kills the worker. */
class TimeoutSignal extends Error {
    constructor() {
        super('statement timeout');
    }
}
/** A driver error sent as plain data, as an Error again (its code and message kept). */
function toError(plain) {
    const error = new Error(plain?.message ?? 'unknown SQLite error');
    if (plain?.name)
        error.name = plain.name;
    if (plain?.code)
        error.code = plain.code;
    if (plain?.errcode !== undefined)
        error.errcode = plain.errcode;
    if (plain?.errstr)
        error.errstr = plain.errstr;
    return error;
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
    if (read_only/* AUTHORIZATION_DENIED */.G4.test(message) || /readonly database/i.test(message))
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
    compiler: compiler/* sqliteCompiler */.U,
    typeOf: (name, typeName) => (0,type_family/* columnTypeOf */.gy)(name, typeName),
    catalogQuery: SQLITE_CATALOG_QUERY,
    connect(config, options) {
        if (config.type !== 'sqlite')
            throw new TypeError(`sqlite dialect given a ${config.type} connection`);
        return new SqliteConnection(config.path, options);
    },
    async columnsRead(config, side) {
        if (config.type !== 'sqlite')
            throw new TypeError(`sqlite dialect given a ${config.type} connection`);
        return (await __webpack_require__.e(/* import() */ 62).then(__webpack_require__.bind(__webpack_require__, 47062))).sqliteColumnsRead(config.path, side);
    },
};
//# sourceMappingURL=dialect.js.map

/***/ }),

/***/ 17999:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Am: () => (/* binding */ trailingStatement),
/* harmony export */   G4: () => (/* binding */ AUTHORIZATION_DENIED),
/* harmony export */   Jl: () => (/* binding */ authorizeReadsOnly)
/* harmony export */ });
/* harmony import */ var node_sqlite__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(80099);
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
            case node_sqlite__WEBPACK_IMPORTED_MODULE_0__.constants.SQLITE_READ:
                onRead?.(String(first), String(second ?? ''), database);
                return node_sqlite__WEBPACK_IMPORTED_MODULE_0__.constants.SQLITE_OK;
            case node_sqlite__WEBPACK_IMPORTED_MODULE_0__.constants.SQLITE_SELECT:
            case node_sqlite__WEBPACK_IMPORTED_MODULE_0__.constants.SQLITE_RECURSIVE:
                return node_sqlite__WEBPACK_IMPORTED_MODULE_0__.constants.SQLITE_OK;
            case node_sqlite__WEBPACK_IMPORTED_MODULE_0__.constants.SQLITE_FUNCTION:
                // SQLite names the function in the second argument (the first is NULL).
                return DENIED_FUNCTIONS.has(String(second).toLowerCase()) ? node_sqlite__WEBPACK_IMPORTED_MODULE_0__.constants.SQLITE_DENY : node_sqlite__WEBPACK_IMPORTED_MODULE_0__.constants.SQLITE_OK;
            case node_sqlite__WEBPACK_IMPORTED_MODULE_0__.constants.SQLITE_PRAGMA:
                return DESCRIBING_PRAGMAS.has(String(first).toLowerCase()) ? node_sqlite__WEBPACK_IMPORTED_MODULE_0__.constants.SQLITE_OK : node_sqlite__WEBPACK_IMPORTED_MODULE_0__.constants.SQLITE_DENY;
            default:
                return node_sqlite__WEBPACK_IMPORTED_MODULE_0__.constants.SQLITE_DENY;
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
