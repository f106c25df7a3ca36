export const id = 311;
export const ids = [311];
export const modules = {

/***/ 82786:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   K: () => (/* binding */ emitAnnotations)
/* harmony export */ });
/* harmony import */ var _workflow_commands_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(10558);
/** Emits annotations (already ranked and capped by src/report/annotations.ts) as workflow commands. */

function emitAnnotations(annotations) {
    for (const a of annotations) {
        const properties = { title: a.title, file: a.file, ...(a.line === undefined ? {} : { startLine: a.line }) };
        if (a.level === 'error')
            _workflow_commands_js__WEBPACK_IMPORTED_MODULE_0__/* .error */ .z3(a.message, properties);
        else if (a.level === 'warning')
            _workflow_commands_js__WEBPACK_IMPORTED_MODULE_0__/* .warning */ .$e(a.message, properties);
        else
            _workflow_commands_js__WEBPACK_IMPORTED_MODULE_0__/* .notice */ .lm(a.message, properties);
    }
}
//# sourceMappingURL=annotations.js.map

/***/ }),

/***/ 3406:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   n0: () => (/* binding */ setOutputs),
/* harmony export */   uN: () => (/* binding */ outputValues)
/* harmony export */ });
/* unused harmony export Output */
/* harmony import */ var _workflow_commands_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(10558);
/** The step outputs (see action.yml): status, the comparisons that differ or could not run, report paths, api run ids. */

const Output = {
    status: 'status',
    mismatchedComparisons: 'mismatched-comparisons',
    failedComparisons: 'failed-comparisons',
    reportJson: 'report-json',
    runIds: 'run-ids',
    summaryMarkdown: 'summary-markdown',
};
/** What the outputs say about a run: `failed-comparisons` are those that could not run (status error). */
function outputValues(run, files) {
    return {
        status: run.status,
        mismatched: run.comparisons.filter((c) => c.status === 'mismatch').map((c) => c.name),
        failed: run.comparisons.filter((c) => c.status === 'error').map((c) => c.name),
        ...(files.json ? { reportJson: files.json } : {}),
        ...(files.summary ? { summaryMarkdown: files.summary } : {}),
        runIds: run.comparisons.flatMap((c) => (c.service?.run_id === undefined ? [] : [c.service.run_id])),
    };
}
function setOutputs(values) {
    _workflow_commands_js__WEBPACK_IMPORTED_MODULE_0__/* .setOutput */ .uH(Output.status, values.status);
    _workflow_commands_js__WEBPACK_IMPORTED_MODULE_0__/* .setOutput */ .uH(Output.mismatchedComparisons, values.mismatched.join(','));
    _workflow_commands_js__WEBPACK_IMPORTED_MODULE_0__/* .setOutput */ .uH(Output.failedComparisons, values.failed.join(','));
    _workflow_commands_js__WEBPACK_IMPORTED_MODULE_0__/* .setOutput */ .uH(Output.reportJson, values.reportJson ?? '');
    _workflow_commands_js__WEBPACK_IMPORTED_MODULE_0__/* .setOutput */ .uH(Output.summaryMarkdown, values.summaryMarkdown ?? '');
    _workflow_commands_js__WEBPACK_IMPORTED_MODULE_0__/* .setOutput */ .uH(Output.runIds, JSON.stringify(values.runIds));
}
//# sourceMappingURL=outputs.js.map

/***/ }),

/***/ 40311:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  Uc: () => (/* binding */ describeError),
  publishFailure: () => (/* binding */ publishFailure),
  B5: () => (/* binding */ publishSpecError),
  j7: () => (/* binding */ writeJobSummary)
});

// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(76760);
// EXTERNAL MODULE: ./build/src/shared/redact.js
var redact = __webpack_require__(23326);
// EXTERNAL MODULE: ./build/src/report/annotations.js
var annotations = __webpack_require__(35594);
// EXTERNAL MODULE: ./build/src/report/escape.js
var report_escape = __webpack_require__(96209);
;// CONCATENATED MODULE: ./build/src/report/markdown-failure.js


function renderFailureSummary(error) {
    const lines = [
        '## datacompare: error',
        '',
        `💥 **Nothing was compared**: ${(0,report_escape/* sentenceText */.x7)(error.message, 2_000)}`,
        ...(error.hint ? ['', `**What to do**: ${(0,report_escape/* sentenceText */.x7)(error.hint, 1_000)}`] : []),
        ...(error.isUserError
            ? []
            : ['', 'This looks like a bug in datacompare: please report it with the debug log (re-run with debug logging).']),
    ];
    return (0,redact/* redact */.E$)(lines.join('\n')) + '\n';
}
//# sourceMappingURL=markdown-failure.js.map
;// CONCATENATED MODULE: ./build/src/report/markdown-spec-error.js


function renderSpecErrorSummary(error, specFile) {
    const rows = error.problems.map((p) => {
        const where = p.line > 0 ? `line ${p.line}${p.column > 0 ? `, column ${p.column}` : ''}` : '–';
        const fix = p.hint ? (0,report_escape/* sentenceText */.x7)(p.hint, 500, { table: true }) : '';
        return `| ${where} | ${p.path ? (0,report_escape/* codeSpan */.SS)(p.path, { table: true, max: 200 }) : '(file)'} | ${(0,report_escape/* sentenceText */.x7)(p.message, 1_000, { table: true })} | ${fix} |`;
    });
    const count = error.problems.length;
    return ((0,redact/* redact */.E$)([
        '## datacompare: error',
        '',
        `💥 **The spec file ${(0,report_escape/* codeSpan */.SS)(specFile, { max: 300 })} is invalid** (${count === 1 ? '1 problem' : `${count} problems`}); nothing was compared.`,
        '',
        '| Where | Field | Problem | What to do |',
        '| --- | --- | --- | --- |',
        ...rows,
    ].join('\n')) + '\n');
}
//# sourceMappingURL=markdown-spec-error.js.map
// EXTERNAL MODULE: ./build/src/action/annotations.js
var action_annotations = __webpack_require__(82786);
// EXTERNAL MODULE: ./build/src/action/outputs.js
var outputs = __webpack_require__(3406);
// EXTERNAL MODULE: ./build/src/action/workflow-commands.js
var workflow_commands = __webpack_require__(10558);
;// CONCATENATED MODULE: ./build/src/action/publish-early.js
/**
 * What the action publishes when it stops before comparing (a bad spec, a bad input, a missing
 * setting): annotations, the job summary and the outputs. Kept apart from publish.ts so that a bad
 * spec fails without loading the run's renderers and the GitHub client (issue #30).
 */








