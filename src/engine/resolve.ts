/**
 * From a definition and two introspected sides to what is compared: the key pairs and column pairs,
 * each with the type family both sides are normalised as and the normalisation options they share.
 * Every name the user wrote is checked against the real columns (case-insensitively), with an error
 * listing what exists.
 */
import { ConfigurationError } from '../shared/errors.js';
import { commonFamily, isCollectionFamily, isNumericFamily } from '../sql/type-family.js';
import type { ColumnType, NormalizeOptions, RelationSchema, SqlCompiler, TypeFamily } from '../dialects/types.js';
import type { CompareAs, ComparisonDefinition } from './model.js';

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
  /** The spec's `compare_as` for this column, when set. */
  compareAs?: CompareAs;
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
  const strict = definition.precision === 'strict';
  const keys = pairUp(keyNames.source, keyNames.target, source, target, 'primary key').map((pair) =>
    withOptions(pair, { caseSensitive: true, strict, compareAs: byColumn(definition.compareAs ?? {}, pair.source.name) }, source, target),
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
    const resolved = withOptions(pair, { caseSensitive: definition.caseSensitive, strict, compareAs: byColumn(definition.compareAs ?? {}, pair.source.name) }, source, target);
    const tolerance = byColumn(definition.tolerance, pair.source.name);
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
  for (const [setting, names] of [['tolerance', Object.keys(definition.tolerance)], ['compare_as', Object.keys(definition.compareAs ?? {})]] as const) {
    for (const name of names) {
      if (![...columns, ...(setting === 'compare_as' ? keys : [])].some((c) => c.source.toLowerCase() === name.toLowerCase())) {
        throw new ConfigurationError(`${setting} names column \`${name}\`, which is not a compared column.`, {
          hint: `Compared columns: ${columns.map((c) => c.source).join(', ') || '(none)'}.`,
        });
      }
    }
  }
  return { keys, columns };
}

/** A side's column of a pair as the compiler normalises it: the pair's family, its own kept as `stored`. */
export function comparedColumn(pair: ColumnPair, role: 'source' | 'target'): ColumnType {
  const own = role === 'source' ? pair.sourceType : pair.targetType;
  return { ...own, family: pair.family, stored: own.family };
}

/**
 * True when this side's values of the pair are finished in JavaScript (`canonicalCollection`): a JSON
 * or text column compared as a collection, on an engine that cannot read one as such in SQL, or a
 * query's SET (`canonicalSetText`). Only the streaming merge compares such a pair.
 */
