export const id = 980;
export const ids = [980];
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
/* harmony import */ var _workflow_commands_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(10558);
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
    const getInput = options.getInput ?? ((name) => _workflow_commands_js__WEBPACK_IMPORTED_MODULE_2__/* .getInput */ .V4(name));
    const setSecret = options.setSecret ?? ((secret) => _workflow_commands_js__WEBPACK_IMPORTED_MODULE_2__/* .setSecret */ .Pq(secret));
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
    // parsed once: zod's compiled fast path would cost more to build than it saves (issue #30)
    const parsed = inputsSchema.safeParse(raw, { jitless: true });
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

/***/ 30476:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   runPost: () => (/* binding */ runPost)
/* harmony export */ });
/* harmony import */ var _workflow_commands_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(10558);
/* harmony import */ var zod__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(32716);
/* harmony import */ var _runner_api_mode_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(72120);
/* harmony import */ var _shared_errors_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(80604);
/* harmony import */ var _shared_redact_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(23326);
/* harmony import */ var _inputs_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(73991);
/* harmony import */ var _logger_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(39206);
/* harmony import */ var _state_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(29049);
/**
 * The post step (runs after the job, even after a cancel). Local mode leaves nothing behind: every
 * database pool is closed by the main step. In api mode the main step saved, before sending each
 * execute, what identifies its job(s) (State.apiExecutes: Idempotency-Key, comparison id, agent run
 * id, service time), and the jobs it started (State.startedJobs). Here the service's job list is
 * searched for them and every one still running is terminated: a backstop for a main step killed
 * before it could terminate them. The post step never fails the job: problems are warnings.
 */








const startedJobsSchema = zod__WEBPACK_IMPORTED_MODULE_7__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_7__/* .object */ .Ikc({ comparison: zod__WEBPACK_IMPORTED_MODULE_7__/* .string */ .YjP(), runId: zod__WEBPACK_IMPORTED_MODULE_7__/* .number */ .aig().int(), taskId: zod__WEBPACK_IMPORTED_MODULE_7__/* .string */ .YjP().min(1) }));
const executesSchema = zod__WEBPACK_IMPORTED_MODULE_7__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_7__/* .object */ .Ikc({
    comparisons: zod__WEBPACK_IMPORTED_MODULE_7__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_7__/* .string */ .YjP()),
    idempotencyKey: zod__WEBPACK_IMPORTED_MODULE_7__/* .string */ .YjP().min(1),
    sentAfter: zod__WEBPACK_IMPORTED_MODULE_7__/* .string */ .YjP().optional(),
    comparisonId: zod__WEBPACK_IMPORTED_MODULE_7__/* .string */ .YjP().optional(),
    ownComparison: zod__WEBPACK_IMPORTED_MODULE_7__/* .boolean */ .zMY(),
    agentRunId: zod__WEBPACK_IMPORTED_MODULE_7__/* .string */ .YjP().optional(),
}));
function readSaved(raw, schema) {
    if (!raw)
        return [];
    try {
        const parsed = schema.safeParse(JSON.parse(raw));
        return parsed.success ? parsed.data : undefined;
    }
    catch {
        return undefined;
    }
}
async function runPost(options = {}) {
    const getState = options.getState ?? _workflow_commands_js__WEBPACK_IMPORTED_MODULE_0__/* .getState */ .Gu;
    const jobs = readSaved(getState(_state_js__WEBPACK_IMPORTED_MODULE_6__/* .State */ .U.startedJobs), startedJobsSchema);
    const executes = readSaved(getState(_state_js__WEBPACK_IMPORTED_MODULE_6__/* .State */ .U.apiExecutes), executesSchema);
    if (!jobs || !executes) {
        _workflow_commands_js__WEBPACK_IMPORTED_MODULE_0__/* .warning */ .$e('datacompare: the saved list of service jobs is unreadable; nothing was terminated.');
        return;
    }
    if (jobs.length === 0 && executes.length === 0) {
        _workflow_commands_js__WEBPACK_IMPORTED_MODULE_0__/* .info */ .pq('datacompare: nothing to clean up.');
        return;
    }
    try {
        const inputs = (0,_inputs_js__WEBPACK_IMPORTED_MODULE_4__/* .readInputs */ .Ko)({ logger: _logger_js__WEBPACK_IMPORTED_MODULE_5__/* .coreLogger */ .W, ...(options.env ? { env: options.env } : {}) });
        if (!inputs.apiUrl || !inputs.apiKey || !inputs.workspaceId) {
            _workflow_commands_js__WEBPACK_IMPORTED_MODULE_0__/* .warning */ .$e('datacompare: jobs were started on the service but api-url, api-key or workspace-id is missing now; nothing was terminated.');
            return;
        }
        const outcome = await (0,_runner_api_mode_js__WEBPACK_IMPORTED_MODULE_1__/* .terminateLeftoverJobs */ .X)(jobs, { url: inputs.apiUrl, key: inputs.apiKey, workspaceId: inputs.workspaceId }, _logger_js__WEBPACK_IMPORTED_MODULE_5__/* .coreLogger */ .W, { executes });
        const { terminated, failed, finished, unprovable } = outcome;
        const found = terminated.length + failed.length + finished.length;
        _workflow_commands_js__WEBPACK_IMPORTED_MODULE_0__/* .info */ .pq(`datacompare: of ${found} service job(s) started by the main step, ${finished.length} had finished, ${terminated.length} were terminated now` +
            (failed.length > 0 ? `, ${failed.length} could not be terminated` : '') +
            (unprovable.length > 0 ? `; job(s) ${unprovable.join(', ')} may be this run's but cannot be proven so and were left alone` : '') +
            '.');
    }
    catch (error) {
        _workflow_commands_js__WEBPACK_IMPORTED_MODULE_0__/* .warning */ .$e((0,_shared_redact_js__WEBPACK_IMPORTED_MODULE_3__/* .redact */ .E$)(`datacompare: cleaning up the service jobs failed: ${(0,_shared_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .toDatacompareError */ .bC)(error).message}`));
    }
}
//# sourceMappingURL=post.js.map

