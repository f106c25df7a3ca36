/**
 * A link table (Chinook's PlaylistTrack: two key columns, nothing else) compared by its keys only:
 * `columns: []` is the same comparison as omitting the lists, on every engine and across engines,
 * with the rows only in one side and the repeated keys counted by hand.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runComparison } from '../../../src/engine/index.js';
import type { ComparisonDefinition } from '../../../src/engine/model.js';
import { silentLogger } from '../../../src/shared/logger.js';
import { definition } from './adversarial-engines.js';
import { side, testEngine, type EngineName, type TestEngine } from './engines.js';

const NAMES: EngineName[] = ['postgres', 'mysql', 'sqlite'];
const engines = new Map<EngineName, TestEngine>();

beforeAll(async () => {
  for (const name of NAMES) {
    const engine = await testEngine(name, 'keys_only');
    engines.set(name, engine);
    if (!engine.available) continue;
    // No declared key, so the repeated pair (2, 3) can exist.
    await engine.exec(
      `CREATE TABLE ${engine.table('playlist_track_a')} (playlist_id INTEGER NOT NULL, track_id INTEGER NOT NULL)`,
      `INSERT INTO ${engine.table('playlist_track_a')} VALUES (1, 1), (1, 2), (2, 3), (2, 3)`,
      `CREATE TABLE ${engine.table('playlist_track_b')} (playlist_id INTEGER NOT NULL, track_id INTEGER NOT NULL)`,
      `INSERT INTO ${engine.table('playlist_track_b')} VALUES (1, 1), (2, 3), (3, 4)`,
    );
  }
});
afterAll(async () => {
  for (const engine of engines.values()) await engine.close();
});

function comparison(source: TestEngine, target: TestEngine, columns: ComparisonDefinition['columns']): ComparisonDefinition {
  return definition(side(source, 'playlist_track_a'), side(target, 'playlist_track_b'), {
    name: 'playlist_track',
    columns,
    primaryKeys: { source: ['playlist_id', 'track_id'], target: ['playlist_id', 'track_id'] },
  });
}

const pairs = NAMES.flatMap((s) => NAMES.map((t) => [s, t] as const));

describe('keys-only comparisons (columns: [])', () => {
  it.each(pairs)('%s → %s: rows only in one side and repeated keys, as with the lists omitted', async (s, t) => {
    const source = engines.get(s) as TestEngine;
    const target = engines.get(t) as TestEngine;
    if (!source.available || !target.available) return;
    const keysOnly = await runComparison(comparison(source, target, { source: [], target: [] }), { logger: silentLogger });
    const omitted = await runComparison(comparison(source, target, null), { logger: silentLogger });
    expect(keysOnly.error).toBeUndefined();
    expect(keysOnly.stats).toMatchObject({
      source_rows: 4,
      target_rows: 3,
      only_in_source: 1, // (1, 2)
      only_in_target: 1, // (3, 4)
      duplicate_keys_source: 1, // (2, 3) twice
      duplicate_keys_target: 0,
      mismatched_rows: 0, // nothing but keys to differ
    });
    expect(keysOnly.stats).toEqual(omitted.stats);
    expect(keysOnly.status).toBe('mismatch');
  });
});
