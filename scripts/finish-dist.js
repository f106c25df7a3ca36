// After ncc: marks dist/ as ESM (the bundle uses import/export and top-level await) so
// `node dist/index.js` (the runner's node24) loads it as a module.
import { writeFileSync } from 'node:fs';

writeFileSync('dist/package.json', `${JSON.stringify({ type: 'module' }, null, 2)}\n`);
console.log('dist/ ready: dist/index.js (main and post), dist/package.json {"type":"module"}');
