/**
 * Why values differ, in api mode against a real `datacompare serve`: the service's patterns (counted
 * over every differing row) arrive as local mode's, `accept` travels as an extension the service
 * applies and says it applied (stats.accepted_rows), and a service that keeps fewer rows than it
 * counted still gets the kinds of those it kept, each example pointing at a row it sent.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { diffDetailsResponseSchema } from '../../../src/api/contract.js';
import { jobResult } from '../../../src/api/results.js';
import type { ComparisonResult } from '../../../src/engine/model.js';
import { runApiComparisons, type ApiSettings } from '../../../src/runner/api-mode.js';
import { runSpec } from '../../../src/runner/run-spec.js';
import { MemoryLogger } from '../../../src/shared/logger.js';
import { parseSpec } from '../../../src/spec/load.js';
import { startService, type Service } from './service-harness.js';

const FAST = { pollStartMs: 50, pollCapMs: 250, backoffBaseMs: 20, backoffCapMs: 200 };

/**
 * 60 rows; the target planted with: amount ×100 on ids 1–10, rounded to 1 decimal on 11–14, sign
 * flipped on 15–16, one other (id 17); label with trailing whitespace on 20–29 and an upper-case
 * letter on 30–32 (case-sensitive comparisons only).
 */
function writePatternDatabases(dir: string): { source: string; target: string } {
  mkdirSync(dir, { recursive: true });
  const files = { source: path.join(dir, 'why-source.db'), target: path.join(dir, 'why-target.db') };
  for (const [file, isTarget] of [
    [files.source, false],
    [files.target, true],
  ] as const) {
    const db = new DatabaseSync(file);
    db.exec('CREATE TABLE ledger (id INTEGER PRIMARY KEY, amount NUMERIC NOT NULL, label TEXT NOT NULL)');
    const insert = db.prepare('INSERT INTO ledger (id, amount, label) VALUES (?, ?, ?)');
    for (let id = 1; id <= 60; id++) {
      let amount = `${id}.25`;
      let label = `entry ${id}`;
      if (isTarget) {
        if (id <= 10) amount = `${id * 100 + 25}`;
        else if (id <= 14) amount = `${id}.3`;
        else if (id <= 16) amount = `-${id}.25`;
        else if (id === 17) amount = '999.99';
        if (id >= 20 && id <= 29) label = `entry ${id}  `;
        if (id >= 30 && id <= 32) label = `Entry ${id}`;
      }
      insert.run(id, amount, label);
    }
    db.close();
  }
  return files;
}

let service: Service;
let files: { source: string; target: string };
let api: ApiSettings;

beforeAll(async () => {
  service = await startService();
  files = writePatternDatabases(service.dir);
  await service.addSource({ name: 'why-source', type: 'sqlite', path: files.source });
  await service.addSource({ name: 'why-target', type: 'sqlite', path: files.target });
  api = { url: `${service.url}/api/v1`, key: service.key, workspaceId: service.workspaceId, timeoutMs: 60_000 };
});
afterAll(async () => {
  await service?.close();
});

function ledgerSpec(extra: string) {
  return parseSpec(
    `version: 1
datasources:
  a: { type: sqlite, path: ${files.source}, service: why-source }
  b: { type: sqlite, path: ${files.target}, service: why-target }
comparisons:
  - name: ledger
    source: { datasource: a, dataset: ledger }
    target: { datasource: b, dataset: ledger }
    columns: [amount, label]
    primary_keys: [id]
${extra}`,
    { file: 'spec.yml', cwd: '/', env: {} },
  );
}

/** Each column's kinds with their counts, and the kept row each example points at (by key). */
function why(result: ComparisonResult) {
  const rows = result.diff?.diff_rows ?? [];
  const columns = Object.entries(result.diff?.mismatched_columns_mapping ?? {}).map(([column, m]) => [
    column,
    {
      count: m.mismatch_count,
      patterns: (m.patterns ?? []).map((p) => ({ kind: p.kind, rows: p.rows, detail: p.detail, example: p.example === undefined ? undefined : rows[p.example]?.id })),
      accepted: (m.accepted ?? []).map((p) => ({ kind: p.kind, rows: p.rows, detail: p.detail, example: p.example === undefined ? undefined : rows[p.example]?.id })),
      from: m.patterns_from,
    },
  ]);
  return { status: result.status, stats: result.stats, columns: Object.fromEntries(columns) };
}

