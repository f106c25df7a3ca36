/**
 * One check run per comparison (input `check-runs`), on the commit the run checked, named
 * `datacompare / <comparison>`: reviewers see each comparison in the pull request's checks and branch
 * protection can require one. Its output is that comparison's summary (within GitHub's 65,535
 * characters) with its annotation at the spec line. Needs `checks: write`; a refusal is a warning.
 */
import type { RunResult } from '../engine/model.js';
import type { Logger } from '../shared/logger.js';
import { runAnnotations, type AnnotationLevel } from '../report/annotations.js';
import { renderSummary } from '../report/markdown-summary.js';
import type { FailOn } from '../report/outcome.js';
import { createOnce, describeGitHubFailure, statusOf, type Octokit } from './github-client.js';

/** GitHub's limit on a check run's output summary is 65,535 characters; bytes ≥ characters. */
const OUTPUT_BUDGET_BYTES = 60_000;
const ANNOTATIONS_PER_REQUEST = 50;

export interface CheckRunOptions {
  octokit: Octokit;
  owner: string;
  repo: string;
  headSha: string;
  run: RunResult;
  specFile: string;
  failOn: FailOn;
  maxDiffRows: number;
  logger: Logger;
  /** This run's own mark (its id and attempt): a check run carrying it was made by this run, so a create whose answer was lost is found, not made twice. */
  runMark: string;
  /** The wait before a create that may have landed is looked for (tests use a few ms). */
  retryBaseMs?: number;
}

const LEVEL: Record<AnnotationLevel, 'failure' | 'warning' | 'notice'> = { error: 'failure', warning: 'warning', notice: 'notice' };

/** The check's conclusion: what the fail policy makes of the comparison. */
export function checkConclusion(status: RunResult['status'], failOn: FailOn): 'success' | 'failure' | 'neutral' {
  if (status === 'match') return 'success';
  if (failOn === 'never' || (failOn === 'error' && status === 'mismatch')) return 'neutral';
  return 'failure';
}

/** Creates the check runs; returns how many were created (stops at the first refusal). */
export async function publishCheckRuns(options: CheckRunOptions): Promise<number> {
  const { octokit, owner, repo, logger } = options;
  let created = 0;
  for (const comparison of options.run.comparisons) {
    const single: RunResult = { ...options.run, status: comparison.status, comparisons: [comparison] };
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
    const name = `datacompare / ${comparison.name}`.slice(0, 255);
    const externalId = `${options.runMark}:${comparison.name}`;
    try {
      const id = await createOnce(
        async () =>
          (
            await octokit.rest.checks.create({
              owner,
              repo,
              name,
              head_sha: options.headSha,
              external_id: externalId,
              status: 'completed',
              conclusion: checkConclusion(comparison.status, options.failOn),
              output: { ...output, annotations: annotations.slice(0, ANNOTATIONS_PER_REQUEST) },
            })
          ).data.id,
        async () => (await octokit.rest.checks.listForRef({ owner, repo, ref: options.headSha, check_name: name, filter: 'all', per_page: 100 })).data.check_runs.find((run) => run.external_id === externalId)?.id,
        { ...(options.retryBaseMs !== undefined ? { retryBaseMs: options.retryBaseMs } : {}) },
      );
      // Annotations are appended by each update: one whose answer was lost is not sent again (the hook repeats only what never landed).
      for (let at = ANNOTATIONS_PER_REQUEST; at < annotations.length; at += ANNOTATIONS_PER_REQUEST) {
        await octokit.rest.checks.update({ owner, repo, check_run_id: id, output: { ...output, annotations: annotations.slice(at, at + ANNOTATIONS_PER_REQUEST) } });
      }
      created++;
    } catch (error) {
      const status = statusOf(error);
      const denied = status === 403 || status === 404;
      logger.warning(
        denied
          ? `Could not create check runs (HTTP ${status}): the workflow needs \`permissions: checks: write\`. The run's outcome is unchanged.`
          : `Could not create the check run of "${comparison.name}": ${describeGitHubFailure(error)}. The run's outcome is unchanged.`,
      );
      if (denied) break;
    }
  }
  if (created > 0) logger.info(`Created ${created} check run(s), one per comparison.`);
  return created;
}
