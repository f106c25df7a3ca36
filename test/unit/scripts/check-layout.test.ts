import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const script = path.resolve('scripts/check-layout.js');
const trees: string[] = [];

function checkTree(files: Record<string, string>) {
  const root = mkdtempSync(path.join(os.tmpdir(), 'dc-layout-'));
  trees.push(root);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  const result = spawnSync(process.execPath, [script], { cwd: root, encoding: 'utf8' });
  return { status: result.status, output: result.stdout + result.stderr };
}

afterEach(() => {
  for (const root of trees.splice(0)) rmSync(root, { recursive: true, force: true });
});

describe('check-layout', () => {
  it('passes on this repository', () => {
    const result = spawnSync(process.execPath, [script], { encoding: 'utf8' });
    expect(result.stdout + result.stderr).toContain('import arrows and file names are in order');
    expect(result.status).toBe(0);
  });

  it('names every broken arrow and every name that is not kebab-case', () => {
    const result = checkTree({
      'src/engine/plan.ts': "import * as core from '@actions/core';\nimport { x } from '../dialects/postgres/dialect.js';\nimport type { D } from '../dialects/types.js';\n",
      'src/report/summary.ts': "import { readFileSync } from 'node:fs';\nimport { publish } from '../action/publish.js';\n",
      'src/action/main.ts': "import * as core from '@actions/core';\n",
      'src/cli/RunCommand.ts': 'export {};\n',
    });
    expect(result.status).toBe(1);
    expect(result.output).toMatchInlineSnapshot(`
      "check-layout: 5 problem(s)
        src/cli/RunCommand.ts: name is not kebab-case
        src/engine/plan.ts: imports ../dialects/postgres/dialect.js: the engine knows dialects only through src/dialects/types.ts (and registry.ts), and nothing of action/report/server/cli
        src/engine/plan.ts: imports @actions/core: @actions/* is only imported under src/action/ (and the entries); pass a Logger in instead
        src/report/summary.ts: imports ../action/publish.js: report/ holds pure renderers: strings in, strings out (no I/O, no action code)
        src/report/summary.ts: imports node:fs: report/ holds pure renderers: strings in, strings out (no I/O, no action code)
      "
    `);
  });

  it('names every import cycle, type-only imports included, and upward imports of dialects/ and sql/', () => {
    const result = checkTree({
      'src/engine/plan.ts': "import { checksum } from './checksum/strategy.js';\nexport const plan = 1;\n",
      'src/engine/checksum/strategy.ts': "import type { Plan } from '../plan.js';\nexport const checksum = 1;\n",
      'src/engine/alone.ts': "import { alone } from './alone.js';\n",
      'src/dialects/postgres/files.ts': "import type { ConnectionConfig } from '../../engine/model.js';\n",
      'src/sql/compiler.ts': "import type { SqlCompiler } from '../dialects/types.js';\n",
    });
    expect(result.status).toBe(1);
    expect(result.output).toMatchInlineSnapshot(`
      "check-layout: 4 problem(s)
        import cycle: src/engine/alone.ts → src/engine/alone.ts: put what both need in the lower room (types in */types.ts or model.ts), so every arrow points down
        import cycle: src/engine/checksum/strategy.ts → src/engine/plan.ts → src/engine/checksum/strategy.ts: put what both need in the lower room (types in */types.ts or model.ts), so every arrow points down
        src/dialects/postgres/files.ts: imports ../../engine/model.js: dialects/ sit below the engine: shared types live in dialects/types.ts or sql/types.ts, never upward
        src/sql/compiler.ts: imports ../dialects/types.js: sql/ is the lowest room of the engine stack (types in sql/types.ts): it imports only shared/
      "
    `);
  });
});
