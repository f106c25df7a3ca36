export const id = 568;
export const ids = [568];
export const modules = {

/***/ 18568:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  actionRowsHint: () => (/* binding */ actionRowsHint),
  plannedCsvNames: () => (/* binding */ plannedCsvNames),
  writeReportFiles: () => (/* binding */ writeReportFiles)
});

// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(51455);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(76760);
// EXTERNAL MODULE: ./build/src/engine/cut-values.js
var cut_values = __webpack_require__(89031);
// EXTERNAL MODULE: ./build/src/shared/redact.js
var redact = __webpack_require__(23326);
;// CONCATENATED MODULE: ./build/src/report/csv.js


const FORMULA_START = /^[=+\-@\t\r]/;
/** A source_/target_ field of a changed row whose column did not change. */
const UNCHANGED_FIELD = '(unchanged)';
const PLAIN_NUMBER = /^[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$/;
function field(value) {
    if (value === undefined || value === null)
        return '';
    if (typeof value !== 'string')
        return String(value);
    let text = (0,redact/* redact */.E$)(value);
    if ((FORMULA_START.test(text) && !PLAIN_NUMBER.test(text)) || text === UNCHANGED_FIELD)
        text = `'${text}`;
    return text === '' || /[",\r\n]/.test(text) || text.trim() !== text ? `"${text.replace(/"/g, '""')}"` : text;
}
function headerField(name) {
    return field(name);
}
/** Columns in a stable, readable order: keys, `_diff_type`, then source_/target_ pairs per column, then anything else. */
function csvColumns(c) {
    const present = new Set();
    for (const row of c.diff?.diff_rows ?? [])
        for (const name of Object.keys(row))
            present.add(name);
    return csvColumnsOf(c.diff ?? {}, present);
}
/**
 * The columns for a diff's keys and compared columns and the fields its rows hold (`present`, gathered
 * a page at a time when the rows are streamed).
 */
function csvColumnsOf(diff, present) {
    const keys = diff.primary_key_columns ?? [];
    const columns = [...keys, '_diff_type'];
    const compared = [...Object.keys(diff.mismatched_columns_mapping ?? {}), ...Object.keys(diff.column_mapping ?? {})];
    for (const name of present) {
        const match = /^(source|target)_(.+)$/.exec(name);
        if (match?.[2] !== undefined && !keys.includes(name) && !compared.includes(match[2]))
            compared.push(match[2]);
    }
    for (const name of compared) {
        if (keys.includes(name))
            continue;
        for (const side of ['source', 'target']) {
            const field = `${side}_${name}`;
            if (present.has(field) && !columns.includes(field))
                columns.push(field);
        }
    }
    for (const name of present)
        if (!columns.includes(name))
            columns.push(name);
    return columns;
}
/** The header line (CRLF-terminated). */
function csvHeader(columns) {
    return `${columns.map(headerField).join(',')}\r\n`;
}
/** One row's line (CRLF-terminated); a value longer than 64 Ki characters is cut first (engine/cut-values.ts). */
function csvLine(row, columns, keys) {
    const bounded = (0,cut_values/* cutRow */.tC)(row, 0).row;
    const fields = columns.map((name) => {
        const unchanged = bounded._diff_type === 'changed' && !keys.includes(name) && /^(source|target)_./.test(name) && !(name in bounded);
        return unchanged ? UNCHANGED_FIELD : field(bounded[name]);
    });
    return `${fields.join(',')}\r\n`;
}
/** The comparison's differing rows as CSV text (a header line even when there are none). */
function renderCsv(c) {
    const columns = csvColumns(c);
    const keys = c.diff?.primary_key_columns ?? [];
    return csvHeader(columns) + (c.diff?.diff_rows ?? []).map((row) => csvLine(row, columns, keys)).join('');
}
/** Safe, unique file names (`orders.csv`, `orders-2.csv`) for the comparisons, in order. */
function csvFileNames(names) {
    const used = new Set();
    return names.map((name, index) => {
        let base = name
            .normalize('NFKD')
            .replace(/[^A-Za-z0-9._-]+/g, '-')
            .replace(/^[-.]+|[-.]+$/g, '')
            .slice(0, 80);
        if (base === '' || /^(con|prn|aux|nul|com\d|lpt\d)$/i.test(base))
            base = `comparison-${index + 1}`;
        let candidate = base;
        for (let n = 2; used.has(candidate.toLowerCase()); n++)
            candidate = `${base}-${n}`;
        used.add(candidate.toLowerCase());
        return `${candidate}.csv`;
    });
}
//# sourceMappingURL=csv.js.map
;// CONCATENATED MODULE: ./build/src/report/json.js


/** The model's field order for the objects we know; other keys follow in their own order. */
const ORDER = [
    'version', 'name', 'status', 'mode', 'started_at', 'finished_at', 'comparisons',
    'location', 'file', 'line', 'column', 'sides', 'datasource', 'dataset', 'query',
    'result', 'diff_status', 'diff_reasons', 'time_taken',
    'within_thresholds', 'error', 'kind', 'message', 'hint',
    'stats', 'source_rows', 'target_rows', 'matched_rows', 'mismatched_rows', 'only_in_source', 'only_in_target',
    'duplicate_keys_source', 'duplicate_keys_target', 'null_keys_source', 'null_keys_target', 'accepted_rows',
    'plan', 'reason', 'source', 'target', 'rows_sent', 'bytes_sent',
    'service', 'comparison_id', 'run_id', 'task_id', 'url', 'diff_rows_unavailable', 'diff_rows_capped', 'requested', 'kept',
    'schema_diff', 'type_mismatches', 'source_column', 'target_column', 'source_type', 'target_type', 'type',
    'diff', 'primary_key_columns', 'column_mapping', 'mismatched_columns_mapping', 'mismatch_count', 'details',
    'patterns', 'accepted', 'patterns_from', 'rows', 'of', 'detail', 'example', 'compared_as',
    'diff_rows_total', 'truncated', 'diff_rows_max_bytes', 'cut_values', 'diff_rows',
];
const RANK = new Map(ORDER.map((key, index) => [key, index]));
/** Objects whose keys are data (column names), not fields: keep their order as produced. */
const DATA_KEYED = new Set(['column_mapping', 'mismatched_columns_mapping', 'compared_as', 'diff_rows']);
function normalise(value, dataKeyed) {
    if (typeof value === 'string')
        return (0,redact/* redact */.E$)(value);
    if (Array.isArray(value))
        return value.map((item) => normalise(item, dataKeyed));
    if (value === null || typeof value !== 'object')
        return value;
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    if (!dataKeyed) {
        entries.sort(([a], [b]) => (RANK.get(a) ?? ORDER.length) - (RANK.get(b) ?? ORDER.length));
    }
    return Object.fromEntries(entries.map(([key, v]) => [dataKeyed ? (0,redact/* redact */.E$)(key) : key, normalise(v, DATA_KEYED.has(key) && !dataKeyed ? true : false)]));
}
/** The run as results.json: every value over 64 Ki characters cut and listed in its diff's `cut_values`. */
function renderJson(run) {
    const bounded = { ...run, comparisons: run.comparisons.map((c) => (c.diff ? { ...c, diff: (0,cut_values/* boundDiff */.Qf)(c.diff) } : c)) };
    return JSON.stringify(normalise(bounded, false), null, 2) + '\n';
}
//# sourceMappingURL=json.js.map
;// CONCATENATED MODULE: ./build/src/action/report-files.js
/**
 * The report files in `report-dir`: results.json (the run), summary.md (the whole job summary, with
 * no size budget) and one CSV per comparison with every differing row the engine kept.
 */




/** Where the action puts a comparison's rows and which setting keeps more, in action users' terms. */
function actionRowsHint(csvOf) {
    return {
        at: (c) => {
            const csv = csvOf(c);
            return csv ? `\`${csv}\` in the \`report-dir\` folder` : undefined;
        },
        more: '`max_diff_rows` in the spec (or the `max-diff-rows` input)',
    };
}
/** The CSV file name of each comparison, by position (for "every row is in …" hints). */
function plannedCsvNames(run) {
    return csvFileNames(run.comparisons.map((c) => c.name));
}
async function writeReportFiles(run, options) {
    const dir = external_node_path_.resolve(options.dir);
    await (0,promises_.mkdir)(dir, { recursive: true });
    const json = external_node_path_.join(dir, 'results.json');
    const summary = external_node_path_.join(dir, 'summary.md');
    await (0,promises_.writeFile)(json, renderJson(run), 'utf8');
    await (0,promises_.writeFile)(summary, options.fullSummary, 'utf8');
    const csv = new Map();
    const names = plannedCsvNames(run);
    for (const [index, comparison] of run.comparisons.entries()) {
        const name = names[index];
        if (name === undefined || comparison.status === 'error')
            continue;
        const file = external_node_path_.join(dir, name);
        await (0,promises_.writeFile)(file, renderCsv(comparison), 'utf8');
        csv.set(comparison.name, file);
    }
    return { dir, json, summary, csv };
}
//# sourceMappingURL=report-files.js.map

/***/ })

};
