/**
 * The checksum diff's passes around its scan. The probe: a few key ranges spread over the table are
 * checksummed first, and when most differ both sides are streamed instead (no wasted scan). The
 * refining pass: when the differing key ranges hold many rows, those ranges are checksummed again 16
 * times narrower before any row is fetched. Either way the answer (stats, samples, reasons) is exactly
 * the streaming merge's, on every pair of engines.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PostgresConnection } from '../../../src/dialects/postgres/connection.js';
import { compare } from '../../../src/engine/index.js';
import { sameConnection, streamStrategy } from '../../../src/engine/plan.js';
import { checksumStrategy } from '../../../src/engine/checksum/strategy.js';
import { probeBuckets } from '../../../src/engine/checksum/probe.js';
import type { ComparisonDefinition } from '../../../src/engine/model.js';
import { silentLogger } from '../../../src/shared/logger.js';
import { databaseAvailable } from '../../helpers/databases.js';
import { definition, side, testEngine, type EngineName, type TestEngine } from './engines.js';

const available: Record<EngineName, boolean> = { sqlite: true, postgres: await databaseAvailable('postgres'), mysql: await databaseAvailable('mysql') };
const pairs = ([['postgres', 'mysql'], ['mysql', 'postgres'], ['sqlite', 'postgres']] as const).filter(([a, b]) => available[a] && available[b]);
const engines = new Map<EngineName, TestEngine>();
const ROWS = 20_000;

/** 256 rows a range (width 256, a multiple of 16), refining as soon as any row differs, whatever the link. */
const refining = checksumStrategy(sameConnection, { smallTableRows: 0, mostRowsDiffer: 1, rowsPerBucket: 256, minRowsToSplitHashScan: 0, refineAboveRows: 0, refineOnRoundTripMs: 0 });
const coarseOnly = checksumStrategy(sameConnection, { smallTableRows: 0, mostRowsDiffer: 1, rowsPerBucket: 256, minRowsToSplitHashScan: 0 });
/** As the planner runs it (streaming when most rows differ), with ranges of 64: over 128 ranges, so the probe runs. */
const probing = checksumStrategy(sameConnection, { smallTableRows: 0, mostRowsDiffer: 0.5, rowsPerBucket: 64, minRowsToSplitHashScan: 0 });

beforeAll(async () => {
  for (const name of ['sqlite', 'postgres', 'mysql'] as const) {
    const engine = await testEngine(name, 'refine');
    engines.set(name, engine);
    if (!engine.available) continue;
    await engine.exec(`CREATE TABLE ${engine.table('base')} (id INTEGER PRIMARY KEY, label VARCHAR(40), amount DECIMAL(12,2))`);
    await engine.exec(`CREATE TABLE ${engine.table('changed')} (id INTEGER PRIMARY KEY, label VARCHAR(40), amount DECIMAL(12,2))`);
    for (let start = 1; start <= ROWS; start += 2000) {
      const ids = Array.from({ length: 2000 }, (_, i) => start + i);
      await engine.exec(`INSERT INTO ${engine.table('base')} VALUES ${ids.map((id) => `(${id}, 'label ${id}', ${id}.25)`).join(', ')}`);
      // every 997th row changed (20), every 1,999th missing (10; none is both), one extra row past the end:
      // a change in about one range of 256 in three
      const kept = ids.filter((id) => id % 1999 !== 0);
      await engine.exec(`INSERT INTO ${engine.table('changed')} VALUES ${kept.map((id) => `(${id}, 'label ${id}', ${id % 997 === 0 ? `${id}.26` : `${id}.25`})`).join(', ')}`);
    }
    await engine.exec(`INSERT INTO ${engine.table('changed')} VALUES (${ROWS + 5}, 'extra', 1.00)`);
    // every 400th row changed: a change in about one range of 64 in six
    await engine.exec(`CREATE TABLE ${engine.table('sparse')} AS SELECT id, label, CASE WHEN id % 400 = 0 THEN amount + 1 ELSE amount END AS amount FROM ${engine.table('base')}`);
    // text keys, and (PostgreSQL) a view over them: a view refuses TABLESAMPLE
    await engine.exec(`CREATE TABLE ${engine.table('keyed')} (code VARCHAR(40) PRIMARY KEY, amount DECIMAL(12,2))`);
    for (let start = 1; start <= 4000; start += 2000) {
      const ids = Array.from({ length: 2000 }, (_, i) => start + i);
      await engine.exec(`INSERT INTO ${engine.table('keyed')} VALUES ${ids.map((id) => `('${['Key-', 'key_', 'KEY.'][id % 3]}${id}', ${name === 'mysql' && id % 500 === 0 ? id + 1 : id}.50)`).join(', ')}`);
    }
    if (name === 'postgres') await engine.exec(`CREATE VIEW ${engine.table('keyed_view')} AS SELECT * FROM ${engine.table('keyed')}`);
    // every 50th row changed: a change in every range of 256
    await engine.exec(`CREATE TABLE ${engine.table('dense')} AS SELECT id, label, CASE WHEN id % 50 = 0 THEN amount + 1 ELSE amount END AS amount FROM ${engine.table('base')}`);
    // four rows changed, at the starts of probed ranges 5, 20, 55 and 70 (of 78) when 20,000 keys are
    // probed in ranges of 2
    const probedKeys = [5, 20, 55, 70].map((i) => probeBuckets(1n, 2n, ROWS / 2)[i]!);
    await engine.exec(`CREATE TABLE ${engine.table('probed')} AS SELECT id, label, CASE WHEN id IN (${probedKeys.join(', ')}) THEN amount + 1 ELSE amount END AS amount FROM ${engine.table('base')}`);
    // every other row changed: a change in every range of 2
    await engine.exec(`CREATE TABLE ${engine.table('halved')} AS SELECT id, label, CASE WHEN id % 2 = 0 THEN amount + 1 ELSE amount END AS amount FROM ${engine.table('base')}`);
  }
});
afterAll(async () => {
  for (const engine of engines.values()) await engine.close();
});

