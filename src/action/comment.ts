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
import { readFileSync } from 'node:fs';
import type { Logger } from '../shared/logger.js';
import { reportedHeadSha } from '../report/markdown-comment.js';
import { createOnce, describeGitHubFailure, statusOf, type Octokit } from './github-client.js';

export interface PullRequestTarget {
  owner: string;
  repo: string;
  number: number;
  /** The head commit of the pull request as the event saw it. */
  headSha: string;
  /** The head branch lives in another repository (its workflows get a read-only token). */
  fork: boolean;
}

const PULL_REQUEST_EVENTS = new Set(['pull_request', 'pull_request_target']);

interface PullRequestPayload {
  pull_request?: {
    number?: number;
    head?: { sha?: string; repo?: { full_name?: string } | null };
    base?: { repo?: { full_name?: string } };
  };
  repository?: { full_name?: string };
}

/** The pull request this run belongs to, from GITHUB_EVENT_NAME and the event file; undefined off pull requests. */
export function pullRequestFromEvent(env: NodeJS.ProcessEnv = process.env): PullRequestTarget | undefined {
  if (!PULL_REQUEST_EVENTS.has(env.GITHUB_EVENT_NAME ?? '') || !env.GITHUB_EVENT_PATH) return undefined;
  let payload: PullRequestPayload;
  try {
    payload = JSON.parse(readFileSync(env.GITHUB_EVENT_PATH, 'utf8')) as PullRequestPayload;
  } catch {
    return undefined;
  }
  const pr = payload.pull_request;
  const fullName = env.GITHUB_REPOSITORY ?? payload.repository?.full_name ?? '';
  const [owner, repo] = fullName.split('/');
  if (!pr?.number || !owner || !repo) return undefined;
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
export function workflowRunUrl(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const { GITHUB_SERVER_URL: server = 'https://github.com', GITHUB_REPOSITORY: repository, GITHUB_RUN_ID: runId } = env;
  return repository && runId ? `${server}/${repository}/actions/runs/${runId}` : undefined;
}

export type CommentOutcome = 'created' | 'updated' | 'unchanged' | 'skipped-newer' | 'not-needed' | 'failed';

export interface UpsertOptions {
  octokit: Octokit;
  target: PullRequestTarget;
  body: string;
  marker: string;
  /** When this run started (ISO), for the fallback rule. */
  startedAt: string;
  logger: Logger;
  /** The wait before a create that may have landed is looked for (tests use a few ms). */
  retryBaseMs?: number;
  /** Update an existing comment but do not create one (comment: on-mismatch on a green run). */
  onlyUpdate?: boolean;
}

interface ExistingComment {
  id: number;
  body: string;
  updatedAt: string;
}

/** Creates or updates our comment; never throws. */
export async function upsertComment(options: UpsertOptions): Promise<CommentOutcome> {
  const { octokit, target, logger } = options;
  const where = { owner: target.owner, repo: target.repo };
  const findOurs = async (): Promise<ExistingComment | undefined> => {
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
        logger.info(`Not updating the pull request comment: it reports on commit ${reportedHeadSha(existing.body)}, newer than ${target.headSha}.`);
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
    const id = await createOnce(
      async () => (await octokit.rest.issues.createComment({ ...where, issue_number: target.number, body: options.body })).data.id,
      async () => (await findOurs())?.id,
      { ...(options.retryBaseMs !== undefined ? { retryBaseMs: options.retryBaseMs } : {}) },
    );
    logger.info(`Commented on pull request #${target.number} (comment ${id}).`);
    return 'created';
  } catch (error) {
    warnCommentFailure(error, target, logger);
    return 'failed';
  }
}

async function newerCommentThanUs(existing: ExistingComment, options: UpsertOptions): Promise<boolean> {
  const theirs = reportedHeadSha(existing.body);
  const ours = options.target.headSha.toLowerCase();
  if (!theirs || theirs === ours) return false;
  try {
    const pull = await options.octokit.rest.pulls.get({ owner: options.target.owner, repo: options.target.repo, pull_number: options.target.number });
    return pull.data.head.sha.toLowerCase() !== ours;
  } catch (error) {
    options.logger.debug(`Could not read the pull request's head (${describeGitHubFailure(error)}); comparing times instead.`);
    return Date.parse(existing.updatedAt) > Date.parse(options.startedAt);
  }
}

function warnCommentFailure(error: unknown, target: PullRequestTarget, logger: Logger): void {
  const status = statusOf(error);
  if (status === 403 || status === 401) {
    const why = target.fork
      ? 'pull requests from forks get a read-only token'
      : 'the workflow token lacks the permission';
    logger.warning(
      `Could not comment on pull request #${target.number} (HTTP ${status}: ${why}). Add \`permissions: pull-requests: write\` to the job, or set \`comment: never\`. The job summary has the full report.`,
    );
    return;
  }
  logger.warning(`Could not comment on pull request #${target.number}: ${describeGitHubFailure(error)}. The job summary has the full report.`);
}
