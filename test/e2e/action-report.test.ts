/**
 * The bundled action end to end, as the runner runs it, on a local-mode spec over a real SQLite
 * database (and PostgreSQL when available): outputs, the job summary, annotations on stdout, the
 * sticky PR comment across runs, the fork/403 path, a schedule, size limits, and hostile values.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { databaseAvailable, TEST_DATABASE_URLS } from '../helpers/databases.js';
import { startGitHubApiStub, type GitHubApiStub } from '../helpers/github-api-stub.js';
import { makeRepo, requireBundle, runAction, type Repo } from './action-report-harness.js';

const SPEC = `version: 1
datasources:
  app:
    type: sqlite
    path: data/app.db
comparisons:
  - name: customers
    source: { datasource: app, dataset: customers_src }
    target: { datasource: app, dataset: customers_dst }
    primary_keys: [id]
  - name: notes
    source: { datasource: app, dataset: notes_src }
    target: { datasource: app, dataset: notes_dst }
    primary_keys: [id]
`;
const NOTES_LINE = SPEC.split('\n').findIndex((l) => l.includes('name: notes')) + 1;
const HOSTILE = ['hi @someone', 'a | b', '<script>alert(1)</script>', 'fixes #12 `code`', 'line one\nline two'];

function seed(repo: Repo, options: { notesDiffer: boolean }): void {
  mkdirSync(path.join(repo.dir, 'data'), { recursive: true });
  const db = new DatabaseSync(path.join(repo.dir, 'data/app.db'));
  db.exec(`DROP TABLE IF EXISTS customers_src; DROP TABLE IF EXISTS customers_dst; DROP TABLE IF EXISTS notes_src; DROP TABLE IF EXISTS notes_dst;
    CREATE TABLE customers_src (id INTEGER PRIMARY KEY, email TEXT); CREATE TABLE customers_dst (id INTEGER PRIMARY KEY, email TEXT);
    CREATE TABLE notes_src (id INTEGER PRIMARY KEY, body TEXT); CREATE TABLE notes_dst (id INTEGER PRIMARY KEY, body TEXT);`);
  for (let i = 1; i <= 5; i++) {
    db.prepare('INSERT INTO customers_src VALUES (?, ?)').run(i, `c${i}@example.com`);
    db.prepare('INSERT INTO customers_dst VALUES (?, ?)').run(i, `c${i}@example.com`);
  }
  HOSTILE.forEach((value, i) => {
    db.prepare('INSERT INTO notes_src VALUES (?, ?)').run(i + 1, value);
    db.prepare('INSERT INTO notes_dst VALUES (?, ?)').run(i + 1, options.notesDiffer ? `${value} (edited by @someone-else)` : value);
  });
  db.close();
}

const WIDE_SPEC = `version: 1
datasources:
  app:
    type: sqlite
    path: data/app.db
comparisons:
  - name: wide
    source: { datasource: app, dataset: wide_src }
    target: { datasource: app, dataset: wide_dst }
    primary_keys: [id]
`;

/** Every row differs in four wide text columns. */
function seedWide(repo: Repo, options: { rows: number; width: number }): void {
  mkdirSync(path.join(repo.dir, 'data'), { recursive: true });
  const db = new DatabaseSync(path.join(repo.dir, 'data/app.db'));
  db.exec('CREATE TABLE wide_src (id INTEGER PRIMARY KEY, a TEXT, b TEXT, c TEXT, d TEXT); CREATE TABLE wide_dst (id INTEGER PRIMARY KEY, a TEXT, b TEXT, c TEXT, d TEXT); BEGIN');
  const src = db.prepare('INSERT INTO wide_src VALUES (?, ?, ?, ?, ?)');
  const dst = db.prepare('INSERT INTO wide_dst VALUES (?, ?, ?, ?, ?)');
  for (let i = 0; i < options.rows; i++) {
    const v = (side: string, col: string): string => `${side}${col}${i}-`.padEnd(options.width, side === 's' ? 'x' : 'y');
    src.run(i, v('s', 'a'), v('s', 'b'), v('s', 'c'), v('s', 'd'));
    dst.run(i, v('t', 'a'), v('t', 'b'), v('t', 'c'), v('t', 'd'));
  }
  db.exec('COMMIT');
  db.close();
}

let stub: GitHubApiStub;
beforeAll(() => requireBundle());
beforeEach(async () => {
  stub = await startGitHubApiStub({ headSha: 'c0ffee'.padEnd(40, '0') });
});
afterEach(() => stub.close());

function ourComments(): { id: number; body: string }[] {
  return (stub.comments.get(7) ?? []).filter((c) => c.body.includes('<!-- datacompare:comment-key='));
}

