// Guards the import arrows and file names of house-style.md (run by `npm run lint`):
//   - @actions/* only under src/action/ and src/entries/
//   - src/engine/ never imports a concrete dialect folder, nor action/, report/, server/, cli/
//   - src/dialects/ never imports upward (engine/ and above); src/sql/ imports only shared/
//   - src/dbt/ never imports action/, report/, server/, cli/, runner/, dialects/ or api/
//   - src/report/ (pure renderers) never imports node:fs, node:net, node:http or action/
//   - file and folder names are kebab-case
//   - no import cycles among src/ files (type-only imports included: a cycle is a seam in the wrong place)
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = process.cwd();
const IMPORT = /(?:^|\s)(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s*['"]([^'"]+)['"]/gm;
const KEBAB = /^[a-z0-9]+(?:-[a-z0-9]+)*(?:\.[a-z0-9]+)*$/;
const CHECKED_FOLDERS = ['src', 'test', 'scripts', 'bench'];
const IGNORED = new Set(['node_modules', 'data', '__snapshots__', 'fixtures']);

function walk(dir) {
  const files = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (IGNORED.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    files.push({ full, name: entry.name, isDirectory: entry.isDirectory() });
    if (entry.isDirectory()) files.push(...walk(full));
  }
  return files;
}

/** The import's target as a repository path (src/...), or the bare package name. */
function target(fromFile, specifier) {
  if (!specifier.startsWith('.')) return specifier;
  return path.relative(root, path.resolve(path.dirname(fromFile), specifier)).split(path.sep).join('/');
}

const RULES = [
  {
    applies: (file) => !file.startsWith('src/action/') && !file.startsWith('src/entries/'),
    forbidden: (to) => to.startsWith('@actions/'),
    why: '@actions/* is only imported under src/action/ (and the entries); pass a Logger in instead',
  },
  {
    applies: (file) => file.startsWith('src/engine/'),
    forbidden: (to) =>
      /^src\/dialects\/[^/]+\//.test(to) || /^src\/(action|report|server|cli|entries)\//.test(to),
    why: 'the engine knows dialects only through src/dialects/types.ts (and registry.ts), and nothing of action/report/server/cli',
  },
  {
    applies: (file) => file.startsWith('src/dialects/'),
    forbidden: (to) => /^src\/(engine|action|report|server|cli|entries|runner|api|spec|dbt)\//.test(to),
    why: 'dialects/ sit below the engine: shared types live in dialects/types.ts or sql/types.ts, never upward',
  },
  {
    applies: (file) => file.startsWith('src/sql/'),
    forbidden: (to) => /^src\/(engine|dialects|action|report|server|cli|entries|runner|api|spec|dbt)\//.test(to),
    why: 'sql/ is the lowest room of the engine stack (types in sql/types.ts): it imports only shared/',
  },
  {
    applies: (file) => file.startsWith('src/dbt/'),
    forbidden: (to) => /^src\/(action|report|server|cli|entries|runner|dialects|api)\//.test(to),
    why: 'dbt/ reads manifests and plans comparisons: it may import spec/, engine/model and shared/, never what calls it',
  },
  {
    applies: (file) => file.startsWith('src/report/'),
    forbidden: (to) => /^(node:)?(fs|fs\/promises|net|http|https|child_process)$/.test(to) || /^src\/(action|server|cli)\//.test(to),
    why: 'report/ holds pure renderers: strings in, strings out (no I/O, no action code)',
  },
];

const problems = [];
/** src file → the src files it imports (`.js` specifiers resolved to the `.ts` beside them). */
const graph = new Map();
for (const folder of CHECKED_FOLDERS) {
  let entries;
  try {
    entries = walk(path.join(root, folder));
  } catch {
    continue;
  }
  for (const { full, name, isDirectory } of entries) {
    const file = path.relative(root, full).split(path.sep).join('/');
    if (!KEBAB.test(name)) problems.push(`${file}: name is not kebab-case`);
    if (isDirectory || !/\.(ts|js)$/.test(name) || !file.startsWith('src/')) continue;
    const text = readFileSync(full, 'utf8');
    for (const match of text.matchAll(IMPORT)) {
      const specifier = match[1] ?? match[2] ?? match[3];
      const to = target(full, specifier);
      if (to.startsWith('src/')) {
        const source = to.replace(/\.js$/, '.ts');
        const resolved = existsSync(path.join(root, source)) ? source : to;
        if (!graph.has(file)) graph.set(file, new Set());
        graph.get(file).add(resolved);
      }
      for (const rule of RULES) {
        if (rule.applies(file) && rule.forbidden(to)) problems.push(`${file}: imports ${specifier}: ${rule.why}`);
      }
    }
  }
}

problems.push(...importCycles(graph).map((cycle) => `import cycle: ${cycle.join(' → ')}: put what both need in the lower room (types in */types.ts or model.ts), so every arrow points down`));

/** Each strongly connected group of files, as one cycle through it (Tarjan's algorithm). */
function importCycles(edges) {
  let index = 0;
  const stack = [];
  const info = new Map();
  const cycles = [];
  const visit = (node) => {
    info.set(node, { index, low: index, onStack: true });
    index++;
    stack.push(node);
    for (const next of edges.get(node) ?? []) {
      if (!info.has(next)) {
        visit(next);
        info.get(node).low = Math.min(info.get(node).low, info.get(next).low);
      } else if (info.get(next).onStack) {
        info.get(node).low = Math.min(info.get(node).low, info.get(next).index);
      }
    }
    if (info.get(node).low !== info.get(node).index) return;
    const group = [];
    let member;
    do {
      member = stack.pop();
      info.get(member).onStack = false;
      group.push(member);
    } while (member !== node);
    const selfLoop = group.length === 1 && (edges.get(node) ?? new Set()).has(node);
    if (group.length > 1 || selfLoop) cycles.push(cycleThrough(group.sort(), edges));
  };
  for (const node of [...edges.keys()].sort()) if (!info.has(node)) visit(node);
  return cycles;
}

/** A path from the group's first file back to itself, staying inside the group. */
function cycleThrough(group, edges) {
  const inGroup = new Set(group);
  const start = group[0];
  const previous = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift();
    for (const next of edges.get(node) ?? []) {
      if (!inGroup.has(next)) continue;
      if (next === start) {
        const route = [start];
        for (let at = node; at !== start; at = previous.get(at)) route.splice(1, 0, at);
        return [...route, start];
      }
      if (!previous.has(next)) {
        previous.set(next, node);
        queue.push(next);
      }
    }
  }
  return [...group, start];
}

problems.sort();
if (problems.length > 0) {
  console.error(`check-layout: ${problems.length} problem(s)\n${problems.map((p) => `  ${p}`).join('\n')}`);
  process.exit(1);
}
console.log('check-layout: import arrows and file names are in order');
