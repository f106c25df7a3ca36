/** A job's comparison snapshot + its data sources → the engine's ComparisonDefinition. */
import type { ComparisonConfigurationInput } from '../../api/contract.js';
import type { ComparisonDefinition, ConnectionConfig, SideDefinition } from '../../engine/model.js';
import { formatLimit } from '../../shared/abort.js';
import type { ComparisonRecord, DatasourceRecord } from '../storage/store.js';

/**
 * A job's time limits are the operator's (`serve --job-timeout-minutes`, `--statement-timeout-seconds`),
 * which no tenant can set: its timeout errors say so, never "raise timeout_minutes in the spec".
 */
export const SERVICE_LIMIT_HINTS = {
  comparison: "The service's operator sets the time limit of a job (`datacompare serve --job-timeout-minutes`); add a filter, or compare fewer columns.",
  statement: "The service's operator sets the time limit of a statement (`datacompare serve --statement-timeout-seconds`); make the filter or query cheaper.",
} as const;

export interface DefinitionLimits {
  /** Differing rows kept per job when the comparison does not say (configuration.max_diff_rows). */
  defaultDiffRows: number;
  /** Upper bound on kept rows whatever the comparison says. */
  maxDiffRows: number;
  /** Per-job time limit. */
  timeoutMs?: number;
  /** Each statement's time limit (default the engine's, 30 min). */
  statementTimeoutMs?: number;
}

function side(
  comparison: ComparisonRecord,
  which: 'source' | 'target',
  source: DatasourceRecord,
  connection: ConnectionConfig,
): SideDefinition {
  const config = comparison.configuration as Partial<ComparisonConfigurationInput>;
  const query = config[`${which}_query`] ?? undefined;
  const filter = config[`${which}_filter`] ?? undefined;
  const dataset = comparison[`${which}_dataset_name`] ?? undefined;
  return {
    datasourceName: source.name,
    connection,
    serviceDatasource: source.id,
    ...(query ? { query } : { dataset }),
    ...(filter ? { filter } : {}),
  };
}

export function toDefinition(
  comparison: ComparisonRecord,
  sources: { source: DatasourceRecord; target: DatasourceRecord },
  connections: { source: ConnectionConfig; target: ConnectionConfig },
  limits: DefinitionLimits,
): ComparisonDefinition {
  const config = comparison.configuration as ComparisonConfigurationInput;
  return {
    name: comparison.name,
    location: { file: 'service', line: 0, column: 0 },
    comparisonId: comparison.id,
    source: side(comparison, 'source', sources.source, connections.source),
    target: side(comparison, 'target', sources.target, connections.target),
    columns: { source: config.source_columns, target: config.target_columns },
    primaryKeys: { source: config.primary_keys_source, target: config.primary_keys_target },
    caseSensitive: config.case_sensitive ?? false,
    quickComparison: config.quick_comparison ?? false,
    schemaDiff: config.schema_diff ?? false,
    tolerance: config.tolerance ?? {},
    ...(config.accept && config.accept.length > 0 ? { accept: [...new Set(config.accept)] } : {}),
    thresholds: {},
    maxDiffRows: Math.min(config.max_diff_rows ?? limits.defaultDiffRows, limits.maxDiffRows),
    ...(limits.timeoutMs === undefined ? {} : { timeoutMs: limits.timeoutMs, timeoutSetting: `of a job on this service (${formatLimit(limits.timeoutMs)})` }),
    ...(limits.statementTimeoutMs === undefined ? {} : { queryTimeoutMs: limits.statementTimeoutMs }),
    limitHints: SERVICE_LIMIT_HINTS,
  };
}