export function finishedInJs(pair: ColumnPair, role: 'source' | 'target', compiler: SqlCompiler): boolean {
  const own = role === 'source' ? pair.sourceType : pair.targetType;
  if (!isCollectionFamily(pair.family)) return false;
  // A query's SET, whose members the metadata do not name: its text is split in JavaScript.
  if (own.family === 'set' && !own.members) return true;
  return !isCollectionFamily(own.family) && compiler.jsonCollections !== true;
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

interface PairSettings {
  caseSensitive: boolean;
  /** `precision: strict`: temporal values at the higher precision of the two sides. */
  strict: boolean;
  compareAs: CompareAs | undefined;
}

function withOptions(pair: { source: ColumnType; target: ColumnType }, settings: PairSettings, source: SideSchema, target: SideSchema): ColumnPair {
  const common = commonFamily(pair.source.family, pair.target.family);
  const family: TypeFamily = comparedFamily(pair, common, settings.compareAs, source, target);
  const normalize = isCollectionFamily(family) ? collectionOptions(pair.source, pair.target, settings) : scalarOptions(family, pair.source, pair.target, settings);
  const resolved: ColumnPair = {
    source: pair.source.name,
    target: pair.target.name,
    sourceType: pair.source,
    targetType: pair.target,
    family,
    typeMismatch: common === undefined,
    normalize,
  };
  if (settings.compareAs !== undefined) resolved.compareAs = settings.compareAs;
  return resolved;
}

/** The normalisation both sides of a pair of scalar columns share, compared as `family`. */
function scalarOptions(family: TypeFamily, source: ColumnType | undefined, target: ColumnType | undefined, settings: PairSettings): NormalizeOptions {
  const normalize: NormalizeOptions = { caseSensitive: settings.caseSensitive };
  if (family === 'decimal' || family === 'integer') {
    // Both scales known: render at the larger one (pads, never loses a digit). Else strip zeros on both.
    const s = source?.family === 'integer' ? 0 : source?.scale;
    const t = target?.family === 'integer' ? 0 : target?.scale;
    if (family === 'decimal' && s !== undefined && t !== undefined) normalize.scale = Math.max(s, t);
  }
  if (family === 'timestamp' || family === 'timestamptz' || family === 'time') {
    const s = source?.precision ?? 6;
    const t = target?.precision ?? 6;
    // Common: the lower precision (fractions one side cannot hold are dropped); strict: the higher.
    normalize.precision = settings.strict ? Math.max(s, t) : Math.min(s, t);
  }
  // A 4-byte float on either side: both are compared at single precision (REAL 0.1 equals DOUBLE 0.1).
  if (family === 'float' && (source?.singlePrecision || target?.singlePrecision)) normalize.singlePrecision = true;
  return normalize;
}

/** A collection pair's options: its members' common family (a SET's are text) and their normalisation. */
function collectionOptions(source: ColumnType, target: ColumnType, settings: PairSettings): NormalizeOptions {
  const memberType = (column: ColumnType): ColumnType | undefined => column.element ?? (column.family === 'set' ? { name: column.name, type: 'text', family: 'text' } : undefined);
  const s = memberType(source);
  const t = memberType(target);
  const family: TypeFamily = s && t ? (commonFamily(s.family, t.family) ?? 'text') : (s ?? t)?.family ?? 'text';
  const member: NonNullable<NormalizeOptions['member']> = { family, options: scalarOptions(family, s, t, settings) };
  const known = source.members ?? target.members;
  if (settings.compareAs !== 'list' && known && (source.family === 'set') !== (target.family === 'set') && (family === 'text' || family === 'unknown')) member.known = known;
  return { caseSensitive: settings.caseSensitive, member };
}

const READ_AS_COLLECTION = new Set<TypeFamily>(['list', 'set', 'json', 'text']);

/**
 * The family a pair is compared as: `compare_as` when set (checked against both types), else the
 * common family, else text; except that a collection paired with a type it has nothing in common
 * with is a configuration error naming both types and the `compare_as` that makes them comparable
 * (their texts could only differ).
 */
function comparedFamily(
  pair: { source: ColumnType; target: ColumnType },
  common: TypeFamily | undefined,
  compareAs: CompareAs | undefined,
  source: SideSchema,
  target: SideSchema,
): TypeFamily {
  const types = `\`${pair.source.name}\` is ${pair.source.type} in ${source.label} and \`${pair.target.name}\` is ${pair.target.type} in ${target.label}`;
  const setting = (as: string) => `\`compare_as: { ${pair.source.name}: ${as} }\``;
  if (compareAs === 'text') return 'text';
  if (compareAs === 'list' || compareAs === 'set') {
    const other = [pair.source, pair.target].find((c) => !READ_AS_COLLECTION.has(c.family));
    if (other) {
      throw new ConfigurationError(`compare_as: ${compareAs} cannot read column \`${other.name}\` (${other.type}) as a collection: ${types}.`, {
        hint: `compare_as: list or set reads arrays, lists, SETs, JSON arrays and text holding a JSON array; use ${setting('text')} to compare both as written.`,
      });
    }
    return compareAs;
  }
  if (compareAs === 'json') {
    const other = [pair.source, pair.target].find((c) => c.family !== 'json' && c.family !== 'text' && c.family !== 'unknown');
    if (other) {
      throw new ConfigurationError(`compare_as: json cannot read column \`${other.name}\` (${other.type}) as JSON: ${types}.`, {
        hint: `compare_as: json reads JSON and text columns; for an array, list or SET use ${setting('list')} or ${setting('set')}.`,
      });
    }
    return 'json';
  }
  if (common !== undefined) return common;
  const collections = [pair.source, pair.target].filter((c) => isCollectionFamily(c.family));
  if (collections.length === 0) return 'text';
  const other = pair.source === collections[0] ? pair.target : pair.source;
  const readsJson = other.family === 'text' || other.family === 'unknown';
  const what = readsJson ? 'text' : /^[aeiou]/.test(other.family) ? `an ${other.family}` : `a ${other.family}`;
  throw new ConfigurationError(`Column ${types}: a collection cannot be compared with ${what} by value.`, {
    hint: readsJson
      ? `Set ${setting('list')} in the comparison to read the text as a JSON array (${setting('set')} to ignore member order), ${setting('text')} to compare both as written, or leave the column out of \`columns\`.`
      : `Set ${setting('text')} in the comparison to compare both as written, or leave the column out of \`columns\`.`,
  });
}

/** A per-column setting by source column name, exact or else case-insensitive. */
function byColumn<T>(settings: Record<string, T>, column: string): T | undefined {
  if (column in settings) return settings[column];
  const key = Object.keys(settings).find((k) => k.toLowerCase() === column.toLowerCase());
  return key === undefined ? undefined : settings[key];
}
