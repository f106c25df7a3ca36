export const id = 642;
export const ids = [642];
export const modules = {

/***/ 52873:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   CX: () => (/* binding */ workflowRunUrl),
/* harmony export */   L8: () => (/* binding */ classify),
/* harmony export */   Qi: () => (/* binding */ createOctokit),
/* harmony export */   c2: () => (/* binding */ statusOf),
/* harmony export */   lB: () => (/* binding */ upsertComment),
/* harmony export */   vR: () => (/* binding */ pullRequestFromEvent)
/* harmony export */ });
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(73024);
/* harmony import */ var _shared_redact_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(23326);
/* harmony import */ var _shared_retry_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(45085);
/* harmony import */ var _report_markdown_comment_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(88299);
/**
 * The sticky pull-request comment: one per pull request and comment key, found by its hidden marker
 * (every page of the issue's comments), updated in place, left alone when unchanged.
 *
 * Never overwrite news with old news: when our comment already reports a different commit and the
 * pull request's current head (GET pulls/N) is not the commit this run checked, this run is stale
 * (a newer push started a newer run) and leaves the comment alone. If the head cannot be read, a
 * comment updated after this run started is treated as newer.
 *
 * A 403 (fork pull requests get a read-only token; or the workflow lacks `pull-requests: write`)
 * becomes a warning naming the permission; every other API failure is a warning too. Commenting
 * never fails the run. The octokit is created here, from the token, never at import time.
 */




const PULL_REQUEST_EVENTS = new Set(['pull_request', 'pull_request_target']);
/** The pull request this run belongs to, from GITHUB_EVENT_NAME and the event file; undefined off pull requests. */
function pullRequestFromEvent(env = process.env) {
    if (!PULL_REQUEST_EVENTS.has(env.GITHUB_EVENT_NAME ?? '') || !env.GITHUB_EVENT_PATH)
        return undefined;
    let payload;
    try {
        payload = JSON.parse((0,node_fs__WEBPACK_IMPORTED_MODULE_0__.readFileSync)(env.GITHUB_EVENT_PATH, 'utf8'));
    }
    catch {
        return undefined;
    }
    const pr = payload.pull_request;
    const fullName = env.GITHUB_REPOSITORY ?? payload.repository?.full_name ?? '';
    const [owner, repo] = fullName.split('/');
    if (!pr?.number || !owner || !repo)
        return undefined;
    const headRepo = pr.head?.repo?.full_name;
    const baseRepo = pr.base?.repo?.full_name ?? fullName;
    return {
        owner,
        repo,
        number: pr.number,
        headSha: pr.head?.sha ?? env.GITHUB_SHA ?? '',
        fork: headRepo !== undefined && headRepo !== baseRepo,
    };
}
/** The workflow run's URL, for "see the run". */
function workflowRunUrl(env = process.env) {
    const { GITHUB_SERVER_URL: server = 'https://github.com', GITHUB_REPOSITORY: repository, GITHUB_RUN_ID: runId } = env;
    return repository && runId ? `${server}/${repository}/actions/runs/${runId}` : undefined;
}
/**
 * An octokit for the GitHub API the runner names (GITHUB_API_URL read now, not at import). The GitHub
 * client is loaded here, on first use: a run that publishes nothing to the API never loads it.
 */
async function createOctokit(token, env = process.env) {
    const { getOctokit } = await __webpack_require__.e(/* import() */ 413).then(__webpack_require__.bind(__webpack_require__, 92413));
    return getOctokit(token, { baseUrl: env.GITHUB_API_URL || 'https://api.github.com' });
}
function statusOf(error) {
    const status = error?.status;
    return typeof status === 'number' ? status : undefined;
}
function classify(error) {
    const status = statusOf(error);
    if (status === undefined || status === 429 || status >= 500)
        return { retry: true, reason: status ? `HTTP ${status}` : 'network error' };
    return { retry: false };
}
/** Creates or updates our comment; never throws. */
async function upsertComment(options) {
    const { octokit, target, logger } = options;
    const where = { owner: target.owner, repo: target.repo };
    const withRetry = (operation) => (0,_shared_retry_js__WEBPACK_IMPORTED_MODULE_2__/* .retry */ .L5)(operation, {
        classify,
        maxAttempts: 3,
        baseMs: options.retryBaseMs ?? 1000,
        onRetry: (info) => logger.debug(`GitHub API: ${info.reason}; retrying in ${info.delayMs} ms`),
    });
    const findOurs = async () => {
        const comments = await withRetry(() => octokit.paginate(octokit.rest.issues.listComments, { ...where, issue_number: target.number, per_page: 100 }));
        const ours = comments.find((c) => typeof c.body === 'string' && c.body.includes(options.marker));
        return ours ? { id: ours.id, body: ours.body ?? '', updatedAt: ours.updated_at } : undefined;
    };
    try {
        const existing = await findOurs();
        if (existing) {
            if (existing.body === options.body) {
                logger.info(`The pull request comment is up to date (comment ${existing.id}).`);
                return 'unchanged';
            }
            if (await newerCommentThanUs(existing, options, withRetry)) {
                logger.info(`Not updating the pull request comment: it reports on commit ${(0,_report_markdown_comment_js__WEBPACK_IMPORTED_MODULE_3__/* .reportedHeadSha */ ["in"])(existing.body)}, newer than ${target.headSha}.`);
                return 'skipped-newer';
            }
            await withRetry(() => octokit.rest.issues.updateComment({ ...where, comment_id: existing.id, body: options.body }));
            logger.info(`Updated the pull request comment (comment ${existing.id}).`);
            return 'updated';
        }
        if (options.onlyUpdate) {
            logger.debug('Everything matches and there is no earlier comment: nothing to comment.');
            return 'not-needed';
        }
        try {
            const created = await octokit.rest.issues.createComment({ ...where, issue_number: target.number, body: options.body });
            logger.info(`Commented on pull request #${target.number} (comment ${created.data.id}).`);
            return 'created';
        }
        catch (error) {
            // A create is not idempotent: after a lost answer, look before trying again.
            if (!classify(error).retry)
                throw error;
            const again = await findOurs();
            if (again)
                return 'created';
            await octokit.rest.issues.createComment({ ...where, issue_number: target.number, body: options.body });
            return 'created';
        }
    }
    catch (error) {
        warnCommentFailure(error, target, logger);
        return 'failed';
    }
}
async function newerCommentThanUs(existing, options, withRetry) {
    const theirs = (0,_report_markdown_comment_js__WEBPACK_IMPORTED_MODULE_3__/* .reportedHeadSha */ ["in"])(existing.body);
    const ours = options.target.headSha.toLowerCase();
    if (!theirs || theirs === ours)
        return false;
    try {
        const pull = await withRetry(() => options.octokit.rest.pulls.get({ owner: options.target.owner, repo: options.target.repo, pull_number: options.target.number }));
        return pull.data.head.sha.toLowerCase() !== ours;
    }
    catch (error) {
        options.logger.debug(`Could not read the pull request's head (${(0,_shared_redact_js__WEBPACK_IMPORTED_MODULE_1__/* .redact */ .E$)(String(error))}); comparing times instead.`);
        return Date.parse(existing.updatedAt) > Date.parse(options.startedAt);
    }
}
function warnCommentFailure(error, target, logger) {
    const status = statusOf(error);
    const message = (0,_shared_redact_js__WEBPACK_IMPORTED_MODULE_1__/* .redact */ .E$)(error instanceof Error ? error.message : String(error));
    if (status === 403 || status === 401) {
        const why = target.fork
            ? 'pull requests from forks get a read-only token'
            : 'the workflow token lacks the permission';
        logger.warning(`Could not comment on pull request #${target.number} (HTTP ${status}: ${why}). Add \`permissions: pull-requests: write\` to the job, or set \`comment: never\`. The job summary has the full report.`);
        return;
    }
    logger.warning(`Could not comment on pull request #${target.number}${status ? ` (HTTP ${status})` : ''}: ${message}. The job summary has the full report.`);
}
//# sourceMappingURL=comment.js.map

/***/ }),

/***/ 40642:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  publishFailure: () => (/* binding */ publishFailure),
  Z: () => (/* binding */ publishRun),
  B: () => (/* binding */ publishSpecError)
});

// EXTERNAL MODULE: ./node_modules/@actions/core/lib/core.js + 15 modules
var core = __webpack_require__(24600);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(76760);
// EXTERNAL MODULE: ./build/src/shared/redact.js
var redact = __webpack_require__(23326);
// EXTERNAL MODULE: ./build/src/report/escape.js
var report_escape = __webpack_require__(96209);
// EXTERNAL MODULE: ./build/src/report/format.js
var format = __webpack_require__(45845);
;// CONCATENATED MODULE: ./build/src/report/annotations.js


/** Per level, leaving one error slot for `setFailed`. */
const ANNOTATIONS_PER_LEVEL = 9;
/** GitHub cuts an annotation message at 4,096 characters; we cut first, with an ellipsis. */
const ANNOTATION_MESSAGE_CHARS = 4_096;
function mismatchMessage(c) {
    const s = c.stats;
    const head = (0,format/* countsOnly */.F5)(c)
        ? 'Only the row counts were compared (quick_comparison).'
        : s
            ? `${(0,format/* plural */.LS)((0,format/* differingRows */.y7)(c), 'differing row')}: ${(0,format/* count */.U9)(s.mismatched_rows)} changed, ${(0,format/* count */.U9)(s.only_in_source)} only in source, ${(0,format/* count */.U9)(s.only_in_target)} only in target.`
            : `${(0,format/* plural */.LS)((0,format/* differingRows */.y7)(c), 'differing row')}.`;
    const reasons = c.result?.diff_reasons ?? [];
    return [head, ...reasons].join('\n');
}
function comparisonAnnotation(c, level, specFile) {
    let message;
    if (c.status === 'error') {
        const error = c.error ?? { kind: 'internal', message: 'The comparison failed without an error message.' };
        message = `Could not compare (${(0,format/* errorKindLabel */.DC)(error.kind)}): ${error.message}${error.hint ? `\nWhat to do: ${error.hint}` : ''}`;
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
        title: (0,report_escape/* plainText */.wh)(c.name, 200),
        message: (0,report_escape/* plainText */.wh)(message, ANNOTATION_MESSAGE_CHARS).replace(/ ↵ /g, '\n'),
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
        const parts = ['error', 'warning', 'notice'].filter((l) => dropped[l] > 0).map((l) => (0,format/* plural */.LS)(dropped[l], l));
        kept.push({ level: 'notice', title: 'datacompare', message: `${(0,format/* count */.U9)(total)} more (${parts.join(', ')}) — see the job summary.`, file: specFile });
    }
    return kept;
}
/**
 * The run's annotations: tool errors (error level), then mismatches (error level when they fail the
 * run under `failOn`, else warnings), then differences within thresholds (notices).
 */
function runAnnotations(run, options) {
    const ordered = (0,format/* byImportance */.G5)(run.comparisons);
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
            message: (0,report_escape/* plainText */.wh)(message, ANNOTATION_MESSAGE_CHARS).replace(/ ↵ /g, '\n'),
            file: options.specFile,
            ...(problem.line > 0 ? { line: problem.line } : {}),
        };
    });
    return capAnnotations(all, options.specFile);
}
//# sourceMappingURL=annotations.js.map
// EXTERNAL MODULE: ./build/src/report/markdown-comment.js
var markdown_comment = __webpack_require__(88299);
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
// EXTERNAL MODULE: ./build/src/report/budget.js
var report_budget = __webpack_require__(95439);
// EXTERNAL MODULE: ./build/src/report/markdown-parts.js
var markdown_parts = __webpack_require__(65340);
// EXTERNAL MODULE: ./build/src/report/markdown-dbt.js
var markdown_dbt = __webpack_require__(60872);
;// CONCATENATED MODULE: ./build/src/report/markdown-summary.js




