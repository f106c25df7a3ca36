export const id = 147;
export const ids = [147];
export const modules = {

/***/ 73991:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Ko: () => (/* binding */ readInputs),
/* harmony export */   U5: () => (/* binding */ resolveMode)
/* harmony export */ });
/* unused harmony export Input */
/* harmony import */ var node_os__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(48161);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(76760);
/* harmony import */ var _actions_core__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(24600);
/* harmony import */ var zod__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(32716);
/* harmony import */ var _shared_errors_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(80604);
/* harmony import */ var _shared_redact_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(23326);
/* harmony import */ var _spec_schema_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(61010);
/**
 * The action's inputs (see action.yml): read once, validated with zod, secrets masked the moment
 * they are read, and the resolved values debug-logged (secrets redacted).
 */







/** Every input name, as written in action.yml and in workflows. */
const Input = {
    spec: 'spec',
    comparisons: 'comparisons',
    mode: 'mode',
    apiUrl: 'api-url',
    apiKey: 'api-key',
    workspaceId: 'workspace-id',
    agentRunId: 'agent-run-id',
    failOn: 'fail-on',
    comment: 'comment',
    commentKey: 'comment-key',
    githubToken: 'github-token',
    maxDiffRows: 'max-diff-rows',
    timeoutMinutes: 'timeout-minutes',
    reportDir: 'report-dir',
    dbtManifest: 'dbt-manifest',
    dbtBaseManifest: 'dbt-base-manifest',
    issue: 'issue',
    issueKey: 'issue-key',
    issueLabels: 'issue-labels',
    webhookUrl: 'webhook-url',
    checkRuns: 'check-runs',
    maskSensitive: 'mask-sensitive',
    reportUnmasked: 'report-unmasked',
};
const choice = (name, values, fallback) => zod__WEBPACK_IMPORTED_MODULE_6__/* .string */ .YjP()
    .transform((v) => v.trim().toLowerCase() || fallback)
    .pipe(zod__WEBPACK_IMPORTED_MODULE_6__/* ["enum"] */ .k5n(values, { error: (issue) => `input \`${name}\` must be one of ${values.join(', ')}, not "${String(issue.input)}"` }));
const wholeNumber = (name, fallback, range) => zod__WEBPACK_IMPORTED_MODULE_6__/* .string */ .YjP()
    .transform((v) => (v.trim() === '' ? fallback : /^\d+$/.test(v.trim()) ? Number(v.trim()) : Number.NaN))
    .pipe(zod__WEBPACK_IMPORTED_MODULE_6__/* .number */ .aig({ error: `input \`${name}\` must be a whole number` })
    .int({ error: `input \`${name}\` must be a whole number` })
    .min(range.min, { error: `input \`${name}\` must be at least ${range.min}` })
    .max(range.max, { error: `input \`${name}\` must be at most ${range.max}` }));
const optional = zod__WEBPACK_IMPORTED_MODULE_6__/* .string */ .YjP().transform((v) => v.trim() || undefined);
const inputsSchema = zod__WEBPACK_IMPORTED_MODULE_6__/* .object */ .Ikc({
    [Input.spec]: zod__WEBPACK_IMPORTED_MODULE_6__/* .string */ .YjP().transform((v) => v.trim() || _spec_schema_js__WEBPACK_IMPORTED_MODULE_5__/* .DEFAULT_SPEC_PATH */ .oi),
    [Input.comparisons]: zod__WEBPACK_IMPORTED_MODULE_6__/* .string */ .YjP().transform((v) => v
        .split(/[\n,]/)
        .map((name) => name.trim())
        .filter((name) => name !== '')),
    [Input.mode]: choice(Input.mode, ['local', 'api', 'auto'], 'auto'),
    [Input.apiUrl]: optional.pipe(zod__WEBPACK_IMPORTED_MODULE_6__/* .url */ .OZ5({ error: 'input `api-url` must be a URL such as https://dcs.example.com' }).optional()),
    [Input.apiKey]: optional,
    [Input.workspaceId]: optional,
    [Input.agentRunId]: optional,
    [Input.failOn]: choice(Input.failOn, ['mismatch', 'error', 'never'], 'mismatch'),
    [Input.comment]: choice(Input.comment, ['always', 'on-mismatch', 'never'], 'always'),
    [Input.commentKey]: optional,
    [Input.githubToken]: optional,
    [Input.maxDiffRows]: wholeNumber(Input.maxDiffRows, 100, { min: 0, max: 100_000 }),
    [Input.timeoutMinutes]: wholeNumber(Input.timeoutMinutes, 30, { min: 1, max: 360 }),
    [Input.reportDir]: optional,
    [Input.dbtManifest]: optional,
    [Input.dbtBaseManifest]: optional,
    [Input.issue]: choice(Input.issue, ['never', 'on-mismatch', 'on-error'], 'never'),
    [Input.issueKey]: optional,
    [Input.issueLabels]: zod__WEBPACK_IMPORTED_MODULE_6__/* .string */ .YjP().transform((text) => {
        const labels = text.split(/[\n,]/).map((label) => label.trim()).filter((label) => label !== '');
        return labels.length > 0 ? labels : ['data-drift'];
    }),
    [Input.checkRuns]: choice(Input.checkRuns, ['true', 'false'], 'false').transform((value) => value === 'true'),
    [Input.maskSensitive]: choice(Input.maskSensitive, ['auto', 'true', 'false'], 'auto'),
    [Input.reportUnmasked]: choice(Input.reportUnmasked, ['true', 'false'], 'false').transform((value) => value === 'true'),
    [Input.webhookUrl]: optional.pipe(zod__WEBPACK_IMPORTED_MODULE_6__/* .url */ .OZ5({ error: 'input `webhook-url` must be a URL (your Slack or Teams incoming webhook)' }).optional()),
});
function readInputs(options) {
    const getInput = options.getInput ?? ((name) => _actions_core__WEBPACK_IMPORTED_MODULE_2__/* .getInput */ .V4(name));
    const setSecret = options.setSecret ?? ((secret) => _actions_core__WEBPACK_IMPORTED_MODULE_2__/* .setSecret */ .Pq(secret));
    const env = options.env ?? process.env;
    // Mask the secrets before anything else can print them.
    for (const name of [Input.apiKey, Input.githubToken, Input.webhookUrl]) {
        const secret = getInput(name).trim();
        if (secret) {
            setSecret(secret);
            (0,_shared_redact_js__WEBPACK_IMPORTED_MODULE_4__/* .addSecret */ .Ck)(secret);
        }
    }
    const raw = Object.fromEntries(Object.values(Input).map((name) => [name, getInput(name)]));
    const parsed = inputsSchema.safeParse(raw);
    if (!parsed.success) {
        const messages = parsed.error.issues.map((issue) => issue.message);
        throw new _shared_errors_js__WEBPACK_IMPORTED_MODULE_3__/* .ConfigurationError */ .j1(messages.join('; '), { hint: 'fix the `with:` block of the datacompare step in your workflow' });
    }
    const v = parsed.data;
    const spec = v[Input.spec];
    const inputs = {
        spec,
        comparisons: v[Input.comparisons],
        mode: v[Input.mode],
        failOn: v[Input.failOn],
        comment: v[Input.comment],
        commentKey: v[Input.commentKey] ?? spec,
        maxDiffRows: v[Input.maxDiffRows],
        timeoutMinutes: v[Input.timeoutMinutes],
        reportDir: v[Input.reportDir] ?? node_path__WEBPACK_IMPORTED_MODULE_1__.join(env.RUNNER_TEMP || node_os__WEBPACK_IMPORTED_MODULE_0__.tmpdir(), 'datacompare'),
        issue: v[Input.issue],
        issueKey: v[Input.issueKey] ?? spec,
        issueLabels: v[Input.issueLabels],
        checkRuns: v[Input.checkRuns],
        maskSensitive: v[Input.maskSensitive],
        reportUnmasked: v[Input.reportUnmasked],
        ...(v[Input.apiUrl] !== undefined && { apiUrl: v[Input.apiUrl] }),
        ...(v[Input.apiKey] !== undefined && { apiKey: v[Input.apiKey] }),
        ...(v[Input.workspaceId] !== undefined && { workspaceId: v[Input.workspaceId] }),
        ...(v[Input.agentRunId] !== undefined && { agentRunId: v[Input.agentRunId] }),
        ...(v[Input.githubToken] !== undefined && { githubToken: v[Input.githubToken] }),
        ...(v[Input.dbtManifest] !== undefined && { dbtManifest: v[Input.dbtManifest] }),
        ...(v[Input.dbtBaseManifest] !== undefined && { dbtBaseManifest: v[Input.dbtBaseManifest] }),
        ...(v[Input.webhookUrl] !== undefined && { webhookUrl: v[Input.webhookUrl] }),
    };
    options.logger.debug(`inputs: ${(0,_shared_redact_js__WEBPACK_IMPORTED_MODULE_4__/* .redact */ .E$)(JSON.stringify(inputs))}`);
    return inputs;
}
/** `auto` → api when an API key is given, else local. */
function resolveMode(inputs) {
    if (inputs.mode !== 'auto')
        return inputs.mode;
    return inputs.apiKey ? 'api' : 'local';
}
//# sourceMappingURL=inputs.js.map

/***/ }),

/***/ 79147:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  runMain: () => (/* binding */ runMain)
});

// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(76760);
// EXTERNAL MODULE: ./node_modules/@actions/core/lib/core.js + 15 modules
var core = __webpack_require__(24600);
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
// EXTERNAL MODULE: ./build/src/shared/redact.js
var redact = __webpack_require__(23326);
;// CONCATENATED MODULE: ./build/src/spec/resolve.js
/**
 * A validated spec → the ComparisonDefinitions every runner takes: defaults applied, shorthands
 * expanded, sqlite/duckdb/csv/parquet paths made absolute, connection URLs registered as secrets; a
 * csv/parquet side without `dataset` reads the view named after its data source.
 */


