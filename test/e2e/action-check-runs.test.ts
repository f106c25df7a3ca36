/**
 * `check-runs: true`, run as the runner runs the bundled action on a pull request: one check run per
 * comparison on the pull request's head, named `datacompare / <comparison>`, concluded by the fail
 * policy, its output the comparison's summary and its annotation at the spec line; a 403 is a warning.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGitHubApiStub, type GitHubApiStub } from '../helpers/github-api-stub.js';
import { makeRepo, requireBundle, runAction, type Repo } from './action-report-harness.js';

const SPEC = `version: 1
datasources:
  shop:
    type: sqlite
    path: data/shop.db
comparisons:
  - name: customers
    source: { datasource: shop, dataset: customers_a }
    target: { datasource: shop, dataset: customers_b }
    primary_keys: [id]
  - name: orders
    source: { datasource: shop, dataset: orders_a }
    target: { datasource: shop, dataset: orders_b }
    primary_keys: [id]
`;
const ORDERS_LINE = SPEC.split('\n').findIndex((line) => line.includes('name: orders')) + 1;
const HEAD = 'ab'.repeat(20);

function seed(repo: Repo): void {
  mkdirSync(path.join(repo.dir, 'data'), { recursive: true });
  const db = new DatabaseSync(path.join(repo.dir, 'data/shop.db'));
  db.exec(`CREATE TABLE customers_a (id INTEGER PRIMARY KEY, name TEXT); CREATE TABLE customers_b (id INTEGER PRIMARY KEY, name TEXT);
    INSERT INTO customers_a VALUES (1, 'Ada'); INSERT INTO customers_b VALUES (1, 'Ada');
    CREATE TABLE orders_a (id INTEGER PRIMARY KEY, total NUMERIC); CREATE TABLE orders_b (id INTEGER PRIMARY KEY, total NUMERIC);
    INSERT INTO orders_a VALUES (1, 10), (2, 20); INSERT INTO orders_b VALUES (1, 10), (2, 21);`);
  db.close();
}

describe('check runs per comparison', () => {
  let stub: GitHubApiStub;
  let repo: Repo;
  beforeAll(async () => {
    requireBundle();
    stub = await startGitHubApiStub({ headSha: HEAD });
    repo = makeRepo(SPEC);
    seed(repo);
  });
  afterAll(async () => {
    await stub?.close();
  });

  it('creates one check run per comparison on the head commit', async () => {
    const run = await runAction({ repo, event: 'pull_request', headSha: HEAD, apiUrl: stub.url, inputs: { 'check-runs': 'true', comment: 'never' } });
    expect(run.code).toBe(1);
    expect(stub.checkRuns.map((c) => [c.name, c.head_sha, c.conclusion])).toEqual([
      ['datacompare / customers', HEAD, 'success'],
      ['datacompare / orders', HEAD, 'failure'],
    ]);
    const orders = stub.checkRuns[1]!;
    expect(orders.output.title).toBe('orders: mismatch');
    expect(orders.output.summary).toContain('orders');
    expect(orders.output.annotations).toEqual([
      expect.objectContaining({ path: '.github/data-comparisons.yml', start_line: ORDERS_LINE, annotation_level: 'failure' }),
    ]);
  });

  it('says which permission is missing on 403, and the run keeps its outcome', async () => {
    const denied = await startGitHubApiStub({ headSha: HEAD });
    denied.denyWrites = true;
    try {
      const run = await runAction({ repo, event: 'pull_request', headSha: HEAD, apiUrl: denied.url, inputs: { 'check-runs': 'true', comment: 'never' } });
      expect(run.code).toBe(1);
      expect(run.stdout).toMatch(/::warning::Could not create check runs \(HTTP 403\): the workflow needs `permissions: checks: write`/);
      expect(denied.writes().filter((c) => c.path.endsWith('/check-runs'))).toHaveLength(1); // stopped at the first refusal
    } finally {
      await denied.close();
    }
  });
});