function describeError(error) {
    return (0,redact/* redact */.E$)(error instanceof Error ? error.message : String(error));
}
/** Appends to the job summary; a missing GITHUB_STEP_SUMMARY (outside Actions) is a warning, not a failure. */
async function writeJobSummary(markdown, logger) {
    try {
        await workflow_commands/* appendSummary */.fe(markdown);
    }
    catch (error) {
        logger.warning(`Could not write the job summary: ${describeError(error)}`);
    }
}
async function publishSpecError(error, options) {
    const specFile = options.specFile || external_node_path_.normalize(options.inputs.spec);
    (0,action_annotations/* emitAnnotations */.K)((0,annotations/* specErrorAnnotations */.eF)(error, { specFile }));
    await writeJobSummary(renderSpecErrorSummary(error, specFile), options.logger);
    (0,outputs/* setOutputs */.n0)({ status: 'error', mismatched: [], failed: [], runIds: [] });
}
/** A run that stopped before comparing (bad input, missing spec, api settings): the summary says why; `status` is error. */
async function publishFailure(error, logger) {
    await writeJobSummary(renderFailureSummary(error), logger);
    (0,outputs/* setOutputs */.n0)({ status: 'error', mismatched: [], failed: [], runIds: [] });
}
//# sourceMappingURL=publish-early.js.map

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

/***/ 35594:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   cL: () => (/* binding */ runAnnotations),
/* harmony export */   eF: () => (/* binding */ specErrorAnnotations)
/* harmony export */ });
/* unused harmony exports ANNOTATIONS_PER_LEVEL, ANNOTATION_MESSAGE_CHARS, capAnnotations */
/* harmony import */ var _escape_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(96209);
/* harmony import */ var _format_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(45845);
/* harmony import */ var _patterns_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(87145);



/** Per level, leaving one error slot for `setFailed`. */
const ANNOTATIONS_PER_LEVEL = 9;
/** GitHub cuts an annotation message at 4,096 characters; we cut first, with an ellipsis. */
const ANNOTATION_MESSAGE_CHARS = 4_096;
function mismatchMessage(c) {
    const s = c.stats;
    const head = (0,_format_js__WEBPACK_IMPORTED_MODULE_1__/* .countsOnly */ .F5)(c)
        ? 'Only the row counts were compared (quick_comparison).'
        : s
            ? `${(0,_format_js__WEBPACK_IMPORTED_MODULE_1__/* .plural */ .LS)((0,_format_js__WEBPACK_IMPORTED_MODULE_1__/* .differingRows */ .y7)(c), 'differing row')}: ${(0,_format_js__WEBPACK_IMPORTED_MODULE_1__/* .count */ .U9)(s.mismatched_rows)} changed, ${(0,_format_js__WEBPACK_IMPORTED_MODULE_1__/* .count */ .U9)(s.only_in_source)} only in source, ${(0,_format_js__WEBPACK_IMPORTED_MODULE_1__/* .count */ .U9)(s.only_in_target)} only in target.`
            : `${(0,_format_js__WEBPACK_IMPORTED_MODULE_1__/* .plural */ .LS)((0,_format_js__WEBPACK_IMPORTED_MODULE_1__/* .differingRows */ .y7)(c), 'differing row')}.`;
    const reasons = c.result?.diff_reasons ?? [];
    const why = (0,_patterns_js__WEBPACK_IMPORTED_MODULE_2__/* .reportedColumns */ .V2)(c.diff).flatMap(([name, m]) => {
        const line = (0,_patterns_js__WEBPACK_IMPORTED_MODULE_2__/* .columnWhyLine */ .Dn)(m);
        return line ? [`Why ${name}: ${line}.`] : [];
    });
    return [head, ...reasons, ...why].join('\n');
}
function comparisonAnnotation(c, level, specFile) {
    let message;
    if (c.status === 'error') {
        const error = c.error ?? { kind: 'internal', message: 'The comparison failed without an error message.' };
        message = `Could not compare (${(0,_format_js__WEBPACK_IMPORTED_MODULE_1__/* .errorKindLabel */ .DC)(error.kind)}): ${error.message}${error.hint ? `\nWhat to do: ${error.hint}` : ''}`;
    }
    else if (c.status === 'mismatch') {
        message = `The data differs. ${mismatchMessage(c)}`;
    }
    else {
        message = `The data differs within the comparison's thresholds. ${mismatchMessage(c)}`;
    }
    const line = c.location && c.location.line > 0 ? c.location.line : undefined;
    return {
        level,
        title: (0,_escape_js__WEBPACK_IMPORTED_MODULE_0__/* .plainText */ .wh)(c.name, 200),
        message: (0,_escape_js__WEBPACK_IMPORTED_MODULE_0__/* .plainText */ .wh)(message, ANNOTATION_MESSAGE_CHARS).replace(/ ↵ /g, '\n'),
        file: specFile,
        ...(line === undefined ? {} : { line }),
    };
}
/** Caps each level at ANNOTATIONS_PER_LEVEL and appends one notice naming what was left out. */
function capAnnotations(annotations, specFile) {
    const kept = [];
    const dropped = { error: 0, warning: 0, notice: 0 };
    const seen = { error: 0, warning: 0, notice: 0 };
    for (const annotation of annotations) {
        if (seen[annotation.level] < ANNOTATIONS_PER_LEVEL) {
            seen[annotation.level]++;
            kept.push(annotation);
        }
        else {
            dropped[annotation.level]++;
        }
    }
    const total = dropped.error + dropped.warning + dropped.notice;
    if (total > 0) {
        const parts = ['error', 'warning', 'notice'].filter((l) => dropped[l] > 0).map((l) => (0,_format_js__WEBPACK_IMPORTED_MODULE_1__/* .plural */ .LS)(dropped[l], l));
        kept.push({ level: 'notice', title: 'datacompare', message: `${(0,_format_js__WEBPACK_IMPORTED_MODULE_1__/* .count */ .U9)(total)} more (${parts.join(', ')}) — see the job summary.`, file: specFile });
    }
    return kept;
}
/**
 * The run's annotations: tool errors (error level), then mismatches (error level when they fail the
 * run under `failOn`, else warnings), then differences within thresholds (notices).
 */
