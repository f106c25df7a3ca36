#!/usr/bin/env node
// The `datacompare` command: runs the bundled CLI (build/cli/, made by `npm run build`, which `npm ci`
// and `npm pack` run). Kept to syntax every Node still in use parses, so an old one gets a clear message.
const [major, minor] = process.versions.node.split('.').map(Number);
// node:sqlite without a flag: Node 22.13 and later (22 and 24 are the supported release lines).
if (major < 22 || (major === 22 && minor < 13)) {
  console.error(`datacompare needs Node 22.13 or later (Node 24 recommended); this is Node ${process.versions.node}. Install a current Node from https://nodejs.org or with your version manager (e.g. \`nvm install 24\`).`);
  process.exit(2);
}
// Node 22 calls node:sqlite experimental on every run; datacompare is tested on it, so that warning is noise.
const emitWarning = process.emitWarning;
process.emitWarning = (warning, ...rest) =>
  String(warning?.message ?? warning).startsWith('SQLite is an experimental feature') ? undefined : emitWarning.call(process, warning, ...rest);
// Cache V8's compiled code between runs (in os.tmpdir()); NODE_DISABLE_COMPILE_CACHE=1 turns it off.
const { enableCompileCache } = await import('node:module');
enableCompileCache?.();
try {
  await import('../build/cli/cli.js');
} catch (error) {
  if (error?.code === 'ERR_MODULE_NOT_FOUND' && String(error.message).includes('build/cli/cli.js')) {
    console.error('datacompare is not built yet: run `npm run build` (npm ci does it for you).');
    process.exit(2);
  }
  throw error;
}
