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
    sqlite: async () => (await Promise.all(/* import() */[__webpack_require__.e(544), __webpack_require__.e(601)]).then(__webpack_require__.bind(__webpack_require__, 20601))).sqliteDialect,
    postgres: async () => (await Promise.all(/* import() */[__webpack_require__.e(257), __webpack_require__.e(544), __webpack_require__.e(540)]).then(__webpack_require__.bind(__webpack_require__, 6540))).postgresDialect,
    mysql: async () => (await Promise.all(/* import() */[__webpack_require__.e(909), __webpack_require__.e(544), __webpack_require__.e(968)]).then(__webpack_require__.bind(__webpack_require__, 56968))).mysqlDialect,
    // CSV and Parquet files are read through an in-memory DuckDB.
    duckdb: async () => (await Promise.all(/* import() */[__webpack_require__.e(544), __webpack_require__.e(491)]).then(__webpack_require__.bind(__webpack_require__, 39491))).duckdbDialect,
    csv: async () => (await Promise.all(/* import() */[__webpack_require__.e(544), __webpack_require__.e(491)]).then(__webpack_require__.bind(__webpack_require__, 39491))).duckdbDialect,
    parquet: async () => (await Promise.all(/* import() */[__webpack_require__.e(544), __webpack_require__.e(491)]).then(__webpack_require__.bind(__webpack_require__, 39491))).duckdbDialect,
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

