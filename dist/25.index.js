export const id = 25;
export const ids = [25];
export const modules = {

/***/ 36576:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   XS: () => (/* binding */ schemaReasons),
/* harmony export */   _m: () => (/* binding */ rowReasons),
/* harmony export */   iG: () => (/* binding */ diffDetails),
/* harmony export */   jo: () => (/* binding */ caseFoldingNotes),
/* harmony export */   np: () => (/* binding */ acceptedNotes),
/* harmony export */   q_: () => (/* binding */ precisionNotes),
/* harmony export */   uZ: () => (/* binding */ caseFoldingNotesOf),
/* harmony export */   uk: () => (/* binding */ differingRowCount),
/* harmony export */   wp: () => (/* binding */ comparedAs),
/* harmony export */   x7: () => (/* binding */ decideStatus)
/* harmony export */ });
/* unused harmony export comparedAsMap */
const plural = (n, one, many) => `${n} ${n === 1 ? one : many}`;
/** "table `legacy.orders`" style name used in sentences. */
function where(side) {
    return side.definition.query ? `the ${side.role} query` : `${side.role} (${side.shortName})`;
}
function rowReasons(outcome, resolved, source, target) {
    const { stats } = outcome;
    const reasons = [];
    if (stats.only_in_source > 0)
        reasons.push(`${plural(stats.only_in_source, 'row exists', 'rows exist')} only in the ${where(source)}.`);
    if (stats.only_in_target > 0)
        reasons.push(`${plural(stats.only_in_target, 'row exists', 'rows exist')} only in the ${where(target)}.`);
    resolved.columns.forEach((pair, j) => {
        const count = outcome.columnMismatches[j] ?? 0;
        if (count === 0)
            return;
        const tolerance = pair.tolerance !== undefined ? ` (beyond the tolerance of ${pair.tolerance})` : '';
        reasons.push(`${count === 1 ? '1 row has a different value' : `${count} rows have different values`} in column \`${pair.source}\`${tolerance}.`);
    });
    const keyNames = resolved.keys.map((k) => k.source).join(', ');
    for (const [side, count, examples] of [
        [source, stats.duplicate_keys_source, outcome.duplicates.source],
        [target, stats.duplicate_keys_target, outcome.duplicates.target],
    ]) {
        for (const example of examples)
            reasons.push(`Key (${keyNames}) = ${formatKey(example)} occurs ${times(example.count)} in the ${side.role}.`);
        if (count > examples.length) {
            reasons.push(`${plural(count - examples.length, 'more key occurs', 'more keys occur')} more than once in the ${side.role}.`);
        }
    }
    if (stats.duplicate_keys_source + stats.duplicate_keys_target > 0) {
        reasons.push('Rows with a duplicated key are not compared (it is ambiguous which rows correspond); make the key unique or choose another primary key.');
    }
    for (const [side, count] of [
        [source, stats.null_keys_source],
        [target, stats.null_keys_target],
    ]) {
        if (count > 0)
            reasons.push(`${plural(count, 'row', 'rows')} in the ${side.role} ${count === 1 ? 'has' : 'have'} NULL in a key column (${keyNames}) and cannot be matched.`);
    }
    return reasons;
}
function formatKey(example) {
    const parts = example.key.map((v) => (typeof v === 'string' ? `'${v}'` : String(v)));
    return parts.length === 1 ? (parts[0] ?? '') : `(${parts.join(', ')})`;
}
function times(count) {
    return count === 2 ? 'twice' : `${count} times`;
}
function schemaReasons(diff) {
    return [
        ...diff.only_in_source.map((c) => `Column \`${c.name}\` (${c.type}) exists only in the source.`),
        ...diff.only_in_target.map((c) => `Column \`${c.name}\` (${c.type}) exists only in the target.`),
        ...diff.type_mismatches.map((m) => `Column \`${m.source_column}\` is ${m.source_type} in the source but \`${m.target_column}\` is ${m.target_type} in the target${m.compared_as ? ` (compared as ${m.compared_as})` : ''}.`),
    ];
}
function diffDetails(outcome, resolved) {
    const mapping = {};
    resolved.columns.forEach((pair, j) => {
        const count = outcome.columnMismatches[j] ?? 0;
        const kinds = outcome.columnPatterns?.[j];
        const accepted = kinds?.accepted ?? [];
        const acceptedRows = accepted.reduce((sum, pattern) => sum + pattern.rows, 0);
        if (count === 0 && acceptedRows === 0)
            return;
        const compared = `${pair.source}${pair.target !== pair.source ? ` ↔ ${pair.target}` : ''}`;
        const how = pair.tolerance !== undefined ? `numerically, tolerance ${pair.tolerance}` : pair.family === 'text' && !pair.normalize.caseSensitive ? 'case-insensitively' : `as ${articled(comparedAs(pair))}`;
        const present = outcome.stats.matched_rows + outcome.stats.mismatched_rows;
        const also = acceptedRows === 0 ? '' : ` ${plural(acceptedRows, 'more row differs', 'more rows differ')} only in accepted ways (${accepted.map((p) => p.kind).join(', ')}) and ${acceptedRows === 1 ? 'counts' : 'count'} as equal.`;
        const details = count > 0 ? `${count} of ${present} rows present on both sides differ in ${compared} (compared ${how}).${also}` : `${plural(acceptedRows, 'row', 'rows')} of ${present} present on both sides ${acceptedRows === 1 ? 'differs' : 'differ'} in ${compared} only in accepted ways (${accepted.map((p) => p.kind).join(', ')}) and ${acceptedRows === 1 ? 'counts' : 'count'} as equal.`;
        mapping[pair.source] = {
            mismatch_count: count,
            details,
            ...(kinds ? { patterns: kinds.patterns } : {}),
            ...(accepted.length > 0 ? { accepted } : {}),
        };
    });
    const total = outcome.stats.mismatched_rows + outcome.stats.only_in_source + outcome.stats.only_in_target;
    return {
        primary_key_columns: resolved.keys.map((k) => k.source),
        column_mapping: Object.fromEntries([...resolved.keys, ...resolved.columns].map((p) => [p.source, p.target])),
        mismatched_columns_mapping: mapping,
        compared_as: comparedAsMap(resolved),
        diff_rows: outcome.samples,
        diff_rows_total: total,
        truncated: outcome.samples.length < total,
        ...(outcome.cuts && outcome.cuts.length > 0 ? { cut_values: outcome.cuts } : {}),
    };
}
/**
 * What counted as equal although it differs: rows whose every difference is of a kind the comparison
 * accepts (`accept`), with the kinds; empty when nothing was accepted.
 */
function acceptedNotes(outcome) {
    const rows = outcome.stats.accepted_rows ?? 0;
    if (rows === 0)
        return [];
    const kinds = [...new Set((outcome.columnPatterns ?? []).flatMap((column) => column.accepted.map((pattern) => pattern.kind)))];
    return [`${plural(rows, 'row differs', 'rows differ')} only in kinds of difference the comparison accepts (${kinds.join(', ')}), so ${rows === 1 ? 'it counts' : 'they count'} as equal; each column's accepted differences are listed with their counts.`];
}
/**
 * What the comparison could not see: each timestamp or time column compared at fewer fraction digits
 * than one side holds (fractions dropped on that side count as equal), with the setting that counts
 * them. Empty under `precision: strict` (then they are compared at the higher precision).
 */
function precisionNotes(resolved) {
    return [...resolved.keys, ...resolved.columns].flatMap((pair) => {
        const compared = pair.normalize.precision;
        if (compared === undefined)
            return [];
        const sides = [
            ['source', pair.sourceType],
            ['target', pair.targetType],
        ];
        const finer = sides.filter(([, type]) => (type.precision ?? 6) > compared);
        if (finer.length === 0)
            return [];
        const [role, type] = finer[0];
        const other = sides.find(([r]) => r !== role)[1];
        return [
            `Column \`${pair.source}\` was compared at ${FRACTIONS[compared] ?? `${compared} fraction digits`}: ${type.type} in the ${role} holds ${FRACTIONS[type.precision ?? 6]} that ${other.type} in the ${role === 'source' ? 'target' : 'source'} drops, so values differing only there count as equal. Set \`precision: strict\` to count them as differences.`,
        ];
    });
}
/**
 * What else could count as equal: text columns (and collections of text) compared case-insensitively
 * (`case_sensitive: false`, the default), where values differing only in letter case match. Keys are
 * always exact; a trailing space, an accent or a collation never makes two texts equal.
 */
function caseFoldingNotes(resolved) {
    return caseFoldingNotesOf(resolved.columns.map((pair) => [pair.source, comparedAs(pair)]));
}
/** The same note from the compared (non-key) columns and how each was compared (`compared_as`): api mode's diff details. */
function caseFoldingNotesOf(compared) {
    const folded = compared.filter(([, how]) => how.endsWith(', case-insensitive')).map(([name]) => `\`${name}\``);
    if (folded.length === 0)
        return [];
    const columns = folded.length === 1 ? `Column ${folded[0]} was` : `Columns ${folded.slice(0, -1).join(', ')} and ${folded.at(-1)} were`;
    return [
        `${columns} compared case-insensitively (\`case_sensitive\` is false, the default): values differing only in letter case count as equal. Set \`case_sensitive: true\` to count them as differences.`,
    ];
}
/** Every compared column (keys first) by source name → how it was compared (`comparedAs`). */
function comparedAsMap(resolved) {
    return Object.fromEntries([...resolved.keys, ...resolved.columns].map((pair) => [pair.source, comparedAs(pair)]));
}
const FRACTIONS = ['whole seconds', 'tenths of a second', 'hundredths of a second', 'milliseconds', '4 fraction digits', '5 fraction digits', 'microseconds'];
const NAMES = { json: 'JSON', list: 'list', set: 'set', timestamptz: 'timestamp with time zone' };
/**
 * How a column pair is compared, in a few words the reports show: `set`, `list`, `JSON`, `text`,
 * `text, case-insensitive`, `decimal at scale 2`, `timestamp at whole seconds`, `number within 0.01`.
 * The precision or scale is named where it is not the full one (or the sides declare different ones).
 */
function comparedAs(pair) {
    if (pair.tolerance !== undefined)
        return `number within ${pair.tolerance}`;
    const name = NAMES[pair.family] ?? pair.family;
    const { normalize } = pair;
    if (pair.family === 'text' || pair.family === 'unknown')
        return normalize.caseSensitive ? 'text' : 'text, case-insensitive';
    if (pair.family === 'list' || pair.family === 'set') {
        const member = normalize.member;
        const detail = member && member.family !== 'text' && member.family !== 'unknown' ? ` of ${NAMES[member.family] ?? member.family}` : member && !member.options.caseSensitive ? ', case-insensitive' : '';
        return `${name}${detail}`;
    }
    if (normalize.precision !== undefined) {
        const differ = (pair.sourceType.precision ?? 6) !== (pair.targetType.precision ?? 6);
        if (normalize.precision < 6 || differ)
            return `${name} at ${FRACTIONS[normalize.precision] ?? `${normalize.precision} fraction digits`}`;
    }
    if (normalize.scale !== undefined && pair.sourceType.scale !== pair.targetType.scale)
        return `${name} at scale ${normalize.scale}`;
    if (normalize.singlePrecision)
        return `${name} at single precision`;
    return name;
}
function articled(phrase) {
    return /^(set|list)\b/.test(phrase) ? `a ${phrase}` : phrase;
}
/** Rows counted against the thresholds: differing rows plus rows with duplicated or NULL keys. */
function differingRowCount(stats) {
    return (stats.mismatched_rows +
        stats.only_in_source +
        stats.only_in_target +
        stats.duplicate_keys_source +
        stats.duplicate_keys_target +
        stats.null_keys_source +
        stats.null_keys_target);
}
/** `status` and `within_thresholds` of a result: thresholds can let row differences pass, never schema differences. */
function decideStatus(definition, diffStatus, stats, schemaDiffers) {
    if (diffStatus === 'MATCH')
        return { status: 'match' };
    const { maxMismatchedRows, maxMismatchRatio } = definition.thresholds;
    if (schemaDiffers || (maxMismatchedRows === undefined && maxMismatchRatio === undefined))
        return { status: 'mismatch' };
    const differing = differingRowCount(stats);
    const ratio = differing / Math.max(stats.source_rows, stats.target_rows, 1);
    const within = (maxMismatchedRows === undefined || differing <= maxMismatchedRows) && (maxMismatchRatio === undefined || ratio <= maxMismatchRatio);
    return within ? { status: 'match', within_thresholds: true } : { status: 'mismatch', within_thresholds: false };
}
//# sourceMappingURL=outcome.js.map

/***/ }),

/***/ 70025:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  runApiComparisons: () => (/* binding */ runApiComparisons),
  X: () => (/* binding */ terminateLeftoverJobs)
});

// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __webpack_require__(77598);
// EXTERNAL MODULE: ./node_modules/zod/v4/classic/schemas.js + 8 modules
var classic_schemas = __webpack_require__(32716);
// EXTERNAL MODULE: ./node_modules/zod/v4/core/api.js
var api = __webpack_require__(43759);
;// CONCATENATED MODULE: ./node_modules/zod/v4/classic/coerce.js


function string(params) {
    return core._coercedString(schemas.ZodString, params);
}
function number(params) {
    return api/* _coercedNumber */.qG(classic_schemas/* ZodNumber */.rSt, params);
}
function coerce_boolean(params) {
    return core._coercedBoolean(schemas.ZodBoolean, params);
}
function bigint(params) {
    return core._coercedBigint(schemas.ZodBigInt, params);
}
function date(params) {
    return core._coercedDate(schemas.ZodDate, params);
}

// EXTERNAL MODULE: ./build/src/engine/value-patterns.js
var value_patterns = __webpack_require__(9281);
;// CONCATENATED MODULE: ./build/src/api/contract.js
/**
 * THE wire contract of the Data Comparison Service API (seed document + service-api-facts.md), shared
 * by the client (src/api/client.ts) and our server (src/server/). Request schemas are what our server
 * accepts (strict about values, FastAPI-like about unknown fields: ignored); response schemas are
 * loose (unknown fields kept) so a client copes with the hosted service adding fields. Query
 * parameters arrive as strings, so their schemas coerce. `/openapi.json` is generated from here.
 *
 * Compatibility: change this file additively only; the client and the server both depend on it.
 */


// ───────────────────────────── building blocks ─────────────────────────────
const uuidSchema = classic_schemas/* uuid */.uRe();
const nonEmpty = classic_schemas/* string */.YjP().trim().min(1, 'must not be empty');
const columnList = classic_schemas/* array */.YOg(nonEmpty).min(1, 'must list at least one column');
/** Compared columns: an empty list compares the keys only (rows only in one side, duplicates). */
const comparedColumnList = classic_schemas/* array */.YOg(nonEmpty);
/** Timestamps: ISO 8601 text; a timestamp without an offset means UTC (Celery's naive `date_done`). */
const timestampSchema = classic_schemas/* string */.YjP();
const nullableTimestamp = timestampSchema.nullable();
/** The job statuses of section 3, strict: the server only ever emits these. */
const JOB_STATUSES = ['PENDING', 'STARTED', 'SUCCESS', 'FAILURE', 'REVOKED'];
const jobStatusSchema = classic_schemas/* enum */.k5n(JOB_STATUSES);
/** What a client accepts: a known status or any other string (unknown = not terminal, warn once). */
const lenientJobStatusSchema = classic_schemas/* union */.KCZ([jobStatusSchema, classic_schemas/* string */.YjP()]);
const TERMINAL_JOB_STATUSES = ['SUCCESS', 'FAILURE', 'REVOKED'];
function isTerminalJobStatus(status) {
    return TERMINAL_JOB_STATUSES.includes(status);
}
const diffStatusSchema = classic_schemas/* enum */.k5n(['MATCH', 'MISMATCH']);
/** A boolean query parameter (FastAPI accepts true/false/1/0/yes/no/on/off). */
const queryBool = classic_schemas/* stringbool */.uEf({ truthy: ['true', '1', 'yes', 'on'], falsy: ['false', '0', 'no', 'off'] });
const queryInt = number().int();
/** An integer job id; a numeric string is accepted too (pydantic's lax mode). */
const jobIdSchema = classic_schemas/* union */.KCZ([
    classic_schemas/* number */.aig().int().positive(),
    classic_schemas/* string */.YjP().regex(/^[1-9][0-9]{0,15}$/, 'must be a positive integer').transform(Number),
]);
const isoQueryTime = classic_schemas/* string */.YjP()
    .refine((text) => !Number.isNaN(Date.parse(text)), 'must be an ISO 8601 timestamp, e.g. 2026-01-31T12:00:00Z');
