/**
 * A comparison side as the checksum diff's SQL pieces: the same canonical key and value expressions
 * as the other plans (`sideSelect`), and how its rows are bucketed (see `Bucketing` in sql.ts).
 */
import { comparedColumn, type ResolvedColumns, type ColumnPair } from '../resolve.js';
import { columnRef, type Side } from '../sides.js';
import { stripSemicolon } from '../sides.js';
import { fixedPair, type Bucketing, type ChecksumColumn, type ChecksumRelation } from './sql.js';

export const ALIAS = 'b';

/** A single key, an integer on both sides. */
export function integerKeyed(resolved: ResolvedColumns): boolean {
  return resolved.keys.length === 1 && integerKeyColumns(resolved).length === 1;
}

/** The positions of the key columns that are integers on both sides (range buckets can be cut on any). */
export function integerKeyColumns(resolved: ResolvedColumns): number[] {
  return resolved.keys.flatMap((key, i) => (key.family === 'integer' && key.sourceType.family === 'integer' && key.targetType.family === 'integer' ? [i] : []));
}

/** `dynamicTyping`: either side is SQLite, where no column's text is sure to be of its type's alphabet. */
export function checksumRelation(side: Side, resolved: ResolvedColumns, bucketing: Bucketing, dynamicTyping: boolean): ChecksumRelation {
  const compiler = side.connection.compiler;
  const column = (pair: ColumnPair): ChecksumColumn => {
    const own = side.role === 'source' ? pair.sourceType : pair.targetType;
    return { expr: columnRef(side, ALIAS, own.name), column: comparedColumn(pair, side.role), options: pair.normalize, fixed: fixedPair(pair, dynamicTyping) };
  };
  const definition = side.definition;
  const from = definition.query
    ? compiler.derivedTable(stripSemicolon(definition.query), ALIAS)
    : `${compiler.quoteTable(definition.dataset ?? '')} AS ${compiler.quoteIdentifier(ALIAS)}`;
  const relation: ChecksumRelation = {
    compiler,
    from,
    samplable: !definition.query && side.schema.samplable !== false,
    keys: resolved.keys.map(column),
    values: resolved.columns.map(column),
    bucketing,
  };
  if (definition.filter) relation.filter = definition.filter;
  return relation;
}