const DEFAULT_MAX_DIFF_ROWS = 100;
function resolveDefinitions(spec, options) {
    return (spec.comparisons ?? []).map((comparison, index) => {
        const defaults = spec.defaults ?? {};
        const pick = (key) => comparison[key] ?? defaults[key];
        const timeoutMinutes = pick('timeout_minutes');
        const queryTimeoutSeconds = pick('query_timeout_seconds');
        const sensitive = pick('sensitive');
        const strategy = pick('strategy');
        const precision = pick('precision');
        const thresholds = pick('thresholds') ?? {};
        const definition = {
            name: comparison.name,
            location: { file: options.file, ...options.locate(index) },
            source: side(spec, comparison.source, comparison.source_filter, options.cwd),
            target: side(spec, comparison.target, comparison.target_filter, options.cwd),
            columns: pairs(comparison.columns, comparison.source_columns, comparison.target_columns),
            primaryKeys: pairs(comparison.primary_keys, comparison.primary_keys_source, comparison.primary_keys_target),
            caseSensitive: pick('case_sensitive') ?? false,
            quickComparison: pick('quick_comparison') ?? false,
            schemaDiff: pick('schema_diff') ?? false,
            tolerance: { ...comparison.tolerance },
            thresholds: {
                ...(thresholds.max_mismatched_rows !== undefined && { maxMismatchedRows: thresholds.max_mismatched_rows }),
                ...(thresholds.max_mismatch_ratio !== undefined && { maxMismatchRatio: thresholds.max_mismatch_ratio }),
            },
            maxDiffRows: pick('max_diff_rows') ?? options.maxDiffRows ?? DEFAULT_MAX_DIFF_ROWS,
        };
        if (comparison.comparison_id !== undefined)
            definition.comparisonId = comparison.comparison_id;
        if (timeoutMinutes !== undefined) {
            definition.timeoutMs = Math.round(timeoutMinutes * 60_000);
            const keyPath = comparison.timeout_minutes !== undefined ? ['comparisons', index, 'timeout_minutes'] : ['defaults', 'timeout_minutes'];
            const at = options.locateKey?.(keyPath);
            definition.timeoutSetting = `${keyPath[0] === 'defaults' ? 'defaults.' : ''}timeout_minutes: ${timeoutMinutes}${at ? ` (${options.file}:${at.line})` : ''}`;
        }
        if (queryTimeoutSeconds !== undefined)
            definition.queryTimeoutMs = Math.round(queryTimeoutSeconds * 1000);
        if (sensitive !== undefined)
            definition.sensitive = sensitive;
        if (strategy !== undefined && strategy !== 'auto')
            definition.strategy = strategy;
        if (precision === 'strict')
            definition.precision = precision;
        if (comparison.compare_as !== undefined && Object.keys(comparison.compare_as).length > 0)
            definition.compareAs = { ...comparison.compare_as };
        return definition;
    });
}
/** True when the comparison names only a stored comparison (no source/target): it runs in api mode only. */
function isApiOnly(definition) {
    return definition.comparisonId !== undefined && definition.source.datasourceName === '';
}
/** One side as the engine takes it, for comparisons built outside the spec's list (dbt). */
function resolveSide(spec, sideSpec, cwd) {
    return side(spec, sideSpec, undefined, cwd);
}
function side(spec, sideSpec, shorthandFilter, cwd) {
    if (!sideSpec)
        return { datasourceName: '', connection: null, serviceDatasource: '' };
    const datasource = spec.datasources[sideSpec.datasource];
    const definition = {
        datasourceName: sideSpec.datasource,
        connection: datasource ? connection(datasource, cwd, sideSpec.datasource) : null,
        serviceDatasource: datasource?.service ?? sideSpec.datasource,
    };
    if (sideSpec.dataset !== undefined)
        definition.dataset = sideSpec.dataset;
    // A csv/parquet data source is one relation: the view named after the data source.
    else if (sideSpec.query === undefined && datasource && isFileDatasource(datasource))
        definition.dataset = fileViewDataset(sideSpec.datasource);
    if (sideSpec.query !== undefined)
        definition.query = sideSpec.query;
    const filter = sideSpec.filter ?? shorthandFilter;
    if (filter !== undefined)
        definition.filter = filter;
    return definition;
}
function connection(datasource, cwd, name) {
    switch (datasource.type) {
        case 'sqlite':
            return { type: 'sqlite', path: datasource.path === ':memory:' ? datasource.path : external_node_path_.resolve(cwd, datasource.path) };
        case 'duckdb':
            return { type: 'duckdb', path: datasource.path === ':memory:' ? datasource.path : external_node_path_.resolve(cwd, datasource.path) };
        case 'csv':
            return { type: 'csv', path: filePath(datasource.path, cwd), table: name, csv: csvOptions(datasource) };
        case 'parquet':
            return { type: 'parquet', path: filePath(datasource.path, cwd), table: name };
        case 'postgres':
            (0,redact/* addSecret */.Ck)(datasource.url);
            return { type: 'postgres', url: datasource.url };
        case 'mysql':
        case 'mariadb':
            (0,redact/* addSecret */.Ck)(datasource.url);
            return { type: 'mysql', url: datasource.url };
        case 'service':
            return null;
    }
}
function isFileDatasource(datasource) {
    return datasource.type === 'csv' || datasource.type === 'parquet';
}
/** The view name as a `dataset`: quoted when the key contains a dot or a quote (so it stays one name). */
function fileViewDataset(key) {
    return /[."`]/.test(key) ? `"${key.replaceAll('"', '""')}"` : key;
}
/** Local paths (and globs) resolve against the repository root; URLs (s3://, https://) stay as they are. */
function filePath(location, cwd) {
    return /^[a-z][a-z0-9+.-]*:\/\//i.test(location) ? location : external_node_path_.resolve(cwd, location);
}
function csvOptions(datasource) {
    const options = {};
    if (datasource.delimiter !== undefined)
        options.delimiter = datasource.delimiter;
    if (datasource.header !== undefined)
        options.header = datasource.header;
    if (datasource.quote !== undefined)
        options.quote = datasource.quote;
    if (datasource.escape !== undefined)
        options.escape = datasource.escape;
    if (datasource.null_string !== undefined)
        options.nullStrings = [datasource.null_string].flat();
    if (datasource.column_types !== undefined)
        options.columnTypes = { ...datasource.column_types };
    if (datasource.all_varchar !== undefined)
        options.allVarchar = datasource.all_varchar;
    if (datasource.thousands !== undefined)
        options.thousands = datasource.thousands;
    if (datasource.decimal_separator !== undefined)
        options.decimalSeparator = datasource.decimal_separator;
    return options;
}
function pairs(both, source, target) {
    if (both)
        return { source: [...both], target: [...both] };
    if (source && target)
        return { source: [...source], target: [...target] };
    return null;
}
//# sourceMappingURL=resolve.js.map
;// CONCATENATED MODULE: ./build/src/spec/suggest.js
/**
 * "Did you mean …?" for misspelt keys and names: Damerau-Levenshtein distance against the allowed
 * words, plus a few well-known spellings from other tools (table → dataset, sql → query).
 */
/** Spellings users bring from SQL, data-diff or the API document, and what we call them. */
const KNOWN_ALIASES = {
    table: 'dataset',
    sql: 'query',
    where: 'filter',
    keys: 'primary_keys',
    key: 'primary_keys',
    pk: 'primary_keys',
    primary_key: 'primary_keys',
    uri: 'url',
    dsn: 'url',
    connection: 'url',
    connection_string: 'url',
    file: 'path',
    kind: 'type',
    id: 'comparison_id',
};
/** Edit distance counting insertions, deletions, substitutions and swaps of neighbours as 1. */
function editDistance(a, b) {
    const rows = a.length + 1;
    const cols = b.length + 1;
    const d = Array.from({ length: rows }, (_, i) => Array.from({ length: cols }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
    for (let i = 1; i < rows; i++) {
        for (let j = 1; j < cols; j++) {
            const cost = a[i - 1] === b[j - 1] ? 0 : 1;
            const row = d[i];
            const above = d[i - 1];
            row[j] = Math.min(above[j] + 1, row[j - 1] + 1, above[j - 1] + cost);
            if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
                row[j] = Math.min(row[j], d[i - 2][j - 2] + 1);
            }
        }
    }
    return d[a.length][b.length];
}
/** The allowed word closest to `word`, when it is close enough to be a likely typo. */
function closest(word, allowed) {
    const lower = word.toLowerCase().replace(/-/g, '_');
    const exact = allowed.find((candidate) => candidate.toLowerCase() === lower);
    if (exact)
        return exact;
    const alias = KNOWN_ALIASES[lower];
    if (alias && allowed.includes(alias))
        return alias;
    let best;
    for (const candidate of allowed) {
        const distance = editDistance(lower, candidate.toLowerCase());
        if (!best || distance < best.distance)
            best = { word: candidate, distance };
    }
    if (!best)
        return undefined;
    const limit = Math.max(1, Math.min(3, Math.floor(Math.max(word.length, best.word.length) / 3)));
    return best.distance <= limit ? best.word : undefined;
}
/** A hint for an unknown word: "did you mean `x`?" or the list of allowed words. */
function suggestionHint(word, allowed, noun = 'keys') {
    const match = closest(word, allowed);
    if (match)
        return `did you mean \`${match}\`?`;
    return allowed.length > 0 ? `allowed ${noun}: ${allowed.map((a) => `\`${a}\``).join(', ')}` : `no ${noun} are allowed here`;
}
//# sourceMappingURL=suggest.js.map
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
    const options = signal ? { signal } : {};
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
/** Opens the data source, asks, closes. */
async function checkPrivileges(config, options) {
    const dialect = await (0,registry/* loadDialect */.PN)(config.type);
    const connection = dialect.connect(config, { logger: options.logger, datasourceName: options.datasourceName, poolSize: 1, statementTimeoutMs: options.timeLimitMs ?? 10_000 });
    try {
        return await privilegedRole(connection, AbortSignal.timeout(options.timeLimitMs ?? 10_000));
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
            hint: suggestionHint(unknown[0], names, 'comparisons').replace('allowed comparisons', 'the spec has'),
        });
    }
    return definitions.filter((d) => only.includes(d.name));
}
async function runLocal(definitions, options) {
    if (!options.engine)
        await warnPrivileged(definitions, options.logger);
    const engine = options.engine ?? (await __webpack_require__.e(/* import() */ 749).then(__webpack_require__.bind(__webpack_require__, 78749))).runComparison;
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
/**
 * A warning for each PostgreSQL or MariaDB data source whose role can do more than read (superuser,
 * file/program/signal roles, FILE, SUPER, write grants), with the statements that fix it. The run goes on:
 * the service refuses such sources, a local run only says so.
 */
async function warnPrivileged(definitions, logger) {
    const sources = new Map();
    for (const definition of definitions) {
        for (const side of [definition.source, definition.target]) {
            if (side.connection && ['postgres', 'postgresql', 'mysql', 'mariadb'].includes(side.connection.type))
                sources.set(side.datasourceName, { name: side.datasourceName, config: side.connection });
        }
    }
    await Promise.all([...sources.values()].map(async ({ name, config }) => {
        const finding = await checkPrivileges(config, { logger, datasourceName: name, timeLimitMs: 5000 }).catch(() => null);
        if (finding)
            logger.warning(describeFinding(name, finding));
    }));
}
/** Why a comparison cannot run locally (it lives only on the service), if it cannot. */
function localRefusal(definition) {
    if (isApiOnly(definition)) {
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
// EXTERNAL MODULE: ./build/src/report/escape.js
var report_escape = __webpack_require__(96209);
// EXTERNAL MODULE: ./build/src/report/value-diff.js
var value_diff = __webpack_require__(52061);
// EXTERNAL MODULE: ./build/src/report/format.js
var format = __webpack_require__(45845);
;// CONCATENATED MODULE: ./build/src/report/text.js




const DEFAULT_SAMPLE_ROWS = 5;
const MAX_VALUE_CHARS = 60;
const STATUS_MARK = { match: '✔', mismatch: '✘', error: '!' };
const STATUS_COLOR = { match: '32', mismatch: '31', error: '35' };
function renderText(run, options) {
    const paint = options.color ? (code, text) => `\u001b[${code}m${text}\u001b[0m` : (_code, text) => text;
    const samples = options.maxDiffRows ?? DEFAULT_SAMPLE_ROWS;
    const blocks = run.comparisons.map((c) => comparisonBlock(c, samples, paint, options.showPlan === true, options.rows ?? {}));
    return `${[...blocks, summaryLine(run, paint)].join('\n')}\n`;
}
/** One comparison's block as renderText prints it: the status line, then its details (the action groups each). */
function renderComparisonText(c, options) {
    const paint = options.color ? (code, text) => `\u001b[${code}m${text}\u001b[0m` : (_code, text) => text;
    const [head = '', ...body] = comparisonBlock(c, options.maxDiffRows ?? DEFAULT_SAMPLE_ROWS, paint, options.showPlan === true, options.rows ?? {}).split('\n');
    return { head, body: body.join('\n') };
}
/** The run's closing line ("ERROR: 2 comparisons — …"), as renderText ends. */
function renderSummaryLine(run, options) {
    const paint = options.color ? (code, text) => `\u001b[${code}m${text}\u001b[0m` : (_code, text) => text;
    return summaryLine(run, paint).trimStart();
}
function comparisonBlock(c, samples, paint, showPlan, rows) {
    const lines = [statusLine(c, paint)];
    const indent = (text) => `    ${text}`;
    if (c.sides)
        lines.push(indent(paint('2', `${clean((0,format/* sideText */.Rc)(c.sides.source))} → ${clean((0,format/* sideText */.Rc)(c.sides.target))}`)));
    if (showPlan && c.plan) {
        const sent = `${(0,format/* count */.U9)(c.plan.source.rows_sent)} + ${(0,format/* count */.U9)(c.plan.target.rows_sent)} rows sent`;
        lines.push(indent(paint('2', `plan: ${c.plan.kind} (${sent}): ${clean(c.plan.reason)}`)));
    }
    if (c.error) {
        lines.push(indent(`${c.error.kind} error: ${clean(c.error.message)}`));
        if (c.error.hint)
            lines.push(indent(paint('2', `hint: ${clean(c.error.hint)}`)));
    }
    for (const reason of c.result?.diff_reasons ?? [])
        lines.push(indent(clean(reason)));
    for (const note of c.notes ?? [])
        lines.push(indent(paint('2', `note: ${clean(note)}`)));
    const columns = Object.entries(c.diff?.mismatched_columns_mapping ?? {}).filter(([, m]) => m.mismatch_count > 0);
    if (columns.length > 0) {
        lines.push(indent(`columns: ${columns.map(([name, m]) => `${clean(name)} ${(0,format/* count */.U9)(m.mismatch_count)}`).join(', ')}`));
    }
    const schema = c.schema_diff;
    if (schema) {
        for (const col of schema.only_in_source)
            lines.push(indent(`schema: column ${clean(col.name)} (${clean(col.type)}) only in source`));
        for (const col of schema.only_in_target)
            lines.push(indent(`schema: column ${clean(col.name)} (${clean(col.type)}) only in target`));
        for (const m of schema.type_mismatches) {
            lines.push(indent(`schema: ${clean(m.source_column)} is ${clean(m.source_type)} in source, ${clean(m.target_type)} in target`));
        }
    }
    if (c.diff && samples > 0) {
        const shown = c.diff.diff_rows.slice(0, samples);
        for (const row of shown)
            lines.push(indent(sampleRow(row, c.diff.primary_key_columns, paint)));
        if (shown.length < c.diff.diff_rows_total)
            lines.push(indent(paint('2', `… ${(0,format/* rowsNote */.eC)(c, shown.length, rows).replace(/`/g, '')}`)));
    }
    for (const note of rowNotes(c))
        lines.push(indent(note));
    return lines.join('\n');
}
function statusLine(c, paint) {
    const status = c.status === 'match' && c.within_thresholds ? 'match (within thresholds)' : c.status;
    const head = `${paint(STATUS_COLOR[c.status], `${STATUS_MARK[c.status]} ${status}`)}  ${paint('1', clean(c.name))}`;
    const facts = [];
    const s = c.stats;
    if (s) {
        if ((0,format/* matchPercent */.Ff)(c) !== '–')
            facts.push(`${(0,format/* matchPercent */.Ff)(c)} match`);
        facts.push(`${(0,format/* count */.U9)(s.source_rows)} source rows, ${(0,format/* count */.U9)(s.target_rows)} target rows`);
        const differing = (0,format/* differingRows */.y7)(c);
        if ((0,format/* countsOnly */.F5)(c))
            facts.push('row counts only (values not compared)');
        else if (differing > 0) {
            facts.push(`${(0,format/* plural */.LS)(differing, 'differing row')} (${(0,format/* count */.U9)(s.mismatched_rows)} changed, ${(0,format/* count */.U9)(s.only_in_source)} only in source, ${(0,format/* count */.U9)(s.only_in_target)} only in target)`);
        }
        const duplicates = s.duplicate_keys_source + s.duplicate_keys_target;
        if (duplicates > 0)
            facts.push(`${(0,format/* plural */.LS)(duplicates, 'duplicate key')}`);
        const nullKeys = s.null_keys_source + s.null_keys_target;
        if (nullKeys > 0)
            facts.push(`${(0,format/* plural */.LS)(nullKeys, 'NULL key')}`);
    }
    if (c.result)
        facts.push((0,format/* duration */.p0)(c.result.time_taken));
    return facts.length > 0 ? `${head}  ${paint('2', '·')} ${facts.join(` ${paint('2', '·')} `)}` : head;
}
function sampleRow(row, keyColumns, paint) {
    const key = keyColumns.map((k) => `${clean(k)}=${value(row[k])}`).join(', ');
    if (row._diff_type === 'only_in_source')
        return `${key}: ${paint('31', 'only in source')}`;
    if (row._diff_type === 'only_in_target')
        return `${key}: ${paint('32', 'only in target')}`;
    const changes = Object.keys(row)
        .filter((name) => name.startsWith('source_') && `target_${name.slice(7)}` in row)
        .map((name) => {
        const column = name.slice(7);
        return `${clean(column)} ${changedValues(row[name], row[`target_${column}`], paint)}`;
    });
    return `${key}: ${changes.join('; ')}`;
}
function summaryLine(run, paint) {
    const total = run.comparisons.length;
    const by = (status) => run.comparisons.filter((c) => c.status === status).length;
    const parts = [`${(0,format/* count */.U9)(by('match'))} matched`, `${(0,format/* count */.U9)(by('mismatch'))} differ`, `${(0,format/* count */.U9)(by('error'))} failed`];
    const head = total === 1 ? '1 comparison' : `${(0,format/* count */.U9)(total)} comparisons`;
    const color = STATUS_COLOR[run.status];
    return `\n${paint(color, paint('1', `${run.status.toUpperCase()}`))}: ${head} — ${parts.join(', ')} (${run.mode} mode, ${(0,format/* duration */.p0)((0,format/* runSeconds */.Rl)(run))})`;
}
const NUMBER = /^-?\d+(\.\d+)?(e[+-]?\d+)?$/i;
/** Text as inside a JSON string (control characters, quotes and C1 controls escaped), no quotes around. */
function jsonInner(text) {
    return JSON.stringify(text)
        .slice(1, -1)
        .replace(/[\u0080-\u009f]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
/**
 * `source → target`, each cut around the first difference (same cut on both sides); with colour the
 * differing characters are bold red (source) and bold green (target), the rest plain.
 */
function changedValues(source, target, paint) {
    if (source === undefined || target === undefined || source === null || target === null) {
        return `${paint('31', value(source))} → ${paint('32', value(target))}`;
    }
    const a = (0,redact/* redact */.E$)(String(source));
    const b = (0,redact/* redact */.E$)(String(target));
    const d = (0,value_diff/* valueDiff */.rJ)(a, b, MAX_VALUE_CHARS);
    const side = (v, text, view, color) => {
        const body = (0,value_diff/* renderView */.qi)(view, (p) => (p.changed ? paint(`1;${color}`, jsonInner(p.text)) : jsonInner(p.text)));
        return typeof v === 'string' && !NUMBER.test(text) ? `"${body}"` : body;
    };
    return `${side(source, a, d.source, '31')} → ${side(target, b, d.target, '32')}`;
}
/** A data value: text quoted (JSON escapes make control characters and spaces visible); numbers and NULL bare. */
function value(v) {
    if (v === undefined)
        return '?';
    if (v === null)
        return 'NULL';
    if (typeof v === 'string') {
        const text = (0,report_escape/* truncate */.xv)((0,redact/* redact */.E$)(v), MAX_VALUE_CHARS);
        // Decimals arrive as strings (no float rounding); show them as numbers.
        return NUMBER.test(text) ? text : `"${jsonInner(text)}"`;
    }
    return String(v);
}
/** A name or message: redacted, control characters (ANSI escapes) removed. */
function clean(text) {
    return Array.from((0,redact/* redact */.E$)(text).replace(/\n/g, ' '))
        .filter((ch) => ch >= ' ' && ch !== '\u007f' && ch !== '\u009b')
        .join('');
}
/** api mode: differing rows that could not be fetched, or fewer kept than asked (one line each). */
function rowNotes(c) {
    const notes = [];
    if (c.diff_rows_unavailable)
        notes.push(`differing rows not fetched from the service: ${clean(c.diff_rows_unavailable)}`);
    if (c.diff_rows_capped) {
        const { kept, requested } = c.diff_rows_capped;
        notes.push(`the service kept ${(0,format/* count */.U9)(kept)} differing rows, fewer than max_diff_rows ${(0,format/* count */.U9)(requested)} asks (its cap; datacompare serve --max-diff-rows raises it)`);
    }
    return notes;
}
//# sourceMappingURL=text.js.map
// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(73024);
// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(51455);
;// CONCATENATED MODULE: ./build/src/shared/output-paths.js
/**
 * Where the reports will be written, checked before anything runs: a comparison that ran for an hour
 * must not be lost to a missing folder or a read-only file.
 */




/** A file to write (`what`: "the --json file"): its folder exists and is writable, and the file, if it exists, too. */
async function checkWritableFile(file, what) {
    const dir = path.dirname(file);
    const folder = await stat(dir).catch(() => undefined);
    if (!folder?.isDirectory()) {
        throw new ConfigurationError(`cannot write ${what} ${file}: the folder ${dir} does not exist`, { hint: `create the folder first (mkdir -p ${dir}), or write the file elsewhere` });
    }
    const existing = await stat(file).catch(() => undefined);
    if (existing?.isDirectory())
        throw new ConfigurationError(`cannot write ${what} ${file}: it is a folder`, { hint: 'name a file inside it' });
    try {
        await access(existing ? file : dir, constants.W_OK);
    }
    catch {
        throw new ConfigurationError(`cannot write ${what} ${file}: ${existing ? 'the file' : `the folder ${dir}`} is not writable`, {
            hint: 'check its permissions, or write the file elsewhere',
        });
    }
}
/** A folder to write files into (`what`: "the report-dir input"): created when missing, and writable. */
async function checkWritableDir(dir, what) {
    try {
        await (0,promises_.mkdir)(dir, { recursive: true });
        await (0,promises_.access)(dir, external_node_fs_.constants.W_OK);
    }
    catch (error) {
        throw new errors/* ConfigurationError */.j1(`cannot write the report files to ${dir} (${what}): ${error.message}`, {
            cause: error,
            hint: 'set it to a writable folder (the default is $RUNNER_TEMP/datacompare)',
        });
    }
}
//# sourceMappingURL=output-paths.js.map
;// CONCATENATED MODULE: ./build/src/runner/progress-log.js

/** At most one heartbeat line per comparison this often. */
const HEARTBEAT_MS = 30_000;
/** The heartbeat period from DATACOMPARE_PROGRESS_SECONDS (1–3600), else HEARTBEAT_MS. */
function heartbeatFromEnv(env) {
    const seconds = Number(env.DATACOMPARE_PROGRESS_SECONDS);
    return Number.isFinite(seconds) && seconds >= 1 && seconds <= 3600 ? seconds * 1000 : HEARTBEAT_MS;
}
/** "120,000 of 300,000 rows", "12 of 40 key ranges". */
function workText(work) {
    const unit = work.unit === 'ranges' ? 'key ranges' : 'rows';
    return work.total ? `${(0,format/* count */.U9)(work.done)} of about ${(0,format/* count */.U9)(work.total)} ${unit}` : `${(0,format/* count */.U9)(work.done)} ${unit}`;
}
class ProgressLog {
    options;
    running = new Map();
    timer;
    heartbeatMs;
    now;
    constructor(options) {
        this.options = options;
        this.heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS;
        this.now = options.now ?? Date.now;
        this.timer = setInterval(() => this.heartbeat(), Math.min(this.heartbeatMs, 5_000));
        this.timer.unref?.();
    }
    onProgress = (event) => {
        const now = this.now();
        let state = this.running.get(event.comparison);
        if (event.phase === 'done') {
            if (!state)
                return;
            this.running.delete(event.comparison);
            const took = (0,format/* duration */.p0)((now - state.started) / 1000);
            const ended = event.message === 'stopped' ? 'stopped after' : event.message === 'failed' ? 'failed after' : 'done in';
            this.options.write(`${event.comparison}: ${ended} ${took}`);
            return;
        }
        if (!state) {
            state = { started: now, phase: event.phase, written: now };
            this.running.set(event.comparison, state);
        }
        else if (state.phase === event.phase && (event.message === undefined || event.message === state.message)) {
            if (event.work)
                state.work = event.work;
            return;
        }
        state.phase = event.phase;
        if (event.message !== undefined)
            state.message = event.message;
        else
            delete state.message;
        if (event.work)
            state.work = event.work;
        else
            delete state.work;
        state.written = now;
        this.options.write(`${event.comparison}: ${event.phase}${event.message ? ` (${event.message})` : ''}…`);
    };
    /** A line for each comparison nothing was written about for a heartbeat period. */
    heartbeat() {
        const now = this.now();
        for (const [name, state] of this.running) {
            if (now - state.written < this.heartbeatMs)
                continue;
            state.written = now;
            const work = state.work ? `, ${workText(state.work)}` : '';
            this.options.write(`${name}: still ${state.phase}${state.message ? ` (${state.message})` : ''}: ${(0,format/* duration */.p0)((now - state.started) / 1000)} so far${work}`);
        }
    }
    /** The run is over: no more heartbeats. */
    stop() {
        clearInterval(this.timer);
        this.running.clear();
    }
}
//# sourceMappingURL=progress-log.js.map
// EXTERNAL MODULE: ./node_modules/yaml/dist/index.js
var dist = __webpack_require__(38815);
;// CONCATENATED MODULE: ./build/src/spec/interpolate.js
const REFERENCE = /\$(\$?)\{([^}]*)\}/g;
const VALID_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
function interpolate(data, env) {
    const problems = [];
    const value = walk(data, [], env, problems);
    return { value, problems };
}
function walk(value, path, env, problems) {
    if (typeof value === 'string')
        return replace(value, path, env, problems);
    if (Array.isArray(value))
        return value.map((item, index) => walk(item, [...path, index], env, problems));
    if (value !== null && typeof value === 'object') {
        return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, walk(item, [...path, key], env, problems)]));
    }
    return value;
}
function replace(text, path, env, problems) {
    return text.replace(REFERENCE, (whole, escape, name) => {
        if (escape)
            return whole.slice(1);
        if (!VALID_NAME.test(name)) {
            problems.push({
                path,
                message: `\`\${${name}}\` is not a valid environment variable reference`,
                hint: 'write ${NAME} with letters, digits and underscores; write $${…} for a literal ${…}',
            });
            return whole;
        }
        const resolved = env[name];
        if (resolved === undefined || resolved === '') {
            problems.push({
                path,
                message: `environment variable ${name} is ${resolved === undefined ? 'not set' : 'empty'}`,
                hint: `set it in the workflow step: \`env: { ${name}: \${{ secrets.${name} }} }\` (a pull request from a fork gets no secrets), or \`export ${name}=…\` in your shell`,
            });
            return whole;
        }
        return resolved;
    });
}
//# sourceMappingURL=interpolate.js.map
;// CONCATENATED MODULE: ./build/src/spec/positions.js
/**
 * Maps a path inside the spec (`['comparisons', 1, 'source', 'dataset']`) back to the line and
 * column of the YAML node it came from, so every problem points at the right place in the file.
 */

/** `comparisons[1].source.dataset`; `(root)` for the document itself. */
function formatPath(path) {
    let out = '';
    for (const segment of path) {
        if (typeof segment === 'number')
            out += `[${segment}]`;
        else
            out += out === '' ? segment : `.${segment}`;
    }
    return out === '' ? '(root)' : out;
}
/**
 * Where `path` is in the document. `target: 'key'` points at the key of the last segment (for an
 * unknown key); otherwise at the value. When the path goes deeper than the document (a missing
 * field), it points at the key of the deepest part that exists.
 */
function positionOf(doc, lineCounter, path, target = 'value') {
    let node = doc.contents;
    let offset = rangeStart(node) ?? 0;
    for (let i = 0; i < path.length; i++) {
        node = resolveAlias(doc, node);
        const segment = path[i];
        const last = i === path.length - 1;
        if ((0,dist/* isMap */.jh)(node)) {
            const pair = node.items.find((item) => (0,dist/* isPair */.tO)(item) && (0,dist/* isScalar */.jn)(item.key) && String(item.key.value) === String(segment));
            if (!pair)
                break;
            const keyStart = rangeStart(pair.key);
            if (last && target === 'key' && keyStart !== undefined)
                return toPosition(lineCounter, keyStart);
            node = pair.value;
            // A missing field deeper down is reported at this key: `b:` rather than the line after it.
            offset = keyStart ?? offset;
            if (last)
                offset = rangeStart(pair.value) ?? offset;
        }
        else if ((0,dist/* isSeq */.oP)(node) && typeof segment === 'number') {
            const item = node.items[segment];
            if (item === undefined)
                break;
            node = item;
            offset = rangeStart(item) ?? offset;
        }
        else {
            break;
        }
    }
    return toPosition(lineCounter, offset);
}
function resolveAlias(doc, node) {
    return (0,dist/* isAlias */.Vj)(node) ? node.resolve(doc) : node;
}
function rangeStart(node) {
    const range = node?.range;
    return range ? range[0] : undefined;
}
function toPosition(lineCounter, offset) {
    const { line, col } = lineCounter.linePos(offset);
    return { line, column: col };
}
//# sourceMappingURL=positions.js.map
;// CONCATENATED MODULE: ./build/src/spec/problems.js
/** Sorted by line, then column, then path, so the output reads top to bottom like the file. */
function sortProblems(problems) {
    return [...problems].sort((a, b) => a.line - b.line || a.column - b.column || a.path.localeCompare(b.path));
}
/** `file:line:column  path: message`, then the hint indented on the next line. */
function formatProblem(problem) {
    const head = `${problem.file}:${problem.line}:${problem.column}  ${problem.path}: ${problem.message}`;
    return problem.hint ? `${head}\n    hint: ${problem.hint}` : head;
}
/** Every problem, one after another, with a count line first. */
function formatProblems(file, problems) {
    const count = problems.length === 1 ? '1 problem' : `${problems.length} problems`;
    return [`${file}: ${count}; nothing was run.`, ...problems.map(formatProblem)].join('\n');
}
//# sourceMappingURL=problems.js.map
// EXTERNAL MODULE: ./build/src/sql/guard.js
var guard = __webpack_require__(5527);
;// CONCATENATED MODULE: ./build/src/spec/rules.js


const isObj = (value) => value !== null && typeof value === 'object' && !Array.isArray(value);
const strings = (value) => Array.isArray(value) && value.every((v) => typeof v === 'string') ? value : undefined;
const code = (name) => `\`${name}\``;
function checkRules(data) {
    if (isObj(data) && data.comparisons === undefined && data.dbt === undefined) {
        return [{ path: ['comparisons'], message: 'is required', hint: 'list the comparisons to run under `comparisons:`, or add a `dbt:` section that derives them from dbt manifests' }];
    }
    if (!isObj(data))
        return [];
    const problems = [];
    const datasources = isObj(data.datasources) ? data.datasources : {};
    const declared = Object.keys(datasources);
    problems.push(...checkDbt(data.dbt, declared));
    if (!Array.isArray(data.comparisons))
        return problems;
    const seenNames = new Map();
    data.comparisons.forEach((comparison, index) => {
        if (!isObj(comparison))
            return;
        const at = ['comparisons', index];
        if (typeof comparison.name === 'string') {
            const first = seenNames.get(comparison.name);
            if (first === undefined)
                seenNames.set(comparison.name, index);
            else
                problems.push({
                    path: [...at, 'name'],
                    message: `duplicate name ${code(comparison.name)} (also comparisons[${first}])`,
                    hint: 'every comparison needs its own name; reports and --comparison refer to it',
                });
        }
        problems.push(...checkSides(comparison, at, declared, datasources));
        problems.push(...checkPairs(comparison, at, 'columns', 'source_columns', 'target_columns'));
        problems.push(...checkPairs(comparison, at, 'primary_keys', 'primary_keys_source', 'primary_keys_target'));
        problems.push(...checkTolerance(comparison, at));
    });
    return problems;
}
/** 'CSV' / 'Parquet' when the side's datasource is a file data source, else undefined. */
function fileDatasourceType(datasources, name) {
    const datasource = typeof name === 'string' ? datasources[name] : undefined;
    const type = isObj(datasource) ? datasource.type : undefined;
    return type === 'csv' ? 'CSV' : type === 'parquet' ? 'Parquet' : undefined;
}
function checkSides(comparison, at, declared, datasources) {
    const problems = [];
    const hasId = comparison.comparison_id !== undefined;
    const present = ['source', 'target'].filter((side) => comparison[side] !== undefined);
    if (present.length === 0) {
        if (!hasId) {
            problems.push({
                path: at,
                message: 'needs `source` and `target`',
                hint: 'e.g. source: { datasource: legacy, dataset: orders }; or `comparison_id` to run a comparison stored on the service (api mode)',
            });
        }
        return problems;
    }
    if (present.length === 1) {
        const missing = present[0] === 'source' ? 'target' : 'source';
        problems.push({ path: [...at, missing], message: 'is required', hint: `\`${present[0]}\` is set, so \`${missing}\` is needed too` });
    }
    for (const side of present) {
        const spec = comparison[side];
        if (!isObj(spec))
            continue;
        const path = [...at, side];
        const fileType = fileDatasourceType(datasources, spec.datasource);
        if (spec.dataset !== undefined && spec.query !== undefined) {
            problems.push({ path: [...path, 'query'], message: '`dataset` and `query` are exclusive', hint: 'keep one: a table name or a SELECT' });
        }
        else if (fileType !== undefined) {
            // A csv/parquet data source is one table, named after the data source; `dataset` may be omitted.
            const key = String(spec.datasource);
            if (typeof spec.dataset === 'string' && spec.dataset.trim() !== key && spec.dataset.trim() !== `"${key.replaceAll('"', '""')}"`) {
                problems.push({
                    path: [...path, 'dataset'],
                    message: `data source ${code(key)} is a ${fileType} file: its rows are the table ${code(key)}`,
                    hint: `omit \`dataset\` (or write dataset: ${key}); a \`query\` can read FROM ${key}`,
                });
            }
        }
        else if (spec.dataset === undefined && spec.query === undefined) {
            problems.push({ path, message: 'needs `dataset` or `query`', hint: 'dataset: a table name (schema.table), or query: a SELECT' });
        }
        const shorthand = `${side}_filter`;
        problems.push(...checkSideSql(spec, comparison[shorthand], path, [...at, shorthand], datasources));
        if (spec.filter !== undefined && comparison[shorthand] !== undefined) {
            problems.push({
                path: [...at, shorthand],
                message: `\`${shorthand}\` and \`${side}.filter\` are both set`,
                hint: 'keep one of the two spellings',
            });
        }
        if (typeof spec.datasource === 'string' && !declared.includes(spec.datasource)) {
            problems.push({
                path: [...path, 'datasource'],
                message: `unknown datasource ${code(spec.datasource)}`,
                hint: declared.length === 0
                    ? 'declare it under `datasources:` (type and url, or type: service for api mode)'
                    : suggestionHint(spec.datasource, declared, 'datasources').replace('allowed datasources', 'declared datasources'),
            });
        }
    }
    return problems;
}
/**
 * The side's filter and query, lexed by its data source's engine: one condition / one SELECT, nothing
 * that writes or reaches files (the connection guarantees it; this says so at the spec line).
 */
function checkSideSql(spec, shorthandFilter, path, shorthandPath, datasources) {
    const datasource = typeof spec.datasource === 'string' ? datasources[spec.datasource] : undefined;
    const dialect = isObj(datasource) && typeof datasource.type === 'string' ? (0,guard/* guardDialectOf */.nj)(datasource.type) : null;
    if (!dialect)
        return [];
    const problems = [];
    const found = (at, problem) => {
        if (problem)
            problems.push({ path: at, message: lowerFirst(problem.message.replace(/\.$/, '')), hint: problem.hint });
    };
    const given = (value) => typeof value === 'string' && value.trim() !== '';
    if (given(spec.filter))
        found([...path, 'filter'], (0,guard/* checkFilter */.le)(spec.filter, dialect));
    if (given(shorthandFilter))
        found(shorthandPath, (0,guard/* checkFilter */.le)(shorthandFilter, dialect));
    if (given(spec.query))
        found([...path, 'query'], (0,guard/* checkQuery */.Dp)(spec.query, dialect));
    return problems;
}
const lowerFirst = (text) => text.charAt(0).toLowerCase() + text.slice(1);
function checkPairs(comparison, at, both, sourceKey, targetKey) {
    const problems = [];
    const shared = comparison[both];
    const source = comparison[sourceKey];
    const target = comparison[targetKey];
    if (shared !== undefined && (source !== undefined || target !== undefined)) {
        problems.push({
            path: [...at, source !== undefined ? sourceKey : targetKey],
            message: `\`${both}\` and \`${sourceKey}\`/\`${targetKey}\` are exclusive`,
            hint: `use \`${both}\` when the names are the same on both sides, else the two lists paired by position`,
        });
        return problems;
    }
    if ((source === undefined) !== (target === undefined)) {
        const missing = source === undefined ? sourceKey : targetKey;
        problems.push({
            path: [...at, missing],
            message: 'is required',
            hint: `\`${source === undefined ? targetKey : sourceKey}\` is set; list the other side's names in the same order`,
        });
    }
    const sourceList = strings(source);
    const targetList = strings(target);
    if (sourceList && targetList && sourceList.length !== targetList.length) {
        problems.push({
            path: [...at, targetKey],
            message: `lists ${targetList.length} name(s) but \`${sourceKey}\` lists ${sourceList.length}`,
            hint: 'the lists pair by position (first with first), so they need the same length',
        });
    }
    for (const key of [both, sourceKey, targetKey]) {
        const list = strings(comparison[key]);
        const duplicate = list?.find((name, i) => list.indexOf(name) !== i);
        if (duplicate !== undefined) {
            problems.push({ path: [...at, key], message: `lists ${code(duplicate)} twice`, hint: 'name each column once' });
        }
    }
    return problems;
}
function checkTolerance(comparison, at) {
    return ['tolerance', 'compare_as'].flatMap((setting) => checkColumnSetting(comparison, at, setting));
}
/** A per-column setting (tolerance, compare_as) names compared source columns (keys too, for compare_as). */
function checkColumnSetting(comparison, at, setting) {
    const settings = comparison[setting];
    if (!isObj(settings))
        return [];
    const columns = strings(comparison.columns) ?? strings(comparison.source_columns);
    if (!columns)
        return [];
    const keys = setting === 'compare_as' ? (strings(comparison.primary_keys) ?? strings(comparison.primary_keys_source) ?? []) : [];
    const compared = [...columns, ...keys];
    return Object.keys(settings)
        .filter((column) => !compared.includes(column))
        .map((column) => ({
        path: [...at, setting, column],
        message: `${code(column)} is not a compared source column`,
        hint: suggestionHint(column, compared, 'columns').replace('allowed columns', 'compared columns'),
        at: 'key',
    }));
}
/** The dbt section's datasources must be declared, and be databases the engine reads. */
function checkDbt(dbt, declared) {
    if (!isObj(dbt))
        return [];
    const problems = [];
    for (const key of ['datasource', 'base_datasource']) {
        const name = dbt[key];
        if (typeof name === 'string' && name.trim() !== '' && !declared.includes(name)) {
            problems.push({
                path: ['dbt', key],
                message: `datasource ${code(name)} is not declared`,
                hint: declared.length > 0 ? suggestionHint(name, declared, 'datasources') : 'declare it under `datasources:`',
            });
        }
    }
    return problems;
}
//# sourceMappingURL=rules.js.map
// EXTERNAL MODULE: ./node_modules/zod/v4/classic/schemas.js + 8 modules
var schemas = __webpack_require__(32716);
// EXTERNAL MODULE: ./build/src/spec/schema.js
var spec_schema = __webpack_require__(61010);
;// CONCATENATED MODULE: ./build/src/spec/schema-problems.js
/**
 * Validates the parsed YAML with the zod schema and turns zod's issues into our problems: plain
 * wording ("is required", "must be a list") and hints (the closest allowed key, the allowed types).
 * Messages written in schema.ts ("must not be empty") take precedence over the wording here.
 */



function validateSchema(data) {
    const result = spec_schema/* specSchema */.pQ.safeParse(data, { error: wording });
    if (result.success)
        return { spec: result.data, problems: [] };
    return { problems: result.error.issues.flatMap((issue) => toProblems(issue, data)) };
}
const TYPE_NAMES = {
    string: 'a string',
    number: 'a number',
    int: 'a whole number',
    boolean: 'true or false',
    array: 'a list',
    object: 'a mapping (key: value)',
    record: 'a mapping (key: value)',
};
function describeInput(input) {
    if (input === null)
        return 'an empty value';
    if (Array.isArray(input))
        return 'a list';
    if (typeof input === 'object')
        return 'a mapping';
    if (typeof input === 'string')
        return `the string ${JSON.stringify(input)}`;
    return String(input);
}
function wording(issue) {
    switch (issue.code) {
        case 'invalid_type': {
            if (issue.input === undefined)
                return 'is required';
            const expected = TYPE_NAMES[issue.expected] ?? issue.expected;
            return `must be ${expected}, not ${describeInput(issue.input)}`;
        }
        case 'invalid_value':
            if (issue.input === undefined)
                return 'is required';
            return `must be ${issue.values.map((v) => JSON.stringify(v)).join(' or ')}, not ${describeInput(issue.input)}`;
        case 'too_small':
            if (issue.origin === 'string')
                return 'must not be empty';
            if (issue.origin === 'array')
                return `must list at least ${issue.minimum} item(s)`;
            return `must be ${issue.inclusive ? 'at least' : 'greater than'} ${issue.minimum}`;
        case 'too_big':
            if (issue.origin === 'array')
                return `must list at most ${issue.maximum} item(s)`;
            return `must be ${issue.inclusive ? 'at most' : 'less than'} ${issue.maximum}`;
        case 'invalid_format':
            return issue.format === 'uuid' ? 'must be a UUID such as 3f2b9c1e-0000-4000-8000-000000000001' : `must be a valid ${issue.format}`;
        default:
            return undefined;
    }
}
function toProblems(issue, data) {
    const path = issue.path.filter((s) => typeof s !== 'symbol');
    if (issue.code === 'unrecognized_keys') {
        const allowed = allowedKeysAt(path, data);
        return issue.keys.map((key) => ({
            path: [...path, key],
            message: `unknown key \`${key}\``,
            hint: unknownKeyHint(key, allowed),
            at: 'key',
        }));
    }
    if (issue.code === 'invalid_union' && 'discriminator' in issue && issue.discriminator) {
        const options = issue.options?.map(String) ?? [];
        const value = valueAt(data, path);
        if (value === undefined) {
            return [{ path, message: 'is required', hint: `set \`type\` to one of ${options.join(', ')}` }];
        }
        const match = closest(String(value), options);
        return [
            {
                path,
                message: `unknown type ${JSON.stringify(value)}`,
                hint: match ? `did you mean \`${match}\`?` : `use one of ${options.join(', ')}`,
            },
        ];
    }
    const problem = { path, message: issue.message };
    const hint = hintFor(issue, path, valueAt(data, path));
    if (hint)
        problem.hint = hint;
    return [problem];
}
function hintFor(issue, path, value) {
    const last = path[path.length - 1];
    if (issue.code === 'invalid_type' && issue.expected === 'string' && (typeof value === 'number' || typeof value === 'boolean')) {
        return `YAML reads ${String(value)} as a ${typeof value}; write it in quotes: "${String(value)}"`;
    }
    if ((issue.code === 'invalid_value' || issue.code === 'invalid_type') && last === 'version')
        return 'write `version: 1` at the top of the file';
    if (issue.code === 'invalid_type' && issue.message === 'is required') {
        if (last === 'url')
            return 'e.g. url: "${DATABASE_URL}" and set DATABASE_URL from a secret in the workflow step\'s env:';
        if (last === 'comparisons')
            return 'list the comparisons to run under `comparisons:`';
    }
    return undefined;
}
/** Spellings from the API document's request body, and where they go in the spec. */
const API_DOCUMENT_KEYS = {
    source_query: 'write it as `source: { datasource: …, query: … }`',
    target_query: 'write it as `target: { datasource: …, query: … }`',
    source_dataset_id: 'write it as `source: { datasource: …, dataset: … }`',
    target_dataset_id: 'write it as `target: { datasource: …, dataset: … }`',
    source_dataset: 'write it as `source: { datasource: …, dataset: … }`',
    target_dataset: 'write it as `target: { datasource: …, dataset: … }`',
    source_datasource_id: 'write it as `source: { datasource: <a key of datasources> }`',
    target_datasource_id: 'write it as `target: { datasource: <a key of datasources> }`',
};
function unknownKeyHint(key, allowed) {
    const apiSpelling = API_DOCUMENT_KEYS[key];
    if (apiSpelling && allowed.includes('source'))
        return apiSpelling;
    return suggestionHint(key, allowed);
}
function valueAt(data, path) {
    let value = data;
    for (const segment of path) {
        if (value === null || typeof value !== 'object')
            return undefined;
        value = value[segment];
    }
    return value;
}
/** The keys the schema allows in the object at `path` (the datasource variant chosen by its `type`). */
function allowedKeysAt(path, data) {
    let schema = spec_schema/* specSchema */.pQ;
    for (let i = 0; i <= path.length && schema; i++) {
        schema = unwrap(schema, valueAt(data, path.slice(0, i)));
        if (i === path.length)
            break;
        const segment = path[i];
        if (schema instanceof schemas/* ZodObject */.bvH)
            schema = schema.shape[String(segment)];
        else if (schema instanceof schemas/* ZodArray */.naA)
            schema = schema.element;
        else if (schema instanceof schemas/* ZodRecord */.b8S)
            schema = schema.valueType;
        else
            schema = undefined;
    }
    return schema instanceof schemas/* ZodObject */.bvH ? Object.keys(schema.shape) : [];
}
function unwrap(schema, value) {
    let current = schema;
    for (;;) {
        if (current instanceof schemas/* ZodOptional */.IiU || current instanceof schemas/* ZodDefault */.XiL || current instanceof schemas/* ZodNullable */.l1C) {
            current = current.unwrap();
        }
        else if (current instanceof schemas/* ZodUnion */.fZ7) {
            const options = current.options;
            const type = value?.type;
            const chosen = options.find((o) => o instanceof schemas/* ZodObject */.bvH && o.shape.type?.safeParse(type).success);
            if (!chosen)
                return current;
            current = chosen;
        }
        else {
            return current;
        }
    }
}
//# sourceMappingURL=schema-problems.js.map
;// CONCATENATED MODULE: ./build/src/spec/load.js
/**
 * Loads a spec file: YAML with positions → `${VAR}` interpolation → zod schema → cross-field rules
 * → ComparisonDefinitions. Every problem of every stage is collected and thrown at once as a
 * SpecError, each placed at file:line:column and sorted by line.
 */










async function loadSpec(file, options = {}) {
    const cwd = options.cwd ?? process.cwd();
    const absolute = external_node_path_.resolve(cwd, file);
    const relative = external_node_path_.relative(cwd, absolute);
    const shown = relative && !relative.startsWith('..') && !external_node_path_.isAbsolute(relative) ? relative : absolute;
    let text;
    try {
        text = await (0,promises_.readFile)(absolute, 'utf8');
    }
    catch (error) {
        const missing = error.code === 'ENOENT';
        throw new errors/* ConfigurationError */.j1(missing ? `spec file ${shown} does not exist` : `cannot read spec file ${shown}`, {
            cause: error,
            hint: missing
                ? 'create it (see the README\'s spec reference) or point to it with --spec / the `spec` input'
                : 'check the file\'s permissions',
        });
    }
    return parseSpec(text, { ...options, file: shown, cwd });
}
/** Parses spec text already read; `file` is only used in messages and locations. */
function parseSpec(text, options) {
    const { file } = options;
    const lineCounter = new dist/* LineCounter */.HN();
    const doc = (0,dist/* parseDocument */.Tp)(text, { lineCounter, prettyErrors: false, uniqueKeys: true, merge: true });
    const place = (problem) => {
        const position = positionOf(doc, lineCounter, problem.path, problem.at);
        return {
            file,
            line: position.line,
            column: position.column,
            path: formatPath(problem.path),
            message: problem.message,
            ...(problem.hint !== undefined && { hint: problem.hint }),
        };
    };
    if (doc.errors.length > 0) {
        throw new errors/* SpecError */.G8(sortProblems(doc.errors.map((error) => {
            const { line, col } = lineCounter.linePos(error.pos[0]);
            return { file, line, column: col, path: '(yaml)', message: yamlMessage(error.message), hint: 'fix the YAML syntax' };
        })));
    }
    const raw = doc.toJS({ maxAliasCount: 100 }) ?? {};
    const interpolated = interpolate(raw, options.env ?? process.env);
    const validated = validateSchema(interpolated.value);
    const problems = [...interpolated.problems, ...validated.problems, ...checkRules(interpolated.value)];
    if (!validated.spec && validated.problems.length === 0)
        throw new Error('unreachable: schema failed without problems');
    if (problems.length > 0 || !validated.spec)
        throw new errors/* SpecError */.G8(sortProblems(dedupe(problems.map(place))));
    const definitions = resolveDefinitions(validated.spec, {
        file,
        cwd: options.cwd ?? process.cwd(),
        ...(options.maxDiffRows !== undefined && { maxDiffRows: options.maxDiffRows }),
        locate: (index) => positionOf(doc, lineCounter, ['comparisons', index]),
        locateKey: (path) => positionOf(doc, lineCounter, path, 'key'),
    });
    return {
        file,
        spec: validated.spec,
        definitions,
        ...(validated.spec.dbt && { dbtLocation: positionOf(doc, lineCounter, ['dbt'], 'key') }),
    };
}
/** yaml's message without the "at line N, column M" tail (we print the position ourselves). */
function yamlMessage(message) {
    return message.split('\n')[0].replace(/ at line \d+, column \d+:?$/, '');
}
/** The schema and the rules can both notice a missing side; say it once. */
function dedupe(problems) {
    const seen = new Set();
    return problems.filter((p) => {
        const key = `${p.path}\u0000${p.message}`;
        if (seen.has(key))
            return false;
        seen.add(key);
        return true;
    });
}
//# sourceMappingURL=load.js.map
;// CONCATENATED MODULE: ./build/src/dbt/changes.js
const isEphemeral = (node) => node.config.materialized === 'ephemeral';
function detectChanges(pr, base, select) {
    const direct = new Map();
    const modifiedEphemeral = [];
    const added = [];
    const macroChanged = changedMacros(pr, base);
    for (const [id, node] of pr.nodes) {
        const before = base.nodes.get(id);
        if (!before) {
            if (!isEphemeral(node))
                added.push(node);
            continue;
        }
        const what = modifications(node, before);
        if (node.depends_on.macros.some((m) => macroChanged(m)))
            what.push('macros');
        if (what.length === 0)
            continue;
        if (isEphemeral(node))
            modifiedEphemeral.push(node);
        else
            direct.set(id, { kind: 'modified', what });
    }
    const removed = [...base.nodes.values()].filter((node) => !pr.nodes.has(node.unique_id) && !isEphemeral(node));
    const children = childrenOf(pr);
    // An ephemeral model's change is the change of the first real relations built from it.
    for (const ephemeral of modifiedEphemeral) {
        for (const id of walkDown(ephemeral.unique_id, children, pr, true)) {
            if (!direct.has(id))
                direct.set(id, { kind: 'modified-ephemeral', via: ephemeral.name });
        }
    }
    const reasons = new Map(direct);
    if (select === 'modified+') {
        for (const id of [...direct.keys()].sort()) {
            const of = pr.nodes.get(id).name;
            for (const child of walkDown(id, children, pr, false)) {
                if (!reasons.has(child) && base.nodes.has(child))
                    reasons.set(child, { kind: 'downstream', of });
            }
        }
    }
    const order = (reason) => (reason.kind === 'downstream' ? 1 : 0);
    const changed = [...reasons.entries()]
        .map(([id, reason]) => ({ node: pr.nodes.get(id), base: base.nodes.get(id), reason }))
        .sort((a, b) => order(a.reason) - order(b.reason) || a.node.unique_id.localeCompare(b.node.unique_id));
    return { changed, added: sortById(added), removed: sortById(removed) };
}
/** What changed between the base and the PR version of one node (empty: unchanged). */
function modifications(node, before) {
    const what = [];
    if ((node.checksum?.checksum ?? '') !== (before.checksum?.checksum ?? ''))
        what.push('body');
    if (relevantConfig(node) !== relevantConfig(before))
        what.push('config');
    if (columnsOf(node) !== columnsOf(before))
        what.push('columns');
    return what;
}
/** The config that changes what is built (not where: database/schema differ between prod and CI by design). */
function relevantConfig(node) {
    const c = node.config;
    return JSON.stringify([
        c.materialized,
        // the configured names (not the resolved ones, which differ between production and CI by design)
        c.alias ?? null,
        c.schema ?? null,
        c.database ?? null,
        c.unique_key ?? null,
        c.incremental_strategy ?? null,
        c.contract ?? null,
        c.on_schema_change ?? null,
        c.snapshot_meta_column_names ?? null,
        c.strategy ?? null,
        node.constraints,
    ]);
}
function columnsOf(node) {
    return JSON.stringify(Object.values(node.columns)
        .map((c) => [c.name.toLowerCase(), c.data_type ?? null, c.constraints.map((x) => x.type).sort()])
        .sort((a, b) => String(a[0]).localeCompare(String(b[0]))));
}
/** Whether a macro (or a macro it calls) differs from production's; a macro new in the PR counts as changed. */
function changedMacros(pr, base) {
    const memo = new Map();
    const changed = (id, path) => {
        const known = memo.get(id);
        if (known !== undefined)
            return known;
        if (path.has(id))
            return false;
        path.add(id);
        const now = pr.macros.get(id);
        const before = base.macros.get(id);
        const result = now !== undefined && (before === undefined ? base.macros.size > 0 : now.sql !== before.sql || now.calls.some((c) => changed(c, path)));
        path.delete(id);
        memo.set(id, result);
        return result;
    };
    return (id) => !BUILT_IN_MACRO.test(id) && changed(id, new Set());
}
/** dbt's own and its adapters' macros change with every dbt upgrade, not with the project. */
const BUILT_IN_MACRO = /^macro\.dbt(_(postgres|snowflake|bigquery|redshift|duckdb|databricks|spark|mysql|sqlserver|trino|athena|clickhouse|fabric|synapse))?\./;
function childrenOf(manifest) {
    const children = new Map();
    for (const node of manifest.nodes.values()) {
        for (const parent of node.depends_on.nodes) {
            const list = children.get(parent) ?? [];
            list.push(node.unique_id);
            children.set(parent, list);
        }
    }
    return children;
}
/**
 * The relations below `start`. `stopAtRelations`: only the nearest ones (an ephemeral model's users,
 * looking through further ephemeral models); else every descendant.
 */
function walkDown(start, children, manifest, stopAtRelations) {
    const found = [];
    const seen = new Set([start]);
    const queue = [...(children.get(start) ?? [])];
    while (queue.length > 0) {
        const id = queue.shift();
        if (seen.has(id))
            continue;
        seen.add(id);
        const node = manifest.nodes.get(id);
        if (!node)
            continue;
        const relation = !isEphemeral(node);
        if (relation)
            found.push(id);
        if (!relation || !stopAtRelations)
            queue.push(...(children.get(id) ?? []));
    }
    return found;
}
function sortById(nodes) {
    return nodes.sort((a, b) => a.unique_id.localeCompare(b.unique_id));
}
/** One sentence for reports: "modified: body, columns", "downstream of stg_orders", "new". */
function describeReason(reason) {
    switch (reason.kind) {
        case 'modified':
            return `modified: ${reason.what.join(', ')}`;
        case 'modified-ephemeral':
            return `modified: ephemeral model ${reason.via} it uses`;
        case 'downstream':
            return `downstream of ${reason.of}`;
        case 'new':
            return 'new';
    }
}
//# sourceMappingURL=changes.js.map
;// CONCATENATED MODULE: ./build/src/dbt/keys.js
const KEY_SOURCE_TEXT = {
    override: 'dbt.models override in the spec',
    meta: 'meta.datacompare.primary_keys',
    constraint: 'primary_key constraint',
    unique_key: 'incremental unique_key',
    unique_test: 'unique test',
    unique_combination: 'dbt_utils.unique_combination_of_columns test',
    none: 'none found',
};
/** A plain column name (not an expression such as `a || '-' || b`). */
const COLUMN = /^[A-Za-z_][A-Za-z0-9_$]*$|^"[^"]+"$|^`[^`]+`$/;
function discoverKey(node, tests, override) {
    if (override && override.length > 0)
        return { columns: [...override], source: 'override' };
    const meta = fromMeta(node.meta) ?? fromMeta(node.config.meta);
    if (meta)
        return { columns: meta, source: 'meta' };
    const constraint = fromConstraints(node);
    if (constraint)
        return { columns: constraint, source: 'constraint' };
    const uniqueKey = fromUniqueKey(node);
    if (uniqueKey)
        return { columns: uniqueKey, source: 'unique_key' };
    const unique = fromUniqueTests(tests);
    if (unique)
        return { columns: unique, source: 'unique_test' };
    const combination = fromCombination(tests);
    if (combination)
        return { columns: combination, source: 'unique_combination' };
    return { columns: [], source: 'none' };
}
function fromMeta(meta) {
    const ours = meta.datacompare;
    const keys = ours?.primary_keys;
    const list = typeof keys === 'string' ? [keys] : keys;
    return Array.isArray(list) && list.length > 0 && list.every((k) => typeof k === 'string') ? list : undefined;
}
function fromConstraints(node) {
    const modelLevel = node.constraints.find((c) => c.type === 'primary_key' && c.columns && c.columns.length > 0);
    if (modelLevel?.columns)
        return [...modelLevel.columns];
    const columns = Object.values(node.columns).filter((c) => c.constraints.some((x) => x.type === 'primary_key'));
    return columns.length > 0 ? columns.map((c) => c.name) : undefined;
}
function fromUniqueKey(node) {
    // A snapshot keeps every version of a row: its unique_key is not unique in the table.
    if (node.config.materialized !== 'incremental')
        return undefined;
    const key = node.config.unique_key;
    const list = typeof key === 'string' ? key.split(',').map((k) => k.trim()) : key;
    return list && list.length > 0 && list.every((k) => COLUMN.test(k)) ? [...list] : undefined;
}
function fromUniqueTests(tests) {
    const columnsWith = (name) => tests
        .filter((t) => t.test_metadata?.name === name && !t.test_metadata.namespace)
        .map((t) => t.column_name ?? t.test_metadata?.kwargs.column_name)
        .filter((c) => typeof c === 'string' && COLUMN.test(c));
    const unique = columnsWith('unique');
    if (unique.length === 0)
        return undefined;
    const notNull = new Set(columnsWith('not_null').map((c) => c.toLowerCase()));
    return [unique.find((c) => notNull.has(c.toLowerCase())) ?? unique[0]];
}
function fromCombination(tests) {
    for (const test of tests) {
        if (test.test_metadata?.name !== 'unique_combination_of_columns')
            continue;
        const columns = test.test_metadata.kwargs.combination_of_columns;
        if (Array.isArray(columns) && columns.length > 0 && columns.every((c) => typeof c === 'string' && COLUMN.test(c)))
            return columns;
    }
    return undefined;
}
//# sourceMappingURL=keys.js.map
;// CONCATENATED MODULE: ./build/src/dbt/manifest.js
/**
 * Reads a dbt `manifest.json` (the artifact `dbt build` / `dbt compile` leave in `target/`): parsed
 * once with JSON.parse, then only the fields we use are validated with zod, node by node, so a
 * 50 MB manifest is never copied whole. Schema versions v9–v12 (dbt 1.5 and later) are understood.
 */



const SUPPORTED_SCHEMA_VERSIONS = [9, 10, 11, 12];
const stringList = schemas/* array */.YOg(schemas/* string */.YjP()).catch([]);
const constraint = schemas/* looseObject */._H3({ type: schemas/* string */.YjP(), columns: schemas/* array */.YOg(schemas/* string */.YjP()).nullish() });
const columnSchema = schemas/* looseObject */._H3({
    name: schemas/* string */.YjP(),
    data_type: schemas/* string */.YjP().nullish(),
    constraints: schemas/* array */.YOg(constraint).catch([]).default([]),
});
const nodeSchema = schemas/* looseObject */._H3({
    unique_id: schemas/* string */.YjP(),
    resource_type: schemas/* string */.YjP(),
    name: schemas/* string */.YjP(),
    package_name: schemas/* string */.YjP(),
    database: schemas/* string */.YjP().nullish(),
    schema: schemas/* string */.YjP(),
    alias: schemas/* string */.YjP().nullish(),
    relation_name: schemas/* string */.YjP().nullish(),
    original_file_path: schemas/* string */.YjP().default(''),
    checksum: schemas/* looseObject */._H3({ checksum: schemas/* string */.YjP() }).optional(),
    tags: stringList.default([]),
    meta: schemas/* record */.g1P(schemas/* string */.YjP(), schemas/* unknown */.L5J()).catch({}).default({}),
    config: schemas/* looseObject */._H3({
        materialized: schemas/* string */.YjP().default('view'),
        enabled: schemas/* boolean */.zMY().default(true),
        unique_key: schemas/* union */.KCZ([schemas/* string */.YjP(), schemas/* array */.YOg(schemas/* string */.YjP())]).nullish(),
        meta: schemas/* record */.g1P(schemas/* string */.YjP(), schemas/* unknown */.L5J()).catch({}).default({}),
        contract: schemas/* looseObject */._H3({ enforced: schemas/* boolean */.zMY().default(false) }).nullish(),
    })
        .default({ materialized: 'view', enabled: true, meta: {} }),
    columns: schemas/* record */.g1P(schemas/* string */.YjP(), columnSchema).catch({}).default({}),
    constraints: schemas/* array */.YOg(constraint).catch([]).default([]),
    depends_on: schemas/* looseObject */._H3({ nodes: stringList.default([]), macros: stringList.default([]) }).default({ nodes: [], macros: [] }),
    version: schemas/* union */.KCZ([schemas/* string */.YjP(), schemas/* number */.aig()]).nullish(),
    test_metadata: schemas/* looseObject */._H3({ name: schemas/* string */.YjP(), namespace: schemas/* string */.YjP().nullish(), kwargs: schemas/* record */.g1P(schemas/* string */.YjP(), schemas/* unknown */.L5J()).catch({}).default({}) })
        .nullish(),
    attached_node: schemas/* string */.YjP().nullish(),
    column_name: schemas/* string */.YjP().nullish(),
});
const RELATION_TYPES = new Set(['model', 'seed', 'snapshot']);
/** Reads and checks a manifest file; every problem is a ConfigurationError naming the file and the fix. */
function readManifest(file, absolute, role) {
    let text;
    try {
        text = (0,external_node_fs_.readFileSync)(absolute, 'utf8');
    }
    catch (error) {
        const missing = error.code === 'ENOENT';
        throw new errors/* ConfigurationError */.j1(`dbt ${role} ${file} ${missing ? 'does not exist' : 'cannot be read'}`, {
            cause: error,
            hint: role === 'manifest'
                ? 'run `dbt build` (or `dbt compile`) before this step so target/manifest.json exists, or set dbt.manifest / the dbt-manifest input'
                : "download production's manifest.json (from the deploy job's artifact or your bucket) before this step, or set dbt.base_manifest / the dbt-base-manifest input",
        });
    }
    let raw;
    try {
        raw = JSON.parse(text);
    }
    catch (error) {
        throw new errors/* ConfigurationError */.j1(`dbt ${role} ${file} is not JSON (${error.message})`, {
            cause: error,
            hint: 'point it at the manifest.json that dbt writes into target/ (not run_results.json or a YAML file)',
        });
    }
    return toManifest(raw, file, role);
}
/** A manifest already parsed (JSON.parse) → the checked, indexed Manifest. */
function toManifest(raw, file, role) {
    const top = raw !== null && typeof raw === 'object' ? raw : {};
    const metadata = (top.metadata ?? {});
    const versionUrl = typeof metadata.dbt_schema_version === 'string' ? metadata.dbt_schema_version : '';
    const match = /\/manifest\/v(\d+)\.json$/.exec(versionUrl);
    const version = match ? Number(match[1]) : Number.NaN;
    if (!SUPPORTED_SCHEMA_VERSIONS.includes(version) || typeof top.nodes !== 'object' || top.nodes === null) {
        throw new errors/* ConfigurationError */.j1(`dbt ${role} ${file} is ${versionUrl ? `of schema ${versionUrl}, which datacompare does not read` : 'not a dbt manifest (no metadata.dbt_schema_version)'}`, { hint: `datacompare reads manifest schemas v${SUPPORTED_SCHEMA_VERSIONS[0]}–v${SUPPORTED_SCHEMA_VERSIONS.at(-1)} (dbt 1.5 and later): build it with a recent dbt` });
    }
    const nodes = new Map();
    const testsByNode = new Map();
    for (const [id, value] of Object.entries(top.nodes)) {
        const type = value?.resource_type;
        if (type !== 'test' && !RELATION_TYPES.has(type))
            continue;
        const parsed = nodeSchema.safeParse(value);
        if (!parsed.success) {
            const issue = parsed.error.issues[0];
            throw new errors/* ConfigurationError */.j1(`dbt ${role} ${file}: node ${id} is malformed (${issue?.path.join('.') ?? ''}: ${issue?.message ?? ''})`, {
                hint: 'regenerate the manifest with `dbt compile`; a hand-edited or truncated manifest cannot be read',
            });
        }
        const node = parsed.data;
        if (!node.config.enabled)
            continue;
        if (type === 'test') {
            for (const parent of testedNodes(node)) {
                const list = testsByNode.get(parent) ?? [];
                list.push(node);
                testsByNode.set(parent, list);
            }
        }
        else
            nodes.set(id, node);
    }
    return {
        file,
        macros: macrosOf(top.macros),
        schemaVersion: version,
        dbtVersion: typeof metadata.dbt_version === 'string' ? metadata.dbt_version : 'unknown',
        projectName: typeof metadata.project_name === 'string' ? metadata.project_name : undefined,
        projectId: typeof metadata.project_id === 'string' ? metadata.project_id : undefined,
        nodes,
        testsByNode,
    };
}
function macrosOf(raw) {
    const macros = new Map();
    if (raw === null || typeof raw !== 'object')
        return macros;
    for (const [id, value] of Object.entries(raw)) {
        const macro = value;
        const calls = macro?.depends_on?.macros;
        macros.set(id, {
            sql: typeof macro?.macro_sql === 'string' ? macro.macro_sql : '',
            calls: Array.isArray(calls) ? calls.filter((c) => typeof c === 'string') : [],
        });
    }
    return macros;
}
/** A generic test belongs to `attached_node` (dbt ≥ 1.5); older tests only list their parents. */
function testedNodes(test) {
    if (test.attached_node)
        return [test.attached_node];
    return test.depends_on.nodes.filter((id) => !id.startsWith('macro.'));
}
/** Two manifests must describe the same dbt project; else every model would look new. */
function checkSameProject(pr, base) {
    const differ = (pr.projectId !== undefined && base.projectId !== undefined && pr.projectId !== base.projectId) ||
        (pr.projectName !== undefined && base.projectName !== undefined && pr.projectName !== base.projectName);
    if (differ) {
        throw new errors/* ConfigurationError */.j1(`dbt manifests ${pr.file} and ${base.file} come from different projects (${pr.projectName ?? pr.projectId} vs ${base.projectName ?? base.projectId})`, { hint: "set dbt.base_manifest (or the dbt-base-manifest input) to production's manifest of this same project" });
    }
}
//# sourceMappingURL=manifest.js.map
;// CONCATENATED MODULE: ./build/src/dbt/select.js
function isExcluded(node, patterns) {
    return patterns.some((pattern) => matches(node, pattern));
}
function matches(node, pattern) {
    if (pattern.startsWith('tag:')) {
        const tag = pattern.slice(4);
        return node.tags.includes(tag) || node.config.tags?.includes(tag) === true;
    }
    if (pattern.startsWith('path:')) {
        const wanted = pattern.slice(5).replaceAll('\\', '/').replace(/\/$/, '');
        const file = node.original_file_path.replaceAll('\\', '/');
        return file === wanted || file.startsWith(`${wanted}/`) || glob(wanted).test(file);
    }
    return glob(pattern).test(node.name) || pattern === node.unique_id;
}
/** `*` any run of characters, `?` one character; everything else literal. */
function glob(pattern) {
    const body = pattern.replace(/[.+^${}()|[\]\\]/g, '\\$&').replaceAll('*', '.*').replaceAll('?', '.');
    return new RegExp(`^${body}$`);
}
//# sourceMappingURL=select.js.map
;// CONCATENATED MODULE: ./build/src/dbt/derive.js
/**
 * From a spec's `dbt` section to comparisons: read both manifests, find what the pull request
 * changed, and turn every changed relation into a ComparisonDefinition (production → PR) whose key
 * comes from the manifest. The explicit `comparisons:` keep running beside them.
 */







/** The loaded spec with the dbt-derived comparisons appended (unchanged when there is no `dbt` section). */
function addDbtComparisons(loaded, options) {
    const dbt = loaded.spec.dbt;
    if (!dbt)
        return loaded;
    const manifestPath = options.manifest ?? dbt.manifest;
    const basePath = options.baseManifest ?? dbt.base_manifest;
    if (!basePath) {
        throw new errors/* ConfigurationError */.j1(`the dbt section of ${loaded.file} names no base manifest`, {
            hint: "set dbt.base_manifest (or the dbt-base-manifest input) to production's manifest.json, e.g. downloaded from the deploy job's artifact",
        });
    }
    const pr = readManifest(manifestPath, external_node_path_.resolve(options.cwd, manifestPath), 'manifest');
    const base = readManifest(basePath, external_node_path_.resolve(options.cwd, basePath), 'base_manifest');
    checkSameProject(pr, base);
    const changes = detectChanges(pr, base, dbt.select);
    const kept = changes.changed.filter((c) => !isExcluded(c.node, dbt.exclude));
    const excluded = changes.changed.filter((c) => isExcluded(c.node, dbt.exclude));
    const taken = new Set(loaded.definitions.map((d) => d.name));
    const modelName = (node) => (node.version !== undefined && node.version !== null ? `${node.name}_v${node.version}` : node.name);
    const duplicateNames = new Set(kept.map((c) => modelName(c.node)).filter((name, i, all) => all.indexOf(name) !== i));
    const location = { file: loaded.file, ...(loaded.dbtLocation ?? { line: 0, column: 0 }) };
    const derived = kept.map((change) => {
        let name = duplicateNames.has(modelName(change.node)) ? `${change.node.package_name}.${modelName(change.node)}` : modelName(change.node);
        if (taken.has(name))
            name = `dbt:${name}`;
        taken.add(name);
        return definitionFor(change, name, { spec: loaded.spec, dbt, cwd: options.cwd, location, maxDiffRows: options.maxDiffRows, tests: pr.testsByNode });
    });
    const summary = (node) => ({ unique_id: node.unique_id, name: node.name, relation: relationName(node) });
    return {
        ...loaded,
        definitions: [...loaded.definitions, ...derived],
        dbt: {
            manifest: manifestPath,
            base_manifest: basePath,
            select: dbt.select,
            added: changes.added.filter((n) => !isExcluded(n, dbt.exclude)).map(summary),
            removed: changes.removed.filter((n) => !isExcluded(n, dbt.exclude)).map(summary),
            excluded: excluded.map((c) => ({ unique_id: c.node.unique_id, name: c.node.name })),
        },
    };
}
function definitionFor(change, name, context) {
    const { node } = change;
    const prod = change.base ?? node;
    const override = context.dbt.models[`${node.package_name}.${node.name}`] ?? context.dbt.models[node.name];
    const key = discoverKey(node, context.tests.get(node.unique_id) ?? [], override?.primary_keys);
    const defaults = context.spec.defaults ?? {};
    const noKey = key.columns.length === 0;
    const definition = {
        name,
        location: context.location,
        source: resolveSide(context.spec, { datasource: context.dbt.base_datasource ?? context.dbt.datasource, dataset: dataset(prod) }, context.cwd),
        target: resolveSide(context.spec, { datasource: context.dbt.datasource, dataset: dataset(node) }, context.cwd),
        columns: null,
        primaryKeys: noKey ? null : { source: key.columns.map(unquote), target: key.columns.map(unquote) },
        caseSensitive: override?.case_sensitive ?? defaults.case_sensitive ?? false,
        quickComparison: noKey || (defaults.quick_comparison ?? false),
        schemaDiff: true,
        tolerance: { ...override?.tolerance },
        thresholds: {
            ...(defaults.thresholds?.max_mismatched_rows !== undefined && { maxMismatchedRows: defaults.thresholds.max_mismatched_rows }),
            ...(defaults.thresholds?.max_mismatch_ratio !== undefined && { maxMismatchRatio: defaults.thresholds.max_mismatch_ratio }),
        },
        maxDiffRows: defaults.max_diff_rows ?? context.maxDiffRows ?? DEFAULT_MAX_DIFF_ROWS,
        dbt: { unique_id: node.unique_id, reason: describeReason(change.reason), key_source: key.source, downstream: change.reason.kind === 'downstream' },
    };
    if (noKey)
        definition.profile = true;
    if (override?.exclude_columns)
        definition.excludeColumns = [...override.exclude_columns];
    const declared = declaredColumns(node, prod, [...key.columns.map(unquote), ...(override?.exclude_columns ?? [])]);
    if (declared.length > 0)
        definition.declaredColumns = declared;
    if (defaults.timeout_minutes !== undefined)
        definition.timeoutMs = Math.round(defaults.timeout_minutes * 60_000);
    return definition;
}
/** The columns both versions of the model declare (the PR's spelling), keys and excluded columns left out. */
function declaredColumns(node, prod, leaveOut) {
    const inProd = new Set(Object.values(prod.columns).map((c) => unquote(c.name).toLowerCase()));
    const skip = new Set(leaveOut.map((c) => c.toLowerCase()));
    return Object.values(node.columns)
        .map((c) => unquote(c.name))
        .filter((name) => inProd.has(name.toLowerCase()) && !skip.has(name.toLowerCase()));
}
/** `"schema"."alias"`: the datasource names the database; quoted so dots and case survive. */
function dataset(node) {
    const quote = (part) => `"${part.replaceAll('"', '""')}"`;
    return `${quote(node.schema)}.${quote(node.alias ?? node.name)}`;
}
/** The relation as dbt names it (for reports). */
function relationName(node) {
    return node.relation_name ?? [node.database, node.schema, node.alias ?? node.name].filter(Boolean).join('.');
}
function unquote(column) {
    return /^(["`]).*\1$/.test(column) ? column.slice(1, -1) : column;
}
//# sourceMappingURL=derive.js.map
// EXTERNAL MODULE: ./build/src/action/inputs.js
var action_inputs = __webpack_require__(73991);
// EXTERNAL MODULE: ./build/src/action/logger.js
var action_logger = __webpack_require__(39206);
// EXTERNAL MODULE: ./build/src/action/publish.js + 11 modules
var publish = __webpack_require__(40642);
// EXTERNAL MODULE: ./build/src/action/report-files.js + 2 modules
var report_files = __webpack_require__(18568);
// EXTERNAL MODULE: ./build/src/action/comment.js
var comment = __webpack_require__(52873);
// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __webpack_require__(77598);
// EXTERNAL MODULE: external "node:net"
var external_node_net_ = __webpack_require__(77030);
;// CONCATENATED MODULE: ./build/src/sensitive/person-names.js
/**
 * Whether a column holds people's names, which its name alone rarely says (`name`, `contact`, `owner`):
 * by its values (a given name followed by one to three capitalised words, "Ada Lovelace", "María José
 * García", "Dr. Grace Hopper", "Lovelace, Ada") and by its neighbours (an `e-mail`, `phone` or
 * `birth_date` beside a `name` makes it a person's; `price`, `sku`, `population` beside it a product's
 * or a place's). Conservative where it matters: one person-like value among few is enough to mask.
 */
/** Common given names in the languages the column names are read in (lower case). */
const GIVEN_NAMES = new Set(('james john robert michael william david richard joseph thomas charles christopher daniel matthew anthony mark donald steven paul andrew joshua ' +
    'kenneth kevin brian george timothy ronald edward jason jeffrey ryan jacob gary nicholas eric jonathan stephen larry justin scott brandon benjamin ' +
    'samuel gregory alexander frank patrick raymond jack dennis jerry tyler aaron jose adam nathan henry peter zachary douglas harold kyle noah ' +
    'ethan jeremy walter christian keith roger terry austin sean gerald carl harry arthur lawrence dylan jesse jordan bryan billy bruce gabriel joe ' +
    'logan alan juan albert willie elijah wayne randy vincent mason roy ralph bobby russell bradley philip eugene louis liam oliver lucas leo ' +
    'mary patricia jennifer linda elizabeth barbara susan jessica sarah karen lisa nancy betty sandra margaret ashley kimberly emily donna michelle ' +
    'carol amanda melissa deborah stephanie dorothy rebecca sharon laura cynthia amy kathleen angela shirley brenda emma anna pamela nicole samantha ' +
    'katherine christine helen debra rachel carolyn janet maria catherine heather diane olivia julie joyce victoria ruth virginia lauren kelly ' +
    'christina joan evelyn judith andrea hannah megan cheryl jacqueline martha madison teresa gloria sara janice ann kathryn abigail sophia frances ' +
    'jean alice judy isabella julia grace amber denise danielle marilyn beverly charlotte natalie theresa diana brittany doris kayla alexis lori ' +
    'marie ada alan grace bob bobbie tom tim jim jane joan ellen eleanor rose lily chloe mia ava zoe ella lucy sophie ' +
    'hans peter klaus jürgen juergen stefan uwe wolfgang michael thomas andreas frank sabine ursula monika petra gabriele birgit heike karin ' +
    'renate ingrid helga lukas leon felix maximilian paul jonas finn ben elias lena lea hanna anna mia emilia sophie marie johanna katharina ' +
    'jean pierre michel philippe alain nicolas christophe françois francois patrick isabelle nathalie sylvie catherine françoise francoise ' +
    'valérie valerie sandrine céline celine camille manon chloé léa lea inès ines louise hugo théo theo antoine mathieu ' +
    'josé jose antonio manuel francisco javier carlos miguel rafael pedro alejandro fernando jorge luis sergio pablo carmen josefa isabel ' +
    'dolores pilar teresa rosa lucía lucia paula laura marta cristina elena raquel beatriz ' +
    'joão joao antónio antonio francisco pedro tiago rui paulo ana mariana beatriz inês ines joana sofia leonor ' +
    'jan piet kees johan willem henk gerrit bram daan sem ruben thijs anne sanne femke lotte fleur emma ' +
    'giuseppe giovanni luca marco andrea alessandro francesca chiara giulia valentina ' +
    'mohammed muhammad ahmed ali omar fatima aisha wei li ming hiroshi yuki akira kenji sakura raj priya amit ' +
    'olga ivan dmitri sergei natasha anastasia piotr anna katarzyna')
    .split(' ')
    .filter(Boolean)
    .map(plain));
/** Lower case without accents: `María` → `maria`. */
function plain(word) {
    return word.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}
/** Last words of companies, institutions and places. */
const NOT_PERSON_LAST = new Set('inc ltd llc plc corp corporation co company enterprises industries group gmbh ag sa sas sarl bv nv holdings partners foundation bank hotel restaurant cafe street road avenue park city airport station university school college hospital church store shop motors systems labs studio studios'.split(' '));
const TITLES = /^(mr|mrs|ms|miss|mx|dr|prof|sir|dame|herr|frau|m|mme|mlle|sr|sra|srta|dhr|mevr)\.?$/i;
const PARTICLES = new Set(['van', 'von', 'de', 'da', 'del', 'der', 'den', 'di', 'du', 'la', 'le', 'y', 'dos', 'das', 'ter', 'ten', 'bin', 'al', 'el', "d'", 'mac', 'mc']);
const WORD = /^\p{Lu}[\p{Ll}\p{Lu}'’-]*\.?$/u;
/** Tokens of a column name that make a `name`-like column a candidate (the column may hold people's names). */
const NAME_WORDS = new Set(['name', 'names', 'nom', 'nombre', 'naam', 'nome', 'namen', 'contact', 'owner', 'holder', 'recipient', 'author', 'employee', 'customer', 'client', 'patient', 'person', 'member', 'signer', 'assignee', 'passenger', 'guest', 'student', 'user']);
/** Tokens that make a column about a name (its id, count, type) rather than the name. */
const NOT_NAME = new Set(['id', 'ids', 'uuid', 'count', 'cnt', 'type', 'code', 'key', 'length', 'len', 'no', 'number', 'num', 'at', 'date', 'time', 'status', 'flag', 'is', 'has', 'hash', 'file', 'table', 'column', 'schema', 'host', 'domain', 'company', 'product', 'category', 'brand', 'city', 'country', 'street', 'place', 'store', 'shop', 'team', 'project', 'group', 'role', 'event', 'app', 'service']);
/** Neighbours that say the rows are people. */
const PERSON_NEIGHBOURS = /(^|_)(e_?mail|phone|mobile|tel|birth|dob|born|gender|sex|salutation|ssn|passport|address|street|zip|postcode|surname|first_?name|last_?name|nationality|age|hire_date|salary|patient)(_|$)/;
/** Neighbours that say the rows are products, companies or places. */
const THING_NEIGHBOURS = /(^|_)(price|sku|stock|qty|quantity|category|brand|product|population|latitude|longitude|lat|lon|lng|capital|elevation|area|weight|unit|isbn|ean|upc|vat|industry|ticker|region|country_code|iso)(_|$)/;
/** "Ada Lovelace", "Dr. Grace M. Hopper", "Lovelace, Ada", "Ada" (alone: only where `alone` is allowed). */
function looksLikePersonName(value, alone = false) {
    if (typeof value !== 'string')
        return false;
    const text = value.trim();
    if (text.length < 2 || text.length > 80 || /[\d@/\\|#$%&*+=<>{}[\]_]/.test(text))
        return false;
    const comma = /^([^,]+),\s*([^,]+)$/.exec(text);
    const ordered = comma ? `${comma[2]} ${comma[1]}` : text;
    const words = ordered.split(/\s+/).filter((word) => !TITLES.test(word));
    if (words.length === 0 || words.length > 5)
        return false;
    const first = plain(words[0].split('-')[0]);
    if (!GIVEN_NAMES.has(first) || !WORD.test(words[0]))
        return false;
    if (NOT_PERSON_LAST.has(plain(words.at(-1)).replace(/\.$/, '')))
        return false;
    if (words.length === 1)
        return alone;
    return words.slice(1).every((word) => WORD.test(word) || PARTICLES.has(word.toLowerCase()));
}
/**
 * People's names by values and neighbours: a reason when the column holds them, else undefined.
 * `tokens` are the column name's tokens, `neighbours` the other columns' names of its table or diff.
 */
function personNameReason(tokens, values, neighbours, minValues) {
    const named = tokens.some((token) => NAME_WORDS.has(token)) && !tokens.some((token) => NOT_NAME.has(token));
    const texts = values.filter((value) => typeof value === 'string' && value.trim() !== '');
    const people = texts.filter((value) => looksLikePersonName(value, named)).length;
    if (texts.length >= minValues && people > 0 && people / texts.length >= 0.5) {
        return `${people} of ${texts.length} values look like people's names`;
    }
    if (!named)
        return undefined;
    const lower = neighbours.map((n) => n.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase());
    const person = lower.find((n) => PERSON_NEIGHBOURS.test(n));
    const thing = lower.find((n) => THING_NEIGHBOURS.test(n));
    // values that are clearly not names (codes, numbers) outweigh a neighbour
    const unlike = texts.length > 0 && texts.every((value) => /\d/.test(value) || !/\s|^\p{Lu}/u.test(value));
    if (person && !thing && !unlike)
        return `a name beside \`${person}\`: the rows are people`;
    return undefined;
}
//# sourceMappingURL=person-names.js.map
;// CONCATENATED MODULE: ./build/src/sensitive/detect.js
/**
 * Which columns hold personal or secret data: by the column's name (in English, German, French,
 * Spanish, Portuguese and Dutch spellings) and by a few of its values (e-mail, phone, card numbers
 * with their Luhn digit, IBAN with its mod-97 check, IP addresses, JWTs and API-key shapes, US SSNs),
 * each with a confidence and the reason. Precision matters as much as recall: a column *about* such
 * data (email_sent_count, phone_verified, ip_count) holds none of it.
 */


/** Name tokens (after splitting snake_case, camelCase and digits) per kind; multi-token spellings joined by `_`. */
const NAME_TOKENS = {
    email: ['email', 'e_mail', 'emailaddress', 'mail_address', 'courriel', 'correo', 'emailadres', 'emailadresse', 'mailadresse'],
    phone: ['phone', 'phonenumber', 'telephone', 'tel', 'mobile', 'cellphone', 'cell_phone', 'fax', 'telefon', 'telefone', 'telefoon', 'telefono', 'teléfono', 'téléphone', 'handy', 'portable', 'movil', 'móvil', 'celular', 'mobiel', 'msisdn'],
    'person-name': ['first_name', 'firstname', 'last_name', 'lastname', 'full_name', 'fullname', 'given_name', 'family_name', 'middle_name', 'maiden_name', 'surname', 'prenom', 'prénom', 'nom_de_famille', 'vorname', 'nachname', 'familienname', 'apellido', 'apellidos', 'sobrenome', 'voornaam', 'achternaam', 'contact_name', 'customer_name', 'person_name', 'cardholder', 'cardholder_name'],
    address: ['address', 'street', 'street_address', 'address_line', 'addr', 'adresse', 'strasse', 'straße', 'rue', 'calle', 'direccion', 'dirección', 'endereco', 'endereço', 'adres', 'straat', 'postcode', 'zip', 'zipcode', 'zip_code', 'postal_code', 'postleitzahl', 'plz', 'codigo_postal', 'code_postal', 'home_address', 'billing_address', 'shipping_address'],
    'birth-date': ['birth', 'birthday', 'birthdate', 'birth_date', 'date_of_birth', 'dob', 'geburtsdatum', 'geburtstag', 'naissance', 'date_naissance', 'nacimiento', 'fecha_nacimiento', 'nascimento', 'data_nascimento', 'geboortedatum'],
    'national-id': ['ssn', 'social_security', 'social_security_number', 'national_id', 'nationalid', 'passport', 'passport_number', 'tax_id', 'taxid', 'nif', 'nie', 'dni', 'cpf', 'bsn', 'steuer_id', 'steuernummer', 'insee', 'nir', 'personalausweis', 'id_card', 'idcard', 'driver_license', 'drivers_license', 'license_number', 'sozialversicherungsnummer'],
    financial: ['iban', 'card_number', 'cardnumber', 'cc_number', 'ccnumber', 'credit_card', 'creditcard', 'pan', 'cvv', 'cvc', 'account_number', 'accountnumber', 'acct_no', 'bank_account', 'routing_number', 'kontonummer', 'rekeningnummer', 'numero_cuenta', 'numero_conta'],
    'ip-address': ['ip', 'ip_address', 'ipaddress', 'ipv4', 'ipv6', 'client_ip', 'remote_ip', 'remote_addr', 'remote_address', 'ip_addr', 'last_ip', 'login_ip'],
    secret: ['password', 'passwd', 'pwd', 'password_hash', 'secret', 'client_secret', 'token', 'access_token', 'refresh_token', 'auth_token', 'api_key', 'apikey', 'access_key', 'secret_key', 'private_key', 'credential', 'credentials', 'passwort', 'mot_de_passe', 'contrasena', 'contraseña', 'senha', 'wachtwoord', 'session_token', 'session_id'],
};
/** Tokens that make a column *about* the data rather than the data: counts, flags, states, settings. */
const ABOUT_TOKENS = new Set([
    'count', 'cnt', 'counter', 'sent', 'verified', 'confirmed', 'is', 'has', 'flag', 'enabled', 'disabled', 'valid', 'validated', 'opt', 'optin', 'optout', 'opted',
    'bounced', 'bounce', 'status', 'state', 'type', 'format', 'length', 'len', 'template', 'campaign', 'subscribed', 'unsubscribed', 'preference', 'pref', 'prefs',
    'notification', 'notifications', 'provider', 'domain', 'changed', 'updated', 'expires', 'expiry', 'expired', 'at', 'attempts', 'total', 'num', 'max', 'min',
    'avg', 'rate', 'score', 'policy', 'required', 'reset', 'version', 'country', 'region', 'id', 'key', 'column', 'field', 'label', 'kind', 'source', 'hint',
]);
/** Words that read as a sensitive name token but do not mean it in these positions. */
const SPLIT = /[^a-z0-9\u00c0-\u024f]+/;
/** The column name as lower-case tokens: `billingEmail2` → ['billing', 'email']. */
function nameTokens(name) {
    return name
        .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
        .toLowerCase()
        .split(SPLIT)
        .map((token) => token.replace(/\d+$/, ''))
        .filter((token) => token !== '');
}
/** Every spelling, indexed by its first token (and by its joined text, for `emailaddress`-style names). */
const SPELLINGS = (() => {
    const byFirst = new Map();
    const byJoined = new Map();
    for (const [kind, spellings] of Object.entries(NAME_TOKENS)) {
        for (const spelling of spellings) {
            const entry = { kind, spelling, parts: spelling.split('_') };
            const list = byFirst.get(entry.parts[0]) ?? [];
            list.push(entry);
            byFirst.set(entry.parts[0], list);
            if (!byJoined.has(spelling) || byJoined.get(spelling).spelling.length < spelling.length)
                byJoined.set(spelling, entry);
        }
    }
    return { byFirst, byJoined };
})();
function byName(name) {
    const tokens = nameTokens(name);
    // The longest spelling wins: ip_address is an IP address, not a postal one.
    let best;
    const joinedMatch = SPELLINGS.byJoined.get(tokens.join('_'));
    if (joinedMatch)
        best = { ...joinedMatch, at: findSequence(tokens, joinedMatch.parts) };
    tokens.forEach((token, i) => {
        for (const entry of SPELLINGS.byFirst.get(token) ?? []) {
            if (!entry.parts.every((part, j) => tokens[i + j] === part))
                continue;
            if (!best || entry.spelling.length > best.spelling.length)
                best = { ...entry, at: findSequence(tokens, entry.parts) };
        }
    });
    if (!best)
        return undefined;
    const { kind, spelling, at, parts } = best;
    const rest = tokens.filter((_, i) => at < 0 || i < at || i >= at + parts.length);
    // 'id' after a kind that is itself an identifier (national_id, session_id) is that kind's own word
    const about = rest.find((token) => ABOUT_TOKENS.has(token) && !(token === 'id' && parts.includes('id')));
    return about ? { about, kind } : { kind, matched: spelling };
}
function findSequence(tokens, parts) {
    for (let i = 0; i + parts.length <= tokens.length; i++)
        if (parts.every((part, j) => tokens[i + j] === part))
            return i;
    return -1;
}
const EMAIL = /^[^\s@<>()[\]]{1,64}@[^\s@<>()[\]]+\.[a-z]{2,}$/i;
const PHONE = /^\+?[\d\s().-]{7,20}$/;
const SSN = /^(?!000|666|9\d\d)\d{3}-(?!00)\d{2}-(?!0000)\d{4}$/;
const JWT = /^eyJ[\w-]{8,}\.eyJ[\w-]{8,}\.[\w-]{8,}$/;
const API_KEY = /^(sk_live_|sk_test_|rk_live_|ghp_|gho_|ghs_|github_pat_|xox[abpr]-|AKIA[0-9A-Z]{16}$|AIza[\w-]{35}$|glpat-|dck_)[\w-]*/;
/** A number passing the Luhn check (card numbers, 13–19 digits). */
function luhn(digits) {
    let sum = 0;
    for (let i = 0; i < digits.length; i++) {
        let d = Number(digits[digits.length - 1 - i]);
        if (i % 2 === 1) {
            d *= 2;
            if (d > 9)
                d -= 9;
        }
        sum += d;
    }
    return sum % 10 === 0;
}
/** An IBAN with a valid mod-97 check. */
function validIban(text) {
    const iban = text.replace(/\s+/g, '').toUpperCase();
    if (!/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(iban))
        return false;
    const rearranged = iban.slice(4) + iban.slice(0, 4);
    let remainder = 0;
    for (const ch of rearranged) {
        const value = /[A-Z]/.test(ch) ? String(ch.charCodeAt(0) - 55) : ch;
        for (const digit of value)
            remainder = (remainder * 10 + Number(digit)) % 97;
    }
    return remainder === 1;
}
/** What one value looks like, or undefined. */
function valueKind(value) {
    if (typeof value !== 'string' && typeof value !== 'number')
        return undefined;
    const text = String(value).trim();
    if (text.length < 5 || text.length > 500)
        return undefined;
    if (EMAIL.test(text))
        return 'email';
    if (JWT.test(text) || API_KEY.test(text))
        return 'secret';
    if (SSN.test(text))
        return 'national-id';
    if (validIban(text))
        return 'financial';
    const digits = text.replace(/[\s-]/g, '');
    if (/^\d{13,19}$/.test(digits) && /^[\d\s-]+$/.test(text) && luhn(digits) && /^[3-6]/.test(digits))
        return 'financial';
    if ((0,external_node_net_.isIP)(text) !== 0 && (text.includes(':') || /^\d{1,3}(\.\d{1,3}){3}$/.test(text)))
        return 'ip-address';
    // a decimal (1500375.25) is an amount or a measure, never a phone number
    if (DECIMAL.test(text))
        return undefined;
    // a phone number is written as one: a leading + or separators, and 8–15 digits (a plain integer is an id)
    const phoneDigits = text.replace(/\D/g, '');
    if (PHONE.test(text) && /[+\s().-]/.test(text) && phoneDigits.length >= 8 && phoneDigits.length <= 15 && !/^\d{4}-\d\d-\d\d/.test(text))
        return 'phone';
    return undefined;
}
/** A number with a fraction or a sign, or in exponent form, as databases write amounts and measures. */
const DECIMAL = /^[-+]?(\d+\.\d+|\d+(\.\d+)?e[-+]?\d+|[-+]\d+)$/i;
/**
 * A numeric column: every sampled value is a number (JSON) or written as a decimal. Its values alone
 * never make it personal data (an amount of 1500375.25 is no phone number); only its name can.
 * Unsigned digit strings are not counted: card numbers and identifiers are written so.
 */
function numericSample(values) {
    return values.length > 0 && values.every((v) => typeof v === 'number' || typeof v === 'bigint' || (typeof v === 'string' && DECIMAL.test(v.trim())));
}
/** At least this share of a column's non-null sample must look alike to call it by its values. */
const VALUE_SHARE = 0.6;
const MIN_VALUES = 3;
/** A column judged by its name, a small sample of its values (none needed) and its neighbours. */
function detectSensitive(name, sample = [], options = {}) {
    const minValues = options.minValues ?? MIN_VALUES;
    const named = byName(name);
    const values = sample.filter((v) => v !== null && v !== undefined && v !== '').slice(0, 200);
    const kinds = new Map();
    for (const value of values) {
        const kind = valueKind(value);
        if (kind)
            kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
    }
    const [topKind, topCount] = [...kinds.entries()].sort((a, b) => b[1] - a[1])[0] ?? [undefined, 0];
    const numeric = numericSample(values);
    const byValues = !numeric && values.length >= minValues && topCount / values.length >= VALUE_SHARE ? topKind : undefined;
    if (named && 'matched' in named) {
        const confirmed = byValues === named.kind;
        return {
            sensitive: true,
            kind: named.kind,
            confidence: confirmed ? 0.97 : 0.8,
            reason: `the name says ${named.kind} (\`${named.matched}\`)${confirmed ? ` and ${topCount} of ${values.length} sampled values are one` : ''}`,
        };
    }
    if (byValues && byValues !== 'phone') {
        return { sensitive: true, kind: byValues, confidence: 0.9, reason: `${topCount} of ${values.length} sampled values look like ${byValues}` };
    }
    if (byValues === 'phone' && !named) {
        return { sensitive: true, kind: 'phone', confidence: 0.7, reason: `${topCount} of ${values.length} sampled values look like phone numbers` };
    }
    if (named && 'about' in named) {
        return { sensitive: false, confidence: 0.8, reason: `about ${named.kind} (\`${named.about}\`), not the data itself` };
    }
    if (numeric && topKind)
        return { sensitive: false, confidence: 0.9, reason: 'numbers (amounts, measures) are not personal data by their values alone' };
    const person = personNameReason(nameTokens(name), values, options.neighbours ?? [], minValues);
    if (person)
        return { sensitive: true, kind: 'person-name', confidence: 0.75, reason: person };
    return { sensitive: false, confidence: 0.9, reason: 'neither the name nor the sampled values look personal or secret' };
}
//# sourceMappingURL=detect.js.map
;// CONCATENATED MODULE: ./build/src/sensitive/mask.js
/**
 * Masking a comparison's values before any report sees them: counts and which columns differ stay,
 * values of sensitive columns become a shape and a short keyed hash (`j***@e***.com ·3fa2c1`,
 * `**** 4242 ·9b01de`), so a reviewer sees that something changed and that two cells are equal or
 * not, but not the value. Equal values mask equally within a run; NULL stays NULL. The hash is keyed
 * per run (HMAC), so a masked e-mail cannot be looked up in a dictionary.
 */


class Masker {
    key;
    constructor(key = (0,external_node_crypto_.randomBytes)(32)) {
        this.key = key;
    }
    tag(text) {
        return (0,external_node_crypto_.createHmac)('sha256', this.key).update(text).digest('hex').slice(0, 6);
    }
    /** One value masked: NULL stays NULL, the rest keeps a shape and a short keyed hash. */
    value(value) {
        if (value === null)
            return null;
        const text = String(value);
        const tag = this.tag(text);
        const email = /^([^@\s])[^@\s]*@([^@\s.])[^@\s]*(\.[a-z]{2,})$/i.exec(text);
        if (email)
            return `${email[1]}***@${email[2]}***${email[3]} ·${tag}`;
        const digits = text.replace(/[\s-]/g, '');
        if (/^\d{12,19}$/.test(digits))
            return `**** ${digits.slice(-4)} ·${tag}`;
        return `*** ·${tag}`;
    }
}
/**
 * The source columns of a comparison to mask, with why (for the log): by policy, the catalog's marks,
 * the names (and their neighbours) and the values at hand: one differing value is enough.
 */
function sensitiveColumns(result, policy, options = {}) {
    const chosen = new Map();
    if (policy === 'none' || !result.diff)
        return chosen;
    const columns = Object.keys(result.diff.column_mapping);
    if (Array.isArray(policy)) {
        const wanted = new Set(policy.map((c) => c.toLowerCase()));
        for (const column of columns)
            if (wanted.has(column.toLowerCase()))
                chosen.set(column, 'listed in `sensitive`');
        return chosen;
    }
    const neighbours = [...columns, ...Object.values(result.diff.column_mapping)];
    for (const column of columns) {
        const mark = options.marked?.get(column) ?? options.marked?.get(result.diff.column_mapping[column] ?? column);
        if (mark) {
            chosen.set(column, mark);
            continue;
        }
        const sample = result.diff.diff_rows.flatMap((row) => [row[column], row[`source_${column}`], row[`target_${column}`]]).filter((v) => v !== undefined);
        const found = detectSensitive(column, sample, { minValues: 1, neighbours: neighbours.filter((name) => name !== column) });
        if (found.sensitive)
            chosen.set(column, found.reason);
    }
    return chosen;
}
/** The comparison with the values of `columns` masked in its rows and its messages; counts unchanged. */
function maskComparison(result, columns, masker) {
    if (columns.size === 0 || !result.diff)
        return result;
    const diff_rows = result.diff.diff_rows.map((row) => {
        const masked = { ...row };
        for (const column of columns) {
            for (const field of [column, `source_${column}`, `target_${column}`]) {
                if (field in masked)
                    masked[field] = masker.value(masked[field]);
            }
        }
        return masked;
    });
    const keyMasked = result.diff.primary_key_columns.some((k) => columns.has(k));
    const masked = { ...result, diff: { ...result.diff, diff_rows } };
    if (keyMasked && result.result) {
        // "Key (email) = 'a@b.com' occurs twice": the value of a sensitive key is not repeated in a sentence.
        masked.result = { ...result.result, diff_reasons: result.result.diff_reasons.map((reason) => reason.replace(/^(Key \([^)]*\) = ).*?( occurs )/, '$1(masked)$2')) };
    }
    return masked;
}
/** Every comparison of the run masked by its policy (by comparison name; default auto). */
function maskRun(run, policyOf, masker = new Masker()) {
    const masked = new Map();
    const comparisons = run.comparisons.map((c) => {
        const columns = sensitiveColumns(c, policyOf(c.name));
        if (columns.size > 0)
            masked.set(c.name, columns);
        return { ...maskComparison(c, new Set(columns.keys()), masker), ...(c.location ? { location: c.location } : {}) };
    });
    return { run: { ...run, comparisons }, masked };
}
/** Each comparison's policy from its definition (`sensitive:` in the spec; default auto). */
function policiesOf(definitions) {
    const byName = new Map(definitions.map((d) => [d.name, d.sensitive ?? 'auto']));
    return (comparison) => byName.get(comparison) ?? 'auto';
}
//# sourceMappingURL=mask.js.map
// EXTERNAL MODULE: ./build/src/action/state.js
var state = __webpack_require__(29049);
;// CONCATENATED MODULE: ./build/src/action/run.js
/**
 * The action's main step: inputs → spec → run → publish. The same code path as `datacompare run`;
 * what differs is where the report goes (job summary, annotations, PR comment, outputs).
 */


















async function runMain(options = {}) {
    const env = options.env ?? process.env;
    const logger = action_logger/* coreLogger */.W;
    const inputs = (0,action_inputs/* readInputs */.Ko)({ logger, env });
    const workspace = env.GITHUB_WORKSPACE || process.cwd();
    const specFile = external_node_path_.relative(workspace, external_node_path_.resolve(workspace, inputs.spec)) || inputs.spec;
    const publishOptions = { inputs, logger, specFile };
    let loaded;
    try {
        loaded = addDbtComparisons(await loadSpec(inputs.spec, { env, cwd: workspace, maxDiffRows: inputs.maxDiffRows }), {
            cwd: workspace,
            maxDiffRows: inputs.maxDiffRows,
            ...(inputs.dbtManifest && { manifest: inputs.dbtManifest }),
            ...(inputs.dbtBaseManifest && { baseManifest: inputs.dbtBaseManifest }),
        });
    }
    catch (error) {
        if (error instanceof errors/* SpecError */.G8)
            await (0,publish/* publishSpecError */.B)(error, publishOptions);
        throw error;
    }
    finally {
        // Connection URLs read from ${VAR}s: masked in the runner's log too.
        for (const secret of (0,redact/* registeredSecrets */.wW)())
            core/* setSecret */.Pq(secret);
    }
    const mode = (0,action_inputs/* resolveMode */.U5)(inputs);
    // Before anything runs: a result that cannot be written would be lost.
    await checkWritableDir(external_node_path_.resolve(inputs.reportDir), 'the report-dir input');
    const limitWhy = `timeout-minutes: ${inputs.timeoutMinutes} (the action's input)`;
    let limit;
    if (options.stop)
        options.stop.setLimit(inputs.timeoutMinutes * 60_000, limitWhy);
    else
        limit = (0,abort/* timeLimit */.zc)(inputs.timeoutMinutes * 60_000, limitWhy);
    const signal = (0,abort/* anySignal */.JG)(options.signal, limit?.signal);
    const progress = new ProgressLog({ write: (line) => core/* info */.pq(`datacompare: ${line}`), heartbeatMs: heartbeatFromEnv(env) });
    let run;
    try {
        run = await runSpec({
            loaded,
            only: inputs.comparisons,
            mode,
            logger,
            signal,
            ...(mode === 'api' && { api: apiSettings(inputs) }),
            onProgress: progress.onProgress,
            onJobsStarted: (jobs) => core/* saveState */.LZ(state/* State */.U.startedJobs, JSON.stringify(jobs)),
            onExecutes: (executes) => core/* saveState */.LZ(state/* State */.U.apiExecutes, JSON.stringify(executes)),
        });
    }
    finally {
        progress.stop();
        limit?.clear();
    }
    if (mode === 'api' && !signal.aborted && run.comparisons.every((c) => !c.error || !/cancel|timeout|could not be terminated/.test(`${c.error.kind} ${c.error.message}`))) {
        // every job ended: nothing for the post step to look for (it would list each execute's jobs again)
        core/* saveState */.LZ(state/* State */.U.apiExecutes, '[]');
        core/* saveState */.LZ(state/* State */.U.startedJobs, '[]');
    }
    const mask = inputs.maskSensitive === 'true' || (inputs.maskSensitive === 'auto' && (0,comment/* pullRequestFromEvent */.vR)(env) !== undefined);
    const masked = mask ? maskRun(run, policiesOf(loaded.definitions)) : undefined;
    for (const [comparison, columns] of masked?.masked ?? []) {
        logger.info(`${comparison}: masking ${[...columns].map(([column, why]) => `${column} (${why})`).join(', ')}`);
    }
    const logged = masked?.run ?? run;
    const csvNames = (0,report_files/* plannedCsvNames */.jf)(logged);
    logComparisons(logged, (0,report_files/* actionRowsHint */.TK)((c) => csvNames[logged.comparisons.indexOf(c)]));
    const stopped = signal.aborted ? ((0,abort/* stopRequestOf */.Nl)(signal) ?? new abort/* StopRequest */.WX('cancelled', 'a cancel')) : undefined;
    const outcome = await (0,publish/* publishRun */.Z)(run, { ...publishOptions, ...(masked ? { masked: masked.run } : {}), ...(stopped ? { stopped: true } : {}) });
    if (stopped) {
        // Stopped: non-zero whatever fail-on says (the summary says which comparisons were stopped).
        const finished = run.comparisons.filter((c) => c.error?.kind !== 'cancelled' && c.error?.kind !== 'timeout').length;
        const what = stopped.kind === 'timeout' ? `the time limit ${stopped.why} was reached` : `${stopped.why} was received`;
        const service = mode === 'api' ? ` ${apiCancelMessage(run.comparisons)}` : '';
        core/* setFailed */.C1(`Stopped: ${what}; ${finished} of ${run.comparisons.length} comparison(s) finished, the others are marked "stopped" in the job summary.${service}`);
        return;
    }
    if (outcome.failed)
        core/* setFailed */.C1(outcome.message);
    else if (outcome.message)
        core/* info */.pq(outcome.message);
}
/** Each comparison in a collapsed group of the log, titled by its status line (details and plan inside); then the run's line. */
function logComparisons(run, rows) {
    for (const comparison of run.comparisons) {
        const { head, body } = renderComparisonText(comparison, { color: false, showPlan: true, rows });
        core/* startGroup */.Oh(head);
        if (body)
            core/* info */.pq(body);
        core/* endGroup */.N4();
    }
    core/* info */.pq(renderSummaryLine(run, { color: false }));
}
function apiSettings(inputs) {
    const missing = [!inputs.apiUrl && 'api-url', !inputs.apiKey && 'api-key', !inputs.workspaceId && 'workspace-id'].filter(Boolean);
    if (!inputs.apiUrl || !inputs.apiKey || !inputs.workspaceId) {
        throw new errors/* ConfigurationError */.j1(`mode api needs the input(s) ${missing.join(', ')}`, {
            hint: 'set them in the step\'s `with:` (the key from a secret: api-key: ${{ secrets.DATACOMPARE_API_KEY }}), or use mode: local',
        });
    }
    return {
        url: inputs.apiUrl,
        urlSetting: 'the api-url input',
        workspaceSetting: 'the workspace-id input',
        key: inputs.apiKey,
        workspaceId: inputs.workspaceId,
        timeoutMs: inputs.timeoutMinutes * 60_000,
        ...(inputs.agentRunId && { agentRunId: inputs.agentRunId }),
    };
}
/** What a cancel did to the service's jobs, as the comparisons' results say (never "stopped" when they were not). */
function apiCancelMessage(comparisons) {
    const stopped = comparisons.filter((c) => c.error && (c.error.kind === 'cancelled' || c.error.kind === 'timeout'));
    const left = stopped.filter((c) => /could not be terminated/.test(c.error.message)).length;
    const terminated = stopped.filter((c) => /was terminated on the service/.test(c.error.message)).length;
    if (left > 0)
        return `${left} service job(s) could not be terminated (see the job summary); the post step tries again.`;
    return `${terminated} unfinished service job(s) were terminated on the service.`;
}
//# sourceMappingURL=run.js.map

/***/ }),

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
    sqlite: async () => (await Promise.all(/* import() */[__webpack_require__.e(544), __webpack_require__.e(527)]).then(__webpack_require__.bind(__webpack_require__, 30527))).sqliteDialect,
    postgres: async () => (await Promise.all(/* import() */[__webpack_require__.e(257), __webpack_require__.e(544), __webpack_require__.e(875)]).then(__webpack_require__.bind(__webpack_require__, 10875))).postgresDialect,
    mysql: async () => (await Promise.all(/* import() */[__webpack_require__.e(909), __webpack_require__.e(544), __webpack_require__.e(398)]).then(__webpack_require__.bind(__webpack_require__, 44398))).mysqlDialect,
    // CSV and Parquet files are read through an in-memory DuckDB.
    duckdb: async () => (await Promise.all(/* import() */[__webpack_require__.e(544), __webpack_require__.e(913)]).then(__webpack_require__.bind(__webpack_require__, 73913))).duckdbDialect,
    csv: async () => (await Promise.all(/* import() */[__webpack_require__.e(544), __webpack_require__.e(913)]).then(__webpack_require__.bind(__webpack_require__, 73913))).duckdbDialect,
    parquet: async () => (await Promise.all(/* import() */[__webpack_require__.e(544), __webpack_require__.e(913)]).then(__webpack_require__.bind(__webpack_require__, 73913))).duckdbDialect,
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

/***/ 61010:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   oi: () => (/* binding */ DEFAULT_SPEC_PATH),
/* harmony export */   pQ: () => (/* binding */ specSchema)
/* harmony export */ });
/* unused harmony exports sqliteDatasourceSchema, postgresDatasourceSchema, mysqlDatasourceSchema, duckdbDatasourceSchema, csvDatasourceSchema, parquetDatasourceSchema, serviceDatasourceSchema, datasourceSchema, sideSchema, thresholdsSchema, comparisonSchema, dbtModelSchema, dbtSchema */
/* harmony import */ var zod__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(32716);
/**
 * The spec file's one zod schema: the source of truth for validation, for the TypeScript types and
 * for the committed JSON Schema (schema/data-comparisons.schema.json, generated by `npm run schema`).
 * Field names follow the API document's configuration fields (section 2.2), plus two shorthands
 * (`columns`, `primary_keys`) and our extensions (`tolerance`, `thresholds`, `max_diff_rows`).
 * Cross-field rules (exclusive fields, equal lengths, unique names, known datasources) live in rules.ts.
 */

const nonEmpty = zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().trim().min(1, 'must not be empty');
const columnList = zod__WEBPACK_IMPORTED_MODULE_0__/* .array */ .YOg(nonEmpty).min(1, 'must list at least one column');
/** Compared columns: an empty list compares the keys only (rows only in one side, duplicates). */
const comparedColumnList = zod__WEBPACK_IMPORTED_MODULE_0__/* .array */ .YOg(nonEmpty);
/** Name (or UUID) of this data source on the Data Comparison Service; api mode only. Defaults to the key. */
const service = nonEmpty.optional().describe('api mode: the data source name or UUID on the service (default: this entry\'s key)');
const sqliteDatasourceSchema = zod__WEBPACK_IMPORTED_MODULE_0__/* .strictObject */ .rej({
    type: zod__WEBPACK_IMPORTED_MODULE_0__/* .literal */ .euz('sqlite'),
    path: nonEmpty.describe('database file, relative to the spec file\'s repository root, or ":memory:"'),
    service,
})
    .describe('SQLite through Node\'s built-in node:sqlite');
const postgresDatasourceSchema = zod__WEBPACK_IMPORTED_MODULE_0__/* .strictObject */ .rej({
    type: zod__WEBPACK_IMPORTED_MODULE_0__/* .literal */ .euz('postgres'),
    url: nonEmpty.describe('postgres://user:password@host:5432/db; use ${VAR} to read a secret from the environment'),
    service,
})
    .describe('PostgreSQL through pg');
const mysqlDatasourceSchema = zod__WEBPACK_IMPORTED_MODULE_0__/* .strictObject */ .rej({
    type: zod__WEBPACK_IMPORTED_MODULE_0__/* ["enum"] */ .k5n(['mysql', 'mariadb']),
    url: nonEmpty.describe('mysql://user:password@host:3306/db; use ${VAR} to read a secret from the environment'),
    service,
})
    .describe('MySQL or MariaDB through mysql2');
const duckdbDatasourceSchema = zod__WEBPACK_IMPORTED_MODULE_0__/* .strictObject */ .rej({
    type: zod__WEBPACK_IMPORTED_MODULE_0__/* .literal */ .euz('duckdb'),
    path: nonEmpty.describe('DuckDB database file (opened read-only), relative to the repository root, or ":memory:"'),
    service,
})
    .describe('DuckDB through @duckdb/node-api (installed on demand by the action)');
const filePath = nonEmpty.describe('a file or a glob (data/*.csv), relative to the repository root; or an s3:// / https:// URL');
// YAML reads an unquoted NULL, Null, ~ or nothing as null, not as the text "NULL".
const nullTextError = (issue) => issue.input === null || (Array.isArray(issue.input) && issue.input.includes(null))
    ? "YAML reads an unquoted NULL (or ~) as no value: quote it, e.g. null_string: 'NULL'"
    : 'must be a text or a list of texts';
const nullText = zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP({ error: nullTextError });
const csvDatasourceSchema = zod__WEBPACK_IMPORTED_MODULE_0__/* .strictObject */ .rej({
    type: zod__WEBPACK_IMPORTED_MODULE_0__/* .literal */ .euz('csv'),
    path: filePath,
    delimiter: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().min(1).max(4).optional().describe('field separator (default: detected)'),
    header: zod__WEBPACK_IMPORTED_MODULE_0__/* .boolean */ .zMY().optional().describe('the first line names the columns (default: detected)'),
    quote: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().max(1).optional().describe('quote character (default: detected, usually ")'),
    escape: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().max(1).optional().describe('escape character inside quotes (default: detected)'),
    null_string: zod__WEBPACK_IMPORTED_MODULE_0__/* .union */ .KCZ([nullText, zod__WEBPACK_IMPORTED_MODULE_0__/* .array */ .YOg(nullText).min(1)], { error: nullTextError })
        .optional()
        .describe('field text(s) read as NULL (default: an empty unquoted field)'),
    column_types: zod__WEBPACK_IMPORTED_MODULE_0__/* .record */ .g1P(nonEmpty, nonEmpty)
        .optional()
        .describe('column name → DuckDB type (BIGINT, DECIMAL(12,2), TIMESTAMP, VARCHAR...) for columns whose type should not be inferred'),
    all_varchar: zod__WEBPACK_IMPORTED_MODULE_0__/* .boolean */ .zMY().optional().describe('read every column as text: no type inference (default false)'),
    thousands: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().length(1).optional().describe('thousands separator inside numbers, e.g. "," for 1,234.50 (default: none)'),
    decimal_separator: zod__WEBPACK_IMPORTED_MODULE_0__/* ["enum"] */ .k5n(['.', ',']).optional().describe('decimal mark of numbers: "." or "," (default ".")'),
    service,
})
    .describe('CSV file(s) read with DuckDB; the rows are the table named after this data source');
const parquetDatasourceSchema = zod__WEBPACK_IMPORTED_MODULE_0__/* .strictObject */ .rej({
    type: zod__WEBPACK_IMPORTED_MODULE_0__/* .literal */ .euz('parquet'),
    path: filePath,
    service,
})
    .describe('Parquet file(s) read with DuckDB; the rows are the table named after this data source');
/** A data source that exists only on the service (api mode). */
const serviceDatasourceSchema = zod__WEBPACK_IMPORTED_MODULE_0__/* .strictObject */ .rej({
    type: zod__WEBPACK_IMPORTED_MODULE_0__/* .literal */ .euz('service'),
    service,
})
    .describe('api mode only: a data source registered on the Data Comparison Service');
const datasourceSchema = zod__WEBPACK_IMPORTED_MODULE_0__/* .discriminatedUnion */ .gMt('type', [
    sqliteDatasourceSchema,
    postgresDatasourceSchema,
    mysqlDatasourceSchema,
    duckdbDatasourceSchema,
    csvDatasourceSchema,
    parquetDatasourceSchema,
    serviceDatasourceSchema,
]);
const sideSchema = zod__WEBPACK_IMPORTED_MODULE_0__/* .strictObject */ .rej({
    datasource: nonEmpty.describe('a key of `datasources`'),
    dataset: nonEmpty
        .optional()
        .describe('table name, optionally schema-qualified (schema.table); exclusive with query; omit it for a csv/parquet data source'),
    query: nonEmpty.optional().describe('a SELECT whose rows are compared; exclusive with dataset'),
    filter: nonEmpty.optional().describe('SQL WHERE condition applied to this side\'s rows (without the WHERE keyword)'),
});
const thresholdsSchema = zod__WEBPACK_IMPORTED_MODULE_0__/* .strictObject */ .rej({
    max_mismatched_rows: zod__WEBPACK_IMPORTED_MODULE_0__/* .number */ .aig().int().min(0).optional().describe('pass while at most this many rows differ (changed + missing on either side)'),
    max_mismatch_ratio: zod__WEBPACK_IMPORTED_MODULE_0__/* .number */ .aig().min(0).max(1).optional().describe('pass while differing rows / max(source rows, target rows) stays at or below this'),
})
    .describe('beyond the API document: when a mismatch still passes');
/** Options that a comparison may set and that `defaults` may set for every comparison. */
const comparisonOptions = {
    case_sensitive: zod__WEBPACK_IMPORTED_MODULE_0__/* .boolean */ .zMY().optional().describe('string values compare case-sensitively (default false, as in the API document; keys always match exactly)'),
    quick_comparison: zod__WEBPACK_IMPORTED_MODULE_0__/* .boolean */ .zMY().optional().describe('compare row counts only (default false)'),
    schema_diff: zod__WEBPACK_IMPORTED_MODULE_0__/* .boolean */ .zMY().optional().describe('also compare the columns and their types (default false)'),
    max_diff_rows: zod__WEBPACK_IMPORTED_MODULE_0__/* .number */ .aig().int().min(0).max(100_000).optional().describe('how many differing rows to keep as samples (default: the max-diff-rows input, 100)'),
    thresholds: thresholdsSchema.optional(),
    timeout_minutes: zod__WEBPACK_IMPORTED_MODULE_0__/* .number */ .aig().positive().optional().describe('per-comparison time limit'),
    sensitive: zod__WEBPACK_IMPORTED_MODULE_0__/* .union */ .KCZ([zod__WEBPACK_IMPORTED_MODULE_0__/* ["enum"] */ .k5n(['auto', 'none']), zod__WEBPACK_IMPORTED_MODULE_0__/* .array */ .YOg(nonEmpty)])
        .optional()
        .describe('values masked in reports: auto (columns found by name and values; the default), none, or a list of source columns'),
    query_timeout_seconds: zod__WEBPACK_IMPORTED_MODULE_0__/* .number */ .aig()
        .positive()
        .max(86_400)
        .optional()
        .describe('each statement sent to a database is stopped after this many seconds (default 1800); a stuck filter ends as a clear timeout'),
    strategy: zod__WEBPACK_IMPORTED_MODULE_0__/* ["enum"] */ .k5n(['auto', 'join', 'checksum', 'stream'])
        .optional()
        .describe('local mode: force how the diff runs (join: one query, same connection only; checksum: bucket checksums, exact columns only; stream: ordered download and merge); auto (default) lets the planner choose'),
    precision: zod__WEBPACK_IMPORTED_MODULE_0__/* ["enum"] */ .k5n(['common', 'strict'])
        .optional()
        .describe('local mode: timestamps and times of different precisions compare at the lower one (common, the default; the result says so) or at the higher one, so fractions one side dropped are differences (strict)'),
};
const comparisonSchema = zod__WEBPACK_IMPORTED_MODULE_0__/* .strictObject */ .rej({
    name: nonEmpty.describe('unique name, shown in every report'),
    comparison_id: zod__WEBPACK_IMPORTED_MODULE_0__/* .uuid */ .uRe().optional().describe('api mode: execute this comparison stored on the service'),
    source: sideSchema.optional().describe('where the source rows come from (omit both sides with comparison_id)'),
    target: sideSchema.optional().describe('where the target rows come from'),
    columns: comparedColumnList.optional().describe('columns compared, same names on both sides; [] compares the keys only'),
    source_columns: comparedColumnList.optional().describe('compared source columns; paired by position with target_columns; [] compares the keys only'),
    target_columns: comparedColumnList.optional().describe('compared target columns, same length as source_columns'),
    primary_keys: columnList.optional().describe('key columns, same names on both sides'),
    primary_keys_source: columnList.optional().describe('key columns on the source; paired by position with primary_keys_target'),
    primary_keys_target: columnList.optional().describe('key columns on the target, same length as primary_keys_source'),
    source_filter: nonEmpty.optional().describe('API-document spelling of source.filter'),
    target_filter: nonEmpty.optional().describe('API-document spelling of target.filter'),
    tolerance: zod__WEBPACK_IMPORTED_MODULE_0__/* .record */ .g1P(nonEmpty, zod__WEBPACK_IMPORTED_MODULE_0__/* .number */ .aig().min(0))
        .optional()
        .describe('beyond the API document: per source column, numeric values within this absolute difference are equal'),
    compare_as: zod__WEBPACK_IMPORTED_MODULE_0__/* .record */ .g1P(nonEmpty, zod__WEBPACK_IMPORTED_MODULE_0__/* ["enum"] */ .k5n(['list', 'set', 'json', 'text']))
        .optional()
        .describe('local mode: per source column, how it is compared: list (members in order) or set (members in any order) for arrays, SETs and JSON arrays (text is read as a JSON array), json by value, text as written'),
    ...comparisonOptions,
});
/** Per-model overrides under `dbt.models` (keyed by model name, or package.name). */
const dbtModelSchema = zod__WEBPACK_IMPORTED_MODULE_0__/* .strictObject */ .rej({
    primary_keys: columnList.optional().describe('key columns of this model (wins over every key found in the manifest)'),
    tolerance: zod__WEBPACK_IMPORTED_MODULE_0__/* .record */ .g1P(nonEmpty, zod__WEBPACK_IMPORTED_MODULE_0__/* .number */ .aig().min(0)).optional().describe('per column, numeric values within this absolute difference are equal'),
    exclude_columns: columnList.optional().describe('columns left out of the comparison'),
    case_sensitive: zod__WEBPACK_IMPORTED_MODULE_0__/* .boolean */ .zMY().optional().describe('string values compare case-sensitively'),
});
/** dbt pull requests: the comparisons are derived from two manifests (see src/dbt/). */
const dbtSchema = zod__WEBPACK_IMPORTED_MODULE_0__/* .strictObject */ .rej({
    datasource: nonEmpty.describe("a key of `datasources`: where the pull request's models are built"),
    manifest: nonEmpty.default('target/manifest.json').describe("this pull request's manifest.json (the dbt-manifest input overrides it)"),
    base_manifest: nonEmpty
        .optional()
        .describe("production's manifest.json, the dbt \"state\" (the dbt-base-manifest input overrides it)"),
    base_datasource: nonEmpty.optional().describe("a key of `datasources`: where production's models live (default: datasource)"),
    select: zod__WEBPACK_IMPORTED_MODULE_0__/* ["enum"] */ .k5n(['modified', 'modified+']).default('modified+').describe('modified: changed models only; modified+: and every model downstream'),
    exclude: zod__WEBPACK_IMPORTED_MODULE_0__/* .array */ .YOg(nonEmpty).default([]).describe('models left out: names, globs (legacy_*), tag:X, path:X'),
    models: zod__WEBPACK_IMPORTED_MODULE_0__/* .record */ .g1P(nonEmpty, dbtModelSchema).default({}).describe('per-model overrides, keyed by model name'),
})
    .describe('beyond the API document: diff the models a dbt pull request changed against production');
const specSchema = zod__WEBPACK_IMPORTED_MODULE_0__/* .strictObject */ .rej({
    version: zod__WEBPACK_IMPORTED_MODULE_0__/* .literal */ .euz(1).describe('spec format version; always 1'),
    datasources: zod__WEBPACK_IMPORTED_MODULE_0__/* .record */ .g1P(nonEmpty, datasourceSchema).default({}).describe('named connections; comparisons refer to them by name'),
    defaults: zod__WEBPACK_IMPORTED_MODULE_0__/* .strictObject */ .rej(comparisonOptions).optional().describe('options applied to every comparison unless it sets its own'),
    comparisons: zod__WEBPACK_IMPORTED_MODULE_0__/* .array */ .YOg(comparisonSchema).min(1, 'must list at least one comparison').optional().describe('the comparisons to run, in this order (required unless `dbt` is set)'),
    dbt: dbtSchema.optional(),
});
const DEFAULT_SPEC_PATH = '.github/data-comparisons.yml';
//# sourceMappingURL=schema.js.map

/***/ }),

