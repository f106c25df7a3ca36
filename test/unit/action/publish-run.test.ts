import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ActionInputs } from '../../../src/action/inputs.js';
import { publishRun } from '../../../src/action/publish.js';
import { commentMarker } from '../../../src/report/markdown-comment.js';
import { MemoryLogger } from '../../../src/shared/logger.js';
import { loadResult } from '../../fixtures/results/load.js';
import { startGitHubApiStub, type GitHubApiStub } from '../../helpers/github-api-stub.js';

const HEAD = 'd'.repeat(40);
let stub: GitHubApiStub;
// @actions/core remembers the summary file's path after its first write: one directory for the whole file.
const dir = mkdtempSync(path.join(tmpdir(), 'dc-reports-publish-'));
let reportDir: string;
let logger: MemoryLogger;

function inputs(overrides: Partial<ActionInputs> = {}): ActionInputs {
  return {
    spec: '.github/data-comparisons.yml',
    comparisons: [],
    mode: 'local',
    failOn: 'mismatch',
    comment: 'always',
    commentKey: '.github/data-comparisons.yml',
    githubToken: 'test-token',
    maxDiffRows: 100,
    timeoutMinutes: 30,
    reportDir,
    issue: 'never',
    issueKey: '.github/data-comparisons.yml',
    issueLabels: ['data-drift'],
    checkRuns: false,
    maskSensitive: 'auto',
    reportUnmasked: false,
    ...overrides,
  };
}

beforeEach(async () => {
  stub = await startGitHubApiStub({ headSha: HEAD });
  reportDir = mkdtempSync(path.join(dir, 'report-'));
  logger = new MemoryLogger();
  const event = path.join(dir, 'event.json');
  writeFileSync(event, JSON.stringify({ pull_request: { number: 7, head: { sha: HEAD, repo: { full_name: 'acme/shop' } }, base: { repo: { full_name: 'acme/shop' } } } }));
  for (const file of ['summary.md', 'output']) writeFileSync(path.join(dir, file), '');
  vi.stubEnv('GITHUB_STEP_SUMMARY', path.join(dir, 'summary.md'));
  vi.stubEnv('GITHUB_OUTPUT', path.join(dir, 'output'));
  vi.stubEnv('GITHUB_EVENT_NAME', 'pull_request');
  vi.stubEnv('GITHUB_EVENT_PATH', event);
  vi.stubEnv('GITHUB_REPOSITORY', 'acme/shop');
  vi.stubEnv('GITHUB_API_URL', stub.url);
  vi.spyOn(process.stdout, 'write').mockImplementation(() => true); // workflow commands
});
afterEach(async () => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  await stub.close();
});

const options = (overrides: Partial<ActionInputs> = {}) => ({ inputs: inputs(overrides), logger, specFile: '.github/data-comparisons.yml' });

describe('publishRun', () => {
  it('returns the fail-policy decision and writes the summary, the files and the outputs', async () => {
    const outcome = await publishRun(loadResult('mismatch'), options());
    expect(outcome.failed).toBe(true);
    expect(readFileSync(path.join(dir, 'summary.md'), 'utf8')).toContain('## datacompare: mismatch');
    expect(readFileSync(path.join(dir, 'output'), 'utf8')).toContain(`report-json<<`);
    expect(readFileSync(path.join(reportDir, 'orders.csv'), 'utf8')).toContain('3,changed,10.00,15.00');
    expect(stub.writes()).toHaveLength(1);
  });

  it('with comment: on-mismatch, creates nothing on a green run but turns an earlier red comment green', async () => {
    await publishRun(loadResult('match'), options({ comment: 'on-mismatch' }));
    expect(stub.writes()).toEqual([]);
    stub.addComment(7, `${commentMarker('.github/data-comparisons.yml')}\n<!-- datacompare:head-sha=${HEAD} -->\nred`, 'github-actions[bot]');
    await publishRun(loadResult('match'), options({ comment: 'on-mismatch' }));
    expect(stub.writes().map((c) => c.method)).toEqual(['PATCH']);
    expect(stub.comments.get(7)?.[0]?.body).toContain('All 2 comparisons match');
  });

  it('still writes the summary and outputs when the report directory cannot be created', async () => {
    writeFileSync(path.join(dir, 'blocker'), '');
    const outcome = await publishRun(loadResult('match'), options({ reportDir: path.join(dir, 'blocker/report') }));
    expect(outcome.failed).toBe(false);
    expect(logger.text('warning')).toContain('Could not write the report files');
    expect(readFileSync(path.join(dir, 'summary.md'), 'utf8')).toContain('All 2 comparisons match');
    expect(readFileSync(path.join(dir, 'output'), 'utf8')).toMatch(/status<<\S+\nmatch\n/);
  });
});
