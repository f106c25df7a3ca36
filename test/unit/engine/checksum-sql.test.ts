/**
 * The checksum diff's SQL text per dialect (the integration tests then run it on the real engines),
 * and the pure parts: bucket sizing, range merging, and the merge of two bucket summary streams.
 */
import { describe, expect, it, vi } from 'vitest';
import { postgresCompiler } from '../../../src/dialects/postgres/compiler.js';
import { mysqlCompiler } from '../../../src/dialects/mysql/compiler.js';
import { sqliteCompiler } from '../../../src/dialects/sqlite/compiler.js';
import type { ColumnType, SqlCompiler } from '../../../src/dialects/types.js';
import { bucketConditions, MAX_KEY_RANGES, RANGES_PER_QUERY, rangesPerSlowQuery } from '../../../src/engine/checksum/fetch-conditions.js';
import { bucketScanSql, fixedAlphabet, keyRangeSql, keyText, rowText, sampleKeysSql, type Bucketing, type ChecksumRelation, type KeyRange } from '../../../src/engine/checksum/sql.js';
import { chooseBucketCount, compareBuckets, isPrime, type BucketSummary } from '../../../src/engine/checksum/buckets.js';

const id: ColumnType = { name: 'id', type: 'bigint', family: 'integer' };
const name: ColumnType = { name: 'name', type: 'varchar(20)', family: 'text' };
const amount: ColumnType = { name: 'amount', type: 'numeric(12,2)', family: 'decimal', scale: 2 };

const code: ColumnType = { name: 'code', type: 'varchar(40)', family: 'text' };

function relation(compiler: SqlCompiler, bucketing: Bucketing = { kind: 'hash', buckets: 7 }, key: ColumnType = id): ChecksumRelation {
  // Fixed-alphabet values as is where both sides are typed (`fixedPair`); SQLite's are length-prefixed.
  const col = (column: ColumnType) => ({
    expr: compiler.quoteIdentifier(column.name),
    column,
    options: { caseSensitive: column === key || column.family !== 'text', scale: column.scale },
    fixed: compiler.dialect !== 'sqlite' && fixedAlphabet(column.family),
  });
  return { compiler, from: compiler.quoteTable('t'), keys: [col(key)], values: [col(name), col(amount)], bucketing };
}

const prefixed = (compiler: SqlCompiler, bounds: bigint[], shared = '') => relation(compiler, { kind: 'prefix', shared, bounds }, code);

describe('row text', () => {
  it('encodes each field so the whole is uniquely decodable: fixed-alphabet fields as is, free text length-prefixed in bytes, NULL as -', () => {
    expect(rowText(relation(postgresCompiler))).toMatchInlineSnapshot(`"(COALESCE(("id")::text, '-') || '|' || COALESCE(((octet_length(lower(("name")::text)))::text || ':' || lower(("name")::text)), '-') || '|' || COALESCE(round(("amount")::numeric, 2)::text, '-'))"`);
    expect(rowText(relation(mysqlCompiler))).toMatchInlineSnapshot(`"CONCAT(COALESCE(CAST(\`id\` AS CHAR), '-'), '|', COALESCE(CONCAT(CAST(octet_length(LOWER(CAST(\`name\` AS CHAR))) AS CHAR), ':', LOWER(CAST(\`name\` AS CHAR))), '-'), '|', COALESCE(CAST(CAST(\`amount\` AS DECIMAL(65, 2)) AS CHAR), '-'))"`);
    expect(rowText(relation(sqliteCompiler))).toMatchInlineSnapshot(`"(COALESCE((CAST(octet_length(CAST("id" AS TEXT)) AS TEXT) || ':' || CAST("id" AS TEXT)), '-') || '|' || COALESCE((CAST(octet_length(dc_lower(CAST("name" AS TEXT))) AS TEXT) || ':' || dc_lower(CAST("name" AS TEXT))), '-') || '|' || COALESCE((CAST(octet_length(dc_decimal("amount", 2)) AS TEXT) || ':' || dc_decimal("amount", 2)), '-'))"`);
  });

  it('builds the key text from the key columns only', () => {
    expect(keyText(relation(postgresCompiler))).toBe(`COALESCE(("id")::text, '-')`);
  });
});

