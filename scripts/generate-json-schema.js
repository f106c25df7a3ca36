// Writes schema/data-comparisons.schema.json from the zod schema (run through `npm run schema`,
// which builds first). A unit test fails when the committed file differs from this output.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { JSON_SCHEMA_PATH, specJsonSchemaText } from '../build/src/spec/json-schema.js';

mkdirSync(path.dirname(JSON_SCHEMA_PATH), { recursive: true });
writeFileSync(JSON_SCHEMA_PATH, specJsonSchemaText());
console.log(`wrote ${JSON_SCHEMA_PATH}`);
