export const id = 920;
export const ids = [920];
export const modules = {

/***/ 37920:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  mysqlDialect: () => (/* binding */ mysqlDialect)
});

;// CONCATENATED MODULE: ./build/src/dialects/mysql/catalog.js
/**
 * MySQL/MariaDB's catalog: information_schema.COLUMNS of the connection's database (all user databases
 * when the URL names none, their tables then qualified by the database name). Views are told apart by a
 * join to information_schema.VIEWS materialised once (the LIMIT keeps it from being merged): joining
 * COLUMNS to TABLES row by row took 64 s on 10,000 tables against 0.1 s for this. Names are matched and
 * ordered by their bytes (BINARY), as lower_case_table_names=0 keeps `T` and `t` apart: information_schema
 * compares them in any case, which would mark a table `t` a view beside a view `T` and interleave the two
 * tables' columns (the join still looks up by the case-insensitive key, then keeps the exact match).
 */
const MYSQL_CATALOG_QUERY = `SELECT CASE WHEN c.TABLE_SCHEMA = DATABASE() THEN c.TABLE_NAME ELSE CONCAT(c.TABLE_SCHEMA, '.', c.TABLE_NAME) END AS dataset,
  CASE WHEN v.TABLE_NAME IS NULL THEN 'table' ELSE 'view' END AS table_kind,
  c.COLUMN_NAME AS column_name, c.COLUMN_TYPE AS data_type
FROM information_schema.COLUMNS c
LEFT JOIN (SELECT DISTINCT TABLE_SCHEMA, TABLE_NAME FROM information_schema.VIEWS LIMIT 18446744073709551615) v
  ON v.TABLE_SCHEMA = c.TABLE_SCHEMA AND v.TABLE_NAME = c.TABLE_NAME AND BINARY v.TABLE_SCHEMA = c.TABLE_SCHEMA AND BINARY v.TABLE_NAME = c.TABLE_NAME
WHERE c.TABLE_SCHEMA = COALESCE(DATABASE(), c.TABLE_SCHEMA)
  AND c.TABLE_SCHEMA NOT IN ('mysql', 'information_schema', 'performance_schema', 'sys')
ORDER BY BINARY c.TABLE_SCHEMA, BINARY c.TABLE_NAME, c.ORDINAL_POSITION`;
/**
 * The stored functions and procedures outside the server's own schemas (information_schema.ROUTINES
 * lists those the role may call or alter: a routine it cannot see, it cannot call).
 */
function mysqlRoutinesQuery(names) {
    const named = names === undefined ? '' : names.length === 0 ? ' AND FALSE' : ` AND LOWER(ROUTINE_NAME) IN (${names.map(() => '?').join(', ')})`;
    return {
        sql: `SELECT DISTINCT ROUTINE_SCHEMA AS routine_schema, ROUTINE_NAME AS routine_name, 'function' AS routine_kind
FROM information_schema.ROUTINES
WHERE ROUTINE_SCHEMA NOT IN ('mysql', 'information_schema', 'performance_schema', 'sys')${named}
ORDER BY 1, 2`,
        params: names ? [...names] : [],
    };
}
/**
 * Each view's definition as MariaDB/MySQL stores it (every name qualified by its database, `*`
 * expanded): MariaDB records no column dependencies of a view (information_schema has no
 * VIEW_COLUMN_USAGE), so what a view reads is its definition, parsed. VIEW_DEFINITION is empty for a
 * role without SHOW VIEW on it. `default_schema`: the connection's database, which the catalog leaves
 * unwritten. Rows as POSTGRES_VIEWS_QUERY's, without the facts (`whole_row`, `refs`) it cannot give.
 */
const MYSQL_VIEWS_QUERY = `SELECT CASE WHEN TABLE_SCHEMA = DATABASE() THEN TABLE_NAME ELSE CONCAT(TABLE_SCHEMA, '.', TABLE_NAME) END AS dataset,
  VIEW_DEFINITION AS definition, DATABASE() AS default_schema, NULL AS whole_row, NULL AS refs
FROM information_schema.VIEWS
WHERE TABLE_SCHEMA = COALESCE(DATABASE(), TABLE_SCHEMA)
  AND TABLE_SCHEMA NOT IN ('mysql', 'information_schema', 'performance_schema', 'sys')
ORDER BY TABLE_SCHEMA, TABLE_NAME`;
//# sourceMappingURL=catalog.js.map
// EXTERNAL MODULE: ./build/src/sql/compiler.js
var compiler = __webpack_require__(57065);
// EXTERNAL MODULE: ./build/src/sql/canonical.js
var canonical = __webpack_require__(67632);
// EXTERNAL MODULE: ./build/src/sql/collection.js
var collection = __webpack_require__(81776);
;// CONCATENATED MODULE: ./build/src/dialects/mysql/compiler.js
/**
 * MySQL / MariaDB SQL: backticks, `?`, DATE_FORMAT. Canonical texts are cast to BINARY: string
 * comparison in MySQL follows collations (case-insensitive, trailing spaces ignored), bytes do not.
 * No FULL OUTER JOIN: the join diff uses LEFT JOIN + anti-join.
 */



