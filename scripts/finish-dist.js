// After ncc: marks dist/ as ESM (the bundle uses import/export and top-level await) so
// `node dist/index.js` (the runner's node24) loads it as a module, and puts PostgreSQL's parser
// (libpg-query's WebAssembly, which its loader reads from beside the chunk that imports it) in dist/.
import { copyFileSync, writeFileSync } from 'node:fs';

writeFileSync('dist/package.json', `${JSON.stringify({ type: 'module' }, null, 2)}\n`);
copyFileSync('node_modules/libpg-query/wasm/libpg-query.wasm', 'dist/libpg-query.wasm');
console.log('dist/ ready: dist/index.js (main and post), dist/package.json {"type":"module"}, dist/libpg-query.wasm');
