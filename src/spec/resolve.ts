/**
 * A validated spec → the ComparisonDefinitions every runner takes: defaults applied, shorthands
 * expanded, sqlite/duckdb/csv/parquet paths made absolute; a csv/parquet side without `dataset` reads
 * the view named after its data source. (Connection URLs were registered as secrets when the spec was
 * read: connection-urls.ts.)
 */
import path from 'node:path';
import type { ComparisonDefinition, ConnectionConfig, CsvReadOptions, SideDefinition } from '../engine/model.js';
import type { Position } from './positions.js';
import type { DatasourceSpec, SideSpec, Spec } from './schema.js';

export const DEFAULT_MAX_DIFF_ROWS = 100;

export interface ResolveOptions {
  file: string;
  /** Relative sqlite paths resolve against this (the repository root). */
  cwd: string;
  /** The max-diff-rows input / --max-diff-rows; the spec's own setting wins. */
  maxDiffRows?: number;
  /** Where comparisons[index] starts in the file. */
  locate: (index: number) => Position;
  /** Where a key of the spec is (`['defaults', 'timeout_minutes']`), for messages naming a setting. */
  locateKey?: (path: (string | number)[]) => Position;
}

export function resolveDefinitions(spec: Spec, options: ResolveOptions): ComparisonDefinition[] {
  return (spec.comparisons ?? []).map((comparison, index) => {
    const defaults = spec.defaults ?? {};
    const pick = <K extends keyof typeof defaults>(key: K) => comparison[key] ?? defaults[key];
    const timeoutMinutes = pick('timeout_minutes');
    const queryTimeoutSeconds = pick('query_timeout_seconds');
    const sensitive = pick('sensitive');
    const strategy = pick('strategy');
    const precision = pick('precision');
    const accept = pick('accept');
    const thresholds = pick('thresholds') ?? {};
    const definition: ComparisonDefinition = {
      name: comparison.name,
      location: { file: options.file, ...options.locate(index) },
      source: side(spec, comparison.source, comparison.source_filter, options.cwd),
      target: side(spec, comparison.target, comparison.target_filter, options.cwd),
      columns: pairs(comparison.columns, comparison.source_columns, comparison.target_columns),
      primaryKeys: pairs(comparison.primary_keys, comparison.primary_keys_source, comparison.primary_keys_target),
      caseSensitive: pick('case_sensitive') ?? false,
      quickComparison: pick('quick_comparison') ?? false,
      schemaDiff: pick('schema_diff') ?? false,
      tolerance: { ...comparison.tolerance },
      thresholds: {
        ...(thresholds.max_mismatched_rows !== undefined && { maxMismatchedRows: thresholds.max_mismatched_rows }),
        ...(thresholds.max_mismatch_ratio !== undefined && { maxMismatchRatio: thresholds.max_mismatch_ratio }),
      },
      maxDiffRows: pick('max_diff_rows') ?? options.maxDiffRows ?? DEFAULT_MAX_DIFF_ROWS,
    };
    if (comparison.comparison_id !== undefined) definition.comparisonId = comparison.comparison_id;
    if (timeoutMinutes !== undefined) {
      definition.timeoutMs = Math.round(timeoutMinutes * 60_000);
      const keyPath = comparison.timeout_minutes !== undefined ? ['comparisons', index, 'timeout_minutes'] : ['defaults', 'timeout_minutes'];
      const at = options.locateKey?.(keyPath);
      definition.timeoutSetting = `${keyPath[0] === 'defaults' ? 'defaults.' : ''}timeout_minutes: ${timeoutMinutes}${at ? ` (${options.file}:${at.line})` : ''}`;
    }
    if (queryTimeoutSeconds !== undefined) definition.queryTimeoutMs = Math.round(queryTimeoutSeconds * 1000);
    if (sensitive !== undefined) definition.sensitive = sensitive;
    if (strategy !== undefined && strategy !== 'auto') definition.strategy = strategy;
    if (precision === 'strict') definition.precision = precision;
    // A stored comparison accepts what its configuration on the service says (spec/rules.ts refuses its own accept).
    if (accept !== undefined && comparison.comparison_id === undefined) definition.accept = [...new Set(accept)];
    if (comparison.compare_as !== undefined && Object.keys(comparison.compare_as).length > 0) definition.compareAs = { ...comparison.compare_as };
    return definition;
  });
}