describe('why values differ, in api mode against datacompare serve', () => {
  it('reports the kinds the service counted over every differing row, as local mode does', async () => {
    const loaded = ledgerSpec('    case_sensitive: true\n');
    const [viaApi] = await runApiComparisons(loaded.definitions, { api, logger: new MemoryLogger(), tuning: FAST });
    const local = await runSpec({ loaded, mode: 'local', logger: new MemoryLogger() });
    expect(why(viaApi!)).toEqual(why(local.comparisons[0]!));
    const amount = viaApi!.diff!.mismatched_columns_mapping.amount!;
    expect(amount.patterns!.map(({ kind, rows, detail }) => ({ kind, rows, detail }))).toEqual([
      { kind: 'scale', rows: 10, detail: '×100' },
      { kind: 'rounding', rows: 4, detail: expect.any(String) },
      { kind: 'sign', rows: 2, detail: undefined },
      { kind: 'other', rows: 1, detail: undefined },
    ]);
    expect(viaApi!.diff!.mismatched_columns_mapping.label!.patterns!.map(({ kind, rows }) => [kind, rows])).toEqual([
      ['whitespace', 10],
      ['case', 3],
    ]);
    expect(amount.patterns_from).toBeUndefined();
  });

  it('sends accept, which the service applies and counts: accepted kinds pass and are still reported', async () => {
    const loaded = ledgerSpec('    case_sensitive: true\n    accept: [whitespace, case, scale]\n');
    const logger = new MemoryLogger();
    const [viaApi] = await runApiComparisons(loaded.definitions, { api, logger, tuning: FAST });
    const local = await runSpec({ loaded, mode: 'local', logger: new MemoryLogger() });
    expect(why(viaApi!)).toEqual(why(local.comparisons[0]!));
    // 13 label rows and 10 amount rows accepted; rounding, sign and other still differ (7 rows)
    expect(viaApi!.stats).toMatchObject({ mismatched_rows: 7, accepted_rows: 23 });
    expect(viaApi!.diff!.mismatched_columns_mapping.label).toMatchObject({ mismatch_count: 0, patterns: [], accepted: [{ kind: 'whitespace', rows: 10 }, { kind: 'case', rows: 3 }] });
    expect(viaApi!.diff!.mismatched_columns_mapping.amount!.accepted!.map(({ kind, rows }) => [kind, rows])).toEqual([['scale', 10]]);
    expect(viaApi!.notes?.some((note) => note.includes('did not say it applied accept'))).not.toBe(true);
    expect(logger.text('warning')).toContain('accept (ledger) is sent as an extension');
  });

  it('computes the kinds of the rows kept when the service keeps fewer than it counted, and says over how many', async () => {
    const loaded = ledgerSpec('    case_sensitive: true\n    max_diff_rows: 12\n');
    const [viaApi] = await runApiComparisons(loaded.definitions, { api, logger: new MemoryLogger(), tuning: FAST });
    // our service sends its own patterns over all 17 amount rows even with 12 rows kept
    const amount = viaApi!.diff!.mismatched_columns_mapping.amount!;
    expect(amount.patterns!.reduce((sum, p) => sum + p.rows, 0)).toBe(17);
    expect(viaApi!.diff!.diff_rows.length).toBe(12);
    for (const pattern of amount.patterns!) {
      if (pattern.example !== undefined) expect(pattern.example).toBeLessThan(12);
    }
    // the same job with the service's patterns taken away: the client classifies the 12 rows it has
    const runId = viaApi!.service!.run_id!;
    const [detail] = (await service.request('POST', '/jobs/comparison/details', [runId])).body.data;
    const data = diffDetailsResponseSchema.parse((await service.request('GET', `/jobs/comparison/${runId}/diff-details`)).body).data;
    for (const column of Object.values(data.mismatched_columns_mapping)) delete column.patterns;
    const bare = jobResult(loaded.definitions[0]!, detail, data, {});
    const computed = bare.diff!.mismatched_columns_mapping.amount!;
    const kept = data.diff_rows.filter((row) => 'source_amount' in row && 'target_amount' in row).length;
    expect(kept).toBeGreaterThan(0);
    expect(kept).toBeLessThan(17);
    expect(computed.patterns_from).toEqual({ rows: kept, of: 17 });
    expect(computed.patterns!.reduce((sum, p) => sum + p.rows, 0)).toBe(kept);
    // each kind the client found, counted as the service counted it, at most
    for (const pattern of computed.patterns!) {
      const counted = amount.patterns!.find((p) => p.kind === pattern.kind && p.detail === pattern.detail);
      expect(counted?.rows).toBeGreaterThanOrEqual(pattern.rows);
      expect(data.diff_rows[pattern.example!]).toHaveProperty('source_amount');
    }
  });
});
