/**
 * Reads a dbt `manifest.json` (the artifact `dbt build` / `dbt compile` leave in `target/`): parsed
 * once with JSON.parse, then only the fields we use are validated with zod, node by node, so a
 * 50 MB manifest is never copied whole. Schema versions v9–v12 (dbt 1.5 and later) are understood.
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { ConfigurationError } from '../shared/errors.js';

export const SUPPORTED_SCHEMA_VERSIONS = [9, 10, 11, 12] as const;

const stringList = z.array(z.string()).catch([]);
const constraint = z.looseObject({ type: z.string(), columns: z.array(z.string()).nullish() });

const columnSchema = z.looseObject({
  name: z.string(),
  data_type: z.string().nullish(),
  constraints: z.array(constraint).catch([]).default([]),
});

const nodeSchema = z.looseObject({
  unique_id: z.string(),
  resource_type: z.string(),
  name: z.string(),
  package_name: z.string(),
  database: z.string().nullish(),
  schema: z.string(),
  alias: z.string().nullish(),
  relation_name: z.string().nullish(),
  original_file_path: z.string().default(''),
  checksum: z.looseObject({ checksum: z.string() }).optional(),
  tags: stringList.default([]),
  meta: z.record(z.string(), z.unknown()).catch({}).default({}),
  config: z
    .looseObject({
      materialized: z.string().default('view'),
      enabled: z.boolean().default(true),
      unique_key: z.union([z.string(), z.array(z.string())]).nullish(),
      meta: z.record(z.string(), z.unknown()).catch({}).default({}),
      contract: z.looseObject({ enforced: z.boolean().default(false) }).nullish(),
    })
    .default({ materialized: 'view', enabled: true, meta: {} }),
  columns: z.record(z.string(), columnSchema).catch({}).default({}),
  constraints: z.array(constraint).catch([]).default([]),
  depends_on: z.looseObject({ nodes: stringList.default([]), macros: stringList.default([]) }).default({ nodes: [], macros: [] }),
  version: z.union([z.string(), z.number()]).nullish(),
  test_metadata: z
    .looseObject({ name: z.string(), namespace: z.string().nullish(), kwargs: z.record(z.string(), z.unknown()).catch({}).default({}) })
    .nullish(),
  attached_node: z.string().nullish(),
  column_name: z.string().nullish(),
});

export type DbtNode = z.infer<typeof nodeSchema>;

const RELATION_TYPES = new Set(['model', 'seed', 'snapshot']);

export interface Manifest {
  /** The path as given (shown in messages). */
  file: string;
  schemaVersion: number;
  dbtVersion: string;
  projectName: string | undefined;
  projectId: string | undefined;
  /** Models, seeds and snapshots by unique_id (disabled nodes are not in `nodes`). */
  nodes: Map<string, DbtNode>;
  /** Generic tests (unique, not_null, unique_combination_of_columns...) by the node they test. */
  testsByNode: Map<string, DbtNode[]>;
  /** Every macro's SQL and the macros it calls, by unique_id (a changed macro changes its users). */
  macros: Map<string, { sql: string; calls: string[] }>;
}

/** Reads and checks a manifest file; every problem is a ConfigurationError naming the file and the fix. */
export function readManifest(file: string, absolute: string, role: 'manifest' | 'base_manifest'): Manifest {
  let text: string;
  try {
    text = readFileSync(absolute, 'utf8');
  } catch (error) {
    const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
    throw new ConfigurationError(`dbt ${role} ${file} ${missing ? 'does not exist' : 'cannot be read'}`, {
      cause: error,
      hint:
        role === 'manifest'
          ? 'run `dbt build` (or `dbt compile`) before this step so target/manifest.json exists, or set dbt.manifest / the dbt-manifest input'
          : "download production's manifest.json (from the deploy job's artifact or your bucket) before this step, or set dbt.base_manifest / the dbt-base-manifest input",
    });
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw new ConfigurationError(`dbt ${role} ${file} is not JSON (${(error as Error).message})`, {
      cause: error,
      hint: 'point it at the manifest.json that dbt writes into target/ (not run_results.json or a YAML file)',
    });
  }
  return toManifest(raw, file, role);
}

