export const id = 455;
export const ids = [455,568];
export const modules = {

/***/ 32455:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  publishRun: () => (/* binding */ publishRun)
});

// EXTERNAL MODULE: ./build/src/action/publish-early.js + 2 modules
var publish_early = __webpack_require__(40311);
// EXTERNAL MODULE: ./build/src/report/annotations.js
var report_annotations = __webpack_require__(35594);
// EXTERNAL MODULE: ./build/src/report/markdown-comment.js
var markdown_comment = __webpack_require__(88299);
// EXTERNAL MODULE: ./build/src/shared/redact.js
var redact = __webpack_require__(23326);
// EXTERNAL MODULE: ./build/src/report/budget.js
var report_budget = __webpack_require__(95439);
// EXTERNAL MODULE: ./build/src/report/markdown-parts.js + 1 modules
var markdown_parts = __webpack_require__(87319);
// EXTERNAL MODULE: ./build/src/report/markdown-dbt.js
var markdown_dbt = __webpack_require__(60872);
// EXTERNAL MODULE: ./build/src/report/patterns.js
var patterns = __webpack_require__(87145);
;// CONCATENATED MODULE: ./build/src/report/markdown-summary.js





/** What we allow ourselves: GitHub drops a step summary over 1 MiB; leave room for other steps' text. */
const SUMMARY_BUDGET_BYTES = 1_000_000;
/** Examples of kinds of difference per comparison, one kept row each: every kind, within reason. */
const SUMMARY_EXAMPLES = 100;
/** The stages after "full" and "as many sample rows as fit". */
function leanStages(run) {
    const examples = (0,patterns/* mostExamples */.J2)(run.comparisons, SUMMARY_EXAMPLES);
    return [
        { name: 'no sample rows', rows: 0, examples, details: true, chart: false },
        ...(examples > 0 ? [{ name: 'no sample rows or examples', rows: 0, examples: 0, details: true, chart: false }] : []),
        { name: 'status table only', rows: 0, examples: 0, details: false, chart: false },
        ...[1000, 100, 10].filter((n) => n < run.comparisons.length).map((n) => ({ name: `first ${n} comparisons`, rows: 0, examples: 0, details: false, chart: false, tableLimit: n })),
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
        const details = (0,markdown_parts/* allDetails */.uR)(run, { maxRows: stage.rows, examples: stage.examples, chart: stage.chart, ...(options.rows ? { rows: options.rows } : {}) });
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
    const examples = SUMMARY_EXAMPLES;
    const full = fitting({ name: 'full', rows: options.maxDiffRows, examples, details: true, chart: true }, false);
    if (full !== undefined)
        return { markdown: full, stage: 'full' };
    // As many sample rows per comparison as fit.
    const fewer = (0,report_budget/* largestFitting */.o)(1, options.maxDiffRows - 1, (rows) => fitting({ name: `${rows} sample rows`, rows, examples, details: true, chart: true }, true));
    if (fewer)
        return { markdown: fewer.text, stage: `${fewer.n} sample rows` };
    const stages = leanStages(run);
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
// EXTERNAL MODULE: ./build/src/report/escape.js
var report_escape = __webpack_require__(96209);
// EXTERNAL MODULE: ./build/src/report/chart-theme.js
var chart_theme = __webpack_require__(23680);
// EXTERNAL MODULE: ./build/src/report/format.js
var format = __webpack_require__(45845);
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
// EXTERNAL MODULE: ./build/src/action/annotations.js
var annotations = __webpack_require__(82786);
// EXTERNAL MODULE: ./build/src/action/comment.js
var comment = __webpack_require__(52873);
// EXTERNAL MODULE: ./build/src/action/github-client.js
var github_client = __webpack_require__(2577);
;// CONCATENATED MODULE: ./build/src/action/tracking-issue.js


/** Keeps the tracking issue current; returns what it did and the history now kept (for the job summary). */
async function trackDrift(options) {
    const { octokit, owner, repo, run, logger } = options;
    const marker = issueMarker(options.key);
    const wait = options.retryBaseMs !== undefined ? { retryBaseMs: options.retryBaseMs } : {};
    const failing = options.mode === 'on-error' ? run.comparisons.some((c) => c.status === 'error') : run.status !== 'match';
    const find = async (state, labels) => {
        const issues = await octokit.paginate(octokit.rest.issues.listForRepo, {
            owner,
            repo,
            state,
            per_page: 100,
            ...(labels ? { labels } : {}),
            ...(state === 'closed' ? { sort: 'updated', direction: 'desc' } : {}),
        });
        const ours = issues.find((issue) => !issue.pull_request && typeof issue.body === 'string' && issue.body.includes(marker));
        return ours ? { number: ours.number, body: ours.body ?? '' } : undefined;
    };
    // A comment whose answer was lost is looked for by its text before it is sent again.
    const comment = (issue, body) => (0,github_client/* createOnce */.Ur)(async () => (await octokit.rest.issues.createComment({ owner, repo, issue_number: issue, body })).data.id, async () => (await octokit.paginate(octokit.rest.issues.listComments, { owner, repo, issue_number: issue, per_page: 100 })).find((c) => c.body === body)?.id, wait);
    // Bodies and states set whole: the same outcome however often sent.
    const update = (issue, change) => octokit.rest.issues.update({ owner, repo, issue_number: issue, ...change, request: { idempotent: true } });
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
            const created = await (0,github_client/* createOnce */.Ur)(async () => (await octokit.rest.issues.create({ owner, repo, title: issueTitle(options.key), body: bodyOf(true, previous?.number), labels: options.labels })).data.number, async () => (await find('open', undefined))?.number, wait);
            logger.info(`Opened the drift tracking issue #${created}.`);
            return { outcome: 'opened', history, issue: created, changes };
        }
        const previousIssue = /^Previous episode: #(\d+)$/m.exec(open.body)?.[1];
        if (failing) {
            await update(open.number, { body: bodyOf(true, previousIssue ? Number(previousIssue) : undefined) });
            if (changes.length === 0) {
                logger.info(`Updated the drift tracking issue #${open.number} (no change of state: no comment).`);
                return { outcome: 'updated', history, issue: open.number, changes };
            }
            await comment(open.number, renderChangeComment(changes, options.runUrl));
            logger.info(`Updated the drift tracking issue #${open.number} and commented on ${changes.length} change(s).`);
            return { outcome: 'commented', history, issue: open.number, changes };
        }
        await update(open.number, { body: bodyOf(false, previousIssue ? Number(previousIssue) : undefined) });
        await comment(open.number, renderRecoveryComment(options.runUrl));
        await update(open.number, { state: 'closed', state_reason: 'completed' });
        logger.info(`The data is equal again: closed the drift tracking issue #${open.number}.`);
        return { outcome: 'closed', history, issue: open.number, changes };
    }
    catch (error) {
        const status = (0,github_client/* statusOf */.c2)(error);
        if (status === 403 || status === 404) {
            logger.warning(`Could not keep the drift tracking issue (HTTP ${status}): the workflow needs \`permissions: issues: write\` (and issues enabled in the repository). The run's outcome is unchanged.`);
        }
        else {
            logger.warning(`Could not keep the drift tracking issue: ${(0,github_client/* describeGitHubFailure */.Po)(error)}. The run's outcome is unchanged.`);
        }
        return { outcome: 'failed' };
    }
}
//# sourceMappingURL=tracking-issue.js.map
// EXTERNAL MODULE: ./build/src/shared/network-failure.js
var network_failure = __webpack_require__(58638);
// EXTERNAL MODULE: ./build/src/shared/retry.js
var retry = __webpack_require__(45085);
;// CONCATENATED MODULE: ./build/src/action/webhook.js



