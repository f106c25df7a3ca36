/**
 * The JSON Schema of the spec file, generated from the zod schema (the one source of truth) and
 * committed as schema/data-comparisons.schema.json so editors can validate and complete spec files.
 * `npm run schema` rewrites it; a test fails when the committed file is stale.
 */
import { z } from 'zod';
import { specSchema } from './schema.js';

export const JSON_SCHEMA_PATH = 'schema/data-comparisons.schema.json';

export function specJsonSchema(): Record<string, unknown> {
  const generated = z.toJSONSchema(specSchema, { io: 'input', target: 'draft-2020-12', unrepresentable: 'throw' });
  return {
    $schema: generated.$schema,
    title: 'datacompare spec file (.github/data-comparisons.yml)',
    ...generated,
  };
}

/** The file's exact text: two-space JSON with a final newline. */
export function specJsonSchemaText(): string {
  return `${JSON.stringify(specJsonSchema(), null, 2)}\n`;
}