function runAnnotations(run, options) {
    const ordered = (0,_format_js__WEBPACK_IMPORTED_MODULE_1__/* .byImportance */ .G5)(run.comparisons);
    const all = [];
    for (const c of ordered) {
        if (c.status === 'error')
            all.push(comparisonAnnotation(c, 'error', options.specFile));
    }
    for (const c of ordered) {
        if (c.status === 'mismatch')
            all.push(comparisonAnnotation(c, options.failOn === 'mismatch' ? 'error' : 'warning', options.specFile));
    }
    for (const c of ordered) {
        if (c.status === 'match' && c.within_thresholds)
            all.push(comparisonAnnotation(c, 'notice', options.specFile));
    }
    const levelRank = { error: 0, warning: 1, notice: 2 };
    return capAnnotations(all.sort((a, b) => levelRank[a.level] - levelRank[b.level]), options.specFile);
}
/** One error annotation per problem of an invalid spec, at the offending line. */
function specErrorAnnotations(error, options) {
    const all = error.problems.map((problem) => {
        const message = `${problem.path ? `${problem.path}: ` : ''}${problem.message}${problem.hint ? `\nWhat to do: ${problem.hint}` : ''}`;
        return {
            level: 'error',
            title: 'Invalid spec',
            message: (0,_escape_js__WEBPACK_IMPORTED_MODULE_0__/* .plainText */ .wh)(message, ANNOTATION_MESSAGE_CHARS).replace(/ ↵ /g, '\n'),
            file: options.specFile,
            ...(problem.line > 0 ? { line: problem.line } : {}),
        };
    });
    return capAnnotations(all, options.specFile);
}
//# sourceMappingURL=annotations.js.map

/***/ }),

/***/ 96209:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Fj: () => (/* binding */ changedCell),
/* harmony export */   Or: () => (/* binding */ cellValue),
/* harmony export */   Pl: () => (/* binding */ safeUrl),
/* harmony export */   RZ: () => (/* binding */ UNCHANGED_CELL),
/* harmony export */   SS: () => (/* binding */ codeSpan),
/* harmony export */   _b: () => (/* binding */ mermaidLabel),
/* harmony export */   fh: () => (/* binding */ nameText),
/* harmony export */   js: () => (/* binding */ htmlText),
/* harmony export */   ln: () => (/* binding */ inlineText),
/* harmony export */   wh: () => (/* binding */ plainText),
/* harmony export */   x7: () => (/* binding */ sentenceText),
/* harmony export */   xs: () => (/* binding */ MAX_VALUE_CHARS),
/* harmony export */   xv: () => (/* binding */ truncate)
/* harmony export */ });
/* unused harmony exports MAX_TEXT_CHARS, ambiguous */
/* harmony import */ var _shared_redact_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(23326);
/* harmony import */ var _shared_thousands_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(10364);
/* harmony import */ var _shared_characters_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(57003);
/* harmony import */ var _value_diff_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(52061);
/**
 * Making untrusted text safe to place in GitHub markdown: data values, column names, comparison
 * names, error messages. Every such text goes through `inlineText` (or `cellValue` for a data value),
 * which redacts secrets, cuts long text, neutralises @mentions and #refs (so a report never pings a
 * person or links an issue) and turns every character markdown or HTML would interpret into an
 * entity. Pure: strings in, strings out.
 */




/** A zero-width space, written as an entity so a reviewer of the markdown can see it. */
const BREAK = '&#8203;';
const ELLIPSIS = '…';
/** Default cut for a data value in a table cell, in characters (code points). */
const MAX_VALUE_CHARS = 120;
/** Default cut for a sentence (reason, error message). */
const MAX_TEXT_CHARS = 1_000;
/** Characters markdown (or GitHub's extensions) would interpret anywhere in a line: backslash-escaped. */
const ALWAYS_ESCAPED = new Set(['\\', '`', '*', '[', ']', '<', '>', '|', '~', '$']);
const VISIBLE_CONTROL = { '\n': '↵', '\r': '␍', '\t': '⇥' };
/** `text` cut to `max` code points, ending in `…` when cut (only the kept part is copied). */
function truncate(text, max) {
    if (text.length <= max || (0,_shared_characters_js__WEBPACK_IMPORTED_MODULE_1__/* .advance */ .np)(text, 0, max) === text.length)
        return text;
    return text.slice(0, (0,_shared_characters_js__WEBPACK_IMPORTED_MODULE_1__/* .advance */ .np)(text, 0, Math.max(0, max - 1))) + ELLIPSIS;
}
/**
 * Untrusted text as inline markdown that renders literally: redacted, cut to `max` characters,
 * newlines and tabs shown as ↵ ⇥ (a report must show that two values differ by a newline), other
 * control characters dropped, markdown/HTML punctuation as entities, @mentions and #refs broken.
 */
function inlineText(text, max = MAX_TEXT_CHARS) {
    return escapeMarkdown(truncate((0,_shared_redact_js__WEBPACK_IMPORTED_MODULE_0__/* .redact */ .E$)(text), max));
}
const WORD = /[\p{L}\p{N}]/u;
/**
 * Text already redacted and cut, escaped for inline markdown: a backslash before what markdown would
 * interpret (so the raw file stays readable: `created_at`, `a \| b`, `\*\*`), an `_` only where it
 * could start or end emphasis, a list or heading marker only at the start; @mentions, #refs and
 * autolinks broken by a visible zero-width-space entity.
 */
