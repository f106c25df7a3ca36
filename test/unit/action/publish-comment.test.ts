import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pullRequestFromEvent, upsertComment, type PullRequestTarget } from '../../../src/action/comment.js';
import { createGitHubClient } from '../../../src/action/github-client.js';
import { commentMarker } from '../../../src/report/markdown-comment.js';
import { MemoryLogger } from '../../../src/shared/logger.js';
import { startGitHubApiStub, type GitHubApiStub } from '../../helpers/github-api-stub.js';

const OURS = 'a'.repeat(40);
const NEWER = 'b'.repeat(40);
const marker = commentMarker('.github/data-comparisons.yml');
const body = (sha: string, text: string): string => `${marker}\n<!-- datacompare:head-sha=${sha} -->\n${text}\n`;
const target: PullRequestTarget = { owner: 'acme', repo: 'shop', number: 7, headSha: OURS, fork: false };

let stub: GitHubApiStub;
let logger: MemoryLogger;
beforeEach(async () => {
  stub = await startGitHubApiStub({ headSha: OURS });
  logger = new MemoryLogger();
});
afterEach(() => stub.close());

async function upsert(text: string, overrides: Partial<Parameters<typeof upsertComment>[0]> = {}) {
  const octokit = await createGitHubClient({ token: 'test-token', env: { GITHUB_API_URL: stub.url }, logger, retryBaseMs: 1 });
  return upsertComment({ octokit, target, body: body(OURS, text), marker, startedAt: '2026-11-22T00:00:00Z', logger, retryBaseMs: 1, ...overrides });
}

describe('the sticky PR comment', () => {
  it('is created once, then updated in place, then left alone when unchanged', async () => {
    for (let i = 0; i < 3; i++) stub.addComment(7, `LGTM ${i}`);
    expect(await upsert('first')).toBe('created');
    expect(await upsert('second')).toBe('updated');
    expect(await upsert('second')).toBe('unchanged');
    const writes = stub.writes().map((c) => `${c.method} ${c.path}`);
    expect(writes).toEqual(['POST /repos/acme/shop/issues/7/comments', 'PATCH /repos/acme/shop/issues/comments/1003']);
    expect(stub.comments.get(7)?.filter((c) => c.body.includes(marker))).toHaveLength(1);
    expect(stub.calls[0]?.authorization).toBe('token test-token');
  });

  it('finds its comment on a later page of a long discussion', async () => {
    for (let i = 0; i < 150; i++) stub.addComment(7, `chatter ${i}`);
    const ours = stub.addComment(7, body(OURS, 'old'), 'github-actions[bot]');
    expect(await upsert('new')).toBe('updated');
    expect(stub.writes()).toEqual([expect.objectContaining({ method: 'PATCH', path: `/repos/acme/shop/issues/comments/${ours.id}` })]);
    expect(stub.calls.filter((c) => c.method === 'GET' && c.path.endsWith('/comments')).map((c) => c.query.page ?? '1')).toEqual(['1', '2']);
  });

  it('does not touch the comment of another comment key', async () => {
    stub.addComment(7, `${commentMarker('other.yml')}\nother report`, 'github-actions[bot]');
    expect(await upsert('mine')).toBe('created');
    expect(stub.comments.get(7)?.[0]?.body).toContain('other report');
  });

  it('never overwrites a comment about a newer head commit', async () => {
    stub.addComment(7, body(NEWER, 'report on the newer push'), 'github-actions[bot]');
    stub.headSha = NEWER; // the PR moved on while this (older) run was comparing
    expect(await upsert('report on the older push')).toBe('skipped-newer');
    expect(stub.writes()).toEqual([]);
    expect(stub.comments.get(7)?.[0]?.body).toContain('report on the newer push');
  });

  it('replaces a comment about an older commit when this run checked the current head', async () => {
    stub.addComment(7, body(NEWER, 'report on some other commit'), 'github-actions[bot]');
    stub.headSha = OURS;
    expect(await upsert('report on the head')).toBe('updated');
  });

  it('turns a 403 (fork, read-only token) into a warning naming pull-requests: write', async () => {
    stub.denyWrites = true;
    expect(await upsert('x', { target: { ...target, fork: true } })).toBe('failed');
    expect(logger.text('warning')).toMatchInlineSnapshot(
      `"Could not comment on pull request #7 (HTTP 403: pull requests from forks get a read-only token). Add \`permissions: pull-requests: write\` to the job, or set \`comment: never\`. The job summary has the full report."`,
    );
  });

  it('retries the listing after a server error and warns, without throwing, when the API keeps failing', async () => {
    stub.failNext = [502];
    expect(await upsert('x')).toBe('created');
    stub.failNext = [500, 500, 500];
    expect(await upsert('y')).toBe('failed');
    expect(logger.text('warning')).toMatchInlineSnapshot(
      `"Could not comment on pull request #7: GitHub answered HTTP 500 Internal Server Error: stub failure 500 (GET /repos/acme/shop/issues/7/comments). The job summary has the full report."`,
    );
  });

  it('only updates (never creates) when asked to', async () => {
    expect(await upsert('green', { onlyUpdate: true })).toBe('not-needed');
    expect(stub.writes()).toEqual([]);
  });
});

describe('the pull request of the event', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'dc-reports-event-'));
  const event = (name: string, payload: unknown): NodeJS.ProcessEnv => {
    const file = path.join(dir, `${name}.json`);
    writeFileSync(file, JSON.stringify(payload));
    return { GITHUB_EVENT_NAME: name, GITHUB_EVENT_PATH: file, GITHUB_REPOSITORY: 'acme/shop' };
  };
  const pr = (headRepo: string) => ({
    pull_request: { number: 7, head: { sha: OURS, repo: { full_name: headRepo } }, base: { repo: { full_name: 'acme/shop' } } },
  });

  it('is read from a pull_request event, with its head SHA', () => {
    expect(pullRequestFromEvent(event('pull_request', pr('acme/shop')))).toEqual({ ...target, fork: false });
  });

  it('knows a fork', () => {
    expect(pullRequestFromEvent(event('pull_request_target', pr('stranger/shop')))?.fork).toBe(true);
  });

  it('is absent on a schedule or a push', () => {
    expect(pullRequestFromEvent(event('schedule', { schedule: '0 3 * * *' }))).toBeUndefined();
    expect(pullRequestFromEvent(event('push', { after: OURS }))).toBeUndefined();
  });
});
