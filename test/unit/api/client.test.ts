import { afterEach, describe, expect, it } from 'vitest';
import { ApiClient } from '../../../src/api/client.js';
import { ApiCallError } from '../../../src/api/service-error.js';
import { clearSecrets } from '../../../src/shared/redact.js';
import { MemoryLogger } from '../../../src/shared/logger.js';

const KEY = 'dcsk_live_0123456789abcdef';
const WORKSPACE = '7d6f3c1e-8a5b-4c2d-9e0f-1a2b3c4d5e6f';
const COMPARISON = { id: '11111111-2222-4333-8444-555555555555', name: 'orders' };

interface Seen {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
}
type Reply = (request: Seen) => Response | Promise<Response>;

/** A scripted transport: each request is answered by the first route whose matcher accepts it. */
function transport(routes: [matcher: (r: Seen) => boolean, reply: Reply][]) {
  const seen: Seen[] = [];
  const fetchImpl = (async (input: URL | string | Request, init?: RequestInit) => {
    const headers = Object.fromEntries(Object.entries((init?.headers ?? {}) as Record<string, string>).map(([k, v]) => [k.toLowerCase(), v]));
    const request: Seen = {
      method: init?.method ?? 'GET',
      url: String(input),
      headers,
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
    };
    seen.push(request);
    const route = routes.find(([matcher]) => matcher(request));
    if (!route) throw new Error(`no route for ${request.method} ${request.url}`);
    return route[1](request);
  }) as typeof fetch;
  return { seen, fetchImpl };
}

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
const path = (r: Seen) => new URL(r.url).pathname;

function client(fetchImpl: typeof fetch, logger = new MemoryLogger(), baseUrl = 'https://dc.example.com/api/v1') {
  const waits: number[] = [];
  const api = new ApiClient({
    baseUrl,
    apiKey: KEY,
    workspaceId: WORKSPACE,
    logger,
    fetch: fetchImpl,
    backoff: { random: () => 0.5 },
    sleep: async (ms) => {
      waits.push(ms);
    },
  });
  return { api, waits, logger };
}

const detail = (overrides: Record<string, unknown> = {}) => ({
  run_id: 7,
  comparison_id: COMPARISON.id,
  comparison_name: 'orders',
  status: 'STARTED',
  failure_reason: null,
  ...overrides,
});

const jobItem = (overrides: Record<string, unknown> = {}) => ({
  job_id: 7,
  comparison_id: COMPARISON.id,
  comparison_name: 'orders',
  status: 'PENDING',
  task_id: 'celery-7',
  created_at: new Date().toISOString(),
  ...overrides,
});

const page = (items: unknown[]) => ({ message: 'ok', meta: {}, data: { items, page: 1, size: 100, total: items.length, pages: items.length ? 1 : 0 } });

afterEach(() => clearSecrets());

