export const id = 873;
export const ids = [873];
export const modules = {

/***/ 52873:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   pullRequestFromEvent: () => (/* binding */ pullRequestFromEvent),
/* harmony export */   upsertComment: () => (/* binding */ upsertComment),
/* harmony export */   workflowRunUrl: () => (/* binding */ workflowRunUrl)
/* harmony export */ });
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(73024);
/* harmony import */ var _report_markdown_comment_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(88299);
/* harmony import */ var _github_client_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(2577);
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
 * becomes a warning naming the permission; every other API failure is a warning too, naming what
 * failed (github-client.ts). Commenting never fails the run.
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
/** Creates or updates our comment; never throws. */
async function upsertComment(options) {
    const { octokit, target, logger } = options;
    const where = { owner: target.owner, repo: target.repo };
    const findOurs = async () => {
        const comments = await octokit.paginate(octokit.rest.issues.listComments, { ...where, issue_number: target.number, per_page: 100 });
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
            if (await newerCommentThanUs(existing, options)) {
                logger.info(`Not updating the pull request comment: it reports on commit ${(0,_report_markdown_comment_js__WEBPACK_IMPORTED_MODULE_1__/* .reportedHeadSha */ ["in"])(existing.body)}, newer than ${target.headSha}.`);
                return 'skipped-newer';
            }
            // The whole body, set again: the same outcome however often it is sent.
            await octokit.rest.issues.updateComment({ ...where, comment_id: existing.id, body: options.body, request: { idempotent: true } });
            logger.info(`Updated the pull request comment (comment ${existing.id}).`);
            return 'updated';
        }
        if (options.onlyUpdate) {
            logger.debug('Everything matches and there is no earlier comment: nothing to comment.');
            return 'not-needed';
        }
        // A create is not idempotent: after a lost answer, look before sending it again.
        const id = await (0,_github_client_js__WEBPACK_IMPORTED_MODULE_2__/* .createOnce */ .Ur)(async () => (await octokit.rest.issues.createComment({ ...where, issue_number: target.number, body: options.body })).data.id, async () => (await findOurs())?.id, { ...(options.retryBaseMs !== undefined ? { retryBaseMs: options.retryBaseMs } : {}) });
        logger.info(`Commented on pull request #${target.number} (comment ${id}).`);
        return 'created';
    }
    catch (error) {
        warnCommentFailure(error, target, logger);
        return 'failed';
    }
}
async function newerCommentThanUs(existing, options) {
    const theirs = (0,_report_markdown_comment_js__WEBPACK_IMPORTED_MODULE_1__/* .reportedHeadSha */ ["in"])(existing.body);
    const ours = options.target.headSha.toLowerCase();
    if (!theirs || theirs === ours)
        return false;
    try {
        const pull = await options.octokit.rest.pulls.get({ owner: options.target.owner, repo: options.target.repo, pull_number: options.target.number });
        return pull.data.head.sha.toLowerCase() !== ours;
    }
    catch (error) {
        options.logger.debug(`Could not read the pull request's head (${(0,_github_client_js__WEBPACK_IMPORTED_MODULE_2__/* .describeGitHubFailure */ .Po)(error)}); comparing times instead.`);
        return Date.parse(existing.updatedAt) > Date.parse(options.startedAt);
    }
}
function warnCommentFailure(error, target, logger) {
    const status = (0,_github_client_js__WEBPACK_IMPORTED_MODULE_2__/* .statusOf */ .c2)(error);
    if (status === 403 || status === 401) {
        const why = target.fork
            ? 'pull requests from forks get a read-only token'
            : 'the workflow token lacks the permission';
        logger.warning(`Could not comment on pull request #${target.number} (HTTP ${status}: ${why}). Add \`permissions: pull-requests: write\` to the job, or set \`comment: never\`. The job summary has the full report.`);
        return;
    }
    logger.warning(`Could not comment on pull request #${target.number}: ${(0,_github_client_js__WEBPACK_IMPORTED_MODULE_2__/* .describeGitHubFailure */ .Po)(error)}. The job summary has the full report.`);
}
//# sourceMappingURL=comment.js.map

/***/ }),

