// Fails fast when the tests would run on anything older than Node 24 (the action's runtime).
// `npm test` puts node_modules/.bin first on PATH, where the `node` devDependency is a real Node 24.
const major = Number(process.versions.node.split('.')[0]);
if (major < 24) {
  console.error(
    `datacompare needs Node 24 (the action runs on node24); this is Node ${process.versions.node}.\n` +
      'Run the tests through npm (`npm test`), which uses the node@24 devDependency, or install Node 24.',
  );
  process.exit(1);
}