/***/ 5527:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Dp: () => (/* binding */ checkQuery),
/* harmony export */   le: () => (/* binding */ checkFilter),
/* harmony export */   nj: () => (/* binding */ guardDialectOf)
/* harmony export */ });
/* unused harmony export identifiersOf */
/**
 * The check every user-written filter and query passes before anything is sent: a filter is one
 * condition and a query one SELECT (or WITH … SELECT), with nothing that writes, reaches the server's
 * files, or steps out of the parentheses we wrap it in.
 *
 * It is a lexer of each dialect's own rules (string escapes, quoted identifiers, dollar quotes,
 * comments), not a grammar: it refuses what cannot be safe anywhere in a condition and lets every
 * expression through, so no legitimate filter is refused for using syntax a grammar did not know.
 * It is defence in depth: the guarantee is the connection (one statement per protocol message,
 * read-only sessions, SQLite's authorizer, DuckDB's locked file access).
 */
/** Words that only a statement that writes, locks or escapes a SELECT would use. */
const WRITING_WORDS = new Set([
    'INSERT', 'UPDATE', 'DELETE', 'MERGE', 'UPSERT', 'INTO', 'COPY', 'ATTACH', 'DETACH', 'PRAGMA', 'GRANT', 'REVOKE',
    'DROP', 'CREATE', 'ALTER', 'CALL', 'EXECUTE', 'EXEC', 'LOCK', 'OUTFILE', 'DUMPFILE', 'INSTALL', 'VACUUM', 'REINDEX',
]);
/** Functions that write, read files, run SQL given as text, change settings or signal other sessions. */
const DENIED_FUNCTIONS = {
    postgres: {
        names: new Set(['set_config', 'pg_read_file', 'pg_read_binary_file', 'pg_stat_file', 'pg_terminate_backend', 'pg_cancel_backend',
            'pg_reload_conf', 'pg_rotate_logfile', 'pg_promote', 'pg_switch_wal', 'pg_notify', 'nextval', 'setval', 'pg_import_system_collations']),
        prefixes: ['pg_ls_', 'pg_file_', 'lo_', 'dblink', 'pg_create_', 'pg_drop_', 'pg_replication_', 'pg_logical_', 'pg_advisory_',
            'pg_try_advisory_', 'pg_stat_reset', 'query_to_xml', 'table_to_xml', 'cursor_to_xml', 'database_to_xml', 'schema_to_xml'],
    },
    mysql: {
        names: new Set(['load_file', 'get_lock', 'release_lock', 'release_all_locks', 'master_pos_wait', 'source_pos_wait', 'sys_exec', 'sys_eval', 'sleep', 'benchmark']),
        prefixes: [],
    },
    sqlite: {
        names: new Set(['load_extension', 'readfile', 'writefile', 'edit', 'fts3_tokenizer']),
        prefixes: [],
    },
    duckdb: {
        names: new Set(['glob', 'query', 'query_table', 'sniff_csv', 'parquet_scan', 'parquet_metadata', 'parquet_schema', 'parquet_file_metadata',
            'parquet_kv_metadata', 'delta_scan', 'sqlite_scan', 'sqlite_attach', 'st_read', 'getenv', 'load_extension']),
        prefixes: ['read_', 'iceberg_', 'postgres_', 'mysql_'],
    },
};
const WHY = 'a comparison only reads the data it compares';
/** `null` when `filter` is one safe condition for `dialect`, else the first problem. */
function checkFilter(filter, dialect) {
    return checkTokens(filter, dialect, 'filter');
}
/** `null` when `query` is one safe SELECT (a trailing `;` allowed), else the first problem. */
function checkQuery(query, dialect) {
    const text = query.trim().replace(/;+\s*$/, '');
    return checkTokens(text, dialect, 'query');
}
/** The dialect whose rules lex a data source's SQL (`mariadb` → mysql, files → DuckDB); null when none of ours. */
function guardDialectOf(type) {
    switch (type) {
        case 'postgres':
        case 'postgresql':
            return 'postgres';
        case 'mysql':
        case 'mariadb':
            return 'mysql';
        case 'sqlite':
            return 'sqlite';
        case 'duckdb':
        case 'csv':
        case 'parquet':
            return 'duckdb';
        default:
            return null;
    }
}
function checkTokens(text, dialect, what) {
    const lexed = lex(text, dialect);
    if ('problem' in lexed)
        return lexed.problem;
    const tokens = lexed.tokens;
    if (tokens.length === 0)
        return { message: `The ${what} is empty.`, hint: `Write the ${what}, or remove it.` };
    if (what === 'query') {
        const first = tokens.find((token) => !(token.kind === 'symbol' && token.text === '('));
        if (!first || first.kind !== 'word' || (first.upper !== 'SELECT' && first.upper !== 'WITH')) {
            const start = first?.kind === 'word' ? `\`${first.text}\`` : 'something else';
            return {
                message: `The query must be one SELECT (or WITH … SELECT) statement; it starts with ${start}.`,
                hint: 'Write a query that only reads: SELECT … FROM … (a comparison never runs other statements).',
            };
        }
    }
    let depth = 0;
    for (let i = 0; i < tokens.length; i++) {
        const token = tokens[i];
        const next = tokens[i + 1];
        if (token.kind === 'symbol') {
            if (token.text === ';') {
                return {
                    message: `The ${what} has a \`;\` (at character ${token.at + 1}): it must be a single ${what === 'filter' ? 'condition' : 'statement'}, and a second statement is never run.`,
                    hint: 'Remove the `;` and whatever follows it.',
                };
            }
            if (token.text === '(')
                depth++;
            if (token.text === ')' && --depth < 0) {
                return {
                    message: `The ${what} closes a parenthesis it never opened (at character ${token.at + 1}): it cannot step out of the parentheses it is placed in.`,
                    hint: 'Balance the parentheses of the filter.',
                };
            }
            continue;
        }
        const calls = next?.kind === 'symbol' && next.text === '(';
        if (token.kind === 'word') {
            const previous = tokens[i - 1];
            if (WRITING_WORDS.has(token.upper))
                return writing(what, token.text);
            if (token.upper === 'SHARE' && previous?.kind === 'word' && (previous.upper === 'FOR' || previous.upper === 'KEY'))
                return writing(what, `FOR ${token.text}`);
            if (token.upper === 'TRUNCATE' && !calls)
                return writing(what, token.text);
            if (dialect === 'duckdb' && (token.upper === 'FROM' || token.upper === 'JOIN') && next?.kind === 'string') {
                return {
                    message: `The ${what} reads a file named in a string (\`${token.text} '…'\`): ${WHY}, from its data source.`,
                    hint: 'Read from the data source\'s table or view instead of a file path.',
                };
            }
        }
        if (calls && (token.kind === 'word' || token.kind === 'quoted')) {
            const name = token.text.toLowerCase();
            const denied = DENIED_FUNCTIONS[dialect];
            if (denied.names.has(name) || denied.prefixes.some((prefix) => name.startsWith(prefix))) {
                return {
                    message: `The ${what} calls \`${token.text}()\`, which can write, read the server's files or change the session: ${WHY}.`,
                    hint: `Remove the call to ${token.text}().`,
                };
            }
        }
    }
    if (depth > 0) {
        return {
            message: `The ${what} leaves ${depth} parenthes${depth === 1 ? 'is' : 'es'} open.`,
            hint: 'Balance the parentheses.',
        };
    }
    return null;
}
function writing(what, word) {
    return {
        message: `The ${what} uses \`${word}\`: ${WHY}, so a ${what} may not write, lock or copy rows.`,
        hint: `${what === 'filter' ? 'Write a condition that only reads (comparisons, functions, subqueries with SELECT)' : 'Write a plain SELECT'}; a column with that name is written quoted.`,
    };
}
/** The tokens of `text` by `dialect`'s lexical rules, or the first lexical problem (comments, unterminated text). */
function lex(text, dialect) {
    const tokens = [];
    const backslashEscapes = dialect === 'mysql';
    let i = 0;
    const unterminated = (kind, at) => ({
        problem: { message: `The SQL has an unterminated ${kind} starting at character ${at + 1}.`, hint: `Close the ${kind}.` },
    });
    while (i < text.length) {
        const c = text[i];
        const at = i;
        if (/\s/.test(c)) {
            i++;
            continue;
        }
        if ((c === '-' && text[i + 1] === '-') || (c === '/' && text[i + 1] === '*') || (c === '#' && dialect === 'mysql')) {
            return {
                problem: {
                    message: `The SQL has a comment (\`${c === '#' ? '#' : text.slice(i, i + 2)}\` at character ${at + 1}); a comment could hide the rest of the statement it is placed in.`,
                    hint: 'Remove the comment.',
                },
            };
        }
        if (c === "'" || (c === '"' && dialect === 'mysql')) {
            const escaped = backslashEscapes || isEscapeStringPrefix(tokens, text, at, dialect);
            const end = closeQuote(text, i, c, escaped);
            if (end < 0)
                return unterminated('string', at);
            // The prefix word of E'…', N'…', X'…' is part of the literal.
            if (escaped && !backslashEscapes)
                tokens.pop();
            tokens.push({ kind: 'string', at });
            i = end;
            continue;
        }
        if (c === '"' || (c === '`' && (dialect === 'mysql' || dialect === 'sqlite')) || (c === '[' && dialect === 'sqlite')) {
            const closing = c === '[' ? ']' : c;
            const end = closeQuote(text, i, closing, false, c === '[');
            if (end < 0)
                return unterminated('quoted identifier', at);
            tokens.push({ kind: 'quoted', text: text.slice(i + 1, end - 1).replaceAll(closing + closing, closing), at });
            i = end;
            continue;
        }
        if (c === '$' && (dialect === 'postgres' || dialect === 'duckdb')) {
            const tag = /^\$([A-Za-z_][A-Za-z0-9_]*)?\$/.exec(text.slice(i));
            if (tag) {
                const close = text.indexOf(tag[0], i + tag[0].length);
                if (close < 0)
                    return unterminated('dollar-quoted string', at);
                tokens.push({ kind: 'string', at });
                i = close + tag[0].length;
                continue;
            }
        }
        const word = /^[A-Za-z_\u0080-\uffff][A-Za-z0-9_$\u0080-\uffff]*/.exec(text.slice(i));
        if (word) {
            tokens.push({ kind: 'word', text: word[0], upper: word[0].toUpperCase(), at });
            i += word[0].length;
            continue;
        }
        const number = /^[0-9][0-9.eE]*/.exec(text.slice(i));
        if (number) {
            i += number[0].length;
            continue;
        }
        tokens.push({ kind: 'symbol', text: c, at });
        i++;
    }
    return { tokens };
}
/** PostgreSQL and DuckDB read backslash escapes only in E'…' strings (the word E right before the quote). */
function isEscapeStringPrefix(tokens, text, at, dialect) {
    if (dialect !== 'postgres' && dialect !== 'duckdb')
        return false;
    const last = tokens.at(-1);
    return last?.kind === 'word' && last.upper === 'E' && last.at + 1 === at && /[eE]/.test(text[at - 1] ?? '');
}
/**
 * The index just after the quote closing the one at `start` (a doubled quote stands for itself;
 * with `backslash`, a backslash escapes the next character), or -1 when it never closes.
 */
