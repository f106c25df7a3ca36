/** The `datacompare` command run as a process through bin/datacompare.js. */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

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

describe('datacompare validate on a password that breaks its URL', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dc-e2e-validate-url-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const spec = path.join(dir, 'spec.yml');
  writeFileSync(
    spec,
    [
      'version: 1',
      'datasources:',
      '  shop: { type: mysql, url: "${SHOP_URL}" }',
      '  warehouse: { type: postgres, url: "postgres://reader:${WAREHOUSE_PASSWORD}@127.0.0.1:5432/dw" }',
      'comparisons:',
      '  - { name: orders, source: { datasource: shop, dataset: orders }, target: { datasource: warehouse, dataset: orders } }',
      '',
    ].join('\n'),
  );
  const validate = (env: Record<string, string>) => {
    const result = cli(['validate', '--spec', spec], { NO_COLOR: '1', ...env });
    return { ...result, stderr: result.stderr.replaceAll(spec, 'spec.yml') };
  };

  it('refuses it with the percent-encoding hint, and prints no piece of the password, nor the host it would make', () => {
    // WHATWG's parser reads this host as "ssLongSecretPart": a piece of the password.
    const result = validate({ SHOP_URL: 'mysql://u:P@ssLongSecretPart/1@127.0.0.1:3306/shop', WAREHOUSE_PASSWORD: 'fine%40one' });
    expect(result.status).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatchInlineSnapshot(`
      "spec.yml: 1 problem; nothing was run.
      spec.yml:3:29  datasources.shop.url: cannot be split one way into user, password and host: an \`@\`, \`/\` or \`?\` in the password (or user) ends it early, and the rest of it would be read as the host
          hint: percent-encode the password and user: write each special character as \`%\` and its hex code (\`@\` → \`%40\`, \`/\` → \`%2F\`, \`?\` → \`%3F\`, \`#\` → \`%23\`, \`%\` → \`%25\`, a space → \`%20\`; encodeURIComponent does it); no part of the URL is printed
      "
    `);
    expect(result.stderr).not.toMatch(/LongSecret|P@ss/);
  });

  it.each([
    ['#', 'ab#cdSecretPart', 'holds a `#`'],
    ['%', 'ab%zzSecretPart', 'holds a `%` not followed by two hexadecimal digits'],
    ['a space', 'ab cdSecretPart', 'holds a space'],
  ])('refuses a password with %s in the same words, not as an internal error', (_, password, problem) => {
    const result = validate({ SHOP_URL: 'mysql://u@127.0.0.1:3306/shop', WAREHOUSE_PASSWORD: password });
    expect(result.status).toBe(2);
    expect(result.stderr).toContain(`spec.yml:4:37  datasources.warehouse.url: ${problem}`);
    expect(result.stderr).toContain('hint: percent-encode the password and user: write each special character as `%` and its hex code (`@` → `%40`');
    expect(result.stderr).not.toMatch(/internal error|a bug in datacompare|SecretPart/);
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