/** What we allow ourselves: GitHub drops a step summary over 1 MiB; leave room for other steps' text. */
const SUMMARY_BUDGET_BYTES = 1_000_000;
/** The stages after "full" and "as many sample rows as fit". */
function leanStages(comparisons) {
    return [
        { name: 'no sample rows', rows: 0, details: true, chart: false },
        { name: 'status table only', rows: 0, details: false, chart: false },
        ...[1000, 100, 10].filter((n) => n < comparisons).map((n) => ({ name: `first ${n} comparisons`, rows: 0, details: false, chart: false, tableLimit: n })),
    ];
}
function byteLength(text) {
    return Buffer.byteLength(text, 'utf8');
}
function render(run, stage, options, shortened) {
    const parts = [`## datacompare: ${run.status}`, '', (0,markdown_parts/* statusLine */.Bs)(run), ''];
    const dbt = (0,markdown_dbt/* dbtSection */.mu)(run, { limit: stage.tableLimit ?? 1000 });
    if (dbt)
        parts.push(dbt, '');
    parts.push((0,markdown_parts/* statusTable */.XR)(run, stage.tableLimit === undefined ? {} : { limit: stage.tableLimit }));
    if (stage.details) {
        const details = (0,markdown_parts/* allDetails */.uR)(run, { maxRows: stage.rows, chart: stage.chart, ...(options.rows ? { rows: options.rows } : {}) });
        if (details)
            parts.push('', details);
    }
    if (shortened) {
        parts.push('', `> [!NOTE]\n> This summary was shortened to fit GitHub's 1 MiB job-summary limit (${stage.name}). The full report is in results.json, summary.md and one CSV per comparison in the report directory (input \`report-dir\`).`);
    }
    return (0,redact/* redact */.E$)(parts.join('\n')) + '\n';
}
/** The job summary markdown and the stage it fit at. */
function renderSummaryWithStage(run, options) {
    const budget = options.budgetBytes ?? SUMMARY_BUDGET_BYTES;
    const fitting = (stage, shortened) => {
        const markdown = render(run, stage, options, shortened);
        return byteLength(markdown) <= budget ? markdown : undefined;
    };
    const full = fitting({ name: 'full', rows: options.maxDiffRows, details: true, chart: true }, false);
    if (full !== undefined)
        return { markdown: full, stage: 'full' };
    // As many sample rows per comparison as fit.
    const fewer = (0,report_budget/* largestFitting */.o)(1, options.maxDiffRows - 1, (rows) => fitting({ name: `${rows} sample rows`, rows, details: true, chart: true }, true));
    if (fewer)
        return { markdown: fewer.text, stage: `${fewer.n} sample rows` };
    const stages = leanStages(run.comparisons.length);
    let last = '';
    for (const stage of stages) {
        last = render(run, stage, options, true);
        if (byteLength(last) <= budget)
            return { markdown: last, stage: stage.name };
    }
    return { markdown: last, stage: stages.at(-1)?.name ?? 'full' };
}
/** The job summary markdown (always under the budget unless a run has more than ~2,000 comparisons of 100-char names). */
function renderSummary(run, options) {
    return renderSummaryWithStage(run, options).markdown;
}
//# sourceMappingURL=markdown-summary.js.map
// EXTERNAL MODULE: ./build/src/report/chart-theme.js
var chart_theme = __webpack_require__(23680);
;// CONCATENATED MODULE: ./build/src/report/drift.js



const HISTORY_LIMIT = 50;
/** GitHub's limit for an issue body or comment. */
const ISSUE_BODY_LIMIT = 65_536;
function issueMarker(key) {
    return `<!-- datacompare-drift: ${key.replace(/--+/g, '-').replace(/[<>]/g, '')} -->`;
}
const HISTORY_BLOCK = /<!-- datacompare-drift-history: ([A-Za-z0-9+/=]+) -->/;
/** The history kept in an issue body, or an empty one (none yet, or unreadable). */
function parseHistory(body) {
    const found = HISTORY_BLOCK.exec(body ?? '');
    if (found?.[1]) {
        try {
            const parsed = JSON.parse(Buffer.from(found[1], 'base64').toString('utf8'));
            if (parsed?.version === 1 && parsed.comparisons && typeof parsed.comparisons === 'object')
                return parsed;
        }
        catch {
            // an edited or truncated block: start again rather than fail the run
        }
    }
    return { version: 1, comparisons: {} };
}
function historyBlock(history) {
    return `<!-- datacompare-drift-history: ${Buffer.from(JSON.stringify(history), 'utf8').toString('base64')} -->`;
}
/** This run's entry per comparison. */
function runEntries(run, runUrl) {
    const entries = new Map();
    for (const c of run.comparisons) {
        entries.set(c.name, {
            at: run.finished_at,
            ...(runUrl ? { run: runUrl } : {}),
            status: c.status,
            differing: c.status === 'error' ? 0 : (0,format/* differingRows */.y7)(c),
            onlyInSource: c.stats?.only_in_source ?? 0,
            onlyInTarget: c.stats?.only_in_target ?? 0,
        });
    }
    return entries;
}
/** The history with this run appended (each comparison cut to the last HISTORY_LIMIT runs). */
function appendRun(history, entries) {
    const comparisons = {};
    for (const [name, list] of Object.entries(history.comparisons))
        comparisons[name] = [...list];
    for (const [name, entry] of entries)
        comparisons[name] = [...(comparisons[name] ?? []), entry].slice(-HISTORY_LIMIT);
    return { version: 1, comparisons };
}
/**
 * What is news since the last run: a comparison that starts differing, differs on more rows than
 * before, is equal again, or fails (or fails differently). The same drift twice is no news.
 */
function driftChanges(before, entries, run) {
    const changes = [];
    for (const [name, entry] of entries) {
        const last = before.comparisons[name]?.at(-1);
        const wasDrifting = last !== undefined && last.status !== 'match';
        if (entry.status === 'error') {
            const message = run.comparisons.find((c) => c.name === name)?.error?.message ?? 'the comparison failed';
            if (last?.status !== 'error')
                changes.push({ kind: 'failed', comparison: name, entry, message });
        }
        else if (entry.status === 'mismatch') {
            if (!wasDrifting || last?.status === 'error')
                changes.push({ kind: 'started', comparison: name, entry });
            else if (entry.differing > last.differing)
                changes.push({ kind: 'worse', comparison: name, entry, before: last.differing });
        }
        else if (wasDrifting) {
            changes.push({ kind: 'recovered', comparison: name, entry });
        }
    }
    return changes;
}
/** When the comparison's current run of non-matching results began, from its history (ISO), if it differs now. */
function driftingSince(entries) {
    if (entries.length === 0 || entries.at(-1)?.status === 'match')
        return undefined;
    let since = entries.at(-1)?.at;
    for (let i = entries.length - 1; i >= 0 && entries[i]?.status !== 'match'; i--)
        since = entries[i]?.at;
    return since;
}
/** A mermaid xychart of differing rows per run, one line per comparison that has differed (at most 6). */
function trendChart(history) {
    const drifting = Object.entries(history.comparisons).filter(([, list]) => list.some((e) => e.status !== 'match')).slice(0, 6);
    if (drifting.length === 0)
        return undefined;
    const runs = Math.max(...drifting.map(([, list]) => list.length));
    if (runs < 2)
        return undefined;
    const max = Math.max(1, ...drifting.flatMap(([, list]) => list.map((e) => e.differing)));
    const lines = drifting.map(([name, list]) => {
        const padded = [...Array(runs - list.length).fill(0), ...list.map((e) => e.differing)];
        return `    line "${(0,report_escape/* mermaidLabel */._b)(name)}" [${padded.join(', ')}]`;
    });
    const labels = Array.from({ length: runs }, (_, i) => (i === runs - 1 ? 'now' : String(i - (runs - 1))));
    return [
        '```mermaid',
        (0,chart_theme/* xyChartInit */.c3)(),
        'xychart-beta',
        `    title "Differing rows per run${drifting.length > 1 ? ` (${drifting.map(([n]) => (0,report_escape/* mermaidLabel */._b)(n)).join(', ')})` : ''}"`,
        `    x-axis [${labels.map((l) => `"${l}"`).join(', ')}]`,
        `    y-axis "differing rows" 0 --> ${max}`,
        ...lines,
        '```',
    ].join('\n');
}
const day = (iso) => (iso ? iso.slice(0, 16).replace('T', ' ') + ' UTC' : '–');
/** The tracking issue's title. */
function issueTitle(key) {
    return `Data drift: ${key}`.slice(0, 200);
}
/** The body: the current state of every comparison, since when it differs, the trend, and the hidden history. */
function renderIssueBody(options) {
    // Within GitHub's size: the oldest half of every history goes first, as often as needed.
    let history = options.history;
    let body = composeBody(options, history);
    while (body.length > ISSUE_BODY_LIMIT && Object.values(history.comparisons).some((list) => list.length > 1)) {
        history = { version: 1, comparisons: Object.fromEntries(Object.entries(history.comparisons).map(([n, l]) => [n, l.slice(Math.ceil(l.length / 2))])) };
        body = composeBody(options, history);
    }
    return body.length > ISSUE_BODY_LIMIT ? `${body.slice(0, ISSUE_BODY_LIMIT - 100)}\n\n… (cut to GitHub's size limit)\n` : body;
}
function composeBody(options, history) {
    const key = (0,report_escape/* inlineText */.ln)(options.key, 200);
    const link = (0,report_escape/* safeUrl */.Pl)(options.runUrl);
    const lists = Object.entries(history.comparisons).filter(([, list]) => list.length > 0);
    const drifting = lists.filter(([, list]) => list.at(-1)?.status !== 'match').length;
    const lines = [
        issueMarker(options.key),
        options.open
            ? `**${drifting} of ${lists.length} comparisons differ** in \`${key}\`. Every scheduled run updates this issue; it is closed when the data is equal again.`
            : `The data of \`${key}\` is equal again.`,
    ];
    if (link)
        lines.push(`Latest run: [${link}](${link})`);
    if (options.previousIssue)
        lines.push(`Previous episode: #${options.previousIssue}`);
    lines.push('', '| Comparison | Status | Differing rows | Only in source | Only in target | Drifting since |', '|---|---|---:|---:|---:|---|');
    for (const [name, list] of lists) {
        const last = list.at(-1);
        const since = driftingSince(list);
        lines.push(`| ${format/* STATUS_ICON */.tW[last.status]} ${(0,report_escape/* nameText */.fh)(name)} | ${last.status} | ${(0,format/* count */.U9)(last.differing)} | ${(0,format/* count */.U9)(last.onlyInSource)} | ${(0,format/* count */.U9)(last.onlyInTarget)} | ${since ? day(since) : '–'} |`);
    }
    const chart = trendChart(history);
    if (chart)
        lines.push('', chart);
    lines.push('', historyBlock(history), '');
    return lines.join('\n');
}
/** The comment for a change of state (only posted when there is one). */
function renderChangeComment(changes, runUrl) {
    const link = (0,report_escape/* safeUrl */.Pl)(runUrl);
    const lines = changes.map((change) => {
        const name = (0,report_escape/* nameText */.fh)(change.comparison);
        switch (change.kind) {
            case 'started':
                return `- ❌ **${name}** started differing: ${(0,format/* count */.U9)(change.entry.differing)} differing rows.`;
            case 'worse':
                return `- ❌ **${name}** got worse: ${(0,format/* count */.U9)(change.before)} → ${(0,format/* count */.U9)(change.entry.differing)} differing rows.`;
            case 'recovered':
                return `- ✅ **${name}** is equal again.`;
            case 'failed':
                return `- 💥 **${name}** failed: ${(0,report_escape/* sentenceText */.x7)(change.message, 300)}`;
        }
    });
    return [...lines, '', link ? `Run: [${link}](${link})` : ''].join('\n').trim();
}
/** The closing comment. */
function renderRecoveryComment(runUrl) {
    const link = (0,report_escape/* safeUrl */.Pl)(runUrl);
    return link ? `✅ Equal again at [${link}](${link}). Closing this issue.` : '✅ Equal again. Closing this issue.';
}
/** The job summary's drift section: the tracking issue and the trend. */
function renderDriftSection(history, issueUrl) {
    const link = (0,report_escape/* safeUrl */.Pl)(issueUrl);
    const since = Object.entries(history.comparisons)
        .map(([name, list]) => [name, driftingSince(list)])
        .filter(([, at]) => at !== undefined)
        .map(([name, at]) => `- ${(0,report_escape/* nameText */.fh)(name)}: drifting since ${day(at)}`);
    return ['', '### Drift', link ? `Tracking issue: [${link}](${link})` : '', ...since, '', trendChart(history) ?? '', ''].join('\n');
}
/**
 * The alert for Slack and Microsoft Teams incoming webhooks: both take `{"text": …}`. Plain text with
 * `&`, `<`, `>` as entities (Slack's rule; Teams renders them alike), so no value can become a mention
 * (`<!channel>`, `<@U123>`) or a link.
 */
