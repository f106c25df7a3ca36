export const id = 491;
export const ids = [491];
export const modules = {

/***/ 39491:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  duckdbDialect: () => (/* binding */ duckdbDialect)
});

;// CONCATENATED MODULE: ./build/src/dialects/duckdb/catalog.js
/**
 * DuckDB's catalog (a database file, or the view a CSV/Parquet data source is read through):
 * information_schema of the user schemas; names outside `main` are schema-qualified.
 */
const DUCKDB_CATALOG_QUERY = `SELECT CASE WHEN c.table_schema = 'main' THEN c.table_name ELSE c.table_schema || '.' || c.table_name END AS dataset,
  CASE WHEN t.table_type = 'VIEW' THEN 'view' ELSE 'table' END AS table_kind,
  c.column_name, c.data_type
FROM information_schema.columns c
JOIN information_schema.tables t ON t.table_catalog = c.table_catalog AND t.table_schema = c.table_schema AND t.table_name = c.table_name
WHERE c.table_schema NOT IN ('information_schema', 'pg_catalog') AND c.table_catalog NOT IN ('system', 'temp')
ORDER BY c.table_schema, c.table_name, c.ordinal_position`;
//# sourceMappingURL=catalog.js.map
// EXTERNAL MODULE: ./build/src/sql/compiler.js
var compiler = __webpack_require__(57065);
;// CONCATENATED MODULE: ./build/src/dialects/duckdb/compiler.js
/**
 * DuckDB SQL: ANSI quoting and `?` placeholders as in the base compiler; strftime for dates and
 * times (sessions are in UTC, so TIMESTAMPTZ renders in UTC); md5 as a 48-bit integer through a
 * hex-literal cast. DuckDB compares and sorts VARCHAR bytewise by default, so canonical texts need
 * no collation. DuckDB has no octet_length(VARCHAR): `strlen` counts the bytes.
 */

const TIMESTAMP_FORMAT = "'%Y-%m-%d %H:%M:%S.%f'";
class DuckdbCompiler extends compiler/* BaseSqlCompiler */.Jm {
    byteLength(expr) {
        return `strlen(${expr})`;
    }
    dialect = 'duckdb';
    integerText(expr) {
        return `CAST(${expr} AS VARCHAR)`;
    }
    decimalText(expr, scale) {
        if (scale !== undefined)
            return `CAST(CAST(${expr} AS DECIMAL(38, ${Math.min(38, Math.max(0, scale))})) AS VARCHAR)`;
        // Trailing zeros stripped, only after a decimal point ('100' stays '100', '10.50' → '10.5', '0.00' → '0').
        const text = `CAST(${expr} AS VARCHAR)`;
        return `CASE WHEN ${text} LIKE '%.%' THEN rtrim(rtrim(${text}, '0'), '.') ELSE ${text} END`;
    }
    floatText(expr) {
        return `CASE WHEN (${expr}) = 0 THEN '0' ELSE CAST(${expr} AS VARCHAR) END`;
    }
    booleanText(expr) {
        return `CASE WHEN ${expr} IS NULL THEN NULL WHEN CAST(${expr} AS BOOLEAN) THEN '1' ELSE '0' END`;
    }
    dateText(expr) {
        return `strftime(${expr}, '%Y-%m-%d')`;
    }
    timestampText(expr, _withTimeZone) {
        // TIMESTAMPTZ is formatted in the session time zone, which the connection sets to UTC;
        // TIMESTAMP_NS is truncated to microseconds by %f.
        return `strftime(${expr}, ${TIMESTAMP_FORMAT})`;
    }
    timeText(expr) {
        return `strftime(DATE '2000-01-01' + (${expr}), '%H:%M:%S.%f')`;
    }
    jsonText(expr) {
        return `CAST(${expr} AS VARCHAR)`;
    }
    bytesText(expr) {
        return `lower(hex(${expr}))`;
    }
    /** A LIST (or a fixed-size ARRAY, read as a LIST): each member as its token, in order or distinct and sorted (bytewise). */
    collectionText(expr, column, options) {
        if (!column.element)
            return super.collectionText(expr, column, options);
        const member = this.memberOf(column, options);
        const list = /\[\d+\]\s*$/.test(column.type) ? `CAST(${expr} AS ${column.element.type}[])` : expr;
        const tokens = `list_transform(${list}, lambda dc_x: ${this.memberToken(this.normalize('dc_x', member.column, member.options))})`;
        const ordered = column.family === 'set' ? `list_sort(list_distinct(${tokens}))` : tokens;
        return `CASE WHEN ${expr} IS NULL THEN NULL ELSE '[' || array_to_string(${ordered}, ',') || ']' END`;
    }
    textToNumber(expr) {
        return `CAST(${expr} AS DECIMAL(38, 10))`;
    }
    md5AsInteger(expr) {
        return `CAST(('0x' || substring(md5(${expr}), 21, 12)) AS BIGINT)`;
    }
}
const duckdbCompiler = new DuckdbCompiler();
//# sourceMappingURL=compiler.js.map
// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(73024);
// EXTERNAL MODULE: external "node:os"
var external_node_os_ = __webpack_require__(48161);
// EXTERNAL MODULE: ./build/src/dialects/errors.js
var errors = __webpack_require__(57690);
// EXTERNAL MODULE: ./build/src/shared/errors.js
var shared_errors = __webpack_require__(80604);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(76760);
;// CONCATENATED MODULE: ./build/src/dialects/duckdb/files.js
/**
 * CSV and Parquet data sources as DuckDB relations: `read_csv(...)` / `read_parquet(...)` with the
 * spec's options, exposed in an in-memory DuckDB as a view named after the data source, so the
 * engine compares "a table" like any other and a side's `query` can read from that view. Every
 * option is passed as a string literal, never spliced in as SQL.
 */



