/** datacompare's own engine, called exactly as the CLI calls it (`runComparison`), with no hints. */
import { runComparison } from '../../src/engine/index.js';
import type { ComparisonDefinition } from '../../src/engine/model.js';
import { MemoryLogger } from '../../src/shared/logger.js';
import type { Contender } from './types.js';

export const datacompare: Contender = async ({ scenario, postgresUrl, mysqlUrl }) => {
  const definition: ComparisonDefinition = {
    name: `bench-${scenario.name}`,
    location: { file: 'bench', line: 0, column: 0 },
    source: { datasourceName: 'bench-postgres', connection: { type: 'postgres', url: postgresUrl }, serviceDatasource: 'bench-postgres', dataset: scenario.source },
    target: { datasourceName: 'bench-mariadb', connection: { type: 'mysql', url: mysqlUrl }, serviceDatasource: 'bench-mariadb', dataset: scenario.target },
    columns: null,
    primaryKeys: null,
    caseSensitive: true,
    quickComparison: false,
    schemaDiff: false,
    tolerance: {},
    thresholds: {},
    maxDiffRows: 100,
  };
  const result = await runComparison(definition, { logger: new MemoryLogger() });
  if (result.status === 'error' || !result.stats) throw new Error(`datacompare failed: ${JSON.stringify(result.error)}`);
  const stats = result.stats;
  return {
    rows: { source: result.plan?.source.rows_sent ?? -1, target: result.plan?.target.rows_sent ?? -1 },
    found: { changed: stats.mismatched_rows, onlyInSource: stats.only_in_source, onlyInTarget: stats.only_in_target },
    plan: result.plan ? `${result.plan.kind}: ${result.plan.reason}` : undefined,
  };
};
