// `npm run smoke:cli [-- --node /path/to/node]`: the CLI as a stranger gets it. `npm pack` → install the
// tarball globally into a temporary prefix (no registry needed: the CLI is one bundle, no dependencies)
// → `datacompare run` on a SQLite spec in a directory outside the clone, with the given Node (default:
// this one) first on PATH. Expects exit 1 and the planted differences. With a Node older than 22.13 it
// expects the clear "needs Node 22.13" message and exit 2 instead. Exits non-zero on any surprise.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { node: { type: 'string' }, keep: { type: 'boolean', default: false } } });
const root = path.resolve(import.meta.dirname, '..');
const node = values.node ? path.resolve(values.node) : process.execPath;
const nodeVersion = execFileSync(node, ['-p', 'process.versions.node'], { encoding: 'utf8' }).trim();
const [major, minor] = nodeVersion.split('.').map(Number);
const supported = major > 22 || (major === 22 && minor >= 13);
const temp = mkdtempSync(path.join(os.tmpdir(), 'dc-smoke-cli-'));
const fail = (message, result) => {
  console.error(`smoke-cli FAILED (Node ${nodeVersion}): ${message}${result ? `\nexit ${result.status}\n${result.stdout}${result.stderr}` : ''}`);
  process.exit(1);
};

try {
  console.log(`npm pack (runs the build) → ${temp}`);
  execFileSync('npm', ['pack', '--silent', '--pack-destination', temp], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  const tarball = path.join(temp, readdirSync(temp).find((f) => f.endsWith('.tgz')) ?? fail('npm pack wrote no tarball'));
  const prefix = path.join(temp, 'prefix');
  console.log(`npm install -g ${path.basename(tarball)} --prefix ${prefix}`);
  const install = spawnSync('npm', ['install', '-g', '--prefix', prefix, '--omit=optional', '--no-audit', '--no-fund', '--offline', tarball], { encoding: 'utf8' });
  if (install.status !== 0) fail('npm install -g of the tarball', install);
  // a stranger's install prints nothing to worry about (no install scripts to allow: see pack-manifest.js)
  if (/install-scripts|EBADENGINE/.test(install.stderr)) fail('npm install -g warned', install);
  const bin = process.platform === 'win32' ? prefix : path.join(prefix, 'bin');
  const env = { PATH: `${path.dirname(node)}${path.delimiter}${bin}${path.delimiter}${process.env.PATH ?? ''}`, HOME: temp, NO_COLOR: '1' };
  const datacompare = (args, cwd) => spawnSync(path.join(bin, 'datacompare'), args, { cwd, env, encoding: 'utf8' });

  if (!supported) {
    const result = datacompare(['--version'], temp);
    if (result.status !== 2 || !result.stderr.includes('needs Node 22.13 or later')) fail('an old Node should get the clear version message', result);
    console.log(`ok: Node ${nodeVersion} is refused with a clear message`);
    process.exit(0);
  }

  // A project outside the clone: two SQLite tables (node:sqlite of the Node under test) and a spec.
  const work = path.join(temp, 'project');
  mkdirSync(work);
  execFileSync(node, ['--no-warnings', '--input-type=module', '-e', `
    import { DatabaseSync } from 'node:sqlite';
    const db = new DatabaseSync('shop.db');
    db.exec("create table old_customers (id integer primary key, email text, tier text)");
    db.exec("create table customers (id integer primary key, email text, tier text)");
    for (let i = 1; i <= 200; i++) {
      db.prepare('insert into old_customers values (?, ?, ?)').run(i, 'c' + i + '@example.com', i % 3 ? 'basic' : 'gold');
      if (i !== 7) db.prepare('insert into customers values (?, ?, ?)').run(i, 'c' + i + '@example.com', i === 42 ? 'platinum' : i % 3 ? 'basic' : 'gold');
    }`], { cwd: work });
  writeFileSync(path.join(work, 'spec.yml'), [
    'version: 1',
    'datasources:',
    '  shop: { type: sqlite, path: shop.db }',
    'comparisons:',
    '  - name: customers',
    '    source: { datasource: shop, dataset: old_customers }',
    '    target: { datasource: shop, dataset: customers }',
    '    primary_keys: [id]',
    '',
  ].join('\n'));

  const version = datacompare(['--version'], work);
  if (version.status !== 0 || !/^\d+\.\d+\.\d+/.test(version.stdout)) fail('datacompare --version', version);
  const run = datacompare(['run', '--spec', 'spec.yml', '--json', 'result.json'], work);
  if (run.status !== 1) fail('datacompare run should exit 1 (a difference)', run);
  for (const expected of ['customers', '1 row exists only in the source', '1 row has a different value in column `tier`', 'id=42']) {
    if (!run.stdout.includes(expected)) fail(`the report should say "${expected}"`, run);
  }
  console.log(`ok: Node ${nodeVersion}: the packed CLI (${path.basename(tarball)}) installs and runs outside the clone`);
} finally {
  if (!values.keep) rmSync(temp, { recursive: true, force: true });
}
