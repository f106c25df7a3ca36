/**
 * runApiComparisons against an emulation of the hosted service's documented behaviour (no server of
 * ours): bare arrays, `celery_task_id` only, job details without task ids, Celery statuses we do not
 * know, naive timestamps, results without stats, diff rows without `_diff_type`, no `meta`.
 */
import { describe, expect, it } from 'vitest';
import type { ComparisonDefinition } from '../../../src/engine/model.js';
import { runApiComparisons, type ApiTuning } from '../../../src/runner/api-mode.js';
import { MemoryLogger } from '../../../src/shared/logger.js';

const WORKSPACE = '7d6f3c1e-8a5b-4c2d-9e0f-1a2b3c4d5e6f';
const SOURCES = [
  { id: 'aaaaaaaa-0000-4000-8000-000000000001', name: 'warehouse' },
  { id: 'aaaaaaaa-0000-4000-8000-000000000002', name: 'lake' },
].map((s) => ({
  ...s,
  type: 'snowflake',
  status: 'active',
  is_interactive: false,
  dataset_count: 3,
  validation_count: 0,
  failed_validation_count: 0,
  column_count: 9,
  sensitive_column_count: 0,
  last_scanned_at: '2026-01-01T00:00:00',
  database_version: '8.1',
  workspace_id: WORKSPACE,
}));

function definition(name: string, overrides: Partial<ComparisonDefinition> = {}): ComparisonDefinition {
  return {
    name,
    location: { file: 'spec.yml', line: 1, column: 1 },
    source: { datasourceName: 'wh', connection: null, serviceDatasource: 'warehouse', dataset: 'orders' },
    target: { datasourceName: 'lk', connection: null, serviceDatasource: 'lake', dataset: 'orders' },
    columns: { source: ['amount'], target: ['amount'] },
    primaryKeys: { source: ['id'], target: ['id'] },
    caseSensitive: false,
    quickComparison: false,
    schemaDiff: false,
    tolerance: {},
    thresholds: {},
    maxDiffRows: 100,
    ...overrides,
  };
}