class MysqlCompiler extends compiler/* BaseSqlCompiler */.Jm {
    dialect = 'mysql';
    supportsFullOuterJoin = false;
    quoteIdentifier(name) {
        return `\`${name.replaceAll('`', '``')}\``;
    }
    /**
     * A backslash escapes in '…' unless the session's sql_mode has NO_BACKSLASH_ESCAPES: a text with a
     * backslash is written as UTF-8 bytes in hex with the utf8mb4 introducer, read the same either way
     * and, like any literal, compared in the column's collation.
     */
    stringLiteral(text) {
        if (text.includes('\\'))
            return `_utf8mb4 X'${Buffer.from(text, 'utf8').toString('hex')}'`;
        return `'${text.replaceAll("'", "''")}'`;
    }
    normalize(expr, column, options) {
        return this.binaryText(this.hashText(expr, column, options));
    }
    /**
     * MD5 reads a string's bytes, and every canonical text is in the connection's utf8mb4: no byte cast
     * needed. A utf8mb4 column compared case-sensitively is its own canonical text: it is only given a
     * binary collation (so that columns of different collations can be concatenated), where a cast to
     * the connection's character set would copy every value (MariaDB, 1M rows of 80–400 characters:
     * 1.9 s against 1.4 s for the length-prefixed md5 of them).
     */
    hashText(expr, column, options) {
        if (column.family === 'text' && options.caseSensitive && column.charset === 'utf8mb4')
            return `(${expr} COLLATE utf8mb4_bin)`;
        const date = declaredDateText(expr, column);
        if (date !== undefined)
            return date;
        const own = declaredTimestampText(expr, column);
        // Digits beyond the declared precision are zeros already: cut only to a lower compared precision.
        if (own !== undefined)
            return (options.precision ?? 6) >= (column.precision ?? 6) ? own : this.truncateFraction(own, 19, options.precision);
        return super.normalize(expr, column, options);
    }
    integerText(expr) {
        return `CAST(${expr} AS CHAR)`;
    }
    decimalText(expr, scale) {
        // MariaDB keeps up to 38 fraction digits (MySQL 30, whose columns never have more; a wider
        // scale from the other side is then an error there, never digits silently cut).
        if (scale !== undefined)
            return `CAST(CAST(${expr} AS DECIMAL(65, ${Math.min(38, scale)})) AS CHAR)`;
        const wide = `CAST(CAST(${expr} AS DECIMAL(65, 30)) AS CHAR)`;
        return `TRIM(TRAILING '.' FROM TRIM(TRAILING '0' FROM ${wide}))`;
    }
    floatText(expr) {
        return `CASE WHEN (${expr}) = 0 THEN '0' ELSE CAST(${expr} AS CHAR) END`;
    }
    /**
     * MySQL shows a FLOAT with 6 significant digits (1.234567 and 1.234568 both read `1.23457`):
     * widened to DOUBLE its text is exact and unique per 4-byte value (canonicalFloat finishes it).
     */
    singleFloatText(expr) {
        return `CASE WHEN (${expr}) = 0 THEN '0' ELSE CAST(CAST(CAST(${expr} AS FLOAT) AS DOUBLE) AS CHAR) END`;
    }
    booleanText(expr) {
        return `CASE WHEN ${expr} IS NULL THEN NULL WHEN ${expr} <> 0 THEN '1' ELSE '0' END`;
    }
    dateText(expr) {
        return `DATE_FORMAT(${expr}, '%Y-%m-%d')`;
    }
    timestampText(expr, _withTimeZone) {
        // TIMESTAMP columns are shown in the session time zone, which the connection sets to UTC.
        return `DATE_FORMAT(${expr}, '%Y-%m-%d %H:%i:%s.%f')`;
    }
    timeText(expr) {
        return `TIME_FORMAT(${expr}, '%H:%i:%s.%f')`;
    }
    textText(expr) {
        return `CAST(${expr} AS CHAR)`;
    }
    lowerText(expr) {
        return `LOWER(${expr})`;
    }
    jsonText(expr) {
        return `CAST(${expr} AS CHAR)`;
    }
    bytesText(expr) {
        return `LOWER(HEX(${expr}))`;
    }
    /**
     * A SET with declared members: one token per member whose bit the value has (`value & bits`, no
     * string splitting), in declaration order (a list) or distinct and sorted bytewise (a set); the
     * tokens are written here, lowercased as `canonicalLower` does when case does not count.
     */
    collectionText(expr, column, options) {
        if (!column.members)
            return super.collectionText(expr, column, options);
        const member = this.memberOf(column, options);
        const lower = !member.options.caseSensitive;
        const bits = new Map();
        column.members.forEach((name, i) => {
            const token = (0,collection/* collectionToken */.K9)(lower ? (0,canonical/* canonicalLower */.GT)(name) : name);
            bits.set(token, (bits.get(token) ?? 0n) | (1n << BigInt(i)));
        });
        const tokens = column.family === 'set' ? [...bits.keys()].sort(canonical/* compareCodePoints */.OP) : [...bits.keys()];
        const present = tokens.map((token) => `IF((${expr} & ${bits.get(token)}) <> 0, ${this.stringLiteral(token)}, NULL)`);
        return `CASE WHEN ${expr} IS NULL THEN NULL ELSE CONCAT('[', CONCAT_WS(',', ${present.join(', ')}), ']') END`;
    }
    binaryText(expr) {
        return expr.startsWith('CAST(') && expr.endsWith(' AS BINARY)') ? expr : `CAST(${expr} AS BINARY)`;
    }
    /** Numbers, booleans, dates and times (text compares by collation here: case- and accent-insensitive, PAD SPACE). */
    sameValue(a, b, column) {
        return compiler/* SAME_VALUE_FAMILIES */._3.has(column.family) ? `${a} <=> ${b}` : undefined;
    }
    isDistinct(a, b) {
        return `NOT (${this.binaryText(a)} <=> ${this.binaryText(b)})`;
    }
    textToNumber(expr) {
        return `CAST(${expr} AS DECIMAL(65, 30))`;
    }
    charLength(expr) {
        return `CHAR_LENGTH(${expr})`;
    }
    concat(parts) {
        return parts.length === 1 ? (parts[0] ?? "''") : `CONCAT(${parts.join(', ')})`;
    }
    md5AsInteger(expr) {
        return `CAST(CONV(SUBSTRING(MD5(${expr}), 21), 16, 10) AS UNSIGNED)`;
    }
    /**
     * GROUP_CONCAT cuts its text SILENTLY at group_concat_max_len or max_allowed_packet (with only a
     * warning): the checksum diff uses it only where a group's texts cannot reach that (mysqlChecksumHooks).
     */
    orderedMd5(text, orderBy) {
        return `MD5(GROUP_CONCAT(${text} ORDER BY ${orderBy} SEPARATOR ';'))`;
    }
    /** A LIMIT keeps MariaDB from merging the derived table into the grouping query: it is materialized. */
    materializedTable(sql, alias) {
        return this.derivedTable(`${sql} LIMIT 18446744073709551615`, alias);
    }
    /**
     * In the order the rows come: MariaDB drops a derived table's ORDER BY, and InnoDB reads a range of
     * its clustered (primary key) index in key order; another engine's or a partitioned table's order
     * only makes chunks look different (chunks.ts). Cut like orderedMd5's.
     */
    joinedMd5(text) {
        return `MD5(GROUP_CONCAT(${text} SEPARATOR ';'))`;
    }
    md5Hex(text) {
        return `MD5(${text})`;
    }
    textKeyOrder = {
        utf8: (text) => this.binaryText(text),
        bytes: (hex) => `X'${hex}'`,
        // On binary strings SUBSTRING and RPAD count bytes; RPAD pads with NUL bytes and cuts to 7.
        prefixCode: (bytes, skip) => `CAST(CONV(HEX(RPAD(${skip === 0 ? bytes : `SUBSTRING(${bytes}, ${skip + 1})`}, 7, X'00')), 16, 10) AS UNSIGNED)`,
        // RIGHT counts characters on a utf8mb4 string (the canonical texts are).
        tail: (text, characters) => `RIGHT(${text}, ${characters})`,
        // INTERVAL binary-searches its integer arguments.
        boundsReached: (value, bounds) => (bounds.length === 0 ? '0' : `INTERVAL(${value}, ${bounds.join(', ')})`),
        // CRC32 of the key costs what RAND() does (1M rows: 0.10–0.11 s both).
        sample: (fraction, keyText) => `CRC32(${keyText}) < ${(0,compiler/* sampleThreshold */.Kd)(fraction)}`,
    };
}
const mysqlCompiler = new MysqlCompiler();
/**
 * A declared DATE column's own text, `YYYY-MM-DD` (a zero date, zero parts and years below 1000 written
 * as DATE_FORMAT writes them): the canonical text without DATE_FORMAT's format (MariaDB, 100k rows:
 * 0.096 → 0.056 s). Undefined for anything else (a DATETIME compared as a date keeps DATE_FORMAT).
 */
