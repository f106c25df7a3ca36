export const id = 843;
export const ids = [843];
export const modules = {

/***/ 4102:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   PN: () => (/* binding */ loadDialect),
/* harmony export */   m1: () => (/* binding */ loadChecksumHooks)
/* harmony export */ });
/* unused harmony export dialectNames */
/* harmony import */ var _shared_errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(80604);
/**
 * The one place that names every database. Each dialect is loaded lazily (dynamic import), so a run
 * against SQLite never loads pg or mysql2, and the engine never imports a dialect folder.
 */

const loaders = {
    sqlite: async () => (await __webpack_require__.e(/* import() */ 601).then(__webpack_require__.bind(__webpack_require__, 20601))).sqliteDialect,
    postgres: async () => (await Promise.all(/* import() */[__webpack_require__.e(849), __webpack_require__.e(995), __webpack_require__.e(364)]).then(__webpack_require__.bind(__webpack_require__, 31364))).postgresDialect,
    mysql: async () => (await Promise.all(/* import() */[__webpack_require__.e(909), __webpack_require__.e(995), __webpack_require__.e(920)]).then(__webpack_require__.bind(__webpack_require__, 37920))).mysqlDialect,
    // CSV and Parquet files are read through an in-memory DuckDB.
    duckdb: async () => (await __webpack_require__.e(/* import() */ 491).then(__webpack_require__.bind(__webpack_require__, 39491))).duckdbDialect,
    csv: async () => (await __webpack_require__.e(/* import() */ 491).then(__webpack_require__.bind(__webpack_require__, 39491))).duckdbDialect,
    parquet: async () => (await __webpack_require__.e(/* import() */ 491).then(__webpack_require__.bind(__webpack_require__, 39491))).duckdbDialect,
};
/** Every dialect name datacompare knows. */
const dialectNames = Object.keys(loaders);
const loaded = new Map();
/** The dialect of a connection type, loaded on first use. */
function loadDialect(name) {
    const loader = loaders[name];
    if (!loader) {
        return Promise.reject(new _shared_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ConfigurationError */ .j1(`Unknown database type "${String(name)}".`, { hint: `Use one of: ${dialectNames.join(', ')}.` }));
    }
    let dialect = loaded.get(name);
    if (!dialect) {
        dialect = loader();
        loaded.set(name, dialect);
    }
    return dialect;
}
const checksumLoaders = {
    sqlite: async () => (await __webpack_require__.e(/* import() */ 463).then(__webpack_require__.bind(__webpack_require__, 72463))).sqliteChecksumHooks,
    postgres: async () => (await __webpack_require__.e(/* import() */ 470).then(__webpack_require__.bind(__webpack_require__, 36470))).postgresChecksumHooks,
    mysql: async () => (await __webpack_require__.e(/* import() */ 49).then(__webpack_require__.bind(__webpack_require__, 93049))).mysqlChecksumHooks,
    duckdb: async () => (await __webpack_require__.e(/* import() */ 254).then(__webpack_require__.bind(__webpack_require__, 7254))).duckdbChecksumHooks,
    csv: async () => (await __webpack_require__.e(/* import() */ 254).then(__webpack_require__.bind(__webpack_require__, 7254))).duckdbChecksumHooks,
    parquet: async () => (await __webpack_require__.e(/* import() */ 254).then(__webpack_require__.bind(__webpack_require__, 7254))).duckdbChecksumHooks,
};
/** The checksum diff's hooks of a dialect (see `ChecksumHooks`). */
function loadChecksumHooks(name) {
    const loader = checksumLoaders[name];
    if (!loader)
        return Promise.reject(new _shared_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ConfigurationError */ .j1(`Unknown database type "${String(name)}".`));
    return loader();
}
//# sourceMappingURL=registry.js.map

/***/ }),

/***/ 43517:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   P5: () => (/* binding */ sideLabels),
/* harmony export */   c4: () => (/* binding */ DEFAULT_QUERY_TIMEOUT_MS),
/* harmony export */   gX: () => (/* binding */ overallStatus)
/* harmony export */ });
/** A statement running longer than this (30 min) is stopped by its database unless the spec says otherwise. */
const DEFAULT_QUERY_TIMEOUT_MS = 30 * 60_000;
/** The two sides' labels of a definition (never a connection URL). */
function sideLabels(definition) {
    const label = (side) => (side.dataset !== undefined ? { datasource: side.datasourceName, dataset: side.dataset } : { datasource: side.datasourceName, query: true });
    return { source: label(definition.source), target: label(definition.target) };
}
/** The overall status of several results: error beats mismatch beats match. */
function overallStatus(results) {
    if (results.some((r) => r.status === 'error'))
        return 'error';
    if (results.some((r) => r.status === 'mismatch'))
        return 'mismatch';
    return 'match';
}
//# sourceMappingURL=model.js.map