// ───────────────────────────── pagination (fastapi-pagination) ─────────────────────────────
const MAX_PAGE_SIZE = 100;
const DEFAULT_PAGE_SIZE = 50;
const paginationQuerySchema = classic_schemas/* object */.Ikc({
    page: queryInt.pipe(classic_schemas/* number */.aig().int().min(1, 'must be at least 1')).default(1),
    size: queryInt.pipe(classic_schemas/* number */.aig().int().min(1, 'must be at least 1').max(MAX_PAGE_SIZE, `must be at most ${MAX_PAGE_SIZE}`)).default(DEFAULT_PAGE_SIZE),
});
/** `data` of every list response. `pages` = ceil(total/size), 0 when total is 0. */
function pageSchema(item) {
    return classic_schemas/* looseObject */._H3({
        items: classic_schemas/* array */.YOg(item),
        page: classic_schemas/* number */.aig().int(),
        size: classic_schemas/* number */.aig().int(),
        total: classic_schemas/* number */.aig().int(),
        pages: classic_schemas/* number */.aig().int(),
    });
}
/** `{message, meta, data}` envelope of most responses. */
function envelope(data, meta = classic_schemas/* looseObject */._H3({})) {
    return classic_schemas/* looseObject */._H3({ message: classic_schemas/* string */.YjP().optional(), meta: meta.optional(), data });
}
// ───────────────────────────── headers ─────────────────────────────
/** Headers every endpoint requires (4.1). Header names are lower-case as Node delivers them. */
const requestHeadersSchema = classic_schemas/* object */.Ikc({
    authorization: classic_schemas/* string */.YjP().optional(),
    'workspace-id': uuidSchema,
});
// ───────────────────────────── 2.2 configuration ─────────────────────────────
/** Configuration as a request sends it (4.3): defaults applied, paired lists checked. */
const comparisonConfigurationInputSchema = classic_schemas/* object */.Ikc({
    source_columns: comparedColumnList,
    target_columns: comparedColumnList,
    primary_keys_source: columnList,
    primary_keys_target: columnList,
    source_filter: nonEmpty.optional(),
    target_filter: nonEmpty.optional(),
    source_query: nonEmpty.optional(),
    target_query: nonEmpty.optional(),
    case_sensitive: classic_schemas/* boolean */.zMY().default(false),
    quick_comparison: classic_schemas/* boolean */.zMY().default(false),
    schema_diff: classic_schemas/* boolean */.zMY().default(false),
    /** Ours: absolute numeric tolerance per source column. */
    tolerance: classic_schemas/* record */.g1P(classic_schemas/* string */.YjP(), classic_schemas/* number */.aig().nonnegative()).optional(),
    /** Ours: how many differing rows to keep for diff-details (the server caps it). */
    max_diff_rows: classic_schemas/* number */.aig().int().min(0).max(10_000).optional(),
    /**
     * Ours: kinds of difference that count as equal (engine/value-patterns.ts); a service that applies
     * them says so with `stats.accepted_rows`. Any kind but `other`, each once.
     */
    accept: classic_schemas/* array */.YOg(classic_schemas/* enum */.k5n(value_patterns/* ACCEPTABLE_KINDS */.z5, { error: `must be one of ${value_patterns/* ACCEPTABLE_KINDS */.z5.join(', ')}` })).optional(),
})
    .superRefine((config, ctx) => {
    if (config.source_columns.length !== config.target_columns.length) {
        ctx.addIssue({
            code: 'custom',
            path: ['target_columns'],
            message: `must list as many columns as source_columns (${config.source_columns.length}); columns are paired by position`,
            input: config.target_columns,
        });
    }
    if (config.primary_keys_source.length !== config.primary_keys_target.length) {
        ctx.addIssue({
            code: 'custom',
            path: ['primary_keys_target'],
            message: `must list as many columns as primary_keys_source (${config.primary_keys_source.length}); keys are paired by position`,
            input: config.primary_keys_target,
        });
    }
});
/** Configuration as stored and returned (2.1 / 2.2); loose. */
const comparisonConfigurationSchema = classic_schemas/* looseObject */._H3({
    source_columns: classic_schemas/* array */.YOg(classic_schemas/* string */.YjP()),
    target_columns: classic_schemas/* array */.YOg(classic_schemas/* string */.YjP()),
    primary_keys_source: classic_schemas/* array */.YOg(classic_schemas/* string */.YjP()),
    primary_keys_target: classic_schemas/* array */.YOg(classic_schemas/* string */.YjP()),
    source_filter: classic_schemas/* string */.YjP().nullish(),
    target_filter: classic_schemas/* string */.YjP().nullish(),
    source_query: classic_schemas/* string */.YjP().nullish(),
    target_query: classic_schemas/* string */.YjP().nullish(),
    case_sensitive: classic_schemas/* boolean */.zMY(),
    quick_comparison: classic_schemas/* boolean */.zMY(),
    schema_diff: classic_schemas/* boolean */.zMY().optional(),
    /** Ours: the kinds it accepts, when the service echoes them. */
    accept: classic_schemas/* array */.YOg(classic_schemas/* string */.YjP()).optional(),
});
// ───────────────────────────── 4.3 create comparison ─────────────────────────────
function requireDatasetOrQuery(body, ctx) {
    for (const side of ['source', 'target']) {
        if (!body[`${side}_dataset_id`] && !body.configuration[`${side}_query`]) {
            ctx.addIssue({
                code: 'custom',
                path: [`${side}_dataset_id`],
                message: `is required when configuration.${side}_query is not set`,
                input: body[`${side}_dataset_id`],
            });
        }
    }
}
const comparisonCreateFields = {
    name: nonEmpty.max(200, 'must be at most 200 characters'),
    source_datasource_id: uuidSchema,
    target_datasource_id: uuidSchema,
    /** A dataset UUID or a dataset (table) name; required unless configuration.source_query is set. */
    source_dataset_id: nonEmpty.nullish(),
    target_dataset_id: nonEmpty.nullish(),
    configuration: comparisonConfigurationInputSchema,
};
const comparisonCreateBodySchema = classic_schemas/* object */.Ikc(comparisonCreateFields).superRefine(requireDatasetOrQuery);
const comparisonCreateQuerySchema = classic_schemas/* object */.Ikc({
    create_only: queryBool.default(false),
});
/** 2.1: a comparison (creation response fields; other operations return the same plus extras). */
const comparisonSchema = classic_schemas/* looseObject */._H3({
    id: classic_schemas/* string */.YjP(),
    name: classic_schemas/* string */.YjP(),
    source_dataset_id: classic_schemas/* string */.YjP().nullable(),
    target_dataset_id: classic_schemas/* string */.YjP().nullable(),
    configuration: comparisonConfigurationSchema,
    workspace_id: classic_schemas/* string */.YjP(),
    user_id: classic_schemas/* string */.YjP(),
    /** Ours. */
    source_datasource_id: classic_schemas/* string */.YjP().optional(),
    target_datasource_id: classic_schemas/* string */.YjP().optional(),
    created_at: timestampSchema.optional(),
});
/** 201. When create_only is false the run started too: run_id / worker_task_id / celery_task_id (ours, extra). */
const comparisonCreateResponseSchema = classic_schemas/* looseObject */._H3({
    message: classic_schemas/* string */.YjP(),
    data: comparisonSchema,
    run_id: classic_schemas/* number */.aig().int().optional(),
    worker_task_id: classic_schemas/* string */.YjP().optional(),
    celery_task_id: classic_schemas/* string */.YjP().optional(),
});
// ───────────────────────────── extra: get / list / delete comparisons ─────────────────────────────
const comparisonPathSchema = classic_schemas/* object */.Ikc({ comparison_id: uuidSchema });
const comparisonGetResponseSchema = envelope(comparisonSchema);
const comparisonListQuerySchema = paginationQuerySchema.extend({ filter: classic_schemas/* string */.YjP().optional() });
const comparisonListResponseSchema = envelope(pageSchema(comparisonSchema));
const messageResponseSchema = classic_schemas/* looseObject */._H3({ message: classic_schemas/* string */.YjP() });
// ───────────────────────────── 4.4 execute ─────────────────────────────
const executeQuerySchema = classic_schemas/* object */.Ikc({
    /** A running job's task id: that job is terminated before the new execution starts. */
    celery_task_id: nonEmpty.optional(),
    enable_priority: queryBool.default(false),
    translation_iteration_no: queryInt.pipe(classic_schemas/* number */.aig().int().min(0)).optional(),
    translation_run_id: nonEmpty.optional(),
    current_event_key: nonEmpty.optional(),
});
/** Fields at the top level (no data wrapper). The server emits both task id names; a client reads either. */
const executeResponseSchema = classic_schemas/* looseObject */._H3({
    message: classic_schemas/* string */.YjP(),
    run_id: classic_schemas/* number */.aig().int(),
    worker_task_id: classic_schemas/* string */.YjP().optional(),
    celery_task_id: classic_schemas/* string */.YjP().optional(),
});
// ───────────────────────────── 4.5 execute multiple ─────────────────────────────
const MAX_BATCH = 500;
const executeMultipleBodySchema = classic_schemas/* object */.Ikc({
    agent_run_id: uuidSchema,
    comparison_agent_configs: classic_schemas/* array */.YOg(classic_schemas/* object */.Ikc({
        id: classic_schemas/* number */.aig().int(),
        configuration: comparisonCreateBodySchema,
    }))
        .min(1, 'must list at least one comparison')
        .max(MAX_BATCH, `must list at most ${MAX_BATCH} comparisons`)
        .superRefine((items, ctx) => {
        const seen = new Set();
        items.forEach((item, index) => {
            if (seen.has(item.id))
                ctx.addIssue({ code: 'custom', path: [index, 'id'], message: `duplicate config id ${item.id}`, input: item.id });
            seen.add(item.id);
        });
    }),
});
const executeMultipleResponseSchema = classic_schemas/* looseObject */._H3({
    message: classic_schemas/* string */.YjP(),
    /** Config id (as a string key) → job id. */
    mapped_run_ids: classic_schemas/* record */.g1P(classic_schemas/* string */.YjP(), classic_schemas/* number */.aig().int()),
});
// ───────────────────────────── 2.5 / 4.6 job details ─────────────────────────────
const MAX_DETAIL_IDS = 1000;
const jobIdList = classic_schemas/* array */.YOg(jobIdSchema).max(MAX_DETAIL_IDS, `must list at most ${MAX_DETAIL_IDS} job ids`);
/** A bare array of job ids, or `{"job_ids": [...]}`; both become an array. */
const jobDetailsBodySchema = classic_schemas/* preprocess */.vkY((input) => (input !== null && typeof input === 'object' && !Array.isArray(input) && 'job_ids' in input ? input.job_ids : input), jobIdList);
const jobStatsSchema = classic_schemas/* looseObject */._H3({
    source_rows: classic_schemas/* number */.aig(),
    target_rows: classic_schemas/* number */.aig(),
    matched_rows: classic_schemas/* number */.aig(),
    mismatched_rows: classic_schemas/* number */.aig(),
    only_in_source: classic_schemas/* number */.aig(),
    only_in_target: classic_schemas/* number */.aig(),
    /** Ours: rows counted as matched whose every difference is of an accepted kind. */
    accepted_rows: classic_schemas/* number */.aig().int().min(0).optional(),
});
/** 2.5 `result`: present only when status is SUCCESS. stats / schema_diff / diff_rows_total are ours. */
const jobResultSchema = classic_schemas/* looseObject */._H3({
    diff_status: classic_schemas/* string */.YjP(),
    diff_reasons: classic_schemas/* array */.YOg(classic_schemas/* string */.YjP()),
    time_taken: classic_schemas/* number */.aig(),
    stats: jobStatsSchema.optional(),
    schema_diff: classic_schemas/* unknown */.L5J().optional(),
    diff_rows_total: classic_schemas/* number */.aig().int().optional(),
});
const jobDetailSchema = classic_schemas/* looseObject */._H3({
    run_id: classic_schemas/* number */.aig().int(),
    comparison_id: classic_schemas/* string */.YjP(),
    comparison_name: classic_schemas/* string */.YjP(),
    status: lenientJobStatusSchema,
    failure_reason: classic_schemas/* string */.YjP().nullable().optional(),
    started_at: nullableTimestamp.optional(),
    finished_at: nullableTimestamp.optional(),
    result: jobResultSchema.nullable().optional(),
    /** Ours. */
    task_id: classic_schemas/* string */.YjP().optional(),
    retry_count: classic_schemas/* number */.aig().int().optional(),
    message: classic_schemas/* string */.YjP().nullable().optional(),
    /** Ours: what identifies the execute that made the job (a client whose answer was lost finds it by these). */
    agent_run_id: classic_schemas/* string */.YjP().nullable().optional(),
    config_id: classic_schemas/* number */.aig().int().nullable().optional(),
    idempotency_key: classic_schemas/* string */.YjP().nullable().optional(),
});
const jobDetailsResponseSchema = classic_schemas/* looseObject */._H3({
    message: classic_schemas/* string */.YjP().optional(),
    /** Ours: `not_found` lists requested ids that are not (visible) jobs. */
    meta: classic_schemas/* looseObject */._H3({ not_found: classic_schemas/* array */.YOg(classic_schemas/* number */.aig().int()).optional() }),
    data: classic_schemas/* array */.YOg(jobDetailSchema),
});
// ───────────────────────────── 2.4 / 4.7 job list ─────────────────────────────
const commaList = classic_schemas/* string */.YjP()
    .transform((text) => text.split(',').map((part) => part.trim()).filter((part) => part.length > 0));
const jobListQuerySchema = paginationQuerySchema.extend({
    /** Search in the comparison name (case-insensitive substring). */
    filter: classic_schemas/* string */.YjP().optional(),
    status_filters: commaList
        .pipe(classic_schemas/* array */.YOg(classic_schemas/* string */.YjP().transform((s) => s.toUpperCase()).pipe(jobStatusSchema)))
        .optional(),
    source_dataset_filters: commaList.optional(),
    target_dataset_filters: commaList.optional(),
    /** Default 30 days before now. */
    start_time: isoQueryTime.optional(),
    /** Default now. */
    end_time: isoQueryTime.optional(),
    /** Ours: only the jobs made by the execute with this Idempotency-Key / of this agent run. */
    idempotency_key: classic_schemas/* string */.YjP().min(1).max(200).optional(),
    agent_run_id: classic_schemas/* string */.YjP().min(1).max(200).optional(),
});
const jobListItemSchema = classic_schemas/* looseObject */._H3({
    job_id: classic_schemas/* number */.aig().int(),
    comparison_id: classic_schemas/* string */.YjP(),
    comparison_name: classic_schemas/* string */.YjP(),
    comparison_result_id: classic_schemas/* string */.YjP().nullable().optional(),
    status: lenientJobStatusSchema,
    source_datasource_name: classic_schemas/* string */.YjP().nullable().optional(),
    target_datasource_name: classic_schemas/* string */.YjP().nullable().optional(),
    source_dataset_name: classic_schemas/* string */.YjP().nullable().optional(),
    target_dataset_name: classic_schemas/* string */.YjP().nullable().optional(),
    source_datasource_type: classic_schemas/* string */.YjP().nullable().optional(),
    target_datasource_type: classic_schemas/* string */.YjP().nullable().optional(),
    task_id: classic_schemas/* string */.YjP(),
    created_at: timestampSchema,
    started_at: nullableTimestamp.optional(),
    date_done: nullableTimestamp.optional(),
    time_taken: classic_schemas/* number */.aig().nullable().optional(),
    retry_count: classic_schemas/* number */.aig().int().optional(),
    message: classic_schemas/* string */.YjP().nullable().optional(),
    /** Ours: what identifies the execute that made the job (a client whose answer was lost finds it by these). */
    agent_run_id: classic_schemas/* string */.YjP().nullable().optional(),
    config_id: classic_schemas/* number */.aig().int().nullable().optional(),
    idempotency_key: classic_schemas/* string */.YjP().nullable().optional(),
});
const jobListMetaSchema = classic_schemas/* looseObject */._H3({
    status_filters: classic_schemas/* array */.YOg(classic_schemas/* string */.YjP()),
    source_dataset_filters: classic_schemas/* array */.YOg(classic_schemas/* string */.YjP()),
    target_dataset_filters: classic_schemas/* array */.YOg(classic_schemas/* string */.YjP()),
});
const jobListResponseSchema = classic_schemas/* looseObject */._H3({
    message: classic_schemas/* string */.YjP().optional(),
    meta: jobListMetaSchema,
    data: pageSchema(jobListItemSchema),
});
// ───────────────────────────── 2.6 / 4.8 diff details ─────────────────────────────
const jobPathSchema = classic_schemas/* object */.Ikc({
    job_id: classic_schemas/* string */.YjP().regex(/^[1-9][0-9]{0,15}$/, 'must be a positive integer').transform(Number),
});
/**
 * Ours: why one column's values differ, one kind per changed value pair (engine/value-patterns.ts):
 * rows of the kind, its detail (`×100`, `+02:00`), and the index in diff_rows of a row showing it. The
 * kind is any string here, so a client reads a newer service's kinds as they come.
 */
const patternCountSchema = classic_schemas/* looseObject */._H3({
    kind: classic_schemas/* string */.YjP().min(1),
    rows: classic_schemas/* number */.aig().int().min(0),
    detail: classic_schemas/* string */.YjP().optional(),
    /** A service may send null, or an index it cannot vouch for: such an example is left out, never the diff. */
    example: classic_schemas/* number */.aig().int().min(0).optional().catch(undefined),
});
const diffDetailsSchema = classic_schemas/* looseObject */._H3({
    primary_key_columns: classic_schemas/* array */.YOg(classic_schemas/* string */.YjP()),
    column_mapping: classic_schemas/* record */.g1P(classic_schemas/* string */.YjP(), classic_schemas/* string */.YjP()),
    mismatched_columns_mapping: classic_schemas/* record */.g1P(classic_schemas/* string */.YjP(), classic_schemas/* looseObject */._H3({
        mismatch_count: classic_schemas/* number */.aig().int(),
        details: classic_schemas/* string */.YjP(),
        /** Ours: the kinds of the column's differences, most rows first; their rows add up to mismatch_count. */
        patterns: classic_schemas/* array */.YOg(patternCountSchema).optional(),
        /** Ours: differences of kinds the comparison accepts (counted as equal, not in mismatch_count). */
        accepted: classic_schemas/* array */.YOg(patternCountSchema).optional(),
    })),
    diff_rows: classic_schemas/* array */.YOg(classic_schemas/* record */.g1P(classic_schemas/* string */.YjP(), classic_schemas/* unknown */.L5J())),
    /** Ours: differing rows in all, and whether diff_rows was capped. */
    diff_rows_total: classic_schemas/* number */.aig().int().optional(),
    truncated: classic_schemas/* boolean */.zMY().optional(),
    /** Ours: how each column was compared (`set`, `decimal at scale 2`, `text, case-insensitive`…). */
    compared_as: classic_schemas/* record */.g1P(classic_schemas/* string */.YjP(), classic_schemas/* string */.YjP()).optional(),
    /**
     * Ours: values of diff_rows kept only in part (over 64 Ki characters, around the first difference):
     * the row's index and field, the whole value's length and where the kept part starts (characters),
     * and the SHA-256 of the whole value. Clients that do not know it see the kept part as the value.
     */
    cut_values: classic_schemas/* array */.YOg(classic_schemas/* object */.Ikc({ row: classic_schemas/* number */.aig().int().min(0), field: classic_schemas/* string */.YjP(), length: classic_schemas/* number */.aig().int().min(0), start: classic_schemas/* number */.aig().int().min(0), sha256: classic_schemas/* string */.YjP().regex(/^[0-9a-f]{64}$/) }))
        .optional(),
    /** Ours: set when rows were left out so that the job's stored rows stay within this many bytes. */
    diff_rows_max_bytes: classic_schemas/* number */.aig().int().positive().optional(),
});
const diffDetailsResponseSchema = classic_schemas/* looseObject */._H3({
    message: classic_schemas/* string */.YjP().optional(),
    meta: classic_schemas/* looseObject */._H3({}),
    data: diffDetailsSchema,
});
// ───────────────────────────── 4.9 terminate ─────────────────────────────
const terminatePathSchema = classic_schemas/* object */.Ikc({ task_id: nonEmpty.max(200) });
const terminateResponseSchema = classic_schemas/* looseObject */._H3({
    message: classic_schemas/* string */.YjP(),
    /** Ours: the job's status after the call (a finished job stays as it was). */
    status: lenientJobStatusSchema.optional(),
    run_id: classic_schemas/* number */.aig().int().optional(),
});
// ───────────────────────────── 2.3 / 4.10 data sources ─────────────────────────────
const sourcesQuerySchema = paginationQuerySchema.extend({
    filter: classic_schemas/* string */.YjP().optional(),
    sort_by: classic_schemas/* enum */.k5n(['last_scanned', 'name', 'type']).default('last_scanned'),
    sort_order: classic_schemas/* enum */.k5n(['asc', 'desc']).default('desc'),
    interactive: queryBool.optional(),
    is_settings_page: queryBool.default(false),
});
const dataSourceSchema = classic_schemas/* looseObject */._H3({
    id: classic_schemas/* string */.YjP(),
    name: classic_schemas/* string */.YjP(),
    type: classic_schemas/* string */.YjP(),
    status: classic_schemas/* string */.YjP(),
    is_interactive: classic_schemas/* boolean */.zMY(),
    dataset_count: classic_schemas/* number */.aig().int(),
    validation_count: classic_schemas/* number */.aig().int(),
    failed_validation_count: classic_schemas/* number */.aig().int(),
    column_count: classic_schemas/* number */.aig().int(),
    sensitive_column_count: classic_schemas/* number */.aig().int(),
    last_scanned_at: nullableTimestamp,
    database_version: classic_schemas/* string */.YjP().nullable(),
    workspace_id: classic_schemas/* string */.YjP(),
    /** Ours, settings page only: how the connection is configured (never the URL itself). */
    connection: classic_schemas/* looseObject */._H3({ kind: classic_schemas/* enum */.k5n(['url', 'url_env', 'path']), url_env: classic_schemas/* string */.YjP().optional() }).optional(),
    created_at: timestampSchema.optional(),
    /**
     * Ours: the last catalog scan (null: never scanned, and then the counts are 0 because nothing was
     * counted). `partial`: the time limit was reached and the counts cover the tables read so far.
     */
    scan: classic_schemas/* looseObject */._H3({
        status: classic_schemas/* enum */.k5n(['complete', 'partial', 'failed']),
        message: classic_schemas/* string */.YjP().nullable(),
        started_at: timestampSchema,
        duration_ms: classic_schemas/* number */.aig().int(),
    })
        .nullable()
        .optional(),
});
/** Ours: one table or view of a data source's catalog, with the sensitive columns marked. */
const catalogTableSchema = classic_schemas/* looseObject */._H3({
    name: classic_schemas/* string */.YjP(),
    kind: classic_schemas/* enum */.k5n(['table', 'view']),
    sampled: classic_schemas/* boolean */.zMY(),
    columns: classic_schemas/* array */.YOg(classic_schemas/* looseObject */._H3({
        name: classic_schemas/* string */.YjP(),
        type: classic_schemas/* string */.YjP(),
        sensitive: classic_schemas/* looseObject */._H3({ kind: classic_schemas/* string */.YjP(), confidence: classic_schemas/* number */.aig(), reason: classic_schemas/* string */.YjP() }).optional(),
    })),
});
const catalogQuerySchema = paginationQuerySchema.extend({
    filter: classic_schemas/* string */.YjP().optional(),
    sensitive_only: queryBool.default(false),
});
const catalogResponseSchema = classic_schemas/* looseObject */._H3({
    message: classic_schemas/* string */.YjP(),
    data: pageSchema(catalogTableSchema),
});
const sourcePathSchema = classic_schemas/* object */.Ikc({ source_id: uuidSchema });
const scanQuerySchema = classic_schemas/* object */.Ikc({
    time_limit_seconds: number().positive().max(300).default(30),
});
const sourcesResponseSchema = classic_schemas/* looseObject */._H3({
    message: classic_schemas/* string */.YjP(),
    meta: classic_schemas/* looseObject */._H3({}),
    data: pageSchema(dataSourceSchema),
});
const DATA_SOURCE_TYPES = ['sqlite', 'postgres', 'mysql', 'mariadb'];
/**
 * Ours: create a data source. Exactly one connection setting: `url` (stored encrypted, never
 * returned), `url_env` (the name of an environment variable of the server holding the URL), or
 * `path` (SQLite only: a database file on the server).
 */
