import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, type CliIo } from '../../../src/cli/main.js';
import { colorEnabled } from '../../../src/cli/terminal.js';

function io(env: NodeJS.ProcessEnv = {}, cwd = process.cwd()) {
  const out = { stdout: '', stderr: '' };
  const value: CliIo = {
    stdout: { write: (t) => void (out.stdout += t), color: false },
    stderr: { write: (t) => void (out.stderr += t), color: false },
    env,
    cwd,
    signal: new AbortController().signal,
  };
  return { io: value, out };
}

function specDir(text: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dc-cli-'));
  writeFileSync(path.join(dir, 'spec.yml'), text);
  return dir;
}

describe('runCli', () => {
  it('exits 2 with the help on stderr when no command is given', async () => {
    const { io: cliIo, out } = io();
    expect(await runCli([], cliIo)).toBe(2);
    expect(out.stderr).toContain('Usage: datacompare <command> [options]');
  });

  it('suggests the closest command for a typo', async () => {
    const { io: cliIo, out } = io();
    expect(await runCli(['valdate'], cliIo)).toBe(2);
    expect(out.stderr).toMatchInlineSnapshot(`
      "error: unknown command "valdate"
        hint: did you mean \`datacompare validate\`?
      "
    `);
  });

  it('validates the spec at --spec relative to the working directory', async () => {
    const dir = specDir('version: 1\ndatasources: { d: { type: sqlite, path: a.db } }\ncomparisons:\n  - { name: x, source: { datasource: d, dataset: t }, target: { datasource: d, dataset: u } }\n');
    const { io: cliIo, out } = io({}, dir);
    expect(await runCli(['validate', '--spec', 'spec.yml'], cliIo)).toBe(0);
    expect(out.stdout).toMatchInlineSnapshot(`
      "✔ spec.yml is valid: 1 comparison
        x  d (sqlite) t → d (sqlite) u
      "
    `);
  });

  it('rejects a bad --mode and --max-diff-rows before loading anything', async () => {
    const first = io();
    expect(await runCli(['run', '--mode', 'remote'], first.io)).toBe(2);
    const second = io();
    expect(await runCli(['run', '--max-diff-rows=-3'], second.io)).toBe(2);
    expect(first.out.stderr + second.out.stderr).toMatchInlineSnapshot(`
      "error: --mode must be one of local, api, auto, not "remote"
      error: --max-diff-rows must be a whole number from 0 to 100000, not "-3"
      "
    `);
  });

  it('refuses api mode without the service settings, naming the variables', async () => {
    const dir = specDir('version: 1\ncomparisons:\n  - { name: s, comparison_id: 3f2b9c1e-0000-4000-8000-000000000001 }\n');
    const { io: cliIo, out } = io({}, dir);
    expect(await runCli(['run', '--spec', 'spec.yml', '--mode', 'api'], cliIo)).toBe(2);
    expect(out.stderr).toMatchInlineSnapshot(`
      "error: api mode needs DATACOMPARE_API_URL, DATACOMPARE_API_KEY, DATACOMPARE_WORKSPACE_ID
        hint: export them in your shell (the key from your secret store), or run with --mode local
      "
    `);
  });

  it('runs locally, writes --json and exits 2 when a comparison cannot run locally', async () => {
    const dir = specDir('version: 1\ncomparisons:\n  - { name: s, comparison_id: 3f2b9c1e-0000-4000-8000-000000000001 }\n');
    const { io: cliIo, out } = io({}, dir);
    expect(await runCli(['run', '--spec', 'spec.yml', '--json', 'out.json', '--quiet'], cliIo)).toBe(2);
    expect(out.stdout).toMatchInlineSnapshot(`
      "Comparison "s" could not run (configuration error: comparison "s" only names a comparison_id stored on the service, so it runs in api mode only).
      "
    `);
    const json = JSON.parse(readFileSync(path.join(dir, 'out.json'), 'utf8')) as { status: string; comparisons: { name: string; error: { kind: string } }[] };
    expect(json.status).toBe('error');
    expect(json.comparisons[0]).toMatchObject({ name: 's', error: { kind: 'configuration' } });
  });
});

describe('colours', () => {
  it('are on for a TTY only, and NO_COLOR wins', () => {
    expect(colorEnabled({ isTTY: true }, {})).toBe(true);
    expect(colorEnabled({ isTTY: false }, {})).toBe(false);
    expect(colorEnabled({ isTTY: true }, { NO_COLOR: '1' })).toBe(false);
    expect(colorEnabled({ isTTY: false }, { FORCE_COLOR: '1' })).toBe(true);
    expect(colorEnabled({ isTTY: true }, { TERM: 'dumb' })).toBe(false);
  });
});
