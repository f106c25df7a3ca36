/**
 * Builds dbt manifests in memory, following dbt's published schemas (v10–v12): the fields dbt writes
 * for models and generic tests that datacompare reads. Used where the real fixtures lack a case.
 */
import { createHash } from 'node:crypto';

export interface ModelFixture {
  name: string;
  schema: string;
  /** The model's SQL; its sha256 is the checksum, as dbt computes it. */
  sql: string;
  materialized?: 'table' | 'view' | 'incremental' | 'ephemeral';
  alias?: string;
  columns?: { name: string; data_type?: string; constraints?: { type: string }[] }[];
  constraints?: { type: string; columns?: string[] }[];
  uniqueKey?: string | string[];
  meta?: Record<string, unknown>;
  tags?: string[];
  path?: string;
  dependsOn?: string[];
  tests?: { unique?: string[]; notNull?: string[]; combination?: string[] };
  package?: string;
  /** Project macros this model calls (by name). */
  macros?: string[];
}

export interface ManifestFixture {
  version?: 10 | 11 | 12;
  project?: string;
  database?: string;
  models: ModelFixture[];
  /** Project macros: name → SQL. */
  macros?: Record<string, string>;
}

export function buildManifest(fixture: ManifestFixture): Record<string, unknown> {
  const project = fixture.project ?? 'shop';
  const nodes: Record<string, unknown> = {};
  const id = (name: string, pkg = project) => `model.${pkg}.${name}`;
  for (const m of fixture.models) {
    const pkg = m.package ?? project;
    const uid = id(m.name, pkg);
    const alias = m.alias ?? m.name;
    nodes[uid] = {
      unique_id: uid,
      resource_type: 'model',
      name: m.name,
      package_name: pkg,
      database: fixture.database ?? 'warehouse',
      schema: m.schema,
      alias,
      relation_name: `"${fixture.database ?? 'warehouse'}"."${m.schema}"."${alias}"`,
      original_file_path: m.path ?? `models/${m.name}.sql`,
      path: `${m.name}.sql`,
      fqn: [pkg, m.name],
      checksum: { name: 'sha256', checksum: createHash('sha256').update(m.sql).digest('hex') },
      tags: m.tags ?? [],
      meta: m.meta ?? {},
      config: {
        enabled: true,
        materialized: m.materialized ?? 'table',
        tags: m.tags ?? [],
        meta: m.meta ?? {},
        contract: { enforced: false, alias_types: true },
        ...(m.uniqueKey !== undefined && { unique_key: m.uniqueKey }),
        ...(m.alias !== undefined && { alias: m.alias }),
      },
      columns: Object.fromEntries((m.columns ?? []).map((c) => [c.name, { name: c.name, data_type: c.data_type ?? null, constraints: c.constraints ?? [], meta: {}, tags: [] }])),
      constraints: m.constraints ?? [],
      depends_on: { macros: (m.macros ?? []).map((name) => `macro.${project}.${name}`), nodes: (m.dependsOn ?? []).map((d) => (d.includes('.') ? d : id(d))) },
      raw_code: m.sql,
    };
    const test = (name: string, kwargs: Record<string, unknown>, column: string | null, namespace: string | null = null) => {
      const tid = `test.${project}.${name}_${m.name}_${column ?? 'combo'}.0000`;
      nodes[tid] = {
        unique_id: tid,
        resource_type: 'test',
        name: `${name}_${m.name}_${column ?? 'combo'}`,
        package_name: project,
        database: fixture.database ?? 'warehouse',
        schema: `${m.schema}_dbt_test__audit`,
        original_file_path: `models/schema.yml`,
        checksum: { name: 'none', checksum: '' },
        config: { enabled: true, materialized: 'test', severity: 'ERROR' },
        columns: {},
        depends_on: { macros: [`macro.dbt.test_${name}`], nodes: [uid] },
        test_metadata: { name, namespace, kwargs: { ...kwargs, model: `{{ get_where_subquery(ref('${m.name}')) }}` } },
        column_name: column,
        attached_node: uid,
      };
    };
    for (const c of m.tests?.unique ?? []) test('unique', { column_name: c }, c);
    for (const c of m.tests?.notNull ?? []) test('not_null', { column_name: c }, c);
    if (m.tests?.combination) test('unique_combination_of_columns', { combination_of_columns: m.tests.combination }, null, 'dbt_utils');
  }
  return {
    metadata: {
      dbt_schema_version: `https://schemas.getdbt.com/dbt/manifest/v${fixture.version ?? 12}.json`,
      dbt_version: fixture.version === 10 ? '1.6.0' : fixture.version === 11 ? '1.7.0' : '1.8.0',
      generated_at: '2026-01-01T00:00:00Z',
      project_name: project,
      project_id: createHash('md5').update(project).digest('hex'),
      adapter_type: 'postgres',
    },
    nodes,
    sources: {},
    macros: Object.fromEntries(
      Object.entries(fixture.macros ?? {}).map(([name, sql]) => [
        `macro.${project}.${name}`,
        { unique_id: `macro.${project}.${name}`, name, package_name: project, macro_sql: sql, depends_on: { macros: [] } },
      ]),
    ),
    child_map: {},
    parent_map: {},
  };
}
