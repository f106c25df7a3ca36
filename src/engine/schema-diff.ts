/**
 * The schema diff: columns only on one side (by name, case-insensitively, unless paired explicitly by
 * the comparison) and paired columns whose canonical type families differ (an `integer` against a
 * `bigint` is no difference; a `numeric` against a `text` is).
 */
import type { SchemaDiff } from './model.js';
import type { ResolvedColumns } from './resolve.js';
import type { Side } from './sides.js';

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
    .filter((p) => p.sourceType.family !== p.targetType.family && p.typeMismatch)
    .map((p) => ({ source_column: p.source, target_column: p.target, source_type: p.sourceType.type, target_type: p.targetType.type }));
  return { only_in_source, only_in_target, type_mismatches };
}

export function schemaDiffIsEmpty(diff: SchemaDiff): boolean {
  return diff.only_in_source.length + diff.only_in_target.length + diff.type_mismatches.length === 0;
}