const dataSourceCreateBodySchema = classic_schemas/* object */.Ikc({
    name: nonEmpty.max(200, 'must be at most 200 characters'),
    type: classic_schemas/* enum */.k5n(DATA_SOURCE_TYPES),
    url: nonEmpty.optional(),
    url_env: classic_schemas/* string */.YjP().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'must be an environment variable name').optional(),
    path: nonEmpty.optional(),
    is_interactive: classic_schemas/* boolean */.zMY().default(false),
})
    .superRefine((body, ctx) => {
    const given = ['url', 'url_env', 'path'].filter((key) => body[key] !== undefined);
    if (given.length !== 1) {
        ctx.addIssue({
            code: 'custom',
            path: given.length > 1 ? [given[1]] : ['url'],
            message: 'exactly one of url, url_env or path must be set',
            input: undefined,
        });
    }
    if (body.path !== undefined && body.type !== 'sqlite') {
        ctx.addIssue({ code: 'custom', path: ['path'], message: 'is only for type sqlite; use url or url_env', input: body.path });
    }
});
const dataSourceCreateResponseSchema = classic_schemas/* looseObject */._H3({ message: classic_schemas/* string */.YjP(), data: dataSourceSchema });
// ───────────────────────────── API keys (ours) ─────────────────────────────
const API_KEY_SCOPES = ['read', 'write', 'read:datasource', 'read:job', 'write:job', 'write:comparison', 'read:sensitive'];
const apiKeyScopeSchema = classic_schemas/* enum */.k5n(API_KEY_SCOPES);
const apiKeySchema = classic_schemas/* looseObject */._H3({
    id: classic_schemas/* string */.YjP(),
    name: classic_schemas/* string */.YjP(),
    scopes: classic_schemas/* array */.YOg(classic_schemas/* string */.YjP()),
    workspaces: classic_schemas/* array */.YOg(classic_schemas/* string */.YjP()),
    enabled: classic_schemas/* boolean */.zMY(),
    expires_at: nullableTimestamp,
    created_at: timestampSchema,
    last_used_at: nullableTimestamp.optional(),
    /** The first characters of the key, to recognise it; never the key. */
    prefix: classic_schemas/* string */.YjP(),
});
/** The only response ever holding a key value: creation. */
const apiKeyCreatedSchema = apiKeySchema.extend({ key: classic_schemas/* string */.YjP() });
// ───────────────────────────── errors ─────────────────────────────
/** FastAPI's 422: `loc[0]` is body, query, path or header. Ours adds message and code. */
const validationIssueSchema = classic_schemas/* looseObject */._H3({
    type: classic_schemas/* string */.YjP(),
    loc: classic_schemas/* array */.YOg(classic_schemas/* union */.KCZ([classic_schemas/* string */.YjP(), classic_schemas/* number */.aig()])),
    msg: classic_schemas/* string */.YjP(),
    input: classic_schemas/* unknown */.L5J().optional(),
});
const validationErrorBodySchema = classic_schemas/* looseObject */._H3({
    detail: classic_schemas/* array */.YOg(validationIssueSchema),
    message: classic_schemas/* string */.YjP().optional(),
    code: classic_schemas/* string */.YjP().optional(),
});
/** Every other error: `detail` (FastAPI), plus ours: `message` (a sentence) and `code` (snake_case). */
const errorBodySchema = classic_schemas/* looseObject */._H3({
    detail: classic_schemas/* string */.YjP(),
    message: classic_schemas/* string */.YjP().optional(),
    code: classic_schemas/* string */.YjP().optional(),
});
/** Either error shape. */
const anyErrorBodySchema = classic_schemas/* union */.KCZ([validationErrorBodySchema, errorBodySchema]);
const healthResponseSchema = classic_schemas/* looseObject */._H3({ status: classic_schemas/* literal */.euz('ok'), version: classic_schemas/* string */.YjP().optional() });
//# sourceMappingURL=contract.js.map
;// CONCATENATED MODULE: ./build/src/api/normalize.js
/**
 * Reading the hosted service's variations into one shape: bare arrays where the document promises
 * `{data: …}` envelopes, `celery_task_id` for `worker_task_id`, timestamps without an offset (UTC),
 * statuses we do not know (not terminal; warned about once per status).
 */

/** A timestamp as a Date; text without an offset is UTC (Celery's naive `date_done`). undefined when unreadable. */
function parseServiceTimestamp(text) {
    if (typeof text !== 'string' || text.trim() === '')
        return undefined;
    let value = text.trim().replace(/^(\d{4}-\d{2}-\d{2}) (\d)/, '$1T$2');
    const hasTime = /T\d{2}:\d{2}/.test(value);
    const hasOffset = /(Z|[+-]\d{2}(:?\d{2})?)$/i.test(value);
    if (hasTime && !hasOffset)
        value += 'Z';
    if (!hasTime && /^\d{4}-\d{2}-\d{2}$/.test(value))
        value += 'T00:00:00Z';
    const ms = Date.parse(value);
    return Number.isNaN(ms) ? undefined : new Date(ms);
}
/** The background task id of an execute response or a job: `worker_task_id` (document) or `celery_task_id` (hosted). */
function taskIdOf(record) {
    for (const value of [record.worker_task_id, record.celery_task_id, record.task_id]) {
        if (typeof value === 'string' && value.trim() !== '')
            return value;
    }
    return undefined;
}
/** `{data: [...]}` from a bare array (some hosted endpoints answer with the list alone). */
function wrapBareList(body) {
    return Array.isArray(body) ? { message: undefined, meta: {}, data: body } : body;
}
/** `{data: {items, page, size, total, pages}}` from a bare array or from `{data: [...]}`. */
function wrapBarePage(body) {
    const page = (items) => ({ items, page: 1, size: items.length, total: items.length, pages: items.length > 0 ? 1 : 0 });
    if (Array.isArray(body))
        return { meta: {}, data: page(body) };
    if (body !== null && typeof body === 'object') {
        const record = body;
        if (Array.isArray(record.data))
            return { ...record, meta: record.meta ?? {}, data: page(record.data) };
        if (Array.isArray(record.items))
            return { meta: {}, data: record };
    }
    return body;
}
/** Decides whether a job status is final, warning once per status we do not know. */
class StatusReader {
    logger;
    warned = new Set();
    constructor(logger) {
        this.logger = logger;
    }
    isTerminal(status) {
        if (!JOB_STATUSES.includes(status) && !this.warned.has(status)) {
            this.warned.add(status);
            this.logger.warning(`The service reported job status "${status}", which datacompare does not know; it is treated as still running (known: ${JOB_STATUSES.join(', ')}).`);
        }
        return isTerminalJobStatus(status);
    }
}
//# sourceMappingURL=normalize.js.map
// EXTERNAL MODULE: ./build/src/shared/errors.js
var errors = __webpack_require__(80604);
;// CONCATENATED MODULE: ./build/src/api/recovery.js


/** Slack for the Date header's one-second resolution and the request's way to the service. */
const CLOCK_SLACK_MS = 3000;
/** True when the service keeps the Idempotency-Key on its jobs (our server; not the hosted one). */
function listsIdempotencyKeys(jobs) {
    return jobs.some((job) => Object.hasOwn(job, 'idempotency_key'));
}
function createdAfter(job, sentAfter) {
    if (!sentAfter)
        return true;
    const created = parseServiceTimestamp(job.created_at);
    return created === undefined || created.getTime() >= sentAfter.getTime();
}
/**
 * The job of a single execute of comparison `comparisonId`. `ownComparison`: this run created the
 * comparison (its id is known to no one else), so a new job of it is ours even without the key.
 */
function identifySingle(jobs, identity, comparisonId, options) {
    const candidates = jobs.filter((job) => job.comparison_id === comparisonId && !options.known?.has(job.job_id) && createdAfter(job, identity.sentAfter));
    if (listsIdempotencyKeys(jobs)) {
        const mine = candidates.filter((job) => job.idempotency_key === identity.idempotencyKey);
        if (mine.length === 1)
            return { kind: 'found', job: mine[0] };
        return mine.length === 0 ? { kind: 'none' } : { kind: 'unprovable', candidates: mine };
    }
    if (candidates.length === 0)
        return { kind: 'none' };
    if (options.ownComparison)
        return { kind: 'found', job: [...candidates].sort((a, b) => a.job_id - b.job_id)[0] };
    return { kind: 'unprovable', candidates };
}
/**
 * The jobs of an execute_multiple. With the key on the jobs: each config's job is the one with our
 * key and its config id (all or none, since the service creates them in one request). Without it:
 * any job created since with a config's name (and dataset names) makes the batch unprovable.
 */
function identifyBatch(jobs, identity, agentRunId, configs) {
    const recent = jobs.filter((job) => createdAfter(job, identity.sentAfter));
    if (listsIdempotencyKeys(jobs)) {
        const found = new Map();
        for (const config of configs) {
            const mine = recent.filter((job) => job.idempotency_key === identity.idempotencyKey && job.config_id === config.id && job.comparison_name === config.name);
            if (mine.length === 1)
                found.set(config.id, mine[0]);
        }
        return found.size === configs.length ? { kind: 'found', jobs: found } : { kind: 'none' };
    }
    const candidates = recent.filter((job) => configs.some((config) => job.comparison_name === config.name &&
        (job.agent_run_id == null || job.agent_run_id === agentRunId) &&
        (config.sourceDataset === undefined || job.source_dataset_name == null || job.source_dataset_name === config.sourceDataset) &&
        (config.targetDataset === undefined || job.target_dataset_name == null || job.target_dataset_name === config.targetDataset)));
    return candidates.length === 0 ? { kind: 'none' } : { kind: 'unprovable', candidates };
}
/** An execute whose answer was lost and whose job cannot be told apart from other runs' jobs. */
class UnprovableJobError extends errors/* ServiceError */._7 {
    candidates;
    constructor(endpoint, what, cause, candidates) {
        const ids = candidates.map((job) => job.job_id).sort((a, b) => a - b);
        super(`${endpoint} for ${what} got no answer (${cause}). The job list shows job(s) ${ids.join(', ')} started since for the same comparison, ` +
            'but the service does not show which request started them, so none can be proven to be this run\'s; no verdict is reported.', { hint: 'Run it again. Give each CI run its own comparison names (or its own agent-run-id) so runs cannot be mixed up.' });
        this.candidates = ids;
    }
}
//# sourceMappingURL=recovery.js.map
// EXTERNAL MODULE: ./build/src/shared/network-failure.js
var network_failure = __webpack_require__(58638);
// EXTERNAL MODULE: ./build/src/shared/redact.js
var redact = __webpack_require__(23326);
;// CONCATENATED MODULE: ./build/src/api/service-error.js
/**
 * Turning a failed API call into one sentence a user can act on: the endpoint, the HTTP status, the
 * service's own message (`message`, else `detail`, else FastAPI's validation issues) and a hint.
 * Never the API key: every text goes through `redact`. Also says whether the failure is worth a
 * retry (network errors, 408/429/5xx) and whether the request may have been carried out anyway
 * ("ambiguous": the connection broke, a gateway gave up, or our time limit fired).
 */



/** HTTP statuses that a retry may fix. */
const RETRYABLE_STATUSES = new Set([408, 429, 500, 502, 503, 504]);
/** Statuses after which the request may have been carried out although it "failed". */
const AMBIGUOUS_STATUSES = new Set([500, 502, 504]);
/** A failed API call. `status` is undefined for network errors and timeouts. */
class ApiCallError extends errors/* ServiceError */._7 {
    endpoint;
    failure;
    /** Milliseconds the server asked us to wait (Retry-After). */
    retryAfterMs;
    /** The error body as the service sent it (parsed JSON or text), redacted. */
    body;
    constructor(message, options) {
        super(message, {
            cause: options.cause,
            ...(options.hint !== undefined ? { hint: options.hint } : {}),
            ...(options.status !== undefined ? { status: options.status } : {}),
        });
        this.endpoint = options.endpoint;
        this.failure = options.failure;
        this.retryAfterMs = options.retryAfterMs;
        this.body = options.body;
    }
    /** Worth another try. */
    get retryable() {
        if (this.failure === 'network' || this.failure === 'timeout')
            return true;
        return this.failure === 'http' && this.status !== undefined && RETRYABLE_STATUSES.has(this.status);
    }
    /** The service may have carried the request out although we got no good answer. */
    get ambiguous() {
        if (this.failure === 'network' || this.failure === 'timeout')
            return true;
        return this.failure === 'http' && this.status !== undefined && AMBIGUOUS_STATUSES.has(this.status);
    }
}
const STATUS_TEXT = {
    400: 'Bad Request',
    401: 'Unauthorized',
    403: 'Forbidden',
    404: 'Not Found',
    408: 'Request Timeout',
    409: 'Conflict',
    413: 'Payload Too Large',
    422: 'Unprocessable Entity',
    429: 'Too Many Requests',
    500: 'Internal Server Error',
    502: 'Bad Gateway',
    503: 'Service Unavailable',
    504: 'Gateway Timeout',
};
/** What the service said, from the usual error bodies: `message`, `detail` (text or FastAPI issues). */
function serviceMessage(body) {
    if (typeof body === 'string') {
        const text = body.trim();
        return text === '' ? undefined : text.length > 300 ? `${text.slice(0, 300)}…` : text;
    }
    if (body === null || typeof body !== 'object')
        return undefined;
    const record = body;
    if (typeof record.message === 'string' && record.message.trim() !== '')
        return record.message.trim();
    if (typeof record.detail === 'string' && record.detail.trim() !== '')
        return record.detail.trim();
    if (Array.isArray(record.detail)) {
        const issues = record.detail
            .map((issue) => {
            if (issue === null || typeof issue !== 'object')
                return undefined;
            const { loc, msg } = issue;
            const where = Array.isArray(loc) ? loc.map(String).join('.') : '';
            return typeof msg === 'string' ? (where ? `${where}: ${msg}` : msg) : undefined;
        })
            .filter((text) => text !== undefined);
        if (issues.length > 0)
            return issues.slice(0, 5).join('; ') + (issues.length > 5 ? ` (and ${issues.length - 5} more)` : '');
    }
    return undefined;
}
function hintFor(status, failure) {
    if (status === 401 || status === 403) {
        return 'Check the API key (is it enabled and unexpired?), its scope (read or write) and the Workspace-Id.';
    }
    if (status === 404)
        return 'Check the API URL (including any path prefix such as /api/v1) and the id in the request.';
    if (status === 422 || status === 400)
        return 'The service rejected the request; check the comparison settings named above.';
    if (status === 429)
        return 'The service is rate limiting; retries waited as it asked. Try again later or run fewer comparisons at once.';
    if (failure === 'network')
        return 'Check the API URL and that the service is reachable from this runner.';
    if (failure === 'timeout')
        return 'The service did not answer in time; it may be overloaded. Raise timeout-minutes or try again.';
    if (status !== undefined && status >= 500)
        return 'The service failed; try again later.';
    return undefined;
}
function sentence(text) {
    const trimmed = text.trim();
    return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}
/** The error for an HTTP error answer (an authentication or routing failure names the service's address). */
function httpError(endpoint, status, body, retryAfterMs, address) {
    const said = serviceMessage(body);
    const statusText = STATUS_TEXT[status] ? ` ${STATUS_TEXT[status]}` : '';
    const named = address && (status === 401 || status === 403 || status === 404);
    const where = named ? ` from ${displayUrl(address.url)}` : '';
    const baseHint = hintFor(status, 'http');
    const hint = named && baseHint ? `${baseHint} The address came from ${address.setting}.` : baseHint;
    const message = (0,redact/* redact */.E$)(sentence(`${endpoint} failed with HTTP ${status}${statusText}${where}${said ? `: ${said}` : ''}`));
    return new ApiCallError(message, {
        endpoint,
        failure: 'http',
        status,
        body: redactDeep(body),
        ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
        ...(hint !== undefined ? { hint } : {}),
    });
}
/** A URL as it may be shown: no user, password, query or fragment. */
function displayUrl(url) {
    try {
        const parsed = new URL(url);
        parsed.username = '';
        parsed.password = '';
        parsed.search = '';
        parsed.hash = '';
        return parsed.href.replace(/\/+$/, '');
    }
    catch {
        return '(not a URL)';
    }
}
/** What to check after each kind of network failure (its words: shared/network-failure.ts). */
const NETWORK_CHECKS = {
    refused: 'that the service runs and the port is right',
    unresolved: 'the host name, and the runner\'s DNS',
    reset: 'proxies or firewalls between this runner and the service',
    'timed-out': 'that the service is reachable from this runner (firewall, proxy: HTTPS_PROXY / NO_PROXY)',
    tls: 'the scheme: use http:// when the service does not speak TLS on that port',
    certificate: 'the certificate; a private CA goes in NODE_EXTRA_CA_CERTS',
    other: 'that the service is reachable from this runner',
};
/** The error for a request that got no answer (connection refused/reset, DNS, TLS), naming the address tried. */
function networkError(endpoint, cause, address) {
    const code = (0,network_failure/* networkErrorCode */.a)(cause);
    let parsed;
    try {
        parsed = address ? new URL(address.url) : undefined;
    }
    catch {
        parsed = undefined;
    }
    const { kind, what } = (0,network_failure/* describeNetworkFailure */.K)(code, parsed);
    const check = NETWORK_CHECKS[kind];
    const where = address ? ` at ${displayUrl(address.url)}` : '';
    const hint = address ? `Check ${address.setting} (${displayUrl(address.url)}): ${check}.` : hintFor(undefined, 'network');
    return new ApiCallError((0,redact/* redact */.E$)(`${endpoint} failed: the service${where} could not be reached (${what}).`), {
        endpoint,
        failure: 'network',
        cause,
        hint: (0,redact/* redact */.E$)(hint),
    });
}
/**
 * The error for a request whose answer did not come, or did not finish, within the per-request time
 * limit (which covers the body: `receivedBytes` when its headers had come).
 */
function timeoutError(endpoint, timeoutMs, receivedBytes) {
    const limit = `${Math.round(timeoutMs / 1000)} s`;
    const what = receivedBytes === undefined ? `no answer within ${limit}` : `the answer did not finish within ${limit} (${receivedBytes} bytes of its body came)`;
    return new ApiCallError(`${endpoint} failed: ${what}.`, {
        endpoint,
        failure: 'timeout',
        hint: hintFor(undefined, 'timeout'),
    });
}
/** The error for an answer larger than the most datacompare reads from one answer. */
function tooLargeError(endpoint, limitBytes, address, declaredBytes) {
    const limit = limitBytes % 1048576 === 0 ? `${limitBytes / 1048576} MiB` : `${limitBytes} bytes`;
    const declared = declaredBytes === undefined ? '' : ` (its Content-Length says ${declaredBytes} bytes)`;
    return new ApiCallError((0,redact/* redact */.E$)(`${endpoint} failed: the service at ${displayUrl(address.url)} answered with more than ${limit}${declared}, the most datacompare reads from one answer.`), {
        endpoint,
        failure: 'too-large',
        hint: 'A comparison result is rarely that large: a differing row may hold a huge value. Compare fewer or narrower columns, lower max_diff_rows, or ask the service\'s operator to cap stored values.',
    });
}
/** The error for a 2xx answer we cannot read (not JSON, or not the documented shape). */
function invalidResponseError(endpoint, status, problem, address) {
    const from = address ? ` from ${displayUrl(address.url)}` : '';
    return new ApiCallError((0,redact/* redact */.E$)(sentence(`${endpoint} answered HTTP ${status}${from} with a response datacompare cannot read: ${problem}`)), {
        endpoint,
        failure: 'invalid-response',
        status,
        hint: 'Check that the API URL points at a Data Comparison Service (including any path prefix such as /api/v1).',
    });
}
function redactDeep(value) {
    if (value === undefined)
        return undefined;
    try {
        return JSON.parse((0,redact/* redact */.E$)(JSON.stringify(value)));
    }
    catch {
        return undefined;
    }
}
//# sourceMappingURL=service-error.js.map
;// CONCATENATED MODULE: ./build/src/api/execute-once.js
/**
 * One logical execute (single or batch) → at most one job: every attempt carries the same
 * Idempotency-Key and the same body, so a service that keeps keys answers a resend with the first
 * answer. After an answer that may have been lost (connection broken, 500/502/504, our time limit),
 * the job list is searched for the job(s) this very request made before anything is sent again; a
 * 409 "still in progress" means the first attempt is being carried out: wait and look again.
 */


