/**
 * From a spec's `dbt` section to comparisons: read both manifests, find what the pull request
 * changed, and turn every changed relation into a ComparisonDefinition (production → PR) whose key
 * comes from the manifest. The explicit `comparisons:` keep running beside them.
 */
import path from 'node:path';
import type { ComparisonDefinition, DbtRunInfo } from '../engine/model.js';
import { ConfigurationError } from '../shared/errors.js';
import type { LoadedSpec } from '../spec/load.js';
import { DEFAULT_MAX_DIFF_ROWS, resolveSide } from '../spec/resolve.js';
import type { DbtSpec, Spec } from '../spec/schema.js';
import { describeReason, detectChanges, type ChangedNode } from './changes.js';
import { discoverKey } from './keys.js';
import { checkSameProject, readManifest, type DbtNode } from './manifest.js';
import { isExcluded } from './select.js';

export interface DbtOptions {
  /** The repository root: manifest paths resolve against it. */
  cwd: string;
  /** The dbt-manifest / dbt-base-manifest inputs: they win over the spec's paths. */
  manifest?: string;
  baseManifest?: string;
  /** The max-diff-rows input; the spec's defaults win. */
  maxDiffRows?: number;
}

export interface DbtLoadedSpec extends LoadedSpec {
  dbt?: DbtRunInfo;
}

/** The loaded spec with the dbt-derived comparisons appended (unchanged when there is no `dbt` section). */
export function addDbtComparisons(loaded: LoadedSpec, options: DbtOptions): DbtLoadedSpec {
  const dbt = loaded.spec.dbt;
  if (!dbt) return loaded;
  const manifestPath = options.manifest ?? dbt.manifest;
  const basePath = options.baseManifest ?? dbt.base_manifest;
  if (!basePath) {
    throw new ConfigurationError(`the dbt section of ${loaded.file} names no base manifest`, {
      hint: "set dbt.base_manifest (or the dbt-base-manifest input) to production's manifest.json, e.g. downloaded from the deploy job's artifact",
    });
  }
  const pr = readManifest(manifestPath, path.resolve(options.cwd, manifestPath), 'manifest');
  const base = readManifest(basePath, path.resolve(options.cwd, basePath), 'base_manifest');
  checkSameProject(pr, base);

  const changes = detectChanges(pr, base, dbt.select);
  const kept = changes.changed.filter((c) => !isExcluded(c.node, dbt.exclude));
  const excluded = changes.changed.filter((c) => isExcluded(c.node, dbt.exclude));
  const taken = new Set(loaded.definitions.map((d) => d.name));
  const modelName = (node: DbtNode) => (node.version !== undefined && node.version !== null ? `${node.name}_v${node.version}` : node.name);
  const duplicateNames = new Set(kept.map((c) => modelName(c.node)).filter((name, i, all) => all.indexOf(name) !== i));
  const location = { file: loaded.file, ...(loaded.dbtLocation ?? { line: 0, column: 0 }) };

  const derived = kept.map((change): ComparisonDefinition => {
    let name = duplicateNames.has(modelName(change.node)) ? `${change.node.package_name}.${modelName(change.node)}` : modelName(change.node);
    if (taken.has(name)) name = `dbt:${name}`;
    taken.add(name);
    return definitionFor(change, name, { spec: loaded.spec, dbt, cwd: options.cwd, location, maxDiffRows: options.maxDiffRows, tests: pr.testsByNode });
  });
  const summary = (node: DbtNode) => ({ unique_id: node.unique_id, name: node.name, relation: relationName(node) });
  return {
    ...loaded,
    definitions: [...loaded.definitions, ...derived],
    dbt: {
      manifest: manifestPath,
      base_manifest: basePath,
      select: dbt.select,
      added: changes.added.filter((n) => !isExcluded(n, dbt.exclude)).map(summary),
      removed: changes.removed.filter((n) => !isExcluded(n, dbt.exclude)).map(summary),
      excluded: excluded.map((c) => ({ unique_id: c.node.unique_id, name: c.node.name })),
    },
  };
}

