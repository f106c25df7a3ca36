/**
 * The action's GitHub client against a stand-in for the API on 127.0.0.1: a time limit per request,
 * retries only where a repeat is safe, failures named for what they are, and no second wait for an
 * API that did not answer.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { publishCheckRuns } from '../../../src/action/check-runs.js';
import { upsertComment } from '../../../src/action/comment.js';
import { createGitHubClient, createOnce, GitHubApiError, githubTimeoutFromEnv } from '../../../src/action/github-client.js';
import type { RunResult } from '../../../src/engine/model.js';
import { MemoryLogger } from '../../../src/shared/logger.js';
import { startGitHubApiStub, type GitHubApiStub } from '../../helpers/github-api-stub.js';

let stub: GitHubApiStub;
beforeEach(async () => {
  stub = await startGitHubApiStub();
});
afterEach(() => stub.close());

const client = (url = stub.url) => createGitHubClient({ token: 'test-token', env: { GITHUB_API_URL: url }, logger: new MemoryLogger(), timeoutMs: 1000, retryBaseMs: 1 });
const pull = { owner: 'acme', repo: 'shop', pull_number: 7 };
const failure = (promise: Promise<unknown>) => promise.then(() => expect.unreachable('it succeeded'), (error: unknown) => error as GitHubApiError);

describe('the GitHub client', () => {
  it('gives up on an API that accepts and never answers after its time limit, three times for a read; later calls of the run fail at once', async () => {
    stub.hang = true;
    const octokit = await client();
    const error = await failure(octokit.rest.pulls.get(pull));
    expect(error).toBeInstanceOf(GitHubApiError);
    expect(error.message.replace(stub.url.slice(7), 'HOST')).toMatchInlineSnapshot(`"no answer from HOST within 1 s (GET /repos/acme/shop/pulls/7)"`);
    expect(error.status).toBeUndefined();
    expect(stub.calls).toHaveLength(3);
    const later = await failure(octokit.rest.issues.listComments({ owner: 'acme', repo: 'shop', issue_number: 7 }));
    expect(later.message.replace(stub.url.slice(7), 'HOST')).toMatchInlineSnapshot(
      `"GET /repos/acme/shop/issues/7/comments was not sent: an earlier request of this run failed (no answer from HOST within 1 s (GET /repos/acme/shop/pulls/7))"`,
    );
    expect(stub.calls).toHaveLength(3);
  });

  it('sends a create whose answer never came only once (it may have been carried out)', async () => {
    stub.hang = true;
    const octokit = await client();
    await failure(octokit.rest.issues.createComment({ owner: 'acme', repo: 'shop', issue_number: 7, body: 'x' }));
    expect(stub.calls.map((c) => c.method)).toEqual(['POST']);
  });

  it('names a host that does not resolve, not "HTTP 500"', async () => {
    const octokit = await client('http://nowhere.invalid');
    const error = await failure(octokit.rest.pulls.get(pull));
    expect(error.message).toMatchInlineSnapshot(`"the host name nowhere.invalid does not resolve (ENOTFOUND) (GET /repos/acme/shop/pulls/7)"`);
    expect(error.status).toBeUndefined();
  });

  it('names a refused connection', async () => {
    const closed = await startGitHubApiStub();
    await closed.close();
    const octokit = await client(closed.url);
    const error = await failure(octokit.rest.pulls.get(pull));
    expect(error.message.replace(closed.url.slice(7), 'HOST')).toMatchInlineSnapshot(`"connection refused: nothing listens on HOST (GET /repos/acme/shop/pulls/7)"`);
  });

  it('says plainly that an error answer had an empty body', async () => {
    stub.failNext = [{ status: 404, emptyBody: true }];
    const error = await failure((await client()).rest.pulls.get(pull));
    expect(error.message).toMatchInlineSnapshot(`"GitHub answered HTTP 404 Not Found, with an empty body (GET /repos/acme/shop/pulls/7)"`);
    expect(error.status).toBe(404);
    expect(stub.calls).toHaveLength(1);
  });

  it('retries a read after a server error, and a write only when marked idempotent', async () => {
    const octokit = await client();
    stub.failNext = [502];
    expect((await octokit.rest.pulls.get(pull)).data.head.sha).toBe(stub.headSha);
    stub.failNext = [503];
    expect((await failure(octokit.rest.issues.createComment({ owner: 'acme', repo: 'shop', issue_number: 7, body: 'x' }))).status).toBe(503);
    const comment = stub.addComment(7, 'old');
    stub.failNext = [503];
    await octokit.rest.issues.updateComment({ owner: 'acme', repo: 'shop', comment_id: comment.id, body: 'new', request: { idempotent: true } });
    expect(stub.comments.get(7)?.[0]?.body).toBe('new');
    expect(stub.calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'GET /repos/acme/shop/pulls/7',
      'GET /repos/acme/shop/pulls/7',
      'POST /repos/acme/shop/issues/7/comments',
      'PATCH /repos/acme/shop/issues/comments/1000',
      'PATCH /repos/acme/shop/issues/comments/1000',
    ]);
  });

  it('takes its time limit from DATACOMPARE_GITHUB_TIMEOUT_SECONDS (1–300 s), else 30 s', () => {
    expect(githubTimeoutFromEnv({ DATACOMPARE_GITHUB_TIMEOUT_SECONDS: '5' })).toBe(5000);
    expect(githubTimeoutFromEnv({ DATACOMPARE_GITHUB_TIMEOUT_SECONDS: '0' })).toBe(30_000);
    expect(githubTimeoutFromEnv({})).toBe(30_000);
  });
});

describe('a create made safe to repeat', () => {
  const lost = () => new GitHubApiError('no answer', { failure: 'no-answer' });

  it('after a lost answer, finds what was made instead of making it twice', async () => {
    const sent: string[] = [];
    const id = await createOnce(
      async () => {
        sent.push('create');
        throw lost();
      },
      async () => 42,
      { retryBaseMs: 1 },
    );
    expect(id).toBe(42);
    expect(sent).toEqual(['create']);
  });

  it('sends it again once when nothing was made, and not at all after a refusal', async () => {
    let creates = 0;
    expect(await createOnce(async () => (++creates === 1 ? Promise.reject(lost()) : 7), async () => undefined, { retryBaseMs: 1 })).toBe(7);
    expect(creates).toBe(2);
    const refused = new GitHubApiError('GitHub answered HTTP 422', { failure: 'http', status: 422 });
    await expect(createOnce(async () => Promise.reject(refused), async () => 1, { retryBaseMs: 1 })).rejects.toBe(refused);
  });
});

describe('creates whose answer was lost on the way (GitHub made them; the connection closed before the answer)', () => {
  const run: RunResult = {
    status: 'mismatch',
    started_at: '2026-11-22T00:00:00Z',
    comparisons: [{ name: 'orders', status: 'mismatch', result: { diff_status: 'MISMATCH', diff_reasons: ['1 row differs'], time_taken: 0.1 } }],
  } as RunResult;

  it('a check run is found by this run\'s mark, not made twice', async () => {
    const octokit = await client();
    stub.dropAnswerOf = (call) => call.method === 'POST';
    const logger = new MemoryLogger();
    const created = await publishCheckRuns({ octokit, owner: 'acme', repo: 'shop', headSha: stub.headSha, run, specFile: 'spec.yml', failOn: 'mismatch', maxDiffRows: 10, logger, runMark: 'datacompare:4242.1', retryBaseMs: 1 });
    expect(logger.text('warning')).toBe('');
    expect(created).toBe(1);
    expect(stub.checkRuns.map((c) => [c.name, c.external_id])).toEqual([['datacompare / orders', 'datacompare:4242.1:orders']]);
  });

  it('a pull request comment is found by its marker, not made twice', async () => {
    const octokit = await client();
    const logger = new MemoryLogger();
    const target = { owner: 'acme', repo: 'shop', number: 7, headSha: stub.headSha, fork: false };
    stub.dropAnswerOf = (call) => call.method === 'POST';
    expect(await upsertComment({ octokit, target, body: '<!-- mark -->\nreport', marker: '<!-- mark -->', startedAt: run.started_at, logger, retryBaseMs: 1 })).toBe('created');
    expect(stub.calls.map((c) => c.method)).toEqual(['GET', 'POST', 'GET']);
    expect(stub.comments.get(7)).toHaveLength(1);
  });
});