function webhookMessage(changes, options) {
    const entity = (text) => (0,report_escape/* plainText */.wh)(text, 200).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
    const lines = changes.map((change) => {
        const name = entity(change.comparison);
        switch (change.kind) {
            case 'started':
                return `❌ ${name} started differing: ${(0,format/* count */.U9)(change.entry.differing)} differing rows`;
            case 'worse':
                return `❌ ${name} got worse: ${(0,format/* count */.U9)(change.before)} → ${(0,format/* count */.U9)(change.entry.differing)} differing rows`;
            case 'recovered':
                return `✅ ${name} is equal again`;
            case 'failed':
                return `💥 ${name} failed: ${entity(change.message)}`;
        }
    });
    const links = [options.issueUrl ? `Issue: ${(0,report_escape/* safeUrl */.Pl)(options.issueUrl) ?? ''}` : '', options.runUrl ? `Run: ${(0,report_escape/* safeUrl */.Pl)(options.runUrl) ?? ''}` : ''].filter(Boolean);
    return { text: [`datacompare — ${entity(options.key)}`, ...lines, ...links].join('\n') };
}
//# sourceMappingURL=drift.js.map
;// CONCATENATED MODULE: ./build/src/report/outcome.js


function quoted(name) {
    return `"${(0,report_escape/* plainText */.wh)(name, 100)}"`;
}
function errorClause(errors) {
    const [worst] = errors;
    if (!worst)
        return '';
    const error = worst.error ?? { kind: 'internal', message: 'no error message' };
    const more = errors.length > 1 ? ` and ${(0,format/* plural */.LS)(errors.length - 1, 'more comparison')} could not run either` : '';
    return `comparison ${quoted(worst.name)} could not run (${(0,format/* errorKindLabel */.DC)(error.kind)}: ${(0,report_escape/* plainText */.wh)(error.message, 300).replace(/[.\s]+$/, '')})${more}`;
}
function mismatchClause(mismatches) {
    const [worst] = mismatches;
    if (!worst)
        return '';
    const s = worst.stats;
    const detail = s ? ` (${(0,format/* count */.U9)(s.mismatched_rows)} changed, ${(0,format/* count */.U9)(s.only_in_source)} only in source, ${(0,format/* count */.U9)(s.only_in_target)} only in target)` : '';
    const rows = (0,format/* differingRows */.y7)(worst);
    const what = (0,format/* countsOnly */.F5)(worst)
        ? `its row counts differ (${(0,format/* count */.U9)(s?.source_rows)} source rows, ${(0,format/* count */.U9)(s?.target_rows)} target rows)`
        : rows > 0 || !worst.schema_diff ? `${(0,format/* plural */.LS)(rows, 'differing row')}${detail}` : 'a different schema';
    const more = mismatches.length > 1 ? ` and ${(0,format/* plural */.LS)(mismatches.length - 1, 'more comparison')} ${mismatches.length === 2 ? 'differs' : 'differ'}` : '';
    return `the data of comparison ${quoted(worst.name)} differs: ${what}${more}`;
}
function capitalise(text) {
    return text.charAt(0).toUpperCase() + text.slice(1);
}
/** The decision for `failOn`: errors fail `mismatch` and `error`; mismatches fail only `mismatch`; `never` never fails. */
function decideOutcome(run, failOn) {
    const ordered = (0,format/* byImportance */.G5)(run.comparisons);
    const errors = ordered.filter((c) => c.status === 'error');
    const mismatches = ordered.filter((c) => c.status === 'mismatch');
    if (run.comparisons.length === 0)
        return { failed: false, message: 'No comparisons were run.' };
    if (errors.length === 0 && mismatches.length === 0) {
        const within = run.comparisons.filter((c) => c.within_thresholds).length;
        const note = within > 0 ? ` (${within} within ${within === 1 ? 'its thresholds' : 'their thresholds'})` : '';
        const all = run.comparisons.length === 1 ? `Comparison ${quoted(run.comparisons[0]?.name ?? '')} matches` : `All ${run.comparisons.length} comparisons match`;
        return { failed: false, message: `${all}${note}.` };
    }
    const failed = failOn === 'mismatch' || (failOn === 'error' && errors.length > 0);
    const clauses = [errorClause(errors), mismatchClause(mismatches)].filter((c) => c !== '');
    const why = !failed ? ` — not failing the run because fail-on is "${failOn}"` : '';
    return { failed, message: `${capitalise(clauses.join('; '))}${why}.` };
}
//# sourceMappingURL=outcome.js.map
;// CONCATENATED MODULE: ./build/src/action/annotations.js
/** Emits annotations (already ranked and capped by src/report/annotations.ts) as workflow commands. */

function emitAnnotations(annotations) {
    for (const a of annotations) {
        const properties = { title: a.title, file: a.file, ...(a.line === undefined ? {} : { startLine: a.line }) };
        if (a.level === 'error')
            core/* error */.z3(a.message, properties);
        else if (a.level === 'warning')
            core/* warning */.$e(a.message, properties);
        else
            core/* notice */.lm(a.message, properties);
    }
}
//# sourceMappingURL=annotations.js.map
// EXTERNAL MODULE: ./build/src/action/comment.js
var comment = __webpack_require__(52873);
// EXTERNAL MODULE: ./build/src/shared/retry.js
var retry = __webpack_require__(45085);
;// CONCATENATED MODULE: ./build/src/action/tracking-issue.js




/** Keeps the tracking issue current; returns what it did and the history now kept (for the job summary). */
async function trackDrift(options) {
    const { octokit, owner, repo, run, logger } = options;
    const marker = issueMarker(options.key);
    const withRetry = (operation) => (0,retry/* retry */.L5)(operation, { classify: comment/* classify */.L8, maxAttempts: 3, baseMs: options.retryBaseMs ?? 1000, onRetry: (info) => logger.debug(`GitHub API: ${info.reason}; retrying in ${info.delayMs} ms`) });
    const failing = options.mode === 'on-error' ? run.comparisons.some((c) => c.status === 'error') : run.status !== 'match';
    const find = async (state, labels) => {
        const issues = await withRetry(() => octokit.paginate(octokit.rest.issues.listForRepo, {
            owner,
            repo,
            state,
            per_page: 100,
            ...(labels ? { labels } : {}),
            ...(state === 'closed' ? { sort: 'updated', direction: 'desc' } : {}),
        }));
        const ours = issues.find((issue) => !issue.pull_request && typeof issue.body === 'string' && issue.body.includes(marker));
        return ours ? { number: ours.number, body: ours.body ?? '' } : undefined;
    };
    try {
        // By label first (one page for most repositories); labels can be dropped for tokens without push rights, so then all.
        const open = (await find('open', options.labels[0])) ?? (await find('open', undefined));
        if (!failing && !open)
            return { outcome: 'none' };
        const before = parseHistory(open?.body);
        const entries = runEntries(run, options.runUrl);
        const history = appendRun(before, entries);
        const changes = driftChanges(before, entries, run);
        const bodyOf = (isOpen, previousIssue) => renderIssueBody({ key: options.key, history, open: isOpen, ...(options.runUrl ? { runUrl: options.runUrl } : {}), ...(previousIssue ? { previousIssue } : {}) });
        if (!open) {
            const previous = await find('closed', options.labels[0]);
            const created = await withRetry(() => octokit.rest.issues.create({ owner, repo, title: issueTitle(options.key), body: bodyOf(true, previous?.number), labels: options.labels }));
            logger.info(`Opened the drift tracking issue #${created.data.number}.`);
            return { outcome: 'opened', history, issue: created.data.number, changes };
        }
        const previousIssue = /^Previous episode: #(\d+)$/m.exec(open.body)?.[1];
        if (failing) {
            await withRetry(() => octokit.rest.issues.update({ owner, repo, issue_number: open.number, body: bodyOf(true, previousIssue ? Number(previousIssue) : undefined) }));
            if (changes.length === 0) {
                logger.info(`Updated the drift tracking issue #${open.number} (no change of state: no comment).`);
                return { outcome: 'updated', history, issue: open.number, changes };
            }
            await withRetry(() => octokit.rest.issues.createComment({ owner, repo, issue_number: open.number, body: renderChangeComment(changes, options.runUrl) }));
            logger.info(`Updated the drift tracking issue #${open.number} and commented on ${changes.length} change(s).`);
            return { outcome: 'commented', history, issue: open.number, changes };
        }
        await withRetry(() => octokit.rest.issues.update({ owner, repo, issue_number: open.number, body: bodyOf(false, previousIssue ? Number(previousIssue) : undefined) }));
        await withRetry(() => octokit.rest.issues.createComment({ owner, repo, issue_number: open.number, body: renderRecoveryComment(options.runUrl) }));
        await withRetry(() => octokit.rest.issues.update({ owner, repo, issue_number: open.number, state: 'closed', state_reason: 'completed' }));
        logger.info(`The data is equal again: closed the drift tracking issue #${open.number}.`);
        return { outcome: 'closed', history, issue: open.number, changes };
    }
    catch (error) {
        const status = (0,comment/* statusOf */.c2)(error);
        if (status === 403 || status === 404) {
            logger.warning(`Could not keep the drift tracking issue (HTTP ${status}): the workflow needs \`permissions: issues: write\` (and issues enabled in the repository). The run's outcome is unchanged.`);
        }
        else {
            logger.warning(`Could not keep the drift tracking issue: ${(0,redact/* redact */.E$)(error instanceof Error ? error.message : String(error))}`);
        }
        return { outcome: 'failed' };
    }
}
//# sourceMappingURL=tracking-issue.js.map
;// CONCATENATED MODULE: ./build/src/action/webhook.js


async function postWebhook(url, message, options) {
    const { logger } = options;
    try {
        await (0,retry/* retry */.L5)(async () => {
            const response = await fetch(url, {
                method: 'POST',
                headers: { 'content-type': 'application/json' },
                body: JSON.stringify(message),
                signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
            });
            await response.body?.cancel();
            if (!response.ok)
                throw Object.assign(new Error(`the webhook answered HTTP ${response.status}`), { status: response.status });
        }, {
            classify: (error) => {
                const status = error.status;
                return status === undefined || status === 429 || status >= 500 ? { retry: true, reason: status ? `HTTP ${status}` : 'network error' } : { retry: false };
            },
            maxAttempts: 3,
            baseMs: options.retryBaseMs ?? 1000,
            onRetry: (info) => logger.debug(`webhook: ${info.reason}; retrying in ${info.delayMs} ms`),
        });
        logger.info('Sent the drift alert to the webhook.');
        return true;
    }
    catch (error) {
        logger.warning(`Could not send the drift alert to the webhook: ${(0,redact/* redact */.E$)(error instanceof Error ? error.message : String(error))}. The run's outcome is unchanged.`);
        return false;
    }
}
//# sourceMappingURL=webhook.js.map
;// CONCATENATED MODULE: ./build/src/action/check-runs.js