interface DefinitionContext {
  spec: Spec;
  dbt: DbtSpec;
  cwd: string;
  location: ComparisonDefinition['location'];
  maxDiffRows: number | undefined;
  tests: Map<string, DbtNode[]>;
}

function definitionFor(change: ChangedNode, name: string, context: DefinitionContext): ComparisonDefinition {
  const { node } = change;
  const prod = change.base ?? node;
  const override = context.dbt.models[`${node.package_name}.${node.name}`] ?? context.dbt.models[node.name];
  const key = discoverKey(node, context.tests.get(node.unique_id) ?? [], override?.primary_keys);
  const defaults = context.spec.defaults ?? {};
  const noKey = key.columns.length === 0;
  const definition: ComparisonDefinition = {
    name,
    location: context.location,
    source: resolveSide(context.spec, { datasource: context.dbt.base_datasource ?? context.dbt.datasource, dataset: dataset(prod) }, context.cwd),
    target: resolveSide(context.spec, { datasource: context.dbt.datasource, dataset: dataset(node) }, context.cwd),
    columns: null,
    primaryKeys: noKey ? null : { source: key.columns.map(unquote), target: key.columns.map(unquote) },
    caseSensitive: override?.case_sensitive ?? defaults.case_sensitive ?? false,
    quickComparison: noKey || (defaults.quick_comparison ?? false),
    schemaDiff: true,
    tolerance: { ...override?.tolerance },
    thresholds: {
      ...(defaults.thresholds?.max_mismatched_rows !== undefined && { maxMismatchedRows: defaults.thresholds.max_mismatched_rows }),
      ...(defaults.thresholds?.max_mismatch_ratio !== undefined && { maxMismatchRatio: defaults.thresholds.max_mismatch_ratio }),
    },
    maxDiffRows: defaults.max_diff_rows ?? context.maxDiffRows ?? DEFAULT_MAX_DIFF_ROWS,
    dbt: { unique_id: node.unique_id, reason: describeReason(change.reason), key_source: key.source, downstream: change.reason.kind === 'downstream' },
  };
  if (noKey) definition.profile = true;
  if (override?.exclude_columns) definition.excludeColumns = [...override.exclude_columns];
  const declared = declaredColumns(node, prod, [...key.columns.map(unquote), ...(override?.exclude_columns ?? [])]);
  if (declared.length > 0) definition.declaredColumns = declared;
  if (defaults.timeout_minutes !== undefined) definition.timeoutMs = Math.round(defaults.timeout_minutes * 60_000);
  return definition;
}

/** The columns both versions of the model declare (the PR's spelling), keys and excluded columns left out. */
function declaredColumns(node: DbtNode, prod: DbtNode, leaveOut: string[]): string[] {
  const inProd = new Set(Object.values(prod.columns).map((c) => unquote(c.name).toLowerCase()));
  const skip = new Set(leaveOut.map((c) => c.toLowerCase()));
  return Object.values(node.columns)
    .map((c) => unquote(c.name))
    .filter((name) => inProd.has(name.toLowerCase()) && !skip.has(name.toLowerCase()));
}

/** `"schema"."alias"`: the datasource names the database; quoted so dots and case survive. */
export function dataset(node: DbtNode): string {
  const quote = (part: string) => `"${part.replaceAll('"', '""')}"`;
  return `${quote(node.schema)}.${quote(node.alias ?? node.name)}`;
}

/** The relation as dbt names it (for reports). */
export function relationName(node: DbtNode): string {
  return node.relation_name ?? [node.database, node.schema, node.alias ?? node.name].filter(Boolean).join('.');
}

function unquote(column: string): string {
  return /^(["`]).*\1$/.test(column) ? column.slice(1, -1) : column;
}
