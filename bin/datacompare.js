#!/usr/bin/env node
// The `datacompare` command: runs the compiled CLI (built by `npm run build`, which `npm ci` runs).
const major = Number(process.versions.node.split('.')[0]);
if (major < 22) {
  console.error(`datacompare needs Node 24 (this is Node ${process.versions.node}).`);
  process.exit(2);
}
// Compiled code cached on disk (the system's temporary folder): later starts skip compiling our modules.
const { enableCompileCache } = await import('node:module');
enableCompileCache?.();
try {
  await import('../build/src/entries/cli.js');
} catch (error) {
  if (error?.code === 'ERR_MODULE_NOT_FOUND' && String(error.message).includes('build/src/entries/cli.js')) {
    console.error('datacompare is not built yet: run `npm run build` (npm ci does it for you).');
    process.exit(2);
  }
  throw error;
}
