/**
 * Database type names → canonical type families (see TypeFamily). One table for every engine: the
 * names PostgreSQL, MySQL/MariaDB and SQLite report. Dialects pass their own exceptions first
 * (MySQL's `tinyint(1)` is a boolean, its `timestamp` is an instant).
 */
import type { ColumnType, TypeFamily } from './types.js';

const RULES: [RegExp, TypeFamily][] = [
  [/^(bool|boolean)$/, 'boolean'],
  [/^(tinyint|smallint|mediumint|int|integer|bigint|int2|int4|int8|serial|bigserial|smallserial|year)\b/, 'integer'],
  [/^(numeric|decimal|dec|fixed|money|number)\b/, 'decimal'],
  [/^(real|float|float4|float8|double|double precision)\b/, 'float'],
  [/^(timestamptz|timestamp(\s*\(\d+\))?\s+with time zone)$/, 'timestamptz'],
  [/^(timestamp|datetime)\b/, 'timestamp'],
  [/^date$/, 'date'],
  [/^(time|timetz)\b/, 'time'],
  [/^uuid$/, 'uuid'],
  [/^(json|jsonb)$/, 'json'],
  [/^(bytea|blob|tinyblob|mediumblob|longblob|binary|varbinary)\b/, 'bytes'],
  [/^(text|tinytext|mediumtext|longtext|char|character|varchar|character varying|nchar|nvarchar|varchar2|clob|string|citext|name|bpchar|enum|set)\b/, 'text'],
];

/** The family of a type name (case-insensitive), with scale / fractional precision when declared. */
export function columnTypeOf(
  name: string,
  typeName: string,
  overrides: [RegExp, TypeFamily][] = [],
  /** Float type names that are 4-byte floats in this engine (PostgreSQL `real`, MySQL `float`; SQLite has none). */
  singleFloat?: RegExp,
): ColumnType {
  const type = typeName.trim();
  const lower = type.toLowerCase().replace(/\s+/g, ' ');
  // PostgreSQL `text[]`, `integer[][]`, DuckDB `VARCHAR[]`, `INTEGER[3]`: a list of the base type.
  const array = /^(.*?)((?:\s*\[\d*\])+)$/.exec(type);
  if (array?.[1] && !overrides.some(([pattern, family]) => family !== 'list' && pattern.test(lower))) {
    return { name, type, family: 'list', element: columnTypeOf(name, array[1], overrides, singleFloat) };
  }
  const set = /^set\s*\((.*)\)$/is.exec(type);
  if (set?.[1] !== undefined) {
    const members = setMembers(set[1]);
    if (members) return { name, type, family: 'set', members };
  }
  // A query's SET column (MySQL/MariaDB metadata say SET, not which members): read from its text.
  if (/^set$/i.test(type)) return { name, type, family: 'set' };
  const family = [...overrides, ...RULES].find(([pattern]) => pattern.test(lower))?.[1] ?? 'unknown';
  const column: ColumnType = { name, type, family };
  const args = /\(\s*(\d+)\s*(?:,\s*(\d+)\s*)?\)/.exec(lower);
  if (family === 'decimal') {
    if (args?.[2] !== undefined) column.scale = Number(args[2]);
    else if (args?.[1] !== undefined) column.scale = 0; // numeric(p) has scale 0
  } else if ((family === 'timestamp' || family === 'timestamptz' || family === 'time') && args?.[1] !== undefined) {
    column.precision = Number(args[1]);
  } else if (family === 'float' && singleFloat?.test(lower)) {
    column.singlePrecision = true;
  }
  return column;
}

/** The members of a SET's declaration (`'a','it''s'` → a, it's); undefined when it does not read as one. */
function setMembers(list: string): string[] | undefined {
  const members: string[] = [];
  const pattern = /\s*'((?:[^'\\]|''|\\.)*)'\s*(,|$)/gy;
  let match: RegExpExecArray | null;
  while ((match = pattern.exec(list)) !== null) {
    members.push((match[1] ?? '').replaceAll("''", "'").replace(/\\(.)/g, '$1'));
    if (match[2] === '') return pattern.lastIndex >= list.length ? members : undefined;
  }
  return undefined;
}

/** True for the families of collections (`list`, `set`). */
export function isCollectionFamily(family: TypeFamily | undefined): boolean {
  return family === 'list' || family === 'set';
}

/**
 * The family two paired columns are compared as: equal families stay; integer with decimal is
 * decimal; integer or decimal with float is float; timestamp with timestamptz is timestamp (both read
 * as UTC wall time); a SET with a list or JSON is a set, a list with JSON a list. Anything else is a type difference, compared as text.
 */
export function commonFamily(a: TypeFamily, b: TypeFamily): TypeFamily | undefined {
  if (a === b) return a;
  const pair = new Set([a, b]);
  const has = (x: TypeFamily, y: TypeFamily) => pair.has(x) && pair.has(y);
  if (has('integer', 'decimal')) return 'decimal';
  if (has('integer', 'float') || has('decimal', 'float')) return 'float';
  if (has('timestamp', 'timestamptz')) return 'timestamp';
  if (has('integer', 'boolean')) return 'boolean';
  if (has('text', 'uuid')) return 'uuid';
  if (has('text', 'json')) return 'json';
  // A SET is unordered: paired with a list (or a JSON array) it compares as a set. A SET against
  // text compares as its own text (members joined by commas in declaration order).
  if (has('set', 'list') || has('set', 'json')) return 'set';
  if (has('list', 'json')) return 'list';
  if (has('set', 'text')) return 'text';
  return undefined;
}

/** Families whose values are numbers (tolerance applies). */
export function isNumericFamily(family: TypeFamily): boolean {
  return family === 'integer' || family === 'decimal' || family === 'float';
}
