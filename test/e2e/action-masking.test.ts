/**
 * A diff of a table full of personal data on a pull request, run as the runner runs the bundled
 * action: the comment, the job summary, the annotations, the log and the report files hold none of
 * the planted values, yet the counts and the columns that differ are exact. With report-unmasked the
 * files keep the values for a private artifact, and nothing else does.
 */
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGitHubApiStub, type GitHubApiStub } from '../helpers/github-api-stub.js';
import { makeRepo, requireBundle, runAction, type Repo } from './action-report-harness.js';

const SPEC = `version: 1
datasources:
  crm:
    type: sqlite
    path: data/crm.db
comparisons:
  - name: customers
    source: { datasource: crm, dataset: customers_prod }
    target: { datasource: crm, dataset: customers_copy }
    primary_keys: [email]
`;
const PLANTED = ['ada.lovelace@example.com', 'grace.h@example.org', 'alan.t@example.net', '4242424242424242', '5555555555554444', '+44 20 7946 0958', '+1 (415) 555-0132', 'Lovelace Street 12'];

function seed(repo: Repo): void {
  mkdirSync(path.join(repo.dir, 'data'), { recursive: true });
  const db = new DatabaseSync(path.join(repo.dir, 'data/crm.db'));
  db.exec(`CREATE TABLE customers_prod (email TEXT PRIMARY KEY, card_number TEXT, phone TEXT, street_address TEXT, orders INTEGER);
    CREATE TABLE customers_copy (email TEXT PRIMARY KEY, card_number TEXT, phone TEXT, street_address TEXT, orders INTEGER);
    INSERT INTO customers_prod VALUES ('ada.lovelace@example.com', '4242424242424242', '+44 20 7946 0958', 'Lovelace Street 12', 3),
      ('grace.h@example.org', '5555555555554444', '+1 (415) 555-0132', 'Navy Road 1', 5), ('alan.t@example.net', NULL, NULL, NULL, 1);
    INSERT INTO customers_copy VALUES ('ada.lovelace@example.com', '4000056655665556', '+44 20 7946 0000', 'Lovelace Street 12', 3),
      ('grace.h@example.org', '5555555555554444', '+1 (415) 555-0132', 'Navy Road 1', 6);`);
  db.close();
}

function reportFiles(dir: string): string {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => readFileSync(path.join(entry.parentPath, entry.name), 'utf8'))
    .join('\n');
}

describe('sensitive values in a pull request', () => {
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

  it('appear nowhere, while the counts and the differing columns are exact', async () => {
    const reportDir = path.join(repo.runnerTemp, 'masked-report');
    const run = await runAction({ repo, event: 'pull_request', apiUrl: stub.url, inputs: { 'report-dir': reportDir } });
    expect(run.code).toBe(1);
    const comment = stub.comments.get(7)?.at(-1)?.body ?? '';
    const everything = [run.stdout, run.stderr, run.summary, comment, reportFiles(reportDir), JSON.stringify(stub.calls.map((c) => c.body))].join('\n');
    for (const value of PLANTED) expect(everything, value).not.toContain(value);
    const result = JSON.parse(readFileSync(path.join(reportDir, 'results.json'), 'utf8'));
    expect(result.comparisons[0].stats).toMatchObject({ source_rows: 3, target_rows: 2, mismatched_rows: 2, only_in_source: 1, only_in_target: 0 });
    expect(Object.keys(result.comparisons[0].diff.mismatched_columns_mapping).sort()).toEqual(['card_number', 'orders', 'phone']);
    expect(comment).toMatch(/a\\\*\\\*\\\*@&#8203;e\\\*\\\*\\\*\.com ·[0-9a-f]{6}/); // the masked key still tells rows apart
    expect(run.stdout).toMatch(/customers: masking .*email \(the name says email/);
  });

  it('stay in the report files only, with report-unmasked', async () => {
    const reportDir = path.join(repo.runnerTemp, 'unmasked-report');
    const run = await runAction({ repo, event: 'pull_request', apiUrl: stub.url, inputs: { 'report-dir': reportDir, 'report-unmasked': 'true' } });
    expect(reportFiles(reportDir)).toContain('ada.lovelace@example.com');
    for (const value of PLANTED) expect(run.summary + run.stdout, value).not.toContain(value);
  });
});
