/** A dbt-derived comparison's result carries its model, its reason and its key source; a keyless one says how to add a key. */
import type { ComparisonDefinition, ComparisonResult } from '../engine/model.js';

export function withDbt<T extends ComparisonResult>(result: T, definition: ComparisonDefinition): T {
  if (!definition.dbt) return result;
  const out: T = { ...result, dbt: definition.dbt };
  if (definition.dbt.key_source === 'none' && out.result) {
    const model = definition.name;
    out.result = {
      ...out.result,
      diff_reasons: [
        ...out.result.diff_reasons,
        `No key found for model ${model}: only row counts, columns and per-column profiles (counts, NULLs, distinct values, min/max/sum) were compared. To compare values, add a \`unique\` (and \`not_null\`) test on its key column, a primary_key constraint, \`meta: {datacompare: {primary_keys: [...]}}\`, or dbt.models.${model}.primary_keys in the spec.`,
      ],
    };
  }
  return out;
}
