/**
 * The most bytes one row's text (sql.ts `rowText`) can hold on a side, from its columns' declared
 * types: what the ordered row hash needs where the engine would cut a bucket's joined texts silently
 * (MariaDB's GROUP_CONCAT), or fail the diff (PostgreSQL's string_agg past 1 GB), so that a bucket's
 * rows are sure to fit. A digested field (sql.ts `digestAbove`: free text that may be long) is bounded
 * whatever its type. Undefined when a fixed-alphabet field's type does not bound its text (a `numeric`
 * without precision, PostgreSQL's bytea, LONGBLOB, a query's columns): the ordered row hash is then
 * not used.
 */
import type { DialectName } from '../../dialects/types.js';
import type { ChecksumColumn, ChecksumRelation } from './sql.js';

/** A field's length prefix (`<bytes>:`, up to 10 digits) and its `|` separator. */
const FIELD_OVERHEAD = 12;
/** A number's or a time's canonical text: decimals at up to 38 fraction digits, signs, points. */
const NUMBER_BYTES = 110;
const TEMPORAL_BYTES = 32;
/** Past this, a text or bytes column is taken as unbounded. */
const LARGEST_BOUNDED = 16_777_215;

/**
 * The most a declared type holds: `(var)char(n)` and `binary(n)` count characters (or bytes for
 * binary) on both engines; MySQL/MariaDB's TINYTEXT/TEXT/MEDIUMTEXT (and BLOBs) count BYTES in the
 * column's character set. PostgreSQL's `text` and `bytea` are unbounded.
 */
function declaredLength(type: string, dialect: DialectName): { length: number; unit: 'characters' | 'bytes' } | undefined {
  const t = type.toLowerCase().trim();
  const sized = /^(?:national\s+)?(?:var)?(?:char|binary|character(?:\s+varying)?)\s*\((\d+)\)/.exec(t) ?? /^n?varchar\s*\((\d+)\)/.exec(t);
  if (sized) return { length: Number(sized[1]), unit: 'characters' };
  if (dialect !== 'mysql') return undefined;
  if (/^tiny(?:text|blob)\b/.test(t)) return { length: 255, unit: 'bytes' };
  if (/^(?:text|blob)\b/.test(t)) return { length: 65_535, unit: 'bytes' };
  if (/^medium(?:text|blob)\b/.test(t)) return { length: 16_777_215, unit: 'bytes' };
  return undefined;
}

/**
 * UTF-8 bytes of a text column's canonical text: 4 per character; a TEXT's bytes in its own character
 * set are as many in UTF-8 for utf8mb3/utf8mb4, at most 3 per byte from a single-byte set (latin1's €).
 * Compared case-insensitively the text is lowered, which lengthens a few characters (Ⱥ, 2 bytes, to
 * ⱥ, 3): half as much again.
 */
function textBytes(declared: { length: number; unit: 'characters' | 'bytes' }, charset: string | undefined, caseSensitive: boolean): number {
  if (declared.unit === 'characters') return 4 * declared.length;
  const utf8 = charset !== undefined && /^(?:utf8|ascii|binary)/i.test(charset) ? declared.length : 3 * declared.length;
  return caseSensitive ? utf8 : Math.ceil(1.5 * utf8);
}

function fieldBytes(column: ChecksumColumn, dialect: DialectName): number | undefined {
  const bytes = declaredFieldBytes(column, dialect);
  // A digested field is its text up to `digestAbove` bytes, else `#` and 32 hex digits.
  if (column.digestAbove === undefined || (bytes !== undefined && bytes <= column.digestAbove)) return bytes;
  return Math.max(column.digestAbove, 33);
}

/** The most bytes of a column's field (its canonical text) from its declared type, digest aside; undefined when unbounded. */
export function declaredFieldBytes(column: ChecksumColumn, dialect: DialectName): number | undefined {
  const { family, type, declared } = column.column;
  // An array (PostgreSQL `integer[]`) holds any number of values.
  if (!declared || (dialect !== 'mysql' && dialect !== 'postgres') || type.includes('[')) return undefined;
  switch (family) {
    case 'integer':
    case 'float':
      return NUMBER_BYTES;
    case 'decimal':
      // PostgreSQL's `numeric` without a precision holds up to 147,455 digits.
      return /\(\s*\d+/.test(type) ? NUMBER_BYTES : undefined;
    case 'boolean':
      return 1;
    case 'date':
    case 'time':
    case 'timestamp':
    case 'timestamptz':
      return TEMPORAL_BYTES;
    case 'uuid': {
      if (/^uuid\b/i.test(type)) return 36;
      // Text compared as uuid holds any text of its declared length.
      const length = declaredLength(type, dialect);
      return length === undefined || length.length > LARGEST_BOUNDED ? undefined : Math.max(36, textBytes(length, column.column.charset, column.options.caseSensitive));
    }
    case 'bytes': {
      const length = declaredLength(type, dialect);
      return length === undefined || length.length > LARGEST_BOUNDED ? undefined : 2 * length.length;
    }
    case 'text': {
      // A number or a time compared as text stays short.
      const length = declaredLength(type, dialect);
      if (length !== undefined) return length.length > LARGEST_BOUNDED ? undefined : textBytes(length, column.column.charset, column.options.caseSensitive);
      return /^(?:tinyint|smallint|mediumint|int|integer|bigint|decimal|numeric|float|double|real|date|time|datetime|timestamp|year)\b/i.test(type) ? NUMBER_BYTES : undefined;
    }
    default:
      return undefined;
  }
}

/** The most bytes of one row's text made of `columns` on `dialect`, or undefined when a column is unbounded. */
export function maxRowTextBytes(columns: readonly ChecksumColumn[], dialect: DialectName): number | undefined {
  let total = 0;
  for (const column of columns) {
    const bytes = fieldBytes(column, dialect);
    if (bytes === undefined) return undefined;
    total += bytes + FIELD_OVERHEAD;
  }
  return total;
}

/**
 * Under the ordered row hash a free-text field longer than this many bytes is hashed on its own
 * (sql.ts `digestAbove`): TEXT, LONGTEXT and PostgreSQL's text then bound a row as a VARCHAR(256)
 * does. (Binary columns are hex, of a fixed alphabet: never digested, so bytea and BLOBs, unbounded,
 * keep the per-row sum.)
 */
export const DIGEST_ABOVE = 1024;

/**
 * Both sides with the length-prefixed value fields that may be longer than DIGEST_ABOVE bytes on
 * either side digested past it (the same fields on both, so that both write the same text), where
 * both engines can. A shorter field (a VARCHAR(64)) is left as it is: no length test per row.
 */
export function withDigests(relations: [ChecksumRelation, ChecksumRelation]): [ChecksumRelation, ChecksumRelation] {
  if (relations.some((relation) => !relation.compiler.md5Hex)) return relations;
  const long = relations[0].values.map((_, i) =>
    relations.some((relation) => {
      const column = relation.values[i];
      if (!column || column.fixed) return false;
      const bytes = declaredFieldBytes(column, relation.compiler.dialect);
      return bytes === undefined || bytes > DIGEST_ABOVE;
    }),
  );
  const digested = (relation: ChecksumRelation): ChecksumRelation => ({ ...relation, values: relation.values.map((column, i) => (long[i] ? { ...column, digestAbove: DIGEST_ABOVE } : column)) });
  return [digested(relations[0]), digested(relations[1])];
}