/** How often a 409 "still in progress" is waited out before giving up. */
const MAX_IN_PROGRESS_WAITS = 60;
/** A 409 answer saying a request with this Idempotency-Key is still being carried out. */
function isInProgress(error) {
    if (!(error instanceof ApiCallError) || error.status !== 409)
        return false;
    const body = error.body;
    if (body && typeof body === 'object' && body.code === 'idempotency_in_progress')
        return true;
    return /in progress/i.test(String(body && typeof body === 'object' ? (body.message ?? body.detail ?? '') : (body ?? '')));
}
async function executeOnce(http, spec) {
    const { logger } = http.options;
    let inProgressWaits = 0;
    for (let attempt = 1;;) {
        try {
            return { value: await spec.send(), recovered: false };
        }
        catch (error) {
            if (!(error instanceof ApiCallError))
                throw error;
            if (isInProgress(error)) {
                if (++inProgressWaits > MAX_IN_PROGRESS_WAITS)
                    throw error;
                logger.debug(`${spec.endpoint} for ${spec.what}: the first attempt is still in progress on the service; waiting, then looking again.`);
                await http.pause(error.retryAfterMs ?? 1000, spec.signal);
                const found = await spec.recover();
                if (found)
                    return { value: found, recovered: true };
                continue;
            }
            if (!error.retryable)
                throw error;
            // wait first: a request still on its way (a slow proxy) lands before we look for it
            await http.pause(http.retryDelay(error, attempt), spec.signal);
            if (!error.ambiguous) {
                // a 429/503 normally means the service did not act; a gateway may have answered after it did, so
                // look once: a job proven ours is taken, anything less means sending again (same key)
                const found = await spec.recover().catch((lookup) => {
                    if (spec.signal?.aborted || (lookup instanceof Error && lookup.name === 'AbortError'))
                        throw lookup;
                    if (!(lookup instanceof UnprovableJobError))
                        logger.debug(`${spec.endpoint}: the job list could not be read (${String(lookup)}); sending again.`);
                    return undefined;
                });
                if (found)
                    return { value: found, recovered: true };
            }
            else {
                let found = await spec.recover();
                if (!found && error.failure === 'timeout') {
                    // a slow service may still be working on the request: look once more after a pause
                    await http.pause(Math.min(5000, Math.max(200, http.requestTimeoutMs / 3)), spec.signal);
                    found = await spec.recover();
                }
                if (found) {
                    logger.warning(`${spec.endpoint} for ${spec.what} got no clear answer (${error.message}); its job was found in the job list and is not started again.`);
                    return { value: found, recovered: true };
                }
            }
            if (attempt >= http.maxAttempts)
                throw error;
            attempt++;
            logger.debug(`${spec.endpoint} for ${spec.what}: ${error.message} Sending it again with the same Idempotency-Key.`);
        }
    }
}
//# sourceMappingURL=execute-once.js.map
// EXTERNAL MODULE: ./build/src/shared/abort.js
var abort = __webpack_require__(59117);
;// CONCATENATED MODULE: ./build/src/api/outage.js




const DEFAULT_OUTAGE_LIMITS = { failures: 3, periodMs: 90_000 };
/** The service gave no usable answer for too long: the run stops waiting for it. */
class ServiceUnavailableError extends errors/* ServiceError */._7 {
}
class OutageBound {
    address;
    now;
    failures = 0;
    since = 0;
    last;
    limits;
    constructor(address, limits = {}, now = Date.now) {
        this.address = address;
        this.now = now;
        this.limits = { ...DEFAULT_OUTAGE_LIMITS, ...limits };
    }
    /** The service answered. */
    answered() {
        this.failures = 0;
        this.last = undefined;
    }
    /** A request sent at `sentAt` (ms) got no usable answer. */
    failed(sentAt, error) {
        if (this.failures === 0)
            this.since = sentAt;
        this.failures++;
        this.last = error;
    }
    /** Throws ServiceUnavailableError when both limits are reached (call before sending a request). */
    check() {
        if (!this.last || this.failures < this.limits.failures)
            return;
        const elapsed = this.now() - this.since;
        if (elapsed < this.limits.periodMs)
            return;
        throw new ServiceUnavailableError((0,redact/* redact */.E$)(`The service at ${displayUrl(this.address.url)} gave no usable answer to ${this.failures} requests in a row over ${(0,abort/* formatLimit */.tW)(elapsed)} ` +
            `(the last: ${this.last.message.replace(/\.$/, '')}); datacompare stopped waiting for it.`), { cause: this.last, hint: `Check that the service is up and reachable from here (its address came from ${this.address.setting}), then run again.` });
    }
}
//# sourceMappingURL=outage.js.map
;// CONCATENATED MODULE: ./build/src/api/response-body.js
/**
 * Reading an answer's body with a size limit: the bytes are counted as they arrive and reading stops
 * at the limit, so no answer (a value of hundreds of megabytes, a body that never ends) can take more
 * memory than the limit. The time limit is the request's AbortSignal, which covers the body too.
 */
/** The most bytes datacompare reads from one answer of the service (the error names it). */
const DEFAULT_MAX_BODY_BYTES = 64 * 1024 * 1024;
/** The body was larger than the limit (`declared`: what its Content-Length said, when it said). */
class BodyTooLargeError extends Error {
    limitBytes;
    declaredBytes;
    name = 'BodyTooLargeError';
    constructor(limitBytes, declaredBytes) {
        super(`the body is larger than ${limitBytes} bytes`);
        this.limitBytes = limitBytes;
        this.declaredBytes = declaredBytes;
    }
}
/**
 * The body as text, at most `limitBytes`: beyond it `fail` throws BodyTooLargeError (a result we
 * cannot use whole), `cut` keeps the first `limitBytes` (an error page, of which a sentence is shown).
 */
async function readBodyText(response, limitBytes, overflow, tally) {
    const declared = Number(response.headers.get('content-length') ?? Number.NaN);
    if (overflow === 'fail' && Number.isFinite(declared) && declared > limitBytes) {
        await response.body?.cancel().catch(() => { });
        throw new BodyTooLargeError(limitBytes, declared);
    }
    if (!response.body)
        return '';
    const reader = response.body.getReader();
    const chunks = [];
    let size = 0;
    let finished = false;
    try {
        for (;;) {
            const { done, value } = await reader.read();
            if (done) {
                finished = true;
                break;
            }
            if (size + value.byteLength > limitBytes) {
                if (overflow === 'fail')
                    throw new BodyTooLargeError(limitBytes);
                chunks.push(value.subarray(0, limitBytes - size));
                size = limitBytes;
                break;
            }
            chunks.push(value);
            size += value.byteLength;
            if (tally)
                tally.bytes = size;
        }
    }
    finally {
        if (!finished)
            await reader.cancel().catch(() => { });
    }
    return new TextDecoder().decode(Buffer.concat(chunks, size));
}
//# sourceMappingURL=response-body.js.map
// EXTERNAL MODULE: ./build/src/shared/retry.js
var retry = __webpack_require__(45085);
;// CONCATENATED MODULE: ./build/src/api/transport.js
/**
 * One HTTP exchange with the Data Comparison Service: URL (with any path prefix), the two auth
 * headers, an Idempotency-Key on POSTs, the per-request time limit (headers and whole body) combined
 * with the caller's AbortSignal, the body read up to a size limit, the answer parsed with a zod
 * schema (errors turned into ApiCallError sentences), the retry policy for safe calls (network
 * errors and 408/429/5xx, full jitter, Retry-After), and the outage bound (outage.ts): after enough
 * failed requests in a row, over long enough, no request is sent any more.
 */








const WORKSPACE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const USER_AGENT = 'datacompare (+https://github.com/datacompare/datacompare)';
/** Of an error answer, only this much is read (its first sentence is all a message shows). */
const ERROR_BODY_BYTES = 64 * 1024;
class ServiceTransport {
    baseUrl;
    options;
    requestTimeoutMs;
    fetchImpl;
    address;
    outage;
    /** The service's clock minus ours, from the Date header of its last answer. */
    skewMs;
    constructor(options) {
        let url;
        try {
            url = new URL(options.baseUrl);
        }
        catch {
            throw new errors/* ConfigurationError */.j1(`The API URL "${options.baseUrl}" is not a valid URL.`, { hint: 'Use e.g. https://service.example.com/api/v1.' });
        }
        if (url.protocol !== 'http:' && url.protocol !== 'https:') {
            throw new errors/* ConfigurationError */.j1(`The API URL "${options.baseUrl}" must start with https:// (or http://).`);
        }
        if (!options.apiKey)
            throw new errors/* ConfigurationError */.j1('An API key is required in api mode.', { hint: 'Set the api-key input (or DATACOMPARE_API_KEY).' });
        const workspaceSetting = options.workspaceSetting ?? 'the workspace-id input (or DATACOMPARE_WORKSPACE_ID)';
        if (!options.workspaceId)
            throw new errors/* ConfigurationError */.j1('A workspace id is required in api mode.', { hint: `Set ${workspaceSetting}.` });
        if (!WORKSPACE_ID.test(options.workspaceId)) {
            // never echoed: a key pasted into the wrong setting must not reach a log
            throw new errors/* ConfigurationError */.j1(`The workspace id (${options.workspaceId.length} characters) is not a UUID like 0f8c2d1e-3b4a-4c5d-8e6f-7a8b9c0d1e2f.`, {
                hint: `Set ${workspaceSetting} to the workspace's id as the service shows it (the API key goes in its own setting).`,
            });
        }
        (0,redact/* addSecret */.Ck)(options.apiKey);
        this.baseUrl = url.href.replace(/\/+$/, '');
        this.options = options;
        this.fetchImpl = options.fetch ?? fetch;
        this.requestTimeoutMs = options.requestTimeoutMs ?? 30_000;
        this.address = { url: this.baseUrl, setting: options.urlSetting ?? 'the API URL setting' };
        this.outage = new OutageBound(this.address, options.outage);
    }
    /** The service's time now (our clock corrected by its last Date header); undefined before any answer. */
    serviceNow() {
        return this.skewMs === undefined ? undefined : new Date(Date.now() + this.skewMs);
    }
    get maxAttempts() {
        return this.options.maxAttempts ?? 5;
    }
    /** The wait before the next attempt after `error` (Retry-After, else full jitter). */
    retryDelay(error, attempt) {
        return error.retryAfterMs ?? (0,retry/* fullJitterDelay */.x4)(attempt - 1, this.options.backoff);
    }
    /** An abortable pause (the injectable clock of tests). */
    pause(ms, signal) {
        return (this.options.sleep ?? abort/* sleep */.yy)(ms, this.signalFor(signal));
    }
    signalFor(signal) {
        return this.options.signal || signal ? (0,abort/* anySignal */.JG)(this.options.signal, signal) : undefined;
    }
    /** A call retried on network errors and 408/429/5xx, honouring Retry-After. */
    safeCall(spec, maxAttempts) {
        const signal = this.signalFor(spec.signal);
        return (0,retry/* retry */.L5)(() => this.call(spec), {
            maxAttempts: maxAttempts ?? this.options.maxAttempts ?? 5,
            ...this.options.backoff,
            ...(this.options.sleep ? { sleep: this.options.sleep } : {}),
            ...(signal ? { signal } : {}),
            classify: (error) => error instanceof ApiCallError && error.retryable
                ? { retry: true, reason: error.message, ...(error.retryAfterMs !== undefined ? { retryAfterMs: error.retryAfterMs } : {}) }
                : { retry: false },
            onRetry: (info) => this.options.logger.debug(`${spec.endpoint}: attempt ${info.attempt} failed (${info.reason}); retrying in ${info.delayMs} ms.`),
        });
    }
    /** One HTTP request: no retry. Not sent once the service is given up on (ServiceUnavailableError). */
    async call(spec) {
        const outer = this.signalFor(spec.signal);
        (0,abort/* throwIfAborted */.Te)(outer);
        this.outage.check();
        const sentAt = Date.now();
        try {
            const answer = await this.exchange(spec, outer);
            this.outage.answered();
            return answer;
        }
        catch (error) {
            if (error instanceof ApiCallError && !outer?.aborted) {
                if (error.retryable || error.failure === 'too-large' || error.failure === 'invalid-response')
                    this.outage.failed(sentAt, error);
                else
                    this.outage.answered();
            }
            throw error;
        }
    }
    async exchange(spec, outer) {
        const timeout = AbortSignal.timeout(this.requestTimeoutMs);
        const url = new URL(this.baseUrl + spec.path);
        for (const [key, value] of Object.entries(spec.query ?? {})) {
            if (value !== undefined)
                url.searchParams.set(key, String(value));
        }
        const headers = {
            authorization: `Bearer ${this.options.apiKey}`,
            'workspace-id': this.options.workspaceId,
            accept: 'application/json',
            'user-agent': USER_AGENT,
        };
        if (spec.body !== undefined)
            headers['content-type'] = 'application/json';
        if (spec.method === 'POST')
            headers['idempotency-key'] = spec.idempotencyKey ?? (0,external_node_crypto_.randomUUID)();
        const limit = this.options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
        const tally = { headers: false, bytes: 0 };
        let response;
        let text;
        try {
            response = await this.fetchImpl(url, {
                method: spec.method,
                headers,
                ...(spec.body !== undefined ? { body: JSON.stringify(spec.body) } : {}),
                signal: (0,abort/* anySignal */.JG)(outer, timeout),
                redirect: 'follow',
            });
            tally.headers = true;
            const date = Date.parse(response.headers.get('date') ?? '');
            if (!Number.isNaN(date))
                this.skewMs = date - Date.now();
            text = response.ok ? await readBodyText(response, limit, 'fail', tally) : await readBodyText(response, ERROR_BODY_BYTES, 'cut', tally);
        }
        catch (error) {
            (0,abort/* throwIfAborted */.Te)(outer);
            if (error instanceof BodyTooLargeError)
                throw tooLargeError(spec.endpoint, error.limitBytes, this.address, error.declaredBytes);
            if (timeout.aborted)
                throw timeoutError(spec.endpoint, this.requestTimeoutMs, tally.headers ? tally.bytes : undefined);
            throw networkError(spec.endpoint, error, this.address);
        }
        let body = text;
        try {
            body = text === '' ? undefined : JSON.parse(text);
        }
        catch {
            // keep the text: error pages from proxies are HTML or plain text
        }
        if (!response.ok) {
            throw httpError(spec.endpoint, response.status, body, (0,retry/* parseRetryAfter */.mu)(response.headers.get('retry-after')), this.address);
        }
        if (typeof body !== 'object' || body === null) {
            throw invalidResponseError(spec.endpoint, response.status, text === '' ? 'the body is empty' : 'the body is not JSON', this.address);
        }
        const parsed = spec.schema.safeParse(spec.prepare ? spec.prepare(body) : body);
        if (!parsed.success) {
            const issues = parsed.error.issues
                .slice(0, 3)
                .map((issue) => `${issue.path.join('.') || '(body)'}: ${issue.message}`)
                .join('; ');
            throw invalidResponseError(spec.endpoint, response.status, issues, this.address);
        }
        return parsed.data;
    }
}
//# sourceMappingURL=transport.js.map
;// CONCATENATED MODULE: ./build/src/api/client.js
/**
 * The Data Comparison Service client: every endpoint of the API document, each answer parsed with
 * the shared zod contract (unknown fields kept) through ServiceTransport (auth headers, time limits,
 * AbortSignal). Safe calls (GETs, the details POST, terminate) retry on network errors and
 * 408/429/5xx with full-jitter backoff and Retry-After. Execute is never blindly retried: every attempt
 * carries the same Idempotency-Key, and after an ambiguous failure the job list is searched for a job
 * proven to be this request's first (execute-once.ts, recovery.ts), so a job is never started twice.
 */







