/**
 * A comparison side as the checksum diff's SQL pieces: the same canonical key and value expressions
 * as the other plans (`sideSelect`), and how its rows are bucketed (see `Bucketing` in sql.ts).
 */
import type { ResolvedColumns, ColumnPair } from '../resolve.js';
import { columnRef, type Side } from '../sides.js';
import { stripSemicolon } from '../sides.js';
import type { Bucketing, ChecksumColumn, ChecksumRelation } from './sql.js';

export const ALIAS = 'b';

export function integerKeyed(resolved: ResolvedColumns): boolean {
  const [key, ...rest] = resolved.keys;
  return key !== undefined && rest.length === 0 && key.family === 'integer' && key.sourceType.family === 'integer' && key.targetType.family === 'integer';
}

export function checksumRelation(side: Side, resolved: ResolvedColumns, bucketing: Bucketing): ChecksumRelation {
  const compiler = side.connection.compiler;
  const column = (pair: ColumnPair): ChecksumColumn => {
    const own = side.role === 'source' ? pair.sourceType : pair.targetType;
    return { expr: columnRef(side, ALIAS, own.name), column: { ...own, family: pair.family }, options: pair.normalize };
  };
  const definition = side.definition;
  const from = definition.query
    ? compiler.derivedTable(stripSemicolon(definition.query), ALIAS)
    : `${compiler.quoteTable(definition.dataset ?? '')} AS ${compiler.quoteIdentifier(ALIAS)}`;
  const relation: ChecksumRelation = {
    compiler,
    from,
    table: !definition.query,
    keys: resolved.keys.map(column),
    values: resolved.columns.map(column),
    bucketing,
  };
  if (definition.filter) relation.filter = definition.filter;
  return relation;
}
