/**
 * DuckDB's own type names (as DESCRIBE / information_schema spell them) that the shared table does
 * not know: unsigned and 128-bit integers, the second/milli/nano timestamps, and nested types
 * (structs, maps, unions: compared as the engine's text of the value; lists `T[]` and arrays `T[n]`
 * are collections, see columnTypeOf).
 */
import type { ColumnType, TypeFamily } from '../types.js';
import { columnTypeOf } from '../../sql/type-family.js';

export const duckdbTypeOverrides: [RegExp, TypeFamily][] = [
  [/^(struct|map|union)\b/, 'unknown'],
  [/^(hugeint|uhugeint|utinyint|usmallint|uinteger|ubigint|varint|bignum)$/, 'integer'],
  [/^(timestamp_s|timestamp_ms|timestamp_ns|timestamp_us)$/, 'timestamp'],
  [/^(time with time zone|timetz)$/, 'unknown'],
  [/^(bit|bitstring|interval)$/, 'unknown'],
];

/** Fractional-second digits of the timestamp variants (TIMESTAMP_NS is read at microseconds). */
const PRECISION: Record<string, number> = { timestamp_s: 0, timestamp_ms: 3 };

/** The family (and scale/precision) of a DuckDB type name. */
export function duckdbColumnType(name: string, typeName: string): ColumnType {
  const column = columnTypeOf(name, typeName, duckdbTypeOverrides);
  const precision = PRECISION[typeName.trim().toLowerCase()];
  if (precision !== undefined) column.precision = precision;
  return column;
}