class ApiClient {
    baseUrl;
    statuses;
    http;
    constructor(options) {
        this.http = new ServiceTransport(options);
        this.baseUrl = this.http.baseUrl;
        this.statuses = new StatusReader(options.logger);
    }
    /** The same client bound to another signal (e.g. to terminate jobs after the run's own signal fired). */
    withSignal(signal) {
        const { signal: _previous, ...rest } = this.http.options;
        return new ApiClient({ ...rest, ...(signal ? { signal } : {}) });
    }
    // ───────────────────────────── endpoints ─────────────────────────────
    /** POST /comparisons?create_only=true: stores the comparison without running it. */
    async createComparison(body, options = {}) {
        const answer = await this.http.safeCall({
            method: 'POST',
            endpoint: 'POST /comparisons',
            path: '/comparisons',
            query: { create_only: true },
            body,
            schema: comparisonCreateResponseSchema,
            idempotencyKey: (0,external_node_crypto_.randomUUID)(),
            ...(options.signal ? { signal: options.signal } : {}),
        });
        return answer.data;
    }
    /**
     * GET /comparisons/{comparison_id}: a stored comparison as the service keeps it (the document lists
     * the operation without its shape; ours answers with the create response's comparison).
     */
    async getComparison(id, options = {}) {
        const answer = await this.http.safeCall({
            method: 'GET',
            endpoint: 'GET /comparisons/{comparison_id}',
            path: `/comparisons/${encodeURIComponent(id)}`,
            schema: comparisonGetResponseSchema,
            ...(options.signal ? { signal: options.signal } : {}),
        });
        return answer.data;
    }
    /**
     * What identifies one logical execute: a fresh Idempotency-Key (sent on every attempt) and the
     * service's time before it is sent (its clock, from a Date header; one job-list call when no answer
     * has given it yet). Make it before sending, and keep it where a later step can find the job.
     */
    async newIdentity(signal) {
        if (!this.http.serviceNow()) {
            try {
                await this.listJobs({ page: 1, size: 1 }, signal);
            }
            catch (error) {
                if (signal?.aborted || this.http.options.signal?.aborted)
                    throw error;
                this.http.options.logger.debug(`the service's clock could not be read from its job list: ${String(error)}`);
            }
        }
        const now = this.http.serviceNow();
        return { idempotencyKey: (0,external_node_crypto_.randomUUID)(), sentAfter: now ? new Date(now.getTime() - CLOCK_SLACK_MS) : undefined };
    }
    /**
     * POST /comparisons/{id}/execute, one job at most (see execute-once.ts). A lost answer is recovered
     * only from a job proven to be this request's (identifySingle): its Idempotency-Key, or for a
     * comparison this run created (`ownComparison`), a new job of it. Otherwise UnprovableJobError.
     */
    async execute(comparison, options = {}) {
        const identity = options.identity ?? (await this.newIdentity(options.signal));
        const endpoint = 'POST /comparisons/{comparison_id}/execute';
        const what = `"${comparison.name}" (comparison ${comparison.id})`;
        const { value, recovered } = await executeOnce(this.http, {
            endpoint,
            what,
            ...(options.signal ? { signal: options.signal } : {}),
            send: async () => {
                const answer = await this.http.call({
                    method: 'POST',
                    endpoint,
                    path: `/comparisons/${encodeURIComponent(comparison.id)}/execute`,
                    ...(options.query ? { query: options.query } : {}),
                    schema: executeResponseSchema,
                    idempotencyKey: identity.idempotencyKey,
                    ...(options.signal ? { signal: options.signal } : {}),
                });
                return { runId: answer.run_id, taskId: taskIdOf(answer) };
            },
            recover: async () => {
                const jobs = await this.jobsOf(identity, options.ownComparison ? { filter: comparison.name } : {}, options.signal);
                const found = identifySingle(jobs, identity, comparison.id, { ownComparison: options.ownComparison ?? false, ...(options.knownRunIds ? { known: options.knownRunIds } : {}) });
                if (found.kind === 'unprovable')
                    throw new UnprovableJobError(endpoint, what, 'the answer was lost', found.candidates);
                return found.kind === 'found' ? { runId: found.job.job_id, taskId: found.job.task_id } : undefined;
            },
        });
        return recovered ? { ...value, recovered } : value;
    }
    /**
     * POST /comparisons/execute_multiple for an agent run, one job per config at most: the same body and
     * Idempotency-Key on every attempt; a lost answer is recovered only from jobs proven to be this
     * request's (identifyBatch), else UnprovableJobError.
     */
    async executeMultiple(body, options = {}) {
        const identity = options.identity ?? (await this.newIdentity(options.signal));
        const endpoint = 'POST /comparisons/execute_multiple';
        const configs = body.comparison_agent_configs;
        const what = `agent run ${body.agent_run_id} (${configs.length} comparison(s))`;
        const sent = configs.map((config) => ({
            id: config.id,
            name: config.configuration.name,
            ...(datasetName(config.configuration.source_dataset_id, config.configuration.configuration.source_query) ?? {}),
            ...(datasetName(config.configuration.target_dataset_id, config.configuration.configuration.target_query, 'target') ?? {}),
        }));
        const { value, recovered } = await executeOnce(this.http, {
            endpoint,
            what,
            ...(options.signal ? { signal: options.signal } : {}),
            send: async () => {
                const answer = await this.http.call({
                    method: 'POST',
                    endpoint,
                    path: '/comparisons/execute_multiple',
                    body,
                    schema: executeMultipleResponseSchema,
                    idempotencyKey: identity.idempotencyKey,
                    ...(options.signal ? { signal: options.signal } : {}),
                });
                const started = new Map();
                for (const config of configs) {
                    const runId = answer.mapped_run_ids[String(config.id)];
                    if (runId === undefined) {
                        throw invalidResponseError(endpoint, 200, `mapped_run_ids has no job for config id ${config.id} ("${config.configuration.name}")`);
                    }
                    started.set(config.id, { runId, taskId: undefined });
                }
                return started;
            },
            recover: async () => {
                const jobs = await this.jobsOf(identity, { agentRunId: body.agent_run_id }, options.signal);
                const found = identifyBatch(jobs, identity, body.agent_run_id, sent);
                if (found.kind === 'unprovable')
                    throw new UnprovableJobError(endpoint, what, 'the answer was lost', found.candidates);
                if (found.kind === 'none')
                    return undefined;
                return new Map([...found.jobs].map(([id, job]) => [id, { runId: job.job_id, taskId: job.task_id }]));
            },
        });
        if (recovered)
            for (const run of value.values())
                run.recovered = true;
        return value;
    }
    /** Jobs created since the execute of `identity` was sent, narrowed by its key on services that filter by it. */
    async jobsOf(identity, narrow, signal) {
        const since = identity.sentAfter ?? new Date(Date.now() - 5 * 60_000);
        return this.recentJobs(since, signal, narrow.filter, { idempotencyKey: identity.idempotencyKey, ...(narrow.agentRunId ? { agentRunId: narrow.agentRunId } : {}) });
    }
    /** POST /jobs/comparison/details for any number of job ids (batched by the service's limit). */
    async jobDetails(runIds, options = {}) {
        const details = [];
        for (let start = 0; start < runIds.length; start += MAX_DETAIL_IDS) {
            const answer = await this.http.safeCall({
                method: 'POST',
                endpoint: 'POST /jobs/comparison/details',
                path: '/jobs/comparison/details',
                body: runIds.slice(start, start + MAX_DETAIL_IDS),
                schema: jobDetailsResponseSchema.extend({ meta: jobDetailsResponseSchema.shape.meta.optional() }),
                prepare: wrapBareList,
                idempotencyKey: (0,external_node_crypto_.randomUUID)(),
                ...(options.signal ? { signal: options.signal } : {}),
            });
            details.push(...answer.data);
        }
        return details;
    }
    /** GET /jobs/comparison: one page. */
    async listJobs(options = {}, signal) {
        const answer = await this.http.safeCall({
            method: 'GET',
            endpoint: 'GET /jobs/comparison',
            path: '/jobs/comparison',
            query: {
                page: options.page,
                size: options.size,
                filter: options.filter,
                status_filters: options.statuses?.join(','),
                start_time: options.startTime?.toISOString(),
                end_time: options.endTime?.toISOString(),
                idempotency_key: options.idempotencyKey,
                agent_run_id: options.agentRunId,
            },
            schema: jobListResponseSchema.extend({ meta: jobListMetaSchema.partial().optional() }),
            prepare: wrapBarePage,
            ...(signal ? { signal } : {}),
        });
        return { ...answer.data, ...(answer.meta ? { meta: answer.meta } : {}) };
    }
    /** GET /jobs/comparison/{job_id}/diff-details */
    async diffDetails(runId, options = {}) {
        const answer = await this.http.safeCall({
            method: 'GET',
            endpoint: 'GET /jobs/comparison/{job_id}/diff-details',
            path: `/jobs/comparison/${runId}/diff-details`,
            schema: diffDetailsResponseSchema.extend({ meta: diffDetailsResponseSchema.shape.meta.optional() }),
            ...(options.signal ? { signal: options.signal } : {}),
        });
        return answer.data;
    }
    /** POST /jobs/{task_id}/terminate (terminating twice is harmless, so it is retried like a GET). */
    async terminate(taskId, options = {}) {
        const answer = await this.http.safeCall({
            method: 'POST',
            endpoint: 'POST /jobs/{task_id}/terminate',
            path: `/jobs/${encodeURIComponent(taskId)}/terminate`,
            schema: terminateResponseSchema,
            idempotencyKey: (0,external_node_crypto_.randomUUID)(),
            ...(options.signal ? { signal: options.signal } : {}),
        }, options.maxAttempts);
        return answer.message;
    }
    /** GET /sources: one page. */
    async listSources(options = {}, signal) {
        const answer = await this.http.safeCall({
            method: 'GET',
            endpoint: 'GET /sources',
            path: '/sources',
            query: { filter: options.filter, page: options.page, size: options.size, sort_by: options.sortBy, sort_order: options.sortOrder },
            schema: sourcesResponseSchema.extend({ message: sourcesResponseSchema.shape.message.optional(), meta: sourcesResponseSchema.shape.meta.optional() }),
            prepare: wrapBarePage,
            ...(signal ? { signal } : {}),
        });
        return answer.data;
    }
    /** Every data source whose name matches `filter` (all pages). */
    async allSources(filter, signal) {
        const all = [];
        for (let page = 1; page <= 1000; page++) {
            const answer = await this.listSources({ ...(filter !== undefined ? { filter } : {}), page, size: MAX_PAGE_SIZE, sortBy: 'name', sortOrder: 'asc' }, signal);
            all.push(...answer.items);
            if (answer.items.length === 0 || page >= answer.pages)
                break;
        }
        return all;
    }
    // ───────────────────────────── job-list lookups ─────────────────────────────
    /** Job ids of a comparison's runs of the last 24 hours. */
    async runIdsOf(comparison, signal) {
        const jobs = await this.recentJobs(new Date(Date.now() - 24 * 60 * 60_000), signal, comparison.name);
        return new Set(jobs.filter((job) => job.comparison_id === comparison.id).map((job) => job.job_id));
    }
    /** Task ids of jobs (from the job list) for services whose job details do not carry them. */
    async taskIdsOf(runIds, since, signal) {
        const wanted = new Set(runIds);
        const found = new Map();
        if (wanted.size === 0)
            return found;
        for (const job of await this.recentJobs(new Date(since.getTime() - 5 * 60_000), signal)) {
            if (wanted.has(job.job_id) && job.task_id)
                found.set(job.job_id, job.task_id);
        }
        return found;
    }
    /** Jobs created since `since` (up to 10 pages of 100), optionally only comparisons whose name contains `filter`. */
    async recentJobs(since, signal, filter, ours = {}) {
        const jobs = [];
        for (let page = 1; page <= 10; page++) {
            const answer = await this.listJobs({ page, size: MAX_PAGE_SIZE, startTime: since, ...(filter !== undefined ? { filter } : {}), ...ours }, signal);
            jobs.push(...answer.items);
            if (answer.items.length === 0 || page >= answer.pages)
                break;
        }
        return jobs;
    }
}
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The dataset name the job list will show for a side (not for a query, nor a dataset given by id). */
function datasetName(dataset, query, side = 'source') {
    if (query || !dataset || UUID.test(dataset))
        return undefined;
    return side === 'source' ? { sourceDataset: dataset } : { targetDataset: dataset };
}
//# sourceMappingURL=client.js.map
;// CONCATENATED MODULE: ./build/src/api/resolve.js

const resolve_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
function isUuid(text) {
    return resolve_UUID.test(text);
}
/** Resolves data source names to ids, asking the service once per name. */
class DatasourceResolver {
    client;
    cache = new Map();
    constructor(client) {
        this.client = client;
    }
    /** The id of the data source called `name` on the service (a UUID is returned as is). */
    resolve(name, signal) {
        if (isUuid(name))
            return Promise.resolve(name);
        let id = this.cache.get(name);
        if (!id) {
            id = this.lookup(name, signal);
            this.cache.set(name, id);
        }
        return id;
    }
    async lookup(name, signal) {
        const candidates = await this.client.allSources(name, signal);
        const exact = candidates.filter((source) => source.name === name);
        if (exact.length === 1)
            return exact[0].id;
        if (exact.length > 1) {
            throw new errors/* ConfigurationError */.j1(`The service has ${exact.length} data sources named "${name}" (ids ${exact.map((s) => s.id).join(', ')}).`, { hint: 'Set `service:` on the datasource in the spec to the UUID of the one to use.' });
        }
        const all = await this.client.allSources(undefined, signal);
        const names = [...new Set(all.map((source) => source.name))].sort();
        const near = names.filter((other) => other.toLowerCase() === name.toLowerCase());
        const listed = names.length === 0 ? 'it has none' : `it has: ${names.slice(0, 30).map((n) => `"${n}"`).join(', ')}${names.length > 30 ? ` and ${names.length - 30} more` : ''}`;
        throw new errors/* ConfigurationError */.j1(`The service has no data source named "${name}"; ${listed}.`, {
            hint: near.length > 0
                ? `Names match exactly, case included: did you mean "${near[0]}"? Set \`service:\` on the datasource in the spec.`
                : 'Set `service:` on the datasource in the spec to the name (or UUID) the service shows (`datacompare sources` lists them).',
        });
    }
}
/** The create body (4.3) for a comparison; throws ConfigurationError when api mode cannot run it. */
function buildCreateBody(definition, sourceDatasourceId, targetDatasourceId) {
    const missing = [];
    // a dbt model's columns: those both manifests declare (the service cannot introspect for us)
    const declared = definition.declaredColumns;
    const columns = definition.columns ?? (declared && declared.length > 0 ? { source: declared, target: declared } : null);
    if (!columns)
        missing.push('`columns` (or `source_columns` and `target_columns`)');
    if (!definition.primaryKeys)
        missing.push('`primary_keys` (or `primary_keys_source` and `primary_keys_target`)');
    if (missing.length > 0 || !columns || !definition.primaryKeys) {
        throw new errors/* ConfigurationError */.j1(`Comparison "${definition.name}" needs explicit ${missing.join(' and ')} in api mode.`, {
            hint: definition.dbt
                ? `The service cannot discover columns or keys for us. Declare the model's columns in its .yml (api mode compares the columns both manifests declare)${definition.primaryKeys ? '' : ' and its key (a unique test, a primary_key constraint, or dbt.models.<model>.primary_keys in the spec)'}, or run it in local mode.`
                : 'The service cannot discover columns or keys for us; list them in the spec (local mode finds them by introspection).',
        });
    }
    const { source, target } = definition;
    const configuration = {
        source_columns: columns.source,
        target_columns: columns.target,
        primary_keys_source: definition.primaryKeys.source,
        primary_keys_target: definition.primaryKeys.target,
        case_sensitive: definition.caseSensitive,
        quick_comparison: definition.quickComparison,
        schema_diff: definition.schemaDiff,
        max_diff_rows: Math.min(definition.maxDiffRows, 10_000),
        ...(source.filter !== undefined ? { source_filter: source.filter } : {}),
        ...(target.filter !== undefined ? { target_filter: target.filter } : {}),
        ...(source.query !== undefined ? { source_query: source.query } : {}),
        ...(target.query !== undefined ? { target_query: target.query } : {}),
        ...(Object.keys(definition.tolerance).length > 0 ? { tolerance: definition.tolerance } : {}),
        ...(definition.accept && definition.accept.length > 0 ? { accept: definition.accept.filter((kind) => kind !== 'other') } : {}),
    };
    return {
        name: definition.name,
        source_datasource_id: sourceDatasourceId,
        target_datasource_id: targetDatasourceId,
        ...(source.query === undefined ? { source_dataset_id: source.dataset ?? null } : {}),
        ...(target.query === undefined ? { target_dataset_id: target.dataset ?? null } : {}),
        configuration,
    };
}
/**
 * One warning about options beyond the API document: thresholds are applied here to the returned
 * counters (only when every counter they count was returned); tolerance is sent as an extension (applied by `datacompare serve`, ignored by the hosted
 * service). undefined when no comparison uses them.
 */
function localOnlyOptionsWarning(definitions) {
    const tolerance = definitions.filter((d) => Object.keys(d.tolerance).length > 0).map((d) => d.name);
    const thresholds = definitions
        .filter((d) => d.thresholds.maxMismatchedRows !== undefined || d.thresholds.maxMismatchRatio !== undefined)
        .map((d) => d.name);
    const parts = [];
    if (thresholds.length > 0) {
        parts.push(`thresholds (${thresholds.join(', ')}) are applied by datacompare to the counters the service returns (a MISMATCH stands when it does not return every counter they count)`);
    }
    if (tolerance.length > 0) {
        parts.push(`tolerance (${tolerance.join(', ')}) is sent as an extension that \`datacompare serve\` applies and the hosted service ignores`);
    }
    const accepting = definitions.filter((d) => (d.accept?.length ?? 0) > 0 && d.comparisonId === undefined).map((d) => d.name);
    if (accepting.length > 0) {
        parts.push(`accept (${accepting.join(', ')}) is sent as an extension: a service that does not say it applied it (stats.accepted_rows) leaves its verdict standing`);
    }
    const comparing = definitions.filter((d) => Object.keys(d.compareAs ?? {}).length > 0 || d.precision === 'strict').map((d) => d.name);
    if (comparing.length > 0)
        parts.push(`compare_as and precision (${comparing.join(', ')}) apply in local mode only: the service compares by its own rules`);
    return parts.length > 0 ? `In api mode, options beyond the API document work differently: ${parts.join('; ')}.` : undefined;
}
//# sourceMappingURL=resolve.js.map
;// CONCATENATED MODULE: ./build/src/runner/api-cleanup.js




function identityOf(pending) {
    return { idempotencyKey: pending.idempotencyKey, sentAfter: pending.sentAfter ? new Date(pending.sentAfter) : undefined };
}
/** "6 s", "1.5 min": a comparison's timeout_minutes in words. */
function formatLimit(ms) {
    return ms < 60_000 ? `${Number((ms / 1000).toFixed(1))} s` : `${Number((ms / 60_000).toFixed(1))} min`;
}
/** Why `detail` is not the job of `slot` (a sentence), or undefined when nothing says so. */
function foreignJob(slot, detail) {
    const name = slot.definition.name;
    const refused = `its result is refused for "${name}"`;
    if (slot.comparisonId !== undefined && detail.comparison_id !== slot.comparisonId) {
        return `The service reports job ${detail.run_id} as a run of comparison ${detail.comparison_id} ("${detail.comparison_name}"), not of comparison ${slot.comparisonId} that this run ${slot.ownComparison ? 'created' : 'named'}; ${refused}.`;
    }
    if (slot.configId !== undefined && detail.comparison_name !== name) {
        return `The service reports job ${detail.run_id} as a run of "${detail.comparison_name}", not of "${name}" that this run sent; ${refused}.`;
    }
    if (slot.identity && detail.idempotency_key && detail.idempotency_key !== slot.identity.idempotencyKey) {
        return `The service reports that job ${detail.run_id} was started by another request (another Idempotency-Key); ${refused}.`;
    }
    if (slot.configId !== undefined && detail.config_id != null && detail.config_id !== slot.configId) {
        return `The service reports job ${detail.run_id} as config ${detail.config_id} of its agent run, not config ${slot.configId}; ${refused}.`;
    }
    return undefined;
}
/**
 * The jobs one execute started, as far as they can be proven: `ours` (by its Idempotency-Key, or new
 * jobs of a comparison this run created), `unprovable` (jobs of the same comparison(s) since, that
 * may be another run's: never terminated).
 */
async function jobsOfExecute(client, pending) {
    const identity = identityOf(pending);
    const narrow = pending.agentRunId
        ? { agentRunId: pending.agentRunId }
        : pending.ownComparison && pending.comparisons[0] !== undefined
            ? { filter: pending.comparisons[0] }
            : {};
    const jobs = await client.jobsOf(identity, narrow);
    if (pending.comparisonId !== undefined) {
        const found = identifySingle(jobs, identity, pending.comparisonId, { ownComparison: pending.ownComparison });
        if (found.kind === 'found')
            return { ours: [found.job], unprovable: [] };
        return { ours: [], unprovable: found.kind === 'unprovable' ? found.candidates : [] };
    }
    if (listsIdempotencyKeys(jobs))
        return { ours: jobs.filter((job) => job.idempotency_key === identity.idempotencyKey), unprovable: [] };
    const configs = pending.comparisons.map((name, i) => ({ id: i + 1, name }));
    const found = identifyBatch(jobs, identity, pending.agentRunId ?? '', configs);
    return { ours: [], unprovable: found.kind === 'unprovable' ? found.candidates : [] };
}
/** Finds the jobs of unanswered executes among `slots` (one look; the caller looks again for late requests). */
async function findUnanswered(slots, client, logger) {
    const byKey = new Map();
    for (const slot of slots) {
        if (slot.result || slot.runId !== undefined || !slot.identity)
            continue;
        byKey.set(slot.identity.idempotencyKey, [...(byKey.get(slot.identity.idempotencyKey) ?? []), slot]);
    }
    for (const group of byKey.values()) {
        const first = group[0];
        const pending = {
            comparisons: group.map((slot) => slot.definition.name),
            idempotencyKey: first.identity.idempotencyKey,
            ...(first.identity.sentAfter ? { sentAfter: first.identity.sentAfter.toISOString() } : {}),
            ownComparison: first.ownComparison ?? first.configId !== undefined,
            ...(first.configId === undefined && first.comparisonId !== undefined ? { comparisonId: first.comparisonId } : {}),
            ...(first.agentRunId !== undefined ? { agentRunId: first.agentRunId } : {}),
        };
        try {
            const { ours, unprovable } = await jobsOfExecute(client, pending);
            for (const slot of group) {
                const job = first.configId === undefined ? ours[0] : ours.find((candidate) => candidate.config_id === slot.configId && candidate.comparison_name === slot.definition.name);
                if (job)
                    Object.assign(slot, { runId: job.job_id, taskId: job.task_id });
            }
            if (unprovable.length > 0) {
                logger.warning(`The execute of ${pending.comparisons.map((n) => `"${n}"`).join(', ')} got no answer; job(s) ${unprovable.map((j) => j.job_id).join(', ')} of the same comparison(s) cannot be proven to be this run's and are left alone.`);
            }
        }
        catch (error) {
            logger.debug(`looking for the jobs of an unanswered execute failed: ${String(error)}`);
        }
    }
}
/**
 * Terminates every unfinished job of `slots` in parallel within `withinMs` (unanswered executes looked
 * up first, and again for a while when `lateMs` is given: a request may land after the cancel).
 * Returns the slots whose job was terminated.
 */
async function terminateUnfinished(slots, client, logger, withinMs, lateMs = 0) {
    const done = new Set();
    const started = Date.now();
    const deadline = AbortSignal.timeout(withinMs);
    // a fresh client: the run's own signal has fired
    const fresh = client.withSignal(deadline);
    const unanswered = () => slots.filter((slot) => !slot.result && slot.runId === undefined && slot.identity !== undefined);
    await findUnanswered(slots, fresh, logger);
    while (unanswered().length > 0 && Date.now() - started < lateMs && !deadline.aborted) {
        await (0,abort/* sleep */.yy)(Math.min(500, lateMs), deadline).catch(() => { });
        await findUnanswered(slots, fresh, logger);
    }
    const unknownTask = slots.filter((slot) => !slot.result && slot.runId !== undefined && slot.taskId === undefined);
    if (unknownTask.length > 0) {
        try {
            const found = await fresh.taskIdsOf(unknownTask.map((slot) => slot.runId), new Date(Date.now() - 24 * 60 * 60_000));
            for (const slot of unknownTask)
                slot.taskId = found.get(slot.runId);
        }
        catch (error) {
            logger.debug(`looking up task ids to terminate failed: ${String(error)}`);
        }
    }
    const open = slots.filter((slot) => !slot.result && slot.runId !== undefined && slot.taskId !== undefined);
    await Promise.all(open.map(async (slot) => {
        try {
            await fresh.terminate(slot.taskId, { maxAttempts: 3 });
            done.add(slot);
            logger.info(`Terminated job ${slot.runId} ("${slot.definition.name}") on the service.`);
        }
        catch (error) {
            logger.warning(`Could not terminate job ${slot.runId} ("${slot.definition.name}", task ${slot.taskId}): ${(0,redact/* redact */.E$)((0,errors/* toDatacompareError */.bC)(error).message)}`);
        }
    }));
    return done;
}
//# sourceMappingURL=api-cleanup.js.map
// EXTERNAL MODULE: ./build/src/engine/cut-values.js
var cut_values = __webpack_require__(89031);
// EXTERNAL MODULE: ./build/src/engine/outcome.js
var outcome = __webpack_require__(36576);
;// CONCATENATED MODULE: ./build/src/api/result-checks.js

