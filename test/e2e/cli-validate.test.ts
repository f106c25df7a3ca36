/** The `datacompare` command run as a process through bin/datacompare.js. */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const bin = path.resolve('bin/datacompare.js');

function cli(args: string[], env: Record<string, string> = {}) {
  const result = spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8', env: { PATH: process.env.PATH ?? '', ...env }, timeout: 60_000 });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('datacompare validate', () => {
  it('prints all three mistakes of a spec with their lines and exits 2', () => {
    const result = cli(['validate', '--spec', 'test/fixtures/specs/three-mistakes.yml']);
    expect(result.status).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatchInlineSnapshot(`
      "test/fixtures/specs/three-mistakes.yml: 3 problems; nothing was run.
      test/fixtures/specs/three-mistakes.yml:8:27  comparisons[0].target.datasource: unknown datasource \`warehose\`
          hint: did you mean \`warehouse\`?
      test/fixtures/specs/three-mistakes.yml:10:5  comparisons[0].primery_keys: unknown key \`primery_keys\`
          hint: did you mean \`primary_keys\`?
      test/fixtures/specs/three-mistakes.yml:12:59  comparisons[1].source.query: \`dataset\` and \`query\` are exclusive
          hint: keep one: a table name or a SELECT
      "
    `);
  });

  it('lists the comparisons of a valid spec and exits 0', () => {
    const result = cli(['validate', '-s', 'test/fixtures/specs/valid.yml'], { LEGACY_DB_URL: 'mysql://app:pw-secret@db/shop', WAREHOUSE_URL: 'postgres://wh@db/dw', NO_COLOR: '1' });
    expect(result.status).toBe(0);
    expect(result.stdout).toMatchInlineSnapshot(`
      "✔ test/fixtures/specs/valid.yml is valid: 4 comparisons
        orders             legacy (mysql) orders where … → warehouse (postgres) analytics.orders
        by-query           legacy (mysql) query → warehouse (postgres) query
        local-demo         demo (sqlite) orders → demo (sqlite) orders_copy where …
        stored-on-service  comparison 3f2b9c1e-0000-4000-8000-000000000001 on the service (api mode only)
      "
    `);
    expect(result.stdout + result.stderr).not.toContain('pw-secret');
  });
});

describe('datacompare --help / --version', () => {
  it('prints the version from package.json', () => {
    const result = cli(['--version']);
    expect(result.status).toBe(0);
    expect(result.stdout.trim()).toBe(JSON.parse(readFileSync('package.json', 'utf8')).version);
  });

  it('lists the commands and the exit statuses', () => {
    const result = cli(['--help']);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('Usage: datacompare <command> [options]');
    expect(result.stdout).toMatch(/^ {2}run +run the comparisons/m);
    expect(result.stdout).toMatch(/^ {2}validate +check the spec file/m);
    expect(result.stdout).toContain('Exit status: 0 every comparison matched, 1 at least one differs, 2 an error');
  });

  it('shows a command\'s options and rejects unknown ones with exit 2', () => {
    expect(cli(['run', '--help']).stdout).toMatch(/-c, --comparison NAME +run only this comparison \(repeatable\)/);
    const bad = cli(['run', '--bogus']);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatchInlineSnapshot(`
      "error: Unknown option '--bogus'
        hint: see datacompare run --help
      "
    `);
  });
});
