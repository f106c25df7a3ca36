/**
 * The most bytes one row's text (sql.ts `rowText`) can hold on a side, from its columns' declared
 * types: what the ordered row hash needs where the engine would cut a bucket's joined texts silently
 * (MariaDB's GROUP_CONCAT), or fail the diff (PostgreSQL's string_agg past 1 GB), so that a bucket's
 * rows are sure to fit. Undefined when a column's type does not bound its text (LONGTEXT, PostgreSQL's
 * text or bytea, JSON, a query's columns): the ordered row hash is then not used.
 */
import type { DialectName } from '../../dialects/types.js';
import type { ChecksumColumn } from './sql.js';

/** A field's length prefix (`<bytes>:`, up to 10 digits) and its `|` separator. */
const FIELD_OVERHEAD = 12;
/** A number's or a time's canonical text: decimals at up to 38 fraction digits, signs, points. */
const NUMBER_BYTES = 110;
const TEMPORAL_BYTES = 32;
/** Past this, a text or bytes column is taken as unbounded. */
const LARGEST_BOUNDED = 16_777_215;

/**
 * The most characters (text) or bytes (binary) a declared type holds: `(var)char(n)`, `binary(n)` on
 * both engines; MySQL/MariaDB's TINYTEXT/TEXT/MEDIUMTEXT (and BLOBs) too, where PostgreSQL's `text`
 * and `bytea` are unbounded.
 */
function declaredLength(type: string, dialect: DialectName): number | undefined {
  const t = type.toLowerCase().trim();
  const sized = /^(?:national\s+)?(?:var)?(?:char|binary|character(?:\s+varying)?)\s*\((\d+)\)/.exec(t) ?? /^n?varchar\s*\((\d+)\)/.exec(t);
  if (sized) return Number(sized[1]);
  if (dialect !== 'mysql') return undefined;
  if (/^tiny(?:text|blob)\b/.test(t)) return 255;
  if (/^(?:text|blob)\b/.test(t)) return 65_535;
  if (/^medium(?:text|blob)\b/.test(t)) return 16_777_215;
  return undefined;
}

function fieldBytes(column: ChecksumColumn, dialect: DialectName): number | undefined {
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
      return length === undefined || length > LARGEST_BOUNDED ? undefined : Math.max(36, 4 * length);
    }
    case 'bytes': {
      const length = declaredLength(type, dialect);
      return length === undefined || length > LARGEST_BOUNDED ? undefined : 2 * length;
    }
    case 'text': {
      // Four bytes per character at most in UTF-8; a number or a time compared as text stays short.
      const length = declaredLength(type, dialect);
      if (length !== undefined) return length > LARGEST_BOUNDED ? undefined : 4 * length;
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
