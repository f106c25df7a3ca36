/**
 * The same-file SQLite join diff and SQLite's own query plan: the generated SQL must find each row of
 * one side through the other side's key index (EXPLAIN QUERY PLAN: `SEARCH … USING … PRIMARY KEY` or
 * an index), never scan the other side once per row (`SCAN … LEFT-JOIN`, or a `RIGHT-JOIN` pass:
 * what FULL OUTER JOIN over subqueries did, 37 s for 20,000 rows). Key shapes without a usable
 * index (a primary key holding NULL, a query) are grouped instead: still no per-row scan.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDialect } from '../../../src/dialects/registry.js';
import type { DatabaseConnection } from '../../../src/dialects/types.js';
import { buildJoinDiffSql, canUseKeyIndexes } from '../../../src/engine/join-diff-sql.js';
import { runComparison } from '../../../src/engine/index.js';
import { resolveColumns } from '../../../src/engine/resolve.js';
import { describeSide } from '../../../src/engine/sides.js';
import { silentLogger } from '../../../src/shared/logger.js';
import type { ConnectionConfig, SideDefinition } from '../../../src/engine/model.js';
import { definition } from './engines.js';

let dir: string;
let file: string;
let connection: DatabaseConnection;
const config = (): ConnectionConfig => ({ type: 'sqlite', path: file });
const table = (name: string): SideDefinition => ({ datasourceName: 'f', serviceDatasource: 'f', connection: config(), dataset: name });

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'dc-sqlite-join-plan-'));
  file = path.join(dir, 'plan.db');
  const db = new DatabaseSync(file);
  const rows = (n: number, changed: (i: number) => boolean) =>
    Array.from({ length: n }, (_, k) => `(${k + 1}, 'n${k + 1}', ${changed(k + 1) ? 2 : 1}.5, ${k % 7})`).join(', ');
  const shapes: Record<string, string> = {
    rowid: 'id INTEGER PRIMARY KEY',
    int_pk: 'id INT PRIMARY KEY',
    not_null: 'id BIGINT NOT NULL PRIMARY KEY',
    nullable: 'id INT PRIMARY KEY',
  };
  for (const [shape, key] of Object.entries(shapes)) {
    for (const side of ['a', 'b']) {
      db.exec(`CREATE TABLE ${shape}_${side} (${key}, name TEXT, amount REAL, qty INTEGER)`);
      db.exec(`INSERT INTO ${shape}_${side} VALUES ${rows(300, (i) => side === 'b' && i % 100 === 0)}`);
    }
  }
  db.exec(`INSERT INTO nullable_a VALUES (NULL, 'no key', 1.5, 1)`);
  db.exec(`CREATE TABLE text_a (code TEXT PRIMARY KEY, qty INTEGER) WITHOUT ROWID`);
  db.exec(`CREATE TABLE text_b (code TEXT PRIMARY KEY, qty INTEGER) WITHOUT ROWID`);
  db.exec(`INSERT INTO text_a VALUES ('a', 1), ('b', 2), ('c', 3)`);
  db.exec(`INSERT INTO text_b VALUES ('a', 1), ('b', 20), ('d', 4)`);
  db.close();
  connection = (await loadDialect('sqlite')).connect(config(), { logger: silentLogger, datasourceName: 'f' });
});

afterAll(async () => {
  await connection?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function generated(source: SideDefinition, target: SideDefinition, keys: string[]) {
  const d = definition({ source, target, primaryKeys: { source: keys, target: keys } });
  const s = await describeSide('source', source, connection, undefined);
  const t = await describeSide('target', target, connection, undefined);
  const resolved = resolveColumns(d, s, t);
  const sql = buildJoinDiffSql(s, t, resolved, 10);
  return { fast: canUseKeyIndexes(s, t, resolved), sql: sql.passes === 'one' ? [sql.query] : [sql.stats, sql.samples] };
}

/** SQLite's plan of a query, one line per step (`detail`). */
async function planOf(sql: string): Promise<string[]> {
  const rows = await connection.query(`EXPLAIN QUERY PLAN ${sql}`);
  return rows.map((row) => String(row.detail));
}

// `SCAN dc_r LEFT-JOIN`: the one row of counts joined to the differing rows (ranked), not a table.
const perRowScan = (line: string) => (/^SCAN .*LEFT-JOIN/.test(line) && line !== 'SCAN dc_r LEFT-JOIN') || /RIGHT-JOIN/.test(line);