function closeQuote(text, start, quote, backslash, bracket = false) {
    let i = start + 1;
    while (i < text.length) {
        const c = text[i];
        if (backslash && c === '\\') {
            i += 2;
            continue;
        }
        if (c === quote) {
            if (!bracket && text[i + 1] === quote) {
                i += 2;
                continue;
            }
            return i + 1;
        }
        i++;
    }
    return -1;
}
/**
 * The names a filter or query mentions (words and quoted identifiers, lower-cased) and whether it reads
 * `*` (after SELECT, `,` or `t.`; `count(*)` reads no values): a superset of the columns it reads, for
 * the dialects whose SQL we do not parse.
 */
function identifiersOf(text, dialect) {
    const lexed = lex(text, dialect);
    if ('problem' in lexed)
        return { names: [], star: true };
    const names = new Set();
    let star = false;
    lexed.tokens.forEach((token, i) => {
        if (token.kind === 'word' || token.kind === 'quoted')
            names.add(token.text.toLowerCase());
        if (token.kind === 'symbol' && token.text === '*') {
            const previous = lexed.tokens[i - 1];
            if (previous && ((previous.kind === 'symbol' && (previous.text === ',' || previous.text === '.')) || (previous.kind === 'word' && ['SELECT', 'DISTINCT', 'ALL'].includes(previous.upper))))
                star = true;
        }
    });
    return { names: [...names], star };
}
//# sourceMappingURL=guard.js.map

/***/ })

};