describe('bucket scan', () => {
  it('groups by a key-hash bucket with NULL keys apart, and sums md5-as-integer of the row text', () => {
    expect(bucketScanSql(relation(postgresCompiler))).toMatchInlineSnapshot(`"SELECT ("bucket_id")::text AS "bucket", count(*) AS "row_count", (sum("row_hash"))::text AS "checksum" FROM (SELECT CASE WHEN "id" IS NULL THEN NULL ELSE ('x' || substr(md5(COALESCE(("id")::text, '-')), 21))::bit(48)::bigint % 7 END AS "bucket_id", ('x' || substr(md5((COALESCE(("id")::text, '-') || '|' || COALESCE(((octet_length(lower(("name")::text)))::text || ':' || lower(("name")::text)), '-') || '|' || COALESCE(round(("amount")::numeric, 2)::text, '-'))), 21))::bit(48)::bigint AS "row_hash" FROM "t") AS "dc_rows" GROUP BY "bucket_id" ORDER BY "bucket_id""`);
  });

  it('uses key ranges without division for a single integer key', () => {
    const sql = bucketScanSql(relation(mysqlCompiler, { kind: 'range', lo: 1n, width: 64n }));
    expect(sql).toContain('CASE WHEN `id` IS NULL THEN NULL ELSE `id` - ((`id` - (1)) % 64) END');
  });
});

describe('the ordered row hash (range buckets)', () => {
  it('hashes each range\'s row texts joined by ; in key order, one md5 per range, on both engines', () => {
    const ordered = (compiler: SqlCompiler) => bucketScanSql({ ...relation(compiler, { kind: 'range', lo: 1n, width: 64n }), orderedRows: true });
    expect(ordered(postgresCompiler)).toContain(`md5(string_agg("row_text", ';' ORDER BY "key_value")) AS "checksum"`);
    expect(ordered(postgresCompiler)).toContain(`"id" AS "key_value" FROM "t") AS "dc_rows" GROUP BY "bucket_id" ORDER BY "bucket_id"`);
    expect(ordered(mysqlCompiler)).toContain("MD5(GROUP_CONCAT(`row_text` ORDER BY `key_value` SEPARATOR ';')) AS `checksum`");
    expect(ordered(mysqlCompiler)).not.toContain('CONV(');
    // The NULL-key rows are counted, and their texts never joined (the aggregate skips NULLs).
    expect(ordered(postgresCompiler)).toContain(`CASE WHEN "id" IS NULL THEN NULL ELSE (COALESCE(("id")::text, '-')`);
  });

  it('orders a composite key\'s rows by every key column; with a text key column, by every column\'s canonical bytes (each engine would order the text by its own collation)', () => {
    const line: ColumnType = { name: 'line_no', type: 'int', family: 'integer' };
    const single = relation(mysqlCompiler, { kind: 'range', lo: 1n, width: 64n });
    const col = (column: ColumnType) => ({ expr: mysqlCompiler.quoteIdentifier(column.name), column, options: { caseSensitive: true }, fixed: true });
    const composite = { ...single, keys: [col(id), col(line)], orderedRows: true };
    expect(bucketScanSql(composite)).toContain("MD5(GROUP_CONCAT(`row_text` ORDER BY `key_value_0`, `key_value_1` SEPARATOR ';')) AS `checksum`");
    expect(bucketScanSql(composite)).toContain('`id` AS `key_value_0`, `line_no` AS `key_value_1` FROM `t`');
    const mixed = bucketScanSql({ ...composite, keys: [col(id), col(name)] });
    expect(mixed).toContain("MD5(GROUP_CONCAT(`row_text` ORDER BY `order_key_0`, `order_key_1` SEPARATOR ';')) AS `checksum`");
    expect(mixed).toContain('CAST(CAST(`id` AS CHAR) AS BINARY) AS `order_key_0`, CAST(CAST(`name` AS CHAR) AS BINARY) AS `order_key_1` FROM `t` LIMIT 18446744073709551615) AS `dc_rows`');
  });

  it('is refused for other buckets, or an engine without an ordered text aggregate (never a silently different hash)', () => {
    expect(() => bucketScanSql({ ...relation(postgresCompiler, { kind: 'hash', buckets: 7 }), orderedRows: true })).toThrow(/range or key-order buckets/);
    expect(() => bucketScanSql({ ...relation(sqliteCompiler, { kind: 'range', lo: 1n, width: 64n }), orderedRows: true })).toThrow(/ordered text aggregate/);
  });
});

