/**
 * A local run warns once for each data source whose role can do more than read, asking on the
 * comparisons' own connections (no connection of its own) before any row is read, and still asks, on
 * a connection of its own, a data source whose every comparison failed. Real PostgreSQL and MariaDB, connected as their
 * administrators (postgres, root), each behind a TCP relay that counts the connections opened.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ComparisonDefinition, RunComparison } from '../../../src/engine/model.js';
import { runComparison } from '../../../src/engine/index.js';
import { runSpec } from '../../../src/runner/run-spec.js';
import { MemoryLogger, silentLogger } from '../../../src/shared/logger.js';
import { parseSpec } from '../../../src/spec/load.js';
import { adminRun } from '../../helpers/admin.js';
import { databaseAvailable, runScoped, TEST_DATABASE_URLS } from '../../helpers/databases.js';
import { startTcpRelay, type TcpRelay } from '../../helpers/tcp-relay.js';

const SCHEMA = runScoped('dc_privilege_warnings');
const TABLE = runScoped('dc_privilege_warnings_t');
const postgres = { type: 'postgres', url: TEST_DATABASE_URLS.postgres } as const;
const mysql = { type: 'mysql', url: TEST_DATABASE_URLS.mysql } as const;

describe.runIf((await databaseAvailable('postgres')) && (await databaseAvailable('mysql')))('privilege warnings of a local run', () => {
  beforeAll(async () => {
    const rows = Array.from({ length: 20 }, (_, i) => `(${i}, 'v${i}')`).join(', ');
    await adminRun(postgres, [`DROP SCHEMA IF EXISTS ${SCHEMA} CASCADE`, `CREATE SCHEMA ${SCHEMA}`, `CREATE TABLE ${SCHEMA}.t (id int PRIMARY KEY, v text)`, `INSERT INTO ${SCHEMA}.t VALUES ${rows}`]);
    await adminRun(mysql, [`DROP TABLE IF EXISTS ${TABLE}`, `CREATE TABLE ${TABLE} (id int PRIMARY KEY, v text)`, `INSERT INTO ${TABLE} VALUES ${rows}`]);
  });
  afterAll(async () => {
    await adminRun(postgres, [`DROP SCHEMA IF EXISTS ${SCHEMA} CASCADE`]);
    await adminRun(mysql, [`DROP TABLE IF EXISTS ${TABLE}`]);
  });

  /** Two comparisons between the same two relayed data sources, and one from a third data source that fails. */
  function spec(warehouse: TcpRelay, shop: TcpRelay) {
    const archive = new URL(TEST_DATABASE_URLS.postgres);
    archive.searchParams.set('application_name', 'archive');
    return parseSpec(
      [
        'version: 1',
        'datasources:',
        `  warehouse: { type: postgres, url: "${warehouse.url}" }`,
        `  shop: { type: mysql, url: "${shop.url}" }`,
        `  archive: { type: postgres, url: "${archive}" }`,
        'comparisons:',
        ...['first', 'second'].map((name) => `  - { name: ${name}, source: { datasource: warehouse, dataset: ${SCHEMA}.t }, target: { datasource: shop, dataset: ${TABLE} } }`),
        `  - { name: broken, source: { datasource: archive, dataset: ${SCHEMA}.missing }, target: { datasource: shop, dataset: ${TABLE} } }`,
        '',
      ].join('\n'),
      { file: 'spec.yml', cwd: '/repo' },
    );
  }

  /** The connections a run of the spec opens through the relays, with the warnings it gave. */
  async function run(only: string[], engine?: RunComparison): Promise<{ warehouse: number; shop: number; warnings: string[]; statuses: string[] }> {
    const [warehouse, shop] = await Promise.all([startTcpRelay(TEST_DATABASE_URLS.postgres, 5432), startTcpRelay(TEST_DATABASE_URLS.mysql, 3306)]);
    try {
      const logger = new MemoryLogger();
      const result = await runSpec({ loaded: spec(warehouse, shop), only, mode: 'local', logger, ...(engine && { engine }) });
      const warnings = logger.lines.filter((line) => line.level === 'warning').map((line) => line.message);
      return { warehouse: warehouse.accepted(), shop: shop.accepted(), warnings, statuses: result.comparisons.map((c) => `${c.name}: ${c.status}`) };
    } finally {
      await Promise.all([warehouse.close(), shop.close()]);
    }
  }

  it('warns once per data source, asking on the comparisons\' own connections: no connection more than the comparisons need', async () => {
    // The same run with the engine passed in: no privilege question at all, the connections the comparisons need.
    const engineOnly = await run(['first', 'second'], (definition: ComparisonDefinition, options) => runComparison(definition, { ...options, logger: silentLogger }));
    expect(engineOnly.warnings).toEqual([]);
    const warned = await run(['first', 'second']);
    expect(warned.statuses).toEqual(['first: match', 'second: match']);
    expect(warned.warnings.map((warning) => warning.replace(/,.*/s, '')).sort()).toEqual(['Data source "shop" connects as root@127.0.0.1', 'Data source "warehouse" connects as postgres']);
    expect(warned.warnings.find((warning) => warning.startsWith('Data source "warehouse"'))).toContain('which holds superuser');
    expect(warned.warnings.find((warning) => warning.startsWith('Data source "shop"'))).toMatch(/which holds .*ALL PRIVILEGES/);
    expect({ warehouse: warned.warehouse, shop: warned.shop }).toEqual({ warehouse: engineOnly.warehouse, shop: engineOnly.shop });
  });

  it('warns before any row is read, so a run stopped while it compares still warns', async () => {
    const [warehouse, shop] = await Promise.all([startTcpRelay(TEST_DATABASE_URLS.postgres, 5432), startTcpRelay(TEST_DATABASE_URLS.mysql, 3306)]);
    try {
      const seen: string[] = [];
      const logger = new MemoryLogger();
      const warning = logger.warning.bind(logger);
      logger.warning = (message: string) => {
        seen.push(message.replace(/,.*/s, ''));
        warning(message);
      };
      const stop = new AbortController();
      const result = await runSpec({
        loaded: spec(warehouse, shop),
        only: ['first'],
        mode: 'local',
        logger,
        signal: stop.signal,
        onProgress: (event) => {
          if (['counting', 'comparing'].includes(event.phase) && !stop.signal.aborted) {
            seen.push(event.phase);
            stop.abort();
          }
        },
      });
      expect(result.comparisons.map((c) => c.status)).toEqual(['error']);
      expect(seen.slice(0, 3).sort()).toEqual(['Data source "shop" connects as root@127.0.0.1', 'Data source "warehouse" connects as postgres', 'counting']);
      expect(seen.indexOf('counting')).toBe(2);
    } finally {
      await Promise.all([warehouse.close(), shop.close()]);
    }
  });

  it('still asks, on a connection of its own, a data source whose every comparison failed', async () => {
    const warned = await run(['broken']);
    expect(warned.statuses).toEqual(['broken: error']);
    expect(warned.warnings.map((warning) => warning.replace(/,.*/s, '')).sort()).toEqual(['Data source "archive" connects as postgres', 'Data source "shop" connects as root@127.0.0.1']);
  });
});
