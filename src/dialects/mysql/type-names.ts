import { columnTypeOf } from '../../sql/type-family.js';
import type { ColumnType } from '../types.js';

/** MySQL's own meanings of type names: `tinyint(1)`/`bit(1)` are booleans; TIMESTAMP is an instant (stored in UTC). */
import type { TypeFamily } from '../types.js';

export const mysqlTypeOverrides: [RegExp, TypeFamily][] = [
  [/^(tinyint\(1\)|bit\(1\))/, 'boolean'],
  [/^timestamp\b/, 'timestamptz'],
];

/** MySQL's FLOAT is a 4-byte float (FLOAT(p) with p > 24 is reported as `double`; REAL is DOUBLE). */
export const MYSQL_SINGLE_FLOAT = /^float\b/;

/**
 * A MySQL/MariaDB type name as a column type. DATETIME, TIMESTAMP and TIME without a precision hold
 * whole seconds (unlike PostgreSQL's, which default to microseconds): precision 0, so they compare
 * with a microsecond column at whole seconds. A text column keeps its character set (from the catalog).
 */
export function mysqlColumnType(name: string, typeName: string, charset?: string | null): ColumnType {
  const column = columnTypeOf(name, typeName, mysqlTypeOverrides, MYSQL_SINGLE_FLOAT);
  if (column.family === 'text' && charset) column.charset = charset.toLowerCase();
  const temporal = column.family === 'timestamp' || column.family === 'timestamptz' || column.family === 'time';
  if (temporal && column.precision === undefined && /^(datetime|timestamp|time)\b(?!\s*\()/i.test(column.type)) column.precision = 0;
  return column;
}