/** GitHub's limit on a check run's output summary is 65,535 characters; bytes ≥ characters. */
const OUTPUT_BUDGET_BYTES = 60_000;
const ANNOTATIONS_PER_REQUEST = 50;
const LEVEL = { error: 'failure', warning: 'warning', notice: 'notice' };
/** The check's conclusion: what the fail policy makes of the comparison. */
function checkConclusion(status, failOn) {
    if (status === 'match')
        return 'success';
    if (failOn === 'never' || (failOn === 'error' && status === 'mismatch'))
        return 'neutral';
    return 'failure';
}
/** Creates the check runs; returns how many were created (stops at the first refusal). */
async function publishCheckRuns(options) {
    const { octokit, owner, repo, logger } = options;
    const withRetry = (operation) => (0,retry/* retry */.L5)(operation, { classify: comment/* classify */.L8, maxAttempts: 3, baseMs: options.retryBaseMs ?? 1000, onRetry: (info) => logger.debug(`GitHub API: ${info.reason}; retrying in ${info.delayMs} ms`) });
    let created = 0;
    for (const comparison of options.run.comparisons) {
        const single = { ...options.run, status: comparison.status, comparisons: [comparison] };
        const annotations = runAnnotations(single, { specFile: options.specFile, failOn: options.failOn }).map((a) => ({
            path: a.file,
            start_line: a.line ?? 1,
            end_line: a.line ?? 1,
            annotation_level: LEVEL[a.level],
            title: a.title,
            message: a.message,
        }));
        const output = {
            title: `${comparison.name}: ${comparison.status}`.slice(0, 255),
            summary: renderSummary(single, { maxDiffRows: options.maxDiffRows, budgetBytes: OUTPUT_BUDGET_BYTES }),
        };
        try {
            const check = await withRetry(() => octokit.rest.checks.create({
                owner,
                repo,
                name: `datacompare / ${comparison.name}`.slice(0, 255),
                head_sha: options.headSha,
                status: 'completed',
                conclusion: checkConclusion(comparison.status, options.failOn),
                output: { ...output, annotations: annotations.slice(0, ANNOTATIONS_PER_REQUEST) },
            }));
            for (let at = ANNOTATIONS_PER_REQUEST; at < annotations.length; at += ANNOTATIONS_PER_REQUEST) {
                await withRetry(() => octokit.rest.checks.update({ owner, repo, check_run_id: check.data.id, output: { ...output, annotations: annotations.slice(at, at + ANNOTATIONS_PER_REQUEST) } }));
            }
            created++;
        }
        catch (error) {
            const status = (0,comment/* statusOf */.c2)(error);
            logger.warning(status === 403 || status === 404
                ? `Could not create check runs (HTTP ${status}): the workflow needs \`permissions: checks: write\`. The run's outcome is unchanged.`
                : `Could not create the check run of "${comparison.name}": ${(0,redact/* redact */.E$)(error instanceof Error ? error.message : String(error))}`);
            if (status === 403 || status === 404)
                break;
        }
    }
    if (created > 0)
        logger.info(`Created ${created} check run(s), one per comparison.`);
    return created;
}
//# sourceMappingURL=check-runs.js.map
;// CONCATENATED MODULE: ./build/src/action/outputs.js
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
    core/* setOutput */.uH(Output.status, values.status);
    core/* setOutput */.uH(Output.mismatchedComparisons, values.mismatched.join(','));
    core/* setOutput */.uH(Output.failedComparisons, values.failed.join(','));
    core/* setOutput */.uH(Output.reportJson, values.reportJson ?? '');
    core/* setOutput */.uH(Output.summaryMarkdown, values.summaryMarkdown ?? '');
    core/* setOutput */.uH(Output.runIds, JSON.stringify(values.runIds));
}
//# sourceMappingURL=outputs.js.map
// EXTERNAL MODULE: ./build/src/action/report-files.js + 2 modules
var report_files = __webpack_require__(18568);
;// CONCATENATED MODULE: ./build/src/action/publish.js
/**
 * Publishes a finished run where people look: the job summary (always: also on forks and
 * schedules), annotations on the spec file, report files and outputs, and the sticky PR comment on
 * pull requests; returns the fail-policy decision for the action's single catch. No step here fails
 * the run: a failure to publish is a warning, the data decides.
 */

















function describe(error) {
    return (0,redact/* redact */.E$)(error instanceof Error ? error.message : String(error));
}
/** Appends to the job summary; a missing GITHUB_STEP_SUMMARY (outside Actions) is a warning, not a failure. */
async function writeJobSummary(markdown, logger) {
    try {
        await core/* summary */.z.addRaw(markdown).write();
    }
    catch (error) {
        logger.warning(`Could not write the job summary: ${describe(error)}`);
    }
}
async function publishRun(run, options) {
    const { inputs, logger } = options;
    const outcome = decideOutcome(run, inputs.failOn);
    // What people see: the values of sensitive columns masked (when asked); the files may keep them.
    const shown = options.masked ?? run;
    const forFiles = inputs.reportUnmasked ? run : shown;
    const csvNames = (0,report_files/* plannedCsvNames */.jf)(forFiles);
    // The same comparison, masked or not, is at the same index of both runs.
    const csvOf = (c) => {
        const index = shown.comparisons.includes(c) ? shown.comparisons.indexOf(c) : forFiles.comparisons.indexOf(c);
        return csvNames[index];
    };
    const rows = (0,report_files/* actionRowsHint */.TK)((c) => csvOf(c));
    let files;
    try {
        const fullSummary = renderSummary(forFiles, { maxDiffRows: inputs.maxDiffRows, budgetBytes: Number.POSITIVE_INFINITY, rows });
        files = await (0,report_files/* writeReportFiles */.t4)(forFiles, { dir: inputs.reportDir, fullSummary });
        logger.info(`Report files are in ${files.dir}.`);
    }
    catch (error) {
        logger.warning(`Could not write the report files to ${inputs.reportDir}: ${describe(error)}`);
    }
    // A partial run says nothing about drift: the tracking issue and its history are left as they are.
    const drift = options.stopped ? undefined : await publishTrackingIssue(shown, options);
    const driftSection = drift?.history ? renderDriftSection(drift.history, drift.issueUrl) : '';
    await writeJobSummary(renderSummary(shown, { maxDiffRows: inputs.maxDiffRows, rows }) + driftSection, logger);
    emitAnnotations(runAnnotations(shown, { specFile: options.specFile, failOn: inputs.failOn }));
    // Outputs before the calls to GitHub: a stopped run's grace period may end during those.
    setOutputs(outputValues(run, { ...(files ? { json: files.json, summary: files.summary } : {}) }));
    await publishComment(shown, options, rows);
    await publishChecks(shown, options);
    return outcome;
}
/** Comments on pull requests only, as `comment` says; on `on-mismatch`, an existing comment is still updated when the run turns green. */
async function publishComment(run, options, rows) {
    const { inputs, logger } = options;
    if (inputs.comment === 'never')
        return 'skipped';
    const target = (0,comment/* pullRequestFromEvent */.vR)();
    if (!target) {
        logger.debug('Not a pull request event: no PR comment (the job summary has the report).');
        return 'skipped';
    }
    if (!inputs.githubToken) {
        logger.warning('No github-token: cannot comment on the pull request. The job summary has the report.');
        return 'skipped';
    }
    const marker = (0,markdown_comment/* commentMarker */.Ql)(inputs.commentKey);
    const runUrl = (0,comment/* workflowRunUrl */.CX)();
    const body = (0,markdown_comment/* renderComment */.wQ)(run, { commentKey: inputs.commentKey, headSha: target.headSha, maxDiffRows: inputs.maxDiffRows, rows, ...(runUrl ? { runUrl } : {}) });
    const octokit = await (0,comment/* createOctokit */.Qi)(inputs.githubToken);
    // on-mismatch, green run: nothing new to say, but an earlier red comment of ours must not stay red.
    const onlyUpdate = inputs.comment === 'on-mismatch' && run.status === 'match';
    return (0,comment/* upsertComment */.lB)({ octokit, target, body, marker, startedAt: run.started_at, logger, onlyUpdate });
}
/** One check run per comparison (input `check-runs`), on the pull request's head or the pushed commit. */
async function publishChecks(run, options) {
    const { inputs, logger } = options;
    if (!inputs.checkRuns)
        return;
    const pullRequest = (0,comment/* pullRequestFromEvent */.vR)();
    if (pullRequest?.fork) {
        logger.info('A pull request from a fork: no check runs (its token is read-only).');
        return;
    }
    const [owner, repo] = (process.env.GITHUB_REPOSITORY ?? '').split('/');
    const headSha = pullRequest?.headSha || process.env.GITHUB_SHA;
    if (!inputs.githubToken || !owner || !repo || !headSha) {
        logger.warning('No github-token, GITHUB_REPOSITORY or commit: cannot create check runs.');
        return;
    }
    await publishCheckRuns({
        octokit: await (0,comment/* createOctokit */.Qi)(inputs.githubToken),
        owner,
        repo,
        headSha,
        run,
        specFile: options.specFile,
        failOn: inputs.failOn,
        maxDiffRows: inputs.maxDiffRows,
        logger,
    });
}
/** The drift tracking issue (input `issue`), off pull requests from forks and without a token. */
async function publishTrackingIssue(run, options) {
    const { inputs, logger } = options;
    if (inputs.issue === 'never') {
        if (inputs.webhookUrl)
            logger.warning('webhook-url is set but issue is never: alerts follow the tracking issue\'s history, so set issue: on-mismatch (or on-error).');
        return undefined;
    }
    if ((0,comment/* pullRequestFromEvent */.vR)()?.fork) {
        logger.info('A pull request from a fork: no tracking issue (its token is read-only).');
        return undefined;
    }
    const [owner, repo] = (process.env.GITHUB_REPOSITORY ?? '').split('/');
    if (!inputs.githubToken || !owner || !repo) {
        logger.warning('No github-token or GITHUB_REPOSITORY: cannot keep the drift tracking issue.');
        return undefined;
    }
    const runUrl = (0,comment/* workflowRunUrl */.CX)();
    const tracked = await trackDrift({
        octokit: await (0,comment/* createOctokit */.Qi)(inputs.githubToken),
        owner,
        repo,
        run,
        mode: inputs.issue,
        key: inputs.issueKey,
        labels: inputs.issueLabels,
        logger,
        ...(runUrl ? { runUrl } : {}),
    });
    const server = process.env.GITHUB_SERVER_URL ?? 'https://github.com';
    const issueUrl = tracked.issue ? `${server}/${owner}/${repo}/issues/${tracked.issue}` : undefined;
    if (inputs.webhookUrl && tracked.changes && tracked.changes.length > 0) {
        await postWebhook(inputs.webhookUrl, webhookMessage(tracked.changes, { key: inputs.issueKey, ...(runUrl ? { runUrl } : {}), ...(issueUrl ? { issueUrl } : {}) }), { logger });
    }
    return {
        ...(tracked.history ? { history: tracked.history } : {}),
        ...(issueUrl ? { issueUrl } : {}),
    };
}
async function publishSpecError(error, options) {
    const specFile = options.specFile || external_node_path_.normalize(options.inputs.spec);
    emitAnnotations(specErrorAnnotations(error, { specFile }));
    await writeJobSummary(renderSpecErrorSummary(error, specFile), options.logger);
    setOutputs({ status: 'error', mismatched: [], failed: [], runIds: [] });
}
/** A run that stopped before comparing (bad input, missing spec, api settings): the summary says why; `status` is error. */
async function publishFailure(error, logger) {
    await writeJobSummary(renderFailureSummary(error), logger);
    setOutputs({ status: 'error', mismatched: [], failed: [], runIds: [] });
}
//# sourceMappingURL=publish.js.map