describe('every request', () => {
  it('carries the bearer key, the workspace id, and keeps the base URL path prefix', async () => {
    const { seen, fetchImpl } = transport([[() => true, () => json(page([]))]]);
    await client(fetchImpl).api.listSources({ filter: 'warehouse' });
    expect(seen[0]!.url).toBe('https://dc.example.com/api/v1/sources?filter=warehouse');
    expect(seen[0]!.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(seen[0]!.headers['workspace-id']).toBe(WORKSPACE);
  });

  it('sends an Idempotency-Key on POSTs, the same one on every retry of the call', async () => {
    let calls = 0;
    const { seen, fetchImpl } = transport([[() => true, () => (++calls === 1 ? json({ detail: 'busy' }, 503) : json({ meta: {}, data: [] }))]]);
    await client(fetchImpl).api.jobDetails([1, 2]);
    expect(seen).toHaveLength(2);
    expect(seen[0]!.body).toEqual([1, 2]);
    expect(seen[0]!.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(seen[1]!.headers['idempotency-key']).toBe(seen[0]!.headers['idempotency-key']);
  });
});

describe('reading the hosted service', () => {
  it('accepts job details as a bare array', async () => {
    const { fetchImpl } = transport([[() => true, () => json([detail({ status: 'SUCCESS', result: { diff_status: 'MATCH', diff_reasons: [], time_taken: 1 } })])]]);
    const details = await client(fetchImpl).api.jobDetails([7]);
    expect(details.map((d) => d.status)).toEqual(['SUCCESS']);
  });

  it('accepts a data source list as a bare array', async () => {
    const source = {
      id: '0f0e0d0c-0b0a-4908-8706-050403020100',
      name: 'warehouse',
      type: 'postgres',
      status: 'connected',
      is_interactive: false,
      dataset_count: 1,
      validation_count: 0,
      failed_validation_count: 0,
      column_count: 3,
      sensitive_column_count: 0,
      last_scanned_at: null,
      database_version: null,
      workspace_id: WORKSPACE,
    };
    const { fetchImpl } = transport([[() => true, () => json([source])]]);
    expect((await client(fetchImpl).api.allSources('warehouse')).map((s) => s.name)).toEqual(['warehouse']);
  });

  it('reads the task id from celery_task_id when worker_task_id is absent, and keeps unknown fields', async () => {
    const { fetchImpl } = transport([[() => true, () => json({ message: 'queued', run_id: 42, celery_task_id: 'c-42', queue: 'default' })]]);
    const run = await client(fetchImpl).api.execute(COMPARISON, { knownRunIds: new Set() });
    expect(run).toEqual({ runId: 42, taskId: 'c-42' });
  });

  it('treats an unknown job status as still running and warns once per status', async () => {
    const logger = new MemoryLogger();
    const { api } = client(transport([]).fetchImpl, logger);
    expect(api.statuses.isTerminal('RETRY')).toBe(false);
    expect(api.statuses.isTerminal('RETRY')).toBe(false);
    expect(api.statuses.isTerminal('RECEIVED')).toBe(false);
    expect(api.statuses.isTerminal('SUCCESS')).toBe(true);
    expect(api.statuses.isTerminal('REVOKED')).toBe(true);
    expect(logger.text('warning')).toMatchInlineSnapshot(`
      "The service reported job status "RETRY", which datacompare does not know; it is treated as still running (known: PENDING, STARTED, SUCCESS, FAILURE, REVOKED).
      The service reported job status "RECEIVED", which datacompare does not know; it is treated as still running (known: PENDING, STARTED, SUCCESS, FAILURE, REVOKED)."
    `);
  });

  it('fails clearly on a 2xx answer that is not the documented shape', async () => {
    const { fetchImpl } = transport([[() => true, () => new Response('<html>login</html>', { status: 200 })]]);
    const error = await client(fetchImpl).api.diffDetails(7).catch((e: unknown) => e);
    expect((error as Error).message).toMatchInlineSnapshot(`"GET /jobs/comparison/{job_id}/diff-details answered HTTP 200 from https://dc.example.com/api/v1 with a response datacompare cannot read: the body is not JSON."`);
  });
});

describe('errors', () => {
  it('name the endpoint, the status, the service message and a hint; never the key', async () => {
    const { fetchImpl } = transport([[() => true, () => json({ detail: `Not authenticated: Bearer ${KEY} is disabled` }, 401)]]);
    const error = (await client(fetchImpl).api.listSources().catch((e: unknown) => e)) as ApiCallError;
    expect(error).toBeInstanceOf(ApiCallError);
    expect(error.status).toBe(401);
    expect(error.message).toMatchInlineSnapshot(`"GET /sources failed with HTTP 401 Unauthorized from https://dc.example.com/api/v1: Not authenticated: Bearer *** is disabled."`);
    expect(error.hint).toMatchInlineSnapshot(`"Check the API key (is it enabled and unexpired?), its scope (read or write) and the Workspace-Id. The address came from the API URL setting."`);
    expect(JSON.stringify(error.body)).not.toContain(KEY);
  });

  it('prefer the service message to detail, and summarise FastAPI validation issues', async () => {
    const { fetchImpl } = transport([
      [(r) => path(r).endsWith('/terminate'), () => json({ detail: 'x', message: 'No job has task id t-1.', code: 'job_not_found' }, 404)],
      [
        () => true,
        () => json({ detail: [{ type: 'missing', loc: ['body', 'configuration', 'source_columns'], msg: 'Field required', input: null }] }, 422),
      ],
    ]);
    const { api } = client(fetchImpl);
    expect(((await api.terminate('t-1').catch((e: unknown) => e)) as Error).message).toMatchInlineSnapshot(
      `"POST /jobs/{task_id}/terminate failed with HTTP 404 Not Found from https://dc.example.com/api/v1: No job has task id t-1."`,
    );
    expect(((await api.jobDetails([1]).catch((e: unknown) => e)) as Error).message).toMatchInlineSnapshot(
      `"POST /jobs/comparison/details failed with HTTP 422 Unprocessable Entity: body.configuration.source_columns: Field required."`,
    );
  });

  it('name the network failure when the service cannot be reached', async () => {
    const { fetchImpl } = transport([
      [
        () => true,
        () => {
          throw Object.assign(new TypeError('fetch failed'), { cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }) });
        },
      ],
    ]);
    const error = (await client(fetchImpl).api.listSources().catch((e: unknown) => e)) as ApiCallError;
    expect(error.message).toMatchInlineSnapshot(`"GET /sources failed: the service at https://dc.example.com/api/v1 could not be reached (connection refused: nothing listens on dc.example.com:443)."`);
  });
});