/** True when the comparison names only a stored comparison (no source/target): it runs in api mode only. */
export function isApiOnly(definition: ComparisonDefinition): boolean {
  return definition.comparisonId !== undefined && definition.source.datasourceName === '';
}

/** One side as the engine takes it, for comparisons built outside the spec's list (dbt). */
export function resolveSide(spec: Spec, sideSpec: SideSpec, cwd: string): SideDefinition {
  return side(spec, sideSpec, undefined, cwd);
}

function side(spec: Spec, sideSpec: SideSpec | undefined, shorthandFilter: string | undefined, cwd: string): SideDefinition {
  if (!sideSpec) return { datasourceName: '', connection: null, serviceDatasource: '' };
  const datasource = spec.datasources[sideSpec.datasource];
  const definition: SideDefinition = {
    datasourceName: sideSpec.datasource,
    connection: datasource ? connection(datasource, cwd, sideSpec.datasource) : null,
    serviceDatasource: datasource?.service ?? sideSpec.datasource,
  };
  if (sideSpec.dataset !== undefined) definition.dataset = sideSpec.dataset;
  // A csv/parquet data source is one relation: the view named after the data source.
  else if (sideSpec.query === undefined && datasource && isFileDatasource(datasource)) definition.dataset = fileViewDataset(sideSpec.datasource);
  if (sideSpec.query !== undefined) definition.query = sideSpec.query;
  const filter = sideSpec.filter ?? shorthandFilter;
  if (filter !== undefined) definition.filter = filter;
  return definition;
}

function connection(datasource: DatasourceSpec, cwd: string, name: string): ConnectionConfig | null {
  switch (datasource.type) {
    case 'sqlite':
      return { type: 'sqlite', path: datasource.path === ':memory:' ? datasource.path : path.resolve(cwd, datasource.path) };
    case 'duckdb':
      return { type: 'duckdb', path: datasource.path === ':memory:' ? datasource.path : path.resolve(cwd, datasource.path) };
    case 'csv':
      return { type: 'csv', path: filePath(datasource.path, cwd), table: name, csv: csvOptions(datasource) };
    case 'parquet':
      return { type: 'parquet', path: filePath(datasource.path, cwd), table: name };
    case 'postgres':
      return { type: 'postgres', url: datasource.url };
    case 'mysql':
    case 'mariadb':
      return { type: 'mysql', url: datasource.url };
    case 'service':
      return null;
  }
}

type FileDatasource = Extract<DatasourceSpec, { type: 'csv' | 'parquet' }>;

function isFileDatasource(datasource: DatasourceSpec): datasource is FileDatasource {
  return datasource.type === 'csv' || datasource.type === 'parquet';
}

/** The view name as a `dataset`: quoted when the key contains a dot or a quote (so it stays one name). */
function fileViewDataset(key: string): string {
  return /[."`]/.test(key) ? `"${key.replaceAll('"', '""')}"` : key;
}

/** Local paths (and globs) resolve against the repository root; URLs (s3://, https://) stay as they are. */
function filePath(location: string, cwd: string): string {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(location) ? location : path.resolve(cwd, location);
}

function csvOptions(datasource: Extract<DatasourceSpec, { type: 'csv' }>): CsvReadOptions {
  const options: CsvReadOptions = {};
  if (datasource.delimiter !== undefined) options.delimiter = datasource.delimiter;
  if (datasource.header !== undefined) options.header = datasource.header;
  if (datasource.quote !== undefined) options.quote = datasource.quote;
  if (datasource.escape !== undefined) options.escape = datasource.escape;
  if (datasource.null_string !== undefined) options.nullStrings = [datasource.null_string].flat();
  if (datasource.column_types !== undefined) options.columnTypes = { ...datasource.column_types };
  if (datasource.all_varchar !== undefined) options.allVarchar = datasource.all_varchar;
  if (datasource.thousands !== undefined) options.thousands = datasource.thousands;
  if (datasource.decimal_separator !== undefined) options.decimalSeparator = datasource.decimal_separator;
  return options;
}

function pairs(
  both: string[] | undefined,
  source: string[] | undefined,
  target: string[] | undefined,
): { source: string[]; target: string[] } | null {
  if (both) return { source: [...both], target: [...both] };
  if (source && target) return { source: [...source], target: [...target] };
  return null;
}
