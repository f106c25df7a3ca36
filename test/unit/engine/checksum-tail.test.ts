/**
 * Key-tail buckets (tail.ts): the bucket is the integer of one key column's text's last 7 characters'
 * first 7 UTF-8 bytes, the same in JavaScript as in each engine's SQL (the integration tests run the
 * SQL), and they are used only when a sample shows that column's tails telling the keys apart.
 */
import { describe, expect, it } from 'vitest';
import { mysqlCompiler } from '../../../src/dialects/mysql/compiler.js';
import { postgresCompiler } from '../../../src/dialects/postgres/compiler.js';
import type { ColumnType } from '../../../src/dialects/types.js';
import { rowsPerBucketFor } from '../../../src/engine/checksum/buckets.js';
import { bucketConditions } from '../../../src/engine/checksum/fetch-conditions.js';
import { bucketScanSql, type ChecksumRelation } from '../../../src/engine/checksum/sql.js';
import { MIN_TAIL_SAMPLE, tailCode, tailCodeSql, tailColumn } from '../../../src/engine/checksum/tail.js';

describe('tail code', () => {
  it('reads the first 7 bytes of the last 7 characters, zero-padded, big-endian', () => {
    expect(tailCode('ORDER-0000001')).toBe(BigInt('0x' + Buffer.from('0000001').toString('hex')));
    expect(tailCode('ab')).toBe(BigInt('0x' + Buffer.from('ab').toString('hex') + '0000000000'));
    // Characters, not bytes: 7 characters of 2 bytes each give 14 bytes, of which the first 7 count.
    expect(tailCode('xxéééééééé')).toBe(BigInt('0x' + Buffer.from('ééé').toString('hex') + Buffer.from('é').subarray(0, 1).toString('hex')));
    // An emoji is one character (a code point) on both engines, four UTF-8 bytes.
    expect(tailCode('k😀')).toBe(BigInt('0x' + Buffer.from('k😀').toString('hex') + '0000'));
  });

  it('is SQL reading the same characters on each engine', () => {
    expect(tailCodeSql(postgresCompiler.textKeyOrder!, 'kt')).toBe(`('x' || encode(substr(convert_to(right(kt, 7), 'UTF8') || decode('00000000000000', 'hex'), 1, 7), 'hex'))::bit(56)::bigint`);
    expect(tailCodeSql(mysqlCompiler.textKeyOrder!, 'kt')).toBe(`CAST(CONV(HEX(RPAD(CAST(RIGHT(kt, 7) AS BINARY), 7, X'00')), 16, 10) AS UNSIGNED)`);
  });
});

describe('whether tails spread', () => {
  const keys = (n: number, make: (i: number) => string) => Array.from({ length: n }, (_, i) => make(i));
  // A single key column: its tails spread when tailColumn picks it.
  const tailsSpread = (sample: string[]) => tailColumn(sample.map((key) => [key])) === 0;

  it('holds for keys ending in a sequence number or a hash', () => {
    expect(tailsSpread(keys(500, (i) => `CUSTOMER-${String(i).padStart(8, '0')}`))).toBe(true);
    expect(tailsSpread(keys(500, (i) => `2:R${i % 50}|32:${(i * 2654435761).toString(16).padStart(32, '0')}`))).toBe(true);
  });

  it('fails for keys ending alike (one domain) or too few sampled keys to tell', () => {
    expect(tailsSpread(keys(500, (i) => `user${i}@example.com`))).toBe(false);
    expect(tailsSpread(keys(500, (i) => `${1000 + i}-01-01`))).toBe(false);
    expect(tailsSpread(keys(MIN_TAIL_SAMPLE - 1, (i) => `k${i}`))).toBe(false);
  });
});

