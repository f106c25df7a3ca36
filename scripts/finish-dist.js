// After ncc: marks dist/ as ESM (the bundle uses import/export and top-level await) so
// `node dist/index.js` (the runner's node24) loads it as a module.
// ncc copies the SQLite worker's entry (new Worker(new URL('./worker.js', …))) as dist/worker.js
// without its imports: it is bundled on its own into dist/sqlite-worker/, which dist/worker.js loads.
import { existsSync, writeFileSync } from 'node:fs';

writeFileSync('dist/package.json', `${JSON.stringify({ type: 'module' }, null, 2)}\n`);
if (!existsSync('dist/sqlite-worker/index.js')) throw new Error('dist/sqlite-worker/index.js is missing: run `npm run bundle`');
writeFileSync('dist/worker.js', "// The SQLite connection's worker thread (bundled in sqlite-worker/).\nimport './sqlite-worker/index.js';\n");
console.log('dist/ ready: dist/index.js (main and post), dist/package.json {"type":"module"}');
