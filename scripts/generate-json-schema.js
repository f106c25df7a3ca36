// Writes schema/data-comparisons.schema.json from the zod schema and refreshes the spec reference
// in README.md (run through `npm run schema`, which builds first). Unit tests fail when either the
// committed file or the README differs from this output.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { JSON_SCHEMA_PATH, specJsonSchemaText } from '../build/src/spec/json-schema.js';
import { withSpecReference } from '../build/src/spec/reference.js';

mkdirSync(path.dirname(JSON_SCHEMA_PATH), { recursive: true });
writeFileSync(JSON_SCHEMA_PATH, specJsonSchemaText());
console.log(`wrote ${JSON_SCHEMA_PATH}`);
writeFileSync('README.md', withSpecReference(readFileSync('README.md', 'utf8')));
console.log('refreshed the spec reference in README.md');
