export const id = 991;
export const ids = [991];
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

/***/ 9281:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Fi: () => (/* binding */ PATTERN_KINDS),
/* harmony export */   v8: () => (/* binding */ classifyPair),
/* harmony export */   z5: () => (/* binding */ ACCEPTABLE_KINDS)
/* harmony export */ });
/* unused harmony exports MAX_TEXT_PATTERN_LENGTH, parseDecimal */
const PATTERN_KINDS = [
    'null_vs_empty',
    'null',
    'case',
    'whitespace',
    'leading_zeros',
    'encoding',
    'truncated_text',
    'sign',
    'scale',
    'rounding',
    'time_shift',
    'time_precision',
    'boolean_spelling',
    'other',
];
/** The kinds a comparison may accept as equal (`accept`): every kind but `other`, which says nothing. */
const ACCEPTABLE_KINDS = PATTERN_KINDS.filter((kind) => kind !== 'other');
function classOf(family) {
    switch (family) {
        case 'text':
        case 'unknown':
            return 'text';
        case 'integer':
        case 'decimal':
        case 'float':
            return 'number';
        case 'date':
        case 'timestamp':
        case 'timestamptz':
        case 'time':
            return 'time';
        case 'boolean':
            return 'boolean';
        default:
            return 'other';
    }
}
/** Values longer than this are only tested by the text kinds (linear); numbers and times are short. */
const MAX_SCALAR_LENGTH = 200;
/**
 * The kind of one changed pair (`source` and `target` differ). `families`: each side's column family
 * (the declared one, not the family both were normalised as).
 */
function classifyPair(source, target, families) {
    if (source === null || target === null) {
        const other = source ?? target;
        const otherFamily = source === null ? families.target : families.source;
        return other === '' && classOf(otherFamily) === 'text' ? { kind: 'null_vs_empty' } : { kind: 'null' };
    }
    const a = classOf(families.source);
    const b = classOf(families.target);
    if (a === 'text' && b === 'text') {
        const textual = textPattern(source, target);
        if (textual)
            return textual;
    }
    const short = source.length <= MAX_SCALAR_LENGTH && target.length <= MAX_SCALAR_LENGTH;
    if (!short)
        return { kind: 'other' };
    if ((a === 'text' && (b === 'text' || b === 'number')) || (b === 'text' && a === 'number')) {
        if (hasLeadingZeros(source, target))
            return { kind: 'leading_zeros' };
    }
    if (a === 'number' && b === 'number') {
        const numeric = numberPattern(source, target);
        if (numeric)
            return numeric;
    }
    if (a === 'time' && b === 'time') {
        const timed = timePattern(source, target);
        if (timed)
            return timed;
    }
    if (spellsTruth(a, b)) {
        const truthA = truthOf(source);
        if (truthA !== undefined && truthA === truthOf(target))
            return { kind: 'boolean_spelling' };
    }
    return { kind: 'other' };
}
// ───────────────────────────── text ─────────────────────────────
/**
 * Values longer than this are tested for truncated_text only (a comparison in place): case, whitespace
 * and encoding would copy each value several times over, and a value of 200,000,000 characters must
 * not cost gigabytes to be called `other`.
 */
const MAX_TEXT_PATTERN_LENGTH = 4 * 1024 * 1024;
/** case, whitespace, encoding, truncated_text (leading_zeros sits between whitespace and encoding, but never applies to what these do). */
function textPattern(a, b) {
    if (a.length > MAX_TEXT_PATTERN_LENGTH || b.length > MAX_TEXT_PATTERN_LENGTH)
        return a.startsWith(b) || b.startsWith(a) ? { kind: 'truncated_text' } : undefined;
    if (a.toLowerCase() === b.toLowerCase() || a.toUpperCase() === b.toUpperCase())
        return { kind: 'case' };
    if (collapseWhitespace(a) === collapseWhitespace(b))
        return { kind: 'whitespace' };
    if (a.length <= MAX_SCALAR_LENGTH && b.length <= MAX_SCALAR_LENGTH && hasLeadingZeros(a, b))
        return { kind: 'leading_zeros' };
    if (isMisdecoded(a, b) || isMisdecoded(b, a) || lostCharacters(a, b) || lostCharacters(b, a))
        return { kind: 'encoding' };
    if (a.startsWith(b) || b.startsWith(a))
        return { kind: 'truncated_text' };
    return undefined;
}
function collapseWhitespace(text) {
    return text.trim().replace(/\s+/g, ' ');
}
const WINDOWS_1252 = new TextDecoder('windows-1252');
/** `garbled` is `original`'s UTF-8 bytes read as Latin-1 (ISO-8859-1) or Windows-1252. */
function isMisdecoded(original, garbled) {
    if (!/[^\x00-\x7f]/.test(original) || garbled.length <= original.length)
        return false;
    const bytes = Buffer.from(original, 'utf8');
    return bytes.toString('latin1') === garbled || WINDOWS_1252.decode(bytes) === garbled;
}
/** A character a lossy conversion leaves for one it could not represent: `?`, U+FFFD, or a control character. */
const REPLACEMENT = /^[?\ufffd\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]$/;
/**
 * `lossy` is `original` with each non-ASCII character replaced by one replacement character, or by
 * one per byte of its UTF-8 form (a byte-wise conversion), and at least one replaced.
 */