/***/ 2577:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   LX: () => (/* binding */ createGitHubClient),
/* harmony export */   Po: () => (/* binding */ describeGitHubFailure),
/* harmony export */   Ur: () => (/* binding */ createOnce),
/* harmony export */   c2: () => (/* binding */ statusOf)
/* harmony export */ });
/* unused harmony exports GITHUB_TIMEOUT_MS, GITHUB_ATTEMPTS, githubTimeoutFromEnv, GitHubApiError */
/* harmony import */ var node_http__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(37067);
/* harmony import */ var _shared_network_failure_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(58638);
/* harmony import */ var _shared_redact_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(23326);
/* harmony import */ var _shared_retry_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(45085);
/* harmony import */ var _shared_abort_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(59117);
/**
 * The one GitHub API client of a run (PR comment, check runs, drift issue), with what every call
 * needs and octokit does not give:
 * - a time limit per request (30 s, DATACOMPARE_GITHUB_TIMEOUT_SECONDS), headers and body alike: an
 *   API that accepts and never answers used to hold each attempt for undici's 5 minutes;
 * - retries with full-jitter backoff (3 attempts, Retry-After honoured) only where a repeat is safe:
 *   any request that surely did not reach GitHub (name not resolved, connection refused, 429), and a
 *   read or a request marked `idempotent` after one that may have (timeout, reset, 5xx). A create is
 *   never repeated blindly: `createOnce` looks for what it would have made first;
 * - a failure named for what it is (`GitHubApiError`): "the host name … does not resolve (ENOTFOUND)",
 *   "no answer within 30 s", "HTTP 404 Not Found, with an empty body", never octokit's "HTTP 500"
 *   for a network error or its empty message;
 * - once GitHub could not be reached, or did not answer, after every attempt, the run's later calls
 *   fail at once with that reason instead of waiting again: the step ends within about three time limits.
 * Created explicitly from the token, never at import time.
 */