function comparison(s: TestEngine, t: TestEngine, changed = 'changed'): ComparisonDefinition {
  return definition({ name: 'refine', source: side(s, 'base'), target: side(t, changed), caseSensitive: true, maxDiffRows: 1000 });
}

describe('the refining pass of the checksum diff', () => {
  it.each(pairs)('%s → %s: exactly the streaming merge\'s answer, with a fraction of the rows fetched', async (s, t) => {
    const def = comparison(engines.get(s)!, engines.get(t)!);
    const streamed = await compare(def, { logger: silentLogger }, [streamStrategy]);
    const refined = await compare(def, { logger: silentLogger }, [refining]);
    const coarse = await compare(def, { logger: silentLogger }, [coarseOnly]);
    expect(streamed.stats).toMatchObject({ mismatched_rows: Math.floor(ROWS / 997), only_in_source: Math.floor(ROWS / 1999), only_in_target: 1 });
    for (const result of [refined, coarse]) {
      expect(result.error).toBeUndefined();
      expect(result.stats).toEqual(streamed.stats);
      expect(result.diff).toEqual(streamed.diff);
      expect(result.result?.diff_reasons).toEqual(streamed.result?.diff_reasons);
    }
    expect(refined.plan?.reason).toMatch(/the link answers in \d+ ms, so the [\d,]+ rows of its [\d,]+ differing ranges were checksummed again in ranges of 16/);
    expect(refined.plan?.phases_ms).toHaveProperty('refine_scan');
    const fetched = (r: typeof refined) => r.plan!.source.rows_sent + r.plan!.target.rows_sent;
    expect(fetched(refined)).toBeLessThan(fetched(coarse) / 3);
  });
});

