// After ncc: marks dist/ as ESM (the bundle uses import/export and top-level await) so
// `node dist/index.js` (the runner's node24) loads it as a module, and writes dist/licenses.txt, the
// notices of every package in the bundle and its lazy chunks (ncc's own --license list leaves out the
// packages of the main chunk). The module list is kept in build/dist-modules.json for check-licenses.
// It also puts PostgreSQL's parser (libpg-query's WebAssembly, which its loader reads from beside the
// chunk that imports it) in dist/. ncc copies the SQLite worker process's entry (fork(new URL('./worker.js', …)))
// as dist/worker.js without its imports: it is bundled on its own into dist/sqlite-worker/, which dist/worker.js loads.
import { copyFileSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { bundledPackages, renderNotices } from './licenses.js';

const root = path.resolve(import.meta.dirname, '..');
writeFileSync(path.join(root, 'dist/package.json'), `${JSON.stringify({ type: 'module' }, null, 2)}\n`);
copyFileSync(path.join(root, 'node_modules/libpg-query/wasm/libpg-query.wasm'), path.join(root, 'dist/libpg-query.wasm'));
if (!existsSync(path.join(root, 'dist/sqlite-worker/index.js'))) throw new Error('dist/sqlite-worker/index.js is missing: run `npm run bundle`');
writeFileSync(path.join(root, 'dist/worker.js'), "// The SQLite connection's worker process (bundled in sqlite-worker/).\nimport './sqlite-worker/index.js';\n");

const stats = JSON.parse(readFileSync(path.join(root, 'build/ncc-stats.json'), 'utf8'));
const modules = new Set();
const walk = (list = []) => {
  for (const m of list) {
    if (m.modules) walk(m.modules);
    else if (m.name) modules.add(m.name.replace(/ \+ \d+ modules$/, ''));
  }
};
walk(stats.modules);
for (const child of stats.children ?? []) walk(child.modules);
// webpack's runtime (ncc's) is in every bundle too
const list = [...modules, './node_modules/@vercel/ncc/package.json'].sort();
writeFileSync(path.join(root, 'build/dist-modules.json'), `${JSON.stringify(list, null, 1)}\n`);
writeFileSync(path.join(root, 'dist/licenses.txt'), renderNotices(bundledPackages(list, root), root));

const chunks = readdirSync(path.join(root, 'dist')).filter((f) => /^\d+\.index\.js$/.test(f));
console.log(`dist/ ready: dist/index.js (main and post) and ${chunks.length} lazy chunks, dist/package.json {"type":"module"}, dist/licenses.txt, dist/libpg-query.wasm`);