/***/ }),

/***/ 39843:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  LOCAL_CONCURRENCY: () => (/* binding */ LOCAL_CONCURRENCY),
  runSpec: () => (/* binding */ runSpec),
  selectComparisons: () => (/* binding */ selectComparisons)
});

;// CONCATENATED MODULE: ./build/src/runner/dbt-result.js
function withDbt(result, definition) {
    if (!definition.dbt)
        return result;
    const out = { ...result, dbt: definition.dbt };
    if (definition.dbt.key_source === 'none' && out.result) {
        const model = definition.name;
        out.result = {
            ...out.result,
            diff_reasons: [
                ...out.result.diff_reasons,
                `No key found for model ${model}: only row counts, columns and per-column profiles (counts, NULLs, distinct values, min/max/sum) were compared. To compare values, add a \`unique\` (and \`not_null\`) test on its key column, a primary_key constraint, \`meta: {datacompare: {primary_keys: [...]}}\`, or dbt.models.${model}.primary_keys in the spec.`,
            ],
        };
    }
    return out;
}
//# sourceMappingURL=dbt-result.js.map
// EXTERNAL MODULE: ./build/src/engine/model.js
var model = __webpack_require__(43517);
// EXTERNAL MODULE: ./build/src/shared/abort.js
var abort = __webpack_require__(59117);
// EXTERNAL MODULE: ./build/src/shared/errors.js
var errors = __webpack_require__(80604);
// EXTERNAL MODULE: ./build/src/spec/resolve.js
var resolve = __webpack_require__(63001);
// EXTERNAL MODULE: ./build/src/spec/suggest.js
var suggest = __webpack_require__(56907);
// EXTERNAL MODULE: ./build/src/shared/redact.js
var redact = __webpack_require__(23326);
;// CONCATENATED MODULE: ./build/src/runner/error-result.js



function errorResult(name, error) {
    return {
        name,
        status: 'error',
        error: {
            kind: error.kind,
            message: (0,redact/* redact */.E$)(error.message),
            ...(error.hint !== undefined && { hint: (0,redact/* redact */.E$)(error.hint) }),
        },
    };
}
/**
 * What a thrown error means for one comparison: its own time limit firing is a timeout, the outer
 * signal firing is a cancel, anything else keeps its kind (unknown errors are our bugs).
 */
function classifyFailure(error, context) {
    if (context.outer?.aborted)
        return stoppedRun(context.outer, 'finished', error);
    if (error instanceof abort/* StopRequest */.WX)
        return stopError(error, 'finished', error);
    const name = error instanceof Error || error instanceof DOMException ? error.name : '';
    if (name === 'TimeoutError' && context.timeoutMs !== undefined && !(error instanceof errors/* TimeoutError */.MU)) {
        return new errors/* TimeoutError */.MU(`The comparison did not finish within ${limitText(context.timeoutMs)}.`, {
            cause: error,
            hint: 'raise `timeout_minutes` for this comparison, or compare fewer rows (filter, quick_comparison)',
        });
    }
    return (0,errors/* toDatacompareError */.bC)(error);
}
/**
 * Why the whole run stopped: a StopRequest says it ("stopped: SIGTERM …", "stopped: the time limit
 * timeout-minutes: 30 (the action's input) …"); otherwise its time limit (an AbortSignal.timeout) is a
 * timeout and anything else (a caller's abort) a cancel.
 */