/***/ }),

/***/ 18568:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  TK: () => (/* binding */ actionRowsHint),
  jf: () => (/* binding */ plannedCsvNames),
  t4: () => (/* binding */ writeReportFiles)
});

// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(51455);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(76760);
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
    const rows = c.diff?.diff_rows ?? [];
    const keys = c.diff?.primary_key_columns ?? [];
    const present = new Set();
    for (const row of rows)
        for (const name of Object.keys(row))
            present.add(name);
    const columns = [...keys, '_diff_type'];
    const compared = [...Object.keys(c.diff?.mismatched_columns_mapping ?? {}), ...Object.keys(c.diff?.column_mapping ?? {})];
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
/** The comparison's differing rows as CSV text (a header line even when there are none). */
function renderCsv(c) {
    const columns = csvColumns(c);
    const lines = [columns.map(headerField).join(',')];
    const keys = c.diff?.primary_key_columns ?? [];
    const sided = columns.map((name) => !keys.includes(name) && /^(source|target)_./.test(name));
    for (const row of c.diff?.diff_rows ?? []) {
        const unchanged = (name, index) => row._diff_type === 'changed' && sided[index] === true && !(name in row);
        lines.push(columns.map((name, index) => (unchanged(name, index) ? UNCHANGED_FIELD : field(row[name]))).join(','));
    }
    return lines.join('\r\n') + '\r\n';
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
    'duplicate_keys_source', 'duplicate_keys_target', 'null_keys_source', 'null_keys_target',
    'plan', 'reason', 'source', 'target', 'rows_sent', 'bytes_sent',
    'service', 'comparison_id', 'run_id', 'task_id', 'url', 'diff_rows_unavailable', 'diff_rows_capped', 'requested', 'kept',
    'schema_diff', 'type_mismatches', 'source_column', 'target_column', 'source_type', 'target_type', 'type',
    'diff', 'primary_key_columns', 'column_mapping', 'mismatched_columns_mapping', 'mismatch_count', 'details', 'compared_as',
    'diff_rows_total', 'truncated', 'diff_rows',
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
function renderJson(run) {
    return JSON.stringify(normalise(run, false), null, 2) + '\n';
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

/***/ }),

/***/ 95439:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   o: () => (/* binding */ largestFitting)
/* harmony export */ });
/** Finding the richest rendering that fits a size limit. Pure. */
/**
 * The largest n in [low, high] for which `render(n)` fits (returns a string), by binary search; assumes
 * that fewer rows never make a report larger. undefined when not even `low` fits.
 */
function largestFitting(low, high, render) {
    let best;
    while (low <= high) {
        const mid = Math.floor((low + high) / 2);
        const text = render(mid);
        if (text !== undefined) {
            best = { n: mid, text };
            low = mid + 1;
        }
        else {
            high = mid - 1;
        }
    }
    return best;
}
//# sourceMappingURL=budget.js.map

/***/ }),

/***/ 23680:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   c3: () => (/* binding */ xyChartInit),
/* harmony export */   qt: () => (/* binding */ PIE_COLORS),
/* harmony export */   tX: () => (/* binding */ pieInit)
/* harmony export */ });
/* unused harmony export CHART_PALETTE */
/**
 * Mermaid colours that read on GitHub's light and dark pages alike. GitHub draws ```mermaid blocks in
 * the page's theme (default or dark); the default theme's first line colour is near-white on a white
 * page, so every chart sets its own palette in an init directive: mid-luminance colours with a
 * contrast of at least 3:1 against white (#ffffff) and against GitHub's dark background (#0d1117).
 * Text colours are left to the theme. Pure.
 */
/** Line colours, most important first: blue, red, green, amber, purple, teal. */
const CHART_PALETTE = ['#1f6feb', '#e5534b', '#2da44e', '#bf8700', '#8957e5', '#1b7c83'];
/** Pie colours by meaning. */
const PIE_COLORS = { matched: '#2da44e', changed: '#bf8700', onlyInSource: '#e5534b', onlyInTarget: '#1f6feb' };
/** The init directive of an xychart: its lines in CHART_PALETTE. */
function xyChartInit() {
    return `%%{init: {"themeVariables": {"xyChart": {"plotColorPalette": "${CHART_PALETTE.join(', ')}"}}}}%%`;
}
/** The init directive of a pie whose slices are `colors`, in order (opaque, slice borders and the labels on them white). */
function pieInit(colors) {
    const slices = Object.fromEntries(colors.map((color, i) => [`pie${i + 1}`, color]));
    return `%%{init: {"themeVariables": ${JSON.stringify({ ...slices, pieStrokeColor: '#ffffff', pieSectionTextColor: '#ffffff', pieOuterStrokeWidth: '0px', pieOpacity: '1' })}}}%%`;
}
//# sourceMappingURL=chart-theme.js.map

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
/* harmony export */   xv: () => (/* binding */ truncate)
/* harmony export */ });
/* unused harmony exports MAX_VALUE_CHARS, MAX_TEXT_CHARS, ambiguous */
/* harmony import */ var _shared_redact_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(23326);
/* harmony import */ var _value_diff_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(52061);
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
/** `text` cut to `max` code points, ending in `…` when cut. */
function truncate(text, max) {
    const chars = Array.from(text);
    if (chars.length <= max)
        return text;
    return chars.slice(0, Math.max(0, max - 1)).join('') + ELLIPSIS;
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
function cellValue(value, max = MAX_VALUE_CHARS) {
    if (value === undefined)
        return '';
    if (value === null)
        return '*NULL*';
    if (typeof value !== 'string')
        return inlineText(String(value), max);
    return ambiguous(value) ? `"${inlineText(value, max)}"` : inlineText(value, max);
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
    const body = (0,_value_diff_js__WEBPACK_IMPORTED_MODULE_1__/* .renderView */ .qi)(v, (p) => (p.changed ? `<mark><b>${escapeMarkdown(p.text, false)}</b></mark>` : escapeMarkdown(p.text, false)));
    return quote ? `"${body}"` : body;
}
/**
 * A changed value as `source → target` for a table cell: long values cut around their first
 * difference on both sides, the differing characters in `<mark>` (GitHub renders it highlighted).
 */
function changedCell(source, target, max = MAX_VALUE_CHARS) {
    if (source === undefined || target === undefined || source === null || target === null)
        return `${cellValue(source, max)} → ${cellValue(target, max)}`;
    const a = (0,_shared_redact_js__WEBPACK_IMPORTED_MODULE_0__/* .redact */ .E$)(String(source));
    const b = (0,_shared_redact_js__WEBPACK_IMPORTED_MODULE_0__/* .redact */ .E$)(String(target));
    const d = (0,_value_diff_js__WEBPACK_IMPORTED_MODULE_1__/* .valueDiff */ .rJ)(a, b, max);
    const quote = (v, text) => typeof v === 'string' && ambiguous(text);
    return `${markedView(d.source, quote(source, a))} → ${markedView(d.target, quote(target, b))}`;
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
/* harmony export */   Rc: () => (/* binding */ sideText),
/* harmony export */   Rh: () => (/* binding */ statusLabel),
/* harmony export */   Rl: () => (/* binding */ runSeconds),
/* harmony export */   U9: () => (/* binding */ count),
/* harmony export */   e0: () => (/* binding */ NOT_COMPUTED),
/* harmony export */   eC: () => (/* binding */ rowsNote),
/* harmony export */   p0: () => (/* binding */ duration),
/* harmony export */   tW: () => (/* binding */ STATUS_ICON),
/* harmony export */   y7: () => (/* binding */ differingRows)
/* harmony export */ });
/** 1234567 → "1,234,567" (fixed en-US grouping, so snapshots do not depend on the machine). */
function count(value) {
    if (value === undefined || !Number.isFinite(value))
        return '–';
    return Math.round(value).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
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
    return `${head} ${where}${hint.more ? `; set ${hint.more} above ${count(kept)} to keep more` : ''}.${nowhere}`;
}
//# sourceMappingURL=format.js.map

/***/ }),

/***/ 88299:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Ql: () => (/* binding */ commentMarker),
/* harmony export */   "in": () => (/* binding */ reportedHeadSha),
/* harmony export */   wQ: () => (/* binding */ renderComment)
/* harmony export */ });
/* unused harmony exports COMMENT_LIMIT_CHARS, renderCommentWithStage */
/* harmony import */ var _shared_redact_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(23326);
/* harmony import */ var _budget_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(95439);
/* harmony import */ var _escape_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(96209);
/* harmony import */ var _markdown_parts_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(65340);
/* harmony import */ var _markdown_dbt_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(60872);





/** GitHub's limit for a comment body, in characters. */
const COMMENT_LIMIT_CHARS = 65_536;
/** The key inside an HTML comment: no `--`, no `>`, nothing but a conservative character set. */
function encodeKey(key) {
    return key.replace(/[^A-Za-z0-9._/-]/g, (ch) => encodeURIComponent(ch)).replace(/--/g, '-%2D');
}
/** The hidden marker that identifies our comment for `commentKey`. */
function commentMarker(commentKey) {
    return `<!-- datacompare:comment-key=${encodeKey(commentKey)} -->`;
}
const SHA_MARKER = /<!-- datacompare:head-sha=([0-9a-f]{7,64}) -->/;
/** The head SHA an existing comment of ours reports on, if it says. */
function reportedHeadSha(body) {
    return SHA_MARKER.exec(body)?.[1];
}
function shaMarker(sha) {
    const clean = /^[0-9a-f]{7,64}$/i.test(sha) ? sha.toLowerCase() : 'unknown';
    return `<!-- datacompare:head-sha=${clean} -->`;
}
function header(run, options) {
    const short = /^[0-9a-f]{7,64}$/i.test(options.headSha) ? options.headSha.slice(0, 7) : (0,_escape_js__WEBPACK_IMPORTED_MODULE_1__/* .inlineText */ .ln)(options.headSha, 12);
    const url = (0,_escape_js__WEBPACK_IMPORTED_MODULE_1__/* .safeUrl */ .Pl)(options.runUrl);
    const link = url ? ` · [workflow run](${url})` : '';
    return [commentMarker(options.commentKey), shaMarker(options.headSha), `### datacompare: ${run.status}`, '', (0,_markdown_parts_js__WEBPACK_IMPORTED_MODULE_2__/* .statusLine */ .Bs)(run, { timings: false }), '', `<sub>Checked commit ${short}${link} · spec key ${(0,_escape_js__WEBPACK_IMPORTED_MODULE_1__/* .inlineText */ .ln)(options.commentKey, 200)}</sub>`];
}
function render(run, stage, options, shortened) {
    const parts = [...header(run, options), ''];
    const dbt = (0,_markdown_dbt_js__WEBPACK_IMPORTED_MODULE_3__/* .dbtSection */ .mu)(run, { limit: stage.details ? 50 : Math.min(20, stage.tableLimit ?? 20) });
    if (dbt)
        parts.push(dbt, '');
    parts.push((0,_markdown_parts_js__WEBPACK_IMPORTED_MODULE_2__/* .statusTable */ .XR)(run, { ...(stage.tableLimit !== undefined && { limit: stage.tableLimit }) }));
    if (stage.details) {
        const details = (0,_markdown_parts_js__WEBPACK_IMPORTED_MODULE_2__/* .allDetails */ .uR)(run, { maxRows: stage.rows, chart: false, timings: false, ...(options.rows ? { rows: options.rows } : {}) });
        if (details)
            parts.push('', details);
    }
    if (shortened)
        parts.push('', `<sub>Shortened to fit GitHub's comment size limit (${stage.name}); the job summary and the report files have everything.</sub>`);
    return (0,_shared_redact_js__WEBPACK_IMPORTED_MODULE_0__/* .redact */ .E$)(parts.join('\n')) + '\n';
}
function oneLine(run, options) {
    const url = (0,_escape_js__WEBPACK_IMPORTED_MODULE_1__/* .safeUrl */ .Pl)(options.runUrl);
    const see = url ? ` See the [workflow run](${url}) for the report.` : ' See the workflow run for the report.';
    return (0,_shared_redact_js__WEBPACK_IMPORTED_MODULE_0__/* .redact */ .E$)([commentMarker(options.commentKey), shaMarker(options.headSha), `### datacompare: ${run.status}`, '', `${(0,_markdown_parts_js__WEBPACK_IMPORTED_MODULE_2__/* .statusLine */ .Bs)(run, { timings: false })}${see}`].join('\n')) + '\n';
}
/** The comment body and the stage it fit at. */
function renderCommentWithStage(run, options) {
    const limit = options.maxChars ?? COMMENT_LIMIT_CHARS;
    const fitting = (stage, shortened) => {
        const body = render(run, stage, options, shortened);
        return body.length <= limit ? body : undefined;
    };
    const full = fitting({ name: 'full tables', rows: options.maxDiffRows, details: true }, false);
    if (full !== undefined)
        return { markdown: full, stage: 'full tables' };
    const fewer = (0,_budget_js__WEBPACK_IMPORTED_MODULE_4__/* .largestFitting */ .o)(1, options.maxDiffRows - 1, (rows) => fitting({ name: `${rows} sample rows`, rows, details: true }, true));
    if (fewer)
        return { markdown: fewer.text, stage: `${fewer.n} sample rows` };
    for (const stage of [
        { name: 'no sample rows', rows: 0, details: true },
        { name: 'statistics only', rows: 0, details: false },
        ...[100, 30].filter((n) => n < run.comparisons.length).map((n) => ({ name: `first ${n} comparisons`, rows: 0, details: false, tableLimit: n })),
    ]) {
        const body = fitting(stage, true);
        if (body !== undefined)
            return { markdown: body, stage: stage.name };
    }
    return { markdown: oneLine(run, options), stage: 'one line' };
}
function renderComment(run, options) {
    return renderCommentWithStage(run, options).markdown;
}
//# sourceMappingURL=markdown-comment.js.map

