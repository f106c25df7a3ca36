// `npm run build` (after tsc): bundles the CLI into build/cli/ (cli.js and lazy chunks, one per dynamic
// import), which bin/datacompare.js runs. One file per chunk instead of ~200 modules resolved one by one
// halves the start-up of `validate` (issue #30); each command, dialect, the service, the GitHub and
// service clients stay in their own chunks, loaded only when used. DuckDB (native) is never bundled.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'rolldown';

const root = path.resolve(import.meta.dirname, '..');
const outDir = path.join(root, 'build/cli');
rmSync(outDir, { recursive: true, force: true });
await build({
  cwd: root,
  input: { cli: 'build/src/entries/cli.js' },
  platform: 'node',
  // pg-native: node-postgres' optional native binding (never used); DuckDB: imported at run time.
  external: ['pg-native', /^@duckdb\//],
  output: { dir: outDir, format: 'esm', chunkFileNames: 'chunks/[name]-[hash].js' },
  logLevel: 'warn',
});
console.log('build/cli/cli.js ready (the `datacompare` command)');
