export const id = 919;
export const ids = [919];
export const modules = {

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
