/**
 * A comparison side as the checksum diff's SQL pieces: the same canonical key and value expressions
 * as the other plans (`sideSelect`), and the bucket function. A single integer key on both sides is
 * bucketed by `abs(key mod N)` with N prime (integers are the same number on every engine, and this
 * saves one md5 per row); any other key by `md5AsInteger(key text) mod N`.
 */
import type { ResolvedColumns, ColumnPair } from '../resolve.js';
import { columnRef, type Side } from '../sides.js';
import { stripSemicolon } from '../sides.js';
import type { ChecksumColumn, ChecksumRelation } from './sql.js';

export const ALIAS = 'b';

export function integerKeyed(resolved: ResolvedColumns): boolean {
  const [key, ...rest] = resolved.keys;
  return key !== undefined && rest.length === 0 && key.family === 'integer' && key.sourceType.family === 'integer' && key.targetType.family === 'integer';
}

export function checksumRelation(side: Side, resolved: ResolvedColumns): ChecksumRelation {
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
    keys: resolved.keys.map(column),
    values: resolved.columns.map(column),
    integerBucket: integerKeyed(resolved),
  };
  if (definition.filter) relation.filter = definition.filter;
  return relation;
}
