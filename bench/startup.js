// Start-up time of the CLI and the bundled action against a bare `node -e 0` (issue #30), as whole
// processes on this Node: `npm run bench:startup [-- --runs 21 --check]`. Rounds are interleaved so
// every command sees the same machine load; medians are compared. Where /usr/bin/time exists the CPU
// time (user + sys) of each process is shown too: on a busy machine it is steadier than the wall clock.
// The CLI runs with Node's compile cache warm (bin/datacompare.js enables it; the first run fills it),
// and once more with it off (what the very first run costs). --check exits 1 over a target.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '21' }, check: { type: 'boolean', default: false }, root: { type: 'string' } } });
const runs = Number(values.runs);
// --root DIR: measure another checkout (e.g. an older commit, built), for before/after numbers.
const root = values.root ? path.resolve(values.root) : path.resolve(import.meta.dirname, '..');
const node = process.execPath;
const cli = path.join(root, 'bin/datacompare.js');
const bundle = path.join(root, 'dist/index.js');

const workspace = mkdtempSync(path.join(os.tmpdir(), 'dc-bench-startup-'));
mkdirSync(path.join(workspace, '.github'));
writeFileSync(path.join(workspace, '.github/bad.yml'), readFileSync(path.join(root, 'test/fixtures/specs/three-mistakes.yml')));
const actionEnv = (spec) => {
  const env = { PATH: process.env.PATH ?? '', GITHUB_WORKSPACE: workspace, RUNNER_TEMP: workspace, GITHUB_EVENT_NAME: 'push', INPUT_SPEC: spec };
  for (const name of ['GITHUB_OUTPUT', 'GITHUB_STEP_SUMMARY', 'GITHUB_STATE']) {
    env[name] = path.join(workspace, name.toLowerCase());
    writeFileSync(env[name], '');
  }
  return env;
};

/** name, argv, expected exit status, target ratio to bare node (undefined: reported only). */
const cases = [
  { name: 'node -e 0 (bare)', args: ['-e', '0'], status: 0 },
  { name: 'datacompare --version', args: [cli, '--version'], status: 0, target: 3 },
  { name: 'datacompare validate (demo spec)', args: [cli, 'validate', '--spec', 'examples/demo/data-comparisons.yml'], status: 0, target: 4 },
  { name: 'validate, compile cache off', args: [cli, 'validate', '--spec', 'examples/demo/data-comparisons.yml'], env: { ...process.env, NODE_DISABLE_COMPILE_CACHE: '1' }, status: 0 },
  { name: 'datacompare --help', args: [cli, '--help'], status: 0 },
  { name: 'action, missing spec', args: [bundle], env: actionEnv('.github/missing.yml'), cwd: workspace, status: 1, target: 4 },
  { name: 'action, bad spec (3 problems)', args: [bundle], env: actionEnv('.github/bad.yml'), cwd: workspace, status: 1, target: 4 },
];

const timeTool = existsSync('/usr/bin/time') ? '/usr/bin/time' : undefined;
const cpuFile = path.join(workspace, 'cpu');
const times = cases.map(() => []);
const cpus = cases.map(() => []);
for (let round = 0; round < runs; round++) {
  cases.forEach((c, i) => {
    const [command, args] = timeTool ? [timeTool, ['-o', cpuFile, '-f', '%U %S', node, ...c.args]] : [node, c.args];
    const start = process.hrtime.bigint();
    const result = spawnSync(command, args, { cwd: c.cwd ?? root, env: c.env ?? process.env, encoding: 'utf8' });
    const ms = Number(process.hrtime.bigint() - start) / 1e6;
    if (result.status !== c.status) {
      console.error(`${c.name}: exit status ${result.status} (expected ${c.status})\n${result.stdout}${result.stderr}`);
      process.exit(2);
    }
    times[i].push(ms);
    if (timeTool) {
      const [user, sys] = readFileSync(cpuFile, 'utf8').trim().split('\n').at(-1).split(' ').map(Number);
      cpus[i].push((user + sys) * 1000);
    }
  });
}
rmSync(workspace, { recursive: true, force: true });

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const bare = median(times[0]);
const bareCpu = timeTool ? median(cpus[0]) : 0;
let over = 0;
console.log(`Node ${process.versions.node}, ${runs} interleaved runs each, medians (wall min–max)${timeTool ? '; CPU = user + sys' : ''}\n`);
cases.forEach((c, i) => {
  const m = median(times[i]);
  const ratio = m / bare;
  const verdict = c.target === undefined ? '' : ratio <= c.target ? `  ok (≤ ${c.target}×)` : `  OVER the ${c.target}× target`;
  if (c.target !== undefined && ratio > c.target) over++;
  const range = `${Math.min(...times[i]).toFixed(0)}–${Math.max(...times[i]).toFixed(0)}`;
  const cpu = timeTool ? `   CPU ${median(cpus[i]).toFixed(0).padStart(4)} ms ${(median(cpus[i]) / Math.max(bareCpu, 10)).toFixed(1).padStart(4)}×` : '';
  console.log(`${c.name.padEnd(34)} ${m.toFixed(0).padStart(5)} ms (${range.padStart(9)})  ${ratio.toFixed(1).padStart(4)}×${cpu}${verdict}`);
});
if (values.check && over > 0) process.exit(1);