function escapeMarkdown(text, lineStart = true) {
    const chars = Array.from(text);
    let out = '';
    for (let i = 0; i < chars.length; i++) {
        const ch = chars[i];
        const prev = chars[i - 1] ?? '';
        const next = chars[i + 1] ?? '';
        const visible = VISIBLE_CONTROL[ch];
        if (visible !== undefined) {
            out += visible;
        }
        else if (ch < ' ' || ch === '\u007f') {
            out += '';
        }
        else if (ch === '@' && /[A-Za-z0-9]/.test(next)) {
            out += '@' + BREAK; // @someone, @org/team
        }
        else if (ch === '#' && /[0-9]/.test(next)) {
            out += '#' + BREAK; // #123, owner/repo#123
        }
        else if (ALWAYS_ESCAPED.has(ch)) {
            out += `\\${ch}`;
        }
        else if (ch === '_' && !(WORD.test(prev) && WORD.test(next))) {
            out += '\\_'; // created_at is safe as it is; _x_ is emphasis
        }
        else if (ch === '&' && /[#A-Za-z]/.test(next)) {
            out += '\\&'; // &amp; would be read as an entity
        }
        else if (lineStart && i === 0 && (ch === '#' || ch === '-' || ch === '+') && (next === ' ' || next === '')) {
            out += `\\${ch}`; // "- x", "# x" starting a text (a list item) would be a list or a heading
        }
        else if (lineStart && (ch === '.' || ch === ')') && (next === ' ' || next === '') && /^\d{1,9}$/.test(chars.slice(0, i).join(''))) {
            out += `\\${ch}`; // "1. x" starting a text is an ordered list
        }
        else {
            out += ch;
        }
    }
    return out.replace(/:\/\//g, `:/${BREAK}/`).replace(/\bwww\./gi, (w) => `${w.slice(0, 3)}${BREAK}.`); // no autolinks from data
}
/**
 * Untrusted text as a code span (column and table names): redacted, cut, control characters shown,
 * fenced by more backticks than it contains. Nothing inside a code span is markdown, HTML, a mention
 * or a link; only a `|` must be escaped inside a table (GFM splits cells first).
 */
function codeSpan(text, options = {}) {
    let body = Array.from(truncate((0,_shared_redact_js__WEBPACK_IMPORTED_MODULE_0__/* .redact */ .E$)(text), options.max ?? 100))
        .map((ch) => VISIBLE_CONTROL[ch] ?? (ch < ' ' || ch === '\u007f' ? '' : ch))
        .join('');
    if (body === '')
        return '""';
    if (options.table)
        body = body.replace(/\|/g, '\\|');
    const longest = Math.max(0, ...(body.match(/`+/g) ?? []).map((run) => run.length));
    const fence = '`'.repeat(longest + 1);
    const pad = body.startsWith('`') || body.endsWith('`') || (body.startsWith(' ') && body.endsWith(' ')) ? ' ' : '';
    return `${fence}${pad}${body}${pad}${fence}`;
}
/**
 * A sentence from the engine or the service (a reason, a column's details): its `code` parts become
 * code spans, the rest is escaped text. Redacted and cut first.
 */
function sentenceText(text, max = MAX_TEXT_CHARS, options = {}) {
    const whole = truncate((0,_shared_redact_js__WEBPACK_IMPORTED_MODULE_0__/* .redact */ .E$)(text), max);
    let out = '';
    let last = 0;
    for (const match of whole.matchAll(/`([^`\n]+)`/g)) {
        out += escapeMarkdown(whole.slice(last, match.index));
        out += codeSpan(match[1], { max, ...options });
        last = match.index + match[0].length;
    }
    return out + escapeMarkdown(whole.slice(last));
}
/** Untrusted text inside raw HTML (a `<summary>` line, where markdown is not read): entities, mentions broken. */
function htmlText(text, max = 100) {
    const ENTITY = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
    return truncate((0,_shared_redact_js__WEBPACK_IMPORTED_MODULE_0__/* .redact */ .E$)(text), max)
        .replace(/[\u0000-\u001f\u007f\u200b]/g, ' ')
        .replace(/@(?=[A-Za-z0-9])/g, '@\u200b')
        .replace(/#(?=[0-9])/g, '#\u200b')
        .replace(/:\/\//g, ':/\u200b/')
        .replace(/[&<>"']/g, (ch) => ENTITY[ch] ?? ch)
        .replace(/\u200b/g, BREAK);
}
/**
 * A data value for a table cell: NULL is shown as *NULL*, and strings that would look like something
 * else (empty, surrounding spaces, the word NULL) are quoted so two different values never render alike.
 */
function cellValue(value, max = MAX_VALUE_CHARS, whole) {
    if (value === undefined)
        return '';
    if (value === null)
        return '*NULL*';
    if (typeof value !== 'string')
        return inlineText(String(value), max);
    if (whole)
        return markedView((0,_value_diff_js__WEBPACK_IMPORTED_MODULE_2__/* .valueView */ .tr)((0,_shared_redact_js__WEBPACK_IMPORTED_MODULE_0__/* .redact */ .E$)(value), max, whole), false) + wholeLength(whole);
    return ambiguous(value) ? `"${inlineText(value, max)}"` : inlineText(value, max);
}
/** After a value kept only in part: the whole value's length (` <sub>30,000,000 characters</sub>`). */
function wholeLength(whole) {
    return whole ? ` <sub>${(0,_shared_thousands_js__WEBPACK_IMPORTED_MODULE_3__/* .thousands */ .o)(whole.length)} characters</sub>` : '';
}
/** Text that would read as something else unquoted: empty, surrounding spaces, NULL, "unchanged", already quoted. */
function ambiguous(text) {
    return text === '' || text.trim() !== text || /^(null|unchanged|"[\s\S]*")$/i.test(text);
}
/** How an unchanged value of a changed row is shown (never confused with NULL or an empty text). */
const UNCHANGED_CELL = '*unchanged*';
/** A view as markdown: escaped, the differing span in `<mark>`, quoted when the whole value is ambiguous. */
function markedView(v, quote) {
    // (a table cell: no list or heading can start here, and a part's end is not the text's end)
    const body = (0,_value_diff_js__WEBPACK_IMPORTED_MODULE_2__/* .renderView */ .qi)(v, (p) => (p.changed ? `<mark><b>${escapeMarkdown(p.text, false)}</b></mark>` : escapeMarkdown(p.text, false)));
    return quote ? `"${body}"` : body;
}
/**
 * A changed value as `source → target` for a table cell: long values cut around their first
 * difference on both sides, the differing characters in `<mark>` (GitHub renders it highlighted).
 */
function changedCell(source, target, max = MAX_VALUE_CHARS, whole = {}) {
    if (source === undefined || target === undefined || source === null || target === null)
        return `${cellValue(source, max, whole.source)} → ${cellValue(target, max, whole.target)}`;
    const a = (0,_shared_redact_js__WEBPACK_IMPORTED_MODULE_0__/* .redact */ .E$)(String(source));
    const b = (0,_shared_redact_js__WEBPACK_IMPORTED_MODULE_0__/* .redact */ .E$)(String(target));
    const d = (0,_value_diff_js__WEBPACK_IMPORTED_MODULE_2__/* .valueDiff */ .rJ)(a, b, max, whole);
    const quote = (v, text, cut) => typeof v === 'string' && cut === undefined && ambiguous(text);
    return `${markedView(d.source, quote(source, a, whole.source))}${wholeLength(whole.source)} → ${markedView(d.target, quote(target, b, whole.target))}${wholeLength(whole.target)}`;
}
/** A name (comparison, column) in bold-free inline text, cut shorter than values. */
function nameText(name) {
    return inlineText(name, 100);
}
/** Text for a mermaid label (inside double quotes): only letters, digits, spaces and simple punctuation. */
function mermaidLabel(text) {
    return truncate((0,_shared_redact_js__WEBPACK_IMPORTED_MODULE_0__/* .redact */ .E$)(text), 60).replace(/[^\p{L}\p{N} ._()/-]/gu, ' ');
}
/** A link target we are willing to render: http(s) only, no characters that could end the markdown link. */
function safeUrl(url) {
    if (!url)
        return undefined;
    let parsed;
    try {
        parsed = new URL((0,_shared_redact_js__WEBPACK_IMPORTED_MODULE_0__/* .redact */ .E$)(url));
    }
    catch {
        return undefined;
    }
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')
        return undefined;
    parsed.username = '';
    parsed.password = '';
    return parsed.toString().replace(/[()<> "'`|[\]]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);
}
/** Plain text for an annotation or log line (no markdown there): redacted, control characters shown, cut. */
function plainText(text, max) {
    const flat = (0,_shared_redact_js__WEBPACK_IMPORTED_MODULE_0__/* .redact */ .E$)(text).replace(/\r\n|\r|\n/g, ' ↵ ').replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '');
    return truncate(flat, max);
}
//# sourceMappingURL=escape.js.map

/***/ }),

