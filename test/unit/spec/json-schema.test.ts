import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { JSON_SCHEMA_PATH, specJsonSchema, specJsonSchemaText } from '../../../src/spec/json-schema.js';

describe('the committed JSON Schema', () => {
  it('is what the zod schema generates (run `npm run schema` after changing src/spec/schema.ts)', () => {
    const committed = readFileSync(JSON_SCHEMA_PATH, 'utf8');
    expect(committed, `${JSON_SCHEMA_PATH} is stale: run npm run schema and commit it`).toBe(specJsonSchemaText());
  });

  it('describes the spec: required fields, strict objects, the datasource types', () => {
    const schema = specJsonSchema() as {
      required: string[];
      additionalProperties: boolean;
      properties: { datasources: { additionalProperties: { oneOf: { properties: { type: { const?: string; enum?: string[] } } }[] } } };
    };
    expect(schema.required).toEqual(['version']);
    expect(schema.additionalProperties).toBe(false);
    const types = schema.properties.datasources.additionalProperties.oneOf.flatMap((o) => o.properties.type.const ?? o.properties.type.enum);
    expect(types).toEqual(expect.arrayContaining(['sqlite', 'postgres', 'mysql', 'mariadb', 'service']));
  });
});

describe('the README spec reference', () => {
  it('is the one generated from the schema (run `npm run schema`)', async () => {
    const { withSpecReference } = await import('../../../src/spec/reference.js');
    const readme = readFileSync('README.md', 'utf8');
    expect(readme, 'README.md spec reference is stale: run npm run schema').toBe(withSpecReference(readme));
    expect(readme).toContain('| `primary_keys` | list of string |  | key columns, same names on both sides |');
  });
});
