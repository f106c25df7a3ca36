/**
 * Where a model's key comes from, without configuration, in this order: the spec's `dbt.models`
 * override; `meta.datacompare.primary_keys`; a `primary_key` constraint (model or column); the
 * `unique_key` of an incremental model (not a snapshot's: it keeps history); a column with a `unique` test (one with `not_null` too is
 * preferred); dbt_utils' `unique_combination_of_columns`. None found: counts and schema only.
 */
import type { DbtNode } from './manifest.js';

export type KeySource = 'override' | 'meta' | 'constraint' | 'unique_key' | 'unique_test' | 'unique_combination' | 'none';

export interface DiscoveredKey {
  columns: string[];
  source: KeySource;
}

export const KEY_SOURCE_TEXT: Record<KeySource, string> = {
  override: 'dbt.models override in the spec',
  meta: 'meta.datacompare.primary_keys',
  constraint: 'primary_key constraint',
  unique_key: 'incremental unique_key',
  unique_test: 'unique test',
  unique_combination: 'dbt_utils.unique_combination_of_columns test',
  none: 'none found',
};

/** A plain column name (not an expression such as `a || '-' || b`). */
const COLUMN = /^[A-Za-z_][A-Za-z0-9_$]*$|^"[^"]+"$|^`[^`]+`$/;

export function discoverKey(node: DbtNode, tests: readonly DbtNode[], override: readonly string[] | undefined): DiscoveredKey {
  if (override && override.length > 0) return { columns: [...override], source: 'override' };
  const meta = fromMeta(node.meta) ?? fromMeta(node.config.meta);
  if (meta) return { columns: meta, source: 'meta' };
  const constraint = fromConstraints(node);
  if (constraint) return { columns: constraint, source: 'constraint' };
  const uniqueKey = fromUniqueKey(node);
  if (uniqueKey) return { columns: uniqueKey, source: 'unique_key' };
  const unique = fromUniqueTests(tests);
  if (unique) return { columns: unique, source: 'unique_test' };
  const combination = fromCombination(tests);
  if (combination) return { columns: combination, source: 'unique_combination' };
  return { columns: [], source: 'none' };
}

function fromMeta(meta: Record<string, unknown>): string[] | undefined {
  const ours = meta.datacompare as { primary_keys?: unknown } | undefined;
  const keys = ours?.primary_keys;
  const list = typeof keys === 'string' ? [keys] : keys;
  return Array.isArray(list) && list.length > 0 && list.every((k) => typeof k === 'string') ? (list as string[]) : undefined;
}

function fromConstraints(node: DbtNode): string[] | undefined {
  const modelLevel = node.constraints.find((c) => c.type === 'primary_key' && c.columns && c.columns.length > 0);
  if (modelLevel?.columns) return [...modelLevel.columns];
  const columns = Object.values(node.columns).filter((c) => c.constraints.some((x) => x.type === 'primary_key'));
  return columns.length > 0 ? columns.map((c) => c.name) : undefined;
}

function fromUniqueKey(node: DbtNode): string[] | undefined {
  // A snapshot keeps every version of a row: its unique_key is not unique in the table.
  if (node.config.materialized !== 'incremental') return undefined;
  const key = node.config.unique_key;
  const list = typeof key === 'string' ? key.split(',').map((k) => k.trim()) : key;
  return list && list.length > 0 && list.every((k) => COLUMN.test(k)) ? [...list] : undefined;
}

function fromUniqueTests(tests: readonly DbtNode[]): string[] | undefined {
  const columnsWith = (name: string) =>
    tests
      .filter((t) => t.test_metadata?.name === name && !t.test_metadata.namespace)
      .map((t) => t.column_name ?? (t.test_metadata?.kwargs.column_name as string | undefined))
      .filter((c): c is string => typeof c === 'string' && COLUMN.test(c));
  const unique = columnsWith('unique');
  if (unique.length === 0) return undefined;
  const notNull = new Set(columnsWith('not_null').map((c) => c.toLowerCase()));
  return [unique.find((c) => notNull.has(c.toLowerCase())) ?? unique[0]!];
}

function fromCombination(tests: readonly DbtNode[]): string[] | undefined {
  for (const test of tests) {
    if (test.test_metadata?.name !== 'unique_combination_of_columns') continue;
    const columns = test.test_metadata.kwargs.combination_of_columns;
    if (Array.isArray(columns) && columns.length > 0 && columns.every((c) => typeof c === 'string' && COLUMN.test(c))) return columns as string[];
  }
  return undefined;
}