/***/ 45845:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   DC: () => (/* binding */ errorKindLabel),
/* harmony export */   F5: () => (/* binding */ countsOnly),
/* harmony export */   Ff: () => (/* binding */ matchPercent),
/* harmony export */   G5: () => (/* binding */ byImportance),
/* harmony export */   Ju: () => (/* binding */ rowsCompared),
/* harmony export */   LS: () => (/* binding */ plural),
/* harmony export */   Qx: () => (/* binding */ cutValuesOf),
/* harmony export */   Rc: () => (/* binding */ sideText),
/* harmony export */   Rh: () => (/* binding */ statusLabel),
/* harmony export */   Rl: () => (/* binding */ runSeconds),
/* harmony export */   U9: () => (/* binding */ count),
/* harmony export */   as: () => (/* binding */ storedBytesLimit),
/* harmony export */   dW: () => (/* binding */ cutValuesNote),
/* harmony export */   e0: () => (/* binding */ NOT_COMPUTED),
/* harmony export */   eC: () => (/* binding */ rowsNote),
/* harmony export */   p0: () => (/* binding */ duration),
/* harmony export */   tW: () => (/* binding */ STATUS_ICON),
/* harmony export */   y7: () => (/* binding */ differingRows)
/* harmony export */ });
/* harmony import */ var _engine_cut_values_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(89031);
/* harmony import */ var _shared_characters_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(57003);
/* harmony import */ var _shared_thousands_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(10364);



/** 1234567 → "1,234,567" (fixed en-US grouping, so snapshots do not depend on the machine). */
function count(value) {
    if (value === undefined || !Number.isFinite(value))
        return '–';
    return (0,_shared_thousands_js__WEBPACK_IMPORTED_MODULE_1__/* .thousands */ .o)(value);
}
/** Seconds → "850 ms", "3.2 s", "2 min 5 s", "1 h 2 min". */
function duration(seconds) {
    if (seconds === undefined || !Number.isFinite(seconds) || seconds < 0)
        return '–';
    if (seconds < 1)
        return `${Math.round(seconds * 1000)} ms`;
    if (seconds < 60)
        return `${(Math.round(seconds * 10) / 10).toFixed(1)} s`;
    const total = Math.round(seconds);
    if (total < 3600)
        return `${Math.floor(total / 60)} min ${total % 60} s`;
    return `${Math.floor(total / 3600)} h ${Math.floor((total % 3600) / 60)} min`;
}
/** The run's wall-clock time in seconds, from its timestamps (undefined when unreadable). */
function runSeconds(run) {
    const ms = Date.parse(run.finished_at) - Date.parse(run.started_at);
    return Number.isFinite(ms) && ms >= 0 ? ms / 1000 : undefined;
}
const STATUS_ICON = { match: '✅', mismatch: '❌', error: '💥' };
/** "✅ match", "✅ match (within thresholds)", "❌ mismatch", "💥 error". */
function statusLabel(c) {
    if (c.status === 'match' && c.within_thresholds)
        return '✅ match (within thresholds)';
    return `${STATUS_ICON[c.status]} ${c.status}`;
}
/**
 * True for a quick comparison (local mode): only the row counts were computed, so matched, changed
 * and only-in counts are unknown (the stats hold 0 for them) and are shown as "–", never as 0.
 */
function countsOnly(c) {
    return c.plan?.kind === 'quick';
}
/** A row count that was not computed for a counts-only result: "–", as for any unknown count. */
const NOT_COMPUTED = '–';
/** Differing rows in all: the engine's total, else the sum of the stats. */
function differingRows(c) {
    if (c.diff)
        return c.diff.diff_rows_total;
    const s = c.stats;
    return s ? s.mismatched_rows + s.only_in_source + s.only_in_target : 0;
}
/** "1 row" / "2 rows". */
function plural(n, one, many = `${one}s`) {
    return `${count(n)} ${n === 1 ? one : many}`;
}
/** Comparisons in report order of importance: errors, then mismatches (most differing rows first), then the rest. */
function byImportance(comparisons) {
    const rank = { error: 0, mismatch: 1, match: 2 };
    return comparisons
        .map((c, index) => ({ c, index }))
        .sort((a, b) => rank[a.c.status] - rank[b.c.status] || differingRows(b.c) - differingRows(a.c) || a.index - b.index)
        .map(({ c }) => c);
}
/** Human label of an error kind, e.g. "connection error". */
function errorKindLabel(kind) {
    return kind === 'internal' ? 'internal error (a datacompare bug)' : `${kind} error`;
}
/** Rows compared by key: matched + changed + only in source + only in target (undefined for counts only or no stats). */
function rowsCompared(c) {
    const s = c.stats;
    if (!s || countsOnly(c))
        return undefined;
    return s.matched_rows + s.mismatched_rows + s.only_in_source + s.only_in_target;
}
/**
 * The match percentage, matched ÷ rows compared, one decimal ("85.0%"), rounded down so a single
 * differing row never reads 100.0%; "–" when unknown (an error, counts only, no rows).
 */
