// `npm run build` (after tsc): bundles the CLI into build/cli/ (cli.js and lazy chunks, one per dynamic
// import), which bin/datacompare.js runs. One file per chunk instead of ~200 modules resolved one by one
// halves the start-up of `validate` (issue #30); each command, dialect, the service, the GitHub and
// service clients stay in their own chunks, loaded only when used. DuckDB (native) is never bundled.
import { copyFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'rolldown';
import { bundledPackages, renderNotices } from './licenses.js';

const root = path.resolve(import.meta.dirname, '..');
const outDir = path.join(root, 'build/cli');
rmSync(outDir, { recursive: true, force: true });
const { output } = await build({
  cwd: root,
  // The SQLite connection's worker process is an entry of its own (a process starts from a file, not a chunk).
  input: { cli: 'build/src/entries/cli.js', 'sqlite-worker': 'build/src/dialects/sqlite/worker.js' },
  platform: 'node',
  // pg-native: node-postgres' optional native binding (never used); DuckDB: imported at run time.
  external: ['pg-native', /^@duckdb\//],
  output: { dir: outDir, format: 'esm', chunkFileNames: 'chunks/[name]-[hash].js' },
  logLevel: 'warn',
});
// The SQLite connection forks `new URL('./worker.js', import.meta.url)` (dialects/sqlite/worker-process.ts):
// beside that chunk, a worker.js that loads the worker's entry.
for (const chunk of output) {
  if (chunk.type === 'chunk' && (chunk.moduleIds ?? []).some((id) => id.endsWith(path.join('dialects', 'sqlite', 'worker-process.js')))) {
    const dir = path.join(outDir, path.dirname(chunk.fileName));
    const entry = path.relative(dir, path.join(outDir, 'sqlite-worker.js')).split(path.sep).join('/');
    writeFileSync(path.join(dir, 'worker.js'), `// The SQLite connection's worker process.\nimport '${entry.startsWith('.') ? entry : `./${entry}`}';\n`);
  }
}
// PostgreSQL's parser (libpg-query) loads its WebAssembly from beside the chunk that holds it.
for (const chunk of output) {
  if (chunk.type === 'chunk' && (chunk.moduleIds ?? []).some((id) => id.includes(`${path.sep}libpg-query${path.sep}`))) {
    copyFileSync(path.join(root, 'node_modules/libpg-query/wasm/libpg-query.wasm'), path.join(outDir, path.dirname(chunk.fileName), 'libpg-query.wasm'));
  }
}
// The notices of every package inlined into the bundle (the npm tarball ships build/cli/ alone).
// Virtual modules ("\0rolldown/runtime.js", oxc's helpers) are rolldown's runtime: its notice.
const ids = output.flatMap((chunk) => chunk.moduleIds ?? []);
const modules = [...new Set(ids.map((id) => (id.startsWith('\0') ? 'node_modules/rolldown/package.json' : path.relative(root, id))))].sort();
writeFileSync(path.join(root, 'build/cli-modules.json'), `${JSON.stringify(modules, null, 1)}\n`);
writeFileSync(path.join(outDir, 'licenses.txt'), renderNotices(bundledPackages(modules, root), root));
console.log('build/cli/cli.js ready (the `datacompare` command), with build/cli/licenses.txt');
