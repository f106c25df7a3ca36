/** The CLI's --dbt-manifest / --dbt-base-manifest options and the validate listing of dbt-derived comparisons. */
import type { ComparisonDefinition, DbtRunInfo } from '../../engine/model.js';
import type { DbtOptions } from '../../dbt/derive.js';
import { KEY_SOURCE_TEXT, type KeySource } from '../../dbt/keys.js';
import { stringOption } from '../args.js';
import type { OptionSpec, OptionValues } from '../command.js';

export const dbtCliOptions: Record<string, OptionSpec> = {
  'dbt-manifest': { type: 'string', valueName: 'FILE', description: "this pull request's dbt manifest.json (overrides dbt.manifest)" },
  'dbt-base-manifest': { type: 'string', valueName: 'FILE', description: "production's dbt manifest.json (overrides dbt.base_manifest)" },
};

export function dbtOptions(values: OptionValues, cwd: string, maxDiffRows: number | undefined): DbtOptions {
  const manifest = stringOption(values, 'dbt-manifest');
  const baseManifest = stringOption(values, 'dbt-base-manifest');
  return {
    cwd,
    ...(manifest !== undefined && { manifest }),
    ...(baseManifest !== undefined && { baseManifest }),
    ...(maxDiffRows !== undefined && { maxDiffRows }),
  };
}

export function describeKey(definition: ComparisonDefinition): string {
  const source = (definition.dbt?.key_source ?? 'none') as KeySource;
  if (source === 'none') return 'none found (row counts, columns and per-column profiles only)';
  return `${definition.primaryKeys?.source.join(', ') ?? ''} (from the ${KEY_SOURCE_TEXT[source]})`;
}

export function dbtLines(dbt: DbtRunInfo): string {
  const lines = [`dbt: ${dbt.manifest} against ${dbt.base_manifest} (select ${dbt.select})`];
  for (const n of dbt.added) lines.push(`  new model (not diffed): ${n.name} (${n.relation})`);
  for (const n of dbt.removed) lines.push(`  removed model (not diffed): ${n.name} (${n.relation})`);
  for (const n of dbt.excluded) lines.push(`  excluded by dbt.exclude: ${n.name}`);
  return `${lines.join('\n')}\n`;
}