const COUNTERS = [
    'source_rows',
    'target_rows',
    'matched_rows',
    'mismatched_rows',
    'only_in_source',
    'only_in_target',
    'duplicate_keys_source',
    'duplicate_keys_target',
    'null_keys_source',
    'null_keys_target',
];
/** Counters above 0 only when something differs. */
const DIFFERENCE_COUNTERS = COUNTERS.filter((name) => !['source_rows', 'target_rows', 'matched_rows'].includes(name));
const DIFF_TYPES = ['changed', 'only_in_source', 'only_in_target'];
function checkServiceResult(result) {
    const found = { contradictions: [], gaps: [] };
    const facts = readFacts(result, found);
    checkTotals(facts, found);
    checkRows(result, facts, found);
    checkColumns(result, facts, found);
    checkSides(result, facts, found);
    checkStatus(result, facts, found);
    const acceptedRows = checkAccepted(result, facts, found);
    return {
        contradictions: found.contradictions,
        thresholdGaps: result.diffStatus === 'MISMATCH' ? [...gapsOf(result, facts), ...found.gaps] : [],
        counters: facts.counters,
        acceptedRows,
        schemaDiff: facts.schemaDiff,
    };
}
/** Rows accepted count among the matched: more accepted than matched contradicts itself. */
function checkAccepted(result, facts, found) {
    const accepted = result.stats?.accepted_rows;
    if (accepted === undefined || accepted === null)
        return undefined;
    if (!isCount(accepted)) {
        found.contradictions.push(`stats.accepted_rows is ${show(accepted)}, not a count`);
        return undefined;
    }
    const matched = facts.counters.matched_rows;
    if (matched !== undefined && accepted > matched)
        found.contradictions.push(`accepted_rows is ${accepted} but matched_rows, which counts them, is ${matched}`);
    return accepted;
}
function readFacts(result, found) {
    const notACount = (what, value) => found.contradictions.push(`${what} is ${show(value)}, not a count`);
    const counters = {};
    for (const name of COUNTERS) {
        const value = result.stats?.[name];
        if (value === undefined || value === null)
            continue;
        if (isCount(value))
            counters[name] = value;
        else
            notACount(`stats.${name}`, value);
    }
    const total = (where, value) => {
        if (value === undefined || isCount(value))
            return value;
        notACount(`diff_rows_total ${where}`, value);
        return undefined;
    };
    const fromResult = total('in the result', result.total);
    const fromDiff = total('in the diff details', result.diff?.diff_rows_total);
    const columns = new Map();
    for (const [column, { mismatch_count: mismatches }] of Object.entries(result.diff?.mismatched_columns_mapping ?? {})) {
        if (isCount(mismatches))
            columns.set(column, mismatches);
        else
            notACount(`the mismatch_count of column ${show(column)}`, mismatches);
    }
    const schemaDiff = readSchemaDiff(result.schemaDiff);
    if (result.schemaDiff !== undefined && result.schemaDiff !== null && !schemaDiff) {
        found.contradictions.push('schema_diff is not readable (it needs the lists only_in_source, only_in_target and type_mismatches)');
    }
    return { counters, fromResult, fromDiff, rows: result.diff?.diff_rows ?? [], columns, columnSum: [...columns.values()].reduce((a, b) => a + b, 0), schemaDiff };
}
/** The two diff_rows_total agree, and equal the differing rows the counters count. */
function checkTotals({ counters: c, fromResult, fromDiff }, found) {
    if (fromResult !== undefined && fromDiff !== undefined && fromResult !== fromDiff) {
        found.contradictions.push(`diff_rows_total is ${fromResult} in the result but ${fromDiff} in the diff details`);
    }
    const total = fromResult ?? fromDiff;
    const differing = sumOf(c, ['mismatched_rows', 'only_in_source', 'only_in_target']);
    if (total !== undefined && differing !== undefined && total !== differing) {
        found.contradictions.push(`diff_rows_total is ${total} but mismatched_rows + only_in_source + only_in_target is ${differing}`);
    }
}
/** The rows the diff details hold: no more than the total (all of it when not truncated), none of a type beyond its counter. */
function checkRows(result, { counters: c, fromResult, fromDiff, rows }, found) {
    const total = fromDiff ?? fromResult; // the diff details' own total first (a disagreement is named already)
    if (total !== undefined && rows.length > total)
        found.contradictions.push(`the diff details hold ${count(rows.length, 'row')} but diff_rows_total is ${total}`);
    if (total !== undefined && rows.length < total && result.diff?.truncated === false) {
        found.contradictions.push(`the diff details hold ${rows.length} of ${total} differing rows yet say they are complete (truncated: false)`);
    }
    const perType = new Map();
    const unknown = rows.findIndex((row) => row._diff_type !== undefined && !(typeof row._diff_type === 'string' && DIFF_TYPES.includes(row._diff_type)));
    if (unknown >= 0)
        found.contradictions.push(`diff row ${unknown + 1} has _diff_type ${show(rows[unknown]._diff_type)}, which is none of ${DIFF_TYPES.join(', ')}`);
    for (const row of rows)
        if (typeof row._diff_type === 'string')
            perType.set(row._diff_type, (perType.get(row._diff_type) ?? 0) + 1);
    for (const [type, counter] of [
        ['changed', 'mismatched_rows'],
        ['only_in_source', 'only_in_source'],
        ['only_in_target', 'only_in_target'],
    ]) {
        const shown = perType.get(type) ?? 0;
        const counted = c[counter];
        if (counted !== undefined && shown > counted)
            found.contradictions.push(`the diff details hold ${count(shown, 'row')} of _diff_type ${type} but ${counter} is ${counted}`);
    }
}
/** Each column's mismatch_count at most mismatched_rows, and together at least it (a mismatched row differs in some column). */
function checkColumns(result, { counters: c, columns, columnSum }, found) {
    if (c.mismatched_rows === undefined || !result.diff)
        return;
    for (const [column, mismatches] of columns) {
        if (mismatches > c.mismatched_rows)
            found.contradictions.push(`column ${show(column)} has mismatch_count ${mismatches} but mismatched_rows is ${c.mismatched_rows}`);
    }
    if (columnSum < c.mismatched_rows)
        found.contradictions.push(`mismatched_rows is ${c.mismatched_rows} but the columns' mismatch_count add up to ${columnSum}`);
}
/**
 * Every row of each side accounted for: matched, mismatched, only in it, NULL-keyed, or under a
 * duplicated key (at least two rows each); exactly, when no key is duplicated on either side.
 */
function checkSides(result, { counters: c }, found) {
    const noDuplicates = c.duplicate_keys_source === 0 && c.duplicate_keys_target === 0;
    for (const side of ['source', 'target']) {
        const all = c[`${side}_rows`];
        const parts = ['matched_rows', 'mismatched_rows', `only_in_${side}`, `null_keys_${side}`];
        const counted = sumOf(c, parts.slice(0, 3));
        if (all === undefined || counted === undefined)
            continue;
        const nulls = c[`null_keys_${side}`];
        const duplicated = c[`duplicate_keys_${side}`] ?? 0;
        const lower = counted + (nulls ?? 0) + 2 * duplicated;
        const named = parts.filter((name) => c[name] !== undefined).join(' + ') + (duplicated > 0 ? ` + 2 × duplicate_keys_${side}` : '');
        if (lower > all)
            found.contradictions.push(`${named} is ${lower}, more than ${side}_rows (${all})`);
        // a quick comparison counts the rows only: its other counters are not measured
        else if (noDuplicates && nulls !== undefined && lower !== all && result.kind !== 'quick') {
            if (result.kind === 'full')
                found.contradictions.push(`with no duplicated key, ${named} (${lower}) must equal ${side}_rows (${all})`);
            else
                found.gaps.push(`the counters account for ${lower} of the ${all} ${side} rows`);
        }
    }
}
/** MATCH: no reason and nothing differing anywhere; MISMATCH: a reason, and something that shows it when every counter was sent. */
function checkStatus(result, facts, found) {
    const { counters: c, rows, columnSum, schemaDiff } = facts;
    const total = facts.fromResult ?? facts.fromDiff;
    const schemaDifferences = schemaDiff ? schemaDiff.only_in_source.length + schemaDiff.only_in_target.length + schemaDiff.type_mismatches.length : 0;
    const evidence = [
        ...DIFFERENCE_COUNTERS.filter((name) => (c[name] ?? 0) > 0).map((name) => `${name} is ${c[name]}`),
        ...(c.source_rows !== undefined && c.target_rows !== undefined && c.source_rows !== c.target_rows ? [`source_rows is ${c.source_rows} but target_rows is ${c.target_rows}`] : []),
        ...(total !== undefined && total > 0 ? [`diff_rows_total is ${total}`] : []),
        ...(rows.length > 0 ? [`the diff details hold ${count(rows.length, 'differing row')}`] : []),
        ...(columnSum > 0 ? [`the columns' mismatch_count add up to ${columnSum}`] : []),
        ...(schemaDifferences > 0 ? [`schema_diff lists ${count(schemaDifferences, 'difference')}`] : []),
    ];
    if (result.diffStatus === 'MATCH') {
        if (evidence.length > 0)
            found.contradictions.push(`diff_status is MATCH but ${listed(evidence)}`);
        if (result.reasons.length > 0)
            found.contradictions.push(`diff_status is MATCH but diff_reasons gives ${count(result.reasons.length, 'reason')} why the data differ`);
        return;
    }
    if (result.reasons.length === 0)
        found.contradictions.push('diff_status is MISMATCH but diff_reasons gives no reason');
    const everyCounter = COUNTERS.every((name) => c[name] !== undefined);
    const schemaKnown = schemaDiff !== undefined || (result.schemaDiff === undefined && result.schemaDiffAsked === false);
    if (everyCounter && schemaKnown && evidence.length === 0)
        found.contradictions.push('diff_status is MISMATCH but no counter, differing row or schema difference shows what differs');
}
/** Why the thresholds cannot judge this MISMATCH from what the service sent. */
function gapsOf(result, { counters: c, schemaDiff }) {
    const gaps = [];
    if (!result.stats)
        gaps.push('the service sent no counters (stats)');
    else {
        const unsent = COUNTERS.filter((name) => c[name] === undefined);
        if (unsent.length > 0)
            gaps.push(`the service did not send ${unsent.join(', ')}`);
    }
    if (result.kind === 'quick')
        gaps.push('a quick comparison counts rows, not differing rows');
    else if (result.stats && (0,outcome/* differingRowCount */.uk)(statsOf(c)) === 0)
        gaps.push('no counter shows a differing row (thresholds never excuse a difference they cannot count)');
    if (!schemaDiff && result.schemaDiffAsked === true)
        gaps.push('the service did not send the schema differences, which thresholds never excuse');
    if (!schemaDiff && result.schemaDiffAsked === undefined) {
        gaps.push(`the service sent no schema differences (thresholds never excuse one), and ${result.unknownWhy ?? 'whether the comparison asks for them is not known'}`);
    }
    return gaps;
}
/** The counters as the reports show them: those the service did not send as 0 (what it counted is in `counters`). */
function statsOf(counters) {
    return Object.fromEntries(COUNTERS.map((name) => [name, counters[name] ?? 0]));
}
function readSchemaDiff(value) {
    if (!value || typeof value !== 'object')
        return undefined;
    const record = value;
    if (!Array.isArray(record.only_in_source) || !Array.isArray(record.only_in_target) || !Array.isArray(record.type_mismatches))
        return undefined;
    return record;
}
function isCount(value) {
    return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}
function sumOf(c, names) {
    let sum = 0;
    for (const name of names) {
        const value = c[name];
        if (value === undefined)
            return undefined;
        sum += value;
    }
    return sum;
}
function count(n, noun) {
    return `${n} ${noun}${n === 1 ? '' : 's'}`;
}
function listed(items) {
    return items.length <= 3 ? items.join(', ') : `${items.slice(0, 3).join(', ')} (and ${items.length - 3} more)`;
}
function show(value) {
    const text = JSON.stringify(value) ?? String(value);
    return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}
//# sourceMappingURL=result-checks.js.map
;// CONCATENATED MODULE: ./build/src/api/value-families.js
/** How our service names a column's comparison (engine/outcome.ts comparedAs) → the family both sides were compared as. */
const COMPARED_AS = [
    [/^text\b/, 'text'],
    [/^integer\b/, 'integer'],
    [/^decimal\b/, 'decimal'],
    [/^number within\b/, 'decimal'],
    [/^float\b/, 'float'],
    [/^boolean\b/, 'boolean'],
    [/^date$/, 'date'],
    [/^timestamp with time zone\b/, 'timestamptz'],
    [/^timestamp\b/, 'timestamp'],
    [/^time\b/, 'time'],
    [/^uuid\b/, 'uuid'],
    [/^JSON\b/, 'json'],
    [/^bytes\b/, 'bytes'],
    [/^list\b/, 'list'],
    [/^set\b/, 'set'],
];
/** The family a `compared_as` phrase names (`decimal at scale 2` → decimal); undefined for one this version does not know. */
function familyOfComparedAs(phrase) {
    return COMPARED_AS.find(([pattern]) => pattern.test(phrase))?.[1];
}
const DATE = /^-?\d{4,6}-\d{2}-\d{2}$/;
const TIME = /^\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?$/;
/** A timestamp in the canonical (space) or ISO (T) form; group 1: its zone (Z or an offset) when written. */
const TIMESTAMP = /^-?\d{4,6}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?(Z|[+-]\d{2}(?::?\d{2})?)?$/;
/** A number written plainly (no exponent, no leading zero but the one before a point): how services send exact decimals. */
const PLAIN_DECIMAL = /^-?(?:0|[1-9]\d*)(?:\.\d+)?$/;
/**
 * One JSON value's family: a number is an integer (or a float), a boolean a boolean, an object JSON, a
 * string text unless it reads as a date, a time or a timestamp (with a zone: timestamptz). NULL says
 * nothing (`unknown`: only its partner's family matters to the kinds).
 */
function familyOfValue(value) {
    if (value === null || value === undefined)
        return 'unknown';
    if (typeof value === 'boolean')
        return 'boolean';
    if (typeof value === 'number')
        return Number.isSafeInteger(value) ? 'integer' : 'float';
    if (typeof value === 'object')
        return 'json';
    const text = String(value);
    if (DATE.test(text))
        return 'date';
    if (TIME.test(text))
        return 'time';
    const timestamp = TIMESTAMP.exec(text);
    if (timestamp)
        return timestamp[1] === undefined ? 'timestamp' : 'timestamptz';
    return 'text';
}
/**
 * Each side's family for one changed pair: the family `comparedAs` names when the service sent one
 * this version knows, else each value's own (familyOfValue). A string written as a plain decimal is a
 * decimal when its partner is a number or one too: services send exact decimals as strings (ours does),
 * and `'2988.33'` against `2988.3` is a rounding, not a text difference; `'00042'` stays text, so it is
 * still a number written with leading zeros.
 */
function pairFamilies(source, target, comparedAs) {
    const compared = comparedAs === undefined ? undefined : familyOfComparedAs(comparedAs);
    if (compared)
        return { source: compared, target: compared };
    const families = { source: familyOfValue(source), target: familyOfValue(target) };
    const numeric = (value, family) => family === 'integer' || family === 'float' || (typeof value === 'string' && PLAIN_DECIMAL.test(value));
    if (numeric(source, families.source) && numeric(target, families.target)) {
        if (families.source === 'text')
            families.source = 'decimal';
        if (families.target === 'text')
            families.target = 'decimal';
    }
    return families;
}
/**
 * A JSON value as the text classifyPair reads: NULL as null, a string as it is (a timestamp with an
 * offset as its UTC time, so two zones' ways of writing one instant compare), a number or a boolean as
 * its JSON text, anything else as its JSON.
 */
function valueText(value) {
    if (value === null || value === undefined)
        return null;
    if (typeof value === 'string')
        return utcOf(value) ?? value;
    if (typeof value === 'number' || typeof value === 'boolean')
        return String(value);
    return JSON.stringify(value);
}
const ZONED = /^(-?\d{4,6})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(\.\d{1,9})?([+-])(\d{2}):?(\d{2})$/;
/** `2024-05-01T12:00:00.5+02:00` → `2024-05-01 10:00:00.5`; undefined for anything else (UTC already, or not a timestamp). */
function utcOf(text) {
    const match = ZONED.exec(text);
    if (!match)
        return undefined;
    const [, year, month, day, hour, minute, second, fraction = '', sign, offsetHours, offsetMinutes] = match;
    const offset = (sign === '-' ? -1 : 1) * (Number(offsetHours) * 60 + Number(offsetMinutes));
    if (offset === 0)
        return `${year}-${month}-${day} ${hour}:${minute}:${second}${fraction}`;
    const date = new Date(0);
    date.setUTCFullYear(Number(year), Number(month) - 1, Number(day)); // Date.UTC would read years 0–99 as 1900–1999
    date.setUTCHours(Number(hour), Number(minute) - offset, Number(second));
    if (Number.isNaN(date.getTime()))
        return undefined;
    const y = date.getUTCFullYear();
    const yearText = `${y < 0 ? '-' : ''}${String(Math.abs(y)).padStart(4, '0')}`;
    const two = (n) => String(n).padStart(2, '0');
    return `${yearText}-${two(date.getUTCMonth() + 1)}-${two(date.getUTCDate())} ${two(date.getUTCHours())}:${two(date.getUTCMinutes())}:${two(date.getUTCSeconds())}${fraction}`;
}
//# sourceMappingURL=value-families.js.map
;// CONCATENATED MODULE: ./build/src/api/row-patterns.js


/** Most rows first; ties in PATTERN_KINDS order (a kind this version does not know after them), then by detail (code points). */
function sortPatterns(patterns) {
    const rank = (kind) => {
        const at = value_patterns/* PATTERN_KINDS */.Fi.indexOf(kind);
        return at < 0 ? value_patterns/* PATTERN_KINDS */.Fi.length : at;
    };
    const byDetail = (x, y) => ((x.detail ?? '') < (y.detail ?? '') ? -1 : (x.detail ?? '') > (y.detail ?? '') ? 1 : 0);
    return [...patterns].sort((x, y) => y.rows - x.rows || rank(x.kind) - rank(y.kind) || byDetail(x, y));
}
/**
 * A service's pattern counts as the reports read them: the fields we know, most rows first, and an
 * `example` only when it is the index of a row the service sent (a service may keep fewer rows than
 * it counted, e.g. under its byte bound).
 */
function keptPatterns(patterns, rowCount) {
    return sortPatterns(patterns.map(({ kind, rows, detail, example }) => ({
        kind,
        rows,
        ...(detail !== undefined ? { detail } : {}),
        ...(typeof example === 'number' && Number.isSafeInteger(example) && example >= 0 && example < rowCount ? { example } : {}),
    })));
}
/**
 * A value masked for a viewer without `read:sensitive` (sensitive/mask.ts: `*** ·3fa2c1`,
 * `j***@e***.com ·3fa2c1`, `**** 4242 ·3fa2c1`): its kind cannot be told, so its pair is not classified.
 */
const MASKED = /^(?:\*\*\*|[^@\s]\*\*\*@[^@\s]\*\*\*\.[a-z]{2,}|\*\*\*\* \d{4}) ·[0-9a-f]{6}$/i;
/**
 * One column's patterns from the changed rows the service sent: every pair it shows differing,
 * classified, except values it cut (`cut_values`) or masked, whose kind cannot be told. undefined when
 * no pair could be classified, or when the rows show more differing values than the column's
 * mismatch_count (then they do not say what the service counted, and no pattern is claimed).
 */
