/** `count(*)` on both sides at once: the cheapest possible look at both tables. */
import { postgresClient, targetDatabase } from './connections.js';
import type { Contender } from './types.js';

export const countRows: Contender = async ({ scenario, postgresUrl, mysqlUrl }) => {
  const [pgClient, target] = await Promise.all([postgresClient(postgresUrl), targetDatabase(scenario.targetEngine, { postgresUrl, mysqlUrl })]);
  try {
    const [sourceRows, targetRows] = await Promise.all([
      pgClient.query<{ n: string }>(`select count(*) as n from ${scenario.source}`).then((r) => Number(r.rows[0]?.n)),
      target.query<{ n: string }>(`select count(*) as n from ${scenario.target}`).then((rows) => Number(rows[0]?.n)),
    ]);
    return { rows: { source: 1, target: 1 }, note: `${sourceRows} / ${targetRows} rows` };
  } finally {
    await Promise.all([pgClient.end(), target.end()]);
  }
};