/***/ }),

/***/ 89031:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   MB: () => (/* binding */ MAX_KEPT_CHARS),
/* harmony export */   Qf: () => (/* binding */ boundDiff),
/* harmony export */   Qg: () => (/* binding */ keyForSentence),
/* harmony export */   tC: () => (/* binding */ cutRow)
/* harmony export */ });
/* unused harmony exports sha256Text, cutPair, cutSingle */
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(77598);
/* harmony import */ var _shared_characters_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(57003);
/**
 * Long values in differing rows: a diff row keeps at most MAX_KEPT_CHARS characters of a value,
 * taken around the first difference between the two sides (the same window on both, so the kept
 * texts still line up), and says what it left out: the whole value's length and the SHA-256 of
 * its UTF-8, so two values stay provably equal or different and a reader can check a value of
 * their own against it. Only what is kept is cut: the comparison itself reads and compares the
 * whole values. Pure; lengths and positions count characters (code points), as the databases do.
 */


/** The most characters of one value a diff row keeps (64 Ki). */
const MAX_KEPT_CHARS = 65_536;
/** Characters kept before the first difference when the window cannot start at the value's start. */
const CONTEXT_BEFORE = 8_192;
/** Hashed a slice at a time, so a 200M-character value is never copied whole into a buffer. */
const HASH_SLICE = 1 << 20;
/** The SHA-256 (hex) of a text's UTF-8. */
function sha256Text(text) {
    const hash = (0,node_crypto__WEBPACK_IMPORTED_MODULE_0__.createHash)('sha256');
    for (let at = 0; at < text.length;) {
        const end = (0,_shared_characters_js__WEBPACK_IMPORTED_MODULE_1__/* .pairStart */ .TA)(text, Math.min(text.length, at + HASH_SLICE));
        hash.update(text.slice(at, end), 'utf8');
        at = end;
    }
    return hash.digest('hex');
}
/** text[from, from + MAX_KEPT_CHARS characters), and what was left out; undefined when nothing was. */
function window(text, from) {
    if (from === 0 && text.length <= MAX_KEPT_CHARS)
        return undefined;
    const end = (0,_shared_characters_js__WEBPACK_IMPORTED_MODULE_1__/* .advance */ .np)(text, from, MAX_KEPT_CHARS);
    if (from === 0 && end === text.length)
        return undefined;
    return { kept: text.slice(from, end), cut: { length: (0,_shared_characters_js__WEBPACK_IMPORTED_MODULE_1__/* .characterCount */ .Dq)(text), start: (0,_shared_characters_js__WEBPACK_IMPORTED_MODULE_1__/* .characterCount */ .Dq)(text, 0, from), sha256: sha256Text(text) } };
}
/** Where both sides' windows start: at 0 while the first difference is well inside the window, else a little before it. */
function windowStart(texts, difference) {
    if (texts.every((text) => text.length <= MAX_KEPT_CHARS))
        return 0;
    if (difference + CONTEXT_BEFORE <= MAX_KEPT_CHARS)
        return 0;
    return (0,_shared_characters_js__WEBPACK_IMPORTED_MODULE_1__/* .pairStart */ .TA)(texts[0], difference - CONTEXT_BEFORE);
}
/**
 * Both sides of a changed value, each cut to the same window around their first difference when
 * either is longer than MAX_KEPT_CHARS. A side gets a `cut` only when something of it was left out.
 */