/***/ }),

/***/ 60872:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   mu: () => (/* binding */ dbtSection)
/* harmony export */ });
/* unused harmony exports rowsChange, columnShares */
/* harmony import */ var _escape_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(96209);
/* harmony import */ var _format_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(45845);


const KEY_SOURCE_LABEL = {
    override: 'spec override',
    meta: 'meta.datacompare',
    constraint: 'primary_key constraint',
    unique_key: 'unique_key',
    unique_test: 'unique test',
    unique_combination: 'unique_combination_of_columns',
    none: 'none (counts and profiles)',
};
/** "4 → 5 (+1, +25.0%)". */
function rowsChange(c) {
    const s = c.stats;
    if (!s)
        return '–';
    const delta = s.target_rows - s.source_rows;
    const pct = s.source_rows === 0 ? (delta === 0 ? '0%' : 'new rows') : `${delta >= 0 ? '+' : ''}${((delta / s.source_rows) * 100).toFixed(1)}%`;
    return `${(0,_format_js__WEBPACK_IMPORTED_MODULE_1__/* .count */ .U9)(s.source_rows)} → ${(0,_format_js__WEBPACK_IMPORTED_MODULE_1__/* .count */ .U9)(s.target_rows)} (${delta >= 0 ? '+' : ''}${(0,_format_js__WEBPACK_IMPORTED_MODULE_1__/* .count */ .U9)(delta)}, ${pct})`;
}
/** "amount 25.0%, status 10.0%": the share of rows whose value changed, per column, largest first. */
function columnShares(c, max = 4) {
    const rows = Math.max(c.stats?.source_rows ?? 0, c.stats?.target_rows ?? 0, 1);
    const shares = Object.entries(c.diff?.mismatched_columns_mapping ?? {})
        .filter(([, v]) => v.mismatch_count > 0)
        .sort((a, b) => b[1].mismatch_count - a[1].mismatch_count)
        .map(([name, v]) => `${(0,_escape_js__WEBPACK_IMPORTED_MODULE_0__/* .nameText */ .fh)(name)} ${((v.mismatch_count / rows) * 100).toFixed(1)}%`);
    return shares.length > max ? `${shares.slice(0, max).join(', ')} +${shares.length - max} more` : shares.join(', ');
}
function outcome(c) {
    if (c.status === 'error')
        return `${_format_js__WEBPACK_IMPORTED_MODULE_1__/* .STATUS_ICON */ .tW.error} ${(0,_escape_js__WEBPACK_IMPORTED_MODULE_0__/* .sentenceText */ .x7)(c.error?.message ?? 'error', 200, { table: true })}`;
    const schema = c.schema_diff ? c.schema_diff.only_in_source.length + c.schema_diff.only_in_target.length + c.schema_diff.type_mismatches.length : 0;
    const parts = [];
    if (!(0,_format_js__WEBPACK_IMPORTED_MODULE_1__/* .countsOnly */ .F5)(c)) {
        const s = c.stats;
        if (s && (0,_format_js__WEBPACK_IMPORTED_MODULE_1__/* .differingRows */ .y7)(c) > 0)
            parts.push(`${(0,_format_js__WEBPACK_IMPORTED_MODULE_1__/* .count */ .U9)(s.mismatched_rows)} changed, ${(0,_format_js__WEBPACK_IMPORTED_MODULE_1__/* .count */ .U9)(s.only_in_source)} removed, ${(0,_format_js__WEBPACK_IMPORTED_MODULE_1__/* .count */ .U9)(s.only_in_target)} added rows`);
    }
    else if (c.stats && c.stats.source_rows !== c.stats.target_rows)
        parts.push('row counts differ');
    if (schema > 0)
        parts.push((0,_format_js__WEBPACK_IMPORTED_MODULE_1__/* .plural */ .LS)(schema, 'column change'));
    const shares = columnShares(c);
    if (shares)
        parts.push(`moved: ${shares}`);
    const profile = (c.profile ?? []).slice(0, 4).map((p) => `${(0,_escape_js__WEBPACK_IMPORTED_MODULE_0__/* .nameText */ .fh)(p.column)} (${p.differs.join(', ')})`);
    if (profile.length > 0)
        parts.push(`profile differs: ${profile.join(', ')}${(c.profile?.length ?? 0) > 4 ? ' …' : ''}`);
    const keyless = c.dbt?.key_source === 'none';
    if (c.dbt?.downstream) {
        parts.push(c.status !== 'match' ? 'the change propagated' : keyless ? 'no change seen in counts or profiles' : 'the change did not reach it');
    }
    if (keyless)
        parts.push('no key: add one to compare row by row');
    return `${_format_js__WEBPACK_IMPORTED_MODULE_1__/* .STATUS_ICON */ .tW[c.status]} ${parts.join('; ') || 'no difference'}`;
}
/** The per-model table and the new/removed/excluded models; '' when the run has no dbt part. */
function dbtSection(run, options) {
    if (!run.dbt)
        return '';
    const models = (0,_format_js__WEBPACK_IMPORTED_MODULE_1__/* .byImportance */ .G5)(run.comparisons.filter((c) => c.dbt));
    const shown = models.slice(0, options.limit);
    const lines = [`#### dbt models (${run.dbt.select}): ${(0,_format_js__WEBPACK_IMPORTED_MODULE_1__/* .plural */ .LS)(models.length, 'model')} compared`, ''];
    if (shown.length > 0) {
        lines.push('| Model | Why | Key | Rows prod → PR | Result |', '|---|---|---|--:|---|');
        for (const c of shown) {
            const key = c.dbt.key_source === 'none' ? KEY_SOURCE_LABEL.none : `${(c.diff?.primary_key_columns ?? []).map(_escape_js__WEBPACK_IMPORTED_MODULE_0__/* .nameText */ .fh).join(', ')} (${KEY_SOURCE_LABEL[c.dbt.key_source] ?? (0,_escape_js__WEBPACK_IMPORTED_MODULE_0__/* .inlineText */ .ln)(c.dbt.key_source)})`;
            lines.push(`| ${(0,_escape_js__WEBPACK_IMPORTED_MODULE_0__/* .nameText */ .fh)(c.name)} | ${(0,_escape_js__WEBPACK_IMPORTED_MODULE_0__/* .inlineText */ .ln)(c.dbt.reason, 120)} | ${key} | ${rowsChange(c)} | ${outcome(c)} |`);
        }
        if (models.length > shown.length)
            lines.push('', `… and ${(0,_format_js__WEBPACK_IMPORTED_MODULE_1__/* .plural */ .LS)(models.length - shown.length, 'more model')} (all in the job summary and results.json).`);
    }
    else
        lines.push('The pull request changed no model that exists in production.');
    const list = (label, items) => {
        if (items.length === 0)
            return;
        const names = items.slice(0, 20).map((i) => (0,_escape_js__WEBPACK_IMPORTED_MODULE_0__/* .nameText */ .fh)(i.name));
        lines.push('', `**${label}:** ${names.join(', ')}${items.length > 20 ? ` +${items.length - 20} more` : ''}`);
    };
    list('New models (no production relation to compare)', run.dbt.added);
    list('Removed models (dropped by this pull request)', run.dbt.removed);
    list('Excluded by dbt.exclude', run.dbt.excluded);
    return lines.join('\n');
}
//# sourceMappingURL=markdown-dbt.js.map

/***/ }),

/***/ 65340:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Bs: () => (/* binding */ statusLine),
/* harmony export */   XR: () => (/* binding */ statusTable),
/* harmony export */   uR: () => (/* binding */ allDetails)
/* harmony export */ });
/* unused harmony exports sidesLine, differenceSummary, hasDetails, comparisonDetails */
/* harmony import */ var _chart_theme_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(23680);
/* harmony import */ var _escape_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(96209);
/* harmony import */ var _format_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(45845);