describe('the probe before the checksum scan', () => {
  it.each(pairs)('%s → %s: changes in every range are streamed without a checksum scan, with the same answer', async (s, t) => {
    const def = { ...comparison(engines.get(s)!, engines.get(t)!, 'dense'), primaryKeys: { source: ['id'], target: ['id'] } };
    const streamed = await compare(def, { logger: silentLogger }, [streamStrategy]);
    const probed = await compare(def, { logger: silentLogger }, [probing]);
    expect(streamed.error).toBeUndefined();
    expect(streamed.stats).toMatchObject({ mismatched_rows: ROWS / 50, only_in_source: 0, only_in_target: 0 });
    expect(probed.error).toBeUndefined();
    expect(probed.stats).toEqual(streamed.stats);
    expect(probed.diff).toEqual(streamed.diff);
    expect(probed.plan).toMatchObject({ kind: 'stream', reason: expect.stringMatching(/^The checksums of 32 key ranges spread over the table differ in 32,/) });
    expect(probed.plan?.phases_ms).toHaveProperty('probe');
    expect(probed.plan?.phases_ms).not.toHaveProperty('checksum_scan');
  });

  it.each(pairs)('%s → %s: a table of many ranges is probed in one range of 128, every one of them seen', async (s, t) => {
    const def = { ...comparison(engines.get(s)!, engines.get(t)!, 'halved'), primaryKeys: { source: ['id'], target: ['id'] } };
    const narrow = checksumStrategy(sameConnection, { smallTableRows: 0, mostRowsDiffer: 0.5, rowsPerBucket: 2, minRowsToSplitHashScan: 0 });
    const streamed = await compare(def, { logger: silentLogger }, [streamStrategy]);
    const probed = await compare(def, { logger: silentLogger }, [narrow]);
    expect(streamed.stats).toMatchObject({ mismatched_rows: ROWS / 2 });
    // 20,000 keys in 10,000 ranges of 2: 78 probed, all differing.
    expect(probed.plan).toMatchObject({ kind: 'stream', reason: expect.stringMatching(/^The checksums of 78 key ranges spread over the table differ in 78,/) });
    expect(probed.stats).toEqual(streamed.stats);
    expect(probed.diff).toEqual(streamed.diff);
  });

  it.each(pairs)('%s → %s: a probe of many ranges counts each differing one, and their share sizes the ranges', async (s, t) => {
    const def = { ...comparison(engines.get(s)!, engines.get(t)!, 'probed'), primaryKeys: { source: ['id'], target: ['id'] } };
    const narrow = checksumStrategy(sameConnection, { smallTableRows: 0, mostRowsDiffer: 0.5, rowsPerBucket: 2, minRowsToSplitHashScan: 0 });
    const streamed = await compare(def, { logger: silentLogger }, [streamStrategy]);
    const probed = await compare(def, { logger: silentLogger }, [narrow]);
    expect(streamed.stats).toMatchObject({ mismatched_rows: 4, only_in_source: 0, only_in_target: 0 });
    // 4 of 78 (5.1 %, over the 5 % aimed at): ranges of 2 · ln(0.95) / ln(1 − 4/78) = 1.9 keys, floored to 1.
    expect(probed.plan?.reason).toContain('a probe of 78 ranges of 2 found 4 differing, so the ranges were narrowed to 1');
    expect(probed.stats).toEqual(streamed.stats);
    expect(probed.diff).toEqual(streamed.diff);
  });

  it.each(pairs)('%s → %s: clustered changes pass the probe and are checksummed', async (s, t) => {
    const def = comparison(engines.get(s)!, engines.get(t)!);
    const probed = await compare(def, { logger: silentLogger }, [probing]);
    expect(probed.plan?.kind).toBe('checksum');
    expect(probed.plan?.phases_ms).toHaveProperty('probe');
    expect(probed.stats).toMatchObject({ mismatched_rows: Math.floor(ROWS / 997), only_in_source: Math.floor(ROWS / 1999), only_in_target: 1 });
  });

  it.each(pairs)('%s → %s: changes thinly spread narrow the ranges, with the same answer and fewer rows fetched', async (s, t) => {
    const def = { ...comparison(engines.get(s)!, engines.get(t)!, 'sparse'), primaryKeys: { source: ['id'], target: ['id'] } };
    const streamed = await compare(def, { logger: silentLogger }, [streamStrategy]);
    const probed = await compare(def, { logger: silentLogger }, [probing]);
    expect(streamed.stats).toMatchObject({ mismatched_rows: ROWS / 400, only_in_source: 0, only_in_target: 0 });
    expect(probed.error).toBeUndefined();
    expect(probed.stats).toEqual(streamed.stats);
    expect(probed.diff).toEqual(streamed.diff);
    expect(probed.plan?.kind).toBe('checksum');
    const narrowed = /a probe of 32 ranges of 64 found (\d+) differing, so the ranges were narrowed to (\d+)\)/.exec(probed.plan?.reason ?? '');
    expect(narrowed, probed.plan?.reason).not.toBeNull();
    expect(Number(narrowed![2])).toBeLessThan(64);
    // every changed row is fetched with at most one narrowed range of neighbours, per side
    expect(probed.plan!.source.rows_sent + probed.plan!.target.rows_sent).toBeLessThan(2 * (ROWS / Number(narrowed![2]) + (ROWS / 400) * Number(narrowed![2])) + 200);
  });
});

describe('text keys sampled by pages or row by row', () => {
  const tuning = { smallTableRows: 0, mostRowsDiffer: 0.5, rowsPerBucket: 64, minRowsToSplitHashScan: 0 };
  const strategies = { pages: checksumStrategy(sameConnection, { ...tuning, pageSampleRows: 0 }), rows: checksumStrategy(sameConnection, tuning) };
  const clauses = { pages: 'TABLESAMPLE SYSTEM', rows: 'TABLESAMPLE BERNOULLI' };
  it.skipIf(!available.postgres || !available.mysql).each([
    ['pages', 'keyed'],
    ['pages', 'keyed_view'],
    ['rows', 'keyed'],
    ['rows', 'keyed_view'],
  ] as const)('by %s, PostgreSQL %s → MariaDB: the same answer as the streaming merge (a view, which takes no sampling clause, by a condition)', async (sampling, dataset) => {
    const def = definition({
      name: 'sampled',
      source: side(engines.get('postgres')!, dataset),
      target: side(engines.get('mysql')!, 'keyed'),
      primaryKeys: { source: ['code'], target: ['code'] },
      caseSensitive: true,
      maxDiffRows: 100,
    });
    const streamed = await compare(def, { logger: silentLogger }, [streamStrategy]);
    const sent = vi.spyOn(PostgresConnection.prototype, 'query');
    try {
      const sampled = await compare(def, { logger: silentLogger }, [strategies[sampling]]);
      expect(streamed.stats).toMatchObject({ mismatched_rows: 8, only_in_source: 0, only_in_target: 0 });
      expect(sampled.error).toBeUndefined();
      expect(sampled.stats).toEqual(streamed.stats);
      expect(sampled.diff).toEqual(streamed.diff);
      const samples = sent.mock.calls.map(([sql]) => sql).filter((sql) => sql.includes('AS "key_text"'));
      expect(samples).toHaveLength(1);
      if (dataset === 'keyed') expect(samples[0]).toContain(clauses[sampling]);
      else expect(samples[0]).toMatch(/^(?!.*TABLESAMPLE).* AND \(hashtextextended\(.*, 20261123\) & 4294967295\) < \d+ /);
    } finally {
      sent.mockRestore();
    }
  });
});
