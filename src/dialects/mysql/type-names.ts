/** MySQL's own meanings of type names: `tinyint(1)`/`bit(1)` are booleans; TIMESTAMP is an instant (stored in UTC). */
import type { TypeFamily } from '../types.js';

export const mysqlTypeOverrides: [RegExp, TypeFamily][] = [
  [/^(tinyint\(1\)|bit\(1\))/, 'boolean'],
  [/^timestamp\b/, 'timestamptz'],
];

/** MySQL's FLOAT is a 4-byte float (FLOAT(p) with p > 24 is reported as `double`; REAL is DOUBLE). */
export const MYSQL_SINGLE_FLOAT = /^float\b/;
