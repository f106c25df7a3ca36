/**
 * The SELECT list of one side in canonical form, shared by the join diff and the stream merge:
 * `k<i>` canonical key texts (case-sensitive), `v<j>` canonical compared values, and `w<j>` the
 * value as shown in reports when it differs from `v<j>` (text compared case-insensitively). Packed
 * (the stream merge), the columns compared as exact text are one field `p` instead of their `v<j>`
 * (packed-values.ts).
 */
import { fixedPair } from './checksum/sql.js';
import { packedColumns, type PackedColumns } from './packed-values.js';
import { comparedColumn, type ColumnPair, type ResolvedColumns } from './resolve.js';
import { columnRef, type Side } from './sides.js';

export interface SelectItem {
  alias: string;
  sql: string;
}

export interface SideSelect {
  keys: SelectItem[];
  /** The compared values not packed. */
  values: SelectItem[];
  /** The packed values (`p`), when asked for and at least two columns can be packed. */
  packed?: SelectItem & PackedColumns;
  /** Display values, by column index; undefined where the compared value is shown as is. */
  shown: (SelectItem | undefined)[];
}

/** `pack`: the packed values (`p`) instead of their `v<j>`; `dynamicTyping`, either side is SQLite (see `fixedPair`). */
export function sideSelect(side: Side, resolved: ResolvedColumns, alias: string, options: { pack?: boolean; dynamicTyping?: boolean } = {}): SideSelect {
  const compiler = side.connection.compiler;
  const name = (pair: ColumnPair) => (side.role === 'source' ? pair.source : pair.target);
  const type = (pair: ColumnPair) => comparedColumn(pair, side.role);
  const keys = resolved.keys.map((pair, i) => ({
    alias: `k${i}`,
    sql: compiler.normalize(columnRef(side, alias, name(pair)), type(pair), pair.normalize),
  }));
  const packed = options.pack
    ? packedColumns(compiler, resolved.columns, (j) => {
        const pair = resolved.columns[j]!;
        return { expr: columnRef(side, alias, name(pair)), column: type(pair), options: pair.normalize, fixed: fixedPair(pair, options.dynamicTyping ?? true) };
      })
    : undefined;
  const values = resolved.columns.map((pair, j) => ({
    alias: `v${j}`,
    sql: compiler.normalize(columnRef(side, alias, name(pair)), type(pair), pair.normalize),
  }));
  const shown = resolved.columns.map((pair, j) => {
    if (pair.normalize.caseSensitive) return undefined;
    const sql = compiler.normalize(columnRef(side, alias, name(pair)), type(pair), { ...pair.normalize, caseSensitive: true });
    return sql === values[j]?.sql ? undefined : { alias: `w${j}`, sql };
  });
  if (!packed) return { keys, values, shown };
  return { keys, values: values.filter((_, j) => !packed.columns.includes(j)), shown, packed: { alias: 'p', ...packed } };
}

/** Every item of a side select, in order: keys, values not packed, the packed values, shown values. */
export function selectItems(select: SideSelect): SelectItem[] {
  return [...select.keys, ...select.values, ...(select.packed ? [select.packed] : []), ...select.shown.filter((item): item is SelectItem => item !== undefined)];
}
