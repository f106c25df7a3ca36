import { describe, expect, it } from 'vitest';
import { ConfigurationError, SpecError } from '../../../src/shared/errors.js';
import { loadSpec, parseSpec } from '../../../src/spec/load.js';
import { formatProblems } from '../../../src/spec/problems.js';

/** The printed problems of a spec text, as the CLI shows them. */
function problemsOf(text: string, env: NodeJS.ProcessEnv = {}): string {
  try {
    parseSpec(text, { file: 'spec.yml', env, cwd: '/repo' });
  } catch (error) {
    if (error instanceof SpecError) return formatProblems('spec.yml', error.problems);
    throw error;
  }
  throw new Error('expected the spec to be rejected');
}

const header = 'version: 1\ndatasources:\n  a: { type: sqlite, path: a.db }\n  b: { type: postgres, url: "postgres://x@h/db" }\ncomparisons:\n';

describe('spec problems', () => {
  it('places a YAML syntax error at its line', () => {
    expect(problemsOf('version: 1\ncomparisons:\n  - name: a\n    name: b\n  source: [\n')).toMatchInlineSnapshot(`
      "spec.yml: 3 problems; nothing was run.
      spec.yml:4:5  (yaml): Map keys must be unique
          hint: fix the YAML syntax
      spec.yml:5:1  (yaml): All mapping items must start at the same column
          hint: fix the YAML syntax
      spec.yml:6:1  (yaml): Flow sequence in block collection must be sufficiently indented and end with a ]
          hint: fix the YAML syntax"
    `);
  });

  it('names a missing environment variable and how to set it in a workflow', () => {
    expect(problemsOf('version: 1\ndatasources:\n  w: { type: postgres, url: "${WAREHOUSE_URL}" }\ncomparisons:\n  - { name: c, source: { datasource: w, dataset: t }, target: { datasource: w, dataset: u } }\n')).toMatchInlineSnapshot(`
      "spec.yml: 1 problem; nothing was run.
      spec.yml:3:29  datasources.w.url: environment variable WAREHOUSE_URL is not set
          hint: set it in the workflow step: \`env: { WAREHOUSE_URL: \${{ secrets.WAREHOUSE_URL }} }\` (a pull request from a fork gets no secrets), or \`export WAREHOUSE_URL=…\` in your shell"
    `);
  });

  it('explains bad datasource declarations', () => {
    expect(problemsOf('version: 2\nextra: 1\ndatasources:\n  o: { type: postgress, url: x }\n  p: { type: postgres }\n  s: { type: sqlite, path: a.db, url: x }\ncomparisons:\n  - { name: c, source: { datasource: s, dataset: t }, target: { datasource: s, dataset: u } }\n')).toMatchInlineSnapshot(`
      "spec.yml: 5 problems; nothing was run.
      spec.yml:1:10  version: must be 1, not 2
          hint: write \`version: 1\` at the top of the file
      spec.yml:2:1  extra: unknown key \`extra\`
          hint: allowed keys: \`version\`, \`datasources\`, \`defaults\`, \`comparisons\`, \`dbt\`
      spec.yml:4:14  datasources.o.type: unknown type "postgress"
          hint: did you mean \`postgres\`?
      spec.yml:5:3  datasources.p.url: is required
          hint: e.g. url: "\${DATABASE_URL}" and set DATABASE_URL from a secret in the workflow step's env:
      spec.yml:6:34  datasources.s.url: unknown key \`url\`
          hint: allowed keys: \`type\`, \`path\`, \`service\`"
    `);
  });

  it('explains exclusive fields, paired lists and duplicate names', () => {
    expect(
      problemsOf(
        header +
          '  - name: c\n    source: { datasource: a, dataset: t, filter: "x > 1" }\n    target: { datasource: a }\n    source_filter: "y > 2"\n    columns: [x]\n    source_columns: [y]\n' +
          '  - name: c\n    source: { datasource: c, table: t }\n    target: { datasource: b, dataset: u }\n    source_columns: [x, y]\n    target_columns: [x]\n    primary_keys_source: [id]\n    primary_keys: [id, id]\n    tolerance: { z: 1 }\n',
      ),
    ).toMatchInlineSnapshot(`
      "spec.yml: 10 problems; nothing was run.
      spec.yml:8:13  comparisons[0].target: needs \`dataset\` or \`query\`
          hint: dataset: a table name (schema.table), or query: a SELECT
      spec.yml:9:20  comparisons[0].source_filter: \`source_filter\` and \`source.filter\` are both set
          hint: keep one of the two spellings
      spec.yml:11:21  comparisons[0].source_columns: \`columns\` and \`source_columns\`/\`target_columns\` are exclusive
          hint: use \`columns\` when the names are the same on both sides, else the two lists paired by position
      spec.yml:12:11  comparisons[1].name: duplicate name \`c\` (also comparisons[0])
          hint: every comparison needs its own name; reports and --comparison refer to it
      spec.yml:13:13  comparisons[1].source: needs \`dataset\` or \`query\`
          hint: dataset: a table name (schema.table), or query: a SELECT
      spec.yml:13:27  comparisons[1].source.datasource: unknown datasource \`c\`
          hint: did you mean \`a\`?
      spec.yml:13:30  comparisons[1].source.table: unknown key \`table\`
          hint: did you mean \`dataset\`?
      spec.yml:16:21  comparisons[1].target_columns: lists 1 name(s) but \`source_columns\` lists 2
          hint: the lists pair by position (first with first), so they need the same length
      spec.yml:17:26  comparisons[1].primary_keys_source: \`primary_keys\` and \`primary_keys_source\`/\`primary_keys_target\` are exclusive
          hint: use \`primary_keys\` when the names are the same on both sides, else the two lists paired by position
      spec.yml:19:18  comparisons[1].tolerance.z: \`z\` is not a compared source column
          hint: did you mean \`x\`?"
    `);
  });

  it('explains missing sides, bad types and API-document spellings', () => {
    expect(
      problemsOf(
        header +
          '  - name: only-source\n    source: { datasource: a, dataset: t }\n' +
          '  - name: nothing\n' +
          '  - name: api\n    comparison_id: not-a-uuid\n    source_query: select 1\n    max_diff_rows: -1\n    case_sensitive: "yes"\n    primary_keys: []\n',
      ),
    ).toMatchInlineSnapshot(`
      "spec.yml: 7 problems; nothing was run.
      spec.yml:6:5  comparisons[0].target: is required
          hint: \`source\` is set, so \`target\` is needed too
      spec.yml:8:5  comparisons[1]: needs \`source\` and \`target\`
          hint: e.g. source: { datasource: legacy, dataset: orders }; or \`comparison_id\` to run a comparison stored on the service (api mode)
      spec.yml:10:20  comparisons[2].comparison_id: must be a UUID such as 3f2b9c1e-0000-4000-8000-000000000001
      spec.yml:11:5  comparisons[2].source_query: unknown key \`source_query\`
          hint: write it as \`source: { datasource: …, query: … }\`
      spec.yml:12:20  comparisons[2].max_diff_rows: must be at least 0
      spec.yml:13:21  comparisons[2].case_sensitive: must be true or false, not the string "yes"
      spec.yml:14:19  comparisons[2].primary_keys: must list at least one column"
    `);
  });

  it('asks to quote a name YAML reads as a number or boolean', () => {
    expect(problemsOf(header + '  - { name: 2024, source: { datasource: a, dataset: on }, target: { datasource: a, dataset: yes } }\n')).toMatchInlineSnapshot(`
      "spec.yml: 1 problem; nothing was run.
      spec.yml:6:13  comparisons[0].name: must be a string, not 2024
          hint: YAML reads 2024 as a number; write it in quotes: "2024""
    `);
  });

  it('checks the dbt section: known datasources, select, overrides; no comparisons needed with it', () => {
    expect(
      problemsOf('version: 1\ndatasources:\n  wh: { type: postgres, url: "postgres://wh@db/dw" }\ndbt:\n  datasource: warehose\n  select: changed\n  models:\n    orders: { primary_key: [id] }\n'),
    ).toMatchInlineSnapshot(`
      "spec.yml: 3 problems; nothing was run.
      spec.yml:5:15  dbt.datasource: datasource \`warehose\` is not declared
          hint: allowed datasources: \`wh\`
      spec.yml:6:11  dbt.select: must be "modified" or "modified+", not the string "changed"
      spec.yml:8:15  dbt.models.orders.primary_key: unknown key \`primary_key\`
          hint: did you mean \`primary_keys\`?"
    `);
  });

  it('requires comparisons', () => {
    expect(problemsOf('version: 1\n')).toMatchInlineSnapshot(`
      "spec.yml: 1 problem; nothing was run.
      spec.yml:1:1  comparisons: is required
          hint: list the comparisons to run under \`comparisons:\`, or add a \`dbt:\` section that derives them from dbt manifests"
    `);
    expect(problemsOf('')).toMatchInlineSnapshot(`
      "spec.yml: 2 problems; nothing was run.
      spec.yml:1:1  comparisons: is required
          hint: list the comparisons to run under \`comparisons:\`, or add a \`dbt:\` section that derives them from dbt manifests
      spec.yml:1:1  version: is required
          hint: write \`version: 1\` at the top of the file"
    `);
  });

  it('explains a document that is not a mapping', () => {
    expect(problemsOf('- just\n- a list\n')).toMatchInlineSnapshot(`
      "spec.yml: 1 problem; nothing was run.
      spec.yml:1:1  (root): must be a mapping (key: value), not a list"
    `);
  });

  it('accepts YAML anchors and merge keys, and still points at the right lines', () => {
    const text = (targetKey: string) =>
      [
        'version: 1',
        'datasources: { d: { type: sqlite, path: a.db } }',
        'comparisons:',
        '  - name: a',
        '    source: &side { datasource: d, dataset: t }',
        `    target: { <<: *side, ${targetKey}: u }`,
        '',
      ].join('\n');
    const [definition] = parseSpec(text('dataset'), { file: 's.yml' }).definitions;
    expect(definition?.target).toMatchObject({ datasourceName: 'd', dataset: 'u' });
    expect(problemsOf(text('datset'))).toMatchInlineSnapshot(`
      "spec.yml: 1 problem; nothing was run.
      spec.yml:6:26  comparisons[0].target.datset: unknown key \`datset\`
          hint: did you mean \`dataset\`?"
    `);
  });

  it('accepts a comparison with only comparison_id (api mode)', () => {
    const loaded = parseSpec('version: 1\ncomparisons:\n  - { name: s, comparison_id: 3f2b9c1e-0000-4000-8000-000000000001 }\n', { file: 's.yml' });
    expect(loaded.definitions[0]?.comparisonId).toBe('3f2b9c1e-0000-4000-8000-000000000001');
  });

  it('refuses accept on a stored comparison, whose configuration on the service decides, and applies no defaults.accept to it', () => {
    const id = '3f2b9c1e-0000-4000-8000-000000000001';
    const error = (() => {
      try {
        parseSpec(`version: 1\ncomparisons:\n  - name: s\n    comparison_id: ${id}\n    accept: [case]\n`, { file: 's.yml' });
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(SpecError);
    expect((error as SpecError).message).toContain('s.yml:5');
    expect((error as SpecError).message).toContain('comparisons[0].accept: does not apply to a stored comparison');
    const loaded = parseSpec(`version: 1\ndefaults: { accept: [case] }\ncomparisons:\n  - { name: s, comparison_id: ${id} }\n`, { file: 's.yml' });
    expect(loaded.definitions[0]?.accept).toBeUndefined();
  });

  it('says which file is missing and how to point at another', async () => {
    const error = await loadSpec('nope/missing.yml', { cwd: '/tmp' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConfigurationError);
    expect(error).not.toBeInstanceOf(SpecError);
    expect([(error as ConfigurationError).message, (error as ConfigurationError).hint]).toMatchInlineSnapshot(`
      [
        "spec file nope/missing.yml does not exist",
        "create it (see the README's spec reference) or point to it with --spec / the \`spec\` input",
      ]
    `);
  });
});