function stoppedRun(outer, when, cause) {
    const reason = outer.reason;
    const request = (0,abort/* stopRequestOf */.Nl)(outer);
    if (request)
        return stopError(request, when, cause);
    if (reason instanceof Error && reason.name === 'TimeoutError') {
        return new errors/* TimeoutError */.MU(`The run reached its time limit before this comparison ${when}.`, {
            cause: cause ?? reason,
            hint: 'raise the timeout-minutes input, or run fewer or smaller comparisons per step',
        });
    }
    return new errors/* CancelledError */.cc(`The run was cancelled before this comparison ${when}.`, { cause: cause ?? reason });
}
/** "stopped: <why> before this comparison started/finished." */
function stopError(request, when, cause) {
    if (request.kind === 'timeout') {
        return new errors/* TimeoutError */.MU(`stopped: the time limit ${request.why} was reached before this comparison ${when}.`, {
            cause: cause ?? request,
            hint: /timeout_minutes/.test(request.why) ? 'raise timeout_minutes, add a filter, or compare fewer columns' : 'raise that limit, or run fewer or smaller comparisons per run',
        });
    }
    return new errors/* CancelledError */.cc(`stopped: ${request.why} was received before this comparison ${when}.`, { cause: cause ?? request });
}
function limitText(ms) {
    const seconds = ms / 1000;
    if (seconds < 60)
        return `${Number(seconds.toFixed(2))} seconds`;
    return `${Number((seconds / 60).toFixed(2))} minutes`;
}
//# sourceMappingURL=error-result.js.map
;// CONCATENATED MODULE: ./build/src/runner/pool.js
/** Runs `task` over `items` with at most `limit` running at once; results keep the items' order. */
async function mapWithLimit(items, limit, task) {
    const results = new Array(items.length);
    let next = 0;
    const worker = async () => {
        while (next < items.length) {
            const index = next++;
            results[index] = await task(items[index], index);
        }
    };
    await Promise.all(Array.from({ length: Math.min(Math.max(1, limit), items.length) }, worker));
    return results;
}
//# sourceMappingURL=pool.js.map
// EXTERNAL MODULE: ./build/src/dialects/registry.js
var registry = __webpack_require__(4102);
;// CONCATENATED MODULE: ./build/src/catalog/privileges.js

