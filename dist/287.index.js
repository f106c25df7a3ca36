export const id = 287;
export const ids = [287];
export const modules = {

/***/ 82287:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  runMain: () => (/* binding */ runMain)
});

// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(76760);
// EXTERNAL MODULE: ./build/src/action/workflow-commands.js
var workflow_commands = __webpack_require__(10558);
// EXTERNAL MODULE: ./build/src/shared/abort.js
var abort = __webpack_require__(59117);
// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(73024);
// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(51455);
// EXTERNAL MODULE: ./build/src/shared/errors.js
var errors = __webpack_require__(80604);
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
// EXTERNAL MODULE: ./build/src/report/format.js
var format = __webpack_require__(45845);
;// CONCATENATED MODULE: ./build/src/runner/progress-log.js

/** At most one heartbeat line per comparison this often. */
const HEARTBEAT_MS = 30_000;
/** The heartbeat period from DATACOMPARE_PROGRESS_SECONDS (1–3600), else HEARTBEAT_MS. */
function heartbeatFromEnv(env) {
    const seconds = Number(env.DATACOMPARE_PROGRESS_SECONDS);
    return Number.isFinite(seconds) && seconds >= 1 && seconds <= 3600 ? seconds * 1000 : HEARTBEAT_MS;
}
/** "120,000 of about 300,000 rows", "12 of 40 key ranges" (a total the count has passed, an estimate, is left out). */
function workText(work) {
    const unit = work.unit === 'ranges' ? 'key ranges' : 'rows';
    return work.total && work.total >= work.done ? `${(0,format/* count */.U9)(work.done)} of about ${(0,format/* count */.U9)(work.total)} ${unit}` : `${(0,format/* count */.U9)(work.done)} ${unit}`;
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
            this.schedule();
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
        this.schedule();
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
        this.schedule();
    }
    /** The run is over: no more heartbeats. */
    stop() {
        clearTimeout(this.timer);
        this.timer = undefined;
        this.running.clear();
    }
    /** Sets the timer for the moment the earliest running comparison is a period past its last line (none when none runs). */
    schedule() {
        clearTimeout(this.timer);
        this.timer = undefined;
        let due = Number.POSITIVE_INFINITY;
        for (const state of this.running.values())
            due = Math.min(due, state.written + this.heartbeatMs);
        if (due === Number.POSITIVE_INFINITY)
            return;
        this.timer = setTimeout(() => this.heartbeat(), Math.max(0, due - this.now()));
        // The run's own work keeps the process alive; the heartbeat never does.
        this.timer.unref?.();
    }
}
//# sourceMappingURL=progress-log.js.map
// EXTERNAL MODULE: ./build/src/shared/redact.js
var redact = __webpack_require__(23326);
// EXTERNAL MODULE: ./node_modules/yaml/dist/index.js
var dist = __webpack_require__(38815);
// EXTERNAL MODULE: ./build/src/shared/connection-url.js
var connection_url = __webpack_require__(53655);
;// CONCATENATED MODULE: ./build/src/spec/connection-urls.js
/**
 * The data sources' connection URLs, once `${VAR}`s are replaced: each is registered as a secret at
 * once (before any problem of the spec is reported, so no message can quote it), and each must read
 * one way only (src/shared/connection-url.ts): a password that breaks its URL is a problem of the
 * spec, for `validate` and every run, found before anything connects.
 */


const isObj = (value) => value !== null && typeof value === 'object' && !Array.isArray(value);
/** The types whose `url` is a connection URL (any other `url` is the schema's problem: an unknown key or type). */
const WITH_URL = ['postgres', 'mysql', 'mariadb'];
/** Each data source with a `url` text: its key, the URL and its type (the raw, interpolated document). */
function urlsOf(data) {
    if (!isObj(data) || !isObj(data.datasources))
        return [];
    return Object.entries(data.datasources).flatMap(([name, datasource]) => isObj(datasource) && typeof datasource.url === 'string' ? [{ name, url: datasource.url, type: datasource.type }] : []);
}
/** Registers every data source URL as a secret (every way it can be read, see redact.ts), whatever its type. */
function registerConnectionUrls(data) {
    for (const { url } of urlsOf(data))
        (0,redact/* addSecret */.Ck)(url);
}
/**
 * A problem for each URL that cannot be read one way; the messages quote no part of it. A URL whose
 * `${VAR}` could not be replaced (`interpolationProblems`) has that problem already.
 */