function matchPercent(c) {
    const compared = rowsCompared(c);
    if (compared === undefined || compared === 0 || c.status === 'error' || !c.stats)
        return '–';
    const percent = Math.floor((c.stats.matched_rows / compared) * 1000) / 10;
    return `${percent.toFixed(1)}%`;
}
/** One side as people name it: "warehouse · sales.orders", "warehouse · query". */
function sideText(side) {
    return `${side.datasource} · ${side.query ? 'query' : (side.dataset ?? '')}`;
}
/**
 * The sentence under a sample of `shown` rows: how many differ, how many were kept and where they
 * are, and what to set to keep more ("Showing 20 of 300 differing rows. 100 of 300 are in
 * `orders.csv` …; set `max_diff_rows` … above 100 to keep more."). Backticks mark code.
 */
function rowsNote(c, shown, hint = {}) {
    const kept = c.diff?.diff_rows.length ?? 0;
    const total = Math.max(c.diff?.diff_rows_total ?? kept, kept);
    const at = hint.at?.(c);
    if (shown >= total)
        return total === 1 ? 'The only differing row.' : `All ${count(total)} differing rows.`;
    const head = `Showing ${count(shown)} of ${plural(total, 'differing row')}.`;
    const nowhere = !at && hint.nowhere ? ` ${hint.nowhere.charAt(0).toUpperCase()}${hint.nowhere.slice(1)}.` : '';
    if (kept >= total)
        return at ? `${head} Every row is in ${at}.` : `${head}${nowhere}`;
    const where = shown >= kept
        ? `The comparison kept ${kept === 1 ? 'only this one' : `these ${count(kept)}`}${at ? ` (also in ${at})` : ''}`
        : at ? `${count(kept)} of ${count(total)} are in ${at}` : `The comparison kept ${count(kept)} of ${count(total)}`;
    // Rows left out for the service's bound on stored bytes: keeping more rows would not help.
    const bytes = c.diff?.diff_rows_max_bytes;
    const more = bytes ? `; ${storedBytesLimit(bytes)}` : hint.more ? `; set ${hint.more} above ${count(kept)} to keep more` : '';
    return `${head} ${where}${more}.${nowhere}`;
}
/** "the service stores at most 16 MiB of differing rows per job". */
function storedBytesLimit(bytes) {
    const size = bytes % (1024 * 1024) === 0 ? `${count(bytes / (1024 * 1024))} MiB` : `${count(bytes)} bytes`;
    return `the service stores at most ${size} of differing rows per job`;
}
/** A diff's cut values by row and field (a row's value kept only in part; engine/cut-values.ts). */
function cutValuesOf(diff) {
    const byCell = new Map((diff?.cut_values ?? []).map((cut) => [`${cut.row}\u0000${cut.field}`, cut]));
    return (row, field) => byCell.get(`${row}\u0000${field}`);
}
/**
 * The sentence under sample rows holding values kept only in part (the first `shown` rows): which,
 * how long each whole value is and its SHA-256, so a reader can check a value of their own against
 * it ("Values longer than 65,536 characters are kept in part … `source_payload` where `id` = 7:
 * 30,000,000 characters, SHA-256 `9f86…`."). Backticks mark code; undefined when nothing was cut.
 */
function cutValuesNote(c, shown, listed = 3) {
    const cuts = (c.diff?.cut_values ?? []).filter((cut) => cut.row < shown);
    if (cuts.length === 0)
        return undefined;
    const keys = c.diff?.primary_key_columns ?? [];
    const where = (cut) => {
        const row = c.diff?.diff_rows[cut.row];
        const value = (k) => String(row?.[k] ?? 'NULL').replace(/`/g, "'");
        const key = keys.map((k) => `\`${k}\` = ${value(k).slice(0, (0,_shared_characters_js__WEBPACK_IMPORTED_MODULE_2__/* .advance */ .np)(value(k), 0, 40))}`).join(', ');
        return `\`${cut.field}\`${key ? ` where ${key}` : ''}: ${plural(cut.length, 'character')}, SHA-256 \`${cut.sha256}\``;
    };
    const more = cuts.length > listed ? `; and ${count(cuts.length - listed)} more (all in the JSON results)` : '';
    return `Values longer than ${count(_engine_cut_values_js__WEBPACK_IMPORTED_MODULE_0__/* .MAX_KEPT_CHARS */ .MB)} characters are kept in part, around their first difference: ${cuts.slice(0, listed).map(where).join('; ')}${more}.`;
}
//# sourceMappingURL=format.js.map

/***/ }),

/***/ 87145:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   B1: () => (/* binding */ columnWhy),
/* harmony export */   Dn: () => (/* binding */ columnWhyLine),
/* harmony export */   J2: () => (/* binding */ mostExamples),
/* harmony export */   Oi: () => (/* binding */ acceptedRowsPhrase),
/* harmony export */   V2: () => (/* binding */ reportedColumns),
/* harmony export */   __: () => (/* binding */ hasPatterns),
/* harmony export */   g8: () => (/* binding */ PATTERNS_LISTED),
/* harmony export */   gC: () => (/* binding */ patternExamples),
/* harmony export */   yT: () => (/* binding */ patternName)
/* harmony export */ });
/* unused harmony exports patternCountPhrase, patternsPhrase */
/* harmony import */ var _format_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(45845);