function cutPair(source, target) {
    const start = windowStart([source, target], (0,_shared_characters_js__WEBPACK_IMPORTED_MODULE_1__/* .commonPrefix */ .wF)(source, target));
    const a = window(source, start);
    const b = window(target, start);
    return {
        source: a?.kept ?? source,
        target: b?.kept ?? target,
        ...(a ? { sourceCut: a.cut } : {}),
        ...(b ? { targetCut: b.cut } : {}),
    };
}
/** One value with nothing to compare it to: its first MAX_KEPT_CHARS characters. */
function cutSingle(text) {
    const w = window(text, 0);
    return w ? { kept: w.kept, cut: w.cut } : { kept: text };
}
/** A row's values cut (changed columns as pairs), with a `CutValue` for each value that lost characters. */
function cutRow(row, index) {
    const cuts = [];
    let out;
    const set = (field, kept, cut) => {
        if (!cut)
            return;
        out ??= { ...row };
        out[field] = kept;
        cuts.push({ row: index, field, ...cut });
    };
    const long = (value) => typeof value === 'string' && value.length > MAX_KEPT_CHARS;
    for (const [field, value] of Object.entries(row)) {
        const pairField = field.startsWith('source_') ? `target_${field.slice(7)}` : field.startsWith('target_') ? `source_${field.slice(7)}` : undefined;
        const other = pairField === undefined ? undefined : row[pairField];
        if (typeof value !== 'string' || (!long(value) && !long(other)))
            continue;
        if (typeof other === 'string' && row._diff_type === 'changed') {
            const pair = field.startsWith('source_') ? cutPair(value, other) : cutPair(other, value);
            if (field.startsWith('source_'))
                set(field, pair.source, pair.sourceCut);
            else
                set(field, pair.target, pair.targetCut);
        }
        else {
            const single = cutSingle(value);
            set(field, single.kept, single.cut);
        }
    }
    return { row: out ?? row, cuts };
}
/**
 * The diff with every value longer than MAX_KEPT_CHARS cut and listed in `cut_values` (values
 * already cut keep their entries): the form every report and store receives, whatever produced
 * the diff (the engine cuts as it keeps rows; a service's answer may not have).
 */
function boundDiff(diff) {
    let rows;
    const added = [];
    diff.diff_rows.forEach((row, index) => {
        const cut = cutRow(row, index);
        if (cut.cuts.length === 0)
            return;
        rows ??= [...diff.diff_rows];
        rows[index] = cut.row;
        added.push(...cut.cuts);
    });
    if (!rows)
        return diff;
    return { ...diff, diff_rows: rows, cut_values: [...(diff.cut_values ?? []), ...added].sort((x, y) => x.row - y.row) };
}
/** A key value for a sentence (a duplicated key's reason): texts over `max` characters end in `…`. */
function keyForSentence(value, max = 200) {
    if (typeof value !== 'string' || value.length <= max)
        return value;
    return `${value.slice(0, (0,_shared_characters_js__WEBPACK_IMPORTED_MODULE_1__/* .pairStart */ .TA)(value, max - 1))}…`;
}
//# sourceMappingURL=cut-values.js.map

