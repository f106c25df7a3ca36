/**
 * From a definition and two introspected sides to what is compared: the key pairs and column pairs,
 * each with the type family both sides are normalised as and the normalisation options they share.
 * Every name the user wrote is checked against the real columns (case-insensitively), with an error
 * listing what exists.
 */
import { ConfigurationError } from '../shared/errors.js';
import { commonFamily, isNumericFamily } from '../sql/type-family.js';
import type { ColumnType, NormalizeOptions, RelationSchema, TypeFamily } from '../dialects/types.js';
import type { ComparisonDefinition } from './model.js';

export interface ColumnPair {
  /** Real column names (as the databases spell them). */
  source: string;
  target: string;
  sourceType: ColumnType;
  targetType: ColumnType;
  /** The family both values are normalised as (`text` when the families have nothing in common). */
  family: TypeFamily;
  /** True when the two declared families differ and have no common family. */
  typeMismatch: boolean;
  /** Shared by both sides, so equal values give byte-identical canonical text. */
  normalize: NormalizeOptions;
  /** Absolute numeric tolerance (numeric families only). */
  tolerance?: number;
}

export interface ResolvedColumns {
  keys: ColumnPair[];
  columns: ColumnPair[];
}

export interface SideSchema {
  label: string;
  schema: RelationSchema;
}

export function resolveColumns(
  definition: ComparisonDefinition,
  source: SideSchema,
  target: SideSchema,
  options: { requireKeys: boolean } = { requireKeys: true },
): ResolvedColumns {
  let keyNames = definition.primaryKeys;
  if (!keyNames) {
    try {
      keyNames = declaredKeys(source, target);
    } catch (error) {
      if (options.requireKeys) throw error;
      keyNames = { source: [], target: [] };
    }
  }
  const keys = pairUp(keyNames.source, keyNames.target, source, target, 'primary key').map((pair) =>
    withOptions(pair, { caseSensitive: true }),
  );
  let columnNames = definition.columns;
  if (!columnNames) {
    const targetByName = new Map(target.schema.columns.map((c) => [c.name.toLowerCase(), c.name]));
    const keyNamesLower = new Set([...keys.map((k) => k.source.toLowerCase()), ...keys.map((k) => k.target.toLowerCase())]);
    const excluded = new Set((definition.excludeColumns ?? []).map((c) => c.toLowerCase()));
    const shared = source.schema.columns.filter(
      (c) => targetByName.has(c.name.toLowerCase()) && !keyNamesLower.has(c.name.toLowerCase()) && !excluded.has(c.name.toLowerCase()),
    );
    columnNames = { source: shared.map((c) => c.name), target: shared.map((c) => targetByName.get(c.name.toLowerCase()) as string) };
  }
  const columns = pairUp(columnNames.source, columnNames.target, source, target, 'compared column').map((pair) => {
    const resolved = withOptions(pair, { caseSensitive: definition.caseSensitive });
    const tolerance = toleranceFor(definition.tolerance, pair.source.name);
    if (tolerance !== undefined) {
      if (!isNumericFamily(resolved.family)) {
        throw new ConfigurationError(
          `tolerance is set for column \`${pair.source.name}\`, which is not numeric (${pair.source.type} in ${source.label}, ${pair.target.type} in ${target.label}).`,
          { hint: 'Remove the tolerance for this column; tolerance applies to integer, decimal and float columns.' },
        );
      }
      resolved.tolerance = tolerance;
    }
    return resolved;
  });
  for (const name of Object.keys(definition.tolerance)) {
    if (!columns.some((c) => c.source.toLowerCase() === name.toLowerCase())) {
      throw new ConfigurationError(`tolerance names column \`${name}\`, which is not a compared column.`, {
        hint: `Compared columns: ${columns.map((c) => c.source).join(', ') || '(none)'}.`,
      });
    }
  }
  return { keys, columns };
}

function declaredKeys(source: SideSchema, target: SideSchema): { source: string[]; target: string[] } {
  const sourceKey = source.schema.primaryKey;
  const targetKey = target.schema.primaryKey.length > 0 ? target.schema.primaryKey : sourceKey;
  if (sourceKey.length === 0) {
    const fallback = target.schema.primaryKey;
    if (fallback.length > 0) return { source: fallback, target: fallback };
    throw new ConfigurationError(`No primary key to match rows by: ${source.label} declares none.`, {
      hint: 'Set `primary_keys` (or `primary_keys_source` and `primary_keys_target`) in the comparison.',
    });
  }
  return { source: sourceKey, target: targetKey };
}

function pairUp(sourceNames: string[], targetNames: string[], source: SideSchema, target: SideSchema, what: string) {
  if (sourceNames.length !== targetNames.length) {
    throw new ConfigurationError(`The source lists ${sourceNames.length} ${what}(s) and the target ${targetNames.length}; they are paired by position.`, {
      hint: 'List as many columns on both sides.',
    });
  }
  return sourceNames.map((name, i) => ({
    source: findColumn(source, name, what),
    target: findColumn(target, targetNames[i] as string, what),
  }));
}

function findColumn(side: SideSchema, name: string, what: string): ColumnType {
  const exact = side.schema.columns.find((c) => c.name === name);
  if (exact) return exact;
  const folded = side.schema.columns.filter((c) => c.name.toLowerCase() === name.toLowerCase());
  if (folded.length === 1 && folded[0]) return folded[0];
  throw new ConfigurationError(`The ${what} \`${name}\` does not exist in ${side.label}.`, {
    hint: `Available columns: ${side.schema.columns.map((c) => c.name).join(', ') || '(none)'}.`,
  });
}

function withOptions(pair: { source: ColumnType; target: ColumnType }, options: { caseSensitive: boolean }): ColumnPair {
  const common = commonFamily(pair.source.family, pair.target.family);
  const family: TypeFamily = common ?? 'text';
  const normalize: NormalizeOptions = { caseSensitive: options.caseSensitive };
  if (family === 'decimal' || family === 'integer') {
    // Both scales known: render at the larger one (pads, never loses a digit). Else strip zeros on both.
    const s = pair.source.family === 'integer' ? 0 : pair.source.scale;
    const t = pair.target.family === 'integer' ? 0 : pair.target.scale;
    if (family === 'decimal' && s !== undefined && t !== undefined) normalize.scale = Math.max(s, t);
  }
  if (family === 'timestamp' || family === 'timestamptz' || family === 'time') {
    normalize.precision = Math.min(pair.source.precision ?? 6, pair.target.precision ?? 6);
  }
  // A 4-byte float on either side: both are compared at single precision (REAL 0.1 equals DOUBLE 0.1).
  if (family === 'float' && (pair.source.singlePrecision || pair.target.singlePrecision)) normalize.singlePrecision = true;
  return {
    source: pair.source.name,
    target: pair.target.name,
    sourceType: pair.source,
    targetType: pair.target,
    family,
    typeMismatch: common === undefined,
    normalize,
  };
}

function toleranceFor(tolerance: Record<string, number>, column: string): number | undefined {
  if (column in tolerance) return tolerance[column];
  const key = Object.keys(tolerance).find((k) => k.toLowerCase() === column.toLowerCase());
  return key === undefined ? undefined : tolerance[key];
}