function declaredDateText(expr, column) {
    const ownDate = column.stored === undefined || column.stored === 'date';
    if (column.family !== 'date' || !ownDate || !column.declared || !/^date$/i.test(column.type.trim()))
        return undefined;
    return `CONCAT(${expr})`;
}
/**
 * A declared DATETIME(p) or TIMESTAMP(p) column's own text, `YYYY-MM-DD HH:MM:SS` and p fraction
 * digits (zero dates and years below 1000 written as DATE_FORMAT writes them), padded to six: the
 * canonical text without DATE_FORMAT (MariaDB, 1M rows: 0.18 s less of a 0.8 s row text). Undefined
 * for anything else, and for a query's columns, whose metadata may not give the digits the value has.
 */
function declaredTimestampText(expr, column) {
    const temporal = column.family === 'timestamp' || column.family === 'timestamptz';
    const precision = column.precision;
    if (!temporal || !column.declared || precision === undefined || precision < 0 || precision > 6 || !/^(datetime|timestamp)\b/i.test(column.type))
        return undefined;
    if (precision === 6)
        return `CONCAT(${expr})`;
    return `CONCAT(${expr}, '${precision === 0 ? '.000000' : '0'.repeat(6 - precision)}')`;
}
//# sourceMappingURL=compiler.js.map
// EXTERNAL MODULE: ./node_modules/mysql2/index.js
var mysql2 = __webpack_require__(20909);
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
// EXTERNAL MODULE: ./build/src/dialects/errors.js
var errors = __webpack_require__(57690);
// EXTERNAL MODULE: ./build/src/shared/errors.js
var shared_errors = __webpack_require__(80604);
// EXTERNAL MODULE: ./build/src/sql/type-family.js
var type_family = __webpack_require__(96753);
;// CONCATENATED MODULE: ./build/src/dialects/mysql/type-names.js

const mysqlTypeOverrides = [
    [/^(tinyint\(1\)|bit\(1\))/, 'boolean'],
    [/^timestamp\b/, 'timestamptz'],
];
/** MySQL's FLOAT is a 4-byte float (FLOAT(p) with p > 24 is reported as `double`; REAL is DOUBLE). */
const MYSQL_SINGLE_FLOAT = /^float\b/;
/**
 * A MySQL/MariaDB type name as a column type. DATETIME, TIMESTAMP and TIME without a precision hold
 * whole seconds (unlike PostgreSQL's, which default to microseconds): precision 0, so they compare
 * with a microsecond column at whole seconds. A text column keeps its character set (from the catalog).
 */
