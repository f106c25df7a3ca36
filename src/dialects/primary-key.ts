/** The primary key read with the columns: one catalog query where there were two. */
import type { ResultRow } from './types.js';

/** The primary key's columns in key order, from catalog rows holding `name` and `key_position` (NULL outside the key). */
export function primaryKeyOf(rows: readonly ResultRow[]): string[] {
  return rows
    .filter((row) => row.key_position !== null && row.key_position !== undefined)
    .sort((a, b) => Number(a.key_position) - Number(b.key_position))
    .map((row) => String(row.name));
}