/** A stateful emulation of the hosted service. `statuses` is each job's status per details call. */
function hostedService(options: { statuses: string[]; diffStatus?: string; forgetsJobs?: boolean; executeNeverAnswers?: boolean }) {
  const jobs = new Map<number, { name: string; comparisonId: string; polls: number; task: string; revoked: boolean }>();
  const comparisons = new Map<string, string>();
  const calls: string[] = [];
  let onExecuted: (() => void) | undefined;
  let nextJob = 100;
  const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const startJob = (comparisonId: string, name: string) => {
    const id = nextJob++;
    jobs.set(id, { name, comparisonId, polls: 0, task: `celery-${id}`, revoked: false });
    return id;
  };
  const fetchImpl = (async (input: URL | string | Request, init?: RequestInit) => {
    const url = new URL(String(input));
    const route = `${init?.method ?? 'GET'} ${url.pathname.replace('/api/v1', '')}`;
    calls.push(route);
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    if (route === 'GET /sources') return json(SOURCES.filter((s) => s.name.includes(url.searchParams.get('filter') ?? ''))); // bare array
    if (route === 'POST /comparisons') {
      const id = `cccccccc-0000-4000-8000-${String(comparisons.size + 1).padStart(12, '0')}`;
      const b = body as { name: string; configuration: Record<string, unknown> };
      comparisons.set(id, b.name);
      return json({ message: 'created', data: { id, name: b.name, source_dataset_id: 'd1', target_dataset_id: 'd2', configuration: b.configuration, workspace_id: WORKSPACE, user_id: 'u' } }, 201);
    }
    const execute = /^POST \/comparisons\/([^/]+)\/execute$/.exec(route);
    if (execute && execute[1] !== 'execute_multiple') {
      const run = startJob(execute[1]!, comparisons.get(execute[1]!)!);
      if (options.executeNeverAnswers) {
        onExecuted?.();
        return new Promise<Response>((_, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal!.reason)));
      }
      return json({ message: 'queued', run_id: run, celery_task_id: `celery-${run}` });
    }
    if (route === 'POST /comparisons/execute_multiple') {
      const b = body as { comparison_agent_configs: { id: number; configuration: { name: string } }[] };
      return json({ message: 'ok', mapped_run_ids: Object.fromEntries(b.comparison_agent_configs.map((c) => [String(c.id), startJob('cccccccc-0000-4000-8000-9999', c.configuration.name)])) });
    }
    if (route === 'POST /jobs/comparison/details') {
      if (options.forgetsJobs) return json({ data: [], meta: { not_found: body } });
      return json(
        (body as number[]).map((id) => {
          const job = jobs.get(id)!;
          const status = job.revoked ? 'REVOKED' : (options.statuses[Math.min(job.polls++, options.statuses.length - 1)] ?? 'PENDING');
          return {
            run_id: id,
            comparison_id: job.comparisonId,
            comparison_name: job.name,
            status,
            failure_reason: null,
            started_at: '2026-01-01T10:00:00',
            finished_at: status === 'SUCCESS' ? '2026-01-01T10:00:05.123456' : null,
            ...(status === 'SUCCESS' ? { result: { diff_status: options.diffStatus ?? 'MISMATCH', diff_reasons: ['1 row differs.'], time_taken: 5.1 } } : {}),
          };
        }),
      );
    }
    if (/^GET \/jobs\/comparison\/\d+\/diff-details$/.test(route)) {
      return json({ data: { primary_key_columns: ['id'], column_mapping: { id: 'id', amount: 'amount' }, mismatched_columns_mapping: { amount: { mismatch_count: 1, details: '1 value differs' } }, diff_rows: [{ id: 3, source_amount: 3.25, target_amount: 30.5 }] } });
    }
    if (route === 'GET /jobs/comparison') {
      const items = [...jobs.entries()].map(([id, job]) => ({ job_id: id, comparison_id: job.comparisonId, comparison_name: job.name, status: 'STARTED', task_id: job.task, created_at: '2026-01-01T10:00:00' }));
      return json({ data: { items, page: 1, size: 100, total: items.length, pages: 1 } }); // no meta
    }
    const terminate = /^POST \/jobs\/([^/]+)\/terminate$/.exec(route);
    if (terminate) {
      const job = [...jobs.values()].find((j) => j.task === terminate[1]);
      if (!job) return json({ detail: 'Not Found' }, 404);
      job.revoked = true;
      return json({ message: 'terminated' });
    }
    return json({ detail: 'Not Found' }, 404);
  }) as typeof fetch;
  return { fetchImpl, calls, jobs, whenExecuted: (callback: () => void) => (onExecuted = callback) };
}

const api = { url: 'https://dc.example.com/api/v1', key: 'hosted-key-123456', workspaceId: WORKSPACE, timeoutMs: 60_000 };
const tuning = (fetchImpl: typeof fetch): ApiTuning => ({ fetch: fetchImpl, pollStartMs: 1, pollCapMs: 5, backoffBaseMs: 1, backoffCapMs: 5 });