function mysqlColumnType(name, typeName, charset) {
    const column = (0,type_family/* columnTypeOf */.gy)(name, typeName, mysqlTypeOverrides, MYSQL_SINGLE_FLOAT);
    if (column.family === 'text' && charset)
        column.charset = charset.toLowerCase();
    const temporal = column.family === 'timestamp' || column.family === 'timestamptz' || column.family === 'time';
    if (temporal && column.precision === undefined && /^(datetime|timestamp|time)\b(?!\s*\()/i.test(column.type))
        column.precision = 0;
    return column;
}
//# sourceMappingURL=type-names.js.map
// EXTERNAL MODULE: external "node:tls"
var external_node_tls_ = __webpack_require__(41692);
// EXTERNAL MODULE: ./build/src/shared/connection-url.js
var connection_url = __webpack_require__(53655);
// EXTERNAL MODULE: ./build/src/dialects/tls-files.js
var tls_files = __webpack_require__(858);
;// CONCATENATED MODULE: ./build/src/dialects/mysql/tls.js
/**
 * TLS for MySQL/MariaDB with the mysql client's meanings, so the `?ssl-mode=…` that RDS, Cloud SQL,
 * Azure and PlanetScale document works as it does in `mysql`:
 *
 * | ssl-mode        | encrypted                  | certificate checked | host name checked |
 * |-----------------|----------------------------|---------------------|-------------------|
 * | DISABLED        | no                         | –                   | –                 |
 * | PREFERRED       | when the server offers it  | no                  | no                |
 * | REQUIRED        | yes                        | no                  | no                |
 * | VERIFY_CA       | yes                        | yes                 | no                |
 * | VERIFY_IDENTITY | yes                        | yes                 | yes               |
 *
 * The default is PREFERRED, or VERIFY_CA when `ssl-ca` is given (as in the mysql client). `ssl-ca`
 * names the CA file (without it, Node's CA store plus NODE_EXTRA_CA_CERTS); `ssl-cert`/`ssl-key` a
 * client certificate. `_` may stand for `-` in the names, and libpq's spellings of the modes
 * (`require`, `verify-full`…) are understood. mysql2's own `ssl={…json…}` and `ssl=true` still work.
 * When TLS was asked for, the connection is never made in plain text.
 */




const MYSQL_SSL_MODES = ['DISABLED', 'PREFERRED', 'REQUIRED', 'VERIFY_CA', 'VERIFY_IDENTITY'];
const ALIASES = {
    DISABLE: 'DISABLED',
    PREFER: 'PREFERRED',
    REQUIRE: 'REQUIRED',
    VERIFY_FULL: 'VERIFY_IDENTITY',
};
/** The value of a parameter under any of its spellings (`ssl-mode`, `ssl_mode`, `sslmode`, `sslMode`), removed from the URL. */
function take(url, name) {
    const squashed = name.replace(/[-_]/g, '').toLowerCase();
    let value;
    for (const key of [...url.searchParams.keys()]) {
        if (key.replace(/[-_]/g, '').toLowerCase() !== squashed)
            continue;
        value = url.searchParams.get(key) || undefined;
        url.searchParams.delete(key);
    }
    return value;
}
function modeOf(given, datasourceName) {
    const upper = given.toUpperCase().replace(/-/g, '_');
    const mode = ALIASES[upper] ?? upper;
    if (MYSQL_SSL_MODES.includes(mode))
        return mode;
    throw new shared_errors/* ConfigurationError */.j1(`ssl-mode=${given} in the url of data source "${datasourceName}" is not a MySQL SSL mode.`, {
        hint: `Use one of ${MYSQL_SSL_MODES.join(', ')} (REQUIRED encrypts without checking the certificate, VERIFY_IDENTITY checks it and the host name).`,
    });
}
/** mysql2's legacy `ssl` parameter: a JSON object (passed on as it is), true/false, or a mode. */
function legacy(value, datasourceName) {
    if (/^(true|1)$/i.test(value))
        return { mode: 'REQUIRED' };
    if (/^(false|0)$/i.test(value))
        return { mode: 'DISABLED' };
    if (value.trim().startsWith('{')) {
        try {
            return { custom: JSON.parse(value) };
        }
        catch {
            throw new shared_errors/* ConfigurationError */.j1(`ssl=${value.slice(0, 40)}… in the url of data source "${datasourceName}" is not valid JSON.`, {
                hint: 'Use ssl-mode=REQUIRED (or VERIFY_CA / VERIFY_IDENTITY with ssl-ca=/path/to/ca.pem) instead.',
            });
        }
    }
    return { mode: modeOf(value, datasourceName) };
}
/** The TLS settings of a MySQL/MariaDB URL. */
async function mysqlTls(uri, datasourceName) {
    // One reading only (mysql2 parses it again): a URL a password breaks is refused, quoting none of it.
    const url = (0,connection_url/* readConnectionUrl */.K$)(uri, `the url of data source "${datasourceName}"`);
    const given = take(url, 'ssl-mode');
    const ca = take(url, 'ssl-ca');
    const cert = take(url, 'ssl-cert');
    const key = take(url, 'ssl-key');
    const old = url.searchParams.get('ssl') ?? undefined;
    url.searchParams.delete('ssl');
    const stripped = url.toString();
    const host = url.hostname.replace(/^\[|\]$/g, '');
    const fromLegacy = old === undefined || given !== undefined ? undefined : legacy(old, datasourceName);
    if (fromLegacy && 'custom' in fromLegacy)
        return { uri: stripped, host, ssl: fromLegacy.custom, mode: 'custom', plainFallback: false };
    const mode = given !== undefined ? modeOf(given, datasourceName) : (fromLegacy?.mode ?? (ca !== undefined ? 'VERIFY_CA' : 'PREFERRED'));
    if (mode === 'DISABLED')
        return { uri: stripped, host, ssl: undefined, mode, plainFallback: false };
    const ssl = { rejectUnauthorized: mode === 'VERIFY_CA' || mode === 'VERIFY_IDENTITY', verifyIdentity: mode === 'VERIFY_IDENTITY' };
    if (ca !== undefined)
        ssl.ca = await (0,tls_files/* readTlsFile */.C)(ca, 'ssl-ca', datasourceName);
    if (cert !== undefined)
        ssl.cert = await (0,tls_files/* readTlsFile */.C)(cert, 'ssl-cert', datasourceName);
    if (key !== undefined)
        ssl.key = await (0,tls_files/* readTlsFile */.C)(key, 'ssl-key', datasourceName);
    return { uri: stripped, host, ssl, mode, plainFallback: mode === 'PREFERRED' };
}
/** mysql2's error when it asked for TLS and the server's greeting offers none. */
function isNoTlsAnswer(error) {
    return error?.code === 'HANDSHAKE_NO_SSL_SUPPORT';
}
/**
 * VERIFY_IDENTITY: the error when the server's certificate does not name the url's host. mysql2 checks
 * the name only for host names, not for IP addresses (it then passes no server name to TLS), so the
 * check is made here on every new connection's socket, for both.
 */
function identityError(tls, stream) {
    if (tls.mode !== 'VERIFY_IDENTITY' || !(stream instanceof external_node_tls_.TLSSocket))
        return undefined;
    return (0,external_node_tls_.checkServerIdentity)(tls.host, stream.getPeerCertificate());
}
//# sourceMappingURL=tls.js.map
// EXTERNAL MODULE: external "node:net"
var external_node_net_ = __webpack_require__(77030);
;// CONCATENATED MODULE: ./build/src/dialects/mysql/preferred-tls.js
/**
 * ssl-mode=PREFERRED against a server without TLS, on the first connection: mysql2 reads the server's
 * greeting, finds no TLS in it and fails the connection (HANDSHAKE_NO_SSL_SUPPORT), so the fall back to
 * plain text cost a second TCP connection and server thread (7 ms here, a few round trips on a real
 * link). The socket is made here instead (mysql2's `stream` option, with mysql2's own settings), and
 * the greeting is read before mysql2 reads it: where it offers no TLS, the connection's settings (a
 * copy of the pool's, one per connection) drop TLS, so mysql2 goes on in plain text on this socket, as
 * the mysql client does. Only for PREFERRED: a mode that requires TLS never goes out in plain text.
 */

/** The greeting's capability flag for TLS (CLIENT_SSL). */
const CLIENT_SSL = 0x0800;
/**
 * False when the first bytes of a connection are a greeting (protocol 10) whose capabilities lack TLS;
 * true when they offer it, and for anything else (an error packet, a greeting cut short): mysql2 then
 * answers as it always does.
 */
function greetingOffersTls(first) {
    // 4 bytes of packet header, then the protocol version, the server's version ending in NUL, the
    // connection id (4), the first 8 bytes of the scramble, a filler byte and the low capability flags (2).
    if (first.length < 5 || first[4] !== 10)
        return true;
    const versionEnd = first.indexOf(0, 5);
    const flags = versionEnd + 1 + 4 + 8 + 1;
    if (versionEnd < 0 || first.length < flags + 2)
        return true;
    return (first.readUInt16LE(flags) & CLIENT_SSL) !== 0;
}
/** mysql2's `stream` factory for a PREFERRED data source: `onRefused` is told when a server offers no TLS. */
function preferredTlsSocket(onRefused) {
    return ({ config }) => {
        // As mysql2 makes its own: a Unix socket, or TCP without Nagle's delay and with keep-alive.
        const socket = config.socketPath ? external_node_net_.connect(config.socketPath) : external_node_net_.connect(config.port ?? 3306, config.host ?? 'localhost');
        if (!config.socketPath) {
            socket.setNoDelay(true);
            if (config.enableKeepAlive !== false)
                socket.on('connect', () => socket.setKeepAlive(true, config.keepAliveInitialDelay));
        }
        // Before mysql2's own listener, which is added after this returns.
        socket.once('data', (first) => {
            if (!config.ssl || greetingOffersTls(first))
                return;
            config.ssl = undefined;
            onRefused();
        });
        return socket;
    };
}
//# sourceMappingURL=preferred-tls.js.map
// EXTERNAL MODULE: ./build/src/dialects/link-errors.js
var link_errors = __webpack_require__(52933);
// EXTERNAL MODULE: ./build/src/dialects/stop-query.js
var stop_query = __webpack_require__(8460);
// EXTERNAL MODULE: ./build/src/dialects/primary-key.js
var primary_key = __webpack_require__(40265);
;// CONCATENATED MODULE: ./build/src/dialects/mysql/connection.js
/** A lazily created mysql2 pool with UTC sessions, row streaming and KILL QUERY cancellation. */












const BINARY_CHARSET = 63;
const TEXTUAL = new Set(['VAR_STRING', 'STRING', 'VARCHAR', 'BLOB', 'TINY_BLOB', 'MEDIUM_BLOB', 'LONG_BLOB']);
class MysqlConnection {
    url;
    options;
    network;
    dialect = 'mysql';
    compiler = mysqlCompiler;
    pool;
    closed = false;
    /** KILL QUERYs under way: `close` waits for them, so a dropped query is stopped on the server too. */
    killing = new Set();
    toldOfOracleMode = false;
    /** The least GROUP_CONCAT cap a session reported when it was set up (`textAggregateCap`). */
    sessionTextCap;
    /** Pool connections whose session settings are made. */
    prepared = new WeakSet();
    /** The URL's TLS settings (the mysql client's ssl-mode & co.), read, files included, before the first connection; the service's isolated connections bring their own. */
    tls;
    resolvedTls;
    /** Pools left behind by a fall back to plain text, ended on close. */
    retired = [];
    /** Connections taken from the pool and not yet given back: what destroy() ends on the server. */
    active = new Set();
    constructor(url, options, network = {}) {
        this.url = url;
        this.options = options;
        this.network = network;
    }
    connectionOptions() {
        const fromUrl = this.network.isolated ? undefined : this.resolvedTls;
        if (!this.network.isolated && !fromUrl)
            throw new Error('mysql TLS settings used before they were read');
        return {
            uri: fromUrl ? fromUrl.uri : this.url,
            // The service's URLs come without query parameters (src/server/connection-policy.ts), TLS as text here.
            connectTimeout: this.network.connectTimeoutMs ?? 30_000,
            ...(this.network.isolated?.tls ? { ssl: connection_mysqlTls(this.network.isolated.tls) } : fromUrl?.ssl ? { ssl: fromUrl.ssl } : {}),
            // PREFERRED: a server whose greeting offers no TLS is spoken to in plain text on the same socket.
            ...(fromUrl?.ssl && fromUrl.plainFallback && { stream: preferredTlsSocket(() => this.tlsRefused()) }),
            timezone: 'Z',
            dateStrings: true,
            supportBigNumbers: true,
            bigNumberStrings: true,
            decimalNumbers: false,
            charset: 'utf8mb4',
            // mysql2 scans every query for `?` placeholders even when it has no values (the checksum scan's
            // SQL is about 35 KB, bounds included): a query without values is sent as written.
            queryFormat: (sql, values) => (values === undefined || (Array.isArray(values) && values.length === 0) ? sql : mysql2.format(sql, values, false, 'Z')),
            // No stack captured per query for a caller's promise (our errors name the SQL and data source).
            trace: false,
            // One statement per query, always, and no LOAD DATA LOCAL: whatever the URL's own options say
            // (mysql2 lets a URL's `?multipleStatements=true` win over a false option, but not over flags).
            multipleStatements: false,
            flags: '-MULTI_STATEMENTS,-LOCAL_FILES',
            // Canonical texts are BINARY (bytewise comparison): read them back as UTF-8 text.
            typeCast: (field, next) => {
                if (TEXTUAL.has(field.type) && field.charset === BINARY_CHARSET)
                    return field.string('utf8');
                return next();
            },
        };
    }
    /**
     * PREFERRED, and a greeting offered no TLS: pools and connections made from now on are plain. (The
     * present pool's connections each read their own greeting: mysql2 copies the settings for each. One
     * whose greeting came cut in two still fails as before, and `fallBackToPlain` still retries it.)
     */
    tlsRefused() {
        if (this.resolvedTls?.plainFallback)
            this.resolvedTls = { ...this.resolvedTls, ssl: undefined };
    }
    getPool() {
        if (this.closed)
            throw new shared_errors/* ConnectionError */.Rc(`The connection to data source "${this.options.datasourceName}" is closed.`);
        if (!this.pool) {
            this.pool = mysql2.createPool({ ...this.connectionOptions(), connectionLimit: this.options.poolSize ?? 4 });
        }
        return this.pool;
    }
    /** `connecting`: the error came while getting a connection, so it is a connection error whatever its code (a timeout, the wrong protocol…). */
    wrap(error, sql, options, connecting = false) {
        const context = { datasourceName: this.options.datasourceName };
        if (sql !== undefined)
            context.sql = sql;
        if (options?.signal)
            context.signal = options.signal;
        const info = categorize(error);
        return (0,errors/* wrapDriverError */.Z3)(error, connecting && info.category !== 'cancelled' ? { ...info, category: 'connection' } : info, { ...context, statementTimeoutMs: this.options.statementTimeoutMs, statementTimeoutHint: this.options.statementTimeoutHint, address: (0,errors/* addressOf */.ci)(this.url, 3306), tls: link_errors/* MYSQL_TLS_WORDS */.V_ });
    }
    /**
     * ssl-mode=PREFERRED and a server without TLS: from now on this data source speaks plain text. The
     * first caller to see it replaces the pool (the old one ends with the connection: callers still
     * queued on it get their own refusal and retry); true when a retry will be plain.
     */
    fallBackToPlain(pool) {
        const tls = this.resolvedTls;
        if (this.pool !== pool)
            return tls !== undefined && tls.ssl === undefined;
        if (!tls?.plainFallback)
            return false;
        this.resolvedTls = { ...tls, ssl: undefined, plainFallback: false };
        this.pool = undefined;
        this.retired.push(pool);
        return true;
    }
    async acquire(options) {
        options?.signal?.throwIfAborted();
        if (!this.network.isolated) {
            this.tls ??= mysqlTls(this.url, this.options.datasourceName);
            this.resolvedTls ??= await this.tls;
        }
        const signal = options?.signal;
        const pool = this.getPool();
        let connection;
        try {
            connection = await new Promise((resolve, reject) => {
                // An abort does not wait for a server that never answers: the late connection is dropped when it comes.
                const stop = () => {
                    reject(signal?.reason);
                    dropConnecting(this.pool);
                };
                signal?.addEventListener('abort', stop, { once: true });
                pool.getConnection((error, connection) => {
                    signal?.removeEventListener('abort', stop);
                    if (signal?.aborted)
                        connection?.destroy();
                    else if (error)
                        reject(error);
                    else
                        resolve(connection);
                });
            });
        }
        catch (error) {
            if (signal?.aborted)
                throw this.wrap(signal.reason, undefined, options);
            // A TLS refusal, or a pool another caller retired while this waited on it: retry once plain.
            if ((isNoTlsAnswer(error) || this.pool !== pool) && this.fallBackToPlain(pool))
                return this.acquire(options);
            throw this.wrap(error, undefined, undefined, true);
        }
        if (this.closed) {
            // destroy() ran while this connection was being made.
            connection.destroy();
            throw new shared_errors/* ConnectionError */.Rc(`The connection to data source "${this.options.datasourceName}" is closed.`);
        }
        this.active.add(connection);
        if (this.prepared.has(connection))
            return connection;
        try {
            const wrongHost = this.resolvedTls && identityError(this.resolvedTls, connection.stream);
            if (wrongHost)
                throw wrongHost;
            await this.prepareSession(connection);
        }
        catch (error) {
            this.active.delete(connection);
            connection.destroy();
            throw this.wrap(error, undefined, undefined, true);
        }
        try {
            await this.options.admitSession?.(this.sessionOf(connection));
        }
        catch (error) {
            // refused, or the question failed: the session goes, never back to the pool
            this.active.delete(connection);
            connection.destroy();
            throw error;
        }
        this.prepared.add(connection);
        return connection;
    }
    /** One pool connection as a session to ask (`admitSession`); an abort ends the wait and the connection. */
    sessionOf(connection) {
        return {
            dialect: 'mysql',
            query: async (sql, params = [], options) => {
                const signal = options?.signal;
                let drop;
                const aborted = new Promise((_, reject) => {
                    drop = () => {
                        reject(signal?.reason);
                        connection.destroy();
                    };
                });
                try {
                    signal?.throwIfAborted();
                    signal?.addEventListener('abort', drop, { once: true });
                    const asked = connection.promise().query(sql, params);
                    asked.catch(() => undefined);
                    const [rows] = await Promise.race([asked, aborted]);
                    return rows;
                }
                catch (error) {
                    throw this.wrap(error, sql, options);
                }
                finally {
                    signal?.removeEventListener('abort', drop);
                }
            },
        };
    }
    /** Gives a connection back to the pool, or (`reusable` false) closes it: once only, and not after destroy(). */
    release(connection, reusable = true) {
        if (!this.active.delete(connection))
            return;
        if (reusable)
            connection.release();
        else
            connection.destroy();
    }
    /**
     * A new session, in three round trips: UTC, GROUP_CONCAT up to 1 GB (the checksum diff's ordered
     * row hash joins a range's row texts; max_allowed_packet still caps it) and the statement time
     * limit (MariaDB's max_statement_time in seconds, else MySQL's max_execution_time in ms: a SET naming
     * an unknown variable fails whole, and is made again); read-only (every statement is then a
     * read-only transaction: a write fails with ER_CANT_EXECUTE_IN_READ_ONLY_TRANSACTION, and a SELECT
     * cannot change that); then the sql_mode, without ORACLE's flag (WITHOUT_ORACLE_MODE), read with the
     * GROUP_CONCAT cap the ordered row hash needs (`textAggregateCap`).
     */
    async prepareSession(connection) {
        const run = (sql) => connection.promise().query(sql);
        const settings = "SET time_zone = '+00:00', SESSION group_concat_max_len = 1073741824";
        const ms = this.options.statementTimeoutMs;
        if (!ms)
            await run(settings);
        else {
            try {
                await run(`${settings}, SESSION max_statement_time = ${Math.max(0.001, ms / 1000)}`);
            }
            catch (error) {
                if (error.code !== 'ER_UNKNOWN_SYSTEM_VARIABLE')
                    throw error;
                await run(`${settings}, SESSION max_execution_time = ${Math.max(1, Math.round(ms))}`);
            }
        }
        await run('SET SESSION TRANSACTION READ ONLY');
        // A server (or proxy) that will not say its cap still says its sql_mode; the cap is then asked for when needed.
        const [rows] = await run(`SELECT @@SESSION.sql_mode AS mode, ${TEXT_CAP} AS cap`).catch(() => run('SELECT @@SESSION.sql_mode AS mode'));
        const session = rows[0];
        const cap = Number(session?.cap);
        if (session?.cap !== undefined && session.cap !== null && Number.isFinite(cap))
            this.sessionTextCap = Math.min(this.sessionTextCap ?? cap, cap);
        if (String(session?.mode ?? '').split(',').includes('ORACLE')) {
            await run(WITHOUT_ORACLE_MODE);
            if (!this.toldOfOracleMode) {
                this.toldOfOracleMode = true;
                this.options.logger.warning(`Data source "${this.options.datasourceName}": the server's sql_mode includes ORACLE, under which CONCAT reads NULL as ''; datacompare's sessions run without that flag (the rest of the mode stays), so a filter or query that relies on it (\`'a' || NULL\` being 'a') reads NULL there.`);
            }
        }
    }
    /**
     * How many bytes GROUP_CONCAT keeps before it cuts a group's text SILENTLY (group_concat_max_len,
     * or max_allowed_packet when less): as the sessions reported it when they were set up, else asked.
     */
    async textAggregateCap(options) {
        if (this.sessionTextCap !== undefined)
            return this.sessionTextCap;
        const [row] = await this.query(`SELECT ${TEXT_CAP} AS cap`, [], options);
        return Number(row?.cap ?? 0);
    }
    async kill(threadId) {
        const connection = mysql2.createConnection(this.connectionOptions());
        await connection
            .promise()
            .query(`KILL QUERY ${Number(threadId)}`)
            .catch((error) => this.options.logger.debug(`could not cancel the query on "${this.options.datasourceName}": ${error.message}`));
        await connection.promise().end().catch(() => undefined);
    }
    onAbort(connection, options) {
        const signal = options?.signal;
        if (!signal)
            return () => undefined;
        // Stop the query on the server, and drop the connection at once (a server that stopped answering
        // would otherwise hold the query, and whoever waits for it, until the socket dies).
        let settle;
        const settled = new Promise((resolve) => (settle = resolve));
        let done = false;
        // KILL QUERY; one that came before the query started is a no-op, so it is repeated while the query
        // still runs. (The connection is not destroyed: mysql2 would leave a streaming query waiting forever.)
        const listener = () => {
            const killed = (0,stop_query/* stopQuery */.T)(() => this.kill(connection.threadId), settled, () => done);
            this.killing.add(killed);
            void killed.finally(() => this.killing.delete(killed));
        };
        // Aborted already (the other side failed while this query was being sent): stop it all the same.
        if (signal.aborted)
            listener();
        else
            signal.addEventListener('abort', listener, { once: true });
        return () => {
            done = true;
            settle();
            signal.removeEventListener('abort', listener);
        };
    }
    async run(sql, params, options) {
        const connection = await this.acquire(options);
        const detach = this.onAbort(connection, options);
        try {
            const result = await new Promise((resolve, reject) => {
                connection.query(sql, params, (error, rows, fields) => {
                    if (error)
                        reject(error);
                    else
                        resolve({ rows: rows, fields: (fields ?? []) });
                });
            });
            // KILL QUERY makes SLEEP() return early instead of failing: an aborted query never counts as done.
            if (options?.signal?.aborted)
                throw options.signal.reason;
            return result;
        }
        catch (error) {
            throw this.wrap(error, sql, options);
        }
        finally {
            detach();
            this.release(connection);
        }
    }
    async query(sql, params = [], options) {
        return (await this.run(sql, params, options)).rows;
    }
    async *stream(sql, params = [], options) {
        for await (const batch of this.streamBatches(sql, params, options))
            yield* batch;
    }
    async *streamBatches(sql, params = [], options) {
        const connection = await this.acquire(options);
        const detach = this.onAbort(connection, options);
        // The rows as mysql2 parses them, in batches of at most 4 MiB; the socket paused while more wait unread.
        const query = connection.query(sql, params);
        let completed = false;
        try {
            yield* boundedBatches(query, connection);
            completed = true;
        }
        catch (error) {
            throw this.wrap(error, sql, options);
        }
        finally {
            detach();
            // Stopped early: the server is still sending rows on this connection; it cannot be reused.
            this.release(connection, completed);
        }
    }
    /**
     * One query for the columns and their places in the primary key; the JSON check only for a table
     * with a TEXT column (MariaDB's JSON is a LONGTEXT with a json_valid check; a TEXT may carry one too).
     */
    async describeTable(table, options) {
        const parts = (0,compiler/* splitQualifiedName */.yU)(table);
        const name = parts.at(-1) ?? table;
        const schema = parts.length > 1 ? (parts.at(-2) ?? null) : null;
        const columns = await this.query(
        // A subquery with the names as constants: joined, MariaDB would read STATISTICS of every database.
        `SELECT c.COLUMN_NAME AS name, c.COLUMN_TYPE AS type, c.CHARACTER_SET_NAME AS charset,
              (SELECT k.SEQ_IN_INDEX FROM information_schema.STATISTICS k
                WHERE k.TABLE_SCHEMA = COALESCE(?, DATABASE()) AND k.TABLE_NAME = ? AND k.INDEX_NAME = 'PRIMARY' AND k.COLUMN_NAME = c.COLUMN_NAME) AS key_position
         FROM information_schema.COLUMNS c
        WHERE c.TABLE_SCHEMA = COALESCE(?, DATABASE()) AND c.TABLE_NAME = ? ORDER BY c.ORDINAL_POSITION`, [schema, name, schema, name], options);
        const json = columns.some((row) => /^(?:tiny|medium|long)?text\b/i.test(String(row.type))) ? await this.jsonColumns(schema, name, options) : new Set();
        return {
            columns: columns.map((row) => ({
                ...mysqlColumnType(String(row.name), json.has(String(row.name)) ? 'json' : String(row.type), row.charset === null || row.charset === undefined ? undefined : String(row.charset)),
                declared: true,
            })),
            primaryKey: (0,primary_key/* primaryKeyOf */.b)(columns),
        };
    }
    /**
     * MariaDB's JSON is a LONGTEXT with a `json_valid(col)` check: its columns, so they compare by
     * value, not by spelling. MySQL reports `json` itself (its CHECK_CONSTRAINTS has no TABLE_NAME: none found).
     */
    async jsonColumns(schema, table, options) {
        try {
            const rows = await this.query(`SELECT CHECK_CLAUSE AS clause FROM information_schema.CHECK_CONSTRAINTS
          WHERE CONSTRAINT_SCHEMA = COALESCE(?, DATABASE()) AND TABLE_NAME = ? AND CHECK_CLAUSE LIKE 'json\\_valid(%'`, [schema, table], options);
            const names = rows.map((row) => /^json_valid\(`((?:[^`]|``)+)`\)$/.exec(String(row.clause))?.[1]?.replaceAll('``', '`'));
            return new Set(names.filter((n) => n !== undefined));
        }
        catch (error) {
            if (options?.signal?.aborted)
                throw error;
            return new Set();
        }
    }
    async describeQuery(sql, options) {
        const { fields } = await this.run(`SELECT * FROM (${sql}) AS q LIMIT 0`, [], options);
        return { columns: fields.map(fieldType), primaryKey: [] };
    }
    async serverVersion(options) {
        const [row] = await this.query('SELECT VERSION() AS v', [], options);
        return String(row?.v);
    }
    async close() {
        this.closed = true;
        const pool = this.pool;
        this.pool = undefined;
        // a connect still pending ends now, not at the connect timeout
        for (const ending of [pool, ...this.retired])
            dropConnecting(ending);
        await Promise.allSettled([...this.killing]);
        const pools = [pool, ...this.retired.splice(0)].filter((p) => p !== undefined);
        await Promise.all(pools.map((p) => new Promise((resolve) => p.end(() => resolve()))));
    }
    /**
     * A stop: the threads of the connections in use are killed on the server (KILL, from a connection
     * outside the pool: a thread blocked sending rows to a paused socket shows `Killed` and stays),
     * then every socket is torn down without waiting for the server. pool.end() would wait for the
     * connections in use to be released, which a stuck stream never does.
     */
    async destroy() {
        this.closed = true;
        const pool = this.pool;
        this.pool = undefined;
        const connections = [...this.active];
        this.active.clear();
        for (const ending of [pool, ...this.retired])
            dropConnecting(ending);
        // Killed under a running query, a connection reports the lost link as an error event: not a crash.
        for (const connection of connections)
            connection.on('error', () => undefined);
        if (connections.length > 0)
            await this.killThreads(connections.map((c) => c.threadId));
        for (const connection of connections)
            connection.destroy();
        for (const idle of [pool, ...this.retired.splice(0)])
            idle?.end(() => undefined);
    }
    async killThreads(threadIds) {
        const connection = mysql2.createConnection({ ...this.connectionOptions(), connectTimeout: 2_000 });
        connection.on('error', () => undefined);
        try {
            for (const id of threadIds) {
                await connection
                    .promise()
                    .query({ sql: `KILL ${Number(id)}`, timeout: 2_000 })
                    // A thread that ended meanwhile: ER_NO_SUCH_THREAD.
                    .catch((error) => {
                    if (error.code !== 'ER_NO_SUCH_THREAD')
                        throw error;
                });
            }
        }
        catch (error) {
            this.options.logger.debug(`could not end the queries on "${this.options.datasourceName}": ${error.message}`);
        }
        finally {
            connection.destroy();
        }
    }
}
/**
 * Drops a pool's connections still being set up (a server that accepted and never answered would keep
 * them, and whoever waits for them, until the connect timeout). mysql2 has no public way to abort a
 * pending connect: its pool's connection list and a connection's `authorized` flag are read here.
 */
