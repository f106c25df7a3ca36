/**
 * datacompare's own engine, called exactly as the CLI calls it (`runComparison`), with no hints, from
 * the compiled JavaScript the `datacompare` command runs (build/, made by `npm run build`, which
 * `npm run bench` runs first): a user's process does not transform TypeScript on load, so neither does
 * the bench's (that alone cost about 0.4 s a process).
 */
import type { ComparisonDefinition } from '../../src/engine/model.js';
import type { Contender } from './types.js';

type Engine = typeof import('../../src/engine/index.js');
type Logging = typeof import('../../src/shared/logger.js');
const built = (path: string) => new URL(`../../build/src/${path}`, import.meta.url).href;

export const datacompare: Contender = async ({ scenario, postgresUrl, mysqlUrl }) => {
  const [{ runComparison }, { MemoryLogger }] = await Promise.all([import(built('engine/index.js')) as Promise<Engine>, import(built('shared/logger.js')) as Promise<Logging>]);
  const definition: ComparisonDefinition = {
    name: `bench-${scenario.name}`,
    location: { file: 'bench', line: 0, column: 0 },
    source: { datasourceName: 'bench-postgres', connection: { type: 'postgres', url: postgresUrl }, serviceDatasource: 'bench-postgres', dataset: scenario.source },
    // same-db: the very same data source on both sides, as a user names it once in the spec.
    target:
      scenario.targetEngine === 'postgres'
        ? { datasourceName: 'bench-postgres', connection: { type: 'postgres', url: postgresUrl }, serviceDatasource: 'bench-postgres', dataset: scenario.target }
        : { datasourceName: 'bench-mariadb', connection: { type: 'mysql', url: mysqlUrl }, serviceDatasource: 'bench-mariadb', dataset: scenario.target },
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
    ...(result.plan?.phases_ms ? { note: `phases ms ${Object.entries(result.plan.phases_ms).map(([k, v]) => `${k} ${v}`).join(', ')}` } : {}),
  };
};