describe('key-tail bucket SQL', () => {
  const text: ColumnType = { name: 'region', type: 'varchar(8)', family: 'text' };
  const code: ColumnType = { name: 'code', type: 'varchar(40)', family: 'text' };
  const relation = (compiler: typeof mysqlCompiler | typeof postgresCompiler): ChecksumRelation => {
    const col = (column: ColumnType) => ({ expr: compiler.quoteIdentifier(column.name), column, options: { caseSensitive: true } });
    return { compiler, from: compiler.quoteTable('t'), keys: [col(text), col(code)], values: [], bucketing: { kind: 'tail', buckets: 397, keyIndex: 1 } };
  };

  it("buckets by the tail of the chosen key column's canonical text alone modulo the bucket count, NULL keys apart, and fetches by the same expression", () => {
    const sql = bucketScanSql(relation(mysqlCompiler));
    expect(sql).toContain("CASE WHEN `region` IS NULL OR `code` IS NULL THEN NULL ELSE CAST(CONV(HEX(RPAD(CAST(RIGHT(CAST(CAST(`code` AS CHAR) AS BINARY), 7) AS BINARY), 7, X'00')), 16, 10) AS UNSIGNED) % 397 END AS `bucket_id`");
    expect(sql).not.toContain('MD5(CONCAT(COALESCE(CONCAT(CAST(octet_length((`region`');
    const [condition, ...more] = bucketConditions(relation(postgresCompiler), [3n, 7n]);
    expect(more).toEqual([]);
    expect(condition).toBe(`CASE WHEN "region" IS NULL OR "code" IS NULL THEN NULL ELSE ('x' || encode(substr(convert_to(right((("code")::text) COLLATE "C", 7), 'UTF8') || decode('00000000000000', 'hex'), 1, 7), 'hex'))::bit(56)::bigint % 397 END IN (3, 7)`);
  });
});

describe('the key column whose tails bucket the rows', () => {
  const rows = (n: number, make: (i: number) => string[]) => Array.from({ length: n }, (_, i) => make(i));
  const hash = (i: number) => (i * 2654435761).toString(16).padStart(12, '0');

  it('is the column whose tails tell the sampled keys apart, wherever it stands in the key', () => {
    expect(tailColumn(rows(500, (i) => [`R${i % 50}`, hash(i)]))).toBe(1);
    expect(tailColumn(rows(500, (i) => [hash(i), `R${i % 50}`]))).toBe(0);
    // Both spread (the first tells 470 of the 500 keys apart, the second all of them): the one telling more apart.
    expect(tailColumn(rows(500, (i) => [`ORDER-${String(i % 470).padStart(8, '0')}`, hash(i)]))).toBe(1);
    expect(tailColumn(rows(500, (i) => [hash(i), `ORDER-${String(i % 470).padStart(8, '0')}`]))).toBe(0);
  });

  it('is none when no column tells them apart, or the sample is too small to tell', () => {
    expect(tailColumn(rows(500, (i) => [`R${i % 50}`, `user${i}@example.com`]))).toBeUndefined();
    expect(tailColumn(rows(MIN_TAIL_SAMPLE - 1, (i) => [hash(i)]))).toBeUndefined();
    // Repeated sampled keys count once: 500 draws of 40 keys are too few keys to tell.
    expect(tailColumn(rows(500, (i) => [hash(i % 40)]))).toBeUndefined();
  });
});

describe('rows per bucket', () => {
  it('narrows a small table\'s buckets to 64 rows while it has fewer than 2048 buckets, and leaves larger tables and tuned runs alone', () => {
    expect(rowsPerBucketFor(100_000, 256, 64)).toBe(64);
    expect(rowsPerBucketFor(300_000, 256, 64)).toBeCloseTo(146.48, 1);
    expect(rowsPerBucketFor(524_288, 256, 64)).toBe(256);
    expect(rowsPerBucketFor(10_000_000, 256, 64)).toBe(256);
    expect(rowsPerBucketFor(100_000, 256, undefined)).toBe(256);
    expect(rowsPerBucketFor(300, 2, 64)).toBe(2);
  });
});
