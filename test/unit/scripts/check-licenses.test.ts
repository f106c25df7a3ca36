/** scripts/check-licenses.js on small trees: a bundled package without its notice fails CI. */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const script = path.resolve('scripts/check-licenses.js');
const trees: string[] = [];
const MIT = 'MIT License\n\nCopyright (c) 2020 Someone\n\nPermission is hereby granted, free of charge, to any person obtaining a copy of this software, to deal in the Software without restriction, including without limitation the rights to use, copy, modify, merge, publish, distribute.';

function notices(entries: Record<string, string>): string {
  return Object.entries(entries).map(([key, text]) => `${key} (MIT)\n\n${text}\n`).join(`\n${'-'.repeat(80)}\n\n`);
}

function check(actionNotices: Record<string, string>) {
  const root = mkdtempSync(path.join(os.tmpdir(), 'dc-check-licenses-'));
  trees.push(root);
  const files: Record<string, string> = {
    'package.json': JSON.stringify({ name: '@datacompare/cli', version: '1.0.0', license: 'MIT' }),
    'node_modules/left-pad/package.json': JSON.stringify({ name: 'left-pad', version: '1.3.0', license: 'MIT' }),
    'node_modules/@scope/thing/package.json': JSON.stringify({ name: '@scope/thing', version: '2.0.0', license: 'MIT' }),
    'build/dist-modules.json': JSON.stringify(['./build/src/entries/action.js', './node_modules/left-pad/index.js', './node_modules/@scope/thing/lib/a.js']),
    'build/cli-modules.json': JSON.stringify(['node_modules/left-pad/index.js']),
    'dist/licenses.txt': notices(actionNotices),
    'build/cli/licenses.txt': notices({ '@datacompare/cli@1.0.0': MIT, 'left-pad@1.3.0': MIT }),
  };
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  const result = spawnSync(process.execPath, [script], { cwd: root, encoding: 'utf8' });
  return { status: result.status, output: result.stdout + result.stderr };
}

afterEach(() => {
  for (const dir of trees.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('check-licenses', () => {
  it('passes when every bundled package (scoped ones too) has its notice', () => {
    const result = check({ '@datacompare/cli@1.0.0': MIT, 'left-pad@1.3.0': MIT, '@scope/thing@2.0.0': MIT });
    expect(result.output).toContain('dist/licenses.txt: 3 packages, each with its notice');
    expect(result.status).toBe(0);
  });

  it('fails naming a bundled package that has no entry', () => {
    const result = check({ '@datacompare/cli@1.0.0': MIT, 'left-pad@1.3.0': MIT });
    expect(result.output).toContain('the action (dist/): @scope/thing@2.0.0 is bundled but dist/licenses.txt has no entry for it');
    expect(result.status).toBe(1);
  });

  it('fails when an entry carries only the license name, not its text', () => {
    const result = check({ '@datacompare/cli@1.0.0': MIT, 'left-pad@1.3.0': 'MIT', '@scope/thing@2.0.0': MIT });
    expect(result.output).toContain('left-pad@1.3.0 has no license text in dist/licenses.txt');
    expect(result.status).toBe(1);
  });
});