async function postWebhook(url, message, options) {
    const { logger } = options;
    const timeoutMs = options.timeoutMs ?? 10_000;
    try {
        await (0,retry/* retry */.L5)(async () => {
            const limit = AbortSignal.timeout(timeoutMs);
            const response = await fetch(url, {
                method: 'POST',
                headers: { 'content-type': 'application/json' },
                body: JSON.stringify(message),
                signal: limit,
            }).catch((error) => {
                // Named for what happened (the host only: the webhook's path is its secret).
                const what = limit.aborted ? `no answer within ${Math.round(timeoutMs / 1000)} s` : (0,network_failure/* describeNetworkFailure */.K)((0,network_failure/* networkErrorCode */.a)(error), new URL(url)).what;
                throw new Error(what, { cause: error });
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
    let created = 0;
    for (const comparison of options.run.comparisons) {
        const single = { ...options.run, status: comparison.status, comparisons: [comparison] };
        const annotations = (0,report_annotations/* runAnnotations */.cL)(single, { specFile: options.specFile, failOn: options.failOn }).map((a) => ({
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
        const name = `datacompare / ${comparison.name}`.slice(0, 255);
        const externalId = `${options.runMark}:${comparison.name}`;
        try {
            const id = await (0,github_client/* createOnce */.Ur)(async () => (await octokit.rest.checks.create({
                owner,
                repo,
                name,
                head_sha: options.headSha,
                external_id: externalId,
                status: 'completed',
                conclusion: checkConclusion(comparison.status, options.failOn),
                output: { ...output, annotations: annotations.slice(0, ANNOTATIONS_PER_REQUEST) },
            })).data.id, async () => (await octokit.rest.checks.listForRef({ owner, repo, ref: options.headSha, check_name: name, filter: 'all', per_page: 100 })).data.check_runs.find((run) => run.external_id === externalId)?.id, { ...(options.retryBaseMs !== undefined ? { retryBaseMs: options.retryBaseMs } : {}) });
            // Annotations are appended by each update: one whose answer was lost is not sent again (the hook repeats only what never landed).
            for (let at = ANNOTATIONS_PER_REQUEST; at < annotations.length; at += ANNOTATIONS_PER_REQUEST) {
                await octokit.rest.checks.update({ owner, repo, check_run_id: id, output: { ...output, annotations: annotations.slice(at, at + ANNOTATIONS_PER_REQUEST) } });
            }
            created++;
        }
        catch (error) {
            const status = (0,github_client/* statusOf */.c2)(error);
            const denied = status === 403 || status === 404;
            logger.warning(denied
                ? `Could not create check runs (HTTP ${status}): the workflow needs \`permissions: checks: write\`. The run's outcome is unchanged.`
                : `Could not create the check run of "${comparison.name}": ${(0,github_client/* describeGitHubFailure */.Po)(error)}. The run's outcome is unchanged.`);
            if (denied)
                break;
        }
    }
    if (created > 0)
        logger.info(`Created ${created} check run(s), one per comparison.`);
    return created;
}
//# sourceMappingURL=check-runs.js.map
// EXTERNAL MODULE: ./build/src/action/outputs.js
var outputs = __webpack_require__(3406);
// EXTERNAL MODULE: ./build/src/action/report-files.js + 2 modules
var report_files = __webpack_require__(18568);
;// CONCATENATED MODULE: ./build/src/action/publish.js














async function publishRun(run, options) {
    const { inputs, logger } = options;
    const outcome = decideOutcome(run, inputs.failOn);
    // What people see: the values of sensitive columns masked (when asked); the files may keep them.
    const shown = options.masked ?? run;
    const forFiles = inputs.reportUnmasked ? run : shown;
    const csvNames = (0,report_files.plannedCsvNames)(forFiles);
    // The same comparison, masked or not, is at the same index of both runs.
    const csvOf = (c) => {
        const index = shown.comparisons.includes(c) ? shown.comparisons.indexOf(c) : forFiles.comparisons.indexOf(c);
        return csvNames[index];
    };
    const rows = (0,report_files.actionRowsHint)((c) => csvOf(c));
    let files;
    try {
        const fullSummary = renderSummary(forFiles, { maxDiffRows: inputs.maxDiffRows, budgetBytes: Number.POSITIVE_INFINITY, rows });
        files = await (0,report_files.writeReportFiles)(forFiles, { dir: inputs.reportDir, fullSummary });
        logger.info(`Report files are in ${files.dir}.`);
    }
    catch (error) {
        logger.warning(`Could not write the report files to ${inputs.reportDir}: ${(0,publish_early/* describeError */.Uc)(error)}`);
    }
    // Before any call to GitHub: one that fails, or a stopped run's grace period ending during them, loses nothing of these.
    await (0,publish_early/* writeJobSummary */.j7)(renderSummary(shown, { maxDiffRows: inputs.maxDiffRows, rows }), logger);
    (0,annotations/* emitAnnotations */.K)((0,report_annotations/* runAnnotations */.cL)(shown, { specFile: options.specFile, failOn: inputs.failOn }));
    (0,outputs/* setOutputs */.n0)((0,outputs/* outputValues */.uN)(run, { ...(files ? { json: files.json, summary: files.summary } : {}) }));
    let client;
    const github = { ...options, github: () => (client ??= (0,github_client/* createGitHubClient */.LX)({ token: inputs.githubToken ?? '', logger })) };
    // A partial run says nothing about drift: the tracking issue and its history are left as they are.
    const drift = options.stopped ? undefined : await publishTrackingIssue(shown, github);
    // The summary's last section, as before, once the issue's history is known.
    if (drift?.history)
        await (0,publish_early/* writeJobSummary */.j7)(renderDriftSection(drift.history, drift.issueUrl), logger);
    await publishComment(shown, github, rows);
    await publishChecks(shown, github);
    return outcome;
}
/** Comments on pull requests only, as `comment` says; on `on-mismatch`, an existing comment is still updated when the run turns green. */
async function publishComment(run, options, rows) {
    const { inputs, logger } = options;
    if (inputs.comment === 'never')
        return 'skipped';
    const target = (0,comment.pullRequestFromEvent)();
    if (!target) {
        logger.debug('Not a pull request event: no PR comment (the job summary has the report).');
        return 'skipped';
    }
    if (!inputs.githubToken) {
        logger.warning('No github-token: cannot comment on the pull request. The job summary has the report.');
        return 'skipped';
    }
    const marker = (0,markdown_comment/* commentMarker */.Ql)(inputs.commentKey);
    const runUrl = (0,comment.workflowRunUrl)();
    const body = (0,markdown_comment/* renderComment */.wQ)(run, { commentKey: inputs.commentKey, headSha: target.headSha, maxDiffRows: inputs.maxDiffRows, rows, ...(runUrl ? { runUrl } : {}) });
    const octokit = await options.github();
    // on-mismatch, green run: nothing new to say, but an earlier red comment of ours must not stay red.
    const onlyUpdate = inputs.comment === 'on-mismatch' && run.status === 'match';
    return (0,comment.upsertComment)({ octokit, target, body, marker, startedAt: run.started_at, logger, onlyUpdate });
}
/** One check run per comparison (input `check-runs`), on the pull request's head or the pushed commit. */
async function publishChecks(run, options) {
    const { inputs, logger } = options;
    if (!inputs.checkRuns)
        return;
    const pullRequest = (0,comment.pullRequestFromEvent)();
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
        octokit: await options.github(),
        runMark: `datacompare:${process.env.GITHUB_RUN_ID ?? 'local'}.${process.env.GITHUB_RUN_ATTEMPT ?? '1'}`,
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
    if ((0,comment.pullRequestFromEvent)()?.fork) {
        logger.info('A pull request from a fork: no tracking issue (its token is read-only).');
        return undefined;
    }
    const [owner, repo] = (process.env.GITHUB_REPOSITORY ?? '').split('/');
    if (!inputs.githubToken || !owner || !repo) {
        logger.warning('No github-token or GITHUB_REPOSITORY: cannot keep the drift tracking issue.');
        return undefined;
    }
    const runUrl = (0,comment.workflowRunUrl)();
    const tracked = await trackDrift({
        octokit: await options.github(),
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
//# sourceMappingURL=publish.js.map

/***/ }),

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