function isFileConfig(config) {
    return config.type === 'csv' || config.type === 'parquet';
}
/** `s3://…`, `https://…`, `gs://…`: read by DuckDB's extensions, not checked on the local disk. */
function isRemotePath(path) {
    return /^[a-z][a-z0-9+.-]*:\/\//i.test(path);
}
/** True when DuckDB expands the path as a glob (`data/*.csv`, `part-?.parquet`, `[ab].csv`, `**`). */
function isGlob(path) {
    return /[*?[]/.test(path);
}
/**
 * What DuckDB may open once file access is locked down: the file itself, or for a glob the folder
 * before its first wildcard (local paths absolute, as DuckDB compares them).
 */
function allowedLocations(config) {
    const remote = isRemotePath(config.path);
    const absolute = (location) => (remote ? location : external_node_path_.resolve(location));
    if (!isGlob(config.path))
        return { paths: [...new Set([config.path, absolute(config.path)])], directories: [] };
    const prefix = config.path.slice(0, config.path.search(/[*?[]/));
    const folder = prefix.slice(0, prefix.lastIndexOf('/') + 1) || './';
    const directory = absolute(folder);
    return { paths: [], directories: [directory.endsWith('/') ? directory : `${directory}/`] };
}
/** The table function reading the file(s). */
function fileRelationSql(config, compiler) {
    const path = compiler.stringLiteral(config.path);
    if (config.type === 'parquet')
        return `read_parquet(${path})`;
    return `read_csv(${[path, ...csvOptionsSql(config.csv, compiler)].join(', ')})`;
}
function csvOptionsSql(options, compiler) {
    const literal = (text) => compiler.stringLiteral(text);
    // As PostgreSQL's COPY … CSV writes them: an empty unquoted field is NULL, a quoted "" is ''.
    const sql = ['allow_quoted_nulls = false'];
    if (options.delimiter !== undefined)
        sql.push(`delim = ${literal(options.delimiter)}`);
    if (options.header !== undefined)
        sql.push(`header = ${options.header ? 'true' : 'false'}`);
    if (options.quote !== undefined)
        sql.push(`quote = ${literal(options.quote)}`);
    if (options.escape !== undefined)
        sql.push(`escape = ${literal(options.escape)}`);
    if (options.nullStrings !== undefined)
        sql.push(`nullstr = [${options.nullStrings.map(literal).join(', ')}]`);
    if (options.allVarchar)
        sql.push('all_varchar = true');
    if (options.thousands !== undefined)
        sql.push(`thousands = ${literal(options.thousands)}`);
    if (options.decimalSeparator !== undefined)
        sql.push(`decimal_separator = ${literal(options.decimalSeparator)}`);
    const types = Object.entries(options.columnTypes ?? {});
    if (types.length > 0)
        sql.push(`types = {${types.map(([column, type]) => `${literal(column)}: ${literal(type)}`).join(', ')}}`);
    return sql;
}
/** The statement that exposes the file(s) as the view `config.table`. */
function createViewSql(config, compiler) {
    return `CREATE VIEW ${compiler.quoteIdentifier(config.table)} AS SELECT * FROM ${fileRelationSql(config, compiler)}`;
}
const KIND = { csv: 'CSV', parquet: 'Parquet' };
/** "CSV file(s)" / "Parquet file(s)" for messages. */
function fileKind(config) {
    return `${KIND[config.type]} ${isGlob(config.path) ? 'files' : 'file'}`;
}
/** A plain local path that does not exist is reported before DuckDB is even started. */
function checkFileExists(config, datasourceName) {
    if (isRemotePath(config.path) || isGlob(config.path) || (0,external_node_fs_.existsSync)(config.path))
        return;
    throw missingFiles(config, datasourceName);
}
function missingFiles(config, datasourceName, cause) {
    const what = isGlob(config.path) ? `No ${KIND[config.type]} file matches ${config.path}` : `The ${KIND[config.type]} file ${config.path} does not exist`;
    return new shared_errors/* ConnectionError */.Rc(`${what} (data source "${datasourceName}").`, {
        cause,
        hint: 'Check `path:` in the spec: a file or a glob such as data/*.csv, relative to the repository root.',
    });
}
/**
 * DuckDB's CSV errors ("CSV Error on Line: 2 / Original Line: … / Error when converting column … /
 * file = … / delimiter = … (Auto-Detected) …", 900 characters) as one sentence naming the file, the
 * line and the option to set; undefined for any other error.
 */
function csvFileError(config, datasourceName, error) {
    if (config.type !== 'csv')
        return undefined;
    const text = error instanceof Error ? error.message : String(error);
    const line = /CSV Error on Line: (\d+)/.exec(text)?.[1];
    if (!line)
        return undefined;
    const file = /^\s*file = (.+)$/m.exec(text)?.[1]?.trim() ?? config.path;
    const at = `CSV file ${file}, line ${line}`;
    const where = `on data source "${datasourceName}"`;
    const conversion = /Error when converting column "(.+?)"\. Could not convert string "(.*?)" to '(\w+)'/.exec(text);
    if (conversion) {
        const [, column, value = '', type] = conversion;
        const separators = /^[-+]?\d{1,3}(?:([,.' ])\d{3})+(?:([.,])\d+)?$/.exec(value.trim());
        if (separators) {
            const thousands = separators[1];
            const decimal = separators[2] ?? (thousands === '.' ? ',' : '.');
            return new shared_errors/* ConfigurationError */.j1(`${at}: "${value}" in column ${column} is not a ${type}: it has "${thousands}" as a thousands separator.`, {
                cause: error,
                hint: `set thousands: "${thousands}"${decimal === ',' ? ' and decimal_separator: ","' : ''} ${where}`,
            });
        }
        return new shared_errors/* ConfigurationError */.j1(`${at}: "${value}" in column ${column} is not a ${type}.`, {
            cause: error,
            hint: `set column_types: { ${column}: VARCHAR } (or the type its values have) ${where}, or null_string if "${value}" means NULL`,
        });
    }
    const columns = /Expected Number of Columns: (\d+) Found: (\d+)/.exec(text);
    if (columns) {
        return new shared_errors/* ConfigurationError */.j1(`${at} has ${columns[2]} fields where the lines before have ${columns[1]}.`, {
            cause: error,
            hint: `check delimiter and quote ${where} (a field holding the delimiter, such as "1,234.50", must be quoted, and quote set when the sniffer did not see quotes)`,
        });
    }
    const first = text.split('\n').find((part) => part.trim() !== '' && !/CSV Error on Line/.test(part) && !/^Original Line/.test(part));
    return new shared_errors/* ConfigurationError */.j1(`${at}: ${first?.trim() ?? 'DuckDB could not read it'}`, {
        cause: error,
        hint: `check the CSV options ${where} (delimiter, header, quote, escape, null_string, column_types, thousands, decimal_separator)`,
    });
}
//# sourceMappingURL=files.js.map
;// CONCATENATED MODULE: ./build/src/dialects/duckdb/instance-settings.js
/** The settings of a DuckDB instance of ours: its options when created, and the lockdown run once it is open. */



/**
 * Read-only by construction, run once per instance after the file view exists: UTC for every
 * connection, then no file may be opened but the data source's own (and our spill folder), and no
 * setting may change again (a filter cannot turn access back on).
 */
function lockdownSql(config, tempDirectory, compiler) {
    const list = (items) => `[${items.map((item) => compiler.stringLiteral(item)).join(', ')}]`;
    const allowed = isFileConfig(config) ? allowedLocations(config) : { paths: [], directories: [] };
    return {
        before: [
            "SET GLOBAL TimeZone = 'UTC'",
            `SET allowed_directories = ${list([...allowed.directories, `${tempDirectory}/`])}`,
            `SET allowed_paths = ${list(allowed.paths)}`,
        ],
        after: ['SET enable_external_access = false', 'SET lock_configuration = true'],
    };
}
/**
 * DuckDB keeps its own memory (by default up to 80% of RAM) and spills sorts and joins beyond it to
 * a temporary directory of ours (not next to the database file, which may be read-only).
 * DATACOMPARE_DUCKDB_MEMORY_LIMIT (e.g. `1GB`) lowers it; too low a limit fails large sorts.
 */
function instanceOptions() {
    const options = {
        temp_directory: external_node_path_.join((0,external_node_os_.tmpdir)(), `datacompare-duckdb-${process.pid}`),
        // Every query the engine streams has its own ORDER BY.
        preserve_insertion_order: 'false',
    };
    const limit = process.env.DATACOMPARE_DUCKDB_MEMORY_LIMIT;
    if (limit)
        options.memory_limit = limit;
    return options;
}
//# sourceMappingURL=instance-settings.js.map
// EXTERNAL MODULE: ./build/src/dialects/duckdb/module.js + 1 modules
var duckdb_module = __webpack_require__(99888);
// EXTERNAL MODULE: ./build/src/shared/exit-holds.js
var exit_holds = __webpack_require__(61636);
;// CONCATENATED MODULE: ./build/src/dialects/duckdb/running-statements.js

const running = new Map();
(0,exit_holds/* registerExitHold */.dU)({
    held: () => [...running.values()].map(({ name }) => `a DuckDB query of data source "${name}"`),
    release: () => {
        for (const connection of running.keys())
            interrupt(connection);
        return Promise.allSettled([...running.values()].map(({ settled }) => settled));
    },
});
/** `work` (a prepare, a run, a chunk fetched) on `connection` of data source `name`, known as running until it settles. */
function runningOn(connection, name, work) {
    const settled = work.then(() => undefined, () => undefined);
    running.set(connection, { name, settled });
    void settled.then(() => {
        if (running.get(connection)?.settled === settled)
            running.delete(connection);
    });
    return work;
}
/** When the statement running on `connection` settles (undefined: none runs). */
function statementSettled(connection) {
    return running.get(connection)?.settled;
}
/** Interrupts the statement running on `connection`, if any (DuckDB checks between chunks of work). */
function interrupt(connection) {
    try {
        connection.interrupt();
    }
    catch {
        // already closed
    }
}
function closeQuietly(connection) {
    try {
        connection.closeSync();
    }
    catch {
        // already closed
    }
}
//# sourceMappingURL=running-statements.js.map
// EXTERNAL MODULE: ./build/src/sql/type-family.js
var type_family = __webpack_require__(96753);
;// CONCATENATED MODULE: ./build/src/dialects/duckdb/type-names.js

const duckdbTypeOverrides = [
    [/^(struct|map|union)\b/, 'unknown'],
    [/^(hugeint|uhugeint|utinyint|usmallint|uinteger|ubigint|varint|bignum)$/, 'integer'],
    [/^(timestamp_s|timestamp_ms|timestamp_ns|timestamp_us)$/, 'timestamp'],
    [/^(time with time zone|timetz)$/, 'unknown'],
    [/^(bit|bitstring|interval)$/, 'unknown'],
];
/** Fractional-second digits of the timestamp variants (TIMESTAMP_NS is read at microseconds). */
const PRECISION = { timestamp_s: 0, timestamp_ms: 3 };
/** The family (and scale/precision) of a DuckDB type name. */
function duckdbColumnType(name, typeName) {
    const column = (0,type_family/* columnTypeOf */.gy)(name, typeName, duckdbTypeOverrides);
    const precision = PRECISION[typeName.trim().toLowerCase()];
    if (precision !== undefined)
        column.precision = precision;
    return column;
}
//# sourceMappingURL=type-names.js.map
;// CONCATENATED MODULE: ./build/src/dialects/duckdb/connection.js
/**
 * A lazily opened DuckDB instance (a database file, `:memory:`, or an in-memory database exposing
 * CSV/Parquet files as a view) and a small set of DuckDB connections to it: each query or stream
 * runs on a connection of its own (a DuckDB connection runs one statement at a time), which an
 * AbortSignal interrupts. Sessions are in UTC. Streams read one chunk (2,048 rows) at a time.
 */











class DuckdbConnection {
    config;
    options;
    loadModule;
    dialect = 'duckdb';
    compiler = duckdbCompiler;
    opened;
    idle = [];
    busy = new Set();
    /** Connects under way on the thread pool. */
    connecting = new Set();
    closed = false;
    constructor(config, options, loadModule = duckdb_module/* loadDuckDBModule */.Kh) {
        this.config = config;
        this.options = options;
        this.loadModule = loadModule;
    }
    get name() {
        return this.options.datasourceName;
    }
    open() {
        if (this.closed)
            return Promise.reject(new shared_errors/* ConnectionError */.Rc(`The connection to data source "${this.name}" is closed.`));
        if (!this.opened) {
            this.opened = this.openInstance();
            this.opened.catch(() => (this.opened = undefined));
        }
        return this.opened;
    }
    async openInstance() {
        const config = this.config;
        if (config.type === 'duckdb' && config.path !== ':memory:' && !(0,external_node_fs_.existsSync)(config.path)) {
            // Opening a missing file would create an empty database and compare nothing.
            throw new shared_errors/* ConnectionError */.Rc(`The DuckDB database file of data source "${this.name}" does not exist: ${config.path}`, {
                hint: 'Check `path:` in the spec; it is relative to the repository root.',
            });
        }
        if (isFileConfig(config))
            checkFileExists(config, this.name);
        const module = await this.loadModule();
        let instance;
        try {
            // Read-only: a comparison never writes, and a read-only open does not take the writer's lock.
            instance =
                config.type === 'duckdb' && config.path !== ':memory:'
                    ? await module.DuckDBInstance.create(config.path, { ...instanceOptions(), access_mode: 'READ_ONLY' })
                    : await module.DuckDBInstance.create(':memory:', instanceOptions());
        }
        catch (error) {
            throw (0,errors/* wrapDriverError */.Z3)(error, { category: 'connection' }, { datasourceName: this.name });
        }
        const lockdown = lockdownSql(config, instanceOptions().temp_directory ?? (0,external_node_os_.tmpdir)(), this.compiler);
        try {
            const connection = await instance.connect();
            try {
                for (const statement of lockdown.before)
                    await connection.run(statement);
                if (isFileConfig(config)) {
                    try {
                        await connection.run(createViewSql(config, this.compiler));
                    }
                    catch (error) {
                        throw this.fileError(config, error);
                    }
                }
                for (const statement of lockdown.after)
                    await connection.run(statement);
            }
            finally {
                connection.closeSync();
            }
        }
        catch (error) {
            instance.closeSync();
            throw (0,errors/* wrapDriverError */.Z3)(error, { category: 'connection' }, { datasourceName: this.name });
        }
        return { module, instance };
    }
    fileError(config, error) {
        // DuckDB appends the statement with a caret ("LINE 1: …"): the statement is ours, not the user's.
        const message = (error instanceof Error ? error.message : String(error)).split(/\n\s*LINE \d+:/)[0]?.trim() ?? '';
        if (/no files found|cannot open file|no such file/i.test(message))
            return missingFiles(config, this.name, error);
        const csv = csvFileError(config, this.name, error);
        if (csv)
            return csv;
        return new shared_errors/* ConnectionError */.Rc(`DuckDB could not read the ${fileKind(config)} of data source "${this.name}" (${config.path}): ${message}`, {
            cause: error,
            hint: config.type === 'csv'
                ? 'Check the file and the CSV options in the spec (delimiter, header, quote, escape, null_string, column_types, thousands, decimal_separator).'
                : 'Check that the file is Parquet and readable.',
        });
    }
    async acquire(options) {
        options?.signal?.throwIfAborted();
        const { instance } = await this.open();
        let connection = this.idle.pop();
        if (!connection) {
            if (this.closed)
                throw this.closedError();
            // close() waits for this: an instance closed while a connect runs on the thread pool crashes the process.
            const connecting = instance.connect();
            this.connecting.add(connecting);
            try {
                connection = await connecting;
            }
            catch (error) {
                throw (0,errors/* wrapDriverError */.Z3)(error, { category: 'connection' }, { datasourceName: this.name });
            }
            finally {
                this.connecting.delete(connecting);
            }
            if (this.closed) {
                connection.closeSync();
                throw this.closedError();
            }
        }
        this.busy.add(connection);
        return connection;
    }
    closedError() {
        return new shared_errors/* ConnectionError */.Rc(`The connection to data source "${this.name}" is closed.`);
    }
    release(connection, reusable) {
        this.busy.delete(connection);
        if (reusable && !this.closed)
            this.idle.push(connection);
        else
            connection.closeSync();
    }
    /** `work` on `connection`, known as running until it settles (see running-statements.ts). */
    running(connection, work) {
        return runningOn(connection, this.name, work);
    }
    /** Interrupts the connection's statement on abort, or when it runs past the time limit. */
    watch(connection, options) {
        const signal = options?.signal;
        const listener = () => interrupt(connection);
        signal?.addEventListener('abort', listener, { once: true });
        const watch = { timedOut: false, detach: () => undefined };
        const ms = this.options.statementTimeoutMs;
        const timer = ms
            ? setTimeout(() => {
                watch.timedOut = true;
                interrupt(connection);
            }, ms)
            : undefined;
        watch.detach = () => {
            clearTimeout(timer);
            signal?.removeEventListener('abort', listener);
        };
        return watch;
    }
    wrap(error, sql, options, watch) {
        const context = { datasourceName: this.name };
        if (sql !== undefined)
            context.sql = sql;
        if (options?.signal)
            context.signal = options.signal;
        if (this.options.statementTimeoutMs)
            context.statementTimeoutMs = this.options.statementTimeoutMs;
        if (this.options.statementTimeoutHint)
            context.statementTimeoutHint = this.options.statementTimeoutHint;
        const category = watch?.timedOut && !options?.signal?.aborted ? 'timeout' : categorize(error);
        // A bad line found while reading the file (the view reads it at each query): one sentence, not DuckDB's dump.
        const csv = category === 'other' && isFileConfig(this.config) ? csvFileError(this.config, this.name, error) : undefined;
        return csv ?? (0,errors/* wrapDriverError */.Z3)(error, { category }, context);
    }
    /**
     * One prepared statement: DuckDB refuses to prepare several ("Cannot prepare multiple statements").
     * The caller destroys it before the connection is closed or reused: a statement left to the garbage
     * collector would be freed after its connection, which crashes the process.
     */
    async prepare(connection, sql, params) {
        const prepared = await this.running(connection, connection.prepare(sql));
        const values = bindValues(params);
        if (values)
            prepared.bind(values);
        return prepared;
    }
    async query(sql, params = [], options) {
        const connection = await this.acquire(options);
        const watch = this.watch(connection, options);
        let reusable = true;
        try {
            const { JsonDuckDBValueConverter } = (await this.open()).module;
            const prepared = await this.prepare(connection, sql, params);
            try {
                const reader = await this.running(connection, prepared.runAndReadAll());
                return reader.convertRowObjects(JsonDuckDBValueConverter);
            }
            finally {
                prepared.destroySync();
            }
        }
        catch (error) {
            reusable = !options?.signal?.aborted && !watch.timedOut;
            throw this.wrap(error, sql, options, watch);
        }
        finally {
            watch.detach();
            this.release(connection, reusable);
        }
    }
    async *stream(sql, params = [], options) {
        const connection = await this.acquire(options);
        const watch = this.watch(connection, options);
        let completed = false;
        let prepared;
        try {
            const { JsonDuckDBValueConverter } = (await this.open()).module;
            let result;
            try {
                prepared = await this.prepare(connection, sql, params);
                result = await this.running(connection, prepared.stream());
            }
            catch (error) {
                throw this.wrap(error, sql, options, watch);
            }
            const names = result.deduplicatedColumnNames();
            for (;;) {
                let rows;
                try {
                    const chunk = await this.running(connection, result.fetchChunk());
                    if (!chunk || chunk.rowCount === 0)
                        break;
                    rows = chunk.convertRows(JsonDuckDBValueConverter);
                }
                catch (error) {
                    throw this.wrap(error, sql, options, watch);
                }
                for (const values of rows) {
                    const row = {};
                    names.forEach((name, i) => (row[name] = values[i]));
                    yield row;
                }
            }
            completed = true;
        }
        finally {
            watch.detach();
            prepared?.destroySync();
            // Stopped early: the statement may still be pending on this connection; do not reuse it.
            this.release(connection, completed);
        }
    }
    async describeTable(table, options) {
        const parts = (0,compiler/* splitQualifiedName */.yU)(table);
        const name = parts.at(-1) ?? table;
        const schema = parts.length > 1 ? (parts.at(-2) ?? null) : null;
        const catalog = parts.length > 2 ? (parts.at(-3) ?? null) : null;
        // DuckDB identifiers are case-insensitive: lower() on both sides finds `Orders` as orders.
        const where = `lower(table_name) = lower(?) AND lower(table_schema) = lower(COALESCE(?, current_schema()))
       AND lower(table_catalog) = lower(COALESCE(?, current_database()))`;
        const columns = await this.query(`SELECT column_name AS name, data_type AS type FROM information_schema.columns WHERE ${where} ORDER BY ordinal_position`, [name, schema, catalog], options);
        if (columns.length === 0 && isFileConfig(this.config))
            throw this.notTheFileView(table);
        const keys = await this.query(`SELECT constraint_column_names AS names FROM duckdb_constraints()
        WHERE constraint_type = 'PRIMARY KEY' AND ${where.replace('table_schema', 'schema_name').replace('table_catalog', 'database_name')}`, [name, schema, catalog], options);
        const primaryKey = keys[0]?.names;
        return {
            columns: columns.map((row) => duckdbColumnType(String(row.name), String(row.type))),
            primaryKey: Array.isArray(primaryKey) ? primaryKey.map(String) : [],
        };
    }
    notTheFileView(table) {
        const config = this.config;
        const view = this.compiler.quoteIdentifier(config.table);
        return new shared_errors/* ConfigurationError */.j1(`Data source "${this.name}" is a ${fileKind(config)} (${config.path}); its rows are the table ${view}, and \`${table}\` names nothing in it.`, { hint: `Omit \`dataset\` for a file data source (or write dataset: ${config.table}), or use a \`query\` that reads FROM ${view}.` });
    }
    async describeQuery(sql, options) {
        const connection = await this.acquire(options);
        try {
            const prepared = await this.running(connection, connection.prepare(sql));
            const columns = [];
            try {
                for (let i = 0; i < prepared.columnCount; i++) {
                    const type = prepared.columnType(i);
                    columns.push(duckdbColumnType(prepared.columnName(i), type.alias ?? type.toString()));
                }
            }
            finally {
                prepared.destroySync();
            }
            return { columns, primaryKey: [] };
        }
        catch (error) {
            throw this.wrap(error, sql, options);
        }
        finally {
            this.release(connection, true);
        }
    }
    async serverVersion(options) {
        const [row] = await this.query('SELECT version() AS v', [], options);
        return `DuckDB ${String(row?.v).replace(/^v/, '')}`;
    }
    /**
     * Closes every connection, then the instance. A statement still running is interrupted first and
     * its connection closed once it ended (by its caller, which destroys its prepared statement first):
     * a connection closed under a running statement deadlocks DuckDB, and the process with it.
     */
    async close() {
        if (this.closed)
            return;
        this.closed = true;
        const opened = this.opened;
        this.opened = undefined;
        for (const connection of this.idle)
            closeQuietly(connection);
        this.idle.length = 0;
        const running = [...this.busy].flatMap((connection) => {
            const settled = statementSettled(connection);
            if (!settled)
                return [];
            interrupt(connection);
            return [settled];
        });
        if (running.length > 0) {
            await Promise.allSettled(running);
            // Their callers release them in the microtasks that follow.
            await new Promise((resolve) => setImmediate(resolve));
        }
        // Left: a stream abandoned between two chunks (nothing runs on it).
        for (const connection of this.busy)
            closeQuietly(connection);
        this.busy.clear();
        const instance = await opened?.then((o) => o.instance).catch(() => undefined);
        await Promise.allSettled([...this.connecting]);
        instance?.closeSync();
    }
    /** A stop: every running statement is interrupted (DuckDB runs in our process), then all is closed. */
    async destroy() {
        await this.close();
    }
}
/** Parameters as DuckDB values: numbers, bigints, strings, booleans and NULL as they are; others as text. */
function bindValues(params) {
    if (params.length === 0)
        return undefined;
    return params.map((value) => {
        if (value === null || value === undefined)
            return null;
        if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'string' || typeof value === 'boolean')
            return value;
        if (value instanceof Date)
            return value.toISOString();
        return String(value);
    });
}
function categorize(error) {
    const message = error instanceof Error ? error.message : String(error);
    if (/^Permission Error|read-only mode|attached in read-only|configuration has been locked/i.test(message))
        return 'read-only';
    if (/^INTERRUPT Error/i.test(message))
        return 'cancelled';
    if (/^Catalog Error: (Table|View|Schema)/i.test(message))
        return 'missing-table';
    if (/^Binder Error: .*(column|not found)/i.test(message))
        return 'missing-column';
    if (/^Parser Error/i.test(message))
        return 'syntax';
    if (/^(IO|Connection) Error/i.test(message))
        return 'connection';
    return 'other';
}
//# sourceMappingURL=connection.js.map
;// CONCATENATED MODULE: ./build/src/dialects/duckdb/dialect.js




const duckdbDialect = {
    name: 'duckdb',
    compiler: duckdbCompiler,
    typeOf: duckdbColumnType,
    catalogQuery: DUCKDB_CATALOG_QUERY,
    connect(config, options) {
        if (config.type !== 'duckdb' && config.type !== 'csv' && config.type !== 'parquet') {
            throw new TypeError(`duckdb dialect given a ${config.type} connection`);
        }
        return new DuckdbConnection(config, options);
    },
};
//# sourceMappingURL=dialect.js.map

/***/ }),

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