/** Each kind's name when it has no detail, and how its detail reads when it has one. */
const KIND_WORDS = {
    null_vs_empty: { name: 'NULL vs empty' },
    null: { name: 'NULL on one side' },
    case: { name: 'letter case' },
    whitespace: { name: 'whitespace' },
    leading_zeros: { name: 'leading zeros' },
    encoding: { name: 'encoding (mojibake)' },
    truncated_text: { name: 'truncated text' },
    sign: { name: 'sign flipped' },
    scale: { name: 'scaled', detail: (d) => `scaled ${d}` },
    rounding: { name: 'rounding', detail: (d) => `rounding (${d})` },
    time_shift: { name: 'time shift', detail: (d) => `shifted ${d}` },
    time_precision: { name: 'time precision' },
    boolean_spelling: { name: 'boolean spelling' },
    other: { name: 'other' },
};
/** A detail longer than this (only a hostile or broken service sends one) is cut. */
const MAX_DETAIL_CHARS = 40;
/** How many patterns of one column a phrase lists before "+N more (M rows)", unless told. */
const PATTERNS_LISTED = 5;
/** A kind in words: "rounding (to 2 decimals)", "scaled ×100"; a kind this version does not know, as sent ("new kind (x)"). */
function patternName(pattern) {
    const words = Object.hasOwn(KIND_WORDS, pattern.kind) ? KIND_WORDS[pattern.kind] : undefined;
    const detail = pattern.detail === undefined || pattern.detail === '' ? undefined : Array.from(pattern.detail).slice(0, MAX_DETAIL_CHARS).join('');
    if (!words)
        return `${pattern.kind.replace(/_/g, ' ')}${detail === undefined ? '' : ` (${detail})`}`;
    if (detail === undefined)
        return words.name;
    return words.detail ? words.detail(detail) : `${words.name} (${detail})`;
}
/** One pattern with its count: "31 rounding (to 2 decimals)". */
function patternCountPhrase(pattern) {
    return `${(0,_format_js__WEBPACK_IMPORTED_MODULE_0__/* .count */ .U9)(pattern.rows)} ${patternName(pattern)}`;
}
/** "31 rounding (to 2 decimals), 29 scaled ×100, +3 more (7 rows)": at most `limit` patterns named. */
function patternsPhrase(patterns, limit = PATTERNS_LISTED) {
    const shown = patterns.slice(0, Math.max(1, limit)).map(patternCountPhrase);
    const rest = patterns.slice(Math.max(1, limit));
    if (rest.length > 0)
        shown.push(`+${(0,_format_js__WEBPACK_IMPORTED_MODULE_0__/* .count */ .U9)(rest.length)} more (${(0,_format_js__WEBPACK_IMPORTED_MODULE_0__/* .plural */ .LS)(rest.reduce((sum, p) => sum + p.rows, 0), 'row')})`);
    return shown.join(', ');
}
function columnWhy(column, limit = PATTERNS_LISTED) {
    const from = column.patterns_from;
    return {
        counted: column.patterns && column.patterns.length > 0 ? patternsPhrase(column.patterns, limit) : '',
        accepted: column.accepted && column.accepted.length > 0 ? patternsPhrase(column.accepted, limit) : '',
        from: from ? `from ${(0,_format_js__WEBPACK_IMPORTED_MODULE_0__/* .count */ .U9)(from.rows)} of ${(0,_format_js__WEBPACK_IMPORTED_MODULE_0__/* .plural */ .LS)(from.of, 'row')}` : '',
    };
}
/** The whole why on one line: "31 rounding (to 2 decimals), 23 sign flipped; accepted: 12 time precision (from 100 of 3,000 rows)". */
function columnWhyLine(column, limit = PATTERNS_LISTED) {
    const why = columnWhy(column, limit);
    const parts = [why.counted, why.accepted ? `accepted: ${why.accepted}` : ''].filter((part) => part !== '');
    if (parts.length === 0)
        return '';
    return `${parts.join('; ')}${why.from ? ` (${why.from})` : ''}`;
}
/** The columns a report lists: those with differences that count, and those whose differences were all accepted. */
function reportedColumns(diff) {
    return Object.entries(diff?.mismatched_columns_mapping ?? {}).filter(([, m]) => m.mismatch_count > 0 || (m.accepted?.length ?? 0) > 0);
}
/** Whether any column of a comparison says why it differs. */
function hasPatterns(c) {
    return Object.values(c.diff?.mismatched_columns_mapping ?? {}).some((m) => (m.patterns?.length ?? 0) > 0 || (m.accepted?.length ?? 0) > 0);
}
/** "40 rows differ only in accepted kinds"; '' when no row was accepted. */
function acceptedRowsPhrase(c) {
    const rows = c.stats?.accepted_rows ?? 0;
    return rows > 0 ? `${(0,_format_js__WEBPACK_IMPORTED_MODULE_0__/* .plural */ .LS)(rows, 'row')} ${rows === 1 ? 'differs' : 'differ'} only in accepted kinds` : '';
}
/**
 * Every pattern with a usable example (a kept, changed row holding both values of the column), and
 * the first `limit` of them: each column's most frequent pattern first, then each column's second,
 * and so on (so a short list still covers every column), accepted patterns after the counted ones;
 * the picked ones come back in column order, most rows first.
 */
function patternExamples(diff, limit) {
    if (!diff)
        return { picked: [], available: 0 };
    const usable = (column, pattern) => {
        const index = pattern.example;
        if (index === undefined || !Number.isInteger(index) || index < 0 || index >= diff.diff_rows.length)
            return false;
        const row = diff.diff_rows[index];
        return row?._diff_type === 'changed' && `source_${column}` in row && `target_${column}` in row;
    };
    const columns = Object.entries(diff.mismatched_columns_mapping);
    const perColumn = columns.map(([column, m], order) => ({
        order,
        examples: [
            ...(m.patterns ?? []).map((pattern) => ({ column, pattern, accepted: false })),
            ...(m.accepted ?? []).map((pattern) => ({ column, pattern, accepted: true })),
        ]
            .filter((e) => usable(column, e.pattern))
            .map((e, rank) => ({ ...e, row: e.pattern.example, rank, order })),
    }));
    const all = perColumn.flatMap((c) => c.examples);
    const byRank = [...all].sort((a, b) => Number(a.accepted) - Number(b.accepted) || a.rank - b.rank || a.order - b.order);
    const picked = byRank
        .slice(0, Math.max(0, limit))
        .sort((a, b) => a.order - b.order || a.rank - b.rank)
        .map(({ column, pattern, accepted, row }) => ({ column, pattern, accepted, row }));
    return { picked, available: all.length };
}
/** The most examples any of the comparisons has to show, up to `cap` (0: no comparison has one). */
function mostExamples(comparisons, cap) {
    return Math.min(cap, Math.max(0, ...comparisons.map((c) => patternExamples(c.diff, 0).available)));
}
//# sourceMappingURL=patterns.js.map

