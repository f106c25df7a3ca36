/**
 * The schema diff: columns only on one side (by name, case-insensitively, unless paired explicitly by
 * the comparison) and paired columns whose canonical type families differ (an `integer` against a
 * `bigint` is no difference; a `numeric` against a `text` is), or whose fractional precision or
 * declared scale differ (`timestamp(6)` against `datetime`, `numeric(12,2)` against `decimal(12,4)`):
 * those are compared (at the precision `compared_as` names), and listed, since a migration that
 * drops digits changes the data it can hold.
 */
import type { SchemaDiff } from './model.js';
import { comparedAs } from './outcome.js';
import type { ColumnPair, ResolvedColumns } from './resolve.js';
import type { Side } from './sides.js';

const TEMPORAL = new Set(['timestamp', 'timestamptz', 'time']);

/** True when both sides hold the same family of values but at a different fractional precision or declared scale. */
export function precisionDiffers(pair: ColumnPair): boolean {
  if (pair.typeMismatch) return false;
  const { sourceType: s, targetType: t } = pair;
  if (TEMPORAL.has(pair.family) && TEMPORAL.has(s.family) && TEMPORAL.has(t.family)) return (s.precision ?? 6) !== (t.precision ?? 6);
  return pair.family === 'decimal' && s.family === 'decimal' && t.family === 'decimal' && s.scale !== undefined && t.scale !== undefined && s.scale !== t.scale;
}

export function computeSchemaDiff(source: Side, target: Side, resolved: ResolvedColumns): SchemaDiff {
  const pairs = [...resolved.keys, ...resolved.columns];
  const pairedSource = new Set(pairs.map((p) => p.source.toLowerCase()));
  const pairedTarget = new Set(pairs.map((p) => p.target.toLowerCase()));
  const targetNames = new Set(target.schema.columns.map((c) => c.name.toLowerCase()));
  const sourceNames = new Set(source.schema.columns.map((c) => c.name.toLowerCase()));
  const only_in_source = source.schema.columns
    .filter((c) => !pairedSource.has(c.name.toLowerCase()) && !targetNames.has(c.name.toLowerCase()))
    .map((c) => ({ name: c.name, type: c.type }));
  const only_in_target = target.schema.columns
    .filter((c) => !pairedTarget.has(c.name.toLowerCase()) && !sourceNames.has(c.name.toLowerCase()))
    .map((c) => ({ name: c.name, type: c.type }));
  const type_mismatches = pairs
    .filter((p) => (p.sourceType.family !== p.targetType.family && p.typeMismatch) || precisionDiffers(p))
    .map((p) => ({
      source_column: p.source,
      target_column: p.target,
      source_type: p.sourceType.type,
      target_type: p.targetType.type,
      ...(precisionDiffers(p) && { compared_as: comparedAs(p) }),
    }));
  return { only_in_source, only_in_target, type_mismatches };
}

export function schemaDiffIsEmpty(diff: SchemaDiff): boolean {
  return diff.only_in_source.length + diff.only_in_target.length + diff.type_mismatches.length === 0;
}