function checkConnectionUrls(data, interpolationProblems) {
    const unresolved = new Set(interpolationProblems.map((problem) => problem.path.join('\u0000')));
    return urlsOf(data).flatMap(({ name, url, type }) => {
        const path = ['datasources', name, 'url'];
        const checked = typeof type === 'string' && WITH_URL.includes(type) && url.trim() !== '' && !unresolved.has(path.join('\u0000'));
        const problem = checked ? (0,connection_url/* connectionUrlProblem */.R4)(url) : undefined;
        return problem ? [{ path, message: problem.message, hint: problem.hint }] : [];
    });
}
//# sourceMappingURL=connection-urls.js.map
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
// EXTERNAL MODULE: ./build/src/spec/resolve.js
var resolve = __webpack_require__(63001);
// EXTERNAL MODULE: ./build/src/spec/suggest.js
var suggest = __webpack_require__(56907);
// EXTERNAL MODULE: ./build/src/sql/guard.js
var guard = __webpack_require__(5527);
;// CONCATENATED MODULE: ./build/src/spec/rules.js


const rules_isObj = (value) => value !== null && typeof value === 'object' && !Array.isArray(value);
const strings = (value) => Array.isArray(value) && value.every((v) => typeof v === 'string') ? value : undefined;
const code = (name) => `\`${name}\``;
function checkRules(data) {
    if (rules_isObj(data) && data.comparisons === undefined && data.dbt === undefined) {
        return [{ path: ['comparisons'], message: 'is required', hint: 'list the comparisons to run under `comparisons:`, or add a `dbt:` section that derives them from dbt manifests' }];
    }
    if (!rules_isObj(data))
        return [];
    const problems = [];
    const datasources = rules_isObj(data.datasources) ? data.datasources : {};
    const declared = Object.keys(datasources);
    problems.push(...checkDbt(data.dbt, declared));
    if (!Array.isArray(data.comparisons))
        return problems;
    const seenNames = new Map();
    data.comparisons.forEach((comparison, index) => {
        if (!rules_isObj(comparison))
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
    const type = rules_isObj(datasource) ? datasource.type : undefined;
    return type === 'csv' ? 'CSV' : type === 'parquet' ? 'Parquet' : undefined;
}
function checkSides(comparison, at, declared, datasources) {
    const problems = [];
    const hasId = comparison.comparison_id !== undefined;
    const present = ['source', 'target'].filter((side) => comparison[side] !== undefined);
    if (present.length === 0) {
        if (hasId && comparison.accept !== undefined) {
            problems.push({
                path: [...at, 'accept'],
                message: 'does not apply to a stored comparison (`comparison_id`): the service runs it with its own configuration',
                hint: 'set accept in the stored comparison\'s configuration on the service, or remove it here',
            });
        }
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
        if (!rules_isObj(spec))
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
                    : (0,suggest/* suggestionHint */.SU)(spec.datasource, declared, 'datasources').replace('allowed datasources', 'declared datasources'),
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
    const dialect = rules_isObj(datasource) && typeof datasource.type === 'string' ? (0,guard/* guardDialectOf */.nj)(datasource.type) : null;
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
    if (!rules_isObj(settings))
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
        hint: (0,suggest/* suggestionHint */.SU)(column, compared, 'columns').replace('allowed columns', 'compared columns'),
        at: 'key',
    }));
}
/** The dbt section's datasources must be declared, and be databases the engine reads. */
function checkDbt(dbt, declared) {
    if (!rules_isObj(dbt))
        return [];
    const problems = [];
    for (const key of ['datasource', 'base_datasource']) {
        const name = dbt[key];
        if (typeof name === 'string' && name.trim() !== '' && !declared.includes(name)) {
            problems.push({
                path: ['dbt', key],
                message: `datasource ${code(name)} is not declared`,
                hint: declared.length > 0 ? (0,suggest/* suggestionHint */.SU)(name, declared, 'datasources') : 'declare it under `datasources:`',
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
    // jitless: a spec is parsed once a process; zod's compiled fast path cost more to build than it saves (issue #30).
    const result = spec_schema/* specSchema */.pQ.safeParse(data, { error: wording, jitless: true });
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
        const match = (0,suggest/* closest */.kp)(String(value), options);
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
    return (0,suggest/* suggestionHint */.SU)(key, allowed);
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
 * Loads a spec file: YAML with positions → `${VAR}` interpolation (connection URLs registered as
 * secrets at once) → zod schema, URLs read one way, cross-field rules → ComparisonDefinitions. Every
 * problem of every stage is collected and thrown at once as a SpecError, each placed at
 * file:line:column and sorted by line.
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
    registerConnectionUrls(interpolated.value);
    const validated = validateSchema(interpolated.value);
    const problems = [...interpolated.problems, ...validated.problems, ...checkConnectionUrls(interpolated.value, interpolated.problems), ...checkRules(interpolated.value)];
    if (!validated.spec && validated.problems.length === 0)
        throw new Error('unreachable: schema failed without problems');
    if (problems.length > 0 || !validated.spec)
        throw new errors/* SpecError */.G8(sortProblems(dedupe(problems.map(place))));
    const definitions = (0,resolve/* resolveDefinitions */.LG)(validated.spec, {
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
        source: (0,resolve/* resolveSide */.W8)(context.spec, { datasource: context.dbt.base_datasource ?? context.dbt.datasource, dataset: dataset(prod) }, context.cwd),
        target: (0,resolve/* resolveSide */.W8)(context.spec, { datasource: context.dbt.datasource, dataset: dataset(node) }, context.cwd),
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
        maxDiffRows: defaults.max_diff_rows ?? context.maxDiffRows ?? resolve/* DEFAULT_MAX_DIFF_ROWS */.B8,
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
// EXTERNAL MODULE: ./build/src/action/publish-early.js + 2 modules
var publish_early = __webpack_require__(40311);
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
    // Connection URLs read from ${VAR}s (registered as the spec is read): masked in the runner's log too,
    // before anything about the spec is published.
    const maskSecrets = () => {
        for (const secret of (0,redact/* registeredSecrets */.wW)())
            workflow_commands/* setSecret */.Pq(secret);
    };
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
        maskSecrets();
        if (error instanceof errors/* SpecError */.G8)
            await (0,publish_early/* publishSpecError */.B5)(error, publishOptions);
        throw error;
    }
    maskSecrets();
    // What runs and publishes a comparison: loaded once the spec is known to be good (a bad spec fails fast).
    const [{ runSpec }, text, { publishRun }, { actionRowsHint, plannedCsvNames }, { pullRequestFromEvent }, { maskRun, policiesOf }] = await Promise.all([
        __webpack_require__.e(/* import() */ 843).then(__webpack_require__.bind(__webpack_require__, 39843)),
        __webpack_require__.e(/* import() */ 913).then(__webpack_require__.bind(__webpack_require__, 74913)),
        Promise.all(/* import() */[__webpack_require__.e(873), __webpack_require__.e(455)]).then(__webpack_require__.bind(__webpack_require__, 32455)),
        __webpack_require__.e(/* import() */ 568).then(__webpack_require__.bind(__webpack_require__, 18568)),
        __webpack_require__.e(/* import() */ 873).then(__webpack_require__.bind(__webpack_require__, 52873)),
        __webpack_require__.e(/* import() */ 828).then(__webpack_require__.bind(__webpack_require__, 24828)),
    ]);
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
    const progress = new ProgressLog({ write: (line) => workflow_commands/* info */.pq(`datacompare: ${line}`), heartbeatMs: heartbeatFromEnv(env) });
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
            onJobsStarted: (jobs) => workflow_commands/* saveState */.LZ(state/* State */.U.startedJobs, JSON.stringify(jobs)),
            onExecutes: (executes) => workflow_commands/* saveState */.LZ(state/* State */.U.apiExecutes, JSON.stringify(executes)),
        });
    }
    finally {
        progress.stop();
        limit?.clear();
    }
    if (mode === 'api' && !signal.aborted && run.comparisons.every((c) => !c.error || !/cancel|timeout|could not be terminated/.test(`${c.error.kind} ${c.error.message}`))) {
        // every job ended: nothing for the post step to look for (it would list each execute's jobs again)
        workflow_commands/* saveState */.LZ(state/* State */.U.apiExecutes, '[]');
        workflow_commands/* saveState */.LZ(state/* State */.U.startedJobs, '[]');
    }
    const mask = inputs.maskSensitive === 'true' || (inputs.maskSensitive === 'auto' && pullRequestFromEvent(env) !== undefined);
    const masked = mask ? maskRun(run, policiesOf(loaded.definitions)) : undefined;
    for (const [comparison, columns] of masked?.masked ?? []) {
        logger.info(`${comparison}: masking ${[...columns].map(([column, why]) => `${column} (${why})`).join(', ')}`);
    }
    const logged = masked?.run ?? run;
    const csvNames = plannedCsvNames(logged);
    logComparisons(logged, text, actionRowsHint((c) => csvNames[logged.comparisons.indexOf(c)]));
    const stopped = signal.aborted ? ((0,abort/* stopRequestOf */.Nl)(signal) ?? new abort/* StopRequest */.WX('cancelled', 'a cancel')) : undefined;
    const outcome = await publishRun(run, { ...publishOptions, ...(masked ? { masked: masked.run } : {}), ...(stopped ? { stopped: true } : {}) });
    if (stopped) {
        // Stopped: non-zero whatever fail-on says (the summary says which comparisons were stopped).
        const finished = run.comparisons.filter((c) => c.error?.kind !== 'cancelled' && c.error?.kind !== 'timeout').length;
        const what = stopped.kind === 'timeout' ? `the time limit ${stopped.why} was reached` : `${stopped.why} was received`;
        const service = mode === 'api' ? ` ${apiCancelMessage(run.comparisons)}` : '';
        workflow_commands/* setFailed */.C1(`Stopped: ${what}; ${finished} of ${run.comparisons.length} comparison(s) finished, the others are marked "stopped" in the job summary.${service}`);
        return;
    }
    if (outcome.failed)
        workflow_commands/* setFailed */.C1(outcome.message);
    else if (outcome.message)
        workflow_commands/* info */.pq(outcome.message);
}
/** Each comparison in a collapsed group of the log, titled by its status line (details and plan inside); then the run's line. */
function logComparisons(run, text, rows) {
    for (const comparison of run.comparisons) {
        const { head, body } = text.renderComparisonText(comparison, { color: false, showPlan: true, rows });
        workflow_commands/* startGroup */.Oh(head);
        if (body)
            workflow_commands/* info */.pq(body);
        workflow_commands/* endGroup */.N4();
    }
    workflow_commands/* info */.pq(text.renderSummaryLine(run, { color: false }));
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

/***/ 63001:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   B8: () => (/* binding */ DEFAULT_MAX_DIFF_ROWS),
/* harmony export */   DL: () => (/* binding */ isApiOnly),
/* harmony export */   LG: () => (/* binding */ resolveDefinitions),
/* harmony export */   W8: () => (/* binding */ resolveSide)
/* harmony export */ });
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(76760);
/**
 * A validated spec → the ComparisonDefinitions every runner takes: defaults applied, shorthands
 * expanded, sqlite/duckdb/csv/parquet paths made absolute; a csv/parquet side without `dataset` reads
 * the view named after its data source. (Connection URLs were registered as secrets when the spec was
 * read: connection-urls.ts.)
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
        const accept = pick('accept');
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
        // A stored comparison accepts what its configuration on the service says (spec/rules.ts refuses its own accept).
        if (accept !== undefined && comparison.comparison_id === undefined)
            definition.accept = [...new Set(accept)];
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
            return { type: 'sqlite', path: datasource.path === ':memory:' ? datasource.path : node_path__WEBPACK_IMPORTED_MODULE_0__.resolve(cwd, datasource.path) };
        case 'duckdb':
            return { type: 'duckdb', path: datasource.path === ':memory:' ? datasource.path : node_path__WEBPACK_IMPORTED_MODULE_0__.resolve(cwd, datasource.path) };
        case 'csv':
            return { type: 'csv', path: filePath(datasource.path, cwd), table: name, csv: csvOptions(datasource) };
        case 'parquet':
            return { type: 'parquet', path: filePath(datasource.path, cwd), table: name };
        case 'postgres':
            return { type: 'postgres', url: datasource.url };
        case 'mysql':
        case 'mariadb':
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
    return /^[a-z][a-z0-9+.-]*:\/\//i.test(location) ? location : node_path__WEBPACK_IMPORTED_MODULE_0__.resolve(cwd, location);
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

/***/ }),

