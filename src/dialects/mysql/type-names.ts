/** MySQL's own meanings of type names: `tinyint(1)`/`bit(1)` are booleans; TIMESTAMP is an instant (stored in UTC). */
import type { TypeFamily } from '../types.js';

export const mysqlTypeOverrides: [RegExp, TypeFamily][] = [
  [/^(tinyint\(1\)|bit\(1\))/, 'boolean'],
  [/^timestamp\b/, 'timestamptz'],
];