/** A GitHub API request gets no more than this long, its answer's body included. */
const GITHUB_TIMEOUT_MS = 30_000;
/** Attempts of a request that may be repeated, the first included. */
const GITHUB_ATTEMPTS = 3;
/** The time limit per request: DATACOMPARE_GITHUB_TIMEOUT_SECONDS (1–300), else GITHUB_TIMEOUT_MS. */
function githubTimeoutFromEnv(env) {
    const seconds = Number(env.DATACOMPARE_GITHUB_TIMEOUT_SECONDS);
    return Number.isFinite(seconds) && seconds >= 1 && seconds <= 300 ? seconds * 1000 : GITHUB_TIMEOUT_MS;
}
/** A failed call to GitHub. Never fails the run: each publisher turns it into a warning (it never reaches the action's single catch). */
class GitHubApiError extends Error {
    name = 'GitHubApiError';
    /** GitHub's HTTP status; undefined when GitHub did not answer. */
    status;
    failure;
    /** The Retry-After of GitHub's answer (429, 503), when it sent one. */
    retryAfterMs;
    constructor(message, options) {
        super(message, options.cause === undefined ? undefined : { cause: options.cause });
        this.failure = options.failure;
        this.status = options.status;
        this.retryAfterMs = options.retryAfterMs;
    }
    /** The request may have been carried out though it failed: the connection broke or our limit fired after it was sent, or GitHub failed mid-way. */
    get mayHaveLanded() {
        return ['no-answer', 'reset', 'timed-out', 'other'].includes(this.failure) || (this.status !== undefined && this.status >= 500);
    }
    /** It surely never reached GitHub, or GitHub turned it away before doing it. */
    get neverLanded() {
        return this.failure === 'unresolved' || this.failure === 'refused' || this.status === 429;
    }
}
/** Failures after which GitHub counts as unreachable for the rest of the run. */
const UNREACHABLE = new Set(['no-answer', 'unresolved', 'refused', 'timed-out', 'tls', 'certificate']);
/** An octokit for the GitHub API the runner names (GITHUB_API_URL read now), every request guarded as above. */
async function createGitHubClient(options) {
    const env = options.env ?? process.env;
    const { getOctokit } = await __webpack_require__.e(/* import() */ 413).then(__webpack_require__.bind(__webpack_require__, 92413));
    const octokit = getOctokit(options.token, { baseUrl: env.GITHUB_API_URL || 'https://api.github.com' });
    const timeoutMs = options.timeoutMs ?? githubTimeoutFromEnv(env);
    let unreachable;
    octokit.hook.wrap('request', async (send, requestOptions) => {
        const shape = requestOptions;
        const { method, url } = octokit.request.endpoint.parse(requestOptions);
        const target = new URL(url);
        const what = `${method} ${target.pathname}`;
        if (unreachable) {
            throw new GitHubApiError(`${what} was not sent: an earlier request of this run failed (${unreachable.message})`, { failure: 'not-sent', cause: unreachable });
        }
        const repeatable = method === 'GET' || method === 'HEAD' || shape.request?.idempotent === true;
        const given = shape.request;
        const attempt = async () => {
            const limit = AbortSignal.timeout(timeoutMs);
            // The options are the ones the hook chain was bound to: set on them, not on a copy (a copy is not passed on).
            shape.request = { ...given, signal: limit };
            try {
                const response = await send(requestOptions);
                // octokit reads the body after the headers; a body cut by our limit reads as empty, not as an answer.
                if (limit.aborted)
                    throw limit.reason;
                return response;
            }
            catch (error) {
                throw gitHubError(error, { what, target, timeoutMs, timedOut: limit.aborted });
            }
        };
        try {
            return await (0,_shared_retry_js__WEBPACK_IMPORTED_MODULE_2__/* .retry */ .L5)(attempt, {
                maxAttempts: GITHUB_ATTEMPTS,
                baseMs: options.retryBaseMs ?? 1000,
                classify: (error) => retryDecision(error, repeatable),
                onRetry: (info) => options.logger.debug(`GitHub API: ${(0,_shared_redact_js__WEBPACK_IMPORTED_MODULE_1__/* .redact */ .E$)(String(info.error.message))}; attempt ${info.attempt + 1} of ${GITHUB_ATTEMPTS} in ${info.delayMs} ms`),
            });
        }
        catch (error) {
            // Not reached, or no answer, after every attempt: the run's later calls would wait the same way (a connection that broke once says less).
            if (error instanceof GitHubApiError && UNREACHABLE.has(error.failure))
                unreachable = error;
            throw error;
        }
    });
    return octokit;
}
function retryDecision(error, repeatable) {
    if (!(error instanceof GitHubApiError))
        return { retry: false };
    const transient = error.neverLanded || error.mayHaveLanded;
    if (!transient || (!error.neverLanded && !repeatable))
        return { retry: false };
    return { retry: true, reason: error.message, ...(error.retryAfterMs !== undefined ? { retryAfterMs: error.retryAfterMs } : {}) };
}
/** octokit's error (or fetch's) as a GitHubApiError naming what happened. */
function gitHubError(error, request) {
    if (error instanceof GitHubApiError)
        return error;
    const host = request.target.host;
    if (request.timedOut) {
        return new GitHubApiError(`no answer from ${host} within ${Math.round(request.timeoutMs / 1000)} s (${request.what})`, { failure: 'no-answer', cause: error });
    }
    const response = error.response;
    const status = response?.status;
    if (typeof status === 'number') {
        const said = (0,_shared_redact_js__WEBPACK_IMPORTED_MODULE_1__/* .redact */ .E$)(error.message ?? '').trim();
        const named = node_http__WEBPACK_IMPORTED_MODULE_0__.STATUS_CODES[status] ? ` ${node_http__WEBPACK_IMPORTED_MODULE_0__.STATUS_CODES[status]}` : '';
        const retryAfterMs = (0,_shared_retry_js__WEBPACK_IMPORTED_MODULE_2__/* .parseRetryAfter */ .mu)(response?.headers?.['retry-after']);
        const body = said === '' ? ', with an empty body' : `: ${said}`;
        return new GitHubApiError(`GitHub answered HTTP ${status}${named}${body} (${request.what})`, { failure: 'http', status, ...(retryAfterMs !== undefined ? { retryAfterMs } : {}), cause: error });
    }
    const failure = (0,_shared_network_failure_js__WEBPACK_IMPORTED_MODULE_4__/* .describeNetworkFailure */ .K)((0,_shared_network_failure_js__WEBPACK_IMPORTED_MODULE_4__/* .networkErrorCode */ .a)(error), request.target);
    return new GitHubApiError(`${failure.what} (${request.what})`, { failure: failure.kind, cause: error });
}
/** GitHub's HTTP status of a failed call, when GitHub answered. */
function statusOf(error) {
    return error instanceof GitHubApiError ? error.status : undefined;
}
/** A failure's text for a warning, redacted. */
function describeGitHubFailure(error) {
    return (0,_shared_redact_js__WEBPACK_IMPORTED_MODULE_1__/* .redact */ .E$)(error instanceof Error ? error.message : String(error));
}
/**
 * A create (POST: the client repeats it on its own only when it surely never landed) made safe to
 * repeat once after a failure that may have reached GitHub: after a short wait, `find` looks for what
 * it would have made, and only when nothing is found is it sent again.
 */
async function createOnce(create, find, options = {}) {
    try {
        return await create();
    }
    catch (error) {
        if (!(error instanceof GitHubApiError) || !error.mayHaveLanded)
            throw error;
        await (0,_shared_abort_js__WEBPACK_IMPORTED_MODULE_3__/* .sleep */ .yy)(error.retryAfterMs ?? (0,_shared_retry_js__WEBPACK_IMPORTED_MODULE_2__/* .fullJitterDelay */ .x4)(0, { baseMs: options.retryBaseMs ?? 1000 }));
        const found = await find();
        return found !== undefined ? found : await create();
    }
}
//# sourceMappingURL=github-client.js.map

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

