// Which modules a command loads (issue #30): `node --import ./bench/import-trace.mjs bin/datacompare.js --version`
// prints, on exit, the ES modules and CommonJS files loaded, grouped by package (our own files as "datacompare").
// DC_TRACE=all lists every file. Node >= 22.15 (module.registerHooks).
import { registerHooks } from 'node:module';
import { fileURLToPath } from 'node:url';

const seen = new Set();
registerHooks({
  load(url, context, nextLoad) {
    if (url.startsWith('file:')) seen.add(fileURLToPath(url));
    return nextLoad(url, context);
  },
});

process.on('exit', () => {
  const groups = new Map();
  for (const file of seen) {
    const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file);
    const group = match ? match[1] : 'datacompare';
    groups.set(group, (groups.get(group) ?? 0) + 1);
  }
  const lines = [...groups].sort((a, b) => b[1] - a[1]).map(([group, n]) => `  ${String(n).padStart(4)}  ${group}`);
  process.stderr.write(`[import-trace] ${seen.size} files loaded\n${lines.join('\n')}\n`);
  if (process.env.DC_TRACE === 'all') process.stderr.write(`${[...seen].join('\n')}\n`);
});
