/**
 * `strategy:` forces how a diff runs, for the rare case the planner chooses wrong: each forced
 * strategy gives the same exact answer (and says it was forced), and a strategy that cannot be exact
 * for the comparison is a clear error naming the fix, never a silently different result.
 */
import path from 'node:path';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runComparison } from '../../../src/engine/index.js';
import type { ComparisonDefinition, DiffStrategyName } from '../../../src/engine/model.js';
import { silentLogger } from '../../../src/shared/logger.js';
import { adminRun } from '../../helpers/admin.js';
import { definition } from './engines.js';

const dir = mkdtempSync(path.join(tmpdir(), 'dc-forced-'));
const files = { a: path.join(dir, 'a.db'), b: path.join(dir, 'b.db') };

beforeAll(async () => {
  for (const [file, changed] of [[files.a, false], [files.b, true]] as const) {
    const rows = Array.from({ length: 3000 }, (_, i) => {
      const id = i + 1;
      const amount = changed && id % 500 === 0 ? `${id}.01` : `${id}.00`;
      return `(${id}, 'name ${id}', ${amount}, ${id * 0.5})`;
    }).filter((_, i) => !(changed && i === 2999));
    await adminRun({ type: 'sqlite', path: file }, [
      'CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT, amount NUMERIC(10,2), ratio REAL)',
      `INSERT INTO t VALUES ${rows.join(', ')}`,
    ]);
  }
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function comparison(strategy: DiffStrategyName | undefined, overrides: Partial<ComparisonDefinition> = {}): ComparisonDefinition {
  return definition({
    name: 'forced',
    source: { datasourceName: 'a', connection: { type: 'sqlite', path: files.a }, serviceDatasource: 'a', dataset: 't' },
    target: { datasourceName: 'b', connection: { type: 'sqlite', path: files.b }, serviceDatasource: 'b', dataset: 't' },
    columns: { source: ['name', 'amount'], target: ['name', 'amount'] },
    ...(strategy ? { strategy } : {}),
    ...overrides,
  });
}

const EXPECTED = { source_rows: 3000, target_rows: 2999, matched_rows: 2994, mismatched_rows: 5, only_in_source: 1, only_in_target: 0 };

describe('a forced diff strategy', () => {
  it.each(['stream', 'checksum'] as const)('%s: the same exact answer, and the plan says it was forced', async (strategy) => {
    const result = await runComparison(comparison(strategy), { logger: silentLogger });
    expect(result.error).toBeUndefined();
    expect(result.stats).toMatchObject(EXPECTED);
    expect(result.plan?.kind).toBe(strategy);
    expect(result.plan?.reason).toMatch(new RegExp(`^The spec sets \`strategy: ${strategy}\``));
  });

  it('auto: the planner streams a table this small, with the same answer', async () => {
    const result = await runComparison(comparison(undefined), { logger: silentLogger });
    expect(result.stats).toMatchObject(EXPECTED);
    expect(result.plan?.kind).toBe('stream');
  });

  it('join on two connections is an error that names the fix', async () => {
    const result = await runComparison(comparison('join'), { logger: silentLogger });
    expect(result.status).toBe('error');
    expect(result.error).toMatchObject({
      kind: 'configuration',
      message: 'comparison "forced" sets strategy: join, but its sides are on different connections',
      hint: expect.stringContaining('same data source'),
    });
  });

  it('join on one connection runs the join', async () => {
    const same = comparison('join', { target: { datasourceName: 'a', connection: { type: 'sqlite', path: files.a }, serviceDatasource: 'a', dataset: 't' } });
    const result = await runComparison(same, { logger: silentLogger });
    expect(result.plan?.kind).toBe('join');
    expect(result.stats).toMatchObject({ matched_rows: 3000, mismatched_rows: 0 });
  });

  it('checksum on a float column is an error: its equality is not a byte equality', async () => {
    const result = await runComparison(comparison('checksum', { columns: { source: ['ratio'], target: ['ratio'] } }), { logger: silentLogger });
    expect(result.status).toBe('error');
    expect(result.error?.message).toBe('comparison "forced" sets strategy: checksum, but column `ratio` (float) is compared after normalisation in JavaScript');
  });
});