/** A manifest already parsed (JSON.parse) → the checked, indexed Manifest. */
export function toManifest(raw: unknown, file: string, role: string): Manifest {
  const top = raw !== null && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
  const metadata = (top.metadata ?? {}) as Record<string, unknown>;
  const versionUrl = typeof metadata.dbt_schema_version === 'string' ? metadata.dbt_schema_version : '';
  const match = /\/manifest\/v(\d+)\.json$/.exec(versionUrl);
  const version = match ? Number(match[1]) : Number.NaN;
  if (!(SUPPORTED_SCHEMA_VERSIONS as readonly number[]).includes(version) || typeof top.nodes !== 'object' || top.nodes === null) {
    throw new ConfigurationError(
      `dbt ${role} ${file} is ${versionUrl ? `of schema ${versionUrl}, which datacompare does not read` : 'not a dbt manifest (no metadata.dbt_schema_version)'}`,
      { hint: `datacompare reads manifest schemas v${SUPPORTED_SCHEMA_VERSIONS[0]}–v${SUPPORTED_SCHEMA_VERSIONS.at(-1)} (dbt 1.5 and later): build it with a recent dbt` },
    );
  }
  const nodes = new Map<string, DbtNode>();
  const testsByNode = new Map<string, DbtNode[]>();
  for (const [id, value] of Object.entries(top.nodes as Record<string, unknown>)) {
    const type = (value as { resource_type?: unknown } | null)?.resource_type;
    if (type !== 'test' && !RELATION_TYPES.has(type as string)) continue;
    const parsed = nodeSchema.safeParse(value);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new ConfigurationError(`dbt ${role} ${file}: node ${id} is malformed (${issue?.path.join('.') ?? ''}: ${issue?.message ?? ''})`, {
        hint: 'regenerate the manifest with `dbt compile`; a hand-edited or truncated manifest cannot be read',
      });
    }
    const node = parsed.data;
    if (!node.config.enabled) continue;
    if (type === 'test') {
      for (const parent of testedNodes(node)) {
        const list = testsByNode.get(parent) ?? [];
        list.push(node);
        testsByNode.set(parent, list);
      }
    } else nodes.set(id, node);
  }
  return {
    file,
    macros: macrosOf(top.macros),
    schemaVersion: version,
    dbtVersion: typeof metadata.dbt_version === 'string' ? metadata.dbt_version : 'unknown',
    projectName: typeof metadata.project_name === 'string' ? metadata.project_name : undefined,
    projectId: typeof metadata.project_id === 'string' ? metadata.project_id : undefined,
    nodes,
    testsByNode,
  };
}

function macrosOf(raw: unknown): Map<string, { sql: string; calls: string[] }> {
  const macros = new Map<string, { sql: string; calls: string[] }>();
  if (raw === null || typeof raw !== 'object') return macros;
  for (const [id, value] of Object.entries(raw as Record<string, unknown>)) {
    const macro = value as { macro_sql?: unknown; depends_on?: { macros?: unknown } } | null;
    const calls = macro?.depends_on?.macros;
    macros.set(id, {
      sql: typeof macro?.macro_sql === 'string' ? macro.macro_sql : '',
      calls: Array.isArray(calls) ? calls.filter((c): c is string => typeof c === 'string') : [],
    });
  }
  return macros;
}

/** A generic test belongs to `attached_node` (dbt ≥ 1.5); older tests only list their parents. */
function testedNodes(test: DbtNode): string[] {
  if (test.attached_node) return [test.attached_node];
  return test.depends_on.nodes.filter((id) => !id.startsWith('macro.'));
}

/** Two manifests must describe the same dbt project; else every model would look new. */
export function checkSameProject(pr: Manifest, base: Manifest): void {
  const differ =
    (pr.projectId !== undefined && base.projectId !== undefined && pr.projectId !== base.projectId) ||
    (pr.projectName !== undefined && base.projectName !== undefined && pr.projectName !== base.projectName);
  if (differ) {
    throw new ConfigurationError(
      `dbt manifests ${pr.file} and ${base.file} come from different projects (${pr.projectName ?? pr.projectId} vs ${base.projectName ?? base.projectId})`,
      { hint: "set dbt.base_manifest (or the dbt-base-manifest input) to production's manifest of this same project" },
    );
  }
}