/***/ }),

/***/ 52061:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   qi: () => (/* binding */ renderView),
/* harmony export */   rJ: () => (/* binding */ valueDiff),
/* harmony export */   tr: () => (/* binding */ valueView)
/* harmony export */ });
/* unused harmony exports CONTEXT_CHARS, commonEnds */
/* harmony import */ var _shared_characters_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(57003);
/**
 * Where two values differ, for every renderer: the common prefix and suffix of the two texts, the
 * differing span of each side, and a window of at most `max` characters around the first differing
 * position, cut the same way on both sides (`…sit amet end-3` → `…sit amet end-3!`), so a long
 * value that differs at its end never renders as two identical prefixes. Numbers and timestamps are
 * texts here too: `1500375.25` → `1500375.75` marks the `2` and the `7`. Pure.
 *
 * Only the window is ever copied: the ends are found by walking both texts in place (UTF-16 units,
 * never splitting a surrogate pair), so a 200,000,000-character value costs a scan, not an array of
 * its characters. Windows count characters (code points). A value that is itself a part of a longer
 * one (a diff row keeps at most 64 Ki characters: engine/cut-values.ts) is shown as cut where the
 * whole value goes on, with the whole value's length.
 */

/** At least this many characters are kept before the first differing position (half the window when wider). */
const CONTEXT_CHARS = 20;
/** The common prefix and (non-overlapping) common suffix of two texts, in UTF-16 units, never splitting a surrogate pair. */
function commonEnds(a, b) {
    const shorter = Math.min(a.length, b.length);
    const prefix = (0,_shared_characters_js__WEBPACK_IMPORTED_MODULE_0__/* .commonPrefix */ .wF)(a, b);
    let suffix = 0;
    while (suffix < shorter - prefix && a.charCodeAt(a.length - 1 - suffix) === b.charCodeAt(b.length - 1 - suffix))
        suffix++;
    if (suffix > 0 && ((0,_shared_characters_js__WEBPACK_IMPORTED_MODULE_0__/* .insidePair */ .NU)(a, a.length - suffix) || (0,_shared_characters_js__WEBPACK_IMPORTED_MODULE_0__/* .insidePair */ .NU)(b, b.length - suffix)))
        suffix--;
    return { prefix, suffix };
}
function view(text, start, max, changedFrom, changedTo, whole) {
    // The `…` marks count in the window, as in escape.ts's truncate.
    const room = Math.max(1, max - (start > 0 || (whole?.start ?? 0) > 0 ? 1 : 0));
    const fits = (0,_shared_characters_js__WEBPACK_IMPORTED_MODULE_0__/* .advance */ .np)(text, start, room) === text.length;
    const end = fits ? text.length : (0,_shared_characters_js__WEBPACK_IMPORTED_MODULE_0__/* .advance */ .np)(text, start, Math.max(1, room - 1));
    const parts = [];
    const push = (from, to, changed) => {
        const a = Math.max(from, start);
        const b = Math.min(to, end);
        if (b > a)
            parts.push({ text: text.slice(a, b), changed });
    };
    push(0, changedFrom, false);
    push(changedFrom, changedTo, true);
    push(changedTo, text.length, false);
    const length = whole?.length ?? (0,_shared_characters_js__WEBPACK_IMPORTED_MODULE_0__/* .characterCount */ .Dq)(text);
    const after = whole ? whole.length - whole.start - (0,_shared_characters_js__WEBPACK_IMPORTED_MODULE_0__/* .characterCount */ .Dq)(text) : 0;
    return { parts, cutStart: start > 0 || (whole?.start ?? 0) > 0, cutEnd: end < text.length || after > 0, length };
}
/** One value with nothing to compare it to: its first `max` characters. */
function valueView(text, max, whole) {
    return view(text, 0, max, text.length, text.length, whole);
}
/**
 * Both sides of a changed value, each cut to `max` characters around the first differing position
 * (the same start on both sides), with the differing span of each marked. Equal texts, and texts
 * sharing less than half of the shorter one, have no changed part. `whole` places cut values in
 * their whole values (both sides of a diff row are cut at the same start).
 */
function valueDiff(source, target, max, whole = {}) {
    const { prefix, suffix } = commonEnds(source, target);
    const longest = Math.max(source.length, target.length);
    // Start at 0 when the first difference is well inside the window, else some context before it.
    const context = Math.max(CONTEXT_CHARS, Math.floor(max / 2));
    // A difference near the end gets more context before it: the window is filled up to the longer end.
    let start = longest <= max || prefix + context <= max ? 0 : Math.max(0, Math.min(prefix - context, longest - max + 1));
    if ((0,_shared_characters_js__WEBPACK_IMPORTED_MODULE_0__/* .insidePair */ .NU)(source, start))
        start--;
    // Mark a span only where the sides share most of their text (digits, a suffix, a trailing space):
    // marking `pai|d` → `refunde|d` would only add noise.
    const equal = source === target || (prefix + suffix) * 2 < Math.min(source.length, target.length);
    return {
        source: view(source, start, max, equal ? source.length : prefix, equal ? source.length : source.length - suffix, whole.source),
        target: view(target, start, max, equal ? target.length : prefix, equal ? target.length : target.length - suffix, whole.target),
    };
}
/** A view as plain text with `…` where it was cut, each part mapped by `part` (for escaping or marking). */
function renderView(v, part, ellipsis = '…') {
    return `${v.cutStart ? ellipsis : ''}${v.parts.map(part).join('')}${v.cutEnd ? ellipsis : ''}`;
}
//# sourceMappingURL=value-diff.js.map

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

/***/ 10364:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   o: () => (/* binding */ thousands)
/* harmony export */ });
/**
 * 1234567 → "1,234,567": en-US grouping without Intl, so that a run's messages never wait on ICU's
 * start (about 15 ms of a 100k-row comparison's own CPU) and read the same on every machine.
 */
function thousands(value) {
    const digits = typeof value === 'bigint' ? value.toString() : Math.round(value).toString();
    return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}
//# sourceMappingURL=thousands.js.map

/***/ })

};