/***/ 88299:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Ql: () => (/* binding */ commentMarker),
/* harmony export */   "in": () => (/* binding */ reportedHeadSha),
/* harmony export */   wQ: () => (/* binding */ renderComment)
/* harmony export */ });
/* unused harmony exports COMMENT_LIMIT_CHARS, COMMENT_EXAMPLES, renderCommentWithStage */
/* harmony import */ var _shared_redact_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(23326);
/* harmony import */ var _budget_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(95439);
/* harmony import */ var _escape_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(96209);
/* harmony import */ var _markdown_parts_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(87319);
/* harmony import */ var _markdown_dbt_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(60872);
/* harmony import */ var _patterns_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(87145);






/** GitHub's limit for a comment body, in characters. */
const COMMENT_LIMIT_CHARS = 65_536;
/**
 * Examples of kinds of difference per comparison, one kept row each (about 300 characters apiece): enough
 * to cover every column's main kinds and short of crowding the sample rows out of a comment.
 */
const COMMENT_EXAMPLES = 20;
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
        const details = (0,_markdown_parts_js__WEBPACK_IMPORTED_MODULE_2__/* .allDetails */ .uR)(run, { maxRows: stage.rows, examples: stage.examples, chart: false, timings: false, ...(options.rows ? { rows: options.rows } : {}) });
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
    const examples = (0,_patterns_js__WEBPACK_IMPORTED_MODULE_4__/* .mostExamples */ .J2)(run.comparisons, COMMENT_EXAMPLES);
    const full = fitting({ name: 'full tables', rows: options.maxDiffRows, examples, details: true }, false);
    if (full !== undefined)
        return { markdown: full, stage: 'full tables' };
    const fewer = (0,_budget_js__WEBPACK_IMPORTED_MODULE_5__/* .largestFitting */ .o)(1, options.maxDiffRows - 1, (rows) => fitting({ name: `${rows} sample rows`, rows, examples, details: true }, true));
    if (fewer)
        return { markdown: fewer.text, stage: `${fewer.n} sample rows` };
    const noRows = fitting({ name: 'no sample rows', rows: 0, examples, details: true }, true);
    if (noRows !== undefined)
        return { markdown: noRows, stage: 'no sample rows' };
    // Examples teach more than sample rows: they go after the rows, as many as fit.
    const fewerExamples = (0,_budget_js__WEBPACK_IMPORTED_MODULE_5__/* .largestFitting */ .o)(1, examples - 1, (n) => fitting({ name: `no sample rows, ${n} examples`, rows: 0, examples: n, details: true }, true));
    if (fewerExamples)
        return { markdown: fewerExamples.text, stage: `no sample rows, ${fewerExamples.n} examples` };
    for (const stage of [
        ...(examples > 0 ? [{ name: 'no sample rows or examples', rows: 0, examples: 0, details: true }] : []),
        { name: 'statistics only', rows: 0, examples: 0, details: false },
        ...[100, 30].filter((n) => n < run.comparisons.length).map((n) => ({ name: `first ${n} comparisons`, rows: 0, examples: 0, details: false, tableLimit: n })),
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

/***/ 87319:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  uR: () => (/* binding */ allDetails),
  Bs: () => (/* binding */ statusLine),
  XR: () => (/* binding */ statusTable)
});

// UNUSED EXPORTS: comparisonDetails, differenceSummary, hasDetails, sidesLine

// EXTERNAL MODULE: ./build/src/report/chart-theme.js
var chart_theme = __webpack_require__(23680);
// EXTERNAL MODULE: ./build/src/report/escape.js
var report_escape = __webpack_require__(96209);
// EXTERNAL MODULE: ./build/src/report/format.js
var format = __webpack_require__(45845);
// EXTERNAL MODULE: ./build/src/report/patterns.js
var patterns = __webpack_require__(87145);
;// CONCATENATED MODULE: ./build/src/report/markdown-patterns.js



/** Each side of an example is cut to this many characters around its first difference. */
const EXAMPLE_VALUE_CHARS = 60;
/** The "Why" cell of a column: counted kinds, accepted ones after `<br>`, and api mode's "(from 100 of 3,000 rows)". */
function whyCell(column, limit = patterns/* PATTERNS_LISTED */.g8) {
    const why = (0,patterns/* columnWhy */.B1)(column, limit);
    const parts = [why.counted ? (0,report_escape/* inlineText */.ln)(why.counted, 2_000) : '', why.accepted ? `*accepted:* ${(0,report_escape/* inlineText */.ln)(why.accepted, 2_000)}` : ''].filter((part) => part !== '');
    if (parts.length === 0)
        return '';
    return `${parts.join('<br>')}${why.from ? ` <sub>(${(0,report_escape/* inlineText */.ln)(why.from, 100)})</sub>` : ''}`;
}
/**
 * "Why, by example": at most `limit` examples, one per (column, kind), each the kept row's key and its
 * two values in that column; a note when there were more. '' when there is nothing to show.
 */