const DIFF_TYPE_LABEL = {
    changed: 'changed',
    only_in_source: 'only in source',
    only_in_target: 'only in target',
};
/** One sentence on the whole run, e.g. "❌ 2 of 3 comparisons differ, 💥 1 could not run." */
function statusLine(run, options = {}) {
    const total = run.comparisons.length;
    const errors = run.comparisons.filter((c) => c.status === 'error').length;
    const mismatches = run.comparisons.filter((c) => c.status === 'mismatch').length;
    const tail = options.timings === false ? ` (${run.mode} mode)` : ` (${run.mode} mode, ${(0,_format_js__WEBPACK_IMPORTED_MODULE_2__/* .duration */ .p0)((0,_format_js__WEBPACK_IMPORTED_MODULE_2__/* .runSeconds */ .Rl)(run))})`;
    if (total === 0)
        return `⚪ No comparisons were run${tail}.`;
    if (errors === 0 && mismatches === 0) {
        const within = run.comparisons.filter((c) => c.within_thresholds).length;
        const note = within > 0 ? `; ${within} differ within their thresholds` : '';
        return `${_format_js__WEBPACK_IMPORTED_MODULE_2__/* .STATUS_ICON */ .tW.match} **${total === 1 ? 'The comparison matches' : `All ${total} comparisons match`}**${note}${tail}.`;
    }
    const parts = [];
    if (mismatches > 0)
        parts.push(`${_format_js__WEBPACK_IMPORTED_MODULE_2__/* .STATUS_ICON */ .tW.mismatch} **${mismatches} of ${total} ${total === 1 ? 'comparison' : 'comparisons'} ${mismatches === 1 ? 'differs' : 'differ'}**`);
    if (errors > 0)
        parts.push(`${_format_js__WEBPACK_IMPORTED_MODULE_2__/* .STATUS_ICON */ .tW.error} **${errors} of ${total} could not run**`);
    return `${parts.join(', ')}${tail}.`;
}
function differingColumns(c, max = 4) {
    const names = Object.entries(c.diff?.mismatched_columns_mapping ?? {})
        .filter(([, v]) => v.mismatch_count > 0)
        .map(([name]) => (0,_escape_js__WEBPACK_IMPORTED_MODULE_1__/* .codeSpan */ .SS)(name, { table: true }));
    if (names.length === 0)
        return '';
    return names.length > max ? `${names.slice(0, max).join(', ')} +${names.length - max} more` : names.join(', ');
}
function jobLink(c) {
    const service = c.service;
    if (!service)
        return '';
    const label = service.run_id !== undefined ? `run ${service.run_id}` : 'job';
    const url = (0,_escape_js__WEBPACK_IMPORTED_MODULE_1__/* .safeUrl */ .Pl)(service.url);
    return url ? `[${label}](${url})` : label;
}
/** Where a comparison's data came from: "legacy_pg · public.orders → warehouse · sales.orders". */
function sidesLine(c) {
    if (!c.sides)
        return '';
    return `${(0,_escape_js__WEBPACK_IMPORTED_MODULE_1__/* .inlineText */ .ln)((0,_format_js__WEBPACK_IMPORTED_MODULE_2__/* .sideText */ .Rc)(c.sides.source), 120)} → ${(0,_escape_js__WEBPACK_IMPORTED_MODULE_1__/* .inlineText */ .ln)((0,_format_js__WEBPACK_IMPORTED_MODULE_2__/* .sideText */ .Rc)(c.sides.target), 120)}`;
}
function comparisonCell(c, api) {
    const under = [sidesLine(c), api ? jobLink(c) : ''].filter((part) => part !== '').join(' · ');
    return under ? `${(0,_escape_js__WEBPACK_IMPORTED_MODULE_1__/* .nameText */ .fh)(c.name)}<br><sub>${under}</sub>` : (0,_escape_js__WEBPACK_IMPORTED_MODULE_1__/* .nameText */ .fh)(c.name);
}
/**
 * The status table, at most 8 columns so a pull-request comment shows it whole: what was compared
 * (the two sides under the name), status, match percentage and counts; the plan and timings are in
 * the details. `limit` cuts it (most important comparisons first) only when a budget demands it.
 */
function statusTable(run, options = {}) {
    const api = run.mode === 'api';
    const head = ['Comparison', 'Status', 'Match', 'Source rows', 'Target rows', 'Changed', 'Only in source / target', 'Columns that differ'];
    const align = ['---', '---', '--:', '--:', '--:', '--:', '--:', '---'];
    const ordered = options.limit === undefined ? run.comparisons : (0,_format_js__WEBPACK_IMPORTED_MODULE_2__/* .byImportance */ .G5)(run.comparisons).slice(0, options.limit);
    const rows = ordered.map((c) => {
        const s = c.stats;
        const known = s !== undefined && !(0,_format_js__WEBPACK_IMPORTED_MODULE_2__/* .countsOnly */ .F5)(c);
        return [
            comparisonCell(c, api),
            (0,_format_js__WEBPACK_IMPORTED_MODULE_2__/* .statusLabel */ .Rh)(c),
            (0,_format_js__WEBPACK_IMPORTED_MODULE_2__/* .matchPercent */ .Ff)(c),
            (0,_format_js__WEBPACK_IMPORTED_MODULE_2__/* .count */ .U9)(s?.source_rows),
            (0,_format_js__WEBPACK_IMPORTED_MODULE_2__/* .count */ .U9)(s?.target_rows),
            known ? (0,_format_js__WEBPACK_IMPORTED_MODULE_2__/* .count */ .U9)(s.mismatched_rows) : _format_js__WEBPACK_IMPORTED_MODULE_2__/* .NOT_COMPUTED */ .e0,
            known ? `${(0,_format_js__WEBPACK_IMPORTED_MODULE_2__/* .count */ .U9)(s.only_in_source)} / ${(0,_format_js__WEBPACK_IMPORTED_MODULE_2__/* .count */ .U9)(s.only_in_target)}` : _format_js__WEBPACK_IMPORTED_MODULE_2__/* .NOT_COMPUTED */ .e0,
            c.status === 'error' ? (0,_format_js__WEBPACK_IMPORTED_MODULE_2__/* .errorKindLabel */ .DC)(c.error?.kind ?? 'internal') : differingColumns(c),
        ];
    });
    const lines = [head, align, ...rows].map((cells) => `| ${cells.join(' | ')} |`);
    const hidden = run.comparisons.length - ordered.length;
    if (hidden > 0)
        lines.push('', `… and ${(0,_format_js__WEBPACK_IMPORTED_MODULE_2__/* .plural */ .LS)(hidden, 'more comparison')} (all in results.json).`);
    return lines.join('\n');
}
/** What was compared and how: sides, match share, plan (and time, unless `timings` is false). */
function comparedSection(c, timings) {
    const lines = [];
    const sides = sidesLine(c);
    const compared = (0,_format_js__WEBPACK_IMPORTED_MODULE_2__/* .rowsCompared */ .Ju)(c);
    const share = compared !== undefined && compared > 0 && c.status !== 'error' ? `${(0,_format_js__WEBPACK_IMPORTED_MODULE_2__/* .matchPercent */ .Ff)(c)} match (${(0,_format_js__WEBPACK_IMPORTED_MODULE_2__/* .count */ .U9)(c.stats?.matched_rows)} of ${(0,_format_js__WEBPACK_IMPORTED_MODULE_2__/* .plural */ .LS)(compared, 'row')} compared by key)` : '';
    if (sides || share)
        lines.push(`**Compared:** ${[sides, share].filter((part) => part !== '').join(' · ')}`);
    const how = [];
    if (c.plan)
        how.push(`plan ${(0,_escape_js__WEBPACK_IMPORTED_MODULE_1__/* .inlineText */ .ln)(c.plan.kind, 20)}: ${(0,_escape_js__WEBPACK_IMPORTED_MODULE_1__/* .sentenceText */ .x7)(c.plan.reason, 300)}`);
    if (timings && c.result)
        how.push(`took ${(0,_format_js__WEBPACK_IMPORTED_MODULE_2__/* .duration */ .p0)(c.result.time_taken)}`);
    if (c.service) {
        const link = jobLink(c);
        if (link)
            how.push(link);
    }
    if (how.length > 0)
        lines.push(`<sub>${how.join(' · ')}</sub>`);
    return lines.join('<br>\n');
}
/** "9 differing rows (5 changed, 3 only in source, 1 only in target)"; "row counts only: 10 source rows, 9 target rows". */
function differenceSummary(c) {
    const s = c.stats;
    if ((0,_format_js__WEBPACK_IMPORTED_MODULE_2__/* .countsOnly */ .F5)(c))
        return `row counts only: ${(0,_format_js__WEBPACK_IMPORTED_MODULE_2__/* .plural */ .LS)(s?.source_rows ?? 0, 'source row')}, ${(0,_format_js__WEBPACK_IMPORTED_MODULE_2__/* .plural */ .LS)(s?.target_rows ?? 0, 'target row')}`;
    const total = (0,_format_js__WEBPACK_IMPORTED_MODULE_2__/* .differingRows */ .y7)(c);
    const parts = s ? [`${(0,_format_js__WEBPACK_IMPORTED_MODULE_2__/* .count */ .U9)(s.mismatched_rows)} changed`, `${(0,_format_js__WEBPACK_IMPORTED_MODULE_2__/* .count */ .U9)(s.only_in_source)} only in source`, `${(0,_format_js__WEBPACK_IMPORTED_MODULE_2__/* .count */ .U9)(s.only_in_target)} only in target`] : [];
    return `${(0,_format_js__WEBPACK_IMPORTED_MODULE_2__/* .plural */ .LS)(total, 'differing row')}${parts.length ? ` (${parts.join(', ')})` : ''}`;
}
function summaryText(c) {
    if (c.status === 'error')
        return `${_format_js__WEBPACK_IMPORTED_MODULE_2__/* .STATUS_ICON */ .tW.error} ${(0,_format_js__WEBPACK_IMPORTED_MODULE_2__/* .errorKindLabel */ .DC)(c.error?.kind ?? 'internal')}`;
    const schema = c.schema_diff && schemaDiffCount(c) > 0 ? `, ${(0,_format_js__WEBPACK_IMPORTED_MODULE_2__/* .plural */ .LS)(schemaDiffCount(c), 'schema difference')}` : '';
    const within = c.within_thresholds ? ' — within thresholds' : '';
    return `${_format_js__WEBPACK_IMPORTED_MODULE_2__/* .STATUS_ICON */ .tW[c.status]} ${differenceSummary(c)}${schema}${within}`;
}
function schemaDiffCount(c) {
    const d = c.schema_diff;
    return d ? d.only_in_source.length + d.only_in_target.length + d.type_mismatches.length : 0;
}
function columnTable(c) {
    const mapping = c.diff?.column_mapping ?? {};
    const entries = Object.entries(c.diff?.mismatched_columns_mapping ?? {}).filter(([, v]) => v.mismatch_count > 0);
    if (entries.length === 0)
        return '';
    const rows = entries.map(([name, v]) => {
        const target = mapping[name];
        const column = target !== undefined && target !== name ? `${(0,_escape_js__WEBPACK_IMPORTED_MODULE_1__/* .codeSpan */ .SS)(name, { table: true })} → ${(0,_escape_js__WEBPACK_IMPORTED_MODULE_1__/* .codeSpan */ .SS)(target, { table: true })}` : (0,_escape_js__WEBPACK_IMPORTED_MODULE_1__/* .codeSpan */ .SS)(name, { table: true });
        return `| ${column} | ${(0,_format_js__WEBPACK_IMPORTED_MODULE_2__/* .count */ .U9)(v.mismatch_count)} | ${(0,_escape_js__WEBPACK_IMPORTED_MODULE_1__/* .sentenceText */ .x7)(v.details, 300, { table: true })} |`;
    });
    return ['**Columns that differ**', '', '| Column | Rows that differ | Details |', '|---|--:|---|', ...rows].join('\n');
}
/** Columns of the sample table: keys, then every compared column that appears in a row, differing ones first. */
function sampleColumns(c, rows) {
    const keys = c.diff?.primary_key_columns ?? [];
    const seen = new Set();
    const add = (name) => void seen.add(name);
    Object.keys(c.diff?.mismatched_columns_mapping ?? {}).forEach(add);
    const found = new Set();
    for (const row of rows) {
        for (const field of Object.keys(row)) {
            if (field === '_diff_type' || keys.includes(field))
                continue;
            const match = /^(source|target)_(.+)$/.exec(field);
            if (match?.[2] !== undefined)
                found.add(match[2]);
        }
    }
    const columns = [...seen].filter((name) => found.has(name));
    for (const name of found)
        if (!columns.includes(name))
            columns.push(name);
    return { keys, columns };
}
function sampleCell(row, column) {
    const hasSource = `source_${column}` in row;
    const hasTarget = `target_${column}` in row;
    const source = row[`source_${column}`];
    const target = row[`target_${column}`];
    if (row._diff_type === 'changed' && hasSource && hasTarget)
        return (0,_escape_js__WEBPACK_IMPORTED_MODULE_1__/* .changedCell */ .Fj)(source, target);
    if (row._diff_type === 'changed' && !hasSource && !hasTarget)
        return _escape_js__WEBPACK_IMPORTED_MODULE_1__/* .UNCHANGED_CELL */ .RZ;
    if (hasSource)
        return (0,_escape_js__WEBPACK_IMPORTED_MODULE_1__/* .cellValue */ .Or)(source);
    if (hasTarget)
        return (0,_escape_js__WEBPACK_IMPORTED_MODULE_1__/* .cellValue */ .Or)(target);
    return '';
}
function sampleTable(c, maxRows, hint = {}) {
    const all = c.diff?.diff_rows ?? [];
    if (maxRows <= 0 || all.length === 0)
        return '';
    const rows = all.slice(0, maxRows);
    const { keys, columns } = sampleColumns(c, rows);
    const head = [...keys.map((k) => `🔑 ${(0,_escape_js__WEBPACK_IMPORTED_MODULE_1__/* .codeSpan */ .SS)(k, { table: true })}`), 'Difference', ...columns.map((name) => (0,_escape_js__WEBPACK_IMPORTED_MODULE_1__/* .codeSpan */ .SS)(name, { table: true }))];
    const lines = [`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`];
    for (const row of rows) {
        const cells = [...keys.map((k) => (0,_escape_js__WEBPACK_IMPORTED_MODULE_1__/* .cellValue */ .Or)(row[k])), DIFF_TYPE_LABEL[row._diff_type] ?? (0,_escape_js__WEBPACK_IMPORTED_MODULE_1__/* .inlineText */ .ln)(String(row._diff_type)), ...columns.map((col) => sampleCell(row, col))];
        lines.push(`| ${cells.join(' | ')} |`);
    }
    const note = (0,_escape_js__WEBPACK_IMPORTED_MODULE_1__/* .sentenceText */ .x7)((0,_format_js__WEBPACK_IMPORTED_MODULE_2__/* .rowsNote */ .eC)(c, rows.length, hint), 1_000);
    return ['**Sample rows** (source → target)', '', ...lines, '', note].join('\n');
}
function schemaSection(c) {
    const d = c.schema_diff;
    if (!d || schemaDiffCount(c) === 0)
        return '';
    const lines = [
        ...d.only_in_source.map((col) => `- Only in source: ${(0,_escape_js__WEBPACK_IMPORTED_MODULE_1__/* .codeSpan */ .SS)(col.name)} (${(0,_escape_js__WEBPACK_IMPORTED_MODULE_1__/* .codeSpan */ .SS)(col.type, { max: 80 })})`),
        ...d.only_in_target.map((col) => `- Only in target: ${(0,_escape_js__WEBPACK_IMPORTED_MODULE_1__/* .codeSpan */ .SS)(col.name)} (${(0,_escape_js__WEBPACK_IMPORTED_MODULE_1__/* .codeSpan */ .SS)(col.type, { max: 80 })})`),
        ...d.type_mismatches.map((m) => `- Type differs: ${(0,_escape_js__WEBPACK_IMPORTED_MODULE_1__/* .codeSpan */ .SS)(m.source_column)} ${(0,_escape_js__WEBPACK_IMPORTED_MODULE_1__/* .codeSpan */ .SS)(m.source_type, { max: 80 })} → ${(0,_escape_js__WEBPACK_IMPORTED_MODULE_1__/* .codeSpan */ .SS)(m.target_column)} ${(0,_escape_js__WEBPACK_IMPORTED_MODULE_1__/* .codeSpan */ .SS)(m.target_type, { max: 80 })}`),
    ];
    return ['**Schema differences**', '', ...lines].join('\n');
}
function chart(c) {
    const s = c.stats;
    if (!s || c.status !== 'mismatch' || (0,_format_js__WEBPACK_IMPORTED_MODULE_2__/* .countsOnly */ .F5)(c))
        return '';
    const differing = s.mismatched_rows + s.only_in_source + s.only_in_target;
    const rows = Math.max(s.source_rows, s.target_rows, 1);
    // A pie only says something when the differences are a visible slice of the rows.
    if (differing === 0 || differing / rows < 0.01)
        return '';
    const slices = [
        ['Matched', s.matched_rows, _chart_theme_js__WEBPACK_IMPORTED_MODULE_0__/* .PIE_COLORS */ .qt.matched],
        ['Changed', s.mismatched_rows, _chart_theme_js__WEBPACK_IMPORTED_MODULE_0__/* .PIE_COLORS */ .qt.changed],
        ['Only in source', s.only_in_source, _chart_theme_js__WEBPACK_IMPORTED_MODULE_0__/* .PIE_COLORS */ .qt.onlyInSource],
        ['Only in target', s.only_in_target, _chart_theme_js__WEBPACK_IMPORTED_MODULE_0__/* .PIE_COLORS */ .qt.onlyInTarget],
    ];
    const shown = slices.filter(([, n]) => n > 0);
    const body = shown.map(([label, n]) => `    "${label}" : ${n}`);
    return ['```mermaid', (0,_chart_theme_js__WEBPACK_IMPORTED_MODULE_0__/* .pieInit */ .tX)(shown.map(([, , color]) => color)), `pie showData title ${(0,_escape_js__WEBPACK_IMPORTED_MODULE_1__/* .mermaidLabel */ ._b)(c.name)}`, ...body, '```'].join('\n');
}
function capitalise(text) {
    return text.charAt(0).toUpperCase() + text.slice(1);
}
function errorSection(c) {
    if (!c.error)
        return '';
    const lines = [`**${capitalise((0,_format_js__WEBPACK_IMPORTED_MODULE_2__/* .errorKindLabel */ .DC)(c.error.kind))}:** ${(0,_escape_js__WEBPACK_IMPORTED_MODULE_1__/* .sentenceText */ .x7)(c.error.message, 2_000)}`];
    if (c.error.hint)
        lines.push('', `**What to do:** ${(0,_escape_js__WEBPACK_IMPORTED_MODULE_1__/* .sentenceText */ .x7)(c.error.hint, 1_000)}`);
    return lines.join('\n');
}
function reasonsSection(c) {
    const reasons = [...(c.result?.diff_reasons ?? []), ...(c.notes ?? []).map((note) => `Note: ${note}`)];
    if (reasons.length === 0)
        return '';
    return reasons.map((r) => `- ${(0,_escape_js__WEBPACK_IMPORTED_MODULE_1__/* .sentenceText */ .x7)(r, 500)}`).join('\n');
}
/** api mode: differing rows the service could not give, or fewer than max_diff_rows asks (one short line each). */
function rowNotesSection(c) {
    const notes = [];
    if (c.diff_rows_unavailable)
        notes.push(`⚠️ The differing rows could not be fetched from the service: ${(0,_escape_js__WEBPACK_IMPORTED_MODULE_1__/* .inlineText */ .ln)(c.diff_rows_unavailable, 300)}`);
    if (c.diff_rows_capped) {
        const { kept, requested } = c.diff_rows_capped;
        notes.push(`⚠️ The service kept ${(0,_format_js__WEBPACK_IMPORTED_MODULE_2__/* .count */ .U9)(kept)} differing rows, fewer than max_diff_rows (${(0,_format_js__WEBPACK_IMPORTED_MODULE_2__/* .count */ .U9)(requested)}): its own cap (\`datacompare serve --max-diff-rows\` raises it).`);
    }
    return notes.join('\n\n');
}
/** Whether a comparison has anything to show beyond its table row. */
function hasDetails(c) {
    return c.status !== 'match' || c.within_thresholds === true || schemaDiffCount(c) > 0 || (c.notes?.length ?? 0) > 0;
}
/** A `<details>` block for one comparison. */
function comparisonDetails(c, options) {
    const sections = [
        comparedSection(c, options.timings !== false),
        errorSection(c),
        reasonsSection(c),
        columnTable(c),
        sampleTable(c, options.maxRows, options.rows),
        rowNotesSection(c),
        schemaSection(c),
        options.chart ? chart(c) : '',
    ].filter((s) => s !== '');
    const open = c.status === 'error' ? ' open' : '';
    return [`<details${open}><summary><b>${(0,_escape_js__WEBPACK_IMPORTED_MODULE_1__/* .htmlText */ .js)(c.name)}</b>: ${summaryText(c)}</summary>`, '', ...sections.flatMap((s) => [s, '']), '</details>'].join('\n');
}
/** The details of every comparison that has some, most important first. */
function allDetails(run, options) {
    return (0,_format_js__WEBPACK_IMPORTED_MODULE_2__/* .byImportance */ .G5)(run.comparisons)
        .filter(hasDetails)
        .map((c) => comparisonDetails(c, options))
        .join('\n\n');
}
//# sourceMappingURL=markdown-parts.js.map

