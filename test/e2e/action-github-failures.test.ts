/**
 * The bundled action, run as the runner runs it, when the GitHub API fails: one that accepts and
 * never answers, a host that does not resolve, a 404 with an empty body. The step ends within a
 * bound, every warning says what happened, and nothing else of the run is lost (job summary, report
 * files, outputs, the exit status the fail policy gives).
 */
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGitHubApiStub, type GitHubApiStub } from '../helpers/github-api-stub.js';
import { makeRepo, requireBundle, runAction, type ActionRun, type Repo } from './action-report-harness.js';

const SPEC = `version: 1
datasources:
  shop:
    type: sqlite
    path: data/shop.db
comparisons:
  - name: orders
    source: { datasource: shop, dataset: orders_a }
    target: { datasource: shop, dataset: orders_b }
    primary_keys: [id]
`;

function seed(repo: Repo): void {
  mkdirSync(path.join(repo.dir, 'data'), { recursive: true });
  const db = new DatabaseSync(path.join(repo.dir, 'data/shop.db'));
  db.exec(`CREATE TABLE orders_a (id INTEGER PRIMARY KEY, total NUMERIC); CREATE TABLE orders_b (id INTEGER PRIMARY KEY, total NUMERIC);
    INSERT INTO orders_a VALUES (1, 10), (2, 20); INSERT INTO orders_b VALUES (1, 10), (2, 21);`);
  db.close();
}

const warnings = (run: ActionRun) => run.stdout.split('\n').filter((line) => line.startsWith('::warning::'));

/** What the run must keep whatever GitHub did: the fail policy's exit status (a mismatch fails), the summary, the report files, the outputs. */
function expectEverythingElsePublished(run: ActionRun): void {
  expect(run.code).toBe(1);
  expect(run.stdout).toContain('::error::');
  expect(run.summary).toContain('orders');
  expect(run.outputs.status).toBe('mismatch');
  expect(existsSync(run.outputs['report-json'] ?? '')).toBe(true);
  expect(existsSync(run.outputs['summary-markdown'] ?? '')).toBe(true);
}

describe('the action when the GitHub API fails', () => {
  let stub: GitHubApiStub;
  let repo: Repo;
  beforeAll(async () => {
    requireBundle();
    stub = await startGitHubApiStub();
    repo = makeRepo(SPEC);
    seed(repo);
  });
  afterAll(async () => {
    await stub?.close();
  });

  it('an API that accepts and never answers: each request ends at its time limit, the run stops calling it, the step ends', async () => {
    stub.hang = true;
    stub.calls.length = 0;
    const started = Date.now();
    const run = await runAction({
      repo,
      event: 'pull_request',
      apiUrl: stub.url,
      inputs: { comment: 'always', 'check-runs': 'true', issue: 'on-mismatch' },
      env: { DATACOMPARE_GITHUB_TIMEOUT_SECONDS: '2' },
    });
    const seconds = (Date.now() - started) / 1000;
    stub.hang = false;
    const host = stub.url.slice('http://'.length);
    expect(warnings(run).map((line) => line.replaceAll(host, 'HOST'))).toMatchInlineSnapshot(`
      [
        "::warning::Could not keep the drift tracking issue: no answer from HOST within 2 s (GET /repos/acme/shop/issues). The run's outcome is unchanged.",
        "::warning::Could not comment on pull request #7: GET /repos/acme/shop/issues/7/comments was not sent: an earlier request of this run failed (no answer from HOST within 2 s (GET /repos/acme/shop/issues)). The job summary has the full report.",
        "::warning::Could not create the check run of "orders": POST /repos/acme/shop/check-runs was not sent: an earlier request of this run failed (no answer from HOST within 2 s (GET /repos/acme/shop/issues)). The run's outcome is unchanged.",
      ]
    `);
    // The first read, three times; nothing after it was sent.
    expect(stub.calls.map((c) => `${c.method} ${c.path}`)).toEqual(Array(3).fill('GET /repos/acme/shop/issues'));
    expectEverythingElsePublished(run);
    // Three time limits of 2 s and two backoffs of at most 1 s and 2 s, and the run itself (the old client waited 5 minutes per attempt).
    expect(seconds).toBeLessThan(40);
  });

  it('a host that does not resolve is named, not reported as "HTTP 500"', async () => {
    const run = await runAction({ repo, event: 'pull_request', apiUrl: 'http://nowhere.invalid', inputs: { comment: 'always' } });
    expect(warnings(run)).toEqual([
      '::warning::Could not comment on pull request #7: the host name nowhere.invalid does not resolve (ENOTFOUND) (GET /repos/acme/shop/issues/7/comments). The job summary has the full report.',
    ]);
    expectEverythingElsePublished(run);
  });

  it('a 404 with an empty body says so plainly', async () => {
    stub.failNext = [{ status: 404, emptyBody: true }];
    const run = await runAction({ repo, event: 'pull_request', apiUrl: stub.url, inputs: { comment: 'always' } });
    expect(warnings(run)).toEqual([
      '::warning::Could not comment on pull request #7: GitHub answered HTTP 404 Not Found, with an empty body (GET /repos/acme/shop/issues/7/comments). The job summary has the full report.',
    ]);
    expectEverythingElsePublished(run);
  });
});