function examplesSection(c, limit) {
    const diff = c.diff;
    if (!diff || limit <= 0)
        return '';
    const { picked, available } = (0,patterns/* patternExamples */.gC)(diff, limit);
    if (picked.length === 0)
        return '';
    const keys = diff.primary_key_columns;
    const cutOf = (0,format/* cutValuesOf */.Qx)(diff);
    const keyHead = keys.length > 0 ? `🔑 ${keys.map((k) => (0,report_escape/* codeSpan */.SS)(k, { table: true })).join(', ')}` : 'Row';
    const lines = ['| Column | Why | Rows | ' + keyHead + ' | Source → target |', '|---|---|--:|---|---|'];
    for (const example of picked) {
        const row = diff.diff_rows[example.row];
        if (!row)
            continue;
        const key = keys.length > 0 ? keys.map((k) => (0,report_escape/* cellValue */.Or)(row[k], 40, cutOf(example.row, k))).join(', ') : (0,format/* count */.U9)(example.row + 1);
        const source = `source_${example.column}`;
        const target = `target_${example.column}`;
        const sourceCut = cutOf(example.row, source);
        const targetCut = cutOf(example.row, target);
        const values = (0,report_escape/* changedCell */.Fj)(row[source], row[target], EXAMPLE_VALUE_CHARS, { ...(sourceCut ? { source: sourceCut } : {}), ...(targetCut ? { target: targetCut } : {}) });
        const why = `${(0,report_escape/* inlineText */.ln)((0,patterns/* patternName */.yT)(example.pattern), 100)}${example.accepted ? ' *(accepted)*' : ''}`;
        lines.push(`| ${(0,report_escape/* codeSpan */.SS)(example.column, { table: true })} | ${why} | ${(0,format/* count */.U9)(example.pattern.rows)} | ${key} | ${values} |`);
    }
    const note = picked.length < available ? `\n\nExamples of ${(0,format/* count */.U9)(picked.length)} of ${(0,format/* plural */.LS)(available, 'kind')}; the rest are counted in the column table and listed in the JSON results.` : '';
    return `**Why, by example** (one kept row per kind of difference, source → target)\n\n${lines.join('\n')}${note}`;
}
//# sourceMappingURL=markdown-patterns.js.map
;// CONCATENATED MODULE: ./build/src/report/markdown-parts.js





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
    const tail = options.timings === false ? ` (${run.mode} mode)` : ` (${run.mode} mode, ${(0,format/* duration */.p0)((0,format/* runSeconds */.Rl)(run))})`;
    if (total === 0)
        return `⚪ No comparisons were run${tail}.`;
    if (errors === 0 && mismatches === 0) {
        const within = run.comparisons.filter((c) => c.within_thresholds).length;
        const accepting = run.comparisons.filter((c) => (c.stats?.accepted_rows ?? 0) > 0).length;
        const note = `${within > 0 ? `; ${within} differ within their thresholds` : ''}${accepting > 0 ? `; ${accepting} ${accepting === 1 ? 'has' : 'have'} accepted differences` : ''}`;
        return `${format/* STATUS_ICON */.tW.match} **${total === 1 ? 'The comparison matches' : `All ${total} comparisons match`}**${note}${tail}.`;
    }
    const parts = [];
    if (mismatches > 0)
        parts.push(`${format/* STATUS_ICON */.tW.mismatch} **${mismatches} of ${total} ${total === 1 ? 'comparison' : 'comparisons'} ${mismatches === 1 ? 'differs' : 'differ'}**`);
    if (errors > 0)
        parts.push(`${format/* STATUS_ICON */.tW.error} **${errors} of ${total} could not run**`);
    return `${parts.join(', ')}${tail}.`;
}
function differingColumns(c, max = 4) {
    const names = Object.entries(c.diff?.mismatched_columns_mapping ?? {})
        .filter(([, v]) => v.mismatch_count > 0)
        .map(([name]) => (0,report_escape/* codeSpan */.SS)(name, { table: true }));
    if (names.length === 0)
        return '';
    return names.length > max ? `${names.slice(0, max).join(', ')} +${names.length - max} more` : names.join(', ');
}
function jobLink(c) {
    const service = c.service;
    if (!service)
        return '';
    const label = service.run_id !== undefined ? `run ${service.run_id}` : 'job';
    const url = (0,report_escape/* safeUrl */.Pl)(service.url);
    return url ? `[${label}](${url})` : label;
}
/** Where a comparison's data came from: "legacy_pg · public.orders → warehouse · sales.orders". */
function sidesLine(c) {
    if (!c.sides)
        return '';
    return `${(0,report_escape/* inlineText */.ln)((0,format/* sideText */.Rc)(c.sides.source), 120)} → ${(0,report_escape/* inlineText */.ln)((0,format/* sideText */.Rc)(c.sides.target), 120)}`;
}
function comparisonCell(c, api) {
    const under = [sidesLine(c), api ? jobLink(c) : ''].filter((part) => part !== '').join(' · ');
    return under ? `${(0,report_escape/* nameText */.fh)(c.name)}<br><sub>${under}</sub>` : (0,report_escape/* nameText */.fh)(c.name);
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
    const ordered = options.limit === undefined ? run.comparisons : (0,format/* byImportance */.G5)(run.comparisons).slice(0, options.limit);
    const rows = ordered.map((c) => {
        const s = c.stats;
        const known = s !== undefined && !(0,format/* countsOnly */.F5)(c);
        return [
            comparisonCell(c, api),
            (0,format/* statusLabel */.Rh)(c),
            (0,format/* matchPercent */.Ff)(c),
            (0,format/* count */.U9)(s?.source_rows),
            (0,format/* count */.U9)(s?.target_rows),
            known ? (0,format/* count */.U9)(s.mismatched_rows) : format/* NOT_COMPUTED */.e0,
            known ? `${(0,format/* count */.U9)(s.only_in_source)} / ${(0,format/* count */.U9)(s.only_in_target)}` : format/* NOT_COMPUTED */.e0,
            c.status === 'error' ? (0,format/* errorKindLabel */.DC)(c.error?.kind ?? 'internal') : differingColumns(c),
        ];
    });
    const lines = [head, align, ...rows].map((cells) => `| ${cells.join(' | ')} |`);
    const hidden = run.comparisons.length - ordered.length;
    if (hidden > 0)
        lines.push('', `… and ${(0,format/* plural */.LS)(hidden, 'more comparison')} (all in results.json).`);
    return lines.join('\n');
}
/** What was compared and how: sides, match share, plan (and time, unless `timings` is false). */
function comparedSection(c, timings) {
    const lines = [];
    const sides = sidesLine(c);
    const compared = (0,format/* rowsCompared */.Ju)(c);
    const share = compared !== undefined && compared > 0 && c.status !== 'error' ? `${(0,format/* matchPercent */.Ff)(c)} match (${(0,format/* count */.U9)(c.stats?.matched_rows)} of ${(0,format/* plural */.LS)(compared, 'row')} compared by key)` : '';
    if (sides || share)
        lines.push(`**Compared:** ${[sides, share].filter((part) => part !== '').join(' · ')}`);
    const how = [];
    if (c.plan)
        how.push(`plan ${(0,report_escape/* inlineText */.ln)(c.plan.kind, 20)}: ${(0,report_escape/* sentenceText */.x7)(c.plan.reason, 300)}`);
    if (timings && c.result)
        how.push(`took ${(0,format/* duration */.p0)(c.result.time_taken)}`);
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
    if ((0,format/* countsOnly */.F5)(c))
        return `row counts only: ${(0,format/* plural */.LS)(s?.source_rows ?? 0, 'source row')}, ${(0,format/* plural */.LS)(s?.target_rows ?? 0, 'target row')}`;
    const total = (0,format/* differingRows */.y7)(c);
    const parts = s ? [`${(0,format/* count */.U9)(s.mismatched_rows)} changed`, `${(0,format/* count */.U9)(s.only_in_source)} only in source`, `${(0,format/* count */.U9)(s.only_in_target)} only in target`] : [];
    return `${(0,format/* plural */.LS)(total, 'differing row')}${parts.length ? ` (${parts.join(', ')})` : ''}`;
}
function summaryText(c) {
    if (c.status === 'error')
        return `${format/* STATUS_ICON */.tW.error} ${(0,format/* errorKindLabel */.DC)(c.error?.kind ?? 'internal')}`;
    const schema = c.schema_diff && schemaDiffCount(c) > 0 ? `, ${(0,format/* plural */.LS)(schemaDiffCount(c), 'schema difference')}` : '';
    const within = c.within_thresholds ? ' — within thresholds' : '';
    const accepted = (0,patterns/* acceptedRowsPhrase */.Oi)(c);
    return `${format/* STATUS_ICON */.tW[c.status]} ${differenceSummary(c)}${schema}${accepted ? `; ${accepted}` : ''}${within}`;
}
function schemaDiffCount(c) {
    const d = c.schema_diff;
    return d ? d.only_in_source.length + d.only_in_target.length + d.type_mismatches.length : 0;
}
/** Per column: rows that differ, why (when the result says: kinds of difference, accepted ones), details. */
function columnTable(c) {
    const mapping = c.diff?.column_mapping ?? {};
    const entries = (0,patterns/* reportedColumns */.V2)(c.diff);
    if (entries.length === 0)
        return '';
    const why = (0,patterns/* hasPatterns */.__)(c);
    const rows = entries.map(([name, v]) => {
        const target = mapping[name];
        const column = target !== undefined && target !== name ? `${(0,report_escape/* codeSpan */.SS)(name, { table: true })} → ${(0,report_escape/* codeSpan */.SS)(target, { table: true })}` : (0,report_escape/* codeSpan */.SS)(name, { table: true });
        const cells = [column, (0,format/* count */.U9)(v.mismatch_count), ...(why ? [whyCell(v)] : []), (0,report_escape/* sentenceText */.x7)(v.details, 300, { table: true })];
        return `| ${cells.join(' | ')} |`;
    });
    const head = why ? ['| Column | Rows that differ | Why | Details |', '|---|--:|---|---|'] : ['| Column | Rows that differ | Details |', '|---|--:|---|'];
    return ['**Columns that differ**', '', ...head, ...rows].join('\n');
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
function sampleCell(row, column, cutOf) {
    const hasSource = `source_${column}` in row;
    const hasTarget = `target_${column}` in row;
    const source = row[`source_${column}`];
    const target = row[`target_${column}`];
    const sourceCut = cutOf(`source_${column}`);
    const targetCut = cutOf(`target_${column}`);
    if (row._diff_type === 'changed' && hasSource && hasTarget) {
        return (0,report_escape/* changedCell */.Fj)(source, target, report_escape/* MAX_VALUE_CHARS */.xs, { ...(sourceCut ? { source: sourceCut } : {}), ...(targetCut ? { target: targetCut } : {}) });
    }
    if (row._diff_type === 'changed' && !hasSource && !hasTarget)
        return report_escape/* UNCHANGED_CELL */.RZ;
    if (hasSource)
        return (0,report_escape/* cellValue */.Or)(source, report_escape/* MAX_VALUE_CHARS */.xs, sourceCut);
    if (hasTarget)
        return (0,report_escape/* cellValue */.Or)(target, report_escape/* MAX_VALUE_CHARS */.xs, targetCut);
    return '';
}
function sampleTable(c, maxRows, hint = {}) {
    const all = c.diff?.diff_rows ?? [];
    if (maxRows <= 0 || all.length === 0)
        return '';
    const rows = all.slice(0, maxRows);
    const { keys, columns } = sampleColumns(c, rows);
    const head = [...keys.map((k) => `🔑 ${(0,report_escape/* codeSpan */.SS)(k, { table: true })}`), 'Difference', ...columns.map((name) => (0,report_escape/* codeSpan */.SS)(name, { table: true }))];
    const lines = [`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`];
    const cutOf = (0,format/* cutValuesOf */.Qx)(c.diff);
    rows.forEach((row, index) => {
        const cut = (field) => cutOf(index, field);
        const cells = [...keys.map((k) => (0,report_escape/* cellValue */.Or)(row[k], report_escape/* MAX_VALUE_CHARS */.xs, cut(k))), DIFF_TYPE_LABEL[row._diff_type] ?? (0,report_escape/* inlineText */.ln)(String(row._diff_type)), ...columns.map((col) => sampleCell(row, col, cut))];
        lines.push(`| ${cells.join(' | ')} |`);
    });
    const note = (0,report_escape/* sentenceText */.x7)((0,format/* rowsNote */.eC)(c, rows.length, hint), 1_000);
    const cuts = (0,format/* cutValuesNote */.dW)(c, rows.length);
    return ['**Sample rows** (source → target)', '', ...lines, '', note, ...(cuts ? ['', (0,report_escape/* sentenceText */.x7)(cuts, 2_000)] : [])].join('\n');
}
function schemaSection(c) {
    const d = c.schema_diff;
    if (!d || schemaDiffCount(c) === 0)
        return '';
    const lines = [
        ...d.only_in_source.map((col) => `- Only in source: ${(0,report_escape/* codeSpan */.SS)(col.name)} (${(0,report_escape/* codeSpan */.SS)(col.type, { max: 80 })})`),
        ...d.only_in_target.map((col) => `- Only in target: ${(0,report_escape/* codeSpan */.SS)(col.name)} (${(0,report_escape/* codeSpan */.SS)(col.type, { max: 80 })})`),
        ...d.type_mismatches.map((m) => `- Type differs: ${(0,report_escape/* codeSpan */.SS)(m.source_column)} ${(0,report_escape/* codeSpan */.SS)(m.source_type, { max: 80 })} → ${(0,report_escape/* codeSpan */.SS)(m.target_column)} ${(0,report_escape/* codeSpan */.SS)(m.target_type, { max: 80 })}`),
    ];
    return ['**Schema differences**', '', ...lines].join('\n');
}
function chart(c) {
    const s = c.stats;
    if (!s || c.status !== 'mismatch' || (0,format/* countsOnly */.F5)(c))
        return '';
    const differing = s.mismatched_rows + s.only_in_source + s.only_in_target;
    const rows = Math.max(s.source_rows, s.target_rows, 1);
    // A pie only says something when the differences are a visible slice of the rows.
    if (differing === 0 || differing / rows < 0.01)
        return '';
    const slices = [
        ['Matched', s.matched_rows, chart_theme/* PIE_COLORS */.qt.matched],
        ['Changed', s.mismatched_rows, chart_theme/* PIE_COLORS */.qt.changed],
        ['Only in source', s.only_in_source, chart_theme/* PIE_COLORS */.qt.onlyInSource],
        ['Only in target', s.only_in_target, chart_theme/* PIE_COLORS */.qt.onlyInTarget],
    ];
    const shown = slices.filter(([, n]) => n > 0);
    const body = shown.map(([label, n]) => `    "${label}" : ${n}`);
    return ['```mermaid', (0,chart_theme/* pieInit */.tX)(shown.map(([, , color]) => color)), `pie showData title ${(0,report_escape/* mermaidLabel */._b)(c.name)}`, ...body, '```'].join('\n');
}
function capitalise(text) {
    return text.charAt(0).toUpperCase() + text.slice(1);
}
function errorSection(c) {
    if (!c.error)
        return '';
    const lines = [`**${capitalise((0,format/* errorKindLabel */.DC)(c.error.kind))}:** ${(0,report_escape/* sentenceText */.x7)(c.error.message, 2_000)}`];
    if (c.error.hint)
        lines.push('', `**What to do:** ${(0,report_escape/* sentenceText */.x7)(c.error.hint, 1_000)}`);
    return lines.join('\n');
}
function reasonsSection(c) {
    const reasons = [...(c.result?.diff_reasons ?? []), ...(c.notes ?? []).map((note) => `Note: ${note}`)];
    if (reasons.length === 0)
        return '';
    return reasons.map((r) => `- ${(0,report_escape/* sentenceText */.x7)(r, 500)}`).join('\n');
}
/** api mode: differing rows the service could not give, or fewer than max_diff_rows asks (one short line each). */
function rowNotesSection(c) {
    const notes = [];
    if (c.diff_rows_unavailable)
        notes.push(`⚠️ The differing rows could not be fetched from the service: ${(0,report_escape/* inlineText */.ln)(c.diff_rows_unavailable, 300)}`);
    if (c.diff_rows_capped) {
        const { kept, requested } = c.diff_rows_capped;
        const why = c.diff?.diff_rows_max_bytes ? `${(0,format/* storedBytesLimit */.as)(c.diff.diff_rows_max_bytes)}` : 'its own cap (`datacompare serve --max-diff-rows` raises it)';
        notes.push(`⚠️ The service kept ${(0,format/* count */.U9)(kept)} differing rows, fewer than max_diff_rows (${(0,format/* count */.U9)(requested)}): ${why}.`);
    }
    return notes.join('\n\n');
}
/** Whether a comparison has anything to show beyond its table row. */
function hasDetails(c) {
    return c.status !== 'match' || c.within_thresholds === true || schemaDiffCount(c) > 0 || (c.notes?.length ?? 0) > 0 || (c.stats?.accepted_rows ?? 0) > 0 || (0,patterns/* hasPatterns */.__)(c);
}
/** A `<details>` block for one comparison. */
function comparisonDetails(c, options) {
    const sections = [
        comparedSection(c, options.timings !== false),
        errorSection(c),
        reasonsSection(c),
        columnTable(c),
        examplesSection(c, options.examples),
        sampleTable(c, options.maxRows, options.rows),
        rowNotesSection(c),
        schemaSection(c),
        options.chart ? chart(c) : '',
    ].filter((s) => s !== '');
    const open = c.status === 'error' ? ' open' : '';
    return [`<details${open}><summary><b>${(0,report_escape/* htmlText */.js)(c.name)}</b>: ${summaryText(c)}</summary>`, '', ...sections.flatMap((s) => [s, '']), '</details>'].join('\n');
}
/** The details of every comparison that has some, most important first. */
function allDetails(run, options) {
    return (0,format/* byImportance */.G5)(run.comparisons)
        .filter(hasDetails)
        .map((c) => comparisonDetails(c, options))
        .join('\n\n');
}
//# sourceMappingURL=markdown-parts.js.map

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