/** Nothing known of what is compared (the service's check of a new data source): the default schema. */
const DEFAULT_ONLY = { schemas: [], unqualified: true, queries: true };
/** The role the recipe creates. */
const READER = 'datacompare_reader';
const PG_ROLES = ['pg_read_server_files', 'pg_write_server_files', 'pg_execute_server_program', 'pg_signal_backend'];
/** MariaDB/MySQL privileges that only read (everything else writes, reaches files or administers). */
const READING = new Set(['SELECT', 'SHOW VIEW', 'USAGE', 'SHOW DATABASES']);
/** The finding for the role of this connection (or of one of its sessions), or null when it only reads. Only PostgreSQL and MariaDB/MySQL have roles. */
async function privilegedRole(connection, signal, compared = DEFAULT_ONLY) {
    // Our own catalog questions, with no user text: PostgreSQL asks them without a transaction around them.
    const options = { ...(signal && { signal }), catalog: true };
    if (connection.dialect === 'postgres') {
        const [row] = await connection.query(`SELECT current_user AS role, r.rolsuper AS superuser, current_database() AS db, current_schema() AS schema,
        ARRAY(SELECT g.rolname::text FROM pg_catalog.pg_roles g WHERE g.rolname = ANY($1::text[]) AND pg_has_role(current_user, g.oid, 'MEMBER') ORDER BY 1) AS member_of
       FROM pg_catalog.pg_roles r WHERE r.rolname = current_user`, [PG_ROLES], options);
        if (!row)
            return null;
        // a superuser is a member of every role: the superuser is what it holds
        const memberOf = row.superuser === true ? [] : (Array.isArray(row.member_of) ? row.member_of : String(row.member_of ?? '').replace(/[{}]/g, '').split(',')).map(String).filter(Boolean);
        const privileges = [...(row.superuser === true ? ['superuser'] : []), ...memberOf];
        if (privileges.length === 0)
            return null;
        const schemas = schemasToGrant(compared, row.schema, '"');
        const recipe = [
            `CREATE ROLE ${READER} LOGIN PASSWORD '…';`,
            `GRANT CONNECT ON DATABASE ${quoteWith('"', String(row.db))} TO ${READER};`,
            ...schemas.flatMap((schema) => [`GRANT USAGE ON SCHEMA ${schema} TO ${READER};`, `GRANT SELECT ON ALL TABLES IN SCHEMA ${schema} TO ${READER};`]),
        ].join(' ');
        return { role: String(row.role), privileges, recipe: recipe + otherSchemas(compared, 'the same two GRANTs') };
    }
    if (connection.dialect === 'mysql') {
        const [who] = await connection.query('SELECT CURRENT_USER() AS role, DATABASE() AS db', [], options);
        const role = String(who?.role ?? '');
        // without FOR: MariaDB adds the grants of the roles in use
        const grants = await connection.query('SHOW GRANTS', [], options);
        const held = new Set();
        for (const row of grants) {
            const text = String(Object.values(row)[0] ?? '');
            const match = /^GRANT\s+(.+?)\s+ON\s+\S+\s+TO\s+\S+/i.exec(text);
            if (!match)
                continue;
            for (const raw of match[1].split(',')) {
                const privilege = raw.trim().replace(/\s*\(.*\)$/, '').toUpperCase();
                if (!READING.has(privilege))
                    held.add(privilege);
            }
            if (/WITH GRANT OPTION/i.test(text))
                held.add('GRANT OPTION');
        }
        if (held.size === 0)
            return null;
        const account = `'${READER}'@'%'`;
        const databases = schemasToGrant(compared, who?.db, '`');
        const recipe = [`CREATE USER ${account} IDENTIFIED BY '…';`, ...databases.map((database) => `GRANT SELECT, SHOW VIEW ON ${database}.* TO ${account};`)].join(' ');
        return { role, privileges: [...held], recipe: recipe + otherSchemas(compared, 'the same GRANT') };
    }
    return null;
}
/** The schemas named by the comparisons, then the default one when a comparison reads it, quoted; a placeholder when none is known. */
function schemasToGrant(compared, defaultSchema, quote) {
    const schemas = new Set(compared.schemas);
    if ((compared.unqualified || compared.queries) && typeof defaultSchema === 'string')
        schemas.add(defaultSchema);
    return schemas.size > 0 ? [...schemas].map((schema) => quoteWith(quote, schema)) : ['your_schema'];
}
/** The sentence for schemas only the comparisons' SQL names (or, for the service, every comparison to come). */
function otherSchemas(compared, statements) {
    return compared.queries ? ` (and ${statements} for each other schema the comparisons read)` : '';
}
function quoteWith(quote, name) {
    return `${quote}${name.replaceAll(quote, quote + quote)}${quote}`;
}
/** Opens the data source, asks, closes; `signal` (a stopped run) ends the question early. */
async function checkPrivileges(config, options) {
    const dialect = await (0,registry/* loadDialect */.PN)(config.type);
    const connection = dialect.connect(config, { logger: options.logger, datasourceName: options.datasourceName, poolSize: 1, statementTimeoutMs: options.timeLimitMs ?? 10_000 });
    try {
        const timeout = AbortSignal.timeout(options.timeLimitMs ?? 10_000);
        return await privilegedRole(connection, options.signal ? AbortSignal.any([options.signal, timeout]) : timeout, options.compared);
    }
    finally {
        await connection.close().catch(() => { });
    }
}
/** One sentence for the service's refusal or the CLI's warning: what the role holds, and the recipe of a role that only reads. */
function describeFinding(datasourceName, finding) {
    return (`Data source "${datasourceName}" connects as ${finding.role}, which holds ${finding.privileges.join(', ')}: with it, SQL can reach the server's files, programs or other sessions, or write. ` +
        `Connect as a role that only reads instead; an administrator creates one with: ${finding.recipe} Then put ${READER} and its password in the data source's url.`);
}
//# sourceMappingURL=privileges.js.map
// EXTERNAL MODULE: ./build/src/sql/compiler.js
var compiler = __webpack_require__(57065);
;// CONCATENATED MODULE: ./build/src/runner/privilege-warnings.js
/**
 * A warning for each PostgreSQL or MariaDB data source whose role can do more than read (superuser,
 * file/program/signal roles, FILE, SUPER, write grants), with the recipe of a role that only reads the
 * schemas this run compares (never a statement that weakens the role found: it is often the server's
 * administrator). The run goes on: the service refuses such sources, a local run only says so. A data
 * source with `allow_privileged: true` in the spec is not asked; the CLI's --quiet hides warnings.
 *
 * Asked once per distinct connection settings (two names for one database are asked once, warned under
 * each name): on the connection of the first comparison to describe its tables there, before it reads
 * a row (`afterDescribe`: one or two round trips, and the warning comes early; a connection of its own
 * beside the comparisons was a TCP connection, a server process and the session statements per
 * database, about 15 ms of a 100k-row run, issue #30). A source no comparison got that far with (each
 * failed first), or whose question failed, is asked at the end on a connection of its own. A stopped
 * run asks nothing more.
 */