function dropConnecting(pool) {
    const all = pool?._allConnections;
    if (!all)
        return;
    const pending = [];
    for (let i = 0; i < all.length; i++)
        if (!all.get(i).authorized)
            pending.push(all.get(i));
    for (const connection of pending) {
        connection.on('error', () => undefined);
        connection.destroy();
    }
}
/** mysql2's `ssl` option for an isolated connection's TLS. */
function connection_mysqlTls(tls) {
    return {
        rejectUnauthorized: tls.verify !== false,
        ...(tls.verify === 'ca' ? { checkServerIdentity: () => undefined } : {}),
        ...(tls.ca === undefined ? {} : { ca: tls.ca }),
        ...(tls.cert === undefined ? {} : { cert: tls.cert }),
        ...(tls.key === undefined ? {} : { key: tls.key }),
        ...(tls.servername === undefined ? {} : { servername: tls.servername }),
    };
}
/** GROUP_CONCAT's cap on a group's text in this session: its own limit, or a packet's when less. */
const TEXT_CAP = 'LEAST(@@SESSION.group_concat_max_len, @@SESSION.max_allowed_packet)';
/**
 * MariaDB's sql_mode=ORACLE makes CONCAT skip NULLs (`CONCAT(NULL, ':')` is `':'`), so every canonical
 * row text would read a NULL as text (a false difference against PostgreSQL's `-`): the session drops
 * that flag alone, keeping the rest of the server's mode (ANSI_QUOTES, say) for the user's filters.
 * A no-op where the mode is not set, and on MySQL, which has no such mode.
 */