describe('the SQLite join diff uses the key index', () => {
  it.each([
    ['rowid', 'INTEGER PRIMARY KEY (the rowid)'],
    ['int_pk', 'INT PRIMARY KEY holding no NULL'],
    ['not_null', 'a NOT NULL primary key'],
  ])('%s: %s → one pass, each row looked up through the key', async (shape) => {
    const { fast, sql } = await generated(table(`${shape}_a`), table(`${shape}_b`), ['id']);
    expect(fast).toBe(true);
    expect(sql).toHaveLength(1);
    const plan = await planOf(sql[0] ?? '');
    expect(plan.filter(perRowScan)).toEqual([]);
    // Both halves of the outer join (LEFT JOIN, then the anti-join) search the other table by key.
    expect(plan.filter((line) => /^SEARCH .* USING (INTEGER PRIMARY KEY|INDEX|PRIMARY KEY|COVERING INDEX)/.test(line) && line.endsWith('LEFT-JOIN'))).toHaveLength(2);
  });

  it('a WITHOUT ROWID text key: looked up through the primary key, matched exactly', async () => {
    const { fast, sql } = await generated(table('text_a'), table('text_b'), ['code']);
    expect(fast).toBe(true);
    const plan = await planOf(sql[0] ?? '');
    expect(plan.filter(perRowScan)).toEqual([]);
    const result = await runComparison(definition({ source: table('text_a'), target: table('text_b') }), { logger: silentLogger });
    expect(result.stats).toMatchObject({ matched_rows: 1, mismatched_rows: 1, only_in_source: 1, only_in_target: 1 });
  });

  it('a primary key holding NULL, or a query: the planner streams (grouping is slower) and says why; a forced join groups in one sort, no per-row scan, NULL keys counted', async () => {
    for (const [source, target] of [
      [table('nullable_a'), table('nullable_b')],
      [{ datasourceName: 'f', serviceDatasource: 'f', connection: config(), query: 'SELECT * FROM rowid_a' }, table('rowid_b')],
    ] as const) {
      const { fast, sql } = await generated(source, target, ['id']);
      expect(fast).toBe(false);
      for (const query of sql) {
        const plan = await planOf(query);
        expect(plan.filter(perRowScan)).toEqual([]);
        expect(plan.some((line) => line.includes('LEFT-JOIN'))).toBe(false);
      }
    }
    const stats = { source_rows: 301, target_rows: 300, null_keys_source: 1, mismatched_rows: 3, matched_rows: 297 };
    const planned = await runComparison(definition({ source: table('nullable_a'), target: table('nullable_b') }), { logger: silentLogger });
    expect(planned.plan?.kind).toBe('stream');
    expect(planned.plan?.reason).toMatch(/^Both sides are in one SQLite file, but the source table's key may hold NULL .*: SQLite could only join them by sorting both sides together, slower than streaming/);
    expect(planned.stats).toMatchObject(stats);
    const query = { datasourceName: 'f', serviceDatasource: 'f', connection: config(), query: 'SELECT * FROM rowid_a' };
    const fromQuery = await runComparison(definition({ source: query, target: table('rowid_b') }), { logger: silentLogger });
    expect(fromQuery.plan?.kind).toBe('stream');
    expect(fromQuery.plan?.reason).toContain('but the source is a query, which has no key index to join through');
    const forced = await runComparison(definition({ source: table('nullable_a'), target: table('nullable_b'), strategy: 'join' }), { logger: silentLogger });
    expect(forced.plan?.kind).toBe('join');
    expect(forced.stats).toMatchObject(stats);
  });

  it('finds the same differences through every key shape', async () => {
    for (const shape of ['rowid', 'int_pk', 'not_null']) {
      const result = await runComparison(definition({ source: table(`${shape}_a`), target: table(`${shape}_b`) }), { logger: silentLogger });
      expect(result.error).toBeUndefined();
      expect(result.plan?.kind).toBe('join');
      expect(result.stats).toMatchObject({ source_rows: 300, target_rows: 300, matched_rows: 297, mismatched_rows: 3, only_in_source: 0, only_in_target: 0 });
      expect(result.diff?.diff_rows.map((row) => row.id)).toEqual([100, 200, 300]);
    }
  });
});