/** How long the question may take before the run goes on without the warning. */
const ASK_WITHIN_MS = 5000;
const WITH_ROLES = ['postgres', 'postgresql', 'mysql', 'mariadb'];
class PrivilegeWarnings {
    logger;
    signal;
    sources = new Map();
    /** `allowed`: the data sources whose spec says `allow_privileged: true` (never asked, never warned about). */
    constructor(definitions, logger, signal, allowed = new Set()) {
        this.logger = logger;
        this.signal = signal;
        for (const definition of definitions) {
            for (const side of [definition.source, definition.target]) {
                if (!side.connection || !WITH_ROLES.includes(side.connection.type) || allowed.has(side.datasourceName))
                    continue;
                const key = JSON.stringify(side.connection);
                let source = this.sources.get(key);
                if (!source) {
                    source = { names: new Set(), config: side.connection, compared: { schemas: new Set(), unqualified: false, queries: false }, asked: false };
                    this.sources.set(key, source);
                }
                source.names.add(side.datasourceName);
                noteReads(source.compared, side, side.connection.type === 'postgres');
            }
        }
    }
    /** The engine's `afterDescribe`: asks, on a comparison's own connections, the sources not yet asked. */
    askOn = async (opened, signal) => {
        await Promise.all(opened.map(async ({ config, connection }) => {
            const source = this.take(config);
            if (!source)
                return;
            const within = (0,abort/* anySignal */.JG)(signal, AbortSignal.timeout(ASK_WITHIN_MS));
            const finding = await privilegedRole(connection, within, comparedOf(source)).catch(() => undefined);
            // Unanswered (the comparison's time limit, a lost connection): asked again at the end.
            if (finding === undefined)
                source.asked = false;
            else
                this.warn(source, finding);
        }));
    };
    /** At the end of the run: the sources no finished comparison asked, each on a connection of its own. */
    async askTheRest() {
        await Promise.all([...this.sources.values()].map(async (source) => {
            if (source.asked || this.signal?.aborted)
                return;
            source.asked = true;
            const [first] = source.names;
            const options = { logger: this.logger, datasourceName: first, timeLimitMs: ASK_WITHIN_MS, compared: comparedOf(source), ...(this.signal && { signal: this.signal }) };
            this.warn(source, await checkPrivileges(source.config, options).catch(() => null));
        }));
    }
    take(config) {
        const source = this.sources.get(JSON.stringify(config));
        if (!source || source.asked)
            return undefined;
        source.asked = true;
        return source;
    }
    warn(source, finding) {
        if (!finding)
            return;
        for (const name of source.names) {
            this.logger.warning(`${describeFinding(name, finding)} To keep connecting as ${finding.role}, set \`allow_privileged: true\` on data source "${name}" in the spec; this warning then goes.`);
        }
    }
}
function comparedOf(source) {
    return { schemas: [...source.compared.schemas], unqualified: source.compared.unqualified, queries: source.compared.queries };
}
/** Adds what one side reads: the schema of its table (as the database names it), or that it reads the default schema or a query. */
function noteReads(compared, side, foldsUnquoted) {
    if (side.query !== undefined)
        compared.queries = true;
    if (side.dataset === undefined)
        return;
    const schema = schemaOf(side.dataset, foldsUnquoted);
    if (schema === undefined)
        compared.unqualified = true;
    else
        compared.schemas.add(schema);
}
/**
 * The schema of `schema.table` (PostgreSQL also `database.schema.table`) as the database names it: a
 * quoted part as written, an unquoted one folded to lower case on PostgreSQL. Undefined when unqualified.
 */
function schemaOf(dataset, foldsUnquoted) {
    const parts = (0,compiler/* qualifiedNameParts */.m_)(dataset);
    const schema = parts.length < 2 ? undefined : parts[parts.length - 2];
    if (!schema)
        return undefined;
    return foldsUnquoted && !schema.quoted ? schema.text.replace(/[A-Z]/g, (letter) => letter.toLowerCase()) : schema.text;
}
//# sourceMappingURL=privilege-warnings.js.map
;// CONCATENATED MODULE: ./build/src/runner/run-spec.js