describe('the action on a pull request', () => {
  it('reports a mismatch everywhere, then updates the one comment, then leaves it alone when nothing changed', async () => {
    const repo = makeRepo(SPEC);
    seed(repo, { notesDiffer: true });
    stub.addComment(7, 'Looks good to me');
    const first = await runAction({ repo, event: 'pull_request', apiUrl: stub.url });

    expect(first.code, first.stdout + first.stderr).toBe(1);
    expect(first.outputs.status).toBe('mismatch');
    expect(first.outputs['mismatched-comparisons']).toBe('notes');
    expect(first.outputs['failed-comparisons']).toBe('');
    expect(first.outputs['run-ids']).toBe('[]');
    const reportDir = path.join(repo.runnerTemp, 'datacompare');
    expect(first.outputs['report-json']).toBe(path.join(reportDir, 'results.json'));
    expect(JSON.parse(readFileSync(first.outputs['report-json']!, 'utf8')).status).toBe('mismatch');
    expect(readdirSync(reportDir).sort()).toEqual(['customers.csv', 'notes.csv', 'results.json', 'summary.md']);
    expect(readFileSync(path.join(reportDir, 'notes.csv'), 'utf8').split('\r\n')).toHaveLength(HOSTILE.length + 2);

    expect(first.summary).toContain('## datacompare: mismatch');
    expect(first.summary).toMatch(/\| notes<br><sub>[^|\n]+ · [^|\n]+ → [^|\n]+ · [^|\n]+<\/sub> \| ❌ mismatch \| 0\.0% \| 5 \| 5 \| 5 \| 0 \/ 0 \| `body` \|/);
    expect(first.summary).toMatch(/\| customers<br><sub>[^|\n]+<\/sub> \| ✅ match \| 100\.0% \| 5 \| 5 \|/);
    expect(first.stdout).toMatch(new RegExp(`^::error title=notes,file=\\.github/data-comparisons\\.yml,line=${NOTES_LINE}::The data differs\\. 5 differing rows`, 'm'));

    const created = stub.writes();
    expect(created.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /repos/acme/shop/issues/7/comments']);
    expect(ourComments()).toHaveLength(1);
    const id = ourComments()[0]!.id;
    expect(ourComments()[0]!.body).toContain('<!-- datacompare:head-sha=c0ffee');

    seed(repo, { notesDiffer: false });
    const second = await runAction({ repo, event: 'pull_request', apiUrl: stub.url });
    expect(second.code, second.stdout + second.stderr).toBe(0);
    expect(second.outputs.status).toBe('match');
    expect(stub.writes().map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST /repos/acme/shop/issues/7/comments',
      `PATCH /repos/acme/shop/issues/comments/${id}`,
    ]);
    expect(ourComments()).toHaveLength(1);
    expect(ourComments()[0]!.body).toContain('All 2 comparisons match');

    const third = await runAction({ repo, event: 'pull_request', apiUrl: stub.url });
    expect(third.code).toBe(0);
    expect(stub.writes()).toHaveLength(2); // unchanged: no third write
  });

  it('never lets hostile data values through unescaped in the summary or the comment', async () => {
    const repo = makeRepo(SPEC);
    seed(repo, { notesDiffer: true });
    await runAction({ repo, event: 'pull_request', apiUrl: stub.url });
    const comment = ourComments()[0]!.body;
    for (const markdown of [readFileSync(path.join(repo.runnerTemp, 'datacompare/summary.md'), 'utf8'), comment]) {
      expect(markdown).not.toContain('<script>');
      expect(markdown).not.toMatch(/@someone/);
      expect(markdown).not.toMatch(/#12(?!\d)/);
      expect(markdown).not.toContain('a | b');
      expect(markdown).toContain('\\<script\\>');
    }
  });

  it('on a fork (403 on commenting) warns, naming pull-requests: write, and keeps a green run green', async () => {
    const repo = makeRepo(SPEC);
    seed(repo, { notesDiffer: false });
    stub.denyWrites = true;
    const run = await runAction({ repo, event: 'fork_pull_request', apiUrl: stub.url });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.outputs.status).toBe('match');
    expect(run.stdout).toMatch(/^::warning::Could not comment on pull request #7 \(HTTP 403: pull requests from forks get a read-only token\)\. Add `permissions: pull-requests: write`/m);
    expect(run.summary).toContain('All 2 comparisons match');
  });

  it('with comment: never, does not call the GitHub API', async () => {
    const repo = makeRepo(SPEC);
    seed(repo, { notesDiffer: true });
    await runAction({ repo, event: 'pull_request', apiUrl: stub.url, inputs: { comment: 'never' } });
    expect(stub.calls).toEqual([]);
  });

  it('shrinks a report that would exceed 1 MiB (summary) and 65,536 characters (comment)', async () => {
    const repo = makeRepo(WIDE_SPEC);
    seedWide(repo, { rows: 1_500, width: 200 });
    const run = await runAction({ repo, event: 'pull_request', apiUrl: stub.url, inputs: { 'max-diff-rows': '1500', 'fail-on': 'never' } });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    const full = readFileSync(path.join(repo.runnerTemp, 'datacompare/summary.md'));
    expect(full.byteLength).toBeGreaterThan(1_048_576);
    expect(Buffer.byteLength(run.summary)).toBeLessThanOrEqual(1_000_000);
    expect(run.summary).toContain("shortened to fit GitHub's 1 MiB job-summary limit");
    expect(run.summary).toMatch(/\| wide<br><sub>[^|\n]+<\/sub> \| ❌ mismatch \| 0\.0% \| 1,500 \| 1,500 \| 1,500 \|/);
    const comment = ourComments()[0]!.body;
    expect(comment.length).toBeLessThanOrEqual(65_536);
    expect(comment).toContain("Shortened to fit GitHub's comment size limit");
    expect(readFileSync(path.join(repo.runnerTemp, 'datacompare/wide.csv'), 'utf8').split('\r\n')).toHaveLength(1_500 + 2);
  });
});

describe('the action on a schedule', () => {
  it('writes the summary and the annotations and makes no API call', async () => {
    const repo = makeRepo(SPEC);
    seed(repo, { notesDiffer: true });
    const run = await runAction({ repo, event: 'schedule', apiUrl: stub.url });
    expect(run.code).toBe(1);
    expect(run.summary).toContain('## datacompare: mismatch');
    expect(run.stdout).toMatch(/^::error title=notes,file=\.github\/data-comparisons\.yml,line=\d+::/m);
    expect(stub.calls).toEqual([]);
  });
});

describe('an invalid spec', () => {
  it('annotates the offending line and says so in the summary', async () => {
    const repo = makeRepo(SPEC.replace('primary_keys: [id]\n  - name: notes', 'primary_keys: [id]\n    colour: blue\n  - name: notes'));
    const run = await runAction({ repo, event: 'pull_request', apiUrl: stub.url });
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/^::error title=Invalid spec,file=\.github\/data-comparisons\.yml,line=11::/m);
    expect(run.summary).toContain('is invalid');
    expect(run.outputs.status).toBe('error');
  });
});

