/**
 * The nightly drift check with `issue: on-mismatch`, run as the runner runs the bundled action, over
 * a real SQLite database whose data changes between runs: one living issue per drift episode, its
 * body always the current state and trend, a comment only when the state changes, closed on recovery,
 * and the next drift in a new issue that links the old one.
 */
import { mkdirSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
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
  - name: orders
    source: { datasource: shop, dataset: orders_primary }
    target: { datasource: shop, dataset: orders_replica }
    primary_keys: [id]
`;

/** The replica differs from the primary on `changed` rows (their totals), holding @mentions and markup. */
function replicaDiffers(repo: Repo, changed: number): void {
  mkdirSync(path.join(repo.dir, 'data'), { recursive: true });
  const db = new DatabaseSync(path.join(repo.dir, 'data/shop.db'));
  db.exec(`DROP TABLE IF EXISTS orders_primary; DROP TABLE IF EXISTS orders_replica;
    CREATE TABLE orders_primary (id INTEGER PRIMARY KEY, note TEXT, total NUMERIC);
    CREATE TABLE orders_replica (id INTEGER PRIMARY KEY, note TEXT, total NUMERIC);`);
  for (let id = 1; id <= 20; id++) {
    db.prepare('INSERT INTO orders_primary VALUES (?, ?, ?)').run(id, `@someone <b>${id}</b>`, id * 10);
    db.prepare('INSERT INTO orders_replica VALUES (?, ?, ?)').run(id, `@someone <b>${id}</b>`, id <= changed ? id * 10 + 1 : id * 10);
  }
  db.close();
}

describe('the drift tracking issue across nightly runs', () => {
  let stub: GitHubApiStub;
  let repo: Repo;
  beforeAll(async () => {
    requireBundle();
    stub = await startGitHubApiStub({ pageSize: 2 });
    repo = makeRepo(SPEC);
  });
  afterAll(async () => {
    await stub?.close();
  });

  const night = async (changed: number) => {
    replicaDiffers(repo, changed);
    return runAction({ repo, event: 'schedule', apiUrl: stub.url, inputs: { issue: 'on-mismatch' } });
  };
  const commentsOn = (issue: number) => stub.comments.get(issue) ?? [];

  it('equal → drift → same drift → worse → equal → drift again', async () => {
    // Other steps' tracking issues under the same label: ours is found by its marker, pages away (2 per page).
    for (const other of ['nightly-a', 'nightly-b', 'nightly-c']) {
      const number = stub.issues.size + 1;
      stub.issues.set(number, { number, title: `Data drift: ${other}`, body: `<!-- datacompare-drift: ${other} -->`, state: 'open', state_reason: null, labels: [{ name: 'data-drift' }], created_at: '2026-11-01T00:00:00Z', updated_at: '2026-11-01T00:00:00Z' });
    }
    const OURS = 4;
    // equal: no issue
    expect((await night(0)).code).toBe(0);
    expect(stub.issues.size).toBe(3);

    // drift: the issue is opened with the state
    const drift = await night(1);
    expect(drift.code).toBe(1);
    expect(stub.issues.size).toBe(4);
    const issue = stub.issues.get(OURS)!;
    expect(issue).toMatchObject({ state: 'open', title: 'Data drift: .github/data-comparisons.yml', labels: [{ name: 'data-drift' }] });
    expect(issue.body).toContain('<!-- datacompare-drift: .github/data-comparisons.yml -->');
    expect(issue.body).toMatch(/\| ❌ orders \| mismatch \| 1 \| 0 \| 0 \| \d{4}-\d\d-\d\d \d\d:\d\d UTC \|/);
    expect(commentsOn(OURS)).toHaveLength(0);

    // the same drift: the body is edited, no comment
    const before = stub.writes().length;
    expect((await night(1)).code).toBe(1);
    expect(stub.writes().slice(before).map((c) => c.method)).toEqual(['PATCH']);
    expect(commentsOn(OURS)).toHaveLength(0);

    // worse: the body is edited and one comment says so; the summary shows the trend
    const worse = await night(3);
    expect(commentsOn(OURS).map((c) => c.body)).toEqual([expect.stringContaining('**orders** got worse: 1 → 3 differing rows.')]);
    expect(stub.issues.get(OURS)!.body).toContain('xychart-beta');
    expect(stub.issues.get(OURS)!.body).toMatch(/line "orders" \[1, 1, 3\]/);
    expect(worse.summary).toContain('### Drift');
    expect(worse.summary).toContain('xychart-beta');

    // equal again: a comment and the issue closed as completed
    expect((await night(0)).code).toBe(0);
    expect(commentsOn(OURS).at(-1)?.body).toMatch(/^✅ Equal again at \[https:\/\/github\.com\/acme\/shop\/actions\/runs\/4242\]/);
    expect(stub.issues.get(OURS)).toMatchObject({ state: 'closed', state_reason: 'completed' });

    // drift again: a new issue that links the old one
    expect((await night(2)).code).toBe(1);
    expect(stub.issues.size).toBe(5);
    expect(stub.issues.get(5)!.body).toContain(`Previous episode: #${OURS}`);
    expect(stub.issues.get(5)!.state).toBe('open');
    expect([1, 2, 3].map((n) => stub.issues.get(n)!.state)).toEqual(['open', 'open', 'open']); // others' issues untouched

    // a pull request from a fork never posts
    const writes = stub.writes().length;
    replicaDiffers(repo, 3);
    await runAction({ repo, event: 'fork_pull_request', apiUrl: stub.url, inputs: { issue: 'on-mismatch', comment: 'never' } });
    expect(stub.writes().length).toBe(writes);

    // nothing the data holds is a live mention or markup, and no token is in any request body
    for (const issueBody of [stub.issues.get(OURS)!.body, stub.issues.get(5)!.body]) {
      expect(issueBody).not.toMatch(/@someone|<b>/);
    }
    expect(JSON.stringify(stub.calls.map((c) => c.body))).not.toContain('ghs_e2eTestToken0000');
  }, 120_000);

  it('warns about the missing permission on 403 and keeps the run\'s outcome', async () => {
    const denied = await startGitHubApiStub();
    denied.denyWrites = true;
    try {
      const other = makeRepo(SPEC);
      replicaDiffers(other, 1);
      const run = await runAction({ repo: other, event: 'schedule', apiUrl: denied.url, inputs: { issue: 'on-mismatch' } });
      expect(run.code).toBe(1);
      expect(run.stdout).toMatch(/::warning::.*HTTP 403.*issues: write/);
    } finally {
      await denied.close();
    }
  });

  it('alerts a webhook once per change of state, and a failing webhook is only a warning', async () => {
    const posts: { path: string; body: { text: string } }[] = [];
    let answer = 200;
    const hook = http.createServer((request, response) => {
      let text = '';
      request.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      request.on('end', () => {
        posts.push({ path: request.url ?? '', body: JSON.parse(text) as { text: string } });
        response.writeHead(answer).end();
      });
    });
    await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
    const webhook = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/services/T000/B000/s3cr3tw3bh00k`;
    const github = await startGitHubApiStub();
    try {
      const other = makeRepo(SPEC);
      const nightWith = async (changed: number) => {
        replicaDiffers(other, changed);
        return runAction({ repo: other, event: 'schedule', apiUrl: github.url, inputs: { issue: 'on-mismatch', 'webhook-url': webhook } });
      };
      await nightWith(2); // new drift: one alert
      await nightWith(2); // the same: none
      await nightWith(0); // recovered: one alert
      expect(posts.map((p) => p.body.text.split('\n')[1])).toEqual(['❌ orders started differing: 2 differing rows', '✅ orders is equal again']);
      expect(posts[0]?.body.text).toContain('Issue: https://github.com/acme/shop/issues/1');
      expect(posts[0]?.body.text).not.toMatch(/<|@someone/);
      answer = 500;
      const failing = await nightWith(1);
      expect(failing.code).toBe(1);
      expect(failing.stdout).toMatch(/::warning::Could not send the drift alert to the webhook: the webhook answered HTTP 500/);
      expect(posts.length).toBe(2 + 3); // three attempts
      const logged = (failing.stdout + failing.stderr).split('\n').filter((line) => !line.startsWith('::add-mask::'));
      expect(failing.stdout).toContain(`::add-mask::${webhook}`);
      expect(logged.join('\n')).not.toContain('s3cr3tw3bh00k');
      expect(JSON.stringify(github.calls.map((c) => c.body))).not.toContain('s3cr3tw3bh00k');
    } finally {
      await github.close();
      await new Promise((resolve) => hook.close(resolve));
    }
  }, 120_000);
});