/** How many local comparisons run at once (each opens up to two connections). */
const LOCAL_CONCURRENCY = 2;
async function runSpec(options) {
    const definitions = selectComparisons(options.loaded.definitions, options.only ?? []);
    const startedAt = new Date().toISOString();
    options.logger.debug(`running ${definitions.length} comparison(s) in ${options.mode} mode: ${definitions.map((d) => d.name).join(', ')}`);
    const results = options.mode === 'api' ? await runApi(definitions, options) : await runLocal(definitions, options);
    // A stored comparison (comparison_id alone) names no sides here: its data sources are the service's.
    const comparisons = results.map((result, index) => {
        const definition = definitions[index];
        return withDbt({ ...result, ...((0,resolve/* isApiOnly */.DL)(definition) ? {} : { sides: (0,model/* sideLabels */.P5)(definition) }), location: definition.location }, definition);
    });
    return {
        version: 1,
        status: (0,model/* overallStatus */.gX)(comparisons),
        mode: options.mode,
        started_at: startedAt,
        finished_at: new Date().toISOString(),
        comparisons,
        ...(options.loaded.dbt && { dbt: options.loaded.dbt }),
    };
}
/** The definitions named by `only`, in spec order; an unknown name is the user's mistake. */
function selectComparisons(definitions, only) {
    if (only.length === 0)
        return definitions;
    const names = definitions.map((d) => d.name);
    const unknown = only.filter((name) => !names.includes(name));
    if (unknown.length > 0) {
        throw new errors/* ConfigurationError */.j1(`unknown comparison ${unknown.map((n) => `"${n}"`).join(', ')}`, {
            hint: (0,suggest/* suggestionHint */.SU)(unknown[0], names, 'comparisons').replace('allowed comparisons', 'the spec has'),
        });
    }
    return definitions.filter((d) => only.includes(d.name));
}
async function runLocal(definitions, options) {
    // Each data source's role is asked on a comparison's own connection once its tables are described (privilege-warnings.ts).
    const privileges = options.engine ? undefined : new PrivilegeWarnings(definitions, options.logger, options.signal, privilegedAllowed(options.loaded.spec));
    const engine = options.engine ?? (await __webpack_require__.e(/* import() */ 353).then(__webpack_require__.bind(__webpack_require__, 94353))).runComparison;
    try {
        return await compareLocally(definitions, engine, options, privileges);
    }
    finally {
        await privileges?.askTheRest();
    }
}
function compareLocally(definitions, engine, options, privileges) {
    return mapWithLimit(definitions, LOCAL_CONCURRENCY, async (definition) => {
        const refusal = localRefusal(definition);
        if (refusal)
            return errorResult(definition.name, refusal);
        if (options.signal?.aborted)
            return errorResult(definition.name, stoppedRun(options.signal, 'started'));
        // Its own time limit, naming where it was set (the engine reports a StopRequest as "stopped: <why>").
        const limit = definition.timeoutMs !== undefined ? (0,abort/* timeLimit */.zc)(definition.timeoutMs, definition.timeoutSetting ?? `timeout_minutes (${(0,abort/* formatLimit */.tW)(definition.timeoutMs)})`) : undefined;
        const signal = options.signal || limit ? (0,abort/* anySignal */.JG)(options.signal, limit?.signal) : undefined;
        try {
            const result = await engine(definition, {
                logger: options.logger,
                ...(signal && { signal }),
                ...(options.onProgress && { onProgress: options.onProgress }),
                ...(privileges && { afterDescribe: privileges.askOn }),
            });
            return { ...result, name: definition.name };
        }
        catch (error) {
            const failure = classifyFailure(error, {
                ...(options.signal && { outer: options.signal }),
                ...(definition.timeoutMs !== undefined && { timeoutMs: definition.timeoutMs }),
            });
            options.logger.debug(`comparison ${definition.name} failed: ${failure.kind}: ${failure.message}`);
            return errorResult(definition.name, failure);
        }
        finally {
            limit?.clear();
            options.onProgress?.({ comparison: definition.name, phase: 'done' });
        }
    });
}
/** The data sources whose spec says `allow_privileged: true`. */
function privilegedAllowed(spec) {
    return new Set(Object.entries(spec.datasources).flatMap(([name, datasource]) => ('allow_privileged' in datasource && datasource.allow_privileged === true ? [name] : [])));
}
/** Why a comparison cannot run locally (it lives only on the service), if it cannot. */
function localRefusal(definition) {
    if ((0,resolve/* isApiOnly */.DL)(definition)) {
        return new errors/* ConfigurationError */.j1(`comparison "${definition.name}" only names a comparison_id stored on the service, so it runs in api mode only`, {
            hint: 'run with --mode api (CLI) or set the api-key input (action); or give it source and target to run it locally',
        });
    }
    for (const side of [definition.source, definition.target]) {
        if (side.connection === null) {
            return new errors/* ConfigurationError */.j1(`datasource "${side.datasourceName}" is of type service, so comparison "${definition.name}" runs in api mode only`, {
                hint: 'declare the datasource with its type and url (or path) to compare it locally',
            });
        }
    }
    return undefined;
}
async function runApi(definitions, options) {
    if (!options.api) {
        throw new errors/* ConfigurationError */.j1('api mode needs the service URL, an API key and a workspace id', {
            hint: 'action: set the api-url, api-key and workspace-id inputs; CLI: set DATACOMPARE_API_URL, DATACOMPARE_API_KEY and DATACOMPARE_WORKSPACE_ID',
        });
    }
    const { runApiComparisons } = await __webpack_require__.e(/* import() */ 25).then(__webpack_require__.bind(__webpack_require__, 70025));
    return runApiComparisons(definitions, {
        api: options.api,
        logger: options.logger,
        ...(options.signal && { signal: options.signal }),
        ...(options.onProgress && { onProgress: options.onProgress }),
        ...(options.onJobsStarted && { onJobsStarted: options.onJobsStarted }),
        ...(options.onExecutes && { onExecutes: options.onExecutes }),
    });
}
//# sourceMappingURL=run-spec.js.map

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
/* harmony export */   $J: () => (/* binding */ SAMPLE_SEED),
/* harmony export */   Jm: () => (/* binding */ BaseSqlCompiler),
/* harmony export */   Kd: () => (/* binding */ sampleThreshold),
/* harmony export */   _3: () => (/* binding */ SAME_VALUE_FAMILIES),
/* harmony export */   m_: () => (/* binding */ qualifiedNameParts),
/* harmony export */   yU: () => (/* binding */ splitQualifiedName)
/* harmony export */ });
/* harmony import */ var _canonical_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(67632);
/**
 * The base SQL compiler: ANSI defaults for every hook of `SqlCompiler`; each dialect overrides only
 * what differs. `normalize` dispatches by type family to one small hook per family, and applies the
 * rules that are the same everywhere (timestamp truncation to a common precision, padding to 6).
 */

