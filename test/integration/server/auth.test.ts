/**
 * API keys, scopes, workspaces and rate limits over real HTTP: 401 with WWW-Authenticate, a disabled
 * key refused at once and accepted again when re-enabled, an expired key, read keys refused on
 * writes, another workspace's data invisible (404, never 403), 429 with Retry-After.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as c from '../../../src/api/contract.js';
import { comparisonBody, sqliteOrders, startTestServer, tempDir, type TestServer } from './harness.js';

let t: TestServer;
let sourceId: string;
let comparisonId: string;
let runId: number;
let taskId: string;

beforeAll(async () => {
  t = await startTestServer({ workers: 1, rateLimit: { burst: 1000, perSecond: 1000 } });
  const file = sqliteOrders(path.join(tempDir('auth'), 'a.db'), [[1, '1.00', 'x']]);
  sourceId = (await t.request('POST', '/sources', { body: { name: 'a', type: 'sqlite', path: file } })).json.data.id;
  const created = await t.request('POST', '/comparisons', { body: comparisonBody(sourceId, sourceId) });
  comparisonId = created.json.data.id;
  runId = created.json.run_id;
  taskId = created.json.worker_task_id;
});

afterAll(async () => {
  await t?.stop();
});

describe('authentication', () => {
  it('answers 401 "Not authenticated" with WWW-Authenticate: Bearer for a missing or unknown key', async () => {
    for (const key of [null, 'dck_not-a-real-key-at-all-0000000000000000000']) {
      const answer = await t.request('GET', '/sources', { key });
      expect(answer.status).toBe(401);
      expect(answer.headers.get('www-authenticate')).toBe('Bearer');
      expect(c.errorBodySchema.parse(answer.json)).toMatchObject({ detail: 'Not authenticated', code: 'not_authenticated' });
    }
  });

  it('refuses a disabled key at once and accepts it again when re-enabled', async () => {
    const { key, id } = await t.newKey(['read']);
    expect((await t.request('GET', '/sources', { key })).status).toBe(200);
    await t.server.store.keys.setEnabled(id, false);
    const refused = await t.request('GET', '/sources', { key });
    expect(refused.status).toBe(401);
    expect(refused.json.message).toBe('The API key is disabled; enable it or use another key.');
    await t.server.store.keys.setEnabled(id, true);
    expect((await t.request('GET', '/sources', { key })).status).toBe(200);
  });

  it('refuses an expired key', async () => {
    const { key } = await t.newKey(['write'], { expiresAt: new Date(Date.now() - 1000).toISOString() });
    const answer = await t.request('GET', '/sources', { key });
    expect(answer.status).toBe(401);
    expect(answer.json.message).toBe('The API key has expired; create a new one.');
  });

  it('never echoes the key in an error', async () => {
    const answer = await t.request('GET', '/sources', { key: `${t.key}x` });
    expect(answer.status).toBe(401);
    expect(answer.text).not.toContain(t.key);
  });
});

describe('scopes', () => {
  it('lets a read key read and refuses it on every write endpoint with 403', async () => {
    const { key } = await t.newKey(['read']);
    expect((await t.request('GET', '/jobs/comparison', { key })).status).toBe(200);
    expect((await t.request('POST', '/jobs/comparison/details', { key, body: [runId] })).status).toBe(200);
    const writes: [string, string, unknown][] = [
      ['POST', '/comparisons?create_only=true', comparisonBody(sourceId, sourceId)],
      ['POST', `/comparisons/${comparisonId}/execute`, undefined],
      ['POST', `/jobs/${taskId}/terminate`, undefined],
      ['POST', '/sources', { name: 'x', type: 'sqlite', path: '/tmp/x.db' }],
      ['DELETE', `/comparisons/${comparisonId}`, undefined],
    ];
    for (const [method, route, body] of writes) {
      const answer = await t.request(method, route, { key, ...(body === undefined ? {} : { body }) });
      expect(answer.status, `${method} ${route}`).toBe(403);
      expect(c.errorBodySchema.parse(answer.json).code).toBe('insufficient_scope');
    }
  });

  it('honours the fine scopes of the hosted service', async () => {
    const { key } = await t.newKey(['read:datasource']);
    expect((await t.request('GET', '/sources', { key })).status).toBe(200);
    expect((await t.request('GET', '/jobs/comparison', { key })).status).toBe(403);
    const comparer = await t.newKey(['write:comparison']);
    expect((await t.request('POST', '/comparisons?create_only=true', { key: comparer.key, body: comparisonBody(sourceId, sourceId) })).status).toBe(201);
    const executeToo = await t.request('POST', '/comparisons', { key: comparer.key, body: comparisonBody(sourceId, sourceId) });
    expect(executeToo.status).toBe(403);
    expect(executeToo.json.message).toBe('This API key lacks the scope write:job needed to execute a comparison.');
  });
});

describe('workspaces', () => {
  it('requires a UUID Workspace-Id header (422, loc header)', async () => {
    for (const workspace of [null, 'not-a-uuid']) {
      const answer = await t.request('GET', '/sources', { workspace });
      expect(answer.status).toBe(422);
      expect(c.validationErrorBodySchema.parse(answer.json).detail[0]!.loc).toEqual(['header', 'workspace-id']);
    }
  });

  it('refuses a workspace the key does not belong to', async () => {
    const answer = await t.request('GET', '/sources', { workspace: randomUUID() });
    expect(answer.status).toBe(403);
    expect(answer.json.code).toBe('workspace_forbidden');
  });

  it('never shows another workspace\'s data: its ids are 404 and its lists empty', async () => {
    const other = randomUUID();
    const { key } = await t.newKey(['write'], { workspaces: [other] });
    const as = { key, workspace: other };
    const details = c.jobDetailsResponseSchema.parse((await t.request('POST', '/jobs/comparison/details', { ...as, body: [runId] })).json);
    expect(details.data).toEqual([]);
    expect(details.meta.not_found).toEqual([runId]);
    expect((await t.request('GET', `/jobs/comparison/${runId}/diff-details`, as)).status).toBe(404);
    expect((await t.request('POST', `/jobs/${taskId}/terminate`, as)).status).toBe(404);
    expect((await t.request('GET', `/comparisons/${comparisonId}`, as)).status).toBe(404);
    expect((await t.request('POST', `/comparisons/${comparisonId}/execute`, as)).status).toBe(404);
    expect((await t.request('DELETE', `/comparisons/${comparisonId}`, as)).status).toBe(404);
    expect((await t.request('POST', '/comparisons?create_only=true', { ...as, body: comparisonBody(sourceId, sourceId) })).status).toBe(404);
    const jobs = c.jobListResponseSchema.parse((await t.request('GET', '/jobs/comparison', as)).json);
    expect(jobs.data).toEqual({ items: [], page: 1, size: 50, total: 0, pages: 0 });
    expect(jobs.meta).toMatchObject({ source_dataset_filters: [], target_dataset_filters: [] });
    const sources = c.sourcesResponseSchema.parse((await t.request('GET', '/sources', as)).json);
    expect(sources.data.total).toBe(0);
  });
});

describe('rate limit', () => {
  it('answers 429 with Retry-After when a key exceeds its bucket', async () => {
    const limited = await startTestServer({ workers: 0, rateLimit: { burst: 3, perSecond: 0.5 } });
    try {
      const statuses: number[] = [];
      let retryAfter: string | null = null;
      for (let i = 0; i < 5; i++) {
        const answer = await limited.request('GET', '/sources');
        statuses.push(answer.status);
        if (answer.status === 429) {
          retryAfter = answer.headers.get('retry-after');
          expect(c.errorBodySchema.parse(answer.json).code).toBe('rate_limited');
        }
      }
      expect(statuses).toEqual([200, 200, 200, 429, 429]);
      expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
    } finally {
      await limited.stop();
    }
  });
});

describe('bounded queue', () => {
  it('when the queue is full, admits a workspace below its fair share and answers 429 with Retry-After to one at it', async () => {
    // two workspaces of one job each fill a queue of two; the keys name 4 workspaces: a fair share of 1
    const small = await startTestServer({ workers: 0, maxQueue: 2, workspaceMaxQueue: 2 });
    try {
      const workspaces = [{ workspace: small.workspace, key: small.key }];
      for (let i = 0; i < 2; i++) {
        const workspace = randomUUID();
        workspaces.push({ workspace, key: (await small.newKey(['write'], { workspaces: [workspace] })).key });
      }
      const comparisons: string[] = [];
      for (const [i, who] of workspaces.entries()) {
        const file = sqliteOrders(path.join(tempDir('queue'), `q${i}.db`), [[1, '1.00', 'x']]);
        const source = (await small.request('POST', '/sources', { body: { name: 'q', type: 'sqlite', path: file }, ...who })).json.data.id;
        comparisons.push((await small.request('POST', '/comparisons?create_only=true', { body: comparisonBody(source, source), ...who })).json.data.id);
      }
      const execute = (i: number) => small.request('POST', `/comparisons/${comparisons[i]}/execute`, workspaces[i]);
      expect([(await execute(0)).status, (await execute(1)).status]).toEqual([200, 200]);
      // full: the third workspace holds nothing, so it gets its one place all the same
      expect((await execute(2)).status).toBe(200);
      const full = await execute(2);
      expect(full.status).toBe(429);
      expect(full.headers.get('retry-after')).toBe('5');
      expect(c.errorBodySchema.parse(full.json)).toMatchObject({
        code: 'queue_full',
        message: 'The job queue is full (3 of 2 jobs waiting) and this workspace has 1 of them, its fair share being 1 (the queue divided among 4 workspaces), so no more fits; retry when some have run.',
      });
      // a place of its own frees: admitted again
      const pending = c.jobListResponseSchema.parse((await small.request('GET', '/jobs/comparison', workspaces[2])).json).data.items[0]!;
      await small.request('POST', `/jobs/${pending.task_id}/terminate`, workspaces[2]);
      expect((await execute(2)).status).toBe(200);
    } finally {
      await small.stop();
    }
  });
});