function patternsFromRows(data, column, options) {
    const of = data.mismatched_columns_mapping[column]?.mismatch_count ?? 0;
    if (of <= 0)
        return undefined;
    const sourceField = `source_${column}`;
    const targetField = `target_${column}`;
    const cut = new Set((data.cut_values ?? []).map((value) => `${value.row}\u0000${value.field}`));
    const comparedAs = data.compared_as?.[column];
    const foldsCase = comparedAs !== undefined ? comparedAs.endsWith(', case-insensitive') : !options.caseSensitive;
    const counts = new Map();
    let classified = 0;
    data.diff_rows.forEach((row, index) => {
        if ((row._diff_type ?? 'changed') !== 'changed' || !(sourceField in row) || !(targetField in row))
            return;
        const source = row[sourceField];
        const target = row[targetField];
        if (JSON.stringify(source) === JSON.stringify(target))
            return; // a row listing every column: not a difference
        if (foldsCase && typeof source === 'string' && typeof target === 'string' && source.toLowerCase() === target.toLowerCase())
            return;
        if (cut.has(`${index}\u0000${sourceField}`) || cut.has(`${index}\u0000${targetField}`))
            return;
        if ([source, target].some((value) => typeof value === 'string' && MASKED.test(value)))
            return;
        const pattern = (0,value_patterns/* classifyPair */.v8)(valueText(source), valueText(target), pairFamilies(source, target, comparedAs));
        classified++;
        const slot = `${pattern.kind}\u0000${pattern.detail ?? ''}`;
        const count = counts.get(slot);
        if (count)
            count.rows++;
        else
            counts.set(slot, { kind: pattern.kind, rows: 1, ...(pattern.detail !== undefined ? { detail: pattern.detail } : {}), example: index });
    });
    if (classified === 0 || classified > of)
        return undefined;
    return { patterns: sortPatterns([...counts.values()]), ...(classified < of ? { patterns_from: { rows: classified, of } } : {}) };
}
//# sourceMappingURL=row-patterns.js.map
;// CONCATENATED MODULE: ./build/src/api/results.js




function servicePlan(runId) {
    return {
        kind: 'service',
        reason: runId === undefined ? 'Run by the Data Comparison Service.' : `Run by the Data Comparison Service as job ${runId}.`,
        source: { rows_sent: 0, bytes_sent: 0 },
        target: { rows_sent: 0, bytes_sent: 0 },
    };
}
function errorResult(definition, error, service) {
    return {
        name: definition.name,
        status: 'error',
        error: { kind: error.kind, message: error.message, ...(error.hint !== undefined ? { hint: error.hint } : {}) },
        ...(service?.run_id !== undefined ? { plan: servicePlan(service.run_id) } : {}),
        ...(service ? { service } : {}),
    };
}
/**
 * What a comparison of the spec asks for. A stored comparison (`comparison_id`) asks for what its
 * configuration on the service says, not the spec: unknown until askedByStored has read it.
 */
function askedBySpec(definition) {
    if (definition.comparisonId !== undefined)
        return { kind: 'unknown', schemaDiffAsked: undefined, unknownWhy: "the stored comparison's configuration was not read" };
    return { kind: definition.quickComparison ? 'quick' : 'full', schemaDiffAsked: definition.schemaDiff };
}
/**
 * What a stored comparison asks for, from the comparison GET /comparisons/{id} answered: quick or
 * full, and schema_diff when the service echoes it (the document leaves that open: not echoed is
 * not known, never "not asked"). An answer about another comparison proves nothing.
 */
function askedByStored(id, comparison) {
    if (comparison.id !== id)
        return { kind: 'unknown', schemaDiffAsked: undefined, unknownWhy: `the service answered GET /comparisons/${id} with comparison ${comparison.id}` };
    const { quick_comparison: quick, schema_diff: schemaDiff } = comparison.configuration;
    return {
        kind: quick ? 'quick' : 'full',
        schemaDiffAsked: schemaDiff,
        ...(schemaDiff === undefined ? { unknownWhy: "the stored comparison's configuration does not say whether it asks for them (schema_diff)" } : {}),
    };
}
/**
 * The result of a job in a terminal state. `diff` is the job's diff details (SUCCESS only); `serviceAt`
 * the service's address as messages show it; `asked` what the comparison asked for (default: the spec's).
 */
function jobResult(definition, detail, diff, service, options = {}) {
    const { serviceAt, asked = askedBySpec(definition) } = options;
    const job = `job ${detail.run_id}`;
    if (detail.status === 'FAILURE') {
        const reason = detail.failure_reason?.trim() || detail.message?.trim() || 'the service gave no reason';
        return errorResult(definition, { kind: 'service', message: `The service ${job} failed: ${reason}` }, service);
    }
    if (detail.status === 'REVOKED') {
        return errorResult(definition, { kind: 'cancelled', message: `The service ${job} was terminated (REVOKED) before it finished.` }, service);
    }
    const summary = detail.result;
    if (!summary || typeof summary !== 'object') {
        return errorResult(definition, { kind: 'service', message: `The service ${job} reports SUCCESS but no readable result; treated as an error, not a match.` }, service);
    }
    if (summary.diff_status !== 'MATCH' && summary.diff_status !== 'MISMATCH') {
        return errorResult(definition, {
            kind: 'service',
            message: `The service ${job} reports diff_status "${summary.diff_status}", which datacompare does not know (MATCH or MISMATCH); treated as an error, not a match.`,
        }, service);
    }
    const check = checkServiceResult({
        diffStatus: summary.diff_status,
        reasons: summary.diff_reasons,
        stats: summary.stats,
        total: summary.diff_rows_total,
        schemaDiff: summary.schema_diff,
        diff,
        ...asked,
    });
    if (check.contradictions.length > 0) {
        const shown = check.contradictions.slice(0, 4).join('; ') + (check.contradictions.length > 4 ? ` (and ${check.contradictions.length - 4} more)` : '');
        return errorResult(definition, {
            kind: 'service',
            message: `The service${serviceAt ? ` at ${serviceAt}` : ''} reports ${job} with numbers that contradict each other: ${shown}. datacompare reports no verdict from them.`,
            hint: `Tell the service's operator (${job}); compare in local mode (--mode local, or the mode input) for a verdict you can trust.`,
        }, service);
    }
    // A service says it applied `accept` by counting the rows it accepted; without that count no kind is
    // marked accepted and its verdict stands as it is.
    const acceptedRows = check.acceptedRows;
    const acceptApplied = acceptedRows !== undefined;
    const acceptIgnored = !acceptApplied && (definition.accept?.length ?? 0) > 0;
    const diffDetails = diff ? diffOf(diff, summary.diff_rows_total, { caseSensitive: definition.caseSensitive, acceptApplied }) : undefined;
    // The service says how each column was compared in the diff details: the same note as local mode's.
    const keys = new Set(diffDetails?.primary_key_columns ?? []);
    const notes = diffDetails?.compared_as ? (0,outcome/* caseFoldingNotesOf */.uZ)(Object.entries(diffDetails.compared_as).filter(([name]) => !keys.has(name))) : [];
    if (acceptIgnored) {
        notes.push(`The service did not say it applied accept (${definition.accept.join(', ')}): it sent no count of accepted rows, so its verdict stands and no difference is marked accepted.`);
    }
    const base = {
        name: definition.name,
        status: summary.diff_status === 'MATCH' ? 'match' : 'mismatch',
        result: { diff_status: summary.diff_status, diff_reasons: summary.diff_reasons, time_taken: summary.time_taken },
        ...(summary.stats ? { stats: { ...statsOf(check.counters), ...(acceptApplied ? { accepted_rows: acceptedRows } : {}) } } : {}),
        ...(diffDetails ? { diff: diffDetails } : {}),
        ...(check.schemaDiff ? { schema_diff: check.schemaDiff } : {}),
        ...(notes.length > 0 ? { notes } : {}),
        plan: servicePlan(detail.run_id),
        service,
    };
    return applyThresholds(base, definition, check.thresholdGaps);
}
/**
 * A MISMATCH within the comparison's thresholds passes (`within_thresholds`), by local mode's rule,
 * only when every counter they need was sent (`gaps` says why not: the MISMATCH then stands, and a
 * note says why the thresholds were not applied).
 */
function applyThresholds(result, definition, gaps) {
    if (result.status !== 'mismatch' || !result.result)
        return result;
    const { maxMismatchedRows, maxMismatchRatio } = definition.thresholds;
    if (maxMismatchedRows === undefined && maxMismatchRatio === undefined)
        return result;
    if (gaps.length > 0 || !result.stats) {
        const why = gaps.length > 0 ? gaps.join('; ') : 'the service sent no counters (stats)';
        return { ...result, notes: [...(result.notes ?? []), `The thresholds were not applied, so the MISMATCH stands: ${why}.`] };
    }
    const schemaDiffers = result.schema_diff
        ? result.schema_diff.only_in_source.length + result.schema_diff.only_in_target.length + result.schema_diff.type_mismatches.length > 0
        : false;
    const decided = (0,outcome/* decideStatus */.x7)(definition, result.result.diff_status, result.stats, schemaDiffers);
    return { ...result, ...decided };
}
function reported(value) {
    if (value === null || value === undefined)
        return null;
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
        return value;
    return JSON.stringify(value);
}
/**
 * One column's entry as the reports read it: its count and sentence, and why its values differ — the
 * service's patterns when it sends them, else computed from the rows it sent (row-patterns.ts); the
 * kinds it accepted only when it said it applied accept.
 */
function columnOf(data, column, rowCount, options) {
    const m = data.mismatched_columns_mapping[column];
    // A service's patterns are read when their rows add up to the column's count; else the rows it sent say why.
    const sent = m.patterns && m.patterns.reduce((sum, pattern) => sum + pattern.rows, 0) === m.mismatch_count ? m.patterns : undefined;
    const why = sent ? { patterns: keptPatterns(sent, rowCount) } : patternsFromRows(data, column, { caseSensitive: options.caseSensitive });
    const accepted = options.acceptApplied && m.accepted && m.accepted.length > 0 ? keptPatterns(m.accepted, rowCount) : undefined;
    return { mismatch_count: m.mismatch_count, details: m.details, ...(why ?? {}), ...(accepted ? { accepted } : {}) };
}
function diffOf(data, totalFromResult, options) {
    const rows = data.diff_rows.map((raw) => {
        const type = typeof raw._diff_type === 'string' && DIFF_TYPES.includes(raw._diff_type) ? raw._diff_type : 'changed';
        const row = { _diff_type: type };
        for (const [key, value] of Object.entries(raw)) {
            if (key !== '_diff_type')
                row[key] = reported(value);
        }
        return row;
    });
    const total = data.diff_rows_total ?? totalFromResult ?? rows.length;
    // Every value over 64 Ki characters cut here, once, whatever the service kept: no report holds more.
    return (0,cut_values/* boundDiff */.Qf)({
        primary_key_columns: data.primary_key_columns,
        column_mapping: data.column_mapping,
        mismatched_columns_mapping: Object.fromEntries(Object.keys(data.mismatched_columns_mapping).map((column) => [column, columnOf(data, column, rows.length, options)])),
        diff_rows: rows,
        diff_rows_total: total,
        truncated: data.truncated ?? rows.length < total,
        ...(data.compared_as ? { compared_as: data.compared_as } : {}),
        ...(data.cut_values ? { cut_values: data.cut_values.filter((cut) => cut.row < rows.length) } : {}),
        ...(data.diff_rows_max_bytes ? { diff_rows_max_bytes: data.diff_rows_max_bytes } : {}),
    });
}
//# sourceMappingURL=results.js.map
;// CONCATENATED MODULE: ./build/src/runner/api-run.js








/** The most rows a create body asks for (buildCreateBody). */
const MAX_REQUESTED_ROWS = 10_000;
/** A job missing from this many consecutive details answers is given up on. */
const MISSING_TICKS = 5;
class ApiRun {
    options;
    client;
    signal;
    slots;
    started = [];
    executes = [];
    resolver;
    logger;
    constructor(definitions, options, client, signal) {
        this.options = options;
        this.client = client;
        this.signal = signal;
        this.slots = definitions.map((definition) => ({ definition }));
        this.resolver = new DatasourceResolver(client);
        this.logger = options.logger;
    }
    /** start: every comparison created (unless it exists) and executed; a failed start fails that comparison only. */
    async start() {
        const { api, tuning = {} } = this.options;
        const single = api.agentRunId ? this.slots.filter((slot) => slot.definition.comparisonId !== undefined) : this.slots;
        const batch = api.agentRunId ? this.slots.filter((slot) => slot.definition.comparisonId === undefined) : [];
        await forEachLimited(single, tuning.startConcurrency ?? 4, (slot) => this.startOne(slot));
        if (batch.length > 0 && !this.signal.aborted)
            await this.startBatch(batch);
    }
    /** poll: until every started job has its result (finished, or given up on when the service forgets it). */
    async poll() {
        const tuning = this.options.tuning ?? {};
        const interval = new retry/* GrowingInterval */.j4({
            startMs: tuning.pollStartMs ?? 2000,
            factor: tuning.pollFactor ?? 1.5,
            capMs: tuning.pollCapMs ?? 30_000,
        });
        for (;;) {
            await this.expire();
            const running = this.slots.filter((slot) => slot.result === undefined && slot.runId !== undefined);
            if (running.length === 0)
                return;
            const deadlines = running.flatMap((slot) => (slot.deadline === undefined ? [] : [slot.deadline - Date.now()]));
            await (0,abort/* sleep */.yy)(Math.max(0, Math.min(interval.next(), ...deadlines)), this.signal);
            let details;
            try {
                details = await this.client.jobDetails(running.map((slot) => slot.runId), { signal: this.signal });
            }
            catch (error) {
                if (this.signal.aborted)
                    throw error;
                if (error instanceof ApiCallError && error.retryable) {
                    this.logger.warning(`Polling the running jobs failed (${error.message}); trying again.`);
                    continue;
                }
                throw error;
            }
            const byId = new Map(details.map((detail) => [detail.run_id, detail]));
            await Promise.all(running.map((slot) => this.track(slot, byId.get(slot.runId))));
        }
    }
    /** An error that stops the whole run (e.g. polling rejected with 401): unfinished jobs are terminated, then failed. */
    async abandon(error) {
        await terminateUnfinished(this.slots, this.client, this.logger, this.options.tuning?.terminateWithinMs ?? 5000);
        for (const slot of this.slots)
            if (!slot.result)
                this.fail(slot, error);
    }
    /** timeout_minutes: a job still running at its comparison's limit is terminated and reported as an error naming the limit. */
    async expire() {
        const now = Date.now();
        const due = this.slots.filter((slot) => !slot.result && slot.deadline !== undefined && slot.deadline <= now && slot.runId !== undefined);
        if (due.length === 0)
            return;
        const terminated = await terminateUnfinished(due, this.client, this.logger, this.options.tuning?.terminateWithinMs ?? 5000);
        for (const slot of due) {
            const remote = terminated.has(slot) ? `job ${slot.runId} was terminated on the service` : `job ${slot.runId} could not be terminated on the service`;
            const message = `The comparison did not finish within its time limit (${formatLimit(slot.definition.timeoutMs ?? 0)}, timeout_minutes); ${remote}.`;
            slot.result = errorResult(slot.definition, { kind: 'timeout', message, hint: 'Raise timeout_minutes, add a filter, or compare fewer columns.' }, this.serviceOf(slot));
            slot.result.plan = servicePlan(slot.runId);
            this.progress(slot, 'done', message);
        }
    }
    /**
     * After start: jobs that an execute which ended in an error started after all (a request that
     * landed late, or one whose job could not be proven ours but is of our own comparison) are
     * terminated, and the comparison's error says so.
     */
    async sweepFailedStarts() {
        const failed = this.slots.filter((slot) => slot.result?.status === 'error' && slot.runId === undefined && slot.identity !== undefined);
        if (failed.length === 0)
            return;
        const pending = failed.map((slot) => ({ slot, result: slot.result }));
        for (const slot of failed)
            slot.result = undefined;
        const terminated = await terminateUnfinished(failed, this.client, this.logger, this.options.tuning?.terminateWithinMs ?? 5000);
        for (const { slot, result } of pending) {
            slot.result = result;
            if (slot.runId !== undefined && result.error) {
                result.error.message += terminated.has(slot)
                    ? ` Job ${slot.runId}, which this request started after all, was terminated.`
                    : ` Job ${slot.runId}, which this request started after all, could not be terminated.`;
            }
        }
    }
    /** cancel: after an abort, every unfinished job terminated on the service and reported as cancelled or timed out. */
    async cancel(timedOut, limitText) {
        const withinMs = this.options.tuning?.terminateWithinMs ?? 5000;
        // an execute in flight at the cancel may still land: look for its job for a while
        const inFlight = this.slots.some((slot) => !slot.result && slot.runId === undefined && slot.identity !== undefined);
        const terminated = await terminateUnfinished(this.slots, this.client, this.logger, withinMs, inFlight ? Math.min(withinMs / 2, 2500) : 0);
        for (const slot of this.slots) {
            if (slot.result)
                continue;
            const remote = slot.runId === undefined ? '' : terminated.has(slot) ? `; job ${slot.runId} was terminated on the service` : `; job ${slot.runId} could not be terminated (task id unknown or the service did not answer)`;
            const kind = timedOut ? 'timeout' : 'cancelled';
            const unanswered = slot.runId === undefined && slot.identity !== undefined ? '; its execute had no answer and no job of it was found on the service' : '';
            const message = timedOut
                ? `The comparison did not finish within ${limitText} (timeout-minutes)${remote}${unanswered}.`
                : `The run was cancelled before the comparison finished${remote}${unanswered}.`;
            slot.result = errorResult(slot.definition, { kind, message }, this.serviceOf(slot));
            if (slot.runId !== undefined)
                slot.result.plan = servicePlan(slot.runId);
            this.progress(slot, 'done', message);
        }
    }
    results() {
        return this.slots.map((slot) => slot.result);
    }
    /** create: the service's create body of a comparison, its data sources resolved to ids. */
    async createBody(definition) {
        const [sourceId, targetId] = await Promise.all([
            this.resolver.resolve(definition.source.serviceDatasource, this.signal),
            this.resolver.resolve(definition.target.serviceDatasource, this.signal),
        ]);
        return buildCreateBody(definition, sourceId, targetId);
    }
    async startOne(slot) {
        const { client, signal } = this;
        try {
            this.progress(slot, 'connecting');
            let comparison;
            if (slot.definition.comparisonId !== undefined) {
                comparison = { id: slot.definition.comparisonId, name: slot.definition.name };
                slot.asked = await this.storedAsks(comparison.id);
            }
            else {
                const created = await client.createComparison(await this.createBody(slot.definition), { signal });
                comparison = { id: created.id, name: created.name };
                slot.ownComparison = true;
            }
            slot.comparisonId = comparison.id;
            slot.identity = await client.newIdentity(signal);
            this.recordExecute({ comparisons: [slot.definition.name], comparisonId: comparison.id, ownComparison: slot.ownComparison ?? false }, slot.identity);
            this.startClock(slot);
            const run = await client.execute(comparison, { identity: slot.identity, ownComparison: slot.ownComparison ?? false, ...(slot.ownComparison ? { knownRunIds: new Set() } : {}), signal });
            Object.assign(slot, { runId: run.runId, taskId: run.taskId });
            this.recordStart(slot);
        }
        catch (error) {
            if (signal.aborted)
                return;
            this.fail(slot, error);
        }
    }
    /**
     * What a stored comparison asks for, read before it is executed (GET /comparisons/{id}). A service
     * that cannot tell leaves it unknown, and a threshold then cannot pass on what may not be counted.
     */
    async storedAsks(id) {
        try {
            return askedByStored(id, await this.client.getComparison(id, { signal: this.signal }));
        }
        catch (error) {
            if (this.signal.aborted)
                throw error;
            const why = (0,redact/* redact */.E$)((0,errors/* toDatacompareError */.bC)(error).message).replace(/[.\s]+$/, '');
            this.logger.debug(`The configuration of stored comparison ${id} could not be read: ${why}`);
            return { kind: 'unknown', schemaDiffAsked: undefined, unknownWhy: `the stored comparison's configuration could not be read (${why})` };
        }
    }
    /** The agent run's comparisons in one execute_multiple call. */
    async startBatch(batchSlots) {
        const { client, signal, logger } = this;
        const configs = [];
        const byConfigId = new Map();
        for (const [index, slot] of batchSlots.entries()) {
            this.progress(slot, 'connecting');
            try {
                configs.push({ id: index + 1, configuration: await this.createBody(slot.definition) });
                byConfigId.set(index + 1, slot);
            }
            catch (error) {
                if (signal.aborted)
                    return;
                this.fail(slot, error);
            }
        }
        if (configs.length === 0)
            return;
        try {
            const agentRunId = this.options.api.agentRunId;
            const identity = await client.newIdentity(signal);
            for (const [configId, slot] of byConfigId)
                Object.assign(slot, { identity, configId, agentRunId });
            this.recordExecute({ comparisons: [...byConfigId.values()].map((slot) => slot.definition.name), agentRunId, ownComparison: true }, identity);
            for (const slot of byConfigId.values())
                this.startClock(slot);
            const sentAt = identity.sentAfter ?? new Date();
            const runs = await client.executeMultiple({ agent_run_id: agentRunId, comparison_agent_configs: configs }, { identity, signal });
            // execute_multiple answers job ids only: the details give comparison ids (and task ids on our
            // server); the job list gives the task ids the hosted service leaves out of the details.
            for (const [configId, run] of runs)
                Object.assign(byConfigId.get(configId), { runId: run.runId, taskId: run.taskId });
            let detailById = new Map();
            let listed = new Map();
            try {
                const details = await client.jobDetails([...runs.values()].map((run) => run.runId), { signal });
                detailById = new Map(details.map((detail) => [detail.run_id, detail]));
                const withoutTask = [...runs.values()].filter((run) => !run.taskId && !detailById.get(run.runId)?.task_id).map((run) => run.runId);
                if (withoutTask.length > 0)
                    listed = await client.taskIdsOf(withoutTask, sentAt, signal);
            }
            catch (error) {
                if (signal.aborted)
                    throw error;
                logger.warning(`The task ids of the agent run's jobs could not be read (${(0,redact/* redact */.E$)((0,errors/* toDatacompareError */.bC)(error).message)}); they cannot be terminated if the run is cancelled.`);
            }
            for (const [configId, run] of runs) {
                const slot = byConfigId.get(configId);
                const detail = detailById.get(run.runId);
                Object.assign(slot, { taskId: run.taskId ?? detail?.task_id ?? listed.get(run.runId) });
                // the comparison id the batch made, taken only from a job that shows this config's name (and key, config id)
                if (detail && !foreignJob(slot, detail))
                    slot.comparisonId = detail.comparison_id;
                this.recordStart(slot);
            }
        }
        catch (error) {
            if (signal.aborted)
                return;
            for (const slot of byConfigId.values())
                if (!slot.result && slot.runId === undefined)
                    this.fail(slot, error);
        }
    }
    /** One running job's latest detail: missing, still running, or finished (then collected). */
    async track(slot, detail) {
        if (!detail) {
            slot.missing = (slot.missing ?? 0) + 1;
            if (slot.missing >= MISSING_TICKS) {
                this.fail(slot, new errors/* ServiceError */._7(`The service does not report job ${slot.runId} any more (missing from the job details ${MISSING_TICKS} times in a row).`, { hint: 'It may have been deleted on the service; run the comparison again.' }));
            }
            return;
        }
        slot.missing = 0;
        const foreign = foreignJob(slot, detail);
        if (foreign) {
            // not this run's job: its result is refused, and it is left alone (it may be another run's)
            slot.runId = undefined;
            slot.taskId = undefined;
            this.fail(slot, new errors/* ServiceError */._7(foreign, { hint: 'Run the comparison again; if it repeats, the service hands out job ids of other comparisons (e.g. a restored store).' }));
            return;
        }
        slot.taskId ??= detail.task_id ?? undefined;
        if (this.client.statuses.isTerminal(detail.status))
            await this.collect(slot, detail);
    }
    /** collect: a finished job's result, with its diff details (a quick comparison counts rows only: no diff). */
    async collect(slot, detail) {
        let diff;
        let unavailable;
        const asked = slot.asked ?? askedBySpec(slot.definition);
        if (detail.status === 'SUCCESS' && asked.kind !== 'quick') {
            this.progress(slot, 'fetching-diff');
            try {
                diff = await this.client.diffDetails(detail.run_id, { signal: this.signal });
            }
            catch (error) {
                if (this.signal.aborted)
                    throw error;
                unavailable = (0,redact/* redact */.E$)((0,errors/* toDatacompareError */.bC)(error).message);
                this.logger.warning(`The differing rows of "${slot.definition.name}" (job ${detail.run_id}) could not be read: ${unavailable}`);
            }
        }
        slot.result = jobResult(slot.definition, detail, diff, this.serviceOf(slot), { serviceAt: displayUrl(this.client.baseUrl), asked });
        const differing = slot.result.result?.diff_status === 'MISMATCH';
        if (unavailable !== undefined && differing)
            slot.result.diff_rows_unavailable = unavailable;
        const kept = slot.result.diff?.diff_rows.length ?? 0;
        const requested = Math.min(slot.definition.maxDiffRows, MAX_REQUESTED_ROWS);
        // (a stored comparison's own max_diff_rows is not the spec's: no claim about it)
        if (slot.definition.comparisonId === undefined && slot.result.diff && kept < Math.min(requested, slot.result.diff.diff_rows_total))
            slot.result.diff_rows_capped = { requested, kept };
        this.progress(slot, 'done');
    }
    serviceOf(slot) {
        return {
            ...(slot.comparisonId !== undefined ? { comparison_id: slot.comparisonId } : {}),
            ...(slot.runId !== undefined ? { run_id: slot.runId } : {}),
            ...(slot.taskId !== undefined ? { task_id: slot.taskId } : {}),
            ...(slot.runId !== undefined ? { url: `${this.client.baseUrl}/jobs/comparison/${slot.runId}/diff-details` } : {}),
        };
    }
    progress(slot, phase, message) {
        this.options.onProgress?.({ comparison: slot.definition.name, phase, ...(message !== undefined ? { message } : {}) });
    }
    fail(slot, error) {
        const e = (0,errors/* toDatacompareError */.bC)(error);
        slot.result = errorResult(slot.definition, { kind: e.kind, message: (0,redact/* redact */.E$)(e.message), hint: e.hint }, this.serviceOf(slot));
        this.progress(slot, 'done', e.message);
    }
    /** Saves an execute about to be sent (onExecutes), so it can be found if this process dies. */
    recordExecute(what, identity) {
        this.executes.push({ ...what, idempotencyKey: identity.idempotencyKey, ...(identity.sentAfter ? { sentAfter: identity.sentAfter.toISOString() } : {}) });
        this.options.onExecutes?.([...this.executes]);
    }
    startClock(slot) {
        if (slot.definition.timeoutMs !== undefined)
            slot.deadline = Date.now() + slot.definition.timeoutMs;
    }
    recordStart(slot) {
        if (slot.runId === undefined)
            return;
        if (slot.taskId !== undefined)
            this.started.push({ comparison: slot.definition.name, runId: slot.runId, taskId: slot.taskId });
        this.options.onJobsStarted?.([...this.started]);
        this.progress(slot, 'comparing', `job ${slot.runId}`);
    }
}
async function forEachLimited(items, limit, work) {
    let next = 0;
    const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
        while (next < items.length)
            await work(items[next++]);
    });
    await Promise.all(workers);
}
//# sourceMappingURL=api-run.js.map
;// CONCATENATED MODULE: ./build/src/runner/api-mode.js
/**
 * api mode: the spec's comparisons run on the Data Comparison Service. Each comparison is created
 * with `create_only=true` and executed (or an existing `comparisonId` executed); with an agent run
 * id the batch goes through execute_multiple. Every running job is polled in ONE details call per
 * tick (intervals growing ×1.5 with jitter); a finished job's diff details are fetched and turned
 * into the same ComparisonResult local mode produces. On cancel (the signal) or the overall timeout
 * every unfinished job is terminated in parallel and reported as cancelled / timed out.
 */







