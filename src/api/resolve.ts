/**
 * From a resolved spec comparison to what the service needs: data source names become ids through
 * `GET /sources?filter=` (exact name, every page; a UUID is used as is), and the ComparisonDefinition
 * becomes the create body of section 4.3. api mode needs explicit columns and keys: the service has
 * no way to "use the table's primary key" for us.
 */
import type { ApiClient } from './client.js';
import type { ComparisonCreateBody } from './contract.js';
import type { ComparisonDefinition } from '../engine/model.js';
import { ConfigurationError } from '../shared/errors.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(text: string): boolean {
  return UUID.test(text);
}

/** Resolves data source names to ids, asking the service once per name. */
export class DatasourceResolver {
  private readonly cache = new Map<string, Promise<string>>();
  constructor(private readonly client: ApiClient) {}

  /** The id of the data source called `name` on the service (a UUID is returned as is). */
  resolve(name: string, signal?: AbortSignal): Promise<string> {
    if (isUuid(name)) return Promise.resolve(name);
    let id = this.cache.get(name);
    if (!id) {
      id = this.lookup(name, signal);
      this.cache.set(name, id);
    }
    return id;
  }

  private async lookup(name: string, signal?: AbortSignal): Promise<string> {
    const candidates = await this.client.allSources(name, signal);
    const exact = candidates.filter((source) => source.name === name);
    if (exact.length === 1) return exact[0]!.id;
    if (exact.length > 1) {
      throw new ConfigurationError(
        `The service has ${exact.length} data sources named "${name}" (ids ${exact.map((s) => s.id).join(', ')}).`,
        { hint: 'Set `service:` on the datasource in the spec to the UUID of the one to use.' },
      );
    }
    const all = await this.client.allSources(undefined, signal);
    const names = [...new Set(all.map((source) => source.name))].sort();
    const near = names.filter((other) => other.toLowerCase() === name.toLowerCase());
    const listed = names.length === 0 ? 'it has none' : `it has: ${names.slice(0, 30).map((n) => `"${n}"`).join(', ')}${names.length > 30 ? ` and ${names.length - 30} more` : ''}`;
    throw new ConfigurationError(`The service has no data source named "${name}"; ${listed}.`, {
      hint:
        near.length > 0
          ? `Names match exactly, case included: did you mean "${near[0]}"? Set \`service:\` on the datasource in the spec.`
          : 'Set `service:` on the datasource in the spec to the name (or UUID) the service shows (`datacompare sources` lists them).',
    });
  }
}

/** The create body (4.3) for a comparison; throws ConfigurationError when api mode cannot run it. */
export function buildCreateBody(definition: ComparisonDefinition, sourceDatasourceId: string, targetDatasourceId: string): ComparisonCreateBody {
  const missing: string[] = [];
  // a dbt model's columns: those both manifests declare (the service cannot introspect for us)
  const declared = definition.declaredColumns;
  const columns = definition.columns ?? (declared && declared.length > 0 ? { source: declared, target: declared } : null);
  if (!columns) missing.push('`columns` (or `source_columns` and `target_columns`)');
  if (!definition.primaryKeys) missing.push('`primary_keys` (or `primary_keys_source` and `primary_keys_target`)');
  if (missing.length > 0 || !columns || !definition.primaryKeys) {
    throw new ConfigurationError(`Comparison "${definition.name}" needs explicit ${missing.join(' and ')} in api mode.`, {
      hint: definition.dbt
        ? `The service cannot discover columns or keys for us. Declare the model's columns in its .yml (api mode compares the columns both manifests declare)${definition.primaryKeys ? '' : ' and its key (a unique test, a primary_key constraint, or dbt.models.<model>.primary_keys in the spec)'}, or run it in local mode.`
        : 'The service cannot discover columns or keys for us; list them in the spec (local mode finds them by introspection).',
    });
  }
  const { source, target } = definition;
  const configuration: ComparisonCreateBody['configuration'] = {
    source_columns: columns.source,
    target_columns: columns.target,
    primary_keys_source: definition.primaryKeys.source,
    primary_keys_target: definition.primaryKeys.target,
    case_sensitive: definition.caseSensitive,
    quick_comparison: definition.quickComparison,
    schema_diff: definition.schemaDiff,
    max_diff_rows: Math.min(definition.maxDiffRows, 10_000),
    ...(source.filter !== undefined ? { source_filter: source.filter } : {}),
    ...(target.filter !== undefined ? { target_filter: target.filter } : {}),
    ...(source.query !== undefined ? { source_query: source.query } : {}),
    ...(target.query !== undefined ? { target_query: target.query } : {}),
    ...(Object.keys(definition.tolerance).length > 0 ? { tolerance: definition.tolerance } : {}),
    ...(definition.accept && definition.accept.length > 0 ? { accept: definition.accept.filter((kind) => kind !== 'other') } : {}),
  };
  return {
    name: definition.name,
    source_datasource_id: sourceDatasourceId,
    target_datasource_id: targetDatasourceId,
    ...(source.query === undefined ? { source_dataset_id: source.dataset ?? null } : {}),
    ...(target.query === undefined ? { target_dataset_id: target.dataset ?? null } : {}),
    configuration,
  };
}

/**
 * One warning about options beyond the API document: thresholds are applied here to the returned
 * counters (only when every counter they count was returned); tolerance is sent as an extension (applied by `datacompare serve`, ignored by the hosted
 * service). undefined when no comparison uses them.
 */
export function localOnlyOptionsWarning(definitions: readonly ComparisonDefinition[]): string | undefined {
  const tolerance = definitions.filter((d) => Object.keys(d.tolerance).length > 0).map((d) => d.name);
  const thresholds = definitions
    .filter((d) => d.thresholds.maxMismatchedRows !== undefined || d.thresholds.maxMismatchRatio !== undefined)
    .map((d) => d.name);
  const parts: string[] = [];
  if (thresholds.length > 0) {
    parts.push(`thresholds (${thresholds.join(', ')}) are applied by datacompare to the counters the service returns (a MISMATCH stands when it does not return every counter they count)`);
  }
  if (tolerance.length > 0) {
    parts.push(`tolerance (${tolerance.join(', ')}) is sent as an extension that \`datacompare serve\` applies and the hosted service ignores`);
  }
  const accepting = definitions.filter((d) => (d.accept?.length ?? 0) > 0 && d.comparisonId === undefined).map((d) => d.name);
  if (accepting.length > 0) {
    parts.push(`accept (${accepting.join(', ')}) is sent as an extension: a service that does not say it applied it (stats.accepted_rows) leaves its verdict standing`);
  }
  const comparing = definitions.filter((d) => Object.keys(d.compareAs ?? {}).length > 0 || d.precision === 'strict').map((d) => d.name);
  if (comparing.length > 0) parts.push(`compare_as and precision (${comparing.join(', ')}) apply in local mode only: the service compares by its own rules`);
  return parts.length > 0 ? `In api mode, options beyond the API document work differently: ${parts.join('; ')}.` : undefined;
}