describe('the ordered row hash (key-order buckets of a text key)', () => {
  const ordered = (compiler: SqlCompiler) => bucketScanSql({ ...prefixed(compiler, [100n, 200n]), orderedRows: true });

  it("joins a bucket's row texts in the order of the key's UTF-8 bytes (alike on every engine, whatever the collations), and still returns each bucket's smallest and largest key in the side's own collation", () => {
    expect(ordered(postgresCompiler)).toContain(`md5(string_agg("row_text", ';' ORDER BY "order_key")) AS "checksum", min("key_value") AS "low", max("key_value") AS "high"`);
    expect(ordered(postgresCompiler)).toContain(`convert_to((("code")::text) COLLATE "C", 'UTF8') AS "order_key", "code" AS "key_value" FROM "t") AS "dc_rows"`);
    expect(ordered(mysqlCompiler)).toContain("MD5(GROUP_CONCAT(`row_text` ORDER BY `order_key` SEPARATOR ';')) AS `checksum`, min(`key_value`) AS `low`, max(`key_value`) AS `high`");
    expect(ordered(mysqlCompiler)).toContain('CAST(CAST(`code` AS CHAR) AS BINARY) AS `order_key`, `code` AS `key_value` FROM `t`');
    expect(ordered(mysqlCompiler)).not.toContain('CONV(SUBSTRING(MD5(');
  });

  it('has MariaDB compute the rows once before grouping them (no sort of row ids that re-reads each row), PostgreSQL group them as they come', () => {
    expect(ordered(mysqlCompiler)).toContain('FROM `t` LIMIT 18446744073709551615) AS `dc_rows` GROUP BY `bucket_id`');
    expect(ordered(postgresCompiler)).not.toContain('LIMIT');
    // Range buckets keep the plain derived table (their rows carry no TEXT column to re-read).
    expect(bucketScanSql({ ...relation(mysqlCompiler, { kind: 'range', lo: 1n, width: 64n }), orderedRows: true })).not.toContain('LIMIT');
  });
});