function lostCharacters(original, lossy) {
    if (!/[^\x00-\x7f]/.test(original))
        return false;
    return replacedAlike(original, lossy, false) || replacedAlike(original, lossy, true);
}
/** Walks both texts once, by code point (no copies): ASCII kept, each other character replaced (once, or once per UTF-8 byte). */
function replacedAlike(original, lossy, perByte) {
    let at = 0;
    for (const character of original) {
        const point = character.codePointAt(0);
        const replacements = point > 0x7f ? (perByte ? Buffer.byteLength(character) : 1) : 0;
        if (replacements === 0) {
            if (lossy.codePointAt(at) !== point)
                return false;
            at += 1;
            continue;
        }
        for (let n = 0; n < replacements; n++) {
            const replaced = lossy.codePointAt(at);
            if (replaced === undefined || !REPLACEMENT.test(String.fromCodePoint(replaced)))
                return false;
            at += 1; // every replacement character is one UTF-16 unit
        }
    }
    return at === lossy.length;
}
const NUMBER = /^\s*([+-])?(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?\s*$/;
/** The exact value of a number's text, or undefined when it is not one (NaN, Infinity, words). */
function parseDecimal(text) {
    const match = NUMBER.exec(text);
    if (!match)
        return undefined;
    const [, sign, whole = '', fraction = '', exponentText] = match;
    if (whole === '' && fraction === '')
        return undefined;
    let digits = BigInt(`${whole}${fraction}` || '0');
    let exponent = Number(exponentText ?? 0) - fraction.length;
    if (!Number.isSafeInteger(exponent))
        return undefined;
    if (digits === 0n)
        return { negative: false, digits: 0n, exponent: 0 };
    while (digits % 10n === 0n) {
        digits /= 10n;
        exponent++;
    }
    return { negative: sign === '-', digits, exponent };
}
/** Digits after the point, trailing zeros not counted (2988.3300 has 2). */
function decimalsOf(value) {
    return Math.max(0, -value.exponent);
}
function sameNumber(a, b) {
    return a.negative === b.negative && a.digits === b.digits && a.exponent === b.exponent;
}
/** '00042' against 42 (or '0042.50' against '42.5'): the same number, a text side written with leading zeros. */
function hasLeadingZeros(a, b) {
    if (!/^\s*[+-]?0\d/.test(a) && !/^\s*[+-]?0\d/.test(b))
        return false;
    const x = parseDecimal(a);
    const y = parseDecimal(b);
    return x !== undefined && y !== undefined && sameNumber(x, y);
}
/** sign, scale, rounding. */
function numberPattern(a, b) {
    const x = parseDecimal(a);
    const y = parseDecimal(b);
    if (!x || !y || x.digits === 0n || y.digits === 0n) {
        return x && y && roundsTo(x, y) ? { kind: 'rounding', detail: roundedTo(Math.min(decimalsOf(x), decimalsOf(y))) } : undefined;
    }
    if (x.digits === y.digits && x.exponent === y.exponent && x.negative !== y.negative)
        return { kind: 'sign' };
    if (x.digits === y.digits && x.negative === y.negative && x.exponent !== y.exponent)
        return { kind: 'scale', detail: scaleFactor(y.exponent - x.exponent) };
    if (roundsTo(x, y))
        return { kind: 'rounding', detail: roundedTo(Math.min(decimalsOf(x), decimalsOf(y))) };
    return undefined;
}
function roundedTo(places) {
    return `to ${places} decimal${places === 1 ? '' : 's'}`;
}
/** `×100` (target = source × 100), `÷1000`; `×10^9` beyond a million. */
function scaleFactor(power) {
    const magnitude = Math.abs(power);
    const factor = magnitude <= 6 ? (10 ** magnitude).toString() : `10^${magnitude}`;
    return `${power > 0 ? '×' : '÷'}${factor}`;
}
/** Equal when the one with more decimals is rounded (half away from zero, or half to even) to the other's fewer. */
function roundsTo(x, y) {
    const dx = decimalsOf(x);
    const dy = decimalsOf(y);
    if (dx === dy)
        return false;
    const [finer, coarser] = dx > dy ? [x, y] : [y, x];
    const places = Math.min(dx, dy);
    const drop = decimalsOf(finer) - places;
    if (drop > 1000)
        return false;
    const unit = 10n ** BigInt(drop);
    const quotient = finer.digits / unit;
    const remainder = finer.digits % unit;
    const twice = remainder * 2n;
    // The coarser value as an integer count of 10^-places.
    const target = coarser.digits * 10n ** BigInt(coarser.exponent + places);
    const candidates = new Set();
    candidates.add(twice >= unit ? quotient + 1n : quotient); // half away from zero (magnitudes)
    candidates.add(twice > unit || (twice === unit && quotient % 2n === 1n) ? quotient + 1n : quotient); // half to even
    for (const magnitude of candidates) {
        const negative = magnitude === 0n ? false : finer.negative;
        const coarserNegative = target === 0n ? false : coarser.negative;
        if (magnitude === target && negative === coarserNegative)
            return true;
    }
    return false;
}
const DATE_TIME = /^(-?\d{4,6})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]00(?::?00)?)?$/;
const TIME = /^(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?$/;
const MICROS_PER_MINUTE = 60000000n;
const MICROS_PER_DAY = 86400000000n;
/** The largest offset a time zone has (ISO 8601 and the tz database stay within ±18:00). */
const MAX_SHIFT = 18n * 60n * MICROS_PER_MINUTE;
function parseInstant(text) {
    const time = TIME.exec(text);
    if (time) {
        const [, h, m, s, fraction = ''] = time;
        return { micros: clock(h, m, s, fraction), precision: fraction.replace(/0+$/, '').length, timeOfDay: true };
    }
    const match = DATE_TIME.exec(text);
    if (!match)
        return undefined;
    const [, year, month, day, h, m, s, fraction = ''] = match;
    const date = new Date(0);
    date.setUTCFullYear(Number(year), Number(month) - 1, Number(day)); // Date.UTC would read years 0–99 as 1900–1999
    const days = date.getTime() / 86_400_000;
    if (!Number.isFinite(days))
        return undefined;
    const base = BigInt(days) * MICROS_PER_DAY;
    if (h === undefined)
        return { micros: base, precision: -1, timeOfDay: false };
    return { micros: base + clock(h, m, s, fraction), precision: fraction.replace(/0+$/, '').length, timeOfDay: false };
}
function clock(h, m, s, fraction) {
    const micros = BigInt(fraction.padEnd(6, '0').slice(0, 6));
    return ((BigInt(h) * 60n + BigInt(m)) * 60n + BigInt(s)) * 1000000n + micros;
}
/** time_shift, time_precision. */
function timePattern(a, b) {
    const x = parseInstant(a);
    const y = parseInstant(b);
    if (!x || !y || x.timeOfDay !== y.timeOfDay)
        return undefined;
    let shift = y.micros - x.micros;
    if (x.timeOfDay) {
        // Times of day wrap at midnight: the shorter way round.
        shift = ((shift % MICROS_PER_DAY) + MICROS_PER_DAY) % MICROS_PER_DAY;
        if (shift > MICROS_PER_DAY / 2n)
            shift -= MICROS_PER_DAY;
    }
    if (shift !== 0n && shift % MICROS_PER_MINUTE === 0n && (shift < 0n ? -shift : shift) <= MAX_SHIFT)
        return { kind: 'time_shift', detail: offset(shift) };
    if (x.precision !== y.precision && equalAtCoarser(x, y))
        return { kind: 'time_precision' };
    return undefined;
}
/** `+02:00`, `-05:30`: the target minus the source. */
function offset(shift) {
    const minutes = Number((shift < 0n ? -shift : shift) / MICROS_PER_MINUTE);
    return `${shift < 0n ? '-' : '+'}${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}
/** The finer value cut (truncated or rounded) to the coarser one's precision equals it; a date is midnight's precision. */
function equalAtCoarser(x, y) {
    const [finer, coarser] = x.precision > y.precision ? [x, y] : [y, x];
    const unit = coarser.precision < 0 ? MICROS_PER_DAY : 10n ** BigInt(6 - Math.min(6, coarser.precision));
    const floor = (v) => ((v % unit) + unit) % unit;
    const truncated = finer.micros - floor(finer.micros);
    if (coarser.precision < 0)
        return finer.micros === coarser.micros; // a date against midnight only
    const rounded = truncated + (floor(finer.micros) * 2n >= unit ? unit : 0n);
    return truncated === coarser.micros || rounded === coarser.micros;
}
// ───────────────────────────── booleans ─────────────────────────────
/** Where a truth value may be spelled two ways: a text against a text, a number or a boolean, or a number against a boolean. */
function spellsTruth(a, b) {
    const pair = new Set([a, b]);
    return (pair.has('text') && !pair.has('time') && !pair.has('other')) || (pair.has('number') && pair.has('boolean'));
}
const TRUE = /^(t|true|y|yes|1)$/i;
const FALSE = /^(f|false|n|no|0)$/i;
function truthOf(text) {
    const trimmed = text.trim();
    if (TRUE.test(trimmed))
        return true;
    if (FALSE.test(trimmed))
        return false;
    return undefined;
}
//# sourceMappingURL=value-patterns.js.map

/***/ }),

/***/ 61010:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   oi: () => (/* binding */ DEFAULT_SPEC_PATH),
/* harmony export */   pQ: () => (/* binding */ specSchema)
/* harmony export */ });
/* unused harmony exports sqliteDatasourceSchema, postgresDatasourceSchema, mysqlDatasourceSchema, duckdbDatasourceSchema, csvDatasourceSchema, parquetDatasourceSchema, serviceDatasourceSchema, datasourceSchema, sideSchema, thresholdsSchema, comparisonSchema, dbtModelSchema, dbtSchema */
/* harmony import */ var zod__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(32716);
/* harmony import */ var _engine_value_patterns_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(9281);
/**
 * The spec file's one zod schema: the source of truth for validation, for the TypeScript types and
 * for the committed JSON Schema (schema/data-comparisons.schema.json, generated by `npm run schema`).
 * Field names follow the API document's configuration fields (section 2.2), plus two shorthands
 * (`columns`, `primary_keys`) and our extensions (`tolerance`, `thresholds`, `max_diff_rows`).
 * Cross-field rules (exclusive fields, equal lengths, unique names, known datasources) live in rules.ts.
 */


const nonEmpty = zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP().trim().min(1, 'must not be empty');
const columnList = zod__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(nonEmpty).min(1, 'must list at least one column');
/** Compared columns: an empty list compares the keys only (rows only in one side, duplicates). */
const comparedColumnList = zod__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(nonEmpty);
/** A role that can do more than read is warned about (with the recipe of one that only reads) unless this says it is meant. */
const allowPrivileged = zod__WEBPACK_IMPORTED_MODULE_1__/* .boolean */ .zMY()
    .optional()
    .describe("local mode: true when this data source's role may do more than read (superuser, FILE, write grants…): no warning then (default false: the run warns, with the statements that create a role that only reads)");
/** Name (or UUID) of this data source on the Data Comparison Service; api mode only. Defaults to the key. */
const service = nonEmpty.optional().describe('api mode: the data source name or UUID on the service (default: this entry\'s key)');
const sqliteDatasourceSchema = zod__WEBPACK_IMPORTED_MODULE_1__/* .strictObject */ .rej({
    type: zod__WEBPACK_IMPORTED_MODULE_1__/* .literal */ .euz('sqlite'),
    path: nonEmpty.describe('database file, relative to the spec file\'s repository root, or ":memory:"'),
    service,
})
    .describe('SQLite through Node\'s built-in node:sqlite');
const postgresDatasourceSchema = zod__WEBPACK_IMPORTED_MODULE_1__/* .strictObject */ .rej({
    type: zod__WEBPACK_IMPORTED_MODULE_1__/* .literal */ .euz('postgres'),
    url: nonEmpty.describe('postgres://user:password@host:5432/db (percent-encode @ / ? # % and spaces in the password: @ → %40); use ${VAR} to read a secret from the environment'),
    allow_privileged: allowPrivileged,
    service,
})
    .describe('PostgreSQL through pg');
const mysqlDatasourceSchema = zod__WEBPACK_IMPORTED_MODULE_1__/* .strictObject */ .rej({
    type: zod__WEBPACK_IMPORTED_MODULE_1__/* ["enum"] */ .k5n(['mysql', 'mariadb']),
    url: nonEmpty.describe('mysql://user:password@host:3306/db (percent-encode @ / ? # % and spaces in the password: @ → %40); use ${VAR} to read a secret from the environment'),
    allow_privileged: allowPrivileged,
    service,
})
    .describe('MySQL or MariaDB through mysql2');
const duckdbDatasourceSchema = zod__WEBPACK_IMPORTED_MODULE_1__/* .strictObject */ .rej({
    type: zod__WEBPACK_IMPORTED_MODULE_1__/* .literal */ .euz('duckdb'),
    path: nonEmpty.describe('DuckDB database file (opened read-only), relative to the repository root, or ":memory:"'),
    service,
})
    .describe('DuckDB through @duckdb/node-api (installed on demand by the action)');
const filePath = nonEmpty.describe('a file or a glob (data/*.csv), relative to the repository root; or an s3:// / https:// URL');
// YAML reads an unquoted NULL, Null, ~ or nothing as null, not as the text "NULL".
const nullTextError = (issue) => issue.input === null || (Array.isArray(issue.input) && issue.input.includes(null))
    ? "YAML reads an unquoted NULL (or ~) as no value: quote it, e.g. null_string: 'NULL'"
    : 'must be a text or a list of texts';
const nullText = zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP({ error: nullTextError });
const csvDatasourceSchema = zod__WEBPACK_IMPORTED_MODULE_1__/* .strictObject */ .rej({
    type: zod__WEBPACK_IMPORTED_MODULE_1__/* .literal */ .euz('csv'),
    path: filePath,
    delimiter: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP().min(1).max(4).optional().describe('field separator (default: detected)'),
    header: zod__WEBPACK_IMPORTED_MODULE_1__/* .boolean */ .zMY().optional().describe('the first line names the columns (default: detected)'),
    quote: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP().max(1).optional().describe('quote character (default: detected, usually ")'),
    escape: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP().max(1).optional().describe('escape character inside quotes (default: detected)'),
    null_string: zod__WEBPACK_IMPORTED_MODULE_1__/* .union */ .KCZ([nullText, zod__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(nullText).min(1)], { error: nullTextError })
        .optional()
        .describe('field text(s) read as NULL (default: an empty unquoted field)'),
    column_types: zod__WEBPACK_IMPORTED_MODULE_1__/* .record */ .g1P(nonEmpty, nonEmpty)
        .optional()
        .describe('column name → DuckDB type (BIGINT, DECIMAL(12,2), TIMESTAMP, VARCHAR...) for columns whose type should not be inferred'),
    all_varchar: zod__WEBPACK_IMPORTED_MODULE_1__/* .boolean */ .zMY().optional().describe('read every column as text: no type inference (default false)'),
    thousands: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP().length(1).optional().describe('thousands separator inside numbers, e.g. "," for 1,234.50 (default: none)'),
    decimal_separator: zod__WEBPACK_IMPORTED_MODULE_1__/* ["enum"] */ .k5n(['.', ',']).optional().describe('decimal mark of numbers: "." or "," (default ".")'),
    service,
})
    .describe('CSV file(s) read with DuckDB; the rows are the table named after this data source');
const parquetDatasourceSchema = zod__WEBPACK_IMPORTED_MODULE_1__/* .strictObject */ .rej({
    type: zod__WEBPACK_IMPORTED_MODULE_1__/* .literal */ .euz('parquet'),
    path: filePath,
    service,
})
    .describe('Parquet file(s) read with DuckDB; the rows are the table named after this data source');
/** A data source that exists only on the service (api mode). */
const serviceDatasourceSchema = zod__WEBPACK_IMPORTED_MODULE_1__/* .strictObject */ .rej({
    type: zod__WEBPACK_IMPORTED_MODULE_1__/* .literal */ .euz('service'),
    service,
})
    .describe('api mode only: a data source registered on the Data Comparison Service');
const datasourceSchema = zod__WEBPACK_IMPORTED_MODULE_1__/* .discriminatedUnion */ .gMt('type', [
    sqliteDatasourceSchema,
    postgresDatasourceSchema,
    mysqlDatasourceSchema,
    duckdbDatasourceSchema,
    csvDatasourceSchema,
    parquetDatasourceSchema,
    serviceDatasourceSchema,
]);
const sideSchema = zod__WEBPACK_IMPORTED_MODULE_1__/* .strictObject */ .rej({
    datasource: nonEmpty.describe('a key of `datasources`'),
    dataset: nonEmpty
        .optional()
        .describe('table name, optionally schema-qualified (schema.table); exclusive with query; omit it for a csv/parquet data source'),
    query: nonEmpty.optional().describe('a SELECT whose rows are compared; exclusive with dataset'),
    filter: nonEmpty.optional().describe('SQL WHERE condition applied to this side\'s rows (without the WHERE keyword)'),
});
const thresholdsSchema = zod__WEBPACK_IMPORTED_MODULE_1__/* .strictObject */ .rej({
    max_mismatched_rows: zod__WEBPACK_IMPORTED_MODULE_1__/* .number */ .aig().int().min(0).optional().describe('pass while at most this many rows differ (changed + missing on either side)'),
    max_mismatch_ratio: zod__WEBPACK_IMPORTED_MODULE_1__/* .number */ .aig().min(0).max(1).optional().describe('pass while differing rows / max(source rows, target rows) stays at or below this'),
})
    .describe('beyond the API document: when a mismatch still passes');
/** Options that a comparison may set and that `defaults` may set for every comparison. */
const comparisonOptions = {
    case_sensitive: zod__WEBPACK_IMPORTED_MODULE_1__/* .boolean */ .zMY().optional().describe('string values compare case-sensitively (default false, as in the API document; keys always match exactly)'),
    quick_comparison: zod__WEBPACK_IMPORTED_MODULE_1__/* .boolean */ .zMY().optional().describe('compare row counts only (default false)'),
    schema_diff: zod__WEBPACK_IMPORTED_MODULE_1__/* .boolean */ .zMY().optional().describe('also compare the columns and their types (default false)'),
    max_diff_rows: zod__WEBPACK_IMPORTED_MODULE_1__/* .number */ .aig().int().min(0).max(100_000).optional().describe('how many differing rows to keep as samples (default: the max-diff-rows input, 100)'),
    thresholds: thresholdsSchema.optional(),
    timeout_minutes: zod__WEBPACK_IMPORTED_MODULE_1__/* .number */ .aig().positive().optional().describe('per-comparison time limit'),
    sensitive: zod__WEBPACK_IMPORTED_MODULE_1__/* .union */ .KCZ([zod__WEBPACK_IMPORTED_MODULE_1__/* ["enum"] */ .k5n(['auto', 'none']), zod__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(nonEmpty)])
        .optional()
        .describe('values masked in reports: auto (columns found by name and values; the default), none, or a list of source columns'),
    query_timeout_seconds: zod__WEBPACK_IMPORTED_MODULE_1__/* .number */ .aig()
        .positive()
        .max(86_400)
        .optional()
        .describe('each statement sent to a database is stopped after this many seconds (default 1800); a stuck filter ends as a clear timeout'),
    strategy: zod__WEBPACK_IMPORTED_MODULE_1__/* ["enum"] */ .k5n(['auto', 'join', 'checksum', 'stream'])
        .optional()
        .describe('local mode: force how the diff runs (join: one query, same connection only; checksum: bucket checksums, exact columns only; stream: ordered download and merge); auto (default) lets the planner choose'),
    precision: zod__WEBPACK_IMPORTED_MODULE_1__/* ["enum"] */ .k5n(['common', 'strict'])
        .optional()
        .describe('local mode: timestamps and times of different precisions compare at the lower one (common, the default; the result says so) or at the higher one, so fractions one side dropped are differences (strict)'),
    accept: zod__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_1__/* ["enum"] */ .k5n(_engine_value_patterns_js__WEBPACK_IMPORTED_MODULE_0__/* .ACCEPTABLE_KINDS */ .z5, { error: `must be one of ${_engine_value_patterns_js__WEBPACK_IMPORTED_MODULE_0__/* .ACCEPTABLE_KINDS */ .z5.join(', ')}` }))
        .min(1)
        .optional()
        .describe('kinds of difference that count as equal for the verdict and the thresholds, still reported as accepted with their counts (e.g. [time_precision, whitespace])'),
};
const comparisonSchema = zod__WEBPACK_IMPORTED_MODULE_1__/* .strictObject */ .rej({
    name: nonEmpty.describe('unique name, shown in every report'),
    comparison_id: zod__WEBPACK_IMPORTED_MODULE_1__/* .uuid */ .uRe().optional().describe('api mode: execute this comparison stored on the service'),
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
    tolerance: zod__WEBPACK_IMPORTED_MODULE_1__/* .record */ .g1P(nonEmpty, zod__WEBPACK_IMPORTED_MODULE_1__/* .number */ .aig().min(0))
        .optional()
        .describe('beyond the API document: per source column, numeric values within this absolute difference are equal'),
    compare_as: zod__WEBPACK_IMPORTED_MODULE_1__/* .record */ .g1P(nonEmpty, zod__WEBPACK_IMPORTED_MODULE_1__/* ["enum"] */ .k5n(['list', 'set', 'json', 'text']))
        .optional()
        .describe('local mode: per source column, how it is compared: list (members in order) or set (members in any order) for arrays, SETs and JSON arrays (text is read as a JSON array), json by value, text as written'),
    ...comparisonOptions,
});
/** Per-model overrides under `dbt.models` (keyed by model name, or package.name). */
const dbtModelSchema = zod__WEBPACK_IMPORTED_MODULE_1__/* .strictObject */ .rej({
    primary_keys: columnList.optional().describe('key columns of this model (wins over every key found in the manifest)'),
    tolerance: zod__WEBPACK_IMPORTED_MODULE_1__/* .record */ .g1P(nonEmpty, zod__WEBPACK_IMPORTED_MODULE_1__/* .number */ .aig().min(0)).optional().describe('per column, numeric values within this absolute difference are equal'),
    exclude_columns: columnList.optional().describe('columns left out of the comparison'),
    case_sensitive: zod__WEBPACK_IMPORTED_MODULE_1__/* .boolean */ .zMY().optional().describe('string values compare case-sensitively'),
});
/** dbt pull requests: the comparisons are derived from two manifests (see src/dbt/). */
const dbtSchema = zod__WEBPACK_IMPORTED_MODULE_1__/* .strictObject */ .rej({
    datasource: nonEmpty.describe("a key of `datasources`: where the pull request's models are built"),
    manifest: nonEmpty.default('target/manifest.json').describe("this pull request's manifest.json (the dbt-manifest input overrides it)"),
    base_manifest: nonEmpty
        .optional()
        .describe("production's manifest.json, the dbt \"state\" (the dbt-base-manifest input overrides it)"),
    base_datasource: nonEmpty.optional().describe("a key of `datasources`: where production's models live (default: datasource)"),
    select: zod__WEBPACK_IMPORTED_MODULE_1__/* ["enum"] */ .k5n(['modified', 'modified+']).default('modified+').describe('modified: changed models only; modified+: and every model downstream'),
    exclude: zod__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(nonEmpty).default([]).describe('models left out: names, globs (legacy_*), tag:X, path:X'),
    models: zod__WEBPACK_IMPORTED_MODULE_1__/* .record */ .g1P(nonEmpty, dbtModelSchema).default({}).describe('per-model overrides, keyed by model name'),
})
    .describe('beyond the API document: diff the models a dbt pull request changed against production');
const specSchema = zod__WEBPACK_IMPORTED_MODULE_1__/* .strictObject */ .rej({
    version: zod__WEBPACK_IMPORTED_MODULE_1__/* .literal */ .euz(1).describe('spec format version; always 1'),
    datasources: zod__WEBPACK_IMPORTED_MODULE_1__/* .record */ .g1P(nonEmpty, datasourceSchema).default({}).describe('named connections; comparisons refer to them by name'),
    defaults: zod__WEBPACK_IMPORTED_MODULE_1__/* .strictObject */ .rej(comparisonOptions).optional().describe('options applied to every comparison unless it sets its own'),
    comparisons: zod__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(comparisonSchema).min(1, 'must list at least one comparison').optional().describe('the comparisons to run, in this order (required unless `dbt` is set)'),
    dbt: dbtSchema.optional(),
});
const DEFAULT_SPEC_PATH = '.github/data-comparisons.yml';
//# sourceMappingURL=schema.js.map

/***/ })

};
