export const id = 913;
export const ids = [913];
export const modules = {

/***/ 74913:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   renderComparisonText: () => (/* binding */ renderComparisonText),
/* harmony export */   renderSummaryLine: () => (/* binding */ renderSummaryLine),
/* harmony export */   renderText: () => (/* binding */ renderText),
/* harmony export */   rowNotes: () => (/* binding */ rowNotes)
/* harmony export */ });
/* harmony import */ var _shared_redact_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(23326);
/* harmony import */ var _escape_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(96209);
/* harmony import */ var _patterns_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(87145);
/* harmony import */ var _value_diff_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(52061);
/* harmony import */ var _format_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(45845);





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
        lines.push(indent(paint('2', `${clean((0,_format_js__WEBPACK_IMPORTED_MODULE_3__/* .sideText */ .Rc)(c.sides.source))} → ${clean((0,_format_js__WEBPACK_IMPORTED_MODULE_3__/* .sideText */ .Rc)(c.sides.target))}`)));
    if (showPlan && c.plan) {
        const sent = `${(0,_format_js__WEBPACK_IMPORTED_MODULE_3__/* .count */ .U9)(c.plan.source.rows_sent)} + ${(0,_format_js__WEBPACK_IMPORTED_MODULE_3__/* .count */ .U9)(c.plan.target.rows_sent)} rows sent`;
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
        lines.push(indent(`columns: ${columns.map(([name, m]) => `${clean(name)} ${(0,_format_js__WEBPACK_IMPORTED_MODULE_3__/* .count */ .U9)(m.mismatch_count)}`).join(', ')}`));
    }
    // Under the columns line when there is one (a column whose differences were all accepted has none).
    for (const line of whyLines(c, paint))
        lines.push(indent(columns.length > 0 ? `  ${line}` : line));
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
        const cutOf = (0,_format_js__WEBPACK_IMPORTED_MODULE_3__/* .cutValuesOf */ .Qx)(c.diff);
        shown.forEach((row, index) => lines.push(indent(sampleRow(row, c.diff?.primary_key_columns ?? [], paint, (field) => cutOf(index, field)))));
        if (shown.length < c.diff.diff_rows_total)
            lines.push(indent(paint('2', `… ${(0,_format_js__WEBPACK_IMPORTED_MODULE_3__/* .rowsNote */ .eC)(c, shown.length, rows).replace(/`/g, '')}`)));
        const cuts = (0,_format_js__WEBPACK_IMPORTED_MODULE_3__/* .cutValuesNote */ .dW)(c, shown.length);
        if (cuts)
            lines.push(indent(paint('2', `note: ${clean(cuts.replace(/`/g, ''))}`)));
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
        if ((0,_format_js__WEBPACK_IMPORTED_MODULE_3__/* .matchPercent */ .Ff)(c) !== '–')
            facts.push(`${(0,_format_js__WEBPACK_IMPORTED_MODULE_3__/* .matchPercent */ .Ff)(c)} match`);
        facts.push(`${(0,_format_js__WEBPACK_IMPORTED_MODULE_3__/* .count */ .U9)(s.source_rows)} source rows, ${(0,_format_js__WEBPACK_IMPORTED_MODULE_3__/* .count */ .U9)(s.target_rows)} target rows`);
        const differing = (0,_format_js__WEBPACK_IMPORTED_MODULE_3__/* .differingRows */ .y7)(c);
        if ((0,_format_js__WEBPACK_IMPORTED_MODULE_3__/* .countsOnly */ .F5)(c))
            facts.push('row counts only (values not compared)');
        else if (differing > 0) {
            facts.push(`${(0,_format_js__WEBPACK_IMPORTED_MODULE_3__/* .plural */ .LS)(differing, 'differing row')} (${(0,_format_js__WEBPACK_IMPORTED_MODULE_3__/* .count */ .U9)(s.mismatched_rows)} changed, ${(0,_format_js__WEBPACK_IMPORTED_MODULE_3__/* .count */ .U9)(s.only_in_source)} only in source, ${(0,_format_js__WEBPACK_IMPORTED_MODULE_3__/* .count */ .U9)(s.only_in_target)} only in target)`);
        }
        const accepted = (0,_patterns_js__WEBPACK_IMPORTED_MODULE_2__/* .acceptedRowsPhrase */ .Oi)(c);
        if (accepted)
            facts.push(accepted);
        const duplicates = s.duplicate_keys_source + s.duplicate_keys_target;
        if (duplicates > 0)
            facts.push(`${(0,_format_js__WEBPACK_IMPORTED_MODULE_3__/* .plural */ .LS)(duplicates, 'duplicate key')}`);
        const nullKeys = s.null_keys_source + s.null_keys_target;
        if (nullKeys > 0)
            facts.push(`${(0,_format_js__WEBPACK_IMPORTED_MODULE_3__/* .plural */ .LS)(nullKeys, 'NULL key')}`);
    }
    if (c.result)
        facts.push((0,_format_js__WEBPACK_IMPORTED_MODULE_3__/* .duration */ .p0)(c.result.time_taken));
    return facts.length > 0 ? `${head}  ${paint('2', '·')} ${facts.join(` ${paint('2', '·')} `)}` : head;
}
/** Per column with kinds of difference: "amount — 31 rounding (to 2 decimals), 23 sign flipped; accepted: 12 time precision". */
function whyLines(c, paint) {
    return (0,_patterns_js__WEBPACK_IMPORTED_MODULE_2__/* .reportedColumns */ .V2)(c.diff).flatMap(([name, m]) => {
        const why = (0,_patterns_js__WEBPACK_IMPORTED_MODULE_2__/* .columnWhy */ .B1)(m);
        const accepted = why.accepted ? paint('2', `accepted: ${clean(why.accepted)}`) : '';
        const parts = [why.counted ? clean(why.counted) : '', accepted].filter((part) => part !== '');
        if (parts.length === 0)
            return [];
        return [`${clean(name)} ${paint('2', '—')} ${parts.join('; ')}${why.from ? paint('2', ` (${clean(why.from)})`) : ''}`];
    });
}
function sampleRow(row, keyColumns, paint, cutOf) {
    const key = keyColumns.map((k) => `${clean(k)}=${value(row[k], cutOf(k))}`).join(', ');
    if (row._diff_type === 'only_in_source')
        return `${key}: ${paint('31', 'only in source')}`;
    if (row._diff_type === 'only_in_target')
        return `${key}: ${paint('32', 'only in target')}`;
    const changes = Object.keys(row)
        .filter((name) => name.startsWith('source_') && `target_${name.slice(7)}` in row)
        .map((name) => {
        const column = name.slice(7);
        return `${clean(column)} ${changedValues(row[name], row[`target_${column}`], paint, cutOf(name), cutOf(`target_${column}`))}`;
    });
    return `${key}: ${changes.join('; ')}`;
}
function summaryLine(run, paint) {
    const total = run.comparisons.length;
    const by = (status) => run.comparisons.filter((c) => c.status === status).length;
    const parts = [`${(0,_format_js__WEBPACK_IMPORTED_MODULE_3__/* .count */ .U9)(by('match'))} matched`, `${(0,_format_js__WEBPACK_IMPORTED_MODULE_3__/* .count */ .U9)(by('mismatch'))} differ`, `${(0,_format_js__WEBPACK_IMPORTED_MODULE_3__/* .count */ .U9)(by('error'))} failed`];
    const head = total === 1 ? '1 comparison' : `${(0,_format_js__WEBPACK_IMPORTED_MODULE_3__/* .count */ .U9)(total)} comparisons`;
    const color = STATUS_COLOR[run.status];
    return `\n${paint(color, paint('1', `${run.status.toUpperCase()}`))}: ${head} — ${parts.join(', ')} (${run.mode} mode, ${(0,_format_js__WEBPACK_IMPORTED_MODULE_3__/* .duration */ .p0)((0,_format_js__WEBPACK_IMPORTED_MODULE_3__/* .runSeconds */ .Rl)(run))})`;
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
 * differing characters are bold red (source) and bold green (target), the rest plain. A value kept
 * only in part is followed by its whole length.
 */
function changedValues(source, target, paint, sourceCut, targetCut) {
    if (source === undefined || target === undefined || source === null || target === null) {
        return `${paint('31', value(source, sourceCut))} → ${paint('32', value(target, targetCut))}`;
    }
    const a = (0,_shared_redact_js__WEBPACK_IMPORTED_MODULE_0__/* .redact */ .E$)(String(source));
    const b = (0,_shared_redact_js__WEBPACK_IMPORTED_MODULE_0__/* .redact */ .E$)(String(target));
    const d = (0,_value_diff_js__WEBPACK_IMPORTED_MODULE_4__/* .valueDiff */ .rJ)(a, b, MAX_VALUE_CHARS, { ...(sourceCut ? { source: sourceCut } : {}), ...(targetCut ? { target: targetCut } : {}) });
    const side = (v, text, view, color, cut) => {
        const body = (0,_value_diff_js__WEBPACK_IMPORTED_MODULE_4__/* .renderView */ .qi)(view, (p) => (p.changed ? paint(`1;${color}`, jsonInner(p.text)) : jsonInner(p.text)));
        return `${typeof v === 'string' && !NUMBER.test(text) ? `"${body}"` : body}${wholeLength(cut, paint)}`;
    };
    return `${side(source, a, d.source, '31', sourceCut)} → ${side(target, b, d.target, '32', targetCut)}`;
}
/** After a value kept only in part: its whole length, dimmed. */
function wholeLength(cut, paint = (_code, text) => text) {
    return cut ? paint('2', ` (${(0,_format_js__WEBPACK_IMPORTED_MODULE_3__/* .count */ .U9)(cut.length)} characters)`) : '';
}
/** A data value: text quoted (JSON escapes make control characters and spaces visible); numbers and NULL bare. */
function value(v, cut) {
    if (v === undefined)
        return '?';
    if (v === null)
        return 'NULL';
    if (typeof v === 'string') {
        if (cut)
            return `"${(0,_value_diff_js__WEBPACK_IMPORTED_MODULE_4__/* .renderView */ .qi)((0,_value_diff_js__WEBPACK_IMPORTED_MODULE_4__/* .valueView */ .tr)((0,_shared_redact_js__WEBPACK_IMPORTED_MODULE_0__/* .redact */ .E$)(v), MAX_VALUE_CHARS, cut), (p) => jsonInner(p.text))}"${wholeLength(cut)}`;
        const text = (0,_escape_js__WEBPACK_IMPORTED_MODULE_1__/* .truncate */ .xv)((0,_shared_redact_js__WEBPACK_IMPORTED_MODULE_0__/* .redact */ .E$)(v), MAX_VALUE_CHARS);
        // Decimals arrive as strings (no float rounding); show them as numbers.
        return NUMBER.test(text) ? text : `"${jsonInner(text)}"`;
    }
    return String(v);
}
/** A name or message: redacted, control characters (ANSI escapes) removed. */
function clean(text) {
    return (0,_shared_redact_js__WEBPACK_IMPORTED_MODULE_0__/* .redact */ .E$)(text).replace(/\n/g, ' ').replace(/[\u0000-\u001f\u007f\u009b]/g, '');
}
/** api mode: differing rows that could not be fetched, or fewer kept than asked (one line each). */
function rowNotes(c) {
    const notes = [];
    if (c.diff_rows_unavailable)
        notes.push(`differing rows not fetched from the service: ${clean(c.diff_rows_unavailable)}`);
    if (c.diff_rows_capped) {
        const { kept, requested } = c.diff_rows_capped;
        const why = c.diff?.diff_rows_max_bytes ? `: ${(0,_format_js__WEBPACK_IMPORTED_MODULE_3__/* .storedBytesLimit */ .as)(c.diff.diff_rows_max_bytes)}` : ' (its cap; datacompare serve --max-diff-rows raises it)';
        notes.push(`the service kept ${(0,_format_js__WEBPACK_IMPORTED_MODULE_3__/* .count */ .U9)(kept)} differing rows, fewer than max_diff_rows ${(0,_format_js__WEBPACK_IMPORTED_MODULE_3__/* .count */ .U9)(requested)} asks${why}`);
    }
    return notes;
}
//# sourceMappingURL=text.js.map

/***/ })

};
