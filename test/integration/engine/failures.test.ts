/** Failures come back as results with a kind, a message that names the data source and a hint: never a secret. */
import { expect, it } from 'vitest';
import { runComparison } from '../../../src/engine/index.js';
import { silentLogger } from '../../../src/shared/logger.js';
import { definition } from './engines.js';

const unreachable = {
  datasourceName: 'warehouse',
  connection: { type: 'postgres' as const, url: 'postgres://dc:Sup3rSecretPw@127.0.0.1:1/db' },
  serviceDatasource: 'warehouse',
  dataset: 'public.orders',
};

it('reports an unreachable database as a connection error without its password', async () => {
  const result = await runComparison(definition({ source: unreachable, target: unreachable }), { logger: silentLogger });
  expect(result.status).toBe('error');
  expect(result.error?.kind).toBe('connection');
  expect(result.error?.message).toMatch(/^Could not connect to data source "warehouse" at 127\.0\.0\.1:\d+: /);
  expect(JSON.stringify(result)).not.toContain('Sup3rSecretPw');
  expect(result.error?.hint).toMatchInlineSnapshot(`"Check that the database at 127.0.0.1:1 is reachable from here and that the url of data source "warehouse" in the spec (or its \${VAR}s: host, port, user, password) is right."`);
});

it('refuses a data source that exists only on the service', async () => {
  const serviceOnly = { datasourceName: 'snowflake_prod', connection: null, serviceDatasource: 'snowflake_prod', dataset: 'orders' };
  const result = await runComparison(definition({ source: serviceOnly, target: serviceOnly }), { logger: silentLogger });
  expect(result.error).toMatchInlineSnapshot(`
    {
      "hint": "Give the datasource a type and url/path in the spec, or run with mode: api.",
      "kind": "configuration",
      "message": "Data source \`snowflake_prod\` exists only on the Data Comparison Service; it cannot be compared in local mode.",
    }
  `);
});