/***/ }),

/***/ 52061:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   qi: () => (/* binding */ renderView),
/* harmony export */   rJ: () => (/* binding */ valueDiff)
/* harmony export */ });
/* unused harmony exports CONTEXT_CHARS, commonEnds, valueView */
/**
 * Where two values differ, for every renderer: the common prefix and suffix of the two texts, the
 * differing span of each side, and a window of at most `max` characters around the first differing
 * position, cut the same way on both sides (`…sit amet end-3` → `…sit amet end-3!`), so a long
 * value that differs at its end never renders as two identical prefixes. Numbers and timestamps are
 * texts here too: `1500375.25` → `1500375.75` marks the `2` and the `7`. Pure; counts code points.
 */
/** At least this many characters are kept before the first differing position (half the window when wider). */
const CONTEXT_CHARS = 20;
/** The common prefix and (non-overlapping) common suffix lengths of two texts, in code points. */
function commonEnds(a, b) {
    const shorter = Math.min(a.length, b.length);
    let prefix = 0;
    while (prefix < shorter && a[prefix] === b[prefix])
        prefix++;
    let suffix = 0;
    while (suffix < shorter - prefix && a[a.length - 1 - suffix] === b[b.length - 1 - suffix])
        suffix++;
    return { prefix, suffix };
}
function view(chars, start, max, changedFrom, changedTo) {
    // The `…` marks count in the window, as in escape.ts's truncate.
    const room = Math.max(1, max - (start > 0 ? 1 : 0));
    const end = chars.length - start <= room ? chars.length : start + Math.max(1, room - 1);
    const parts = [];
    const push = (from, to, changed) => {
        const a = Math.max(from, start);
        const b = Math.min(to, end);
        if (b > a)
            parts.push({ text: chars.slice(a, b).join(''), changed });
    };
    push(0, changedFrom, false);
    push(changedFrom, changedTo, true);
    push(changedTo, chars.length, false);
    return { parts, cutStart: start > 0, cutEnd: end < chars.length, length: chars.length };
}
/** One value with nothing to compare it to: its first `max` characters. */
function valueView(text, max) {
    const chars = Array.from(text);
    return view(chars, 0, max, chars.length, chars.length);
}
/**
 * Both sides of a changed value, each cut to `max` characters around the first differing position
 * (the same start on both sides), with the differing span of each marked. Equal texts, and texts
 * sharing less than half of the shorter one, have no changed part.
 */
function valueDiff(source, target, max) {
    const a = Array.from(source);
    const b = Array.from(target);
    const { prefix, suffix } = commonEnds(a, b);
    const longest = Math.max(a.length, b.length);
    // Start at 0 when the first difference is well inside the window, else some context before it.
    const context = Math.max(CONTEXT_CHARS, Math.floor(max / 2));
    // A difference near the end gets more context before it: the window is filled up to the longer end.
    const start = longest <= max || prefix + context <= max ? 0 : Math.max(0, Math.min(prefix - context, longest - max + 1));
    // Mark a span only where the sides share most of their text (digits, a suffix, a trailing space):
    // marking `pai|d` → `refunde|d` would only add noise.
    const equal = source === target || (prefix + suffix) * 2 < Math.min(a.length, b.length);
    return {
        source: view(a, start, max, equal ? a.length : prefix, equal ? a.length : a.length - suffix),
        target: view(b, start, max, equal ? b.length : prefix, equal ? b.length : b.length - suffix),
    };
}
/** A view as plain text with `…` where it was cut, each part mapped by `part` (for escaping or marking). */
function renderView(v, part, ellipsis = '…') {
    return `${v.cutStart ? ellipsis : ''}${v.parts.map(part).join('')}${v.cutEnd ? ellipsis : ''}`;
}
//# sourceMappingURL=value-diff.js.map

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
