/** Runs once before the suite: the suite must run on Node 24, the action's runtime. */
export default function setup(): void {
  const major = Number(process.versions.node.split('.')[0]);
  if (major < 24) throw new Error(`The test suite must run on Node 24 (got ${process.versions.node}); use \`npm test\`.`);
}