describe('retries', () => {
  it('retry GETs on 429 honouring Retry-After, and on 502/503 with full-jitter backoff', async () => {
    const answers = [json({ detail: 'slow down' }, 429, { 'retry-after': '3' }), json({ detail: 'bad gateway' }, 502), json({ detail: 'x' }, 503), json(page([]))];
    const { seen, fetchImpl } = transport([[() => true, () => answers.shift()!]]);
    const { api, waits } = client(fetchImpl);
    await api.listJobs();
    expect(seen).toHaveLength(4);
    expect(waits).toEqual([3000, 1000, 2000]);
  });

  it('do not retry a 400-class answer other than 408/429', async () => {
    const { seen, fetchImpl } = transport([[() => true, () => json({ detail: 'Not Found' }, 404)]]);
    await expect(client(fetchImpl).api.diffDetails(9)).rejects.toThrow('HTTP 404');
    expect(seen).toHaveLength(1);
  });

  it('give up after five attempts with the last error', async () => {
    const { seen, fetchImpl } = transport([[() => true, () => json({ detail: 'down for maintenance' }, 503)]]);
    await expect(client(fetchImpl).api.listSources()).rejects.toThrow('GET /sources failed with HTTP 503 Service Unavailable: down for maintenance.');
    expect(seen).toHaveLength(5);
  });
});

const IDENTITY = { idempotencyKey: 'run-key-1', sentAfter: undefined };

