/**
 * One check run per comparison (input `check-runs`), on the commit the run checked, named
 * `datacompare / <comparison>`: reviewers see each comparison in the pull request's checks and branch
 * protection can require one. Its output is that comparison's summary (within GitHub's 65,535
 * characters) with its annotation at the spec line. Needs `checks: write`; a refusal is a warning.
 */
import type { RunResult } from '../engine/model.js';
import type { Logger } from '../shared/logger.js';
import { redact } from '../shared/redact.js';
import { retry } from '../shared/retry.js';
import { runAnnotations, type AnnotationLevel } from '../report/annotations.js';
import { renderSummary } from '../report/markdown-summary.js';
import type { FailOn } from '../report/outcome.js';
import { classify, statusOf, type Octokit } from './comment.js';

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
  const withRetry = <T>(operation: () => Promise<T>): Promise<T> =>
    retry(operation, { classify, maxAttempts: 3, baseMs: options.retryBaseMs ?? 1000, onRetry: (info) => logger.debug(`GitHub API: ${info.reason}; retrying in ${info.delayMs} ms`) });
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
    try {
      const check = await withRetry(() =>
        octokit.rest.checks.create({
          owner,
          repo,
          name: `datacompare / ${comparison.name}`.slice(0, 255),
          head_sha: options.headSha,
          status: 'completed',
          conclusion: checkConclusion(comparison.status, options.failOn),
          output: { ...output, annotations: annotations.slice(0, ANNOTATIONS_PER_REQUEST) },
        }),
      );
      for (let at = ANNOTATIONS_PER_REQUEST; at < annotations.length; at += ANNOTATIONS_PER_REQUEST) {
        await withRetry(() =>
          octokit.rest.checks.update({ owner, repo, check_run_id: check.data.id, output: { ...output, annotations: annotations.slice(at, at + ANNOTATIONS_PER_REQUEST) } }),
        );
      }
      created++;
    } catch (error) {
      const status = statusOf(error);
      logger.warning(
        status === 403 || status === 404
          ? `Could not create check runs (HTTP ${status}): the workflow needs \`permissions: checks: write\`. The run's outcome is unchanged.`
          : `Could not create the check run of "${comparison.name}": ${redact(error instanceof Error ? error.message : String(error))}`,
      );
      if (status === 403 || status === 404) break;
    }
  }
  if (created > 0) logger.info(`Created ${created} check run(s), one per comparison.`);
  return created;
}