const PASSWORD = 'Pg-e2e-Secr3t-Passw0rd';
const postgresUp = await databaseAvailable('postgres');

describe.runIf(postgresUp)('with PostgreSQL and a password in the connection URL', () => {
  const schema = 'dc_reports_e2e';
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URLS.postgres });
  beforeAll(async () => {
    await admin.connect();
    await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE; CREATE SCHEMA ${schema};
      CREATE TABLE ${schema}.accounts (id integer PRIMARY KEY, note text);
      INSERT INTO ${schema}.accounts VALUES (1, 'plain'), (2, '@someone | <script>x</script>'), (3, 'the password is ${PASSWORD}');`);
  });
  afterAll(async () => {
    await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await admin.end();
  });

  it('keeps the password out of every output, file, comment and log line', async () => {
    const url = new URL(TEST_DATABASE_URLS.postgres);
    url.password = PASSWORD; // the test server trusts local connections: any password works
    const spec = `version: 1
datasources:
  warehouse:
    type: postgres
    url: \${WAREHOUSE_URL}
  app:
    type: sqlite
    path: data/app.db
comparisons:
  - name: accounts
    source: { datasource: warehouse, dataset: ${schema}.accounts }
    target: { datasource: app, dataset: accounts }
    primary_keys: [id]
`;
    const repo = makeRepo(spec);
    mkdirSync(path.join(repo.dir, 'data'), { recursive: true });
    const db = new DatabaseSync(path.join(repo.dir, 'data/app.db'));
    db.exec(`CREATE TABLE accounts (id INTEGER PRIMARY KEY, note TEXT); INSERT INTO accounts VALUES (1, 'plain');`);
    db.close();
    const run = await runAction({ repo, event: 'pull_request', apiUrl: stub.url, env: { WAREHOUSE_URL: url.toString() } });
    expect(run.code, run.stdout + run.stderr).toBe(1);
    expect(run.outputs.status).toBe('mismatch');
    const reportDir = path.join(repo.runnerTemp, 'datacompare');
    // `::add-mask::` hands the secret to the runner, which hides it from the log: the one allowed place.
    const log = run.stdout.split('\n').filter((line) => !line.startsWith('::add-mask::'));
    const everything = [
      ...log,
      run.stderr,
      run.summary,
      JSON.stringify(run.outputs),
      JSON.stringify(stub.calls),
      ...readdirSync(reportDir).map((f) => readFileSync(path.join(reportDir, f), 'utf8')),
    ].join('\n');
    expect(everything).not.toContain(PASSWORD);
    expect(ourComments()[0]!.body).not.toContain('<script>');
    expect(existsSync(path.join(reportDir, 'accounts.csv'))).toBe(true);
  });
});
