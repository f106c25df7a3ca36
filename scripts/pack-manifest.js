// `npm pack` / `npm publish` (prepack strip, postpack restore): the packed package.json carries no
// "prepare" script. prepare builds a clone (npm ci); a tarball is already built, and npm asks users to
// allow the install scripts of what they install, so a stranger's `npm install -g` would warn about it.
// The original file is restored byte for byte after packing (kept meanwhile in build/).
import { copyFileSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = process.cwd();
const manifest = path.join(root, 'package.json');
const backup = path.join(root, 'build/package.json.before-pack');
const mode = process.argv[2];

if (mode === 'strip') {
  if (!existsSync(backup)) copyFileSync(manifest, backup);
  const json = JSON.parse(readFileSync(manifest, 'utf8'));
  delete json.scripts.prepare;
  writeFileSync(manifest, `${JSON.stringify(json, null, 2)}\n`);
} else if (mode === 'restore') {
  if (existsSync(backup)) {
    copyFileSync(backup, manifest);
    rmSync(backup);
  }
} else {
  console.error('usage: node scripts/pack-manifest.js strip|restore');
  process.exit(2);
}
