/**
 * The chunk pass's sizing and SQL: chunks nest the planned ranges, stay within an engine's text cap,
 * and each chunk is one aggregate over its key range read in key order.
 */
import { describe, expect, it } from 'vitest';
import { postgresCompiler } from '../../../src/dialects/postgres/compiler.js';
import { mysqlCompiler } from '../../../src/dialects/mysql/compiler.js';
import { sqliteCompiler } from '../../../src/dialects/sqlite/compiler.js';
import type { ColumnType, SqlCompiler } from '../../../src/dialects/types.js';
import { chunkPlan, chunkScanSql, chunkWidth } from '../../../src/engine/checksum/chunks.js';
import type { ChecksumRelation } from '../../../src/engine/checksum/sql.js';

const id: ColumnType = { name: 'id', type: 'bigint', family: 'integer' };
const name: ColumnType = { name: 'name', type: 'varchar(20)', family: 'text' };

function relation(compiler: SqlCompiler, width = 256n, filter?: string): ChecksumRelation {
  const col = (column: ColumnType) => ({ expr: compiler.quoteIdentifier(column.name), column, options: { caseSensitive: true }, fixed: column.family === 'integer' });
  const relation: ChecksumRelation = { compiler, from: compiler.quoteTable('t'), keys: [col(id)], values: [col(name)], bucketing: { kind: 'range', lo: 1n, width }, orderedRows: true };
  if (filter) relation.filter = filter;
  return relation;
}

describe('chunk width', () => {
  const pair = (compiler: SqlCompiler) => [relation(compiler), relation(postgresCompiler)];

  it('holds up to 128 ranges, fewer when the engine cap allows fewer keys or the table would have under 64 chunks', () => {
    expect(chunkWidth(pair(mysqlCompiler), { lo: 1n, hi: 10_000_000n }, undefined)).toBe(128n * 256n);
    expect(chunkWidth(pair(mysqlCompiler), { lo: 1n, hi: 10_000_000n }, 26_400n)).toBe(103n * 256n);
    expect(chunkWidth(pair(mysqlCompiler), { lo: 1n, hi: 1_000_000n }, undefined)).toBe(61n * 256n);
  });

  it('is undefined under 8 ranges a chunk, without the ordered row hash, or on an engine without the aggregate', () => {
    expect(chunkWidth(pair(mysqlCompiler), { lo: 1n, hi: 100_000n }, undefined)).toBeUndefined();
    expect(chunkWidth(pair(mysqlCompiler), { lo: 1n, hi: 10_000_000n }, 7n * 256n)).toBeUndefined();
    expect(chunkWidth([{ ...relation(mysqlCompiler), orderedRows: false }, relation(postgresCompiler)], { lo: 1n, hi: 10_000_000n }, undefined)).toBeUndefined();
    expect(chunkWidth([relation(sqliteCompiler), relation(postgresCompiler)], { lo: 1n, hi: 10_000_000n }, undefined)).toBeUndefined();
  });
});

describe('chunk plan', () => {
  const pair = [relation(mysqlCompiler), relation(postgresCompiler)];
  const span = { lo: 1n, hi: 10_000_000n };

  it('skips the chunk pass when the probe saw changes in at least 4 separate places, spread so that most chunks would differ', () => {
    const plan = chunkPlan(pair, span, undefined, { result: { probed: 305, differing: 9, clusters: 9, scattered: 9 }, width: 256n });
    expect(plan.width).toBeUndefined();
    expect(plan.skipped).toMatch(/by the probe, chunks of 32,768 keys would differ \d+ % of the time/);
  });

  it('keeps it for one block of changes covering many neighbouring probed ranges, or for three clusters', () => {
    expect(chunkPlan(pair, span, undefined, { result: { probed: 305, differing: 12, clusters: 1, scattered: 1 }, width: 256n })).toEqual({ width: 128n * 256n, skipped: '' });
    // Three places, one of them a block of ten: fewer than 4 places, whatever the ranges they cover.
    expect(chunkPlan(pair, span, undefined, { result: { probed: 305, differing: 12, clusters: 3, scattered: 3 }, width: 256n })).toEqual({ width: 128n * 256n, skipped: '' });
    expect(chunkPlan(pair, span, undefined, { result: { probed: 305, differing: 3, clusters: 3, scattered: 3 }, width: 256n })).toEqual({ width: 128n * 256n, skipped: '' });
  });
});

describe('chunk scan SQL', () => {
  it('PostgreSQL: one aggregate a chunk over a subquery ordered by key, the filter kept, ordered by chunk', () => {
    expect(chunkScanSql(relation(postgresCompiler, 256n, 'x > 1'), [1n, 513n], 512n)).toMatchInlineSnapshot(`"SELECT ("bucket_id")::text AS "bucket", "row_count", "checksum" FROM (SELECT 1 AS "bucket_id", count(*) AS "row_count", md5(string_agg("row_text", ';')) AS "checksum" FROM (SELECT (COALESCE(("id")::text, '-') || '|' || COALESCE(((octet_length(("name")::text))::text || ':' || ("name")::text), '-')) AS "row_text" FROM "t" WHERE (x > 1) AND "id" BETWEEN 1 AND 512 ORDER BY "id") AS "dc_rows" UNION ALL SELECT 513 AS "bucket_id", count(*) AS "row_count", md5(string_agg("row_text", ';')) AS "checksum" FROM (SELECT (COALESCE(("id")::text, '-') || '|' || COALESCE(((octet_length(("name")::text))::text || ':' || ("name")::text), '-')) AS "row_text" FROM "t" WHERE (x > 1) AND "id" BETWEEN 513 AND 1024 ORDER BY "id") AS "dc_rows") AS "dc_chunks" ORDER BY "bucket_id""`);
  });

  it('MariaDB: GROUP_CONCAT in the order a primary-key range is read', () => {
    const sql = chunkScanSql(relation(mysqlCompiler), [1n], 512n);
    expect(sql).toContain("MD5(GROUP_CONCAT(`row_text` SEPARATOR ';'))");
    expect(sql).toContain('WHERE `id` BETWEEN 1 AND 512 ORDER BY `id`');
  });
});
