/** `count(*)` on both sides at once: the cheapest possible look at both tables. */
import { mysqlConnection, postgresClient } from './connections.js';
import type { Contender } from './types.js';

export const countRows: Contender = async ({ scenario, postgresUrl, mysqlUrl }) => {
  const [pgClient, my] = await Promise.all([postgresClient(postgresUrl), mysqlConnection(mysqlUrl)]);
  try {
    const [source, target] = await Promise.all([
      pgClient.query<{ n: string }>(`select count(*) as n from ${scenario.source}`).then((r) => Number(r.rows[0]?.n)),
      my.query(`select count(*) as n from ${scenario.target}`).then(([rows]) => Number((rows as { n: string }[])[0]?.n)),
    ]);
    return { rows: { source: 1, target: 1 }, note: `${source} / ${target} rows` };
  } finally {
    await Promise.all([pgClient.end(), my.end()]);
  }
};