const PG_ROLES = ['pg_read_server_files', 'pg_write_server_files', 'pg_execute_server_program', 'pg_signal_backend'];
/** MariaDB/MySQL privileges that only read (everything else writes, reaches files or administers). */
const READING = new Set(['SELECT', 'SHOW VIEW', 'USAGE', 'SHOW DATABASES']);
/** The finding for this connection's role, or null when it only reads. Only PostgreSQL and MariaDB/MySQL have roles. */
async function privilegedRole(connection, signal) {
    // Our own catalog questions, with no user text: PostgreSQL asks them without a transaction around them.
    const options = { ...(signal && { signal }), catalog: true };
    if (connection.dialect === 'postgres') {
        const [row] = await connection.query(`SELECT current_user AS role, r.rolsuper AS superuser, current_database() AS db,
        ARRAY(SELECT g.rolname::text FROM pg_catalog.pg_roles g WHERE g.rolname = ANY($1::text[]) AND pg_has_role(current_user, g.oid, 'MEMBER') ORDER BY 1) AS member_of
       FROM pg_catalog.pg_roles r WHERE r.rolname = current_user`, [PG_ROLES], options);
        if (!row)
            return null;
        const role = String(row.role);
        // a superuser is a member of every role: ending the superuser is the fix
        const memberOf = row.superuser === true ? [] : (Array.isArray(row.member_of) ? row.member_of : String(row.member_of ?? '').replace(/[{}]/g, '').split(',')).map(String).filter(Boolean);
        const privileges = [...(row.superuser === true ? ['superuser'] : []), ...memberOf];
        if (privileges.length === 0)
            return null;
        const quoted = `"${role.replaceAll('"', '""')}"`;
        const fix = [
            ...(row.superuser === true ? [`ALTER ROLE ${quoted} NOSUPERUSER;`] : []),
            ...memberOf.map((granted) => `REVOKE ${granted} FROM ${quoted};`),
        ].join(' ');
        const dedicated = `or connect as a role that only reads: CREATE ROLE datacompare_reader LOGIN PASSWORD '…'; GRANT CONNECT ON DATABASE "${String(row.db)}" TO datacompare_reader; GRANT USAGE ON SCHEMA public TO datacompare_reader; GRANT SELECT ON ALL TABLES IN SCHEMA public TO datacompare_reader;`;
        return { role, privileges, fix: `${fix} (${dedicated})` };
    }
    if (connection.dialect === 'mysql') {
        const [who] = await connection.query('SELECT CURRENT_USER() AS role', [], options);
        const role = String(who?.role ?? '');
        // without FOR: MariaDB adds the grants of the roles in use
        const grants = await connection.query('SHOW GRANTS', [], options);
        const [user, host] = role.split('@');
        const account = `'${(user ?? '').replaceAll("'", "''")}'@'${(host ?? '%').replaceAll("'", "''")}'`;
        /** privilege → where it is granted and to whom (the account, or a role it uses). */
        const held = new Map();
        for (const row of grants) {
            const text = String(Object.values(row)[0] ?? '');
            const match = /^GRANT\s+(.+?)\s+ON\s+(\S+)\s+TO\s+(\S+)/i.exec(text);
            if (!match)
                continue;
            const on = match[2];
            // a role's grant names the role (`reader_role`), the account's its user and host
            const to = match[3].includes('@') ? account : match[3];
            for (const raw of match[1].split(',')) {
                const privilege = raw.trim().replace(/\s*\(.*\)$/, '').toUpperCase();
                if (!READING.has(privilege) && !held.has(privilege))
                    held.set(privilege, { on, to });
            }
            if (/WITH GRANT OPTION/i.test(text) && !held.has('GRANT OPTION'))
                held.set('GRANT OPTION', { on, to });
        }
        if (held.size === 0)
            return null;
        const fix = [...held.entries()].map(([privilege, { on, to }]) => `REVOKE ${privilege} ON ${on} FROM ${to};`).join(' ');
        const dedicated = `or connect as an account that only reads: CREATE USER 'datacompare_reader'@'%' IDENTIFIED BY '…'; GRANT SELECT, SHOW VIEW ON your_database.* TO 'datacompare_reader'@'%';`;
        return { role, privileges: [...held.keys()], fix: `${fix} (${dedicated})` };
    }
    return null;
}
/** Opens the data source, asks, closes; `signal` (a stopped run) ends the question early. */
async function checkPrivileges(config, options) {
    const dialect = await (0,registry/* loadDialect */.PN)(config.type);
    const connection = dialect.connect(config, { logger: options.logger, datasourceName: options.datasourceName, poolSize: 1, statementTimeoutMs: options.timeLimitMs ?? 10_000 });
    try {
        const timeout = AbortSignal.timeout(options.timeLimitMs ?? 10_000);
        return await privilegedRole(connection, options.signal ? AbortSignal.any([options.signal, timeout]) : timeout);
    }
    finally {
        await connection.close().catch(() => { });
    }
}
/** One sentence for the service's refusal or the CLI's warning. */
function describeFinding(datasourceName, finding) {
    return `Data source "${datasourceName}" connects as ${finding.role}, which holds ${finding.privileges.join(', ')}: with it, SQL can reach the server's files, programs or other sessions, or write. Fix: ${finding.fix}`;
}
//# sourceMappingURL=privileges.js.map
;// CONCATENATED MODULE: ./build/src/runner/privilege-warnings.js
/**
 * A warning for each PostgreSQL or MariaDB data source whose role can do more than read (superuser,
 * file/program/signal roles, FILE, SUPER, write grants), with the statements that fix it. The run goes
 * on: the service refuses such sources, a local run only says so.
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
    constructor(definitions, logger, signal) {
        this.logger = logger;
        this.signal = signal;
        for (const definition of definitions) {
            for (const side of [definition.source, definition.target]) {
                if (!side.connection || !WITH_ROLES.includes(side.connection.type))
                    continue;
                const key = JSON.stringify(side.connection);
                const known = this.sources.get(key);
                if (known)
                    known.names.add(side.datasourceName);
                else
                    this.sources.set(key, { names: new Set([side.datasourceName]), config: side.connection, asked: false });
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
            const finding = await privilegedRole(connection, within).catch(() => undefined);
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
            const options = { logger: this.logger, datasourceName: first, timeLimitMs: ASK_WITHIN_MS, ...(this.signal && { signal: this.signal }) };
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
        if (finding)
            for (const name of source.names)
                this.logger.warning(describeFinding(name, finding));
    }
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
    const comparisons = results.map((result, index) => withDbt({ ...result, sides: (0,model/* sideLabels */.P5)(definitions[index]), location: definitions[index].location }, definitions[index]));
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
    const privileges = options.engine ? undefined : new PrivilegeWarnings(definitions, options.logger, options.signal);
    const engine = options.engine ?? (await __webpack_require__.e(/* import() */ 708).then(__webpack_require__.bind(__webpack_require__, 85708))).runComparison;
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
    const { runApiComparisons } = await __webpack_require__.e(/* import() */ 275).then(__webpack_require__.bind(__webpack_require__, 16275));
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

/***/ })

};