describe('prefix buckets (a text key, in byte order)', () => {
  it('count the bounds the integer of the key text\'s first 7 bytes has reached, and return each bucket\'s smallest and largest key', () => {
    const pg = bucketScanSql(prefixed(postgresCompiler, [100n, 200n]));
    expect(pg).toContain(
      `CASE WHEN "code" IS NULL THEN NULL ELSE width_bucket(('x' || encode(substr(convert_to((("code")::text) COLLATE "C", 'UTF8') || decode('00000000000000', 'hex'), 1, 7), 'hex'))::bit(56)::bigint, ARRAY[100, 200]::bigint[]) END AS "bucket_id"`,
    );
    expect(pg).toContain(`"code" AS "key_value"`);
    expect(pg).toContain(`min("key_value") AS "low", max("key_value") AS "high"`);
    const my = bucketScanSql(prefixed(mysqlCompiler, [100n, 200n]));
    expect(my).toContain("INTERVAL(CAST(CONV(HEX(RPAD(CAST(CAST(`code` AS CHAR) AS BINARY), 7, X'00')), 16, 10) AS UNSIGNED), 100, 200)");
  });

  it('sample the canonical key texts of a share of the non-NULL keys chosen by a hash of the key, a bounded number of them, the first in byte order', () => {
    expect(sampleKeysSql(prefixed(mysqlCompiler, []), 0.25, 400)).toBe('SELECT CAST(CAST(`code` AS CHAR) AS BINARY) AS `key_text` FROM `t` WHERE `code` IS NOT NULL AND CRC32(CAST(CAST(`code` AS CHAR) AS BINARY)) < 1073741824 ORDER BY CAST(CAST(`code` AS CHAR) AS BINARY) LIMIT 400');
    expect(sampleKeysSql(prefixed(postgresCompiler, []), 1, 8)).toBe(`SELECT (("code")::text) COLLATE "C" AS "key_text" FROM "t" WHERE "code" IS NOT NULL AND (hashtextextended((("code")::text) COLLATE "C", 20261123) & 4294967295) < 4294967296 ORDER BY convert_to((("code")::text) COLLATE "C", 'UTF8') LIMIT 8`);
  });

  it('sample a large PostgreSQL table by pages when asked: ten times the pages, one row in ten of them', () => {
    const table = { ...prefixed(postgresCompiler, []), samplable: true };
    expect(sampleKeysSql(table, 0.0078, 8, 'pages')).toBe(`SELECT (("code")::text) COLLATE "C" AS "key_text" FROM "t" TABLESAMPLE SYSTEM (7.80000) REPEATABLE (20261123) WHERE "code" IS NOT NULL AND (hashtextextended((("code")::text) COLLATE "C", 20261123) & 4294967295) < 429496730 ORDER BY convert_to((("code")::text) COLLATE "C", 'UTF8') LIMIT 8`);
  });

  it('sample a PostgreSQL table row by row in the scan, where pages are not asked for or would be 10 % or more', () => {
    const table = { ...prefixed(postgresCompiler, []), samplable: true };
    expect(sampleKeysSql(table, 0.0078, 8, 'rows')).toBe(`SELECT (("code")::text) COLLATE "C" AS "key_text" FROM "t" TABLESAMPLE BERNOULLI (0.780000) REPEATABLE (20261123) WHERE "code" IS NOT NULL ORDER BY convert_to((("code")::text) COLLATE "C", 'UTF8') LIMIT 8`);
    expect(sampleKeysSql(table, 0.1, 8, 'pages')).toContain('FROM "t" TABLESAMPLE BERNOULLI (10.0000) REPEATABLE (20261123) WHERE "code" IS NOT NULL ORDER BY');
  });

  it('sample by a condition a query, a filtered table, an engine without sampling clauses, a share of all rows, or when asked to', () => {
    const table = { ...prefixed(postgresCompiler, []), samplable: true };
    // The filter's index may read a few pages; a sampling clause reads them all.
    expect(sampleKeysSql({ ...table, filter: 'region = 7' }, 0.0078, 8, 'rows')).toBe(`SELECT (("code")::text) COLLATE "C" AS "key_text" FROM "t" WHERE (region = 7) AND "code" IS NOT NULL AND (hashtextextended((("code")::text) COLLATE "C", 20261123) & 4294967295) < 33500745 ORDER BY convert_to((("code")::text) COLLATE "C", 'UTF8') LIMIT 8`);
    expect(sampleKeysSql(table, 0.0078, 8)).toContain('FROM "t" WHERE "code" IS NOT NULL AND (hashtextextended((("code")::text) COLLATE "C", 20261123) & 4294967295) < 33500745');
    expect(sampleKeysSql(table, 0.0078, 8, 'condition')).toContain('FROM "t" WHERE "code" IS NOT NULL AND (hashtextextended((("code")::text) COLLATE "C", 20261123) & 4294967295) < 33500745');
    for (const sampling of ['pages', 'rows'] as const) {
      expect(sampleKeysSql({ ...table, samplable: false }, 0.0078, 8, sampling)).toContain('FROM "t" WHERE "code" IS NOT NULL AND (hashtextextended((("code")::text) COLLATE "C", 20261123) & 4294967295) < 33500745');
      expect(sampleKeysSql({ ...prefixed(mysqlCompiler, []), samplable: true }, 0.0078, 8, sampling)).toContain('WHERE `code` IS NOT NULL AND CRC32(CAST(CAST(`code` AS CHAR) AS BINARY)) < 33500745');
    }
    expect(sampleKeysSql(table, 1, 8, 'rows')).toContain('FROM "t" WHERE "code" IS NOT NULL AND (hashtextextended((("code")::text) COLLATE "C", 20261123) & 4294967295) < 4294967296');
  });

  it('read the 7 bytes after a shared prefix, keys outside it in buckets of their own', () => {
    const sql = bucketScanSql(prefixed(mysqlCompiler, [100n], '4f52'));
    expect(sql).toContain(
      "CASE WHEN CAST(CAST(`code` AS CHAR) AS BINARY) < X'4f52' THEN 0 WHEN CAST(CAST(`code` AS CHAR) AS BINARY) >= X'4f53' THEN 3 ELSE 1 + INTERVAL(CAST(CONV(HEX(RPAD(SUBSTRING(CAST(CAST(`code` AS CHAR) AS BINARY), 3), 7, X'00')), 16, 10) AS UNSIGNED), 100) END",
    );
  });

  it('fetch a differing bucket through its key range on this side, then exactly by the integer; buckets this side has no rows in are skipped', () => {
    const r = prefixed(postgresCompiler, [100n, 200n, 300n]);
    const ranges = new Map<bigint, KeyRange[]>([
      [0n, [['a', 'b']]],
      [1n, [['c', "d'e"]]],
      [3n, [['x', 'x'], ['y', 'z']]],
    ]);
    const [condition, ...rest] = bucketConditions(r, [0n, 1n, 2n, 3n], ranges);
    expect(rest).toEqual([]);
    const code = `('x' || encode(substr(convert_to((("code")::text) COLLATE "C", 'UTF8') || decode('00000000000000', 'hex'), 1, 7), 'hex'))::bit(56)::bigint`;
    expect(condition).toBe(
      `("code" BETWEEN 'a' AND 'b' OR "code" BETWEEN 'c' AND 'd''e' OR "code" = 'x' OR "code" BETWEEN 'y' AND 'z') AND ((${code} < 200) OR (${code} >= 300))`,
    );
  });

  it('split many ranges into queries in bucket order, and filter a scan when there are too many', () => {
    const r = prefixed(mysqlCompiler, Array.from({ length: 5000 }, (_, i) => BigInt(i * 10 + 10)));
    const buckets = Array.from({ length: 120 }, (_, i) => BigInt(i * 3));
    const ranges = new Map<bigint, KeyRange[]>(buckets.map((b) => [b, [[`k${b}`, `k${b}z`]]]));
    const conditions = bucketConditions(r, buckets, ranges);
    expect(conditions).toHaveLength(Math.ceil(120 / RANGES_PER_QUERY));
    expect(conditions[1]).toMatch(/^\(`code` BETWEEN 'k150' AND 'k150z' OR /);
    const many = Array.from({ length: MAX_KEY_RANGES + 1 }, (_, i) => BigInt(i * 2));
    const filtered = bucketConditions(r, many, new Map(many.map((b) => [b, [['a', 'b']]])));
    expect(filtered).toHaveLength(1);
    expect(filtered[0]).toMatch(/^CASE WHEN `code` IS NULL THEN NULL ELSE INTERVAL\(.*\) END IN \(0, 2, 4, /);
    // A bucket this side has rows in but no key range for is never skipped: the filtered scan reads it.
    expect(bucketConditions(r, [1n, 2n], new Map([[1n, [['a', 'b']]], [2n, []]]))).toEqual([expect.stringMatching(/^CASE WHEN .* END IN \(1, 2\)$/)]);
  });
});

describe('fetching differing buckets', () => {
  it('turns adjacent range buckets into one index range', () => {
    const r = relation(postgresCompiler, { kind: 'range', lo: 0n, width: 64n });
    expect(bucketConditions(r, [0n, 64n, 128n, 512n, 1024n])).toEqual(['("id" BETWEEN 0 AND 191 OR "id" BETWEEN 512 AND 575 OR "id" BETWEEN 1024 AND 1087)']);
    expect(bucketConditions(relation(postgresCompiler, { kind: 'range', lo: 5n, width: 1n }), [5n, 9n])).toEqual(['("id" = 5 OR "id" = 9)']);
  });

  it('splits a long list of ranges into queries of a few dozen ranges each, in key order', () => {
    const r = relation(mysqlCompiler, { kind: 'range', lo: 1n, width: 256n });
    const buckets = Array.from({ length: 1000 }, (_, i) => 1n + BigInt(i) * 10_240n);
    const conditions = bucketConditions(r, buckets);
    expect(conditions).toHaveLength(Math.ceil(1000 / RANGES_PER_QUERY));
    expect(conditions[0]).toMatch(/^\(`id` BETWEEN 1 AND 256 OR `id` BETWEEN 10241 AND 10496 OR /);
    const bounds = conditions.flatMap((c) => [...c.matchAll(/BETWEEN (\d+) AND (\d+)/g)].map((m) => [Number(m[1]), Number(m[2])] as const));
    expect(bounds).toHaveLength(1000);
    expect(bounds.every(([a, b], i) => b === a + 255 && (i === 0 || a > (bounds[i - 1]?.[1] ?? 0)))).toBe(true);
  });

  it('over a slow link puts more narrow ranges in a query, as many as hold about as many keys, at most 400 (each query a round trip)', () => {
    expect([1n, 16n, 64n, 255n, 256n, 1024n].map(rangesPerSlowQuery)).toEqual([400, 400, 200, 50, 50, 50]);
    const buckets = Array.from({ length: 1000 }, (_, i) => 1n + BigInt(i) * 10_240n);
    const narrow = relation(mysqlCompiler, { kind: 'range', lo: 1n, width: 16n });
    expect(bucketConditions(narrow, buckets, undefined, rangesPerSlowQuery(16n))).toHaveLength(Math.ceil(1000 / 400));
    // Elsewhere (loopback) the engine's re-check of the OR list per row costs more than a round trip: 50.
    expect(bucketConditions(narrow, buckets)).toHaveLength(Math.ceil(1000 / RANGES_PER_QUERY));
  });

  it('filters a scan instead when there are thousands of ranges', () => {
    const r = relation(postgresCompiler, { kind: 'range', lo: 0n, width: 10n });
    const buckets = Array.from({ length: 2001 }, (_, i) => BigInt(i * 20));
    const conditions = bucketConditions(r, buckets);
    expect(conditions).toHaveLength(1);
    expect(conditions[0]).toMatch(/^CASE WHEN "id" IS NULL THEN NULL ELSE "id" - \(\("id" - \(0\)\) % 10\) END IN \(0, 20, /);
  });

  it('cuts a composite key\'s ranges on the integer column chosen, and fetches ranges of a later column by one scan filtered by bucket (queries one after the other would break key order)', () => {
    const depot: ColumnType = { name: 'depot', type: 'varchar(8)', family: 'text' };
    const composite = (keyIndex: number): ChecksumRelation => {
      const col = (column: ColumnType) => ({ expr: mysqlCompiler.quoteIdentifier(column.name), column, options: { caseSensitive: true }, fixed: fixedAlphabet(column.family) });
      return { compiler: mysqlCompiler, from: '`t`', keys: [col(keyIndex === 0 ? id : depot), col(keyIndex === 0 ? depot : id)], values: [col(name)], bucketing: { kind: 'range', lo: 1n, width: 256n, keyIndex } };
    };
    const later = composite(1);
    // Bucketed on `id`, the second key column; NULL in either key column: the NULL bucket.
    expect(bucketScanSql(later)).toContain('CASE WHEN `depot` IS NULL OR `id` IS NULL THEN NULL ELSE `id` - ((`id` - (1)) % 256) END AS `bucket_id`');
    const buckets = Array.from({ length: 120 }, (_, i) => 1n + BigInt(i) * 512n);
    expect(bucketConditions(later, buckets)).toEqual([`CASE WHEN \`depot\` IS NULL OR \`id\` IS NULL THEN NULL ELSE \`id\` - ((\`id\` - (1)) % 256) END IN (${buckets.join(', ')})`]);
    // Led by the integer column: its index reads the ranges, in key order query after query.
    const leading = bucketConditions(composite(0), buckets);
    expect(leading).toHaveLength(Math.ceil(120 / RANGES_PER_QUERY));
    expect(leading[0]).toMatch(/^\(`id` BETWEEN 1 AND 256 OR `id` BETWEEN 513 AND 768 OR /);
  });

  it('reads the span of several key columns in one scan, one pair of bounds each', () => {
    const r = relation(postgresCompiler);
    expect(keyRangeSql(r)).toBe(`SELECT (min("id"))::text AS "lo", (max("id"))::text AS "hi" FROM "t"`);
    const two = { ...r, keys: [...r.keys, { ...r.keys[0]!, expr: '"seq"' }] };
    expect(keyRangeSql(two, [0, 1])).toBe(`SELECT (min("id"))::text AS "lo_0", (max("id"))::text AS "hi_0", (min("seq"))::text AS "lo_1", (max("seq"))::text AS "hi_1" FROM "t"`);
  });

  it('filters hash buckets with the bucket expression itself', () => {
    expect(bucketConditions(relation(postgresCompiler), [1n, 3n])).toHaveLength(1);
    expect(bucketConditions(relation(postgresCompiler), [1n, 3n])[0]).toMatch(/^CASE WHEN "id" IS NULL THEN NULL ELSE .* % 7 END IN \(1, 3\)$/);
  });
});

describe('bucket count', () => {
  it('is a prime near rows / 256, at least 7 and at most 2^18', () => {
    expect(chooseBucketCount(10)).toBe(7);
    const n = chooseBucketCount(10_000_000);
    expect(isPrime(n)).toBe(true);
    expect(n).toBeGreaterThanOrEqual(39_063);
    expect(n).toBeLessThan(39_200);
    expect(chooseBucketCount(1e12)).toBeGreaterThanOrEqual(1 << 18);
    expect(chooseBucketCount(1e12)).toBeLessThan((1 << 18) + 100);
  });
});

async function* stream(items: [bigint | null, number, string, KeyRange?][]): AsyncIterable<BucketSummary> {
  for (const [bucket, rows, checksum, range] of items) yield range ? { bucket, rows, checksum, ranges: [range] } : { bucket, rows, checksum };
}

describe('comparing bucket summaries', () => {
  it('keeps buckets whose count or checksum differ, or that exist on one side only; counts NULL keys apart', async () => {
    const result = await compareBuckets(
      stream([[null, 2, '5'], [0n, 10, '100'], [1n, 10, '200'], [2n, 5, '50'], [4n, 3, '9']]),
      stream([[0n, 10, '100'], [1n, 10, '201'], [2n, 6, '50'], [3n, 1, '7'], [null, 1, '1']]),
    );
    expect(result.differing).toEqual([1n, 2n, 3n, 4n]);
    expect(result.matchedRows).toBe(10);
    expect(result.differingRows).toEqual({ source: 18, target: 17 });
    expect(result.totals).toEqual({ source: 30, target: 28 });
    expect(result.nullKeys).toEqual({ source: 2, target: 1 });
    expect(result.summaries).toEqual({ source: 5, target: 5 });
  });

  it('counts the rows of each side\'s summaries as they arrive, while the merge waits for the other side (a query answering at its end)', async () => {
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    async function* late(): AsyncIterable<BucketSummary> {
      await answered;
      yield* stream([[0n, 10, '1'], [1n, 10, '2']]);
    }
    const counted: number[] = [];
    const comparing = compareBuckets(late(), stream([[0n, 10, '1'], [1n, 10, '2'], [2n, 5, '3']]), (rows) => counted.push(rows));
    await vi.waitFor(() => expect(counted).toEqual([10, 20, 25]));
    answer();
    const result = await comparing;
    expect(counted).toEqual([10, 20, 25, 35, 45]);
    expect(result.differing).toEqual([2n]);
    expect(result.totals).toEqual({ source: 20, target: 25 });
  });

  it('fails as soon as either side\'s scan fails, though the merge waits for the other side', async () => {
    const never = new Promise<never>(() => undefined);
    async function* silent(): AsyncIterable<BucketSummary> {
      yield await never;
    }
    async function* failing(): AsyncIterable<BucketSummary> {
      yield* stream([[0n, 1, '1']]);
      throw new Error('the target\'s query failed');
    }
    await expect(compareBuckets(silent(), failing())).rejects.toThrow("the target's query failed");
  });

  it('keeps each side\'s key ranges of the differing buckets only', async () => {
    const result = await compareBuckets(
      stream([[0n, 1, '1', ['a', 'a']], [1n, 2, '2', ['b', 'c']], [3n, 1, '3', ['x', 'x']]]),
      stream([[0n, 1, '1', ['A', 'A']], [1n, 2, '9', ['B', 'C']], [2n, 1, '4', ['m', 'm']]]),
    );
    expect(result.differing).toEqual([1n, 2n, 3n]);
    expect([...result.keyRanges.source]).toEqual([[1n, [['b', 'c']]], [3n, [['x', 'x']]]]);
    expect([...result.keyRanges.target]).toEqual([[1n, [['B', 'C']]], [2n, [['m', 'm']]]]);
  });
});