describe('execute never starts a run twice', () => {
  it('after a lost answer, finds the run in the job list instead of executing again', async () => {
    let executes = 0;
    const { seen, fetchImpl } = transport([
      [
        (r) => path(r).endsWith('/execute'),
        () => {
          executes++;
          throw new TypeError('fetch failed: other side closed');
        },
      ],
      [(r) => path(r).endsWith('/jobs/comparison'), () => json({ ...page([jobItem({ job_id: 3, created_at: '2020-01-01T00:00:00' }), jobItem({ job_id: 8, task_id: 'celery-8' })]) })],
    ]);
    const logger = new MemoryLogger();
    const run = await client(fetchImpl, logger).api.execute(COMPARISON, { identity: IDENTITY, ownComparison: true, knownRunIds: new Set([3]) });
    expect(run).toEqual({ runId: 8, taskId: 'celery-8', recovered: true });
    expect(executes).toBe(1);
    const listing = new URL(seen.find((r) => path(r).endsWith('/jobs/comparison'))!.url);
    expect(listing.searchParams.get('filter')).toBe('orders');
    expect(listing.searchParams.get('idempotency_key')).toBe(IDENTITY.idempotencyKey);
    expect(logger.text('warning')).toContain('its job was found in the job list and is not started again');
  });

  it('after a lost answer for a comparison it did not create, takes no job it cannot prove its own (no key on the jobs)', async () => {
    let executes = 0;
    const { fetchImpl } = transport([
      [(r) => path(r).endsWith('/execute'), () => (executes++, json({ detail: 'bad gateway' }, 502))],
      [(r) => path(r).endsWith('/jobs/comparison'), () => json(page([jobItem({ job_id: 8, task_id: 'celery-8' })]))],
    ]);
    await expect(client(fetchImpl).api.execute(COMPARISON, { identity: IDENTITY })).rejects.toThrow(
      'job(s) 8 started since for the same comparison, but the service does not show which request started them',
    );
    expect(executes).toBe(1);
  });

  it('after a lost answer, takes the job carrying its Idempotency-Key, never another request\'s', async () => {
    let executes = 0;
    const { fetchImpl } = transport([
      [(r) => path(r).endsWith('/execute'), () => (executes++, json({ detail: 'bad gateway' }, 502))],
      [
        (r) => path(r).endsWith('/jobs/comparison'),
        () => json(page([jobItem({ job_id: 8, task_id: 'celery-8', idempotency_key: 'someone-else' }), jobItem({ job_id: 9, task_id: 'celery-9', idempotency_key: IDENTITY.idempotencyKey })])),
      ],
    ]);
    expect(await client(fetchImpl).api.execute(COMPARISON, { identity: IDENTITY })).toEqual({ runId: 9, taskId: 'celery-9', recovered: true });
    expect(executes).toBe(1);
  });

  it('waits out a 409 "still in progress" and looks again instead of failing', async () => {
    const answers = [
      json({ detail: 'in progress', code: 'idempotency_in_progress', message: 'A request with this Idempotency-Key is still in progress; retry shortly.' }, 409),
      json({ message: 'ok', run_id: 5, worker_task_id: 'w-5' }),
    ];
    const { seen, fetchImpl } = transport([
      [(r) => path(r).endsWith('/execute'), () => answers.shift()!],
      [(r) => path(r).endsWith('/jobs/comparison'), () => json(page([]))],
    ]);
    expect(await client(fetchImpl).api.execute(COMPARISON, { identity: IDENTITY })).toEqual({ runId: 5, taskId: 'w-5' });
    expect(seen.filter((r) => path(r).endsWith('/execute')).map((r) => r.headers['idempotency-key'])).toEqual([IDENTITY.idempotencyKey, IDENTITY.idempotencyKey]);
  });

  it('reads the service\'s clock from its Date header: a service 10 minutes behind still finds the job, and an older one of the same comparison is not taken', async () => {
    const behind = (ms: number) => new Date(Date.now() - 10 * 60_000 + ms);
    const dated = (body: unknown) => json(body, 200, { date: behind(0).toUTCString() });
    let executes = 0;
    const { seen, fetchImpl } = transport([
      [(r) => path(r).endsWith('/execute'), () => (executes++, json({ detail: 'bad gateway' }, 502))],
      [
        (r) => path(r).endsWith('/jobs/comparison'),
        (r) =>
          dated(
            page(
              new URL(r.url).searchParams.get('size') === '1'
                ? []
                : [jobItem({ job_id: 4, task_id: 'old', created_at: behind(-60_000).toISOString() }), jobItem({ job_id: 5, task_id: 'new', created_at: behind(500).toISOString() })],
            ),
          ),
      ],
    ]);
    const { api } = client(fetchImpl);
    const identity = await api.newIdentity();
    expect(Math.abs(identity.sentAfter!.getTime() - (Date.now() - 10 * 60_000))).toBeLessThan(5000);
    expect(await api.execute(COMPARISON, { identity, ownComparison: true })).toEqual({ runId: 5, taskId: 'new', recovered: true });
    expect(executes).toBe(1);
    const listing = new URL(seen.filter((r) => path(r).endsWith('/jobs/comparison')).at(-1)!.url);
    expect(new Date(listing.searchParams.get('start_time')!).getTime()).toBe(identity.sentAfter!.getTime());
  });

  it('after a timeout, looks in the job list twice before executing again (the service may still be at work)', async () => {
    let listings = 0;
    let executes = 0;
    const { fetchImpl } = transport([
      [
        (r) => path(r).endsWith('/execute'),
        () => {
          executes++;
          return new Promise<Response>(() => {}); // never answers: the per-request limit fires
        },
      ],
      [(r) => path(r).endsWith('/jobs/comparison'), () => json(page(++listings === 1 ? [] : [jobItem({ job_id: 12, task_id: 'celery-12' })]))],
    ]);
    const api = new ApiClient({
      baseUrl: 'https://dc.example.com',
      apiKey: KEY,
      workspaceId: WORKSPACE,
      logger: new MemoryLogger(),
      fetch: ((input: URL | string | Request, init?: RequestInit) => {
        const answer = fetchImpl(input, init);
        return Promise.race([answer, new Promise<Response>((_, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal!.reason)))]);
      }) as typeof fetch,
      requestTimeoutMs: 20,
      sleep: async () => {},
    });
    expect(await api.execute(COMPARISON, { identity: IDENTITY, ownComparison: true, knownRunIds: new Set() })).toEqual({ runId: 12, taskId: 'celery-12', recovered: true });
    expect({ executes, listings }).toEqual({ executes: 1, listings: 2 });
  });

  it('executes again when the run is not in the job list, with the same idempotency key', async () => {
    let executes = 0;
    const { seen, fetchImpl } = transport([
      [
        (r) => path(r).endsWith('/execute'),
        () => (++executes === 1 ? json({ detail: 'gateway timeout' }, 504) : json({ message: 'ok', run_id: 9, worker_task_id: 'w-9' })),
      ],
      [(r) => path(r).endsWith('/jobs/comparison'), () => json(page([]))],
    ]);
    const run = await client(fetchImpl).api.execute(COMPARISON, { identity: IDENTITY, ownComparison: true, knownRunIds: new Set() });
    expect(run).toEqual({ runId: 9, taskId: 'w-9' });
    const posts = seen.filter((r) => path(r).endsWith('/execute'));
    expect(posts).toHaveLength(2);
    expect(posts[1]!.headers['idempotency-key']).toBe(posts[0]!.headers['idempotency-key']);
  });

  it('sends a 429/503 again with the same key after one look in the job list (a gateway may answer 503 after the service acted)', async () => {
    const answers = [json({ detail: 'busy' }, 503), json({ message: 'ok', run_id: 5, worker_task_id: 'w-5' })];
    const { seen, fetchImpl } = transport([
      [(r) => path(r).endsWith('/execute'), () => answers.shift()!],
      [(r) => path(r).endsWith('/jobs/comparison'), () => json(page([jobItem({ job_id: 8, task_id: 'celery-8' })]))],
    ]);
    // job 8 cannot be proven ours (a stored comparison, no key on the jobs): after a 503 that means sending again
    expect(await client(fetchImpl).api.execute(COMPARISON, { identity: IDENTITY })).toEqual({ runId: 5, taskId: 'w-5' });
    const execute = '/api/v1/comparisons/11111111-2222-4333-8444-555555555555/execute';
    expect(seen.map((r) => path(r))).toEqual([execute, '/api/v1/jobs/comparison', execute]);
    expect(seen[2]!.headers['idempotency-key']).toBe(seen[0]!.headers['idempotency-key']);
  });

  it('reads the service clock from the job list first when no answer gave it yet', async () => {
    const { seen, fetchImpl } = transport([
      [(r) => path(r).endsWith('/execute'), () => json({ message: 'ok', run_id: 5, worker_task_id: 'w-5' })],
      [(r) => path(r).endsWith('/jobs/comparison'), () => json(page([jobItem({ job_id: 2 })]))],
    ]);
    await client(fetchImpl).api.execute(COMPARISON);
    expect(seen.map((r) => `${r.method} ${path(r)}`)).toEqual([
      'GET /api/v1/jobs/comparison',
      'POST /api/v1/comparisons/11111111-2222-4333-8444-555555555555/execute',
    ]);
  });
});

describe('the client refuses bad settings', () => {
  it('without a usable URL, key or workspace', () => {
    const base = { apiKey: KEY, workspaceId: WORKSPACE, logger: new MemoryLogger() };
    expect(() => new ApiClient({ ...base, baseUrl: 'dc.example.com' })).toThrowErrorMatchingInlineSnapshot(`[ConfigurationError: The API URL "dc.example.com" is not a valid URL.]`);
    expect(() => new ApiClient({ ...base, baseUrl: 'ftp://dc.example.com' })).toThrowErrorMatchingInlineSnapshot(`[ConfigurationError: The API URL "ftp://dc.example.com" must start with https:// (or http://).]`);
    expect(() => new ApiClient({ ...base, baseUrl: 'https://x', apiKey: '' })).toThrowErrorMatchingInlineSnapshot(`[ConfigurationError: An API key is required in api mode.]`);
  });
});
