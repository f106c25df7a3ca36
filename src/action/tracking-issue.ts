/**
 * The drift tracking issue (input `issue`): one open issue per spec and drift episode, found by its
 * hidden marker. A failing run edits its body to the current state (and adds a comment only when the
 * state changed); a passing run comments "equal again" and closes it; the next drift opens a new issue
 * that links the previous one. Every failure here is a warning: the data decides the run, not GitHub.
 */
import type { RunResult } from '../engine/model.js';
import type { Logger } from '../shared/logger.js';
import {
  appendRun, driftChanges, issueMarker, issueTitle, parseHistory, renderChangeComment, renderIssueBody, renderRecoveryComment, runEntries,
  type DriftChange,
  type DriftHistory,
} from '../report/drift.js';
import { createOnce, describeGitHubFailure, statusOf, type Octokit } from './github-client.js';

export interface TrackDriftOptions {
  octokit: Octokit;
  owner: string;
  repo: string;
  run: RunResult;
  mode: 'on-mismatch' | 'on-error';
  key: string;
  labels: string[];
  runUrl?: string;
  logger: Logger;
  /** The wait before a create that may have landed is looked for (tests use a few ms). */
  retryBaseMs?: number;
}

export type TrackOutcome = 'none' | 'opened' | 'updated' | 'commented' | 'closed' | 'failed';

interface FoundIssue {
  number: number;
  body: string;
}

/** Keeps the tracking issue current; returns what it did and the history now kept (for the job summary). */
export async function trackDrift(
  options: TrackDriftOptions,
): Promise<{ outcome: TrackOutcome; history?: DriftHistory; issue?: number; changes?: DriftChange[] }> {
  const { octokit, owner, repo, run, logger } = options;
  const marker = issueMarker(options.key);
  const wait = options.retryBaseMs !== undefined ? { retryBaseMs: options.retryBaseMs } : {};
  const failing = options.mode === 'on-error' ? run.comparisons.some((c) => c.status === 'error') : run.status !== 'match';

  const find = async (state: 'open' | 'closed', labels: string | undefined): Promise<FoundIssue | undefined> => {
    const issues = await octokit.paginate(octokit.rest.issues.listForRepo, {
      owner,
      repo,
      state,
      per_page: 100,
      ...(labels ? { labels } : {}),
      ...(state === 'closed' ? { sort: 'updated' as const, direction: 'desc' as const } : {}),
    });
    const ours = issues.find((issue) => !issue.pull_request && typeof issue.body === 'string' && issue.body.includes(marker));
    return ours ? { number: ours.number, body: ours.body ?? '' } : undefined;
  };

  // A comment whose answer was lost is looked for by its text before it is sent again.
  const comment = (issue: number, body: string) =>
    createOnce(
      async () => (await octokit.rest.issues.createComment({ owner, repo, issue_number: issue, body })).data.id,
      async () => (await octokit.paginate(octokit.rest.issues.listComments, { owner, repo, issue_number: issue, per_page: 100 })).find((c) => c.body === body)?.id,
      wait,
    );
  // Bodies and states set whole: the same outcome however often sent.
  const update = (issue: number, change: { body?: string; state?: 'closed'; state_reason?: 'completed' }) =>
    octokit.rest.issues.update({ owner, repo, issue_number: issue, ...change, request: { idempotent: true } });

  try {
    // By label first (one page for most repositories); labels can be dropped for tokens without push rights, so then all.
    const open = (await find('open', options.labels[0])) ?? (await find('open', undefined));
    if (!failing && !open) return { outcome: 'none' };
    const before = parseHistory(open?.body);
    const entries = runEntries(run, options.runUrl);
    const history = appendRun(before, entries);
    const changes = driftChanges(before, entries, run);
    const bodyOf = (isOpen: boolean, previousIssue?: number) =>
      renderIssueBody({ key: options.key, history, open: isOpen, ...(options.runUrl ? { runUrl: options.runUrl } : {}), ...(previousIssue ? { previousIssue } : {}) });

    if (!open) {
      const previous = await find('closed', options.labels[0]);
      const created = await createOnce(
        async () => (await octokit.rest.issues.create({ owner, repo, title: issueTitle(options.key), body: bodyOf(true, previous?.number), labels: options.labels })).data.number,
        async () => (await find('open', undefined))?.number,
        wait,
      );
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
  } catch (error) {
    const status = statusOf(error);
    if (status === 403 || status === 404) {
      logger.warning(
        `Could not keep the drift tracking issue (HTTP ${status}): the workflow needs \`permissions: issues: write\` (and issues enabled in the repository). The run's outcome is unchanged.`,
      );
    } else {
      logger.warning(`Could not keep the drift tracking issue: ${describeGitHubFailure(error)}. The run's outcome is unchanged.`);
    }
    return { outcome: 'failed' };
  }
}