const WITHOUT_ORACLE_MODE = "SET SESSION sql_mode = TRIM(BOTH ',' FROM REPLACE(CONCAT(',', @@SESSION.sql_mode, ','), ',ORACLE,', ','))";
/** The column type of a query result field (protocol type numbers). */
function fieldType(field) {
    const type = field.columnType ?? field.type ?? -1;
    const decimals = field.decimals;
    const binary = (field.characterSet ?? field.charsetNr) === BINARY_CHARSET;
    const name = field.name;
    const named = (typeName) => mysqlColumnType(name, typeName);
    if (field.extendedTypeName === 'uuid')
        return named('uuid');
    if (field.extendedFormat === 'json' || type === 245)
        return named('json');
    // A SET (SET_FLAG): its members are not in the metadata; its text is split at the commas (collection.ts).
    if (typeof field.flags === 'number' && (field.flags & 2048) !== 0)
        return named('set');
    switch (type) {
        case 1:
            return named(field.columnLength === 1 ? 'tinyint(1)' : 'tinyint');
        case 2:
        case 3:
        case 8:
        case 9:
        case 13:
            return named('bigint');
        case 16:
            return named(field.columnLength === 1 ? 'bit(1)' : 'bigint');
        case 0:
        case 246:
            return named(`decimal(65,${decimals})`);
        case 4:
            return named('float');
        case 5:
            return named('double');
        case 7:
        case 17:
            return named(`timestamp(${Math.min(6, decimals)})`);
        case 12:
        case 18:
            return named(`datetime(${Math.min(6, decimals)})`);
        case 10:
        case 14:
            return named('date');
        case 11:
        case 19:
            return named(`time(${Math.min(6, decimals)})`);
        case 15:
        case 252:
        case 253:
        case 254:
            return named(binary ? 'varbinary' : 'varchar');
        default:
            return { name, type: String(field.typeName ?? type), family: 'unknown' };
    }
}
function categorize(error) {
    const code = error?.code;
    const text = typeof code === 'string' ? code : undefined;
    const result = (category) => (text === undefined ? { category } : { category, code: text });
    switch (text) {
        case 'ER_NO_SUCH_TABLE':
        case 'ER_BAD_TABLE_ERROR':
            return result('missing-table');
        case 'ER_BAD_FIELD_ERROR':
            return result('missing-column');
        case 'ER_PARSE_ERROR':
            return result('syntax');
        case 'ER_QUERY_INTERRUPTED':
            return result('cancelled');
        case 'ER_CANT_EXECUTE_IN_READ_ONLY_TRANSACTION':
        case 'ER_READ_ONLY_TRANSACTION':
            return result('read-only');
        case 'ER_QUERY_TIMEOUT':
            return result('timeout');
        case 'ER_ACCESS_DENIED_ERROR':
        case 'ER_BAD_DB_ERROR':
        case 'ER_DBACCESS_DENIED_ERROR':
        case 'PROTOCOL_CONNECTION_LOST':
            return result('connection');
    }
    if (text && /^E[A-Z]+$/.test(text))
        return result('connection');
    // MariaDB's ER_STATEMENT_TIMEOUT has no name in mysql2, only its number.
    if (error?.errno === 1969)
        return result('timeout');
    return result('other');
}
//# sourceMappingURL=connection.js.map
;// CONCATENATED MODULE: ./build/src/dialects/mysql/dialect.js




const mysqlDialect = {
    name: 'mysql',
    compiler: mysqlCompiler,
    typeOf: mysqlColumnType,
    catalogQuery: MYSQL_CATALOG_QUERY,
    routinesQuery: mysqlRoutinesQuery,
    viewsQuery: MYSQL_VIEWS_QUERY,
    connect(config, options) {
        if (config.type !== 'mysql')
            throw new TypeError(`mysql dialect given a ${config.type} connection`);
        return new MysqlConnection(config.url, options, config);
    },
};
//# sourceMappingURL=dialect.js.map

/***/ })

};