describe('runApiComparisons on the hosted service', () => {
  it('copes with its variations and builds the usual result', async () => {
    const hosted = hostedService({ statuses: ['PENDING', 'RETRY', 'RETRY', 'SUCCESS'] });
    const logger = new MemoryLogger();
    const [result] = await runApiComparisons([definition('orders', { thresholds: { maxMismatchedRows: 5 } })], { api, logger, tuning: tuning(hosted.fetchImpl) });
    expect(result).toEqual({
      name: 'orders',
      status: 'mismatch', // no stats from the hosted service: thresholds cannot apply
      notes: ['The thresholds were not applied, so the MISMATCH stands: the service sent no counters (stats).'],
      result: { diff_status: 'MISMATCH', diff_reasons: ['1 row differs.'], time_taken: 5.1 },
      diff: {
        primary_key_columns: ['id'],
        column_mapping: { id: 'id', amount: 'amount' },
        // the hosted service sends no patterns: computed from its one row (3.25 × 10 is 32.5, not 30.5)
        mismatched_columns_mapping: { amount: { mismatch_count: 1, details: '1 value differs', patterns: [{ kind: 'other', rows: 1, example: 0 }] } },
        diff_rows: [{ _diff_type: 'changed', id: 3, source_amount: 3.25, target_amount: 30.5 }],
        diff_rows_total: 1,
        truncated: false,
      },
      plan: { kind: 'service', reason: 'Run by the Data Comparison Service as job 100.', source: { rows_sent: 0, bytes_sent: 0 }, target: { rows_sent: 0, bytes_sent: 0 } },
      service: {
        comparison_id: 'cccccccc-0000-4000-8000-000000000001',
        run_id: 100,
        task_id: 'celery-100',
        url: 'https://dc.example.com/api/v1/jobs/comparison/100/diff-details',
      },
    });
    expect(logger.text('warning').split('\n')).toEqual([
      'In api mode, options beyond the API document work differently: thresholds (orders) are applied by datacompare to the counters the service returns (a MISMATCH stands when it does not return every counter they count).',
      'The service reported job status "RETRY", which datacompare does not know; it is treated as still running (known: PENDING, STARTED, SUCCESS, FAILURE, REVOKED).',
    ]);
    expect(hosted.calls.filter((c) => c === 'POST /comparisons/cccccccc-0000-4000-8000-000000000001/execute')).toHaveLength(1);
  });

  it('leaves its verdict standing when it does not say it applied accept, and marks nothing accepted', async () => {
    const hosted = hostedService({ statuses: ['SUCCESS'] });
    const [result] = await runApiComparisons([definition('orders', { accept: ['scale', 'rounding'] })], { api, logger: new MemoryLogger(), tuning: tuning(hosted.fetchImpl) });
    expect(result!.status).toBe('mismatch');
    expect(result!.notes).toContain('The service did not say it applied accept (scale, rounding): it sent no count of accepted rows, so its verdict stands and no difference is marked accepted.');
    expect(result!.diff!.mismatched_columns_mapping.amount).toEqual({ mismatch_count: 1, details: '1 value differs', patterns: [{ kind: 'other', rows: 1, example: 0 }] });
  });

  it('fails closed on a diff_status it does not know', async () => {
    const hosted = hostedService({ statuses: ['SUCCESS'], diffStatus: 'PARTIAL_MATCH' });
    const [result] = await runApiComparisons([definition('orders')], { api, logger: new MemoryLogger(), tuning: tuning(hosted.fetchImpl) });
    expect(result).toMatchObject({ status: 'error', error: { kind: 'service' } });
  });

  it('gives up on a job the service stops reporting', async () => {
    const hosted = hostedService({ statuses: ['STARTED'], forgetsJobs: true });
    const [result] = await runApiComparisons([definition('orders')], { api, logger: new MemoryLogger(), tuning: tuning(hosted.fetchImpl) });
    expect(result!.error).toEqual({
      kind: 'service',
      message: 'The service does not report job 100 any more (missing from the job details 5 times in a row).',
      hint: 'It may have been deleted on the service; run the comparison again.',
    });
  });

  it('on cancel, finds and terminates a run whose execute answer never came', async () => {
    const hosted = hostedService({ statuses: ['STARTED'], executeNeverAnswers: true });
    const controller = new AbortController();
    hosted.whenExecuted(() => setTimeout(() => controller.abort(new Error('SIGINT')), 10));
    const [result] = await runApiComparisons([definition('orders')], { api, logger: new MemoryLogger(), signal: controller.signal, tuning: tuning(hosted.fetchImpl) });
    expect(result!.error).toEqual({ kind: 'cancelled', message: 'The run was cancelled before the comparison finished; job 100 was terminated on the service.' });
    expect([...hosted.jobs.values()].map((j) => j.revoked)).toEqual([true]);
  });

  it('finds the task ids of an agent run in the job list, to terminate them on cancel', async () => {
    const hosted = hostedService({ statuses: ['STARTED'] });
    const controller = new AbortController();
    const started: number[] = [];
    const results = await runApiComparisons([definition('a'), definition('b')], {
      api: { ...api, agentRunId: '3f1e2d3c-4b5a-4968-8776-a5b4c3d2e1f0' },
      logger: new MemoryLogger(),
      signal: controller.signal,
      tuning: tuning(hosted.fetchImpl),
      onJobsStarted: (jobs) => {
        started.splice(0, started.length, ...jobs.map((j) => j.runId));
        if (jobs.length === 2) setTimeout(() => controller.abort(new Error('SIGTERM')), 20);
      },
    });
    expect(started).toEqual([100, 101]);
    expect(results.map((r) => [r.name, r.error?.kind, r.service?.task_id])).toEqual([
      ['a', 'cancelled', 'celery-100'],
      ['b', 'cancelled', 'celery-101'],
    ]);
    expect([...hosted.jobs.values()].map((j) => j.revoked)).toEqual([true, true]);
  });
});
