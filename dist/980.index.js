export const id = 980;
export const ids = [980];
export const modules = {

/***/ 30476:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   runPost: () => (/* binding */ runPost)
/* harmony export */ });
/* harmony import */ var _workflow_commands_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(10558);
/* harmony import */ var zod__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(32716);
/* harmony import */ var _runner_api_mode_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(70025);
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
/**
 * text[from, end) as a string of its own. V8 makes a slice of a long string a view into it: a kept
 * window of 64 Ki characters would hold the whole 30M-character value it was cut from for as long as
 * the row is kept. Copied through its UTF-16 code units, every one of them (a lone surrogate too) is kept.
 */
function detachedSlice(text, from, end) {
    return Buffer.from(text.slice(from, end), 'utf16le').toString('utf16le');
}
/** text[from, from + MAX_KEPT_CHARS characters), and what was left out; undefined when nothing was. */
function window(text, from) {
    if (from === 0 && text.length <= MAX_KEPT_CHARS)
        return undefined;
    const end = (0,_shared_characters_js__WEBPACK_IMPORTED_MODULE_1__/* .advance */ .np)(text, from, MAX_KEPT_CHARS);
    if (from === 0 && end === text.length)
        return undefined;
    return { kept: detachedSlice(text, from, end), cut: { length: (0,_shared_characters_js__WEBPACK_IMPORTED_MODULE_1__/* .characterCount */ .Dq)(text), start: (0,_shared_characters_js__WEBPACK_IMPORTED_MODULE_1__/* .characterCount */ .Dq)(text, 0, from), sha256: sha256Text(text) } };
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
    return `${detachedSlice(value, 0, (0,_shared_characters_js__WEBPACK_IMPORTED_MODULE_1__/* .pairStart */ .TA)(value, max - 1))}…`;
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

/***/ })

};