class RunTimeout extends Error {
    name = 'TimeoutError';
}
async function runApiComparisons(definitions, options) {
    const { api, logger, tuning = {} } = options;
    const timeoutController = new AbortController();
    const timer = setTimeout(() => timeoutController.abort(new RunTimeout(`the run did not finish within ${formatDuration(api.timeoutMs)}`)), api.timeoutMs);
    const signal = (0,abort/* anySignal */.JG)(options.signal, timeoutController.signal);
    const client = new ApiClient({
        baseUrl: api.url,
        ...(api.urlSetting ? { urlSetting: api.urlSetting } : {}),
        ...(api.workspaceSetting ? { workspaceSetting: api.workspaceSetting } : {}),
        apiKey: api.key,
        workspaceId: api.workspaceId,
        logger,
        signal,
        requestTimeoutMs: Math.min(tuning.requestTimeoutMs ?? 30_000, api.timeoutMs),
        ...(tuning.maxBodyBytes !== undefined ? { maxBodyBytes: tuning.maxBodyBytes } : {}),
        outage: {
            ...(tuning.outageFailures !== undefined ? { failures: tuning.outageFailures } : {}),
            ...(tuning.outagePeriodMs !== undefined ? { periodMs: tuning.outagePeriodMs } : {}),
        },
        ...(tuning.maxAttempts !== undefined ? { maxAttempts: tuning.maxAttempts } : {}),
        ...(tuning.fetch ? { fetch: tuning.fetch } : {}),
        backoff: {
            ...(tuning.backoffBaseMs !== undefined ? { baseMs: tuning.backoffBaseMs } : {}),
            ...(tuning.backoffCapMs !== undefined ? { capMs: tuning.backoffCapMs } : {}),
        },
    });
    const run = new ApiRun(definitions, options, client, signal);
    let reached = false;
    try {
        const warning = localOnlyOptionsWarning(definitions);
        if (warning)
            logger.warning(warning);
        // one look at the job list checks the address, key and workspace for every comparison (and reads
        // the service's clock): a failure here is the run's, told once, not once per comparison
        await client.listJobs({ page: 1, size: 1 });
        reached = true;
        await run.start();
        if (!signal.aborted)
            await run.sweepFailedStarts();
        await run.poll();
    }
    catch (error) {
        if (!reached && !signal.aborted)
            throw error;
        if (!signal.aborted)
            await run.abandon(error);
        else if (!(0,abort/* isAbortError */.zf)(error) && !(error instanceof RunTimeout))
            logger.debug(`api mode stopped by ${String(error)}`);
    }
    finally {
        clearTimeout(timer);
    }
    if (signal.aborted) {
        // the caller's signal may carry its own time limit (AbortSignal.timeout: reason TimeoutError)
        const outerReason = options.signal?.aborted ? options.signal.reason : undefined;
        const outerTimedOut = outerReason instanceof Error && outerReason.name === 'TimeoutError';
        const timedOut = outerTimedOut || (timeoutController.signal.aborted && !options.signal?.aborted);
        await run.cancel(timedOut, formatDuration(api.timeoutMs));
    }
    return run.results();
}
/**
 * The post step's backstop: the jobs a main step started (`jobs`), and those of the executes it sent
 * (`executes`, saved before sending: found by their Idempotency-Key, or as new jobs of a comparison
 * the run created), are terminated when the service still reports them unfinished. Jobs that cannot
 * be proven to be the run's are left alone and counted as `unprovable`. When the details cannot be
 * read, every known job is terminated (terminating a finished job changes nothing).
 */
async function terminateLeftoverJobs(jobs, api, logger, options = {}) {
    const outcome = { terminated: [], failed: [], finished: [], unprovable: [] };
    const executes = options.executes ?? [];
    if (jobs.length === 0 && executes.length === 0)
        return outcome;
    const signal = AbortSignal.timeout(options.withinMs ?? 20_000);
    const client = new ApiClient({
        baseUrl: api.url,
        ...(api.urlSetting ? { urlSetting: api.urlSetting } : {}),
        apiKey: api.key,
        workspaceId: api.workspaceId,
        logger,
        signal,
        requestTimeoutMs: options.tuning?.requestTimeoutMs ?? 10_000,
        maxAttempts: options.tuning?.maxAttempts ?? 3,
        ...(options.tuning?.fetch ? { fetch: options.tuning.fetch } : {}),
    });
    const all = new Map(jobs.map((job) => [job.runId, job]));
    for (const pending of executes) {
        try {
            const { ours, unprovable } = await jobsOfExecute(client, pending);
            for (const job of ours) {
                if (!all.has(job.job_id))
                    all.set(job.job_id, { comparison: job.comparison_name, runId: job.job_id, taskId: job.task_id });
            }
            outcome.unprovable.push(...unprovable.map((job) => job.job_id));
        }
        catch (error) {
            logger.warning(`Could not look for the jobs of the execute of ${pending.comparisons.map((n) => `"${n}"`).join(', ')} (${(0,redact/* redact */.E$)((0,errors/* toDatacompareError */.bC)(error).message)}).`);
        }
    }
    const known = [...all.values()];
    let open = known;
    try {
        const details = new Map((await client.jobDetails(known.map((job) => job.runId))).map((detail) => [detail.run_id, detail]));
        open = known.filter((job) => {
            const detail = details.get(job.runId);
            if (detail && !client.statuses.isTerminal(detail.status))
                return true;
            outcome.finished.push(job);
            return false;
        });
    }
    catch (error) {
        logger.warning(`Could not read the state of the jobs the main step started (${(0,redact/* redact */.E$)((0,errors/* toDatacompareError */.bC)(error).message)}); terminating all of them.`);
    }
    await Promise.all(open.map(async (job) => {
        try {
            await client.terminate(job.taskId);
            outcome.terminated.push(job);
            logger.info(`Terminated job ${job.runId} ("${job.comparison}"), which the main step left running on the service.`);
        }
        catch (error) {
            outcome.failed.push(job);
            logger.warning(`Could not terminate job ${job.runId} ("${job.comparison}", task ${job.taskId}): ${(0,redact/* redact */.E$)((0,errors/* toDatacompareError */.bC)(error).message)}`);
        }
    }));
    return outcome;
}
function formatDuration(ms) {
    if (ms % 60_000 === 0)
        return `${ms / 60_000} minute${ms === 60_000 ? '' : 's'}`;
    return `${Math.round(ms / 100) / 10} s`;
}
//# sourceMappingURL=api-mode.js.map

/***/ }),

/***/ 58638:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   K: () => (/* binding */ describeNetworkFailure),
/* harmony export */   a: () => (/* binding */ networkErrorCode)
/* harmony export */ });
/**
 * A request that got no answer, named for what happened (the service's client, the GitHub client,
 * the webhook): refused, not resolved, reset, timed out, TLS. Node's fetch says only "fetch failed";
 * the reason is a `code` further down its causes.
 */
/** The first `code` along an error's causes (undici's `fetch failed` carries it there), else its innermost message. */
function networkErrorCode(error) {
    let current = error;
    for (let depth = 0; depth < 4 && current instanceof Error; depth++) {
        const code = current.code;
        if (typeof code === 'string')
            return code;
        if (current.cause === undefined)
            return current.message;
        current = current.cause;
    }
    return current instanceof Error ? current.message : String(current);
}
/** What a network failure's code means, for a request to `url`. */
function describeNetworkFailure(code, url) {
    const host = url?.hostname ?? 'the host';
    const port = url ? url.port || (url.protocol === 'https:' ? '443' : '80') : '?';
    const named = (kind, what) => ({ kind, code, what });
    if (code === 'ECONNREFUSED')
        return named('refused', `connection refused: nothing listens on ${host}:${port}`);
    if (code === 'ENOTFOUND' || code === 'EAI_AGAIN')
        return named('unresolved', `the host name ${host} does not resolve (${code})`);
    if (code === 'ECONNRESET' || code === 'EPIPE')
        return named('reset', `the connection to ${host}:${port} was reset (${code})`);
    if (code === 'UND_ERR_SOCKET')
        return named('reset', `the connection to ${host}:${port} closed before the answer came (${code})`);
    if (/TIMEDOUT|TIMEOUT/i.test(code))
        return named('timed-out', `connecting to ${host}:${port} timed out (${code})`);
    if (/WRONG_VERSION_NUMBER|PACKET_LENGTH_TOO_LONG|EPROTO|record layer failure/i.test(code)) {
        return named('tls', `TLS to ${host}:${port} failed (${code}): TLS to a plain HTTP port?`);
    }
    if (/CERT|SELF_SIGNED|UNABLE_TO_VERIFY/i.test(code))
        return named('certificate', `the TLS certificate of ${host} is not trusted (${code})`);
    return named('other', code);
}
//# sourceMappingURL=network-failure.js.map

/***/ }),

/***/ 45085:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   L5: () => (/* binding */ retry),
/* harmony export */   j4: () => (/* binding */ GrowingInterval),
/* harmony export */   mu: () => (/* binding */ parseRetryAfter),
/* harmony export */   x4: () => (/* binding */ fullJitterDelay)
/* harmony export */ });
/* unused harmony exports DEFAULT_BACKOFF, DEFAULT_MAX_ATTEMPTS */
/* harmony import */ var _abort_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(59117);
/**
 * Retry with full-jitter exponential backoff ("Exponential Backoff And Jitter", AWS architecture
 * blog): the n-th retry waits a uniformly random time in [0, min(cap, base·2ⁿ)]. A server's
 * `Retry-After` (seconds or an HTTP date) overrides the random wait. The caller decides which
 * failures are worth retrying (`classify`); the clock and the randomness are injectable so unit
 * tests never sleep for real.
 */

const DEFAULT_BACKOFF = { baseMs: 1000, capMs: 30_000 };
/** The wait before retry number `retry` (0 = the first retry): full jitter. */
function fullJitterDelay(retry, options = {}) {
    const base = options.baseMs ?? DEFAULT_BACKOFF.baseMs;
    const cap = options.capMs ?? DEFAULT_BACKOFF.capMs;
    const random = options.random ?? Math.random;
    const ceiling = Math.min(cap, base * 2 ** Math.max(0, retry));
    return Math.floor(random() * ceiling);
}
/**
 * Milliseconds a `Retry-After` header asks to wait: a number of seconds (`120`, `1.5`) or an HTTP date
 * (`Wed, 21 Oct 2015 07:28:00 GMT`, relative to `nowMs`). undefined when absent or unreadable.
 */
function parseRetryAfter(value, nowMs = Date.now()) {
    if (value === null || value === undefined)
        return undefined;
    const text = value.trim();
    if (text === '')
        return undefined;
    if (/^\d+(\.\d+)?$/.test(text))
        return Math.round(Number(text) * 1000);
    if (!/[a-z]/i.test(text))
        return undefined; // an HTTP date names its weekday/month; "-5" is not one
    const date = Date.parse(text);
    if (Number.isNaN(date))
        return undefined;
    return Math.max(0, date - nowMs);
}
const DEFAULT_MAX_ATTEMPTS = 5;
/**
 * Runs `operation` until it succeeds, `classify` says the failure is final, the attempts run out or
 * the signal fires. The last error is rethrown as is; an abort rejects with the signal's reason.
 */
async function retry(operation, options) {
    const maxAttempts = Math.max(1, options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS);
    const maxRetryAfter = options.maxRetryAfterMs ?? 120_000;
    const wait = options.sleep ?? _abort_js__WEBPACK_IMPORTED_MODULE_0__/* .sleep */ .yy;
    for (let attempt = 1;; attempt++) {
        (0,_abort_js__WEBPACK_IMPORTED_MODULE_0__/* .throwIfAborted */ .Te)(options.signal);
        try {
            return await operation(attempt);
        }
        catch (error) {
            (0,_abort_js__WEBPACK_IMPORTED_MODULE_0__/* .throwIfAborted */ .Te)(options.signal);
            if (attempt >= maxAttempts)
                throw error;
            const decision = options.classify(error);
            if (!decision.retry)
                throw error;
            if (decision.retryAfterMs !== undefined && decision.retryAfterMs > maxRetryAfter)
                throw error;
            const delayMs = decision.retryAfterMs ?? fullJitterDelay(attempt - 1, options);
            options.onRetry?.({ attempt, delayMs, reason: decision.reason, error });
            await wait(delayMs, options.signal);
        }
    }
}
/**
 * Polling intervals that grow: start, ×factor each tick with ±jitter, capped. Used for job polling
 * (start ~2 s, ×1.5, cap ~30 s).
 */
class GrowingInterval {
    options;
    current;
    constructor(options) {
        this.options = options;
        this.current = options.startMs;
    }
    /** The next wait in milliseconds; each call grows the following one. */
    next() {
        const random = this.options.random ?? Math.random;
        const jitter = this.options.jitter ?? 0.2;
        const value = this.current * (1 - jitter + 2 * jitter * random());
        this.current = Math.min(this.options.capMs, this.current * this.options.factor);
        return Math.max(0, Math.min(this.options.capMs, Math.round(value)));
    }
}
//# sourceMappingURL=retry.js.map

/***/ })

};
