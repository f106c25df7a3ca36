/**
 * Publishes a finished run where people look: the job summary (always: also on forks and
 * schedules), annotations on the spec file, report files and outputs, and the sticky PR comment on
 * pull requests; returns the fail-policy decision for the action's single catch. No step here fails
 * the run: a failure to publish is a warning, the data decides. Everything that needs no GitHub API
 * is written first, so an API that fails or never answers (each call has a time limit) cannot lose it.
 */
import type { RunResult } from '../engine/model.js';
import type { Logger } from '../shared/logger.js';
import { describeError, writeJobSummary } from './publish-early.js';
import { runAnnotations } from '../report/annotations.js';
import { commentMarker, renderComment } from '../report/markdown-comment.js';
import { renderSummary } from '../report/markdown-summary.js';
import { renderDriftSection, webhookMessage, type DriftHistory } from '../report/drift.js';
import { decideOutcome, type Outcome } from '../report/outcome.js';
import { emitAnnotations } from './annotations.js';
import { pullRequestFromEvent, upsertComment, workflowRunUrl, type CommentOutcome } from './comment.js';
import { createGitHubClient, type Octokit } from './github-client.js';
import type { ActionInputs } from './inputs.js';
import { trackDrift } from './tracking-issue.js';
import { postWebhook } from './webhook.js';
import { publishCheckRuns } from './check-runs.js';
import { outputValues, setOutputs } from './outputs.js';
import { actionRowsHint, plannedCsvNames, writeReportFiles, type ReportFiles } from './report-files.js';
import type { RowsHint } from '../report/format.js';

export interface PublishOptions {
  inputs: ActionInputs;
  logger: Logger;
  /** The spec path relative to the repository root, for annotations. */
  specFile: string;
  /** The run with sensitive values masked, shown everywhere but (with report-unmasked) the files. */
  masked?: RunResult;
  /** The run was stopped (a signal, a time limit): a partial report, published fast; the drift issue is left alone. */
  stopped?: boolean;
}

/** What the GitHub publishers share: the options, and the run's one API client, made on first use. */
interface GitHubPublishing extends PublishOptions {
  github: () => Promise<Octokit>;
}

export async function publishRun(run: RunResult, options: PublishOptions): Promise<Outcome> {
  const { inputs, logger } = options;
  const outcome = decideOutcome(run, inputs.failOn);
  // What people see: the values of sensitive columns masked (when asked); the files may keep them.
  const shown = options.masked ?? run;
  const forFiles = inputs.reportUnmasked ? run : shown;
  const csvNames = plannedCsvNames(forFiles);
  // The same comparison, masked or not, is at the same index of both runs.
  const csvOf = (c: RunResult['comparisons'][number]): string | undefined => {
    const index = shown.comparisons.includes(c) ? shown.comparisons.indexOf(c) : forFiles.comparisons.indexOf(c);
    return csvNames[index];
  };
  const rows = actionRowsHint((c) => csvOf(c));

  let files: ReportFiles | undefined;
  try {
    const fullSummary = renderSummary(forFiles, { maxDiffRows: inputs.maxDiffRows, budgetBytes: Number.POSITIVE_INFINITY, rows });
    files = await writeReportFiles(forFiles, { dir: inputs.reportDir, fullSummary });
    logger.info(`Report files are in ${files.dir}.`);
  } catch (error) {
    logger.warning(`Could not write the report files to ${inputs.reportDir}: ${describeError(error)}`);
  }

  // Before any call to GitHub: one that fails, or a stopped run's grace period ending during them, loses nothing of these.
  await writeJobSummary(renderSummary(shown, { maxDiffRows: inputs.maxDiffRows, rows }), logger);
  emitAnnotations(runAnnotations(shown, { specFile: options.specFile, failOn: inputs.failOn }));
  setOutputs(outputValues(run, { ...(files ? { json: files.json, summary: files.summary } : {}) }));

  let client: Promise<Octokit> | undefined;
  const github: GitHubPublishing = { ...options, github: () => (client ??= createGitHubClient({ token: inputs.githubToken ?? '', logger })) };
  // A partial run says nothing about drift: the tracking issue and its history are left as they are.
  const drift = options.stopped ? undefined : await publishTrackingIssue(shown, github);
  // The summary's last section, as before, once the issue's history is known.
  if (drift?.history) await writeJobSummary(renderDriftSection(drift.history, drift.issueUrl), logger);
  await publishComment(shown, github, rows);
  await publishChecks(shown, github);
  return outcome;
}

/** Comments on pull requests only, as `comment` says; on `on-mismatch`, an existing comment is still updated when the run turns green. */
async function publishComment(run: RunResult, options: GitHubPublishing, rows: RowsHint): Promise<CommentOutcome | 'skipped'> {
  const { inputs, logger } = options;
  if (inputs.comment === 'never') return 'skipped';
  const target = pullRequestFromEvent();
  if (!target) {
    logger.debug('Not a pull request event: no PR comment (the job summary has the report).');
    return 'skipped';
  }
  if (!inputs.githubToken) {
    logger.warning('No github-token: cannot comment on the pull request. The job summary has the report.');
    return 'skipped';
  }
  const marker = commentMarker(inputs.commentKey);
  const runUrl = workflowRunUrl();
  const body = renderComment(run, { commentKey: inputs.commentKey, headSha: target.headSha, maxDiffRows: inputs.maxDiffRows, rows, ...(runUrl ? { runUrl } : {}) });
  const octokit = await options.github();
  // on-mismatch, green run: nothing new to say, but an earlier red comment of ours must not stay red.
  const onlyUpdate = inputs.comment === 'on-mismatch' && run.status === 'match';
  return upsertComment({ octokit, target, body, marker, startedAt: run.started_at, logger, onlyUpdate });
}

/** One check run per comparison (input `check-runs`), on the pull request's head or the pushed commit. */
async function publishChecks(run: RunResult, options: GitHubPublishing): Promise<void> {
  const { inputs, logger } = options;
  if (!inputs.checkRuns) return;
  const pullRequest = pullRequestFromEvent();
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
async function publishTrackingIssue(run: RunResult, options: GitHubPublishing): Promise<{ history?: DriftHistory; issueUrl?: string } | undefined> {
  const { inputs, logger } = options;
  if (inputs.issue === 'never') {
    if (inputs.webhookUrl) logger.warning('webhook-url is set but issue is never: alerts follow the tracking issue\'s history, so set issue: on-mismatch (or on-error).');
    return undefined;
  }
  if (pullRequestFromEvent()?.fork) {
    logger.info('A pull request from a fork: no tracking issue (its token is read-only).');
    return undefined;
  }
  const [owner, repo] = (process.env.GITHUB_REPOSITORY ?? '').split('/');
  if (!inputs.githubToken || !owner || !repo) {
    logger.warning('No github-token or GITHUB_REPOSITORY: cannot keep the drift tracking issue.');
    return undefined;
  }
  const runUrl = workflowRunUrl();
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