/***/ }),

/***/ 57003:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Dq: () => (/* binding */ characterCount),
/* harmony export */   NU: () => (/* binding */ insidePair),
/* harmony export */   TA: () => (/* binding */ pairStart),
/* harmony export */   np: () => (/* binding */ advance),
/* harmony export */   pc: () => (/* binding */ isHighSurrogate),
/* harmony export */   wF: () => (/* binding */ commonPrefix)
/* harmony export */ });
/**
 * Positions in a text by characters (code points, as the databases count them) over JavaScript's UTF-16
 * strings, found by walking the text in place: no array of its characters, so a text of 200,000,000
 * characters costs a scan, never a copy. No position is ever put between the halves of a surrogate pair.
 */
const isHighSurrogate = (unit) => unit >= 0xd800 && unit <= 0xdbff;
const isLowSurrogate = (unit) => unit >= 0xdc00 && unit <= 0xdfff;
/** True when text[at] is the second half of a surrogate pair. */
function insidePair(text, at) {
    return at > 0 && at < text.length && isLowSurrogate(text.charCodeAt(at)) && isHighSurrogate(text.charCodeAt(at - 1));
}
/** `at` (a UTF-16 index) moved back off the middle of a surrogate pair. */
function pairStart(text, at) {
    return insidePair(text, at) ? at - 1 : at;
}
/** UTF-16 units of the character at `at`. */
function width(text, at) {
    return isHighSurrogate(text.charCodeAt(at)) && isLowSurrogate(text.charCodeAt(at + 1)) ? 2 : 1;
}
/** The UTF-16 index `count` characters after `from` (or the text's end). */
function advance(text, from, count) {
    let at = from;
    for (let n = 0; n < count && at < text.length; n++)
        at += width(text, at);
    return at;
}
/** Characters in text[from, to) (UTF-16 indexes). */
function characterCount(text, from = 0, to = text.length) {
    let count = 0;
    for (let at = from; at < to; at += width(text, at))
        count++;
    return count;
}
/** How many UTF-16 units `a` and `b` share from their start, never ending between the halves of a pair. */
function commonPrefix(a, b) {
    const shorter = Math.min(a.length, b.length);
    let at = 0;
    while (at < shorter && a.charCodeAt(at) === b.charCodeAt(at))
        at++;
    return insidePair(a, at) || insidePair(b, at) ? at - 1 : at;
}
//# sourceMappingURL=characters.js.map

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
/** A role that can do more than read is warned about (with the recipe of one that only reads) unless this says it is meant. */
const allowPrivileged = zod__WEBPACK_IMPORTED_MODULE_0__/* .boolean */ .zMY()
    .optional()
    .describe("local mode: true when this data source's role may do more than read (superuser, FILE, write grants…): no warning then (default false: the run warns, with the statements that create a role that only reads)");
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
    url: nonEmpty.describe('postgres://user:password@host:5432/db (percent-encode @ / ? # % and spaces in the password: @ → %40); use ${VAR} to read a secret from the environment'),
    allow_privileged: allowPrivileged,
    service,
})
    .describe('PostgreSQL through pg');
const mysqlDatasourceSchema = zod__WEBPACK_IMPORTED_MODULE_0__/* .strictObject */ .rej({
    type: zod__WEBPACK_IMPORTED_MODULE_0__/* ["enum"] */ .k5n(['mysql', 'mariadb']),
    url: nonEmpty.describe('mysql://user:password@host:3306/db (percent-encode @ / ? # % and spaces in the password: @ → %40); use ${VAR} to read a secret from the environment'),
    allow_privileged: allowPrivileged,
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

/***/ })

};