/**
 * The seed of every sample the checksum diff draws (key samples for bucket bounds and pivots): a plan
 * chosen from a sample is then the same plan for the same data on every run, not a draw of chance.
 */
const SAMPLE_SEED = 20261123;
/** The hashes' (32 bits) threshold below which a row is in a sample of `fraction` of the rows. */
function sampleThreshold(fraction) {
    return Math.min(2 ** 32, Math.max(0, Math.round(fraction * 2 ** 32)));
}
/** Families whose equality is identity on PostgreSQL and MariaDB for two columns of one declared type (`sameValue`). */
const SAME_VALUE_FAMILIES = new Set(['integer', 'decimal', 'float', 'boolean', 'date', 'time', 'timestamp', 'timestamptz']);
class BaseSqlCompiler {
    supportsFullOuterJoin = true;
    sharesRepeatedCtes = false;
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
    return qualifiedNameParts(name).map((part) => part.text);
}
/** `splitQualifiedName`, saying of each part whether it was quoted (PostgreSQL folds only unquoted names to lower case). */
function qualifiedNameParts(name) {
    const parts = [];
    let current = '';
    let quoted = false;
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
        else if (ch === '"' || ch === '`') {
            quote = ch;
            quoted = true;
        }
        else if (ch === '.') {
            parts.push({ text: current.trim(), quoted });
            current = '';
            quoted = false;
        }
        else
            current += ch;
    }
    parts.push({ text: current.trim(), quoted });
    return parts;
}
//# sourceMappingURL=compiler.js.map

/***/ })

};
