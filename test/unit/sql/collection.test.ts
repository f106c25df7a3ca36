import { describe, expect, it } from 'vitest';
import { canonicalCollection, collectionToken } from '../../../src/sql/collection.js';
import { columnTypeOf, commonFamily } from '../../../src/sql/type-family.js';
import { mysqlCompiler } from '../../../src/dialects/mysql/compiler.js';
import { postgresCompiler } from '../../../src/dialects/postgres/compiler.js';
import { duckdbColumnType } from '../../../src/dialects/duckdb/type-names.js';

const list = { set: false, member: 'text' as const, options: { caseSensitive: true } };
const set = { ...list, set: true };

describe('canonicalCollection', () => {
  it('writes members as quoted tokens, in order for a list, distinct and sorted for a set', () => {
    expect(canonicalCollection('["b","a","b"]', list)).toBe('["b","a","b"]');
    expect(canonicalCollection('["b","a","b"]', set)).toBe('["a","b"]');
    expect(canonicalCollection('[null,"x"]', set)).toBe('["x",null]');
    expect(canonicalCollection('["c\\"d","back\\\\slash","a,b","{e}"," f ","é€😀"]', list)).toBe('["c\\"d","back\\\\slash","a,b","{e}"," f ","é€😀"]');
    expect(collectionToken('c"d\\')).toBe('"c\\"d\\\\"');
  });

  it('keeps NULL, an empty collection, an empty text and a JSON value that is no array apart', () => {
    expect(canonicalCollection(null, list)).toBeNull();
    expect(canonicalCollection('[]', list)).toBe('[]');
    expect(canonicalCollection('[""]', list)).toBe('[""]');
    expect(canonicalCollection('""', list)).toBe('""');
    expect(canonicalCollection('{x,y}', list)).toBe('{x,y}');
  });

  it('is its own fixed point (a canonical text read again gives itself)', () => {
    const once = canonicalCollection('[ "b" , null, "A\\"" ]', set);
    expect(canonicalCollection(once, set)).toBe(once);
  });

  it('normalises members as the pair compares them: numbers by value at the scale, case folded, timestamps', () => {
    expect(canonicalCollection('[1, 2.50, "3"]', { set: false, member: 'decimal', options: { caseSensitive: true, scale: 2 } })).toBe('["1.00","2.50","3.00"]');
    expect(canonicalCollection('[12345678901234567891]', { set: false, member: 'integer', options: { caseSensitive: true } })).toBe('["12345678901234567891"]');
    expect(canonicalCollection('["ÉMILE","Bob"]', { set: true, member: 'text', options: { caseSensitive: false } })).toBe('["bob","émile"]');
    expect(canonicalCollection('["2024-01-02T03:04:05.678"]', { set: false, member: 'timestamp', options: { caseSensitive: true, precision: 0 } })).toBe('["2024-01-02 03:04:05.000000"]');
  });
});

describe('collection types', () => {
  it('reads arrays, lists and SETs with their members', () => {
    expect(columnTypeOf('c', 'character varying(20)[]')).toMatchObject({ family: 'list', element: { family: 'text' } });
    expect(columnTypeOf('c', 'numeric(10,2)[]')).toMatchObject({ family: 'list', element: { family: 'decimal', scale: 2 } });
    expect(duckdbColumnType('c', 'INTEGER[3]')).toMatchObject({ family: 'list', element: { family: 'integer' } });
    expect(duckdbColumnType('c', 'STRUCT(a INTEGER)[]')).toMatchObject({ family: 'unknown' });
    expect(columnTypeOf('c', "set('it''s','Deleted Scenes')")).toMatchObject({ family: 'set', members: ["it's", 'Deleted Scenes'] });
  });

  it('pairs a SET with a list or JSON as a set, a list with JSON as a list, a SET with text as text', () => {
    expect([commonFamily('set', 'list'), commonFamily('json', 'set'), commonFamily('list', 'json'), commonFamily('set', 'text'), commonFamily('list', 'text')]).toEqual(['set', 'set', 'list', 'text', undefined]);
  });

  it('writes a MariaDB SET from its bits, tokens sorted bytewise, merged when folding case makes two alike', () => {
    const column = { ...columnTypeOf('f', "set('b','A','a')"), family: 'set' as const };
    expect(mysqlCompiler.hashText('`f`', column, { caseSensitive: true })).toMatchInlineSnapshot(`"CASE WHEN \`f\` IS NULL THEN NULL ELSE CONCAT('[', CONCAT_WS(',', IF((\`f\` & 2) <> 0, '"A"', NULL), IF((\`f\` & 4) <> 0, '"a"', NULL), IF((\`f\` & 1) <> 0, '"b"', NULL)), ']') END"`);
    expect(mysqlCompiler.hashText('`f`', column, { caseSensitive: false })).toMatchInlineSnapshot(`"CASE WHEN \`f\` IS NULL THEN NULL ELSE CONCAT('[', CONCAT_WS(',', IF((\`f\` & 6) <> 0, '"a"', NULL), IF((\`f\` & 1) <> 0, '"b"', NULL)), ']') END"`);
  });

  it('tests a PostgreSQL array for each member of the SET it is paired with, before sorting its members', () => {
    const column = { ...columnTypeOf('f', 'text[]'), family: 'set' as const };
    const sql = postgresCompiler.hashText('f', column, { caseSensitive: false, member: { family: 'text', options: { caseSensitive: false }, known: ['B', 'a', 'A'] } });
    expect(sql.slice(0, sql.indexOf(' ELSE '))).toMatchInlineSnapshot(`"CASE WHEN f IS NULL THEN NULL WHEN (f)::text[] <@ ARRAY['B', 'a', 'A']::text[] THEN '[' || concat_ws(',', CASE WHEN (f)::text[] && ARRAY['a', 'A']::text[] THEN '"a"' END, CASE WHEN (f)::text[] && ARRAY['B']::text[] THEN '"b"' END) || ']'"`);
  });
});
