/**
 * The checksum floor: ONE full-table query per side (count + sum of md5-as-integer of the normalised
 * row text, exactly the expressions datacompare's checksum diff uses), both sides at once. No
 * comparison can push less work into the databases, so datacompare's time is measured against it.
 */
import { postgresCompiler } from '../../src/dialects/postgres/compiler.js';
import { mysqlCompiler } from '../../src/dialects/mysql/compiler.js';
import type { ColumnType, SqlCompiler } from '../../src/dialects/types.js';
import { fixedAlphabet, fullChecksumSql, type ChecksumRelation } from '../../src/engine/checksum/sql.js';
import { postgresClient, targetDatabase } from './connections.js';
import type { Contender } from './types.js';
import type { ScenarioTables } from '../dataset.js';

const TYPES: Record<string, ColumnType> = {
  id: { name: 'id', type: 'bigint', family: 'integer' },
  k: { name: 'k', type: 'varchar(40)', family: 'text' },
  name: { name: 'name', type: 'varchar(64)', family: 'text' },
  amount: { name: 'amount', type: 'numeric(12,2)', family: 'decimal', scale: 2 },
  created_at: { name: 'created_at', type: 'timestamp(6)', family: 'timestamp', precision: 6 },
  active: { name: 'active', type: 'boolean', family: 'boolean' },
  digest: { name: 'digest', type: 'varchar(64)', family: 'text' },
  body: { name: 'body', type: 'text', family: 'text' },
  price: { name: 'price', type: 'numeric(12,2)', family: 'decimal', scale: 2 },
  seen_at: { name: 'seen_at', type: 'timestamp(0)', family: 'timestamp', precision: 0 },
  flag: { name: 'flag', type: 'boolean', family: 'boolean' },
};

export function benchRelation(compiler: SqlCompiler, table: string, scenario: ScenarioTables): ChecksumRelation {
  // Typed columns of the same family on both sides (PostgreSQL and MariaDB): fixed-alphabet values as is,
  // and MariaDB's declared columns (utf8mb4 text, timestamps) as their own text, as datacompare writes them.
  const type = (name: string): ColumnType => {
    const declared = TYPES[name]!;
    if (compiler.dialect !== 'mysql') return declared;
    return declared.family === 'text' ? { ...declared, charset: 'utf8mb4', declared: true } : { ...declared, declared: true };
  };
  const column = (name: string) => ({
    expr: compiler.quoteIdentifier(name),
    column: type(name),
    options: { caseSensitive: true, scale: TYPES[name]!.scale, precision: TYPES[name]!.precision },
    fixed: fixedAlphabet(TYPES[name]!.family),
  });
  return { compiler, from: compiler.quoteTable(table), keys: [column(scenario.key)], values: scenario.columns.map(column), bucketing: { kind: 'hash', buckets: 1 } };
}

export const checksumFloor: Contender = async ({ scenario, postgresUrl, mysqlUrl }) => {
  const [pgClient, target] = await Promise.all([postgresClient(postgresUrl), targetDatabase(scenario.targetEngine, { postgresUrl, mysqlUrl })]);
  const targetCompiler = scenario.targetEngine === 'postgres' ? postgresCompiler : mysqlCompiler;
  try {
    const [source, targetSum] = await Promise.all([
      pgClient.query<{ row_count: string; checksum: string }>(fullChecksumSql(benchRelation(postgresCompiler, scenario.source, scenario))).then((r) => r.rows[0]),
      target.query<{ row_count: string; checksum: unknown }>(fullChecksumSql(benchRelation(targetCompiler, scenario.target, scenario))).then((rows) => rows[0]),
    ]);
    return { rows: { source: 1, target: 1 }, note: `checksums ${String(source?.checksum)} / ${String(targetSum?.checksum)}` };
  } finally {
    await Promise.all([pgClient.end(), target.end()]);
  }
};
