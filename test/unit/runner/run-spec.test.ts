import { describe, expect, it } from 'vitest';
import type { ComparisonResult, RunComparison } from '../../../src/engine/model.js';
import { sleep } from '../../../src/shared/abort.js';
import { ConfigurationError, QueryError } from '../../../src/shared/errors.js';
import { MemoryLogger, silentLogger } from '../../../src/shared/logger.js';
import { runSpec } from '../../../src/runner/run-spec.js';
import { parseSpec } from '../../../src/spec/load.js';

const spec = parseSpec(
  [
    'version: 1',
    'datasources:',
    '  d: { type: sqlite, path: shop.db }',
    '  remote: { type: service }',
    'comparisons:',
    ...['a', 'b', 'c', 'd'].map((n) => `  - { name: ${n}, source: { datasource: d, dataset: ${n} }, target: { datasource: d, dataset: ${n}_copy } }`),
    '  - { name: slow, source: { datasource: d, dataset: s }, target: { datasource: d, dataset: t }, timeout_minutes: 0.0005 }',
    '  - { name: stored, comparison_id: 3f2b9c1e-0000-4000-8000-000000000001 }',
    '  - { name: on-service, source: { datasource: remote, dataset: x }, target: { datasource: d, dataset: y } }',
    '',
  ].join('\n'),
  { file: 'spec.yml', cwd: '/repo' },
);

function matched(name: string): ComparisonResult {
  return { name, status: 'match', result: { diff_status: 'MATCH', diff_reasons: [], time_taken: 0 } };
}

describe('runSpec in local mode', () => {
  it('runs at most two comparisons at once and returns results in spec order with their locations', async () => {
    let running = 0;
    let peak = 0;
    const engine: RunComparison = async (definition) => {
      running++;
      peak = Math.max(peak, running);
      await sleep(definition.name === 'a' ? 30 : 5);
      running--;
      return matched(definition.name);
    };
    const run = await runSpec({ loaded: spec, only: ['d', 'a', 'c', 'b'], mode: 'local', logger: silentLogger, engine });
    expect(peak).toBe(2);
    expect(run.comparisons.map((c) => [c.name, c.status, c.location?.line])).toEqual([
      ['a', 'match', 6],
      ['b', 'match', 7],
      ['c', 'match', 8],
      ['d', 'match', 9],
    ]);
    expect(run).toMatchObject({ version: 1, status: 'match', mode: 'local' });
    expect(Date.parse(run.finished_at)).toBeGreaterThanOrEqual(Date.parse(run.started_at));
  });

  it('turns a thrown error into an error result, keeps going, and reports error overall', async () => {
    const engine: RunComparison = async (definition) => {
      if (definition.name === 'b') throw new QueryError('relation "b" does not exist', { hint: 'check the dataset name' });
      if (definition.name === 'c') throw new Error('boom');
      return matched(definition.name);
    };
    const run = await runSpec({ loaded: spec, only: ['a', 'b', 'c'], mode: 'local', logger: silentLogger, engine });
    expect(run.status).toBe('error');
    expect(run.comparisons.map((c) => [c.name, c.status, c.error?.kind, c.error?.message])).toEqual([
      ['a', 'match', undefined, undefined],
      ['b', 'error', 'query', 'relation "b" does not exist'],
      ['c', 'error', 'internal', 'Unexpected error: boom'],
    ]);
    expect(run.comparisons[1]?.error?.hint).toBe('check the dataset name');
  });

  it('aborts a comparison at its own time limit and reports a timeout', async () => {
    const engine: RunComparison = async (_definition, { signal }) => {
      await sleep(5_000, signal);
      throw new Error('unreachable');
    };
    const run = await runSpec({ loaded: spec, only: ['slow'], mode: 'local', logger: silentLogger, engine });
    expect(run.comparisons[0]?.error).toMatchInlineSnapshot(`
      {
        "hint": "raise timeout_minutes, add a filter, or compare fewer columns",
        "kind": "timeout",
        "message": "stopped: the time limit timeout_minutes: 0.0005 (spec.yml:10) was reached before this comparison finished.",
      }
    `);
  });

  it('reports the rest as cancelled once the outer signal fires', async () => {
    const controller = new AbortController();
    const engine: RunComparison = async (definition, { signal }) => {
      if (definition.name === 'a') controller.abort();
      await sleep(1, signal);
      return matched(definition.name);
    };
    const run = await runSpec({ loaded: spec, only: ['a', 'b', 'c'], mode: 'local', logger: silentLogger, engine, signal: controller.signal });
    expect(run.comparisons.map((c) => c.error?.kind)).toEqual(['cancelled', 'cancelled', 'cancelled']);
  });

  it('reports a timeout, not a cancel, when the run\'s own time limit fires', async () => {
    const engine: RunComparison = async (_definition, { signal }) => {
      await sleep(5_000, signal);
      throw new Error('unreachable');
    };
    const run = await runSpec({ loaded: spec, only: ['a', 'b', 'c'], mode: 'local', logger: silentLogger, engine, signal: AbortSignal.timeout(20) });
    expect(run.comparisons.map((c) => c.error?.kind)).toEqual(['timeout', 'timeout', 'timeout']);
    expect(run.comparisons.map((c) => c.error?.message)).toEqual([
      'The run reached its time limit before this comparison finished.',
      'The run reached its time limit before this comparison finished.',
      'The run reached its time limit before this comparison started.',
    ]);
  });

  it('refuses api-only comparisons locally without calling the engine', async () => {
    const called: string[] = [];
    const engine: RunComparison = async (definition) => {
      called.push(definition.name);
      return matched(definition.name);
    };
    const logger = new MemoryLogger();
    const run = await runSpec({ loaded: spec, only: ['stored', 'on-service'], mode: 'local', logger, engine });
    expect(called).toEqual([]);
    expect(run.comparisons.map((c) => c.error?.message)).toMatchInlineSnapshot(`
      [
        "comparison "stored" only names a comparison_id stored on the service, so it runs in api mode only",
        "datasource "remote" is of type service, so comparison "on-service" runs in api mode only",
      ]
    `);
  });

  it('names an unknown comparison and suggests the closest', async () => {
    const error = await runSpec({ loaded: spec, only: ['sloww'], mode: 'local', logger: silentLogger }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConfigurationError);
    expect([(error as ConfigurationError).message, (error as ConfigurationError).hint]).toMatchInlineSnapshot(`
      [
        "unknown comparison "sloww"",
        "did you mean \`slow\`?",
      ]
    `);
  });
});
