// CI (after `npm run bundle`): every package with code in a bundle has its notice in that bundle's
// licenses file: dist/licenses.txt (the action) and build/cli/licenses.txt (the CLI, in the npm
// tarball). Exits 1 naming each package whose notice is missing or too short to be a license text.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { bundledPackages, parseNotices } from './licenses.js';

// Run from the repository root (npm scripts and .ci/run do).
const root = process.cwd();
const bundles = [
  { name: 'the action (dist/)', modules: 'build/dist-modules.json', notices: 'dist/licenses.txt' },
  { name: 'the CLI (build/cli/)', modules: 'build/cli-modules.json', notices: 'build/cli/licenses.txt' },
];
const own = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
const problems = [];
for (const bundle of bundles) {
  for (const file of [bundle.modules, bundle.notices]) {
    if (!existsSync(path.join(root, file))) problems.push(`${bundle.name}: ${file} is missing (run npm run bundle)`);
  }
  if (problems.length > 0) continue;
  const notices = parseNotices(readFileSync(path.join(root, bundle.notices), 'utf8'));
  const packages = bundledPackages(JSON.parse(readFileSync(path.join(root, bundle.modules), 'utf8')), root);
  const before = problems.length;
  const wanted = [`${own.name}@${own.version}`, ...packages.map((p) => `${p.name}@${p.version}`)];
  for (const key of new Set(wanted)) {
    const text = notices.get(key);
    if (text === undefined) problems.push(`${bundle.name}: ${key} is bundled but ${bundle.notices} has no entry for it (run npm run bundle)`);
    else if (text.length < 200) problems.push(`${bundle.name}: ${key} has no license text in ${bundle.notices} (no LICENSE file nor README License section: add its notice to scripts/licenses.js)`);
  }
  if (problems.length === before) console.log(`${bundle.notices}: ${new Set(wanted).size} packages, each with its notice`);
}
if (problems.length > 0) {
  console.error(`check-licenses: ${problems.length} problem(s)\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  process.exit(1);
}