/***/ 56907:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   SU: () => (/* binding */ suggestionHint),
/* harmony export */   kp: () => (/* binding */ closest)
/* harmony export */ });
/* unused harmony export editDistance */
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

/***/ }),

/***/ 5527:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Dp: () => (/* binding */ checkQuery),
/* harmony export */   le: () => (/* binding */ checkFilter),
/* harmony export */   nj: () => (/* binding */ guardDialectOf),
/* harmony export */   rh: () => (/* binding */ checkLexical)
/* harmony export */ });
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
/**
 * The lexical part alone (comments, unterminated text, `;`, parentheses that step out), without the
 * word list: for dialects whose SQL is then parsed (MariaDB/MySQL), so what the parser reads is what
 * the server runs (no comment, `/*! … *\/` included, hides text from one and not the other).
 */
function checkLexical(text, dialect, what) {
    return checkTokens(what === 'query' ? text.trim().replace(/;+\s*$/, '') : text, dialect, what, false);
}
function checkTokens(text, dialect, what, words = true) {
    const lexed = lex(text, dialect);
    if ('problem' in lexed)
        return lexed.problem;
    const tokens = lexed.tokens;
    if (tokens.length === 0)
        return { message: `The ${what} is empty.`, hint: `Write the ${what}, or remove it.` };
    if (what === 'query' && words) {
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
        if (!words)
            continue;
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
            const executable = /^\/\*(M?!|\+)/.exec(text.slice(i));
            if (executable && dialect === 'mysql') {
                return {
                    problem: {
                        message: `The SQL has an executable comment (\`${executable[0]}\` at character ${at + 1}): MariaDB and MySQL run what such a comment holds, so it would hide SQL from every check.`,
                        hint: 'Remove the comment and write its content as plain SQL.',
                    },
                };
            }
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
//# sourceMappingURL=guard.js.map

/***/ })

};
